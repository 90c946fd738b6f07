#define _GNU_SOURCE
#include "PseudoTerminal.h"

#include <pty.h>
#include <stdlib.h>
#include <unistd.h>

int pseudo_terminal_spawn(
    const char *path, char *const argv[], char *const envp[], int *controller, pid_t *pid) {
  struct winsize size = {.ws_row = 24, .ws_col = 100, .ws_xpixel = 0, .ws_ypixel = 0};
  int fd = -1;
  pid_t child = forkpty(&fd, NULL, NULL, &size);
  if (child < 0) return -1;
  if (child == 0) {
    execve(path, argv, envp);
    _exit(127);
  }
  *controller = fd;
  *pid = child;
  return 0;
}
