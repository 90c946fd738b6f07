#ifndef PRIMETIME_CNCURSES_SHIM_H
#define PRIMETIME_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <ncursesw/curses.h>

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

#endif
