#ifndef PRIMETIME_CNCURSES_SHIM_H
#define PRIMETIME_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#include <langinfo.h>
#include <locale.h>
#include <ncursesw/curses.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

// ncurses keeps its screen in globals (stdscr) and spells much of its interface as macros
// (getmaxy, attributes, colour pairs), which Swift does not import; these wrappers do what the
// full-screen UI needs, each a single call.

/// Starts ncurses on the terminal that TERM names; returns 0 when there is no such terminal,
/// where initscr would end the program itself.
static inline int primetime_start(void) { return newterm(NULL, stdout, stdin) != NULL; }
/// Whether the character set of the locale set (LC_CTYPE) is UTF-8.
static inline int primetime_locale_is_utf8(void) {
  const char *codeset = nl_langinfo(CODESET);
  return codeset != NULL && strcmp(codeset, "UTF-8") == 0;
}
static inline int primetime_rows(void) { return getmaxy(stdscr); }
static inline int primetime_columns(void) { return getmaxx(stdscr); }
static inline int primetime_read_key(void) { return wgetch(stdscr); }
static inline void primetime_set_key_timeout(int milliseconds) { wtimeout(stdscr, milliseconds); }
static inline void primetime_use_keypad(void) { keypad(stdscr, TRUE); }
static inline void primetime_erase(void) { werase(stdscr); }
static inline void primetime_refresh(void) { wrefresh(stdscr); }
static inline void primetime_clear_on_next_refresh(void) { clearok(stdscr, TRUE); }

/// Writes text at a row and column with the given attributes: 0 plain, 1 bold, 2 reverse,
/// 3 dim, each in colour pair `pair` when it is not 0.
static inline void primetime_put(int row, int column, const char *text, int style, int pair) {
  attr_t attributes = A_NORMAL;
  if (style == 1) attributes |= A_BOLD;
  if (style == 2) attributes |= A_REVERSE;
  if (style == 3) attributes |= A_DIM;
  if (pair != 0) attributes |= COLOR_PAIR(pair);
  wattrset(stdscr, attributes);
  mvwaddstr(stdscr, row, column, text);
  wattrset(stdscr, A_NORMAL);
}

/// Stops the program with `stop` (SIGTSTP, as Ctrl-Z does; SIGTTOU, as a program in the
/// background that wants the terminal is), from the calling thread, and returns when it is
/// resumed; the caller gives the terminal back first. The stop is the signal's own default
/// action, taken on this thread before `raise` returns: the signal is unblocked here for that
/// (libdispatch's threads, where the main actor runs, block most signals), and ncurses' handler
/// of SIGTSTP, which expects to give the terminal back itself, is set aside meanwhile. In an
/// orphaned process group (no shell to resume it), the kernel discards the signal and this
/// returns at once.
static inline void primetime_stop(int stop) {
  struct sigaction default_action = {0}, previous;
  sigset_t only_stop, mask;
  default_action.sa_handler = SIG_DFL;
  sigemptyset(&default_action.sa_mask);
  sigemptyset(&only_stop);
  sigaddset(&only_stop, stop);
  sigaction(stop, &default_action, &previous);
  pthread_sigmask(SIG_UNBLOCK, &only_stop, &mask);
  raise(stop);
  pthread_sigmask(SIG_SETMASK, &mask, NULL);
  sigaction(stop, &previous, NULL);
}

/// Whether this process may use the terminal: its process group is the terminal's foreground
/// group, or the terminal has none to ask about. A program the shell runs in the background
/// (`bg`, `&`) may not: with SIGTTOU blocked, setting the terminal's modes would not stop it, and
/// it would take the terminal from the shell.
static inline int primetime_is_in_foreground(void) {
  pid_t foreground = tcgetpgrp(STDIN_FILENO);
  return foreground == -1 || foreground == getpgrp();
}

/// Whether the terminal has gone away (its emulator ended, the line hung up): asking it for its
/// modes then fails with EIO, while reading it only finds no key.
static inline int primetime_terminal_is_gone(void) {
  struct termios modes;
  return tcgetattr(STDIN_FILENO, &modes) != 0 && errno == EIO;
}

/// Reads the terminal's size from the terminal itself and, when it changed, resizes ncurses'
/// screens to it; the app calls this when SIGWINCH arrives, in place of ncurses' own handler.
static inline void primetime_follow_size(void) {
  struct winsize size;
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_row > 0 && size.ws_col > 0
      && (size.ws_row != LINES || size.ws_col != COLS)) {
    resizeterm(size.ws_row, size.ws_col);
  }
}

#endif
