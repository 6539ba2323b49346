/* NCC-Sign-T kernels of one shape (NCCSIGN_N) against their contracts
 * (src/nccsign/native/api.h), on random and edge inputs:
 *   - the portable twins k_c against reference computations written here
 *     (a schoolbook product in R_q, the samplers, Decompose, MakeHint,
 *     UseHint and the bit strings read from their definitions);
 *   - with a kernel set (--kset, through the composite meta.h), every
 *     k_native it opts in against k_c: the same result where it takes the
 *     call (the same residues where the contract allows lazy values), and
 *     outputs left untouched where it declines.
 * Test data comes from SHAKE128 with a fixed seed: every run checks the
 * same cases. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "common/kset.h"
#include "check.h"
#include "common/fips202.h"
#include "nccsign/native/api.h"

#define N NCC_N
#define Q ((uint32_t)NCC_Q)
#define TRIALS 8
/* What only the comparisons with a backend use (absent from the `c` build's
 * paths, when a backend opts in to some kernels only). */
#define NATIVE_ONLY __attribute__((unused))

static pqsig_shake_ctx rng;
static unsigned native_ok, native_declined;

static uint32_t rnd32(void)
{
    uint8_t b[4];
    pqsig_shake_squeeze(&rng, b, sizeof b);
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* Uniform enough below m (m < 2^32; a bias of m / 2^32 does not matter here). */
static uint32_t rnd_below(uint32_t m)
{
    return (uint32_t)(((uint64_t)rnd32() * m) >> 32);
}

static void rnd_bytes(uint8_t *p, size_t len)
{
    pqsig_shake_squeeze(&rng, p, len);
}

/* Counts a native call: 1 if it did the work, else checks that it wrote
 * nothing (out equals before, len bytes) and returns 0. */
NATIVE_ONLY static int native_took(int ret, const void *out, const void *before, size_t len, const char *what)
{
    CHECK(ret == PQSIG_NATIVE_OK || ret == PQSIG_NATIVE_FALLBACK, "%s: return value %d", what, ret);
    if (ret == PQSIG_NATIVE_OK) {
        native_ok++;
        return 1;
    }
    native_declined++;
    CHECK(memcmp(out, before, len) == 0, "%s: declined but wrote its output", what);
    return 0;
}

/* Polynomials with every coefficient below bound: random, or all at the
 * edge (bound - 1, 0) for the first trials. */
static void rnd_poly(uint32_t a[N], uint32_t bound, unsigned trial)
{
    size_t i;
    for (i = 0; i < N; i++) {
        a[i] = trial == 0 ? bound - 1 : trial == 1 ? 0 : rnd_below(bound);
    }
}

/* Every a_i below bound and congruent to b_i. */
static int congruent(const uint32_t *a, const uint32_t *b, uint32_t bound)
{
    size_t i;
    for (i = 0; i < N; i++) {
        if (a[i] >= bound || a[i] % Q != b[i] % Q) {
            return 0;
        }
    }
    return 1;
}

static uint32_t mulmod(uint32_t a, uint32_t b)
{
    return (uint32_t)((uint64_t)a * b % Q);
}

/* r = f g mod (X^n - X^(n/2) + 1, q), schoolbook; X^k = X^(k-n/2) - X^(k-n). */
static void ref_product(uint32_t r[N], const uint32_t f[N], const uint32_t g[N])
{
    static uint64_t wide[2 * N];
    size_t i, j, k;
    memset(wide, 0, sizeof wide);
    for (i = 0; i < N; i++) {
        for (j = 0; j < N; j++) {
            wide[i + j] = (wide[i + j] + (uint64_t)(f[i] % Q) * (g[j] % Q)) % Q;
        }
    }
    for (k = 2 * N - 1; k >= N; k--) {
        wide[k - N / 2] = (wide[k - N / 2] + wide[k]) % Q;
        wide[k - N] = (wide[k - N] + Q - wide[k]) % Q;
    }
    for (i = 0; i < N; i++) {
        r[i] = (uint32_t)wide[i];
    }
}

static uint32_t f[N], g[N], fh[N], gh[N], p[N], x[N], want[N];
NATIVE_ONLY static uint32_t before[N];

/* ntt, reduce2q, pointwise, invntt: bounds, the product in R_q, and
 * invntt(reduce2q(ntt(f))) = f R. */
static void test_ntt(void)
{
    const uint32_t r_mod_q = (uint32_t)(((uint64_t)1 << 32) % Q);
    unsigned t;
    size_t i;
    for (t = 0; t < TRIALS; t++) {
        rnd_poly(f, 4 * Q, t);
        rnd_poly(g, 4 * Q, t + 1);
        memcpy(fh, f, sizeof f);
        ncc_ntt_c(fh);
        memcpy(gh, g, sizeof g);
        ncc_ntt_c(gh);
        CHECK(congruent(fh, fh, 32 * Q), "ntt_c output below 32q (trial %u)", t);
#if defined(PQSIG_NCC_NATIVE_NTT)
        memcpy(x, f, sizeof f);
        memcpy(before, x, sizeof x);
        if (native_took(ncc_ntt_native(x), x, before, sizeof x, "ntt")) {
            CHECK(congruent(x, fh, 32 * Q), "ntt_native = ntt_c mod q, below 32q (trial %u)", t);
        }
#endif
        memcpy(x, gh, sizeof gh);
        ncc_reduce2q_c(gh);
        CHECK(congruent(gh, x, 2 * Q), "reduce2q_c: congruent, below 2q (trial %u)", t);
#if defined(PQSIG_NCC_NATIVE_REDUCE2Q)
        for (i = 0; i < N; i++) { /* any value below 2^32 */
            x[i] = t == 0 ? 0xFFFFFFFFu : rnd32();
        }
        memcpy(before, x, sizeof x);
        memcpy(want, x, sizeof x);
        ncc_reduce2q_c(want);
        if (native_took(ncc_reduce2q_native(x), x, before, sizeof x, "reduce2q")) {
            CHECK(congruent(x, want, 2 * Q), "reduce2q_native = reduce2q_c mod q, below 2q (trial %u)", t);
        }
#endif
        ncc_pointwise_c(p, fh, gh);
        CHECK(congruent(p, p, 2 * Q), "pointwise_c below 2q (trial %u)", t);
#if defined(PQSIG_NCC_NATIVE_POINTWISE)
        memset(x, 0xA5, sizeof x);
        memcpy(before, x, sizeof x);
        if (native_took(ncc_pointwise_native(x, fh, gh), x, before, sizeof x, "pointwise")) {
            CHECK(congruent(x, p, 2 * Q), "pointwise_native = pointwise_c mod q (trial %u)", t);
        }
#endif
        /* invntt's input bound is 4q: the product (below 2q) and 4q - 1. */
#if defined(PQSIG_NCC_NATIVE_INVNTT)
        for (i = 0; i < 2; i++) {
            memcpy(x, p, sizeof p);
            if (i == 1) {
                rnd_poly(x, 4 * Q, t);
            }
            memcpy(want, x, sizeof x);
            ncc_invntt_c(want);
            memcpy(before, x, sizeof x);
            if (native_took(ncc_invntt_native(x), x, before, sizeof x, "invntt")) {
                CHECK_MEM(x, want, sizeof x, "invntt_native = invntt_c (trial %u)", t);
            }
        }
#endif
        ncc_invntt_c(p);
        ref_product(want, f, g);
        CHECK_MEM(p, want, sizeof p, "invntt(pointwise(ntt f, ntt g)) = f g in R_q (trial %u)", t);
        memcpy(x, fh, sizeof fh);
        ncc_reduce2q_c(x);
        ncc_invntt_c(x);
        for (i = 0; i < N && x[i] == mulmod(f[i] % Q, r_mod_q); i++) {
        }
        CHECK(i == N, "invntt(reduce2q(ntt f)) = f R (trial %u)", t);
    }
}

/* ntt_from_spec: a permutation (the identity where the orders agree). */
static void test_from_spec(void)
{
    static uint8_t seen[N];
    size_t i;
    for (i = 0; i < N; i++) {
        f[i] = (uint32_t)i;
    }
    ncc_ntt_from_spec_c(p, f);
    memset(seen, 0, sizeof seen);
    for (i = 0; i < N && p[i] < N && !seen[p[i]]; i++) {
        seen[p[i]] = 1;
    }
    CHECK(i == N, "ntt_from_spec_c permutes");
#if NCC_N == 1536 || NCC_N == 2048
    CHECK_MEM(p, f, sizeof p, "ntt_from_spec_c is the identity at n = %d", N);
#endif
#if defined(PQSIG_NCC_NATIVE_NTT_FROM_SPEC)
    rnd_poly(f, Q, 2);
    ncc_ntt_from_spec_c(want, f);
    memset(x, 0xA5, sizeof x);
    memcpy(before, x, sizeof x);
    if (native_took(ncc_ntt_from_spec_native(x, f), x, before, sizeof x, "ntt_from_spec")) {
        CHECK_MEM(x, want, sizeof x, "ntt_from_spec_native = ntt_from_spec_c");
    }
#endif
}

/* Room for N values after a last step of up to 4 candidates per byte. */
static uint8_t buf[3 * N];
static int32_t s[N], s_want[N];
NATIVE_ONLY static int32_t s_x[N], s_before[N];

static size_t ref_rej_uniform(uint32_t *a, size_t len, const uint8_t *in, size_t inlen)
{
    size_t ctr = 0, pos;
    for (pos = 0; pos + 3 <= inlen && ctr < len; pos += 3) {
        uint32_t t = ((uint32_t)in[pos] | (uint32_t)in[pos + 1] << 8 | (uint32_t)in[pos + 2] << 16) &
                     NCC_UNIFORM_MASK;
        if (t > 0 && t < Q) {
            a[ctr++] = t;
        }
    }
    return ctr;
}

static size_t ref_rej_eta(int32_t *out, size_t len, const uint8_t *in, size_t inlen)
{
    size_t ctr = 0, pos;
    unsigned k;
    for (pos = 0; pos < inlen; pos++) {
        for (k = 0; k < 4 && ctr < len; k++) {
            unsigned t = (in[pos] >> (2 * k)) & 3;
            if (t < 3) {
                out[ctr++] = 1 - (int32_t)t;
            }
        }
    }
    return ctr;
}

/* Puts edge chunks (0, 1, q - 1, q, the mask) into buf at random places. */
static void edge_chunks(size_t buflen)
{
    static const uint32_t edges[5] = {0, 1, NCC_Q - 1, NCC_Q, NCC_UNIFORM_MASK};
    unsigned e;
    for (e = 0; e < 5; e++) {
        size_t at = 3 * rnd_below((uint32_t)(buflen / 3));
        buf[at] = (uint8_t)edges[e];
        buf[at + 1] = (uint8_t)(edges[e] >> 8);
        buf[at + 2] = (uint8_t)(edges[e] >> 16);
    }
}

static void test_samplers(void)
{
    /* (len, buflen): every candidate fits; it stops early; a short tail. */
    static const size_t cases[][2] = {{N, 504}, {N, 168}, {10, 504}, {1, 3}, {N, 3 * N}, {N / 2, 3 * N}};
    size_t c, n_c, n_ref;
    for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        size_t len = cases[c][0], buflen = cases[c][1];
        rnd_bytes(buf, buflen);
        edge_chunks(buflen);
        n_ref = ref_rej_uniform(want, len, buf, buflen);
        n_c = ncc_rej_uniform_c(p, len, buf, buflen);
        CHECK(n_c == n_ref && memcmp(p, want, n_c * sizeof p[0]) == 0, "rej_uniform_c (case %zu)", c);
#if defined(PQSIG_NCC_NATIVE_REJ_UNIFORM)
        {
            size_t n_x = 0;
            memset(x, 0xA5, sizeof x);
            memcpy(before, x, sizeof x);
            if (native_took(ncc_rej_uniform_native(x, len, buf, buflen, &n_x), x, before, sizeof x,
                            "rej_uniform")) {
                CHECK(n_x == n_c && memcmp(x, p, n_c * sizeof x[0]) == 0, "rej_uniform_native (case %zu)", c);
            }
        }
#endif
        rnd_bytes(buf, buflen);
        if (c == 0) {
            memset(buf, 0xFF, buflen / 2); /* runs of rejected chunks */
        }
        n_ref = ref_rej_eta(s_want, len, buf, buflen);
        n_c = ncc_rej_eta_c(s, len, buf, buflen);
        CHECK(n_c == n_ref && memcmp(s, s_want, n_c * sizeof s[0]) == 0, "rej_eta_c (case %zu)", c);
#if defined(PQSIG_NCC_NATIVE_REJ_ETA)
        {
            size_t n_x = 0;
            memset(s_x, 0xA5, sizeof s_x);
            memcpy(s_before, s_x, sizeof s_x);
            if (native_took(ncc_rej_eta_native(s_x, len, buf, buflen, &n_x), s_x, s_before, sizeof s_x,
                            "rej_eta")) {
                CHECK(n_x == n_c && memcmp(s_x, s, n_c * sizeof s[0]) == 0, "rej_eta_native (case %zu)", c);
            }
        }
#endif
    }
}

/* Decompose by the definition: r0 = w mod+- 2 gamma2 in (-gamma2, gamma2];
 * if w - r0 = q - 1, then w1 = 0 and r0 - 1, else w1 = (w - r0) / (2 gamma2). */
static uint8_t ref_decompose(int32_t *r0, uint32_t w)
{
    int32_t r = (int32_t)(w % (2 * NCC_GAMMA2));
    if (r > NCC_GAMMA2) {
        r -= 2 * NCC_GAMMA2;
    }
    if (w - (uint32_t)r == Q - 1) {
        *r0 = r - 1;
        return 0;
    }
    *r0 = r;
    return (uint8_t)((w - (uint32_t)r) / (2 * NCC_GAMMA2));
}

static uint8_t w1[N], w1_want[N], h[N];
NATIVE_ONLY static uint8_t w1_x[N], w1_before[N];

/* w: random below q, with the edges of the intervals at the front. */
static void rounding_input(void)
{
    const uint32_t edges[] = {0, 1, NCC_GAMMA2 - 1, NCC_GAMMA2, NCC_GAMMA2 + 1, 2 * NCC_GAMMA2 - 1,
                              2 * NCC_GAMMA2, 3 * NCC_GAMMA2, 3 * NCC_GAMMA2 + 1, Q - NCC_GAMMA2 - 1,
                              Q - NCC_GAMMA2, Q - NCC_GAMMA2 + 1, Q - 2, Q - 1};
    size_t i;
    for (i = 0; i < N; i++) {
        f[i] = i < sizeof edges / sizeof edges[0] ? edges[i] : rnd_below(Q);
        h[i] = (uint8_t)(rnd32() & 1);
    }
}

/* The dense challenge from random placements (distinct positions, the
 * first and last index among them in some trials) against a direct
 * placement. */
static void test_challenge_dense(void)
{
    unsigned t, k, j;
    for (t = 0; t < 40; t++) {
        uint32_t pos[NCC_TAU], neg[NCC_TAU];
        uint8_t cwant[N], d[N], dx[N], dbefore[N];
        memset(cwant, 0, sizeof cwant);
        for (k = 0; k < NCC_TAU; k++) {
            uint32_t q;
            do { /* distinct positions (test data: rejection is fine here) */
                q = k == 0 && t % 4 == 1 ? 0 : k == 1 && t % 4 == 2 ? N - 1 : rnd_below(N);
                for (j = 0; j < k && pos[j] != q; j++) {
                }
            } while (j < k);
            pos[k] = q;
            neg[k] = rnd32() & 1;
            cwant[q] = neg[k] ? 0xFF : 1;
        }
        rnd_bytes(d, sizeof d);
        ncc_challenge_dense_c(d, pos, neg);
        CHECK_MEM(d, cwant, sizeof d, "challenge_dense_c (trial %u)", t);
#if defined(PQSIG_NCC_NATIVE_CHALLENGE_DENSE)
        rnd_bytes(dx, sizeof dx);
        memcpy(dbefore, dx, sizeof dx);
        if (native_took(ncc_challenge_dense_native(dx, pos, neg), dx, dbefore, sizeof dx, "challenge_dense")) {
            CHECK_MEM(dx, d, sizeof dx, "challenge_dense_native = challenge_dense_c (trial %u)", t);
        }
#else
        (void)dx;
        (void)dbefore;
#endif
    }
}

static void test_rounding(void)
{
    unsigned t;
    size_t i;
    for (t = 0; t < TRIALS; t++) {
        uint32_t count, want_count = 0;
        rounding_input();
        ncc_decompose_c(w1, s, f);
        for (i = 0; i < N; i++) {
            w1_want[i] = ref_decompose(&s_want[i], f[i]);
        }
        CHECK_MEM(w1, w1_want, sizeof w1, "decompose_c high bits (trial %u)", t);
        CHECK_MEM(s, s_want, sizeof s, "decompose_c low bits (trial %u)", t);
#if defined(PQSIG_NCC_NATIVE_DECOMPOSE)
        memset(w1_x, 0xA5, sizeof w1_x);
        memset(s_x, 0xA5, sizeof s_x);
        memcpy(w1_before, w1_x, sizeof w1_x);
        memcpy(s_before, s_x, sizeof s_x);
        if (native_took(ncc_decompose_native(w1_x, s_x, f), w1_x, w1_before, sizeof w1_x, "decompose")) {
            CHECK(memcmp(w1_x, w1, sizeof w1) == 0 && memcmp(s_x, s, sizeof s) == 0,
                  "decompose_native = decompose_c (trial %u)", t);
        } else {
            CHECK_MEM(s_x, s_before, sizeof s_x, "decompose: declined but wrote w0");
        }
#endif

        /* MakeHint over low bits around +-gamma2 (and far), any high bits. */
        for (i = 0; i < N; i++) {
            static const int32_t near[] = {-NCC_GAMMA2 - 1, -NCC_GAMMA2, -NCC_GAMMA2 + 1, 0,
                                           NCC_GAMMA2 - 1,  NCC_GAMMA2,  NCC_GAMMA2 + 1};
            s[i] = (i & 1) ? near[rnd_below(7)] : (int32_t)rnd_below(4 * NCC_GAMMA2) - 2 * NCC_GAMMA2;
            w1[i] = (uint8_t)((i & 2) ? 0 : rnd_below(NCC_W1_MODULUS));
            w1_want[i] = (uint8_t)(s[i] > NCC_GAMMA2 || s[i] < -NCC_GAMMA2 || (s[i] == -NCC_GAMMA2 && w1[i] != 0));
            want_count += w1_want[i];
        }
        count = ncc_make_hint_c(h, s, w1);
        CHECK(count == want_count && memcmp(h, w1_want, sizeof h) == 0, "make_hint_c (trial %u)", t);
#if defined(PQSIG_NCC_NATIVE_MAKE_HINT)
        {
            uint32_t count_x = 0;
            memset(w1_x, 0xA5, sizeof w1_x);
            memcpy(w1_before, w1_x, sizeof w1_x);
            if (native_took(ncc_make_hint_native(w1_x, s, w1, &count_x), w1_x, w1_before, sizeof w1_x,
                            "make_hint")) {
                CHECK(count_x == count && memcmp(w1_x, h, sizeof h) == 0, "make_hint_native (trial %u)", t);
            }
        }
#endif

        /* UseHint: the high bits moved one step toward the low bits' side. */
        rounding_input();
        ncc_use_hint_c(w1, f, h);
        for (i = 0; i < N; i++) {
            int32_t r0;
            uint8_t hi = ref_decompose(&r0, f[i]);
            if (h[i]) {
                hi = (uint8_t)((r0 > 0 ? hi + 1 : hi + NCC_W1_MODULUS - 1) % NCC_W1_MODULUS);
            }
            w1_want[i] = hi;
        }
        CHECK_MEM(w1, w1_want, sizeof w1, "use_hint_c (trial %u)", t);
#if defined(PQSIG_NCC_NATIVE_USE_HINT)
        memset(w1_x, 0xA5, sizeof w1_x);
        memcpy(w1_before, w1_x, sizeof w1_x);
        if (native_took(ncc_use_hint_native(w1_x, f, h), w1_x, w1_before, sizeof w1_x, "use_hint")) {
            CHECK_MEM(w1_x, w1, sizeof w1, "use_hint_native = use_hint_c (trial %u)", t);
        }
#endif
    }
}

/* Field i of `bits` bits of a little-endian bit string. */
static uint32_t field(const uint8_t *in, size_t i, unsigned bits)
{
    uint32_t v = 0;
    unsigned b;
    for (b = 0; b < bits; b++) {
        size_t at = i * bits + b;
        v |= (uint32_t)((in[at / 8] >> (at % 8)) & 1) << b;
    }
    return v;
}

static uint8_t packed[NCC_POLYZ_BYTES];
NATIVE_ONLY static uint8_t packed_x[NCC_POLYZ_BYTES], packed_before[NCC_POLYZ_BYTES];

static void test_packing(void)
{
    unsigned t;
    size_t i;
    for (t = 0; t < TRIALS; t++) {
        for (i = 0; i < N; i++) {
            w1[i] = (uint8_t)(t == 0 ? NCC_W1_MODULUS - 1 : rnd_below(NCC_W1_MODULUS));
        }
        ncc_pack_w1_c(packed, w1);
        for (i = 0; i < N && field(packed, i, NCC_W1_BITS) == w1[i]; i++) {
        }
        CHECK(i == N, "pack_w1_c (trial %u)", t);
#if defined(PQSIG_NCC_NATIVE_PACK_W1)
        memset(packed_x, 0xA5, sizeof packed_x);
        memcpy(packed_before, packed_x, sizeof packed_x);
        if (native_took(ncc_pack_w1_native(packed_x, w1), packed_x, packed_before, sizeof packed_x, "pack_w1")) {
            CHECK_MEM(packed_x, packed, NCC_POLYW1_BYTES, "pack_w1_native = pack_w1_c (trial %u)", t);
        }
#endif

        /* Any bytes decode (all ones and zeros at the edges). */
        if (t < 2) {
            memset(packed, t == 0 ? 0xFF : 0x00, sizeof packed);
        } else {
            rnd_bytes(packed, sizeof packed);
        }
        ncc_unpack_z_c(s, packed);
        for (i = 0; i < N && s[i] == NCC_GAMMA1 - (int32_t)field(packed, i, NCC_Z_BITS); i++) {
        }
        CHECK(i == N, "unpack_z_c (trial %u)", t);
#if defined(PQSIG_NCC_NATIVE_UNPACK_Z)
        memset(s_x, 0xA5, sizeof s_x);
        memcpy(s_before, s_x, sizeof s_x);
        if (native_took(ncc_unpack_z_native(s_x, packed), s_x, s_before, sizeof s_x, "unpack_z")) {
            CHECK_MEM(s_x, s, sizeof s, "unpack_z_native = unpack_z_c (trial %u)", t);
        }
#endif
        ncc_unpack_t1_c(p, packed);
        for (i = 0; i < N && p[i] == field(packed, i, NCC_T1_BITS); i++) {
        }
        CHECK(i == N, "unpack_t1_c (trial %u)", t);
#if defined(PQSIG_NCC_NATIVE_UNPACK_T1)
        memset(x, 0xA5, sizeof x);
        memcpy(before, x, sizeof x);
        if (native_took(ncc_unpack_t1_native(x, packed), x, before, sizeof x, "unpack_t1")) {
            CHECK_MEM(x, p, sizeof p, "unpack_t1_native = unpack_t1_c (trial %u)", t);
        }
#endif
    }
}

/* w - c t1 2^d modulo q against a product by repeated multiplication by
 * X (X^n = X^(n/2) - 1): random placements, t1 and w at their edges in the
 * first trials. */
static void test_sub_ct1(void)
{
    static int64_t sh[N], acc[N];
    static int32_t wide[2 * N];
    static uint32_t t1[N], w[N], ref[N], got[N], prev[N];
    int8_t c[N];
    unsigned t, k, j;
    for (t = 0; t < 6; t++) {
        uint32_t pos[NCC_TAU], neg[NCC_TAU];
        size_t i, pi;
        memset(c, 0, sizeof c);
        for (k = 0; k < NCC_TAU; k++) {
            uint32_t q;
            do {
                q = k == 0 && t % 3 == 1 ? 0 : k == 1 && t % 3 == 2 ? N - 1 : rnd_below(N);
                for (j = 0; j < k && pos[j] != q; j++) {
                }
            } while (j < k);
            pos[k] = q;
            neg[k] = t == 0 ? 1 : rnd32() & 1;
            c[q] = neg[k] ? -1 : 1;
        }
        rnd_poly(t1, NCC_T1_MAX + 1, t);
        rnd_poly(w, Q, t == 0 ? 1 : t == 1 ? 0 : t);
        for (i = 0; i < N; i++) {
            sh[i] = t1[i];
            acc[i] = 0;
        }
        for (pi = 0; pi < N; pi++) {
            int64_t top;
            for (i = 0; i < N; i++) {
                acc[i] += c[pi] * sh[i];
            }
            top = sh[N - 1];
            memmove(sh + 1, sh, (N - 1) * sizeof sh[0]);
            sh[0] = -top;
            sh[N / 2] += top;
        }
        for (i = 0; i < N; i++) {
            int64_t xv = ((int64_t)w[i] - acc[i] * ((int64_t)1 << NCC_D)) % (int64_t)Q;
            ref[i] = (uint32_t)(xv < 0 ? xv + (int64_t)Q : xv);
        }
        memcpy(got, w, sizeof got);
        ncc_sub_ct1_c(got, pos, neg, t1, wide);
        CHECK_MEM(got, ref, sizeof got, "sub_ct1_c (trial %u)", t);
#if defined(PQSIG_NCC_NATIVE_SUB_CT1)
        memcpy(got, w, sizeof got);
        memcpy(prev, got, sizeof got);
        if (native_took(ncc_sub_ct1_native(got, pos, neg, t1, wide), got, prev, sizeof got, "sub_ct1")) {
            CHECK_MEM(got, ref, sizeof got, "sub_ct1_native (trial %u)", t);
        }
#else
        (void)prev;
#endif
    }
}

int main(int argc, char **argv)
{
    const char *kset = check_kset(argc, argv);
    char name[64];
    pqsig_shake128_init(&rng);
    pqsig_shake_absorb(&rng, (const uint8_t *)"nccsign kernels", 15);
    test_ntt();
    test_from_spec();
    test_samplers();
    test_challenge_dense();
    test_rounding();
    test_sub_ct1();
    test_packing();
    printf("n = %d, backend %s: %u native calls did the work, %u declined\n", N, kset, native_ok,
           native_declined);
    snprintf(name, sizeof name, "test_nccsign_kernels n%d %s", N, kset);
    return check_done(name);
}
