/* Shared by the libFuzzer harnesses: the algorithms of one scheme grouped
 * by name (every implementation of a name runs on the same input), a
 * reader that cuts the input into fields, and the failure report.
 *
 * Input: the first byte picks the name (modulo the number of names of
 * FUZZ_SCHEME in this build, in registry order); the harness defines the
 * rest. A field past the end of the input is zero-filled, so every input
 * is meaningful. pqsig-fuzz-corpus writes seeds in these layouts. */
#ifndef PQSIG_FUZZ_H
#define PQSIG_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pqsig.h"
#include "registry.h"

#define FUZZ_MAX_NAMES 128
#define FUZZ_MAX_IMPLS 8

typedef struct {
    const pqsig_details *d; /* of the first implementation */
    size_t n;
    const pqsig_alg *impl[FUZZ_MAX_IMPLS];
} fuzz_group;

/* Implementations too slow for a fuzzing iteration: SNOVA's reference at
 * levels 3 and 5 (0.1 s or more per verification). */
static inline int fuzz_too_slow(const pqsig_alg *a)
{
    return strcmp(a->d.impl, "ref") == 0 && strcmp(a->d.scheme, "snova") == 0 && a->d.level >= 3;
}

/* The reference oracles cost 10 to 100 times what the other
 * implementations do under the sanitizers (SNOVA's verifies in about 50 ms):
 * the verify and decode harnesses run them on one input in FUZZ_SLOW_EVERY,
 * picked by a hash of the input so that a reported input reproduces, and
 * on every input that another implementation accepts or signs. */
#define FUZZ_SLOW_EVERY 16u

static inline int fuzz_slow(const pqsig_alg *a)
{
    return strcmp(a->d.impl, "ref") == 0;
}

/* Helpers whose loops run over every byte of an input or an output: their
 * coverage is the same on every input, and tracing their comparisons (one
 * call a byte) took 80 % of fuzz_decode_mqsign's time on its inputs of
 * hundreds of kilobytes. Not inlined, so that the attribute holds. */
#define FUZZ_UNTRACED __attribute__((noinline, unused, no_sanitize("coverage")))

/* A hash of the input (FNV-1a), for picks that a reported input reproduces. */
static FUZZ_UNTRACED uint32_t fuzz_hash(const uint8_t *data, size_t size)
{
    uint32_t h = 2166136261u;
    size_t i;
    for (i = 0; i < size; i++) {
        h = (h ^ data[i]) * 16777619u;
    }
    return h;
}

/* Whether the n bytes at p are all zero. */
static FUZZ_UNTRACED int fuzz_all_zero(const uint8_t *p, size_t n)
{
    uint8_t acc = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        acc |= p[i];
    }
    return acc == 0;
}

static inline int fuzz_run_slow(const uint8_t *data, size_t size)
{
    return fuzz_hash(data, size) % FUZZ_SLOW_EVERY == 0;
}

/* The verify harness runs the entry points other than pqsig_verify (the
 * _temp and expanded forms, pqsig_open) on one input in
 * FUZZ_FORMS_EVERY, and on every input that plain verification accepts;
 * the decode harness likewise for the forms of signing (and on every key
 * that plain signing refuses) and pqsig_verify_expanded.
 * Each repeats the public key's decoding, which is most of the cost: SNOVA
 * expands its public map from the seed, MQ-Sign's expand_pk hashes the
 * whole key (up to 1.3 MB) to check H(P). The pick uses other bits of the
 * hash than the oracles' so that the two are independent. */
#define FUZZ_FORMS_EVERY 4u

static inline int fuzz_run_forms(const uint8_t *data, size_t size)
{
    return (fuzz_hash(data, size) >> 16) % FUZZ_FORMS_EVERY == 0;
}

/* Whether a has forms of its own for the caller-scratch and expanded-key
 * entry points; without them the generic layer runs the plain form, which
 * a harness need not repeat for every implementation. */
static inline int fuzz_own_temp(const pqsig_alg *a)
{
    return a->temp_bytes != 0;
}

static inline int fuzz_own_expanded(const pqsig_alg *a)
{
    return a->expand_sk != NULL || a->expand_pk != NULL;
}

/* Whether `name` is in the comma-separated list (NULL: every name). */
static inline int fuzz_listed(const char *list, const char *name)
{
    size_t k = strlen(name);
    while (list != NULL && *list != 0) {
        size_t l = strcspn(list, ",");
        if (l == k && memcmp(list, name, k) == 0) {
            return 1;
        }
        list += l + (list[l] == ',');
    }
    return list == NULL;
}

/* The names of `scheme` this CPU runs, each with its implementations;
 * returns how many. The environment variables PQSIG_FUZZ_NAMES (names,
 * comma-separated: ./pqsig fuzz NAME) and PQSIG_FUZZ_IMPLS (implementations:
 * ./pqsig fuzz --impl, for long runs of one implementation, several times
 * the executions a second) restrict them. */
static inline size_t fuzz_groups(fuzz_group *g, size_t cap, const char *scheme)
{
    const char *only = getenv("PQSIG_FUZZ_NAMES"), *impls = getenv("PQSIG_FUZZ_IMPLS");
    size_t i, j, n = 0;
    for (i = 0; i < pqsig_count(); i++) {
        const pqsig_alg *a = pqsig_at(i);
        if (strcmp(a->d.scheme, scheme) != 0 || !pqsig_runs_here(a) || fuzz_too_slow(a) ||
            !fuzz_listed(only, a->d.name) || !fuzz_listed(impls, a->d.impl)) {
            continue;
        }
        for (j = 0; j < n && strcmp(g[j].d->name, a->d.name) != 0; j++) {
        }
        if (j == n) {
            if (n == cap) {
                continue;
            }
            g[n].d = &a->d;
            g[n].n = 0;
            n++;
        }
        if (g[j].n < FUZZ_MAX_IMPLS) {
            g[j].impl[g[j].n++] = a;
        }
    }
    return n;
}

#ifdef FUZZ_SCHEME
/* The groups of FUZZ_SCHEME, made once. */
static inline const fuzz_group *fuzz_scheme_groups(size_t *count)
{
    static fuzz_group groups[FUZZ_MAX_NAMES];
    static size_t n;
    static int done;
    if (!done) {
        n = fuzz_groups(groups, FUZZ_MAX_NAMES, FUZZ_SCHEME);
        done = 1;
        if (n == 0) {
            fprintf(stderr, "fuzz: no algorithm of %s in this build\n", FUZZ_SCHEME);
            abort();
        }
    }
    *count = n;
    return groups;
}
#endif

/* Consumes the input front to back. */
typedef struct {
    const uint8_t *p;
    size_t left;
} fuzz_reader;

static inline uint8_t fuzz_byte(fuzz_reader *r)
{
    uint8_t b = 0;
    if (r->left > 0) {
        b = *r->p++;
        r->left--;
    }
    return b;
}

/* len bytes into a fresh allocation of exactly len bytes (so that ASan sees
 * any read past it); zeros where the input has ended. */
static inline uint8_t *fuzz_take(fuzz_reader *r, size_t len)
{
    size_t k = len < r->left ? len : r->left;
    uint8_t *out = malloc(len != 0 ? len : 1);
    if (out == NULL) {
        abort();
    }
    memcpy(out, r->p, k);
    memset(out + k, 0, len - k);
    r->p += k;
    r->left -= k;
    return out;
}

/* What is left, copied into its own allocation; *len its length. */
static inline uint8_t *fuzz_rest(fuzz_reader *r, size_t *len)
{
    *len = r->left;
    return fuzz_take(r, r->left);
}

/* A 64-byte aligned buffer of len bytes (for expanded keys); free the raw pointer. */
static inline void *fuzz_aligned(size_t len, void **raw)
{
    uintptr_t x;
    *raw = malloc(len + PQSIG_EXPANDED_ALIGN);
    if (*raw == NULL) {
        abort();
    }
    x = (uintptr_t)*raw;
    return (uint8_t *)*raw + ((PQSIG_EXPANDED_ALIGN - x % PQSIG_EXPANDED_ALIGN) % PQSIG_EXPANDED_ALIGN);
}

/* The scratch of the _temp forms (NULL when the implementation has none). */
static inline void *fuzz_temp(const pqsig_alg *a, size_t *len)
{
    *len = pqsig_temp_bytes(a);
    return *len != 0 ? malloc(*len) : NULL;
}

static inline int fuzz_known_error(int r)
{
    return r <= PQSIG_OK && r >= PQSIG_ERR_UNSUPPORTED;
}

/* A broken property: report it and abort, which libFuzzer records as a crash. */
#define FUZZ_REQUIRE(cond, a, ...)                                                                 \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "fuzz: %s [%s]: ", (a)->d.name, (a)->d.impl);                          \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
