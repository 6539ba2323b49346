/* The cycle counter of the platform, and what it really counts. */
#ifndef PQSIG_BENCH_COUNTER_H
#define PQSIG_BENCH_COUNTER_H

#include <stdint.h>
#include <time.h>

#if defined(PQSIG_PLATFORM_M4)
#include "hal.h"
/* The Cortex-M4 under qemu-system-arm -icount shift=0: emulated
 * instructions, from SysTick in steps of 40 (platform/m4/hal.h). Exact and
 * repeatable, but not M4 cycles: real ones are 1.1 to 1.7 times as many. */
static inline uint64_t bench_ticks(void)
{
    return hal_instructions();
}
#define BENCH_COUNTER "icount"
#elif defined(__x86_64__)
#include <x86intrin.h>
/* rdtsc ticks at a constant rate on current x86 CPUs (constant_tsc): wall
 * time at the nominal frequency, not core cycles. */
static inline uint64_t bench_ticks(void)
{
    unsigned aux;
    return __rdtscp(&aux);
}
#define BENCH_COUNTER "rdtsc"
#elif defined(__aarch64__)
static inline uint64_t bench_ticks(void)
{
    uint64_t v;
    __asm__ __volatile__("isb; mrs %0, cntvct_el0" : "=r"(v));
    return v;
}
#define BENCH_COUNTER "cntvct"
#else
static inline uint64_t bench_ticks(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
#define BENCH_COUNTER "ns"
#endif

#endif
