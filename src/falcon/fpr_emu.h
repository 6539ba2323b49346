/* Falcon: IEEE-754 binary64 arithmetic done with integer instructions only
 * (FALCON_FPEMU = 1: the "ref" build, and targets with no usable or no
 * trusted double-precision unit, e.g. Cortex-M4). Only "falcon/fpr.h"
 * includes this file, after defining the type (fpr = uint64_t),
 * fpr_from_bits / fpr_to_bits and the constants; this file adds the
 * operations. Code includes "falcon/fpr.h".
 *
 * An fpr holds the bit pattern of a binary64 value. Every operation gives
 * the same bits as the host's double arithmetic in round-to-nearest-even
 * mode, for the values Falcon produces: finite, normal numbers and zeros.
 * Infinities, NaNs and subnormal numbers are outside the contract (a
 * result that would be subnormal comes back as a zero of the right sign;
 * overflow gives an unspecified pattern). Signed zeros follow IEEE-754
 * (x + (-x) = +0, -0 + -0 = -0, products and quotients take the XOR of
 * the signs, floor(-0) = 0, -0 < +0 is false), like the native build.
 * Round 3's integer build, which this otherwise matches bit for bit
 * (fpr_expm_p63 included), differs there only: it gives +0 for 0 / y,
 * -0 / y and half(-0), fpr_floor(-0) = -1, and -0 < +0.
 *
 * Everything runs in constant time: no branch and no memory index depends
 * on an operand. Variable 64-bit shifts go through fpe_shr / fpe_shl,
 * which on 32-bit targets only ever shift by less than 32.
 *
 * Conversions to integers (fpr_rint, fpr_floor, fpr_trunc) need
 * |x| < 2^63; fpr_trunc returns 0 when 2^63 <= |x| < 2^64, as round 3's
 * integer build does (fpr_expm_p63 relies on this for ccs = 1).
 *
 * Build knobs: FALCON_FPEMU_PORTABLE = 1 turns off the compiler
 * shortcuts (unsigned __int128 products, the count-leading-zeros
 * instruction on x86-64, AArch64 and 32-bit Arm, plain 64-bit variable
 * shifts on 64-bit machines), leaving plain C99 with 32x32->64
 * multiplications; the tests check that both give the same bits. */
#ifndef PQSIG_FALCON_FPR_EMU_H
#define PQSIG_FALCON_FPR_EMU_H

#ifndef PQSIG_FALCON_FPR_H
#error "include falcon/fpr.h (built with FALCON_FPEMU=1), not fpr_emu.h"
#endif

#include <stdint.h>

#include "falcon/ns.h"

#ifndef FALCON_FPEMU_PORTABLE
#define FALCON_FPEMU_PORTABLE 0
#endif

/* A 64-bit variable shift is one constant-time instruction on 64-bit
 * machines; elsewhere (or with an unknown compiler) it is split by hand. */
#if !FALCON_FPEMU_PORTABLE &&                                              \
    (defined(__x86_64__) || defined(_M_X64) || defined(__aarch64__) ||    \
     defined(_M_ARM64) || (defined(__riscv) && __riscv_xlen == 64) ||     \
     defined(__powerpc64__) || defined(__s390x__))
#define FPE_WIDE_SHIFT 1
#else
#define FPE_WIDE_SHIFT 0
#endif

#if !FALCON_FPEMU_PORTABLE && defined(__GNUC__) && \
    (defined(__x86_64__) || defined(__aarch64__))
/* lzcnt / bsr / clz: fixed latency, no branch */
#define FPE_HAVE_CLZ 1
#else
#define FPE_HAVE_CLZ 0
#endif

#if !FALCON_FPEMU_PORTABLE && !FPE_HAVE_CLZ && defined(__GNUC__) && \
    defined(__ARM_FEATURE_CLZ)
/* 32-bit Arm (v5 and later, Cortex-M3/M4/M7): clz on one word */
#define FPE_HAVE_CLZ32 1
#else
#define FPE_HAVE_CLZ32 0
#endif

#define FPE_SIGN ((uint64_t)1 << 63)
#define FPE_ABS (FPE_SIGN - 1)
#define FPE_FRAC (((uint64_t)1 << 52) - 1)

/* ---- bit helpers ---- */

/* 1 if v != 0, else 0. */
static inline uint64_t fpe_nz(uint64_t v)
{
#if FPE_WIDE_SHIFT
    return (v | (0 - v)) >> 63;
#else
    /* on 32-bit machines: fold to one word first */
    uint32_t t = (uint32_t)v | (uint32_t)(v >> 32);
    return (uint64_t)((t | (0 - t)) >> 31);
#endif
}

/* x >> n and x << n for 0 <= n <= 63. */
static inline uint64_t fpe_shr(uint64_t x, unsigned n)
{
#if FPE_WIDE_SHIFT
    return x >> n;
#else
    uint64_t hi = 0 - (uint64_t)((n >> 5) & 1); /* n >= 32 */
    x = (x & ~hi) | ((x >> 32) & hi);
    return x >> (n & 31);
#endif
}

static inline uint64_t fpe_shl(uint64_t x, unsigned n)
{
#if FPE_WIDE_SHIFT
    return x << n;
#else
    uint64_t hi = 0 - (uint64_t)((n >> 5) & 1);
    x = (x & ~hi) | ((x << 32) & hi);
    return x << (n & 31);
#endif
}

#if !FPE_HAVE_CLZ && !FPE_HAVE_CLZ32
/* One step of fpe_normalize: shift by `step` when the top `step` bits of
 * m are all zero (step <= 32, so the test is on one 32-bit word). */
static inline uint64_t fpe_norm_step(uint64_t m, unsigned step, int *drop)
{
    uint32_t top = (uint32_t)(m >> (64 - step));
    uint32_t empty = ((top | (0 - top)) >> 31) ^ 1;
    m ^= (m ^ (m << step)) & (0 - (uint64_t)empty);
    *drop += (int)(empty * step);
    return m;
}
#endif

/* Shift m left until its bit 63 is set and return it; *e drops by the
 * shift count. m = 0 stays 0 (with *e garbage, ignored by the callers). */
static inline uint64_t fpe_normalize(uint64_t m, int *e)
{
#if FPE_HAVE_CLZ
    unsigned lz = (unsigned)__builtin_clzll(m | 1);
    *e -= (int)lz;
    return m << lz;
#elif FPE_HAVE_CLZ32
    uint32_t hi = (uint32_t)(m >> 32), lo = (uint32_t)m;
    uint32_t hz = (uint32_t)__builtin_clz(hi | 1);
    uint32_t lz = 32 + (uint32_t)__builtin_clz(lo | 1);
    uint32_t use_lo = ((hi | (0 - hi)) >> 31) ^ 1; /* hi == 0 */
    uint32_t n = hz ^ ((hz ^ lz) & (0 - use_lo));
    *e -= (int)n;
    return fpe_shl(m, n);
#else
    int drop = 0;
    m = fpe_norm_step(m, 32, &drop);
    m = fpe_norm_step(m, 16, &drop);
    m = fpe_norm_step(m, 8, &drop);
    m = fpe_norm_step(m, 4, &drop);
    m = fpe_norm_step(m, 2, &drop);
    m = fpe_norm_step(m, 1, &drop);
    *e -= drop;
    return m;
#endif
}

/* The binary64 nearest to m * 2^e, ties to even, with sign bit s (0/1).
 * m is 0 or in [2^54, 2^55): 53 significant bits, one rounding bit
 * (bit 1) and one sticky bit (bit 0, set if anything nonzero was dropped
 * below the rounding bit). Zero, or a value under the smallest normal
 * number, gives a signed zero. */
static inline fpr fpe_round_pack(uint64_t s, int e, uint64_t m)
{
    int bexp = e + 1077; /* biased exponent of the leading bit */
    /* keep: m nonzero and bexp >= 1 */
    uint64_t keep = 0 - ((m >> 54) & (((uint64_t)(uint32_t)(bexp - 1) >> 31) ^ 1));
    /* the leading bit of m >> 2 lands on exponent bit 52 and adds 1 */
    uint64_t r = ((uint64_t)(uint32_t)(bexp - 1) << 52) + (m >> 2);
    /* round up: rounding bit set and (sticky or the last kept bit odd);
     * a carry out of the fraction bumps the exponent, as it should */
    r += (m >> 1) & (m | (m >> 2)) & 1;
    return (s << 63) | (r & keep);
}

/* ---- the interface ---- */

#define fpr_scaled FALCON_NS(fpr_scaled)
/* i * 2^sc, rounded once (the conversion of i); i != -2^63 is not needed */
fpr fpr_scaled(int64_t i, int sc);

static inline fpr fpr_of(int64_t i)
{
    return fpr_scaled(i, 0);
}

static inline fpr fpr_neg(fpr x)
{
    return x ^ FPE_SIGN;
}

static inline fpr fpr_add(fpr x, fpr y)
{
    uint64_t swap, t, mx, my, sx, sy, sub, sum, lost, nz;
    unsigned d, ex, ey;
    int e;

    /* Put the operand of larger magnitude in x. */
    swap = 0 - (((x & FPE_ABS) - (y & FPE_ABS)) >> 63);
    t = (x ^ y) & swap;
    x ^= t;
    y ^= t;

    ex = (unsigned)(x >> 52) & 0x7FF;
    ey = (unsigned)(y >> 52) & 0x7FF;
    sx = x >> 63;
    sy = y >> 63;
    /* significands with the hidden bit (absent for zero), 3 spare bits:
     * mx = |x| * 2^(1078 - ex), in [2^55, 2^56) */
    mx = ((x & FPE_FRAC) | ((uint64_t)((ex + 0x7FF) >> 11) << 52)) << 3;
    my = ((y & FPE_FRAC) | ((uint64_t)((ey + 0x7FF) >> 11) << 52)) << 3;

    /* Align y on x; beyond 63 places only the sticky bit survives. */
    d = ex - ey;
    d = (d & 63) | (63 & (0 - ((63 - d) >> 31)));
    lost = my & (fpe_shl(1, d) - 1);
    my = fpe_shr(my, d) | fpe_nz(lost);

    /* Add or subtract; the result is in [0, 2^57). */
    sub = sx ^ sy;
    sum = mx + ((my ^ (0 - sub)) + sub);
    nz = fpe_nz(sum);

    /* Bring the leading bit to 63, then down to 54 with a sticky bit. */
    e = (int)ex - 1078;
    sum = fpe_normalize(sum, &e);
    sum = (sum >> 9) | fpe_nz(sum & 0x1FF);
    e += 9;

    /* An exact zero is -0 only when both operands were -0. */
    return fpe_round_pack(sx & (sy | nz), e, sum);
}

static inline fpr fpr_sub(fpr x, fpr y)
{
    return fpr_add(x, y ^ FPE_SIGN);
}

/* x / 2: one less in the exponent; zeros stay, tiny values flush. */
static inline fpr fpr_half(fpr x)
{
    uint32_t ex = (uint32_t)(x >> 52) & 0x7FF;
    uint64_t normal = 0 - (uint64_t)((1 - ex) >> 31); /* ex >= 2 */
    return ((x - ((uint64_t)1 << 52)) & normal) | (x & FPE_SIGN & ~normal);
}

/* 2 * x: one more in the exponent, zeros unchanged. */
static inline fpr fpr_double(fpr x)
{
    uint32_t ex = (uint32_t)(x >> 52) & 0x7FF;
    return x + ((uint64_t)((ex + 0x7FF) >> 11) << 52);
}

#define fpr_mul FALCON_NS(fpr_mul)
fpr fpr_mul(fpr x, fpr y);

static inline fpr fpr_sqr(fpr x)
{
    return fpr_mul(x, x);
}

#define fpr_div FALCON_NS(fpr_div)
fpr fpr_div(fpr x, fpr y);

static inline fpr fpr_inv(fpr x)
{
    return fpr_div(fpr_one, x);
}

#define fpr_sqrt FALCON_NS(fpr_sqrt)
fpr fpr_sqrt(fpr x);

/* x < y (numerically; +0 and -0 are equal). */
static inline int fpr_lt(fpr x, fpr y)
{
    /* Map sign-magnitude to an order-preserving unsigned key: negative
     * values to 2^63 - |v|, positive ones to 2^63 + |v|. Both zeros give
     * 2^63. */
    uint64_t nx = 0 - (x >> 63), ny = 0 - (y >> 63);
    uint64_t kx = (((x & FPE_ABS) ^ nx) - nx) + FPE_SIGN;
    uint64_t ky = (((y & FPE_ABS) ^ ny) - ny) + FPE_SIGN;
    /* borrow out of kx - ky */
    return (int)(((~kx & ky) | (~(kx ^ ky) & (kx - ky))) >> 63);
}

/* Conversions to integers: |x| = m * 2^-c, with m the significand placed
 * so that the hidden bit is bit 62 (no hidden bit for a zero) and
 * c = 1085 - (biased exponent). Integers need 0 <= c <= 63; c >= 64 means
 * |x| < 1/2. */
static inline uint64_t fpe_int_parts(fpr x, int *c)
{
    uint32_t ex = (uint32_t)(x >> 52) & 0x7FF;
    *c = 1085 - (int)ex;
    return ((x & FPE_FRAC) << 10) | ((uint64_t)((ex + 0x7FF) >> 11) << 62);
}

/* Round to the nearest integer, ties to even. */
static inline int64_t fpr_rint(fpr x)
{
    int c;
    uint64_t m = fpe_int_parts(x, &c);
    uint64_t far, q, drop, up, s;
    unsigned sh;

    /* |x| < 1/2 once c >= 64: the result is 0 */
    far = 0 - (uint64_t)((uint32_t)(63 - c) >> 31);
    m &= ~far;
    sh = (unsigned)c & 63;
    q = fpe_shr(m, sh);
    /* the bits shifted out, left-aligned (none for sh = 0) */
    drop = fpe_shl(m << 1, 63 - sh);
    up = (drop >> 63) & (fpe_nz(drop << 1) | q);
    q += up & 1;
    s = 0 - (x >> 63);
    return (int64_t)((q ^ s) - s);
}

/* Largest integer <= x. */
static inline int64_t fpr_floor(fpr x)
{
    int c;
    uint64_t m = fpe_int_parts(x, &c);
    uint64_t far, q, frac, s;
    unsigned sh;

    /* |x| < 1/2: all of m is fraction */
    far = 0 - (uint64_t)((uint32_t)(63 - c) >> 31);
    sh = (unsigned)c & 63;
    q = fpe_shr(m, sh) & ~far;
    frac = fpe_nz(fpe_shl((m & ~far) << 1, 63 - sh)) | (fpe_nz(m) & far);
    /* negative: -(q + 1) if a fraction was dropped */
    s = 0 - (x >> 63);
    q += frac & s;
    return (int64_t)((q ^ s) - s);
}

/* Round toward zero. */
static inline int64_t fpr_trunc(fpr x)
{
    int c;
    uint64_t m = fpe_int_parts(x, &c);
    uint64_t q, s;
    /* valid shifts 0..63; c >= 64 (|x| < 1) or c < 0 (|x| >= 2^63) give 0 */
    uint64_t ok = 0 - (uint64_t)(((uint32_t)c < 64) & 1);
    q = fpe_shr(m, (unsigned)c & 63) & ok;
    s = 0 - (x >> 63);
    return (int64_t)((q ^ s) - s);
}

#define fpr_expm_p63 FALCON_NS(fpr_expm_p63)
/* ccs * exp(-x) * 2^63, for 0 <= x < log(2) and 0 <= ccs <= 1, computed
 * exactly as round 3 does (FACCT polynomial in 64-bit fixed point), so
 * that the sampler's Bernoulli trials draw the same bits. */
uint64_t fpr_expm_p63(fpr x, fpr ccs);

#endif
