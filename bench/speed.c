/* pqsig-bench: speed of the primitives and of every registered variant.
 *
 *   pqsig-bench [--primitives] [--schemes] [--iterations N] [--impl IMPL] [--level L]
 *               [--callgrind [--sign-reps N]] [NAME...]
 *
 * Prints one JSON object per line. With --callgrind the program is meant to
 * run under `valgrind --tool=callgrind --collect-atstart=no`: each measured
 * operation runs once with collection on and is dumped under its own label,
 * so the instruction counts are exact; the Python side reads the dumps. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/aes.h"
#include "common/cpu.h"
#include "common/drbg.h"
#include "common/fips202.h"
#include "common/fips202xn.h"
#include "common/native/api.h"
#include "counter.h"
#include "registry.h"

#ifdef PQSIG_HAVE_CALLGRIND
#include <valgrind/callgrind.h>
#define CG_ON() CALLGRIND_TOGGLE_COLLECT
#define CG_DUMP(label) CALLGRIND_DUMP_STATS_AT(label)
#else
#define CG_ON() ((void)0)
#define CG_DUMP(label) ((void)(label))
#endif

#if defined(PQSIG_PLATFORM_M4)
#define PQSIG_PROFILE_HASHING 1
#include "common/profile.h"
#endif

static int callgrind_mode;
static unsigned iterations = 0; /* 0: adaptive */
static double budget = 1.0;      /* --seconds: sampling time per operation when adaptive */
static unsigned sign_reps = 16;  /* --callgrind: signatures averaged */

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

typedef void (*op_fn)(void *arg);

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#if defined(PQSIG_PLATFORM_M4)
/* The Cortex-M4's extra figures, from one more run of the operation: the
 * stack it uses (painted below this frame) and its share of time in the
 * hashing primitives (src/common/profile.h). */
static unsigned hash_depth;
static uint64_t hash_since, hash_total;

static void hash_hook(int entering)
{
    if (entering) {
        if (hash_depth++ == 0) {
            hash_since = bench_ticks();
        }
    } else if (hash_depth > 0 && --hash_depth == 0) {
        hash_total += bench_ticks() - hash_since;
    }
}

static __attribute__((noinline)) void profile_run(op_fn fn, void *arg, size_t *stack, double *hashing)
{
    uint64_t t;
    hash_depth = 0;
    hash_total = 0;
    hal_stack_paint();
    pqsig_profile_hash_hook = hash_hook;
    t = bench_ticks();
    fn(arg);
    t = bench_ticks() - t;
    pqsig_profile_hash_hook = 0;
    *stack = hal_stack_used();
    *hashing = t ? (double)hash_total / (double)t : 0;
}
#endif

/* Run op repeatedly; print median and spread of ticks per run divided by
 * `per` (bytes, permutations, or 1 for a whole operation). */
static void measure(const char *kind, const char *name, const char *impl, const char *op, const char *unit,
                    double per, op_fn fn, void *arg, unsigned cg_reps)
{
    enum { MAX_RUNS = 4001 };
    static uint64_t t[MAX_RUNS];
    unsigned n, i, runs;
    double sum = 0, t0;
    char label[256];

    if (callgrind_mode) {
        /* Operations whose cost varies (signing: rejection loops) run
         * cg_reps times on different inputs and report the mean. */
        fn(arg); /* warm-up outside collection */
        per *= cg_reps;
        snprintf(label, sizeof label, "%s|%s|%s|%s|%s|%g", kind, name, impl, op, unit, per);
        CG_ON();
        for (n = 0; n < cg_reps; n++) {
            fn(arg);
        }
        CG_ON();
        CG_DUMP(label);
        printf("{\"kind\":\"%s\",\"name\":\"%s\",\"impl\":\"%s\",\"op\":\"%s\",\"unit\":\"%s\","
               "\"per\":%g,\"counter\":\"callgrind\",\"label\":\"%s\"}\n",
               kind, name, impl, op, unit, per, label);
        fflush(stdout);
        return;
    }
    /* Warm up for ~50 ms (less with a short budget), then take up to
     * MAX_RUNS samples within the budget: at least 11, or 5 with a budget
     * under a second (slow key generations). The emulated M4 has no cache
     * or predictor to warm. */
    t0 = seconds();
#if !defined(PQSIG_PLATFORM_M4)
    for (n = 0; n < (budget < 1.0 ? 1u : 3u) || seconds() - t0 < (budget < 0.1 ? budget / 2 : 0.05); n++) {
        fn(arg);
    }
#endif
    runs = iterations ? iterations : MAX_RUNS;
    if (runs > MAX_RUNS) {
        runs = MAX_RUNS;
    }
    t0 = seconds();
    for (n = 0; n < runs; n++) {
        uint64_t a = bench_ticks();
        fn(arg);
        t[n] = bench_ticks() - a;
        if (!iterations && n >= (budget < 1.0 ? 4u : 10u) && seconds() - t0 > budget) {
            n++;
            break;
        }
    }
    qsort(t, n, sizeof t[0], cmp_u64);
    for (i = 0; i < n; i++) {
        sum += (double)t[i];
    }
    printf("{\"kind\":\"%s\",\"name\":\"%s\",\"impl\":\"%s\",\"op\":\"%s\",\"unit\":\"%s\",\"counter\":\"%s\","
           "\"runs\":%u,\"median\":%.2f,\"mean\":%.2f,\"min\":%.2f,\"max\":%.2f,\"p10\":%.2f,\"p90\":%.2f",
           kind, name, impl, op, unit, BENCH_COUNTER, n, (double)t[n / 2] / per, sum / n / per,
           (double)t[0] / per, (double)t[n - 1] / per, (double)t[n / 10] / per, (double)t[(9 * n) / 10] / per);
#if defined(PQSIG_PLATFORM_M4)
    if (strcmp(kind, "scheme") == 0) {
        size_t stack;
        double hashing;
        profile_run(fn, arg, &stack, &hashing);
        printf(",\"hashing\":%.4f}\n{\"kind\":\"stack\",\"name\":\"%s\",\"impl\":\"%s\",\"op\":\"%s\",\"bytes\":%lu",
               hashing, name, impl, op, (unsigned long)stack);
    }
#endif
    printf("}\n");
    fflush(stdout);
}

/* ---- primitives ---- */

#define PRIM_BYTES 16384
static uint8_t prim_buf[PRIM_BYTES];

static void op_keccakf(void *arg)
{
    uint64_t *s = arg;
    unsigned i;
    for (i = 0; i < 16; i++) {
        pqsig_keccakf1600(s);
    }
}

static void op_keccakf_c(void *arg)
{
    uint64_t *s = arg;
    unsigned i;
    for (i = 0; i < 16; i++) {
        pqsig_keccakf1600_c(s);
    }
}

#if defined(PQSIG_COMMON_NATIVE_KECCAKX1) && defined(__x86_64__)
/* The x86-64 one-state kernel where the CPU runs it (native/x86_64/meta.h
 * calls it for pqsig_keccakf1600). */
static void op_keccakf_bmi2(void *arg)
{
    uint64_t *s = arg;
    unsigned i;
    for (i = 0; i < 16; i++) {
        pqsig_keccakf1600_bmi2(s);
    }
}
#endif

static void op_keccakf_x4(void *arg)
{
    pqsig_keccakf1600x4(arg);
}

static void op_keccakf_x4_c(void *arg)
{
    pqsig_keccakf1600x4_c(arg);
}

static void op_keccakf_x8(void *arg)
{
    pqsig_keccakf1600x8(arg);
}

static void op_keccakf_x8_c(void *arg)
{
    pqsig_keccakf1600x8_c(arg);
}

/* The W-way SHAKEs squeeze PRIM_BYTES in all, PRIM_BYTES / W each. */
static void op_shake128x4(void *arg)
{
    uint8_t *const out[4] = {prim_buf, prim_buf + PRIM_BYTES / 4, prim_buf + PRIM_BYTES / 2,
                             prim_buf + 3 * (PRIM_BYTES / 4)};
    const uint8_t *const in[4] = {prim_buf, prim_buf, prim_buf, prim_buf};
    (void)arg;
    pqsig_shake128x4(out, PRIM_BYTES / 4, in, 32);
}

static void op_shake128x8(void *arg)
{
    uint8_t *out[8];
    const uint8_t *in[8];
    unsigned j;
    (void)arg;
    for (j = 0; j < 8; j++) {
        out[j] = prim_buf + j * (PRIM_BYTES / 8);
        in[j] = prim_buf;
    }
    pqsig_shake128x8(out, PRIM_BYTES / 8, in, 32);
}

static void op_shake128(void *arg)
{
    (void)arg;
    pqsig_shake128(prim_buf, PRIM_BYTES, prim_buf, 32);
}

static void op_shake256(void *arg)
{
    (void)arg;
    pqsig_shake256(prim_buf, PRIM_BYTES, prim_buf, 32);
}

static void op_sha3_256(void *arg)
{
    uint8_t out[32];
    (void)arg;
    pqsig_sha3_256(out, prim_buf, PRIM_BYTES);
    prim_buf[0] ^= out[0];
}

static void op_aes_ctr(void *arg)
{
    static const uint8_t iv[16] = {0};
    pqsig_aes_ctr(arg, prim_buf, PRIM_BYTES, iv);
}

static void op_drbg(void *arg)
{
    pqsig_drbg_randombytes(arg, prim_buf, 1024);
}

static void primitives(void)
{
    static uint64_t state[25], statex[8 * 25];
    static const uint8_t key[48] = {1, 2, 3};
    static const struct {
        unsigned engine;
        const char *impl;
    } engines[] = {{PQSIG_AES_ENGINE_PORTABLE, "portable"},
                   {PQSIG_AES_ENGINE_AESNI, "aesni"},
                   {PQSIG_AES_ENGINE_VAES, "vaes"}};
    pqsig_aes_ctx aes;
    pqsig_drbg drbg;
    unsigned e;

    measure("primitive", "keccak-f1600", "portable", "permute", "cycles/permutation", 16, op_keccakf_c, state, 1);
#if defined(PQSIG_COMMON_NATIVE_KECCAKX1) && defined(__x86_64__)
    if (pqsig_cpu_features() & PQSIG_CPU_BMI2) {
        measure("primitive", "keccak-f1600", "bmi2", "permute", "cycles/permutation", 16, op_keccakf_bmi2, state, 1);
    }
#endif
    measure("primitive", "keccak-f1600", "auto", "permute", "cycles/permutation", 16, op_keccakf, state, 1);
    measure("primitive", "keccak-f1600x4", "portable", "permute", "cycles/permutation", 4, op_keccakf_x4_c, statex, 1);
    measure("primitive", "keccak-f1600x4", "auto", "permute", "cycles/permutation", 4, op_keccakf_x4, statex, 1);
    measure("primitive", "keccak-f1600x8", "portable", "permute", "cycles/permutation", 8, op_keccakf_x8_c, statex, 1);
    measure("primitive", "keccak-f1600x8", "auto", "permute", "cycles/permutation", 8, op_keccakf_x8, statex, 1);
    measure("primitive", "shake128", "portable", "squeeze 16 KiB", "cycles/byte", PRIM_BYTES, op_shake128, NULL, 1);
    measure("primitive", "shake128x4", "auto", "squeeze 4 x 4 KiB", "cycles/byte", PRIM_BYTES, op_shake128x4, NULL, 1);
    measure("primitive", "shake128x8", "auto", "squeeze 8 x 2 KiB", "cycles/byte", PRIM_BYTES, op_shake128x8, NULL, 1);
    measure("primitive", "shake256", "portable", "squeeze 16 KiB", "cycles/byte", PRIM_BYTES, op_shake256, NULL, 1);
    measure("primitive", "sha3-256", "portable", "hash 16 KiB", "cycles/byte", PRIM_BYTES, op_sha3_256, NULL, 1);
    for (e = 0; e < sizeof engines / sizeof engines[0]; e++) {
        pqsig_aes128_init(&aes, key, engines[e].engine);
        if (aes.engine != engines[e].engine) {
            continue; /* not on this CPU */
        }
        measure("primitive", "aes128-ctr", engines[e].impl, "ctr 16 KiB", "cycles/byte", PRIM_BYTES, op_aes_ctr, &aes, 1);
        pqsig_aes256_init(&aes, key, engines[e].engine);
        measure("primitive", "aes256-ctr", engines[e].impl, "ctr 16 KiB", "cycles/byte", PRIM_BYTES, op_aes_ctr, &aes, 1);
    }
    pqsig_drbg_init(&drbg, key, NULL, 256);
    measure("primitive", "nist-drbg", "auto", "generate 1 KiB", "cycles/byte", 1024, op_drbg, &drbg, 1);
}

/* ---- schemes ---- */

typedef struct {
    const pqsig_alg *a;
    uint8_t *pk, *sk, *sig;
    size_t siglen;
    uint8_t msg[32];
    uint8_t seed[128];
} scheme_ctx;

static void op_keypair(void *arg)
{
    scheme_ctx *c = arg;
    if (pqsig_keypair_derand(c->a, c->pk, c->sk, c->seed) != PQSIG_OK) {
        fprintf(stderr, "pqsig-bench: keypair failed for %s\n", c->a->d.name);
        exit(1);
    }
    c->seed[0]++;
}

static void op_sign(void *arg)
{
    scheme_ctx *c = arg;
    /* A new message and new randomness each time: signing time varies
     * (deterministic schemes vary with the message only). op_verify checks
     * the last message signed. */
    c->seed[1]++;
    c->msg[0]++;
    c->siglen = c->a->d.signature_bytes;
    if (pqsig_sign_derand(c->a, c->sig, &c->siglen, c->msg, sizeof c->msg, c->sk, c->seed) != PQSIG_OK) {
        fprintf(stderr, "pqsig-bench: sign failed for %s\n", c->a->d.name);
        exit(1);
    }
}

static void op_verify(void *arg)
{
    scheme_ctx *c = arg;
    if (pqsig_verify(c->a, c->sig, c->siglen, c->msg, sizeof c->msg, c->pk) != PQSIG_OK) {
        fprintf(stderr, "pqsig-bench: verify failed for %s\n", c->a->d.name);
        exit(1);
    }
}

/* Expanded keys (variants with a native expansion only). */
typedef struct {
    scheme_ctx *c;
    uint8_t *esk, *epk;
    size_t eskn, epkn;
} expanded_ctx;

static void die(const char *what, const pqsig_alg *a)
{
    fprintf(stderr, "pqsig-bench: %s failed for %s\n", what, a->d.name);
    exit(1);
}

static void op_expand_sk(void *arg)
{
    expanded_ctx *e = arg;
    if (pqsig_expand_sk(e->c->a, e->esk, e->eskn, e->c->sk) != PQSIG_OK) {
        die("expand_sk", e->c->a);
    }
}

static void op_expand_pk(void *arg)
{
    expanded_ctx *e = arg;
    if (pqsig_expand_pk(e->c->a, e->epk, e->epkn, e->c->pk) != PQSIG_OK) {
        die("expand_pk", e->c->a);
    }
}

static void op_sign_expanded(void *arg)
{
    expanded_ctx *e = arg;
    scheme_ctx *c = e->c;
    c->seed[1]++;
    c->msg[0]++;
    c->siglen = c->a->d.signature_bytes;
    if (pqsig_sign_expanded_derand(c->a, c->sig, &c->siglen, c->msg, sizeof c->msg, e->esk, c->seed) !=
        PQSIG_OK) {
        die("sign_expanded", c->a);
    }
}

static void op_verify_expanded(void *arg)
{
    expanded_ctx *e = arg;
    scheme_ctx *c = e->c;
    if (pqsig_verify_expanded(c->a, c->sig, c->siglen, c->msg, sizeof c->msg, e->epk) != PQSIG_OK) {
        die("verify_expanded", c->a);
    }
}

static uint8_t *aligned_buf(size_t n, uint8_t **raw)
{
    uintptr_t x;
    *raw = malloc(n + PQSIG_EXPANDED_ALIGN);
    if (*raw == NULL) {
        fprintf(stderr, "pqsig-bench: out of memory\n");
        exit(1);
    }
    x = (uintptr_t)*raw;
    return *raw + (PQSIG_EXPANDED_ALIGN - x % PQSIG_EXPANDED_ALIGN) % PQSIG_EXPANDED_ALIGN;
}

static void expanded(scheme_ctx *c)
{
    const pqsig_alg *a = c->a;
    expanded_ctx e;
    uint8_t *eskraw, *epkraw;
    e.c = c;
    e.eskn = pqsig_expanded_sk_bytes(a);
    e.epkn = pqsig_expanded_pk_bytes(a);
    e.esk = aligned_buf(e.eskn, &eskraw);
    e.epk = aligned_buf(e.epkn, &epkraw);
    measure("scheme", a->d.name, a->d.impl, "expand sk", "cycles", 1, op_expand_sk, &e, 1);
    measure("scheme", a->d.name, a->d.impl, "sign expanded", "cycles", 1, op_sign_expanded, &e, sign_reps);
    op_sign_expanded(&e);
    measure("scheme", a->d.name, a->d.impl, "expand pk", "cycles", 1, op_expand_pk, &e, 1);
    measure("scheme", a->d.name, a->d.impl, "verify expanded", "cycles", 1, op_verify_expanded, &e, 1);
    pqsig_wipe(e.esk, e.eskn);
    free(eskraw);
    free(epkraw);
}

static int scheme_ctx_init(scheme_ctx *c, const pqsig_alg *a)
{
    memset(c, 0, sizeof *c);
    c->a = a;
    c->pk = malloc(a->d.public_key_bytes);
    c->sk = malloc(a->d.secret_key_bytes);
    c->sig = malloc(a->d.signature_bytes);
    return c->pk != NULL && c->sk != NULL && c->sig != NULL;
}

static void scheme_ctx_free(scheme_ctx *c)
{
    free(c->pk);
    free(c->sk);
    free(c->sig);
}

static void scheme(const pqsig_alg *a)
{
    scheme_ctx c, start;
    if (!scheme_ctx_init(&c, a)) {
        fprintf(stderr, "pqsig-bench: out of memory\n");
        exit(1);
    }
    /* which objects are this variant's: its NIST prefix names its target */
    printf("{\"kind\":\"variant\",\"name\":\"%s\",\"impl\":\"%s\",\"target\":\"%.*s\"}\n", a->d.name,
           a->d.impl, (int)(strlen(a->d.nist_prefix) - 1), a->d.nist_prefix);
    measure("scheme", a->d.name, a->d.impl, "keypair", "cycles", 1, op_keypair, &c, 1);
    memcpy(&start, &c, sizeof c);
    measure("scheme", a->d.name, a->d.impl, "sign", "cycles", 1, op_sign, &c, sign_reps);
    op_sign(&c);
    measure("scheme", a->d.name, a->d.impl, "verify", "cycles", 1, op_verify, &c, 1);
    if (a->expand_sk != NULL) {
        /* The same messages and randomness as the plain sign above, so the
         * two see the same number of attempts. */
        memcpy(c.seed, start.seed, sizeof c.seed);
        memcpy(c.msg, start.msg, sizeof c.msg);
        expanded(&c);
    }
    scheme_ctx_free(&c);
}

/* ---- two implementations sample by sample ----
 * --pair I1,I2: keypair, sign and verify of each name in both, the samples
 * alternating (A B, then B A, ...), so a slow spell of a shared machine
 * falls on both sides of nearly every pair. Both contexts start from the
 * same seeds and step them alike: the implementations give the same
 * bytes, so they do the same work (signing's attempts too). Prints each
 * side's row as measure() does, and a "pair" row with the median and
 * spread of the per-pair ratios I2 / I1. */
static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void print_row(const char *name, const char *impl, const char *op, uint64_t *t, unsigned n)
{
    double sum = 0;
    unsigned i;
    qsort(t, n, sizeof t[0], cmp_u64);
    for (i = 0; i < n; i++) {
        sum += (double)t[i];
    }
    printf("{\"kind\":\"scheme\",\"name\":\"%s\",\"impl\":\"%s\",\"op\":\"%s\",\"unit\":\"cycles\","
           "\"counter\":\"%s\",\"runs\":%u,\"median\":%.2f,\"mean\":%.2f,\"min\":%.2f,\"max\":%.2f,"
           "\"p10\":%.2f,\"p90\":%.2f,\"paired\":1}\n",
           name, impl, op, BENCH_COUNTER, n, (double)t[n / 2], sum / n, (double)t[0], (double)t[n - 1],
           (double)t[n / 10], (double)t[(9 * n) / 10]);
}

static void measure_pair(const char *name, const char *impl0, const char *impl1, const char *op, op_fn fn,
                         void *arg0, void *arg1)
{
    enum { MAX_PAIRS = 2001 };
    static uint64_t t[2][MAX_PAIRS];
    static double r[MAX_PAIRS];
    void *args[2];
    unsigned n, j;
    double t0;
    args[0] = arg0;
    args[1] = arg1;
    fn(arg0);
    fn(arg1);
    t0 = seconds();
    for (n = 0; n < MAX_PAIRS; n++) {
        for (j = 0; j < 2; j++) {
            const unsigned side = j ^ (n & 1);
            uint64_t a = bench_ticks();
            fn(args[side]);
            t[side][n] = bench_ticks() - a;
        }
        r[n] = (double)t[1][n] / (double)(t[0][n] ? t[0][n] : 1);
        if (n >= 10 && seconds() - t0 > 2 * budget) {
            n++;
            break;
        }
    }
    qsort(r, n, sizeof r[0], cmp_double);
    print_row(name, impl0, op, t[0], n);
    print_row(name, impl1, op, t[1], n);
    printf("{\"kind\":\"pair\",\"name\":\"%s\",\"op\":\"%s\",\"impls\":[\"%s\",\"%s\"],\"pairs\":%u,"
           "\"ratio\":%.4f,\"ratio_p10\":%.4f,\"ratio_p90\":%.4f}\n",
           name, op, impl0, impl1, n, r[n / 2], r[n / 10], r[(9 * n) / 10]);
}

static void scheme_pair(const pqsig_alg *a0, const pqsig_alg *a1)
{
    scheme_ctx c[2];
    if (!scheme_ctx_init(&c[0], a0) || !scheme_ctx_init(&c[1], a1)) {
        fprintf(stderr, "pqsig-bench: out of memory\n");
        exit(1);
    }
    measure_pair(a0->d.name, a0->d.impl, a1->d.impl, "keypair", op_keypair, &c[0], &c[1]);
    measure_pair(a0->d.name, a0->d.impl, a1->d.impl, "sign", op_sign, &c[0], &c[1]);
    op_sign(&c[0]);
    op_sign(&c[1]);
    measure_pair(a0->d.name, a0->d.impl, a1->d.impl, "verify", op_verify, &c[0], &c[1]);
    scheme_ctx_free(&c[0]);
    scheme_ctx_free(&c[1]);
}

int main(int argc, char **argv)
{
    int prim = 0, schemes = 0, list = 0, i, nnames = 0, level = 0;
    const char *impl = NULL, *pair_impls = NULL;
    size_t k;
    setvbuf(stdout, NULL, _IOLBF, 0); /* one row at a time: the caller shows progress */
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--primitives") == 0) {
            prim = 1;
        } else if (strcmp(argv[i], "--schemes") == 0) {
            schemes = 1;
        } else if (strcmp(argv[i], "--callgrind") == 0) {
            callgrind_mode = 1;
        } else if (strcmp(argv[i], "--list") == 0) {
            list = schemes = 1; /* what would be measured, without measuring */
        } else if (strcmp(argv[i], "--iterations") == 0 && i + 1 < argc) {
            iterations = (unsigned)strtoul(argv[++i], NULL, 10);
            argv[i] = NULL; /* not a name */
        } else if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc) {
            budget = strtod(argv[++i], NULL);
            budget = budget > 0 ? budget : 1.0;
            argv[i] = NULL;
        } else if (strcmp(argv[i], "--sign-reps") == 0 && i + 1 < argc) {
            sign_reps = (unsigned)strtoul(argv[++i], NULL, 10);
            sign_reps = sign_reps ? sign_reps : 1;
            argv[i] = NULL;
        } else if (strcmp(argv[i], "--level") == 0 && i + 1 < argc) {
            level = atoi(argv[++i]); /* only the sets of this NIST level */
            argv[i] = NULL;
        } else if (strcmp(argv[i], "--pair") == 0 && i + 1 < argc) {
            pair_impls = argv[++i];
            argv[i] = NULL;
        } else if (strcmp(argv[i], "--impl") == 0 && i + 1 < argc) {
            impl = argv[++i];
            argv[i] = NULL;
        } else if (strcmp(argv[i], "--cpu-traits") == 0 && i + 1 < argc) {
            uint32_t t;
            if (pqsig_cpu_traits_parse(argv[++i], &t) != 0) {
                fprintf(stderr, "pqsig-bench: --cpu-traits detected|none|all|zmm-halves\n");
                return 2;
            }
            pqsig_cpu_traits_force(t); /* what a kernel's trait decline is worth */
            argv[i] = NULL;
        } else if (strcmp(argv[i], "--help") == 0) {
            printf("usage: pqsig-bench [--primitives] [--schemes] [--iterations N | --seconds S]\n"
                   "                   [--impl IMPL|fastest] [--level L]\n"
                   "                   [--callgrind [--sign-reps N]] [--list] [NAME...]\n"
                   "       pqsig-bench --pair IMPL1,IMPL2 [--seconds S] [--level L] [NAME...]\n"
                   "  --cpu-traits detected|none|all|zmm-halves: run as if the CPU had these\n"
                   "  speed traits (common/cpu.h; default detected)\n");
            return 0;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "pqsig-bench: unknown option %s\n", argv[i]);
            return 2;
        } else {
            nnames++;
        }
    }
    if (!prim && !schemes) {
        prim = schemes = 1;
    }
    if (list) {
        prim = 0;
    }
#if defined(PQSIG_PLATFORM_M4)
    /* -icount shift=0: one instruction per nanosecond of virtual time. */
    printf("{\"kind\":\"counter\",\"name\":\"%s\",\"hz\":1000000000}\n", BENCH_COUNTER);
#else
    if (!callgrind_mode && !list) {
        /* What the counter measures: its rate against the monotonic clock. */
        double t0 = seconds();
        uint64_t c0 = bench_ticks();
        while (seconds() - t0 < 0.1) {
        }
        printf("{\"kind\":\"counter\",\"name\":\"%s\",\"hz\":%.0f}\n", BENCH_COUNTER,
               (double)(bench_ticks() - c0) / (seconds() - t0));
    }
#endif
    if (pair_impls != NULL) {
        /* the two implementations of every name that has both here */
        char i0[32], i1[32];
        const char *comma = strchr(pair_impls, ',');
        if (comma == NULL || (size_t)(comma - pair_impls) >= sizeof i0 || strlen(comma + 1) >= sizeof i1) {
            fprintf(stderr, "pqsig-bench: --pair takes two implementations, e.g. avx2,avx512\n");
            return 2;
        }
        memcpy(i0, pair_impls, (size_t)(comma - pair_impls));
        i0[comma - pair_impls] = 0;
        strcpy(i1, comma + 1);
        for (k = 0; k < pqsig_count(); k++) {
            const pqsig_alg *a = pqsig_at(k), *b;
            int wanted = nnames == 0;
            for (i = 1; i < argc; i++) {
                wanted |= argv[i] != NULL && argv[i][0] != '-' && strcmp(a->d.name, argv[i]) == 0;
            }
            if (!wanted || strcmp(a->d.impl, i0) != 0 || (level != 0 && a->d.level != level)) {
                continue;
            }
            b = pqsig_find_impl(a->d.name, i1);
            if (b != NULL && pqsig_runs_here(a) && pqsig_runs_here(b)) {
                scheme_pair(a, b);
            }
        }
        return 0;
    }
    if (prim) {
        primitives();
    }
    if (schemes) {
        for (k = 0; k < pqsig_count(); k++) {
            const pqsig_alg *a = pqsig_at(k);
            int wanted = nnames == 0;
            for (i = 1; i < argc; i++) {
                wanted |= argv[i] != NULL && argv[i][0] != '-' && strcmp(a->d.name, argv[i]) == 0;
            }
            if (impl != NULL && strcmp(impl, "fastest") == 0) {
                /* what the generic API picks for this name on this CPU */
                wanted = wanted && pqsig_find(a->d.name) == a;
            } else if (impl != NULL ? strcmp(a->d.impl, impl) != 0 : strcmp(a->d.impl, "decline") == 0) {
                wanted = 0; /* the test backend only when asked for by name */
            }
            if (level != 0 && a->d.level != level) {
                wanted = 0;
            }
            if (wanted && pqsig_runs_here(a) && list) {
                printf("{\"kind\":\"available\",\"name\":\"%s\",\"impl\":\"%s\",\"level\":%d}\n", a->d.name,
                       a->d.impl, a->d.level);
            } else if (wanted && pqsig_runs_here(a)) {
                scheme(a);
            }
        }
    }
    return 0;
}
