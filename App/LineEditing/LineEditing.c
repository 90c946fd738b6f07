#include "LineEditing.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/select.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <readline/history.h>
#include <readline/readline.h>

/* What the signal handlers share with the threads of the program is atomic, not only
   `volatile sig_atomic_t`: that is enough for a handler and the thread it interrupts, but the
   handler runs on whichever thread the kernel picks, and another thread reads and resets what
   it set (ThreadSanitizer reported each as a race). Lock-free atomics are async-signal-safe. */
static atomic_int interrupted = 0;
/* Gives the words Tab may offer at a position of the line; the array is freed after use. */
static line_editing_candidates candidates_for = NULL;
static char **current_candidates = NULL;
/* The thread that reads the terminal: the signal must interrupt its read for readline to see
   it, whichever thread the kernel delivered it to. */
static _Atomic(pthread_t) reading_thread;

static void on_interrupt(int signal_number) {
  /* pthread_kill may set errno, which the interrupted code may be about to read. */
  int saved_errno = errno;
  atomic_store(&interrupted, 1);
  pthread_t reader = atomic_load(&reading_thread);
  if (!pthread_equal(pthread_self(), reader)) {
    pthread_kill(reader, signal_number);
  }
  errno = saved_errno;
}

int line_editing_take_interrupt(void) {
  return atomic_exchange(&interrupted, 0);
}

/* Called by readline when a read is interrupted by a signal. */
static int on_signal_event(void) {
  if (line_editing_take_interrupt()) {
    rl_replace_line("", 0);
    rl_point = 0;
    rl_crlf();
    rl_on_new_line();
    rl_redisplay();
  }
  return 0;
}

/* Reads a key for readline. A Ctrl-C that arrives while the reading thread is not inside a
   read (echoing the last key, say) would only set the flag, and the next read would block with
   the line still there. So SIGINT stays blocked here except while pselect waits, which unblocks
   it atomically: the flag is seen either before the wait or by the wait's EINTR. */
static int read_key(FILE *stream) {
  sigset_t interrupt, previous;
  sigemptyset(&interrupt);
  sigaddset(&interrupt, SIGINT);
  pthread_sigmask(SIG_BLOCK, &interrupt, &previous);
  sigset_t waiting = previous;
  sigdelset(&waiting, SIGINT);
  int descriptor = fileno(stream);
  for (;;) {
    if (atomic_load(&interrupted)) {
      pthread_sigmask(SIG_SETMASK, &previous, NULL);
      on_signal_event();
      pthread_sigmask(SIG_BLOCK, &interrupt, NULL);
      continue;
    }
    fd_set readable;
    FD_ZERO(&readable);
    FD_SET(descriptor, &readable);
    int ready = pselect(descriptor + 1, &readable, NULL, NULL, NULL, &waiting);
    if (ready < 0 && errno == EINTR) continue;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    return ready < 0 ? EOF : rl_getc(stream);
  }
}

void line_editing_prepare_to_read(void) {
  sigset_t interrupt;
  sigemptyset(&interrupt);
  sigaddset(&interrupt, SIGINT);
  atomic_store(&reading_thread, pthread_self());
  pthread_sigmask(SIG_UNBLOCK, &interrupt, NULL);
}

void line_editing_install_interrupt_handler(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  line_editing_prepare_to_read();
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0; /* no SA_RESTART: the pending read must return EINTR */
  sigaction(SIGINT, &action, NULL);
  rl_catch_signals = 0;
  rl_signal_event_hook = on_signal_event;
  rl_getc_function = read_key;
}

static char *completion_generator(const char *text, int state) {
  static size_t index;
  static size_t length;
  if (!state) {
    index = 0;
    length = strlen(text);
  }
  while (current_candidates && current_candidates[index]) {
    const char *word = current_candidates[index++];
    if (strncmp(word, text, length) == 0) return strdup(word);
  }
  return NULL;
}

static void free_candidates(void) {
  if (!current_candidates) return;
  for (size_t index = 0; current_candidates[index]; index++) free(current_candidates[index]);
  free(current_candidates);
  current_candidates = NULL;
}

/* Whether the character at `index` of `line` is quoted, as the REPL's words read it: after a
   backslash outside single quotes, or inside quotes. A blank or `;` so quoted is part of a word,
   and does not end it. */
static int is_quoted(char *line, int index) {
  char quote = 0;
  for (int position = 0; position < index && line[position]; position++) {
    char character = line[position];
    if (quote == '\'') {
      if (character == '\'') quote = 0;
    } else if (character == '\\') {
      if (position + 1 == index) return 1;
      position++;
    } else if (quote == '"') {
      if (character == '"') quote = 0;
    } else if (character == '\'' || character == '"') {
      quote = character;
    }
  }
  return quote != 0;
}

/* The characters of a file's name that the REPL's words would read otherwise: blanks and `;`
   separate words, quotes and the backslash quote, `#` may start a comment. */
static char file_name_specials[] = " \t\r\n;\\'\"#";

/* A file's name as typed, the quotes and backslashes taken out, for looking it up:
   `quote_char` is the quote the word opened with, if any. Allocated with malloc, as readline
   frees it. */
static char *dequote_file_name(char *text, int quote_char) {
  char *name = malloc(strlen(text) + 1);
  if (!name) return NULL;
  char quote = (char)quote_char;
  size_t length = 0;
  for (const char *character = text; *character; character++) {
    if (*character == '\\' && quote != '\'' && character[1]) {
      /* Inside double quotes a backslash escapes only ", \, $ and `. */
      if (quote == '"' && !strchr("\"\\$`", character[1])) {
        name[length++] = *character;
      } else {
        name[length++] = *++character;
      }
    } else if (quote && *character == quote) {
      quote = 0;
    } else if (!quote && (*character == '\'' || *character == '"')) {
      quote = *character;
    } else {
      name[length++] = *character;
    }
  }
  name[length] = 0;
  return name;
}

/* A file's name as the REPL's words read it back. Inside the quote the word opened with, it is
   as it is, but for that quote itself (and inside double quotes, a backslash); readline closes
   the quote. Outside quotes, a backslash goes before each special character. Allocated with
   malloc, as readline frees it. */
static char *quote_file_name(char *name, int match_type, char *quote_pointer) {
  (void)match_type;
  char quote = quote_pointer ? *quote_pointer : 0;
  /* At most four characters for each: '\'' closes, escapes and reopens a single quote. */
  char *quoted = malloc(strlen(name) * 4 + 1);
  if (!quoted) return NULL;
  size_t length = 0;
  for (const char *character = name; *character; character++) {
    if (quote == '\'' && *character == '\'') {
      memcpy(quoted + length, "'\\''", 4);
      length += 4;
      continue;
    }
    if ((quote == '"' && strchr("\"\\", *character)) ||
        (!quote && strchr(file_name_specials, *character))) {
      quoted[length++] = '\\';
    }
    quoted[length++] = *character;
  }
  quoted[length] = 0;
  return quoted;
}

static char **complete(const char *text, int start, int end) {
  (void)end;
  /* Only what the callback offers: never readline's own file names where it offers none. */
  rl_attempted_completion_over = 1;
  free_candidates();
  if (!candidates_for) return NULL;
  int file_names = 0;
  current_candidates = candidates_for(rl_line_buffer, start, &file_names);
  if (file_names) {
    rl_filename_completion_desired = 1;
    return rl_completion_matches(text, rl_filename_completion_function);
  }
  return rl_completion_matches(text, completion_generator);
}

/* Words end at a blank or `;`, as the REPL reads them. */
static char word_breaks[] = " \t\n;";
static char quotes[] = "'\"";

void line_editing_install_completion(line_editing_candidates candidates) {
  candidates_for = candidates;
  rl_readline_name = "primetime";
  rl_attempted_completion_function = complete;
  rl_completer_word_break_characters = word_breaks;
  rl_completer_quote_characters = quotes;
  rl_char_is_quoted_p = is_quoted;
  rl_filename_quote_characters = file_name_specials;
  rl_filename_quoting_function = quote_file_name;
  rl_filename_dequoting_function = dequote_file_name;
}

const char *line_editing_last_history_line(void) {
  if (history_length <= 0) return NULL;
  HIST_ENTRY *entry = history_get(history_base + history_length - 1);
  return entry ? entry->line : NULL;
}

/* The terminal's settings from before echo was turned off, put back by
   line_editing_restore_echo or, when a signal ends the process, by its handler. */
static struct termios saved_terminal;
/* Set after saved_terminal is written, and read by a handler before it reads saved_terminal: the
   atomic orders the two across threads. */
static atomic_int echo_is_off = 0;
/* Whether a progress line is on standard error, to be erased when a signal ends the process. */
static atomic_int progress_line_shows = 0;
static const int ending_signals[] = {SIGINT, SIGTERM, SIGQUIT, SIGHUP};
#define ENDING_SIGNAL_COUNT (sizeof ending_signals / sizeof ending_signals[0])
static struct sigaction previous_actions[ENDING_SIGNAL_COUNT];
static int ending_handlers_installed = 0;

/* Puts the terminal back as the shell expects it (the echo on, no progress line left on the
   screen) and ends the process as the signal would have. Only async-signal-safe calls. */
static void restore_terminal_and_end(int signal_number) {
  if (progress_line_shows) {
    static const char erase[] = "\r\033[K";
    ssize_t written = write(STDERR_FILENO, erase, sizeof erase - 1);
    (void)written;
  }
  if (echo_is_off) tcsetattr(STDIN_FILENO, TCSANOW, &saved_terminal);
  signal(signal_number, SIG_DFL);
  raise(signal_number);
}

/* Installs the handler above for the ending signals that have no handler of their own while
   the echo is off or a progress line shows, and takes it away once neither holds. */
static void update_ending_handlers(void) {
  int wanted = echo_is_off || progress_line_shows;
  if (wanted && !ending_handlers_installed) {
    for (size_t index = 0; index < ENDING_SIGNAL_COUNT; index++) {
      sigaction(ending_signals[index], NULL, &previous_actions[index]);
      if (previous_actions[index].sa_handler == SIG_DFL) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = restore_terminal_and_end;
        sigemptyset(&action.sa_mask);
        sigaction(ending_signals[index], &action, NULL);
      }
    }
    ending_handlers_installed = 1;
  } else if (!wanted && ending_handlers_installed) {
    for (size_t index = 0; index < ENDING_SIGNAL_COUNT; index++) {
      sigaction(ending_signals[index], &previous_actions[index], NULL);
    }
    ending_handlers_installed = 0;
  }
}

int line_editing_turn_off_echo(void) {
  struct termios settings;
  /* Only the foreground process may change the terminal: a background one would be stopped. */
  if (echo_is_off || !isatty(STDIN_FILENO) || tcgetpgrp(STDIN_FILENO) != getpgrp() ||
      tcgetattr(STDIN_FILENO, &settings) != 0) {
    return 0;
  }
  saved_terminal = settings;
  settings.c_lflag &= ~(tcflag_t)ECHO;
  /* A signal that would end the process puts the terminal back first. */
  echo_is_off = 1;
  update_ending_handlers();
  tcsetattr(STDIN_FILENO, TCSANOW, &settings);
  return 1;
}

void line_editing_restore_echo(void) {
  if (!echo_is_off) return;
  tcsetattr(STDIN_FILENO, TCSANOW, &saved_terminal);
  echo_is_off = 0;
  update_ending_handlers();
}

void line_editing_set_progress_line_shows(int shows) {
  /* Only a terminal has a line to erase: a file or a pipe keeps what was written. */
  progress_line_shows = shows && isatty(STDERR_FILENO) ? 1 : 0;
  update_ending_handlers();
}

/* The error number of the first write to standard output that failed, or 0. */
static atomic_int output_error = 0;

void line_editing_flush_output(void) {
  if (fflush(stdout) == 0) return;
  int unset = 0;
  atomic_compare_exchange_strong(&output_error, &unset, errno ? errno : EIO);
}

int line_editing_standard_output_error(void) {
  line_editing_flush_output();
  /* A write that failed inside the C library, without a flush of ours, leaves its indicator. */
  int error = atomic_load(&output_error);
  return error ? error : ferror(stdout) ? EIO : 0;
}
