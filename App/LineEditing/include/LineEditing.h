#ifndef PRIMETIME_LINE_EDITING_H
#define PRIMETIME_LINE_EDITING_H

/// Makes Ctrl-C set a flag instead of ending the process. While readline waits for a key,
/// Ctrl-C clears the line and shows a fresh prompt.
void line_editing_install_interrupt_handler(void);

/// Call on the thread that is about to call readline: Ctrl-C must reach that thread, which the
/// runtime may have created with signals blocked.
void line_editing_prepare_to_read(void);

/// Returns 1 once per Ctrl-C since the last call, 0 otherwise.
int line_editing_take_interrupt(void);

/// Returns the words Tab may offer for the word that starts at byte `start` of `line`, as a
/// NULL-terminated array; the array and each word are allocated with malloc, and freed by the
/// caller. Where the word is a file's name, it sets `*file_names` to 1 and returns NULL.
typedef char **(*line_editing_candidates)(const char *line, int start, int *file_names);

/// Completes the word at the cursor with the words `candidates` gives that start with it, or,
/// where it says the word is a file's name, with the names of the files there are, as a shell
/// does: `~/` is the home directory, and a name is quoted and escaped as a shell reads it back.
/// Words are separated by blanks and `;`, and may be quoted with ' or ".
void line_editing_install_completion(line_editing_candidates candidates);

/// The last line in the history, or NULL when it is empty; owned by readline.
const char *line_editing_last_history_line(void);

/// Turns off the echo of standard input when it is the terminal of the foreground process, and
/// returns 1; otherwise returns 0 and changes nothing. If SIGINT (Ctrl-C), SIGQUIT, SIGTERM or
/// SIGHUP ends the process meanwhile, the terminal's settings are put back first.
int line_editing_turn_off_echo(void);

/// Puts the terminal's settings back as they were before line_editing_turn_off_echo.
void line_editing_restore_echo(void);

/// Says whether a progress line is on standard error: while one is, SIGINT (Ctrl-C), SIGQUIT,
/// SIGTERM or SIGHUP that ends the process erases it first, so that the shell's prompt starts
/// on a clean line. Where standard error is no terminal, it does nothing.
void line_editing_set_progress_line_shows(int shows);

/// Writes out what is buffered for standard output, keeping the error number of the first
/// write to it that failed.
void line_editing_flush_output(void);

/// Writes out what is buffered for standard output; returns the error number of the first
/// write to it that failed, now or at an earlier flush, or 0.
int line_editing_standard_output_error(void);

#endif
