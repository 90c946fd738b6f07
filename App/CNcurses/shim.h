#ifndef PRIMETIME_CNCURSES_SHIM_H
#define PRIMETIME_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <ncursesw/curses.h>
#include <pthread.h>
#include <signal.h>

// ncurses keeps its screen in globals (stdscr) and spells much of its interface as macros
// (getmaxy, attributes, colour pairs), which Swift does not import; these wrappers do what the
// full-screen UI needs, each a single call.

/// Starts ncurses on the terminal that TERM names; returns 0 when there is no such terminal,
/// where initscr would end the program itself.
static inline int primetime_start(void) { return newterm(NULL, stdout, stdin) != NULL; }
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

/// Stops the program as Ctrl-Z stops one, from the calling thread, and returns when it is
/// resumed; the caller gives the terminal back first. The stop is the signal's own default
/// action, taken on this thread before `raise` returns: SIGTSTP is unblocked here for that
/// (the Swift runtime's threads block most signals), and ncurses' handler, which expects to be
/// the one giving the terminal back, is set aside meanwhile. Where no shell can resume it (a
/// process group without job control), the kernel discards the signal and this returns at once.
static inline void primetime_stop_for_the_shell(void) {
  struct sigaction stop = {0}, previous;
  sigset_t only_stop, mask;
  stop.sa_handler = SIG_DFL;
  sigemptyset(&stop.sa_mask);
  sigemptyset(&only_stop);
  sigaddset(&only_stop, SIGTSTP);
  sigaction(SIGTSTP, &stop, &previous);
  pthread_sigmask(SIG_UNBLOCK, &only_stop, &mask);
  raise(SIGTSTP);
  pthread_sigmask(SIG_SETMASK, &mask, NULL);
  sigaction(SIGTSTP, &previous, NULL);
}

#endif
