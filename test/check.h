/* Minimal test helpers: every CHECK counts; a test program ends with
 * check_done(), which prints "<program>: N passed, N failed" and returns the
 * exit status. A program whose checks all pass but that ran none fails. */
#ifndef PQSIG_TEST_CHECK_H
#define PQSIG_TEST_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long check_passed_, check_failed_;

#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        if (cond) {                                                        \
            check_passed_++;                                               \
        } else {                                                           \
            check_failed_++;                                               \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);           \
            fprintf(stderr, __VA_ARGS__);                                  \
            fputc('\n', stderr);                                           \
        }                                                                  \
    } while (0)

/* len bytes at a multiple of `align` (a power of two) inside a fresh
 * allocation *raw (free that). */
static inline uint8_t *check_aligned_alloc(size_t len, size_t align, uint8_t **raw)
{
    uintptr_t x;
    *raw = malloc(len + align);
    if (*raw == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    x = (uintptr_t)*raw;
    return *raw + ((align - x % align) % align);
}

/* Whether len bytes at p are all zero. */
static inline int check_all_zero(const uint8_t *p, size_t len)
{
    uint8_t acc = 0;
    size_t i;
    for (i = 0; i < len; i++) {
        acc |= p[i];
    }
    return acc == 0;
}

#define CHECK_MEM(a, b, len, ...) CHECK(memcmp((a), (b), (len)) == 0, __VA_ARGS__)

static inline int check_done(const char *program)
{
    printf("%s: %lu passed, %lu failed\n", program, check_passed_, check_failed_);
    return (check_failed_ == 0 && check_passed_ > 0) ? 0 : 1;
}

/* The kernel set a kernel test runs with (src/common/kset.h): "--kset
 * avx2" (argv[1], argv[2]) selects that backend's kernels for this thread
 * and returns its name; no argument returns "c" (the portable twins alone).
 * A set the CPU lacks exits with status 77: a skip for ctest
 * (SKIP_RETURN_CODE, cmake/pqsig.cmake) and for ./pqsig test. */
#ifdef PQSIG_KSET_H
static inline const char *check_kset(int argc, char **argv)
{
    static const struct {
        const char *name;
        unsigned id;
        uint32_t cpu;
    } sets[] = {{"avx2", PQSIG_KSET_AVX2, PQSIG_KSET_CPU_AVX2}, {"avx512", PQSIG_KSET_AVX512, PQSIG_KSET_CPU_AVX512},
                {"neon", PQSIG_KSET_NEON, PQSIG_KSET_CPU_NEON},  {"rvv", PQSIG_KSET_RVV, PQSIG_KSET_CPU_RVV}};
    size_t i;
    if (argc < 3 || strcmp(argv[1], "--kset") != 0) {
        return "c";
    }
    for (i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        if (strcmp(argv[2], sets[i].name) == 0) {
            uint32_t need = sets[i].cpu;
#ifdef PQSIG_KSET_EMULATED_AVX512
            /* the avx512 kernels of this program run on test/emu/avx512.h */
            if (sets[i].id == PQSIG_KSET_AVX512) {
                need = PQSIG_KSET_CPU_AVX2;
                printf("kernel set avx512: AVX-512 emulated in C (test/emu/avx512.h)\n");
            }
#endif
            if ((pqsig_cpu_features() & need) != need) {
                printf("kernel set %s: this CPU lacks its features\n", argv[2]);
                exit(77);
            }
            (void)pqsig_kset_enter(sets[i].id, need);
            return sets[i].name;
        }
    }
    fprintf(stderr, "unknown kernel set %s\n", argv[2]);
    exit(2);
}
#endif

/* Parse a hex string into out (exactly len bytes); aborts on bad input,
 * since a test vector typo is a bug in the test. */
static inline void check_unhex(uint8_t *out, size_t len, const char *hex)
{
    size_t i;
    if (strlen(hex) != 2 * len) {
        fprintf(stderr, "bad test vector length: %s\n", hex);
        exit(2);
    }
    for (i = 0; i < len; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1) {
            fprintf(stderr, "bad hex in test vector: %s\n", hex);
            exit(2);
        }
        out[i] = (uint8_t)v;
    }
}

#endif
