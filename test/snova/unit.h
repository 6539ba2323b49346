/* What the SNOVA kernel unit tests (test_snova_opt.c, test_snova_gfq.c)
 * share: a failure count with CHECK, and a xorshift64 generator for test
 * data (fixed seed: every run checks the same cases). */
#ifndef PQSIG_TEST_SNOVA_UNIT_H
#define PQSIG_TEST_SNOVA_UNIT_H

#include <stdint.h>
#include <stdio.h>

static unsigned failures;

#define CHECK(c, what)                                                                            \
    do {                                                                                          \
        if (!(c)) {                                                                               \
            printf("FAIL %s (line %d)\n", what, __LINE__);                                        \
            failures++;                                                                           \
        }                                                                                         \
    } while (0)

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static inline uint64_t rnd64(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

#endif
