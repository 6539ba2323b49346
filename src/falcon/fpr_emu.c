/* Falcon: the larger emulated binary64 operations (see fpr_emu.h):
 * conversion from integers, multiplication, division, square root, and
 * the fixed-point exp(-x) of the sampler.
 * Compiled into every build of the core; empty where fpr.h chooses native
 * doubles. */
#include "falcon/fpr.h"

#if FALCON_FPEMU

#if !FALCON_FPEMU_PORTABLE && defined(__SIZEOF_INT128__)
#define FPE_HAVE_U128 1
__extension__ typedef unsigned __int128 fpe_u128;
#else
#define FPE_HAVE_U128 0
#endif

/* The 128-bit product a * b as *hi : return value (low half). */
static inline uint64_t fpe_mul64(uint64_t a, uint64_t b, uint64_t *hi)
{
#if FPE_HAVE_U128
    fpe_u128 p = (fpe_u128)a * b;
    *hi = (uint64_t)(p >> 64);
    return (uint64_t)p;
#else
    /* schoolbook on 32-bit halves; the middle column cannot overflow
     * (at most 3 * (2^32 - 1)) */
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    return (mid << 32) | (uint32_t)p00;
#endif
}

fpr fpr_scaled(int64_t i, int sc)
{
    uint64_t s = (uint64_t)i >> 63;
    uint64_t a = ((uint64_t)i ^ (0 - s)) + s; /* |i| */
    int e = sc + 9;

    /* |i| * 2^sc = (a << lz) * 2^(sc - lz); keep 55 bits, the rest sticky */
    a = fpe_normalize(a, &e);
    a = (a >> 9) | fpe_nz(a & 0x1FF);
    return fpe_round_pack(s, e, a);
}

fpr fpr_mul(fpr x, fpr y)
{
    uint32_t ex = (uint32_t)(x >> 52) & 0x7FF;
    uint32_t ey = (uint32_t)(y >> 52) & 0x7FF;
    uint64_t mx = (x & FPE_FRAC) | ((uint64_t)1 << 52);
    uint64_t my = (y & FPE_FRAC) | ((uint64_t)1 << 52);
    uint64_t hi, lo, z, wide, nonzero;
    int e;

    /* mx * my is in [2^104, 2^106); z = product >> 50 (with sticky) is in
     * [2^54, 2^56) */
    lo = fpe_mul64(mx, my, &hi);
    z = (hi << 14) | (lo >> 50) | fpe_nz(lo & (((uint64_t)1 << 50) - 1));

    /* one bit too long: halve, folding the lost bit into the sticky bit */
    wide = z >> 55;
    z = (z >> wide) | (z & wide);
    /* x = mx * 2^(ex - 1075), same for y */
    e = (int)(ex + ey) - 2100 + (int)wide;

    /* a zero operand gives a zero (signed as the product) */
    nonzero = (uint64_t)(((ex + 0x7FF) & (ey + 0x7FF)) >> 11);
    return fpe_round_pack((x ^ y) >> 63, e, z & (0 - nonzero));
}

fpr fpr_div(fpr x, fpr y)
{
    uint32_t ex = (uint32_t)(x >> 52) & 0x7FF;
    uint32_t ey = (uint32_t)(y >> 52) & 0x7FF;
    uint64_t r = (x & FPE_FRAC) | ((uint64_t)1 << 52);
    uint64_t d = (y & FPE_FRAC) | ((uint64_t)1 << 52);
    uint64_t q = 0, wide;
    int k, e;

    /* Restoring division, one quotient bit per step: after 56 steps
     * q = floor(mx * 2^55 / my), in [2^54, 2^56) since mx / my is in
     * (1/2, 2). The remainder r stays below 2 * my < 2^54. */
    for (k = 0; k < 56; k++) {
        uint64_t ge = ((r - d) >> 63) ^ 1; /* r >= d */
        r -= d & (0 - ge);
        q = (q << 1) | ge;
        r <<= 1;
    }
    q |= fpe_nz(r);
    wide = q >> 55;
    q = (q >> wide) | (q & wide);
    e = (int)ex - (int)ey - 55 + (int)wide;

    /* 0 / y = 0 with the XOR of the signs; y = 0 is not supported */
    q &= 0 - (uint64_t)((ex + 0x7FF) >> 11);
    return fpe_round_pack((x ^ y) >> 63, e, q);
}

fpr fpr_sqrt(fpr x)
{
    uint32_t ex = (uint32_t)(x >> 52) & 0x7FF;
    uint64_t m = (x & FPE_FRAC) | ((uint64_t)1 << 52);
    uint64_t nonzero = (uint64_t)((ex + 0x7FF) >> 11);
    uint32_t odd;
    uint64_t twice_root, rem, root;
    int k, e;

    /* x = m * 2^(ex - 1075). Make that power of two even: for an even
     * ex, double m and lower ex by one. Then with N = m * 2^54,
     * sqrt(x) = sqrt(N) * 2^((ex - 1129) / 2) and sqrt(N) is in
     * [2^53, 2^54). (For x = 0, ex wraps; the result is masked.) */
    odd = (ex & 1) ^ 1;
    m <<= odd;
    ex -= odd;

    /* Integer square root R of N, bit by bit from bit 53 down. Before
     * trying bit k: rem = (N - R^2) / 2^k (exact) and twice_root = 2R.
     * Bit k belongs to R when (R + 2^k)^2 <= N, i.e.
     * rem >= 2R + 2^k. All values stay below 2^57. */
    rem = m << 1; /* N / 2^53 */
    twice_root = 0;
    for (k = 53; k >= 0; k--) {
        uint64_t bit = (uint64_t)1 << k;
        uint64_t trial = twice_root + bit;
        uint64_t take = 0 - (((rem - trial) >> 63) ^ 1);
        rem -= trial & take;
        twice_root += (bit << 1) & take;
        rem <<= 1;
    }
    /* R = twice_root / 2: 53 bits and the rounding bit; append the
     * sticky bit */
    root = twice_root | fpe_nz(rem);
    e = (int)((ex + 1) >> 1) - 512 - 54; /* (ex - 1129) / 2 - 1 */

    /* sqrt(+-0) = +-0; negative operands are not supported */
    return fpe_round_pack(x >> 63, e, root & (0 - nonzero));
}

/* floor(a * b / 2^64) */
static inline uint64_t fpe_mulhi(uint64_t a, uint64_t b)
{
    uint64_t hi;
    (void)fpe_mul64(a, b, &hi);
    return hi;
}

uint64_t fpr_expm_p63(fpr x, fpr ccs)
{
    /* exp(-x) ~ sum of (-x)^k / k!, k = 0..12, coefficients times 2^63
     * (from the FACCT Gaussian sampler, Zhao, Steinfeld and Sakzad,
     * eprint 2018/1234), evaluated by Horner's rule in unsigned fixed
     * point with 64 fractional bits for x. Highest degree first. */
    static const uint64_t coef[13] = {
        0x00000004741183A3u, 0x00000036548CFC06u, 0x0000024FDCBF140Au,
        0x0000171D939DE045u, 0x0000D00CF58F6F84u, 0x000680681CF796E3u,
        0x002D82D8305B0FEAu, 0x011111110E066FD0u, 0x0555555555070F00u,
        0x155555555581FF00u, 0x400000000002B400u, 0x7FFFFFFFFFFF4800u,
        0x8000000000000000u,
    };
    uint64_t xf, acc, cf;
    unsigned k;

    /* x and ccs as 64-bit fractions (both products by 2^63 are exact) */
    xf = (uint64_t)fpr_trunc(fpr_mul(x, fpr_ptwo63)) << 1;
    acc = coef[0];
    for (k = 1; k < 13; k++) {
        acc = coef[k] - fpe_mulhi(xf, acc);
    }
    cf = (uint64_t)fpr_trunc(fpr_mul(ccs, fpr_ptwo63)) << 1;
    return fpe_mulhi(cf, acc);
}

#else
/* native build: nothing to emulate (ISO C wants a declaration) */
typedef int falcon_fpr_emu_unused;
#endif
