/* Forced into the test and benchmark programs of this platform (-include):
 * newlib declares neither clock_gettime (it has no _POSIX_TIMERS) nor, in
 * strict C99, getline. syscalls.c gives the one, newlib's libc the other
 * (as __getline). */
#ifndef PQSIG_M4_COMPAT_H
#define PQSIG_M4_COMPAT_H
#include <stdio.h>
#include <sys/types.h>
#include <time.h>
#ifndef CLOCK_MONOTONIC
#define CLOCK_MONOTONIC ((clockid_t)4)
int clock_gettime(clockid_t id, struct timespec *ts);
#endif
ssize_t __getline(char **line, size_t *cap, FILE *f); /* newlib's name for it */
#define getline __getline
#endif
