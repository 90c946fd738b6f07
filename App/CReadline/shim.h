#ifndef PRIMETIME_CREADLINE_SHIM_H
#define PRIMETIME_CREADLINE_SHIM_H

#include <stdio.h>
#include <readline/history.h>
#include <readline/readline.h>

#endif
