/* test_snova_flips: what one variant's object reports to the driver. */
#ifndef PQSIG_TEST_SNOVA_FLIPS_H
#define PQSIG_TEST_SNOVA_FLIPS_H

typedef struct {
    unsigned long passed, failed;
    unsigned long variants; /* variants with a shipped record */
} flip_tally;

#define FLIP_CHECK(t, cond, ...)                                           \
    do {                                                                   \
        if (cond) {                                                        \
            (t)->passed++;                                                 \
        } else {                                                           \
            (t)->failed++;                                                 \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);           \
            fprintf(stderr, __VA_ARGS__);                                  \
            fputc('\n', stderr);                                           \
        }                                                                  \
    } while (0)

#endif
