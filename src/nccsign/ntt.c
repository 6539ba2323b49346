/* NCC-Sign-T: the portable NTT kernels of native/api.h, one engine for all
 * four rings.
 *
 * The transform is described by data (ntt_tables.h, made by gen_tables.py):
 * the trinomial split X^n - X^(n/2) + 1 = (X^(n/2) - w6)(X^(n/2) - w6^5),
 * then NCC_NTT_R3_LAYERS radix-3 layers (n = 1152 and 2304), at strides of
 * n/6 and n/18 where their loops vectorise, then NCC_NTT_R2_LAYERS radix-2
 * layers (n = 1536 has no radix-3 layer: the transform stops at degree-2
 * residues and pointwise products become products modulo X^3 -+ zeta).
 * Running the radix-3 layers first puts the residues in another order than
 * the specification's; ncc_ntt_from_spec_c converts a-hat (ncc_ntt_perm).
 *
 * Arithmetic is unsigned and lazy: coefficients are uint32 values known to
 * be below a bound that the loops track as a public multiple of q;
 * Montgomery products (R = 2^32) of anything by a constant below q are
 * below 2q. Nothing branches on or is indexed by coefficient values. */
#include "nccsign/native/api.h"
#include "nccsign/ntt_tables.h"

#define Q ((uint32_t)NCC_Q)

/* -q^-1 mod 2^32 and q as values read at run time: a compiler that sees
 * them as constants turns the 32-bit products by them into shift-and-add
 * chains, which cost far more than a multiply once loops are vectorized. */
static const volatile uint32_t ncc_qinv_rt = NCC_QINV_NEG;
static const volatile uint32_t ncc_q_rt = NCC_Q;

/* a b R^-1 mod q, in [0, 2q), for a b < q 2^32. */
static inline uint32_t mont_reduce(uint64_t x, uint32_t qinv)
{
    uint32_t m = (uint32_t)x * qinv;
    return (uint32_t)((x + (uint64_t)m * Q) >> 32);
}

static inline uint32_t mont_mul(uint32_t a, uint32_t b, uint32_t qinv)
{
    return mont_reduce((uint64_t)a * b, qinv);
}

/* a mod q, in [0, 2q): the quotient estimate floor(a V / 2^54) is at most
 * one below floor(a / q). */
static inline uint32_t barrett(uint32_t a, uint32_t q)
{
    uint32_t t = (uint32_t)(((uint64_t)a * NCC_BARRETT_V) >> 54);
    return a - t * q;
}

/* a - m if a >= m, else a; for a < 2^31. */
static inline uint32_t csub(uint32_t a, uint32_t m)
{
    uint32_t d = a - m;
    return d + (m & (0u - (d >> 31)));
}

/* The layers below are the units a backend may replace: a file that
 * includes this one with NCC_LAYER(name) defined gets its own function
 * for every layer `name` (x86_64_avx2/ntt_avx2.c), which must compute
 * exactly the same values (it may call the portable one for a case it
 * does not cover). */
#ifndef NCC_LAYER
#define NCC_LAYER(name) name
#endif

/* The split X^n - X^(n/2) + 1 = (X^(n/2) - w6)(X^(n/2) - w6^5): f mod
 * (X^(n/2) - w6) = lo + w6 hi, f mod (X^(n/2) - w6^5) = lo + hi - w6 hi;
 * z = w6 R. */
PQSIG_MAYBE_UNUSED
static inline void fwd_split(uint32_t *restrict a, uint32_t z, uint32_t qinv)
{
    const size_t len = NCC_N / 2;
    size_t j;
    for (j = 0; j < len; j++) {
        uint32_t t = mont_mul(a[j + len], z, qinv);
        a[j + len] = a[j] + a[j + len] + 2 * Q - t;
        a[j] += t;
    }
}

/* One forward radix-2 layer on blocks of 2 len, a twiddle a block. */
PQSIG_MAYBE_UNUSED
static inline void fwd_radix2(uint32_t *restrict a, size_t len, const uint32_t *restrict tw, uint32_t qinv)
{
    size_t start, j;
    for (start = 0; start < NCC_N; start += 2 * len) {
        uint32_t *lo = a + start, *hi = a + start + len;
        const uint32_t z = *tw++;
        for (j = 0; j < len; j++) {
            uint32_t t = mont_mul(hi[j], z, qinv);
            hi[j] = lo[j] + 2 * Q - t;
            lo[j] += t;
        }
    }
}

#if NCC_NTT_R3_LAYERS > 0 && !NCC_NTT_R3_FIRST
#error "ntt.c runs the radix-3 layers right after the split (gen_tables.py)"
#endif

#if NCC_NTT_R3_LAYERS > 0
/* One forward radix-3 layer on blocks of 3 len: f0 + r^i w^(ki) f1 +
 * r^2i w^(2ki) f2 with t1 = r f1, t2 = r^2 f2 and w^2 = -1 - w gives
 * f0 + t1 + t2, f0 - t2 + w (t1 - t2) and f0 - t1 - w (t1 - t2). */
PQSIG_MAYBE_UNUSED
static inline void fwd_radix3(uint32_t *restrict a, size_t len, const uint32_t *restrict tw, uint32_t qinv)
{
    size_t start, j;
    for (start = 0; start < NCC_N; start += 3 * len, tw += 2) {
        uint32_t *x0 = a + start, *x1 = x0 + len, *x2 = x1 + len;
        uint32_t z1 = tw[0], z2 = tw[1];
        for (j = 0; j < len; j++) {
            uint32_t t1 = mont_mul(x1[j], z1, qinv), t2 = mont_mul(x2[j], z2, qinv);
            uint32_t m = mont_mul(t1 + 2 * Q - t2, NCC_NTT_W_MONT, qinv);
            uint32_t f0 = x0[j];
            x0[j] = f0 + t1 + t2;
            x1[j] = f0 + 2 * Q - t2 + m;
            x2[j] = f0 + 4 * Q - t1 - m;
        }
    }
}

/* One inverse radix-3 layer: 3 f0 = x0 + x1 + x2, 3 r f1 = x0 - x1 - w (x1 -
 * x2), 3 r^2 f2 = x0 - x2 + w (x1 - x2); inputs below bound. */
PQSIG_MAYBE_UNUSED
static inline void inv_radix3(uint32_t *restrict a, size_t len, const uint32_t *restrict tw, uint32_t bound,
                              int reduce, uint32_t qinv, uint32_t rq)
{
    size_t start, j;
    for (start = 0; start < NCC_N; start += 3 * len, tw += 2) {
        uint32_t *x0 = a + start, *x1 = x0 + len, *x2 = x1 + len;
        uint32_t r1 = tw[0], r2 = tw[1];
        for (j = 0; j < len; j++) {
            uint32_t m = mont_mul(x1[j] + bound - x2[j], NCC_NTT_W_MONT, qinv);
            uint32_t s = x0[j] + x1[j] + x2[j];
            uint32_t v1 = x0[j] + bound + 2 * Q - x1[j] - m;
            uint32_t v2 = x0[j] + bound - x2[j] + m;
            x0[j] = reduce ? barrett(s, rq) : s;
            x1[j] = mont_mul(v1, r1, qinv);
            x2[j] = mont_mul(v2, r2, qinv);
        }
    }
}
#endif

/* Two forward radix-2 layers on blocks of 4h: split by z1 into halves,
 * each half split by its own z2 (four points per load and store). */
PQSIG_MAYBE_UNUSED
static inline void fwd_radix2x2(uint32_t *restrict a, size_t h, const uint32_t *restrict tw, uint32_t qinv)
{
    const size_t blocks = NCC_N / (4 * h);
    const uint32_t *restrict tw2 = tw + blocks;
    size_t b, j;
    for (b = 0; b < blocks; b++) {
        uint32_t *x = a + 4 * h * b;
        uint32_t z1 = tw[b], z2a = tw2[2 * b], z2b = tw2[2 * b + 1];
        for (j = 0; j < h; j++) {
            uint32_t x0 = x[j], x1 = x[j + h], x2 = x[j + 2 * h], x3 = x[j + 3 * h];
            uint32_t t2 = mont_mul(x2, z1, qinv), t3 = mont_mul(x3, z1, qinv), u1, u3;
            x2 = x0 + 2 * Q - t2;
            x0 += t2;
            x3 = x1 + 2 * Q - t3;
            x1 += t3;
            u1 = mont_mul(x1, z2a, qinv);
            u3 = mont_mul(x3, z2b, qinv);
            x[j] = x0 + u1;
            x[j + h] = x0 + 2 * Q - u1;
            x[j + 2 * h] = x2 + u3;
            x[j + 3 * h] = x2 + 2 * Q - u3;
        }
    }
}

/* Two inverse radix-2 layers on blocks of 4h: first the halves (twiddles
 * y1, y2 per block), then the block (y3). Inputs below b0; b1 bounds the
 * first layer's outputs; red1 and red2 reduce the sums of each layer. */
PQSIG_MAYBE_UNUSED
static inline void inv_radix2x2(uint32_t *restrict a, size_t h, const uint32_t *restrict tw, uint32_t b0,
                                uint32_t b1, int red1, int red2, uint32_t qinv, uint32_t rq)
{
    const size_t blocks = NCC_N / (4 * h);
    size_t b, j;
    for (b = 0; b < blocks; b++) {
        uint32_t *x = a + 4 * h * b;
        uint32_t y1 = tw[2 * b], y2 = tw[2 * b + 1], y3 = tw[2 * blocks + b];
        for (j = 0; j < h; j++) {
            uint32_t x0 = x[j], x1 = x[j + h], x2 = x[j + 2 * h], x3 = x[j + 3 * h];
            uint32_t s0 = x0 + x1, s2 = x2 + x3;
            x1 = mont_mul(x0 + b0 - x1, y1, qinv);
            x3 = mont_mul(x2 + b0 - x3, y2, qinv);
            if (red1) {
                s0 = barrett(s0, rq);
                s2 = barrett(s2, rq);
            }
            x0 = s0 + s2;
            x2 = mont_mul(s0 + b1 - s2, y3, qinv);
            s0 = x1 + x3;
            x3 = mont_mul(x1 + b1 - x3, y3, qinv);
            if (red2) {
                x0 = barrett(x0, rq);
                s0 = barrett(s0, rq);
            }
            x[j] = x0;
            x[j + h] = s0;
            x[j + 2 * h] = x2;
            x[j + 3 * h] = x3;
        }
    }
}

void ncc_ntt_c(uint32_t a[NCC_N])
{
    const uint32_t qinv = ncc_qinv_rt;
    const uint32_t *tw = ncc_ntt_fwd;
    size_t len = NCC_N / 2;
    unsigned layer;

    NCC_LAYER(fwd_split)(a, *tw++, qinv);
    /* Bounds: 10q after the split, +4q per radix-3 layer, +2q per radix-2. */
#if NCC_NTT_R3_LAYERS > 0
    for (layer = 0; layer < NCC_NTT_R3_LAYERS; layer++) {
        len /= 3;
        NCC_LAYER(fwd_radix3)(a, len, tw, qinv);
        tw += 2 * (NCC_N / (3 * len));
    }
#endif
    /* An odd radix-2 layer goes first, alone; then two at a time (four
     * points per load and store): blocks of 4h split by z1 into halves,
     * each half split by its own z2. */
#if NCC_NTT_R2_LAYERS % 2
    len /= 2;
    NCC_LAYER(fwd_radix2)(a, len, tw, qinv);
    tw += NCC_N / (2 * len);
#endif
    for (layer = NCC_NTT_R2_LAYERS % 2; layer < NCC_NTT_R2_LAYERS; layer += 2) {
        size_t h = len / 4, blocks = NCC_N / (4 * h);
        /* Constant small h let the compiler unroll and vectorise across blocks. */
        if (h == 1) {
            NCC_LAYER(fwd_radix2x2)(a, 1, tw, qinv);
        } else if (h == 3) {
            NCC_LAYER(fwd_radix2x2)(a, 3, tw, qinv);
        } else if (h == 4) {
            NCC_LAYER(fwd_radix2x2)(a, 4, tw, qinv);
        } else {
            NCC_LAYER(fwd_radix2x2)(a, h, tw, qinv);
        }
        tw += 3 * blocks;
        len = h;
    }
    /* Left unreduced (below 32q): ncc_pointwise takes it as its first operand. */
}

void ncc_reduce2q_c(uint32_t a[NCC_N])
{
    const uint32_t rq = ncc_q_rt;
    size_t j;
    for (j = 0; j < NCC_N; j++) {
        a[j] = barrett(a[j], rq);
    }
}

/* Sums of the inverse layers grow (x2, x3); when the next bound would pass
 * this, the sums of the layer are reduced. Keeps every intermediate below 2^32. */
#define INTT_LIMIT ((uint32_t)(0xFFFFFFFFu / 3 / Q) * Q)

/* One inverse radix-2 layer on blocks of 2 len, a twiddle a block; inputs
 * below bound; reduce: the sums are reduced. */
PQSIG_MAYBE_UNUSED
static inline void inv_radix2(uint32_t *restrict a, size_t len, const uint32_t *restrict tw, uint32_t bound,
                              int reduce, uint32_t qinv, uint32_t rq)
{
    size_t start, j;
    for (start = 0; start < NCC_N; start += 2 * len) {
        uint32_t *lo = a + start, *hi = a + start + len;
        const uint32_t z = *tw++;
        for (j = 0; j < len; j++) {
            uint32_t x = lo[j], y = hi[j];
            lo[j] = reduce ? barrett(x + y, rq) : x + y;
            hi[j] = mont_mul(x + bound - y, z, qinv);
        }
    }
}

/* The inverse of the split, inputs below bound: from A1 = lo + w6 hi and
 * A2 = lo + w6^5 hi (both scaled by the layers above and by R^-1),
 * hi = (A1 - A2) / (2 w6 - 1), lo = A1 - w6 hi, with the constants undoing
 * the scaling; canonical outputs. lo takes one reduction: a1 K_LO + 2 q^2 -
 * hi w6 is positive (hi < 2q) and below bound q + 2 q^2 < q 2^32. */
PQSIG_MAYBE_UNUSED
static inline void inv_merge(uint32_t *restrict a, uint32_t bound, uint32_t qinv)
{
    const size_t len = NCC_N / 2;
    size_t j;
    for (j = 0; j < len; j++) {
        uint32_t a1 = a[j], a2 = a[j + len];
        uint32_t hi = mont_mul(a1 + bound - a2, NCC_INTT_K_HI, qinv);
        uint32_t lo = mont_reduce((uint64_t)a1 * NCC_INTT_K_LO + 2 * (uint64_t)Q * Q -
                                      (uint64_t)hi * NCC_NTT_W6_MONT,
                                  qinv);
        a[j] = csub(lo, Q);
        a[j + len] = csub(hi, Q);
    }
}

void ncc_invntt_c(uint32_t a[NCC_N])
{
    const uint32_t qinv = ncc_qinv_rt, rq = ncc_q_rt;
    const uint32_t *tw = ncc_ntt_inv;
    uint32_t bound = 4 * Q; /* every coefficient is below bound, a multiple of q */
    size_t len = NCC_NTT_BASE;
    unsigned layer;

    /* Radix-2 layers two at a time: blocks of 4h, first their halves (twiddles
     * y1, y2), then the whole block (y3). A layer's sums are reduced when the
     * next bound would pass INTT_LIMIT. */
    for (layer = 0; layer + 2 <= NCC_NTT_R2_LAYERS; layer += 2) {
        size_t h = len, blocks = NCC_N / (4 * h);
        uint32_t b0 = bound, b1, b2;
        int red1 = 2 * b0 > INTT_LIMIT, red2;
        b1 = red1 ? 2 * Q : 2 * b0;
        red2 = 2 * b1 > INTT_LIMIT;
        b2 = red2 ? 2 * Q : 2 * b1;
        if (red1) {
            NCC_LAYER(inv_radix2x2)(a, h, tw, b0, b1, 1, 0, qinv, rq);
        } else if (h == 1) {
            NCC_LAYER(inv_radix2x2)(a, 1, tw, b0, b1, 0, red2, qinv, rq);
        } else if (h == 3) {
            NCC_LAYER(inv_radix2x2)(a, 3, tw, b0, b1, 0, red2, qinv, rq);
        } else if (h == 4) {
            NCC_LAYER(inv_radix2x2)(a, 4, tw, b0, b1, 0, red2, qinv, rq);
        } else if (red2) {
            NCC_LAYER(inv_radix2x2)(a, h, tw, b0, b1, 0, 1, qinv, rq);
        } else {
            NCC_LAYER(inv_radix2x2)(a, h, tw, b0, b1, 0, 0, qinv, rq);
        }
        tw += 3 * blocks;
        bound = b2;
        len *= 4;
    }
    if (layer < NCC_NTT_R2_LAYERS) {
        int reduce = bound > INTT_LIMIT / 2;
        NCC_LAYER(inv_radix2)(a, len, tw, bound, reduce, qinv, rq);
        tw += NCC_N / (2 * len);
        bound = reduce ? 2 * Q : 2 * bound;
        len *= 2;
    }
    /* Then the radix-3 layers (strides n/18, n/6). */
#if NCC_NTT_R3_LAYERS > 0
    for (layer = 0; layer < NCC_NTT_R3_LAYERS; layer++) {
        int reduce = bound > INTT_LIMIT / 3;
        NCC_LAYER(inv_radix3)(a, len, tw, bound, reduce, qinv, rq);
        tw += 2 * (NCC_N / (3 * len));
        bound = reduce ? 2 * Q : 3 * bound;
        len *= 3;
    }
#endif
    NCC_LAYER(inv_merge)(a, bound, qinv);
}

#if NCC_NTT_BASE == 1
void ncc_pointwise_c(uint32_t r[NCC_N], const uint32_t a[NCC_N], const uint32_t b[NCC_N])
{
    const uint32_t qinv = ncc_qinv_rt;
    size_t i;
    for (i = 0; i < NCC_N; i++) {
        r[i] = mont_mul(a[i], b[i], qinv);
    }
}
#else
/* (a0 + a1 X + a2 X^2)(b0 + b1 X + b2 X^2) mod X^3 - zeta, times R^-1. */
PQSIG_MAYBE_UNUSED
static void mul3(uint32_t r[3], const uint32_t a[3], const uint32_t b[3], uint32_t zeta, uint32_t qinv)
{
    uint64_t x0 = (uint64_t)a[0] * b[0];
    uint64_t x1 = (uint64_t)a[0] * b[1] + (uint64_t)a[1] * b[0];
    uint64_t x2 = (uint64_t)a[0] * b[2] + (uint64_t)a[1] * b[1] + (uint64_t)a[2] * b[0];
    uint64_t x3 = (uint64_t)a[1] * b[2] + (uint64_t)a[2] * b[1];
    uint64_t x4 = (uint64_t)a[2] * b[2];
    r[0] = mont_reduce(x0 + (uint64_t)mont_reduce(x3, qinv) * zeta, qinv);
    r[1] = mont_reduce(x1 + (uint64_t)mont_reduce(x4, qinv) * zeta, qinv);
    r[2] = mont_reduce(x2, qinv);
}

/* The final factors come in pairs X^3 - zeta_k, X^3 + zeta_k, zeta_k the
 * twiddles of the last radix-2 layer. */
#define BASE_ZETAS (ncc_ntt_fwd + NCC_NTT_FWD_COUNT - NCC_N / 6)

/* Two residues per iteration, X^3 - zeta_k then X^3 + zeta_k: the cheaper
 * shape in scalar code (32 k instructions at n = 1536, against 37 k for one
 * residue per iteration with a per-residue zeta table, the shape that gcc
 * vectorises when AVX2 is enabled: that belongs in a backend). */
PQSIG_MAYBE_UNUSED
static inline void base_mul(uint32_t *r, const uint32_t *a, const uint32_t *b, uint32_t qinv)
{
    size_t k;
    for (k = 0; k < NCC_N / 6; k++) {
        uint32_t zeta = BASE_ZETAS[k];
        mul3(r + 6 * k, a + 6 * k, b + 6 * k, zeta, qinv);
        mul3(r + 6 * k + 3, a + 6 * k + 3, b + 6 * k + 3, Q - zeta, qinv);
    }
}

void ncc_pointwise_c(uint32_t r[NCC_N], const uint32_t a[NCC_N], const uint32_t b[NCC_N])
{
    NCC_LAYER(base_mul)(r, a, b, ncc_qinv_rt);
}
#endif

void ncc_ntt_from_spec_c(uint32_t r[NCC_N], const uint32_t a[NCC_N])
{
    size_t i;
#if NCC_NTT_R3_LAYERS > 0
    for (i = 0; i < NCC_N; i += 4) {
        uint32_t p0 = ncc_ntt_perm[i], p1 = ncc_ntt_perm[i + 1], p2 = ncc_ntt_perm[i + 2],
                 p3 = ncc_ntt_perm[i + 3];
        r[p0] = a[i];
        r[p1] = a[i + 1];
        r[p2] = a[i + 2];
        r[p3] = a[i + 3];
    }
#else
    for (i = 0; i < NCC_N; i++) {
        r[i] = a[i];
    }
#endif
}
