/* The newlib system calls of the test and benchmark programs: standard
 * output and error to the UART, files through semihosting (the KAT digests
 * and records of the host's test/data), the heap between .bss and the
 * stack, the monotonic clock from SysTick. The library itself calls none. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>

#include "hal.h"

#define SYS_OPEN 0x01u
#define SYS_CLOSE 0x02u
#define SYS_WRITE 0x05u
#define SYS_READ 0x06u
#define SYS_SEEK 0x0Au
#define SYS_FLEN 0x0Cu

/* Host files get descriptors from 3 up: host handle + FD_BASE. */
#define FD_BASE 3

int _write(int fd, const void *buf, size_t len);
int _read(int fd, void *buf, size_t len);
int _open(const char *path, int flags, ...);
int _close(int fd);
off_t _lseek(int fd, off_t off, int whence);
int _fstat(int fd, struct stat *st);
int _isatty(int fd);
void *_sbrk(ptrdiff_t incr);
void _exit(int status);
int _kill(int pid, int sig);
int _getpid(void);
int _gettimeofday(struct timeval *tv, void *tz);
int clock_gettime(clockid_t id, struct timespec *ts);

int _write(int fd, const void *buf, size_t len)
{
    if (fd == 1 || fd == 2) {
        hal_write(buf, len);
        return (int)len;
    }
    if (fd >= FD_BASE) {
        uintptr_t block[3] = {(uintptr_t)(fd - FD_BASE), (uintptr_t)buf, len};
        return (int)(len - hal_semihost(SYS_WRITE, block)); /* returns what was not written */
    }
    errno = EBADF;
    return -1;
}

int _read(int fd, void *buf, size_t len)
{
    if (fd >= FD_BASE) {
        uintptr_t block[3] = {(uintptr_t)(fd - FD_BASE), (uintptr_t)buf, len};
        return (int)(len - hal_semihost(SYS_READ, block));
    }
    return 0; /* no standard input */
}

int _open(const char *path, int flags, ...)
{
    /* semihosting modes: 1 "rb", 5 "wb", 9 "ab", 3 "r+b" */
    uint32_t mode = 1;
    uintptr_t block[3];
    intptr_t h;
    if ((flags & O_ACCMODE) == O_RDWR) {
        mode = 3;
    } else if ((flags & O_ACCMODE) == O_WRONLY) {
        mode = (flags & O_APPEND) ? 9 : 5;
    }
    block[0] = (uintptr_t)path;
    block[1] = mode;
    block[2] = strlen(path);
    h = (intptr_t)hal_semihost(SYS_OPEN, block);
    if (h < 0) {
        errno = ENOENT;
        return -1;
    }
    return (int)h + FD_BASE;
}

int _close(int fd)
{
    if (fd >= FD_BASE) {
        uintptr_t block[1] = {(uintptr_t)(fd - FD_BASE)};
        return hal_semihost(SYS_CLOSE, block) == 0 ? 0 : -1;
    }
    return 0;
}

off_t _lseek(int fd, off_t off, int whence)
{
    uintptr_t block[2] = {(uintptr_t)(fd - FD_BASE), 0};
    intptr_t pos = (intptr_t)off;
    if (fd < FD_BASE) {
        errno = ESPIPE;
        return -1;
    }
    if (whence == SEEK_END) {
        pos += (intptr_t)hal_semihost(SYS_FLEN, block);
    } else if (whence == SEEK_CUR) {
        errno = EINVAL; /* semihosting has no "tell"; stdio does not need it here */
        return -1;
    }
    block[1] = (uintptr_t)pos;
    if (hal_semihost(SYS_SEEK, block) != 0) {
        errno = EINVAL;
        return -1;
    }
    return (off_t)pos;
}

int _fstat(int fd, struct stat *st)
{
    memset(st, 0, sizeof *st);
    st->st_mode = fd < FD_BASE ? S_IFCHR : S_IFREG;
    return 0;
}

int _isatty(int fd)
{
    return fd < FD_BASE;
}

extern char __heap_start, __heap_end;

void *_sbrk(ptrdiff_t incr)
{
    static char *brk = &__heap_start;
    char *old = brk;
    if (incr > &__heap_end - brk) {
        errno = ENOMEM;
        return (void *)-1;
    }
    brk += incr;
    return old;
}

void _exit(int status)
{
    hal_exit(status);
}

int _kill(int pid, int sig)
{
    (void)pid;
    (void)sig;
    errno = EINVAL;
    return -1;
}

int _getpid(void)
{
    return 1;
}

int _gettimeofday(struct timeval *tv, void *tz)
{
    uint64_t t = hal_ticks();
    (void)tz;
    tv->tv_sec = (time_t)(t / HAL_TICK_HZ);
    tv->tv_usec = (suseconds_t)(t % HAL_TICK_HZ / (HAL_TICK_HZ / 1000000u));
    return 0;
}

int clock_gettime(clockid_t id, struct timespec *ts)
{
    uint64_t t = hal_ticks();
    (void)id;
    ts->tv_sec = (time_t)(t / HAL_TICK_HZ);
    ts->tv_nsec = (long)(t % HAL_TICK_HZ * (1000000000u / HAL_TICK_HZ));
    return 0;
}
