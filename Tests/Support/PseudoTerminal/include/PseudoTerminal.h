#ifndef PRIMETIME_PSEUDO_TERMINAL_H
#define PRIMETIME_PSEUDO_TERMINAL_H

#include <sys/types.h>

/// Starts `path` with a new pseudo-terminal (24 rows, 100 columns) as its controlling terminal
/// and standard input, output and error. Returns 0 and the terminal's controller side and the
/// child's pid, or -1 with errno set.
int pseudo_terminal_spawn(
    const char *path, char *const argv[], char *const envp[], int *controller, pid_t *pid);

#endif
