// The user and group databases read from /etc/passwd and /etc/group alone, in release builds
// of primetime on Linux.
//
// Those builds link the C library statically (Package.swift). glibc looks a user up in the
// sources that /etc/nsswitch.conf names, in turn: `files` is built into the static library,
// but the others (`systemd`, which Debian names after it, `sss`, `ldap`) are shared libraries,
// which it loads with a second copy of the C library, and a program linked statically crashed
// in them. A `~name` that names no user in /etc/passwd (a file word, or readline's completion
// of one), or an unset HOME for a user who is not there (Foundation's home directory), went on
// to `libnss_systemd` and ended in SIGSEGV. This asks for `files` alone before main, so a user
// whom only another source knows is not found, and the app says so as it does for any name
// that is no user. `ReleaseBinaryTests` runs such a `~name` against the release binary.
//
// Debug builds link the C library as a shared library and are left as they are: SwiftPM
// defines DEBUG for debug builds of C.
#include "UserDatabaseFiles.h"

#if defined(__linux__) && !defined(DEBUG)
#include <nss.h>

__attribute__((constructor)) static void readUsersFromFilesAlone(void) {
  __nss_configure_lookup("passwd", "files");
  __nss_configure_lookup("group", "files");
}
#endif
