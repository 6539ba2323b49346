/* The 4-way and 8-way Keccak (fips202xn.h, native/api.h): every result
 * equals the scalar code of fips202.h, the oracle that test_fips202 checks
 * against the NIST values.
 *  - permutations: the dispatchers, the portable twins and, where this CPU
 *    runs them, the native kernels (AVX2 x4 on both layouts, AVX-512 x8)
 *    against pqsig_keccakf1600 on each state; a native kernel that
 *    declines leaves the state untouched;
 *  - SHAKE128/256 x4 and x8 against W scalar calls on distinct inputs, for
 *    every input length up to past two rate blocks and output lengths
 *    around the block boundaries; the NIST example values through x4;
 *  - incremental absorb/squeeze in many splits against one-shot;
 *  - nothing written past the requested length. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "common/cpu.h"
#include "common/fips202.h"
#include "common/fips202xn.h"
#include "common/native/api.h"

static uint64_t prng_state = 0x13198a2e03707344u;

/* SplitMix64: reproducible test inputs. */
static uint64_t prng(void)
{
    uint64_t z = (prng_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

typedef void (*perm_fn)(uint64_t *s);

static void perm_x4(uint64_t *s)
{
    pqsig_keccakf1600x4(s);
}

static void perm_x4_c(uint64_t *s)
{
    pqsig_keccakf1600x4_c(s);
}

static void perm_x8(uint64_t *s)
{
    pqsig_keccakf1600x8(s);
}

static void perm_x8_c(uint64_t *s)
{
    pqsig_keccakf1600x8_c(s);
}

#if defined(PQSIG_COMMON_NATIVE_KECCAKX4) || defined(PQSIG_COMMON_NATIVE_KECCAKX8)
/* A native kernel may decline; then the state must be as it was, and the
 * portable twin runs. The results of one that ran are compared by the
 * caller. */
static void native_or_c(uint64_t *s, unsigned w, int (*native)(uint64_t *), void (*c)(uint64_t *))
{
    uint64_t before[8 * 25];
    memcpy(before, s, 25 * w * sizeof s[0]);
    if (native(s) != PQSIG_NATIVE_OK) {
        CHECK_MEM(s, before, 25 * w * sizeof s[0], "x%u native declined but wrote", w);
        c(s);
    }
}
#endif

#if defined(PQSIG_COMMON_NATIVE_KECCAKX4)
static void perm_x4_native(uint64_t *s)
{
    native_or_c(s, 4, keccakf1600x4_native, pqsig_keccakf1600x4_c);
}
#endif

#if defined(PQSIG_COMMON_NATIVE_KECCAKX8)
static void perm_x8_native(uint64_t *s)
{
    native_or_c(s, 8, keccakf1600x8_native, pqsig_keccakf1600x8_c);
}
#endif

#if defined(__x86_64__) && defined(PQSIG_COMMON_NATIVE_KECCAKX8)
/* The kernels behind the x86-64 hooks, each where the CPU runs it: the
 * AVX2 x4 kernel also serves the x8 layout in two halves. */
static void perm_x4_avx2(uint64_t *s)
{
    pqsig_keccakf1600x4_avx2(s, 4);
}

static void perm_x8_by_avx2(uint64_t *s)
{
    pqsig_keccakf1600x4_avx2(s, 8);
    pqsig_keccakf1600x4_avx2(s + 4, 8);
}

static void perm_x8_avx512(uint64_t *s)
{
    pqsig_keccakf1600x8_avx512(s);
}

static void perm_x4_avx512vl(uint64_t *s)
{
    pqsig_keccakf1600x4_avx512vl(s, 4);
}

static void perm_x8_by_avx512vl(uint64_t *s)
{
    pqsig_keccakf1600x4_avx512vl(s, 8);
    pqsig_keccakf1600x4_avx512vl(s + 4, 8);
}
#endif

/* Random states, the zero state and all-ones, permuted twice (the second
 * time from the first one's output). The oracle keeps W separate scalar
 * states st[j] and permutes each with pqsig_keccakf1600; the W-way state
 * is built from them once, in the layout of native/api.h. */
static void check_perm(perm_fn fn, unsigned w, const char *what)
{
    uint64_t s[8 * 25], st[8][25];
    unsigned trial, i, j, k;
    int ok = 1;
    for (trial = 0; trial < 40; trial++) {
        for (j = 0; j < w; j++) {
            for (i = 0; i < 25; i++) {
                st[j][i] = trial == 0 ? 0 : trial == 1 ? ~(uint64_t)0 : prng();
                s[w * i + j] = st[j][i];
            }
        }
        for (k = 0; k < 2; k++) {
            fn(s);
            for (j = 0; j < w; j++) {
                pqsig_keccakf1600(st[j]);
                for (i = 0; i < 25; i++) {
                    ok &= s[w * i + j] == st[j][i];
                }
            }
        }
    }
    CHECK(ok, "%s differs from the scalar permutation", what);
}

static void permutations(void)
{
    check_perm(perm_x4, 4, "keccakf1600x4");
    check_perm(perm_x4_c, 4, "keccakf1600x4_c");
    check_perm(perm_x8, 8, "keccakf1600x8");
    check_perm(perm_x8_c, 8, "keccakf1600x8_c");
#if defined(PQSIG_COMMON_NATIVE_KECCAKX4)
    check_perm(perm_x4_native, 4, "keccakf1600x4_native");
#endif
#if defined(PQSIG_COMMON_NATIVE_KECCAKX8)
    check_perm(perm_x8_native, 8, "keccakf1600x8_native");
#endif
#if defined(__x86_64__) && defined(PQSIG_COMMON_NATIVE_KECCAKX8)
    if (pqsig_cpu_features() & PQSIG_CPU_AVX2) {
        /* also where the hooks prefer AVX-512VL (keccakf1600x4_best) */
        check_perm(perm_x4_avx2, 4, "AVX2 x4 kernel");
        check_perm(perm_x8_by_avx2, 8, "x8 layout by the AVX2 kernel");
    } else {
        printf("test_fips202xn: no AVX2 here, AVX2 kernel not run\n");
    }
    if (pqsig_cpu_features() & PQSIG_CPU_AVX512F) {
        check_perm(perm_x8_avx512, 8, "AVX-512 x8 kernel");
    } else {
        printf("test_fips202xn: no AVX-512F here, AVX-512 kernel not run\n");
    }
    if ((pqsig_cpu_features() & (PQSIG_CPU_AVX512F | PQSIG_CPU_AVX512VL)) ==
        (PQSIG_CPU_AVX512F | PQSIG_CPU_AVX512VL)) {
        check_perm(perm_x4_avx512vl, 4, "AVX-512VL x4 kernel");
        check_perm(perm_x8_by_avx512vl, 8, "x8 layout by the AVX-512VL x4 kernel");
    } else {
        printf("test_fips202xn: no AVX-512VL here, AVX-512VL x4 kernel not run\n");
    }
#endif
}

/* ------------------------------------------------------------------ */
/* SHAKE x4 / x8 against the scalar functions                          */

#define MAXW 8
#define MAXIN 400
#define MAXOUT 700
#define CANARY 0xa5

static uint8_t inbuf[MAXW][MAXIN];
static uint8_t outbuf[MAXW][MAXOUT + 1];
static uint8_t want[MAXOUT];

/* One W-way SHAKE call (one-shot or incremental) of one rate. */
typedef struct {
    unsigned w;
    int v256;
} shape;

static void oneshot(const shape *sh, size_t outlen, size_t inlen)
{
    uint8_t *out[MAXW];
    const uint8_t *in[MAXW];
    unsigned j;
    for (j = 0; j < MAXW; j++) {
        out[j] = outbuf[j];
        in[j] = inbuf[j];
    }
    if (sh->w == 4) {
        (sh->v256 ? pqsig_shake256x4 : pqsig_shake128x4)(out, outlen, in, inlen);
    } else {
        (sh->v256 ? pqsig_shake256x8 : pqsig_shake128x8)(out, outlen, in, inlen);
    }
}

static void scalar(const shape *sh, uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
    (sh->v256 ? pqsig_shake256 : pqsig_shake128)(out, outlen, in, inlen);
}

/* Every instance equals its scalar SHAKE and stops at outlen. */
static int outputs_match(const shape *sh, size_t outlen, size_t inlen)
{
    unsigned j;
    int ok = 1;
    for (j = 0; j < sh->w; j++) {
        scalar(sh, want, outlen, inbuf[j], inlen);
        ok &= memcmp(outbuf[j], want, outlen) == 0 && outbuf[j][outlen] == CANARY;
    }
    return ok;
}

static void fill_inputs(void)
{
    unsigned j, i;
    for (j = 0; j < MAXW; j++) {
        for (i = 0; i < MAXIN; i++) {
            inbuf[j][i] = (uint8_t)prng();
        }
    }
}

static void oneshot_lengths(const shape *sh)
{
    static const size_t outlens[] = {0, 1, 7, 8, 9, 31, 32, 135, 136, 137, 167, 168, 169, 271, 272, 273,
                                     335, 336, 337, 504, 505, 700};
    const size_t rate = sh->v256 ? PQSIG_SHAKE256_RATE : PQSIG_SHAKE128_RATE;
    size_t inlen, k;
    int ok = 1;
    unsigned long n = 0;
    for (inlen = 0; inlen <= 2 * rate + 9 && inlen <= MAXIN; inlen++) {
        for (k = 0; k < sizeof outlens / sizeof outlens[0]; k++) {
            /* every output length for inputs at the block edges, a few
             * otherwise, so the run stays short */
            if (inlen % rate > 1 && inlen % rate < rate - 1 && k % 5 != inlen % 5) {
                continue;
            }
            memset(outbuf, CANARY, sizeof outbuf);
            oneshot(sh, outlens[k], inlen);
            ok &= outputs_match(sh, outlens[k], inlen);
            n++;
        }
    }
    CHECK(ok, "SHAKE%dx%u one-shot differs from scalar (%lu cases)", sh->v256 ? 256 : 128, sh->w, n);
}

/* The one-block entries (public inputs shorter than the rate) against
 * scalar SHAKE128, every input length, and nothing written past 168. */
static void one_block(void)
{
    size_t inlen;
    int ok = 1;
    for (inlen = 0; inlen < PQSIG_SHAKE128_RATE; inlen++) {
        uint8_t *out[MAXW];
        const uint8_t *in[MAXW];
        unsigned j, w;
        for (w = 4; w <= 8; w += 4) {
            for (j = 0; j < MAXW; j++) {
                out[j] = outbuf[j];
                in[j] = inbuf[j];
            }
            memset(outbuf, CANARY, sizeof outbuf);
            if (w == 4) {
                pqsig_shake128x4_block(out, in, inlen);
            } else {
                pqsig_shake128x8_block(out, in, inlen);
            }
            for (j = 0; j < w; j++) {
                pqsig_shake128(want, PQSIG_SHAKE128_RATE, inbuf[j], inlen);
                ok &= memcmp(outbuf[j], want, PQSIG_SHAKE128_RATE) == 0 && outbuf[j][PQSIG_SHAKE128_RATE] == CANARY;
            }
        }
    }
    CHECK(ok, "SHAKE128 x4 / x8 one block differs from scalar");
#if defined(__x86_64__) && defined(PQSIG_COMMON_NATIVE_SHAKE128X4_BLOCK)
    /* The AVX2 kernel itself, also where its hook declines (AVX-512VL runs
     * the 4-way permutation there). */
    if (pqsig_cpu_features() & PQSIG_CPU_AVX2) {
        for (inlen = 0; inlen < PQSIG_SHAKE128_RATE; inlen++) {
            uint8_t *out[4];
            const uint8_t *in[4];
            unsigned j;
            for (j = 0; j < 4; j++) {
                out[j] = outbuf[j];
                in[j] = inbuf[j];
            }
            memset(outbuf, CANARY, sizeof outbuf);
            pqsig_shake128x4_block_avx2(out, in, inlen);
            for (j = 0; j < 4; j++) {
                pqsig_shake128(want, PQSIG_SHAKE128_RATE, inbuf[j], inlen);
                ok &= memcmp(outbuf[j], want, PQSIG_SHAKE128_RATE) == 0 && outbuf[j][PQSIG_SHAKE128_RATE] == CANARY;
            }
        }
        CHECK(ok, "the AVX2 SHAKE128 x4 one-block kernel differs from scalar");
    }
#endif
}

/* The same input behind several instances, and the instances keep apart. */
static void shared_input(const shape *sh)
{
    unsigned j;
    memcpy(inbuf[1], inbuf[0], MAXIN);
    memset(outbuf, CANARY, sizeof outbuf);
    oneshot(sh, 300, 200);
    for (j = 1; j < sh->w; j++) {
        CHECK(memcmp(outbuf[j], outbuf[1], 300) != 0 || j == 1, "instances %u and 1 equal", j);
    }
    CHECK_MEM(outbuf[0], outbuf[1], 300, "equal inputs give equal outputs");
    CHECK(outputs_match(sh, 300, 200), "shared input: scalar differs");
    fill_inputs();
}

static void incremental(const shape *sh)
{
    const size_t inlen = 380, outlen = 650;
    size_t step, outstep;
    int ok = 1;
    for (step = 1; step <= 171; step += (step < 10 ? 1 : 17)) {
        for (outstep = 1; outstep <= 200; outstep += (outstep < 9 ? 1 : 37)) {
            pqsig_shakex4_ctx c4;
            pqsig_shakex8_ctx c8;
            uint8_t *out[MAXW];
            const uint8_t *in[MAXW];
            size_t pos;
            unsigned j;
            if (sh->w == 4) {
                (sh->v256 ? pqsig_shake256x4_init : pqsig_shake128x4_init)(&c4);
            } else {
                (sh->v256 ? pqsig_shake256x8_init : pqsig_shake128x8_init)(&c8);
            }
            memset(outbuf, CANARY, sizeof outbuf);
            for (pos = 0; pos < inlen; pos += step) {
                const size_t n = pos + step <= inlen ? step : inlen - pos;
                for (j = 0; j < MAXW; j++) {
                    in[j] = inbuf[j] + pos;
                }
                if (sh->w == 4) {
                    pqsig_shakex4_absorb(&c4, in, n);
                } else {
                    pqsig_shakex8_absorb(&c8, in, n);
                }
            }
            for (pos = 0; pos < outlen; pos += outstep) {
                const size_t n = pos + outstep <= outlen ? outstep : outlen - pos;
                for (j = 0; j < MAXW; j++) {
                    out[j] = outbuf[j] + pos;
                }
                if (sh->w == 4) {
                    pqsig_shakex4_squeeze(&c4, out, n);
                } else {
                    pqsig_shakex8_squeeze(&c8, out, n);
                }
            }
            if (sh->w == 4) {
                pqsig_shakex4_release(&c4);
            } else {
                pqsig_shakex8_release(&c8);
            }
            ok &= outputs_match(sh, outlen, inlen);
        }
    }
    CHECK(ok, "SHAKE%dx%u incremental differs from scalar", sh->v256 ? 256 : 128, sh->w);
}

/* FIPS 202 example values (SHAKE128/256 of the empty string) on every
 * instance of x4. */
static void nist_values(void)
{
    uint8_t o[4][32], w128[32], w256[32];
    uint8_t *out[4] = {o[0], o[1], o[2], o[3]};
    const uint8_t *in[4] = {NULL, NULL, NULL, NULL};
    unsigned j;
    check_unhex(w128, 32, "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26");
    check_unhex(w256, 32, "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f");
    pqsig_shake128x4(out, 32, in, 0);
    for (j = 0; j < 4; j++) {
        CHECK_MEM(o[j], w128, 32, "SHAKE128x4(''), instance %u", j);
    }
    pqsig_shake256x4(out, 32, in, 0);
    for (j = 0; j < 4; j++) {
        CHECK_MEM(o[j], w256, 32, "SHAKE256x4(''), instance %u", j);
    }
}

static void release_wipes(void)
{
    pqsig_shakex4_ctx c;
    const uint8_t *in[4] = {inbuf[0], inbuf[1], inbuf[2], inbuf[3]};
    size_t i;
    pqsig_shake128x4_init(&c);
    pqsig_shakex4_absorb(&c, in, 50);
    pqsig_shakex4_release(&c);
    for (i = 0; i < sizeof c; i++) {
        if (((const uint8_t *)&c)[i] != 0) {
            break;
        }
    }
    CHECK(i == sizeof c, "release leaves the x4 context wiped");
}

int main(void)
{
    static const shape shapes[] = {{4, 0}, {4, 1}, {8, 0}, {8, 1}};
    unsigned k;
    permutations();
    fill_inputs();
    nist_values();
    for (k = 0; k < 4; k++) {
        oneshot_lengths(&shapes[k]);
        shared_input(&shapes[k]);
        incremental(&shapes[k]);
    }
    one_block();
    release_wipes();
    return check_done("test_fips202xn");
}
