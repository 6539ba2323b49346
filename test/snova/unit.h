/* What the SNOVA unit tests (test_kernels.c, test_snova_opt.c) share
 * besides test/check.h: a xorshift64 generator for test data (fixed seed:
 * every run checks the same cases). */
#ifndef PQSIG_TEST_SNOVA_UNIT_H
#define PQSIG_TEST_SNOVA_UNIT_H

#include <stdint.h>

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static inline uint64_t rnd64(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

#endif
