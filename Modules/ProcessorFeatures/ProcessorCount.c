#define _GNU_SOURCE
#include "ProcessorFeatures.h"

#include <stdio.h>
#include <unistd.h>

#if defined(__linux__)
#include <sched.h>
#endif

int processor_count(void) {
  int count = 0;
#if defined(__linux__)
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) count = CPU_COUNT(&set);
  // cgroup v2's CPU quota: "<quota> <period>" in microseconds, or "max <period>" for none.
  FILE *file = fopen("/sys/fs/cgroup/cpu.max", "r");
  if (file != NULL) {
    long long quota = 0, period = 0;
    if (fscanf(file, "%lld %lld", &quota, &period) == 2 && quota > 0 && period > 0) {
      long long limit = (quota + period - 1) / period;
      if (count == 0 || limit < count) count = (int)limit;
    }
    fclose(file);
  }
#endif
  if (count < 1) {
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    count = online > 0 ? (int)online : 1;
  }
  return count;
}
