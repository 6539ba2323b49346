/* NCC-Sign-T: the portable rounding kernels of native/api.h (section 2.4:
 * Decompose, MakeHint, UseHint), branch-free. */
#include "nccsign/native/api.h"

/* w1 = floor((w + gamma2 - 1) / (2 gamma2)) so that w0 = w - 2 gamma2 w1 lies
 * in (-gamma2, gamma2]; the division is x M / 2^48 with M = ceil(2^48 / (2
 * gamma2)), exact because x (M 2 gamma2 - 2^48) < 2^24 2^20 < 2^48. The
 * top value (q - 1)/(2 gamma2) wraps to 0 with w0 - 1 (w - w0 = q - 1). */
#define DECOMPOSE_M ((((uint64_t)1 << 48) + 2 * NCC_GAMMA2 - 1) / (2 * NCC_GAMMA2))

static inline uint8_t decompose1(int32_t *w0, uint32_t w)
{
    uint32_t x = w + NCC_GAMMA2 - 1;
    uint32_t hi = (uint32_t)(((uint64_t)x * DECOMPOSE_M) >> 48);
    int32_t lo = (int32_t)w - (int32_t)hi * 2 * NCC_GAMMA2;
    uint32_t d = hi ^ NCC_W1_MODULUS;
    uint32_t top = ((d | (0u - d)) >> 31) ^ 1; /* hi == (q-1)/(2 gamma2) */
    *w0 = lo - (int32_t)top;
    return (uint8_t)(hi & (top - 1));
}

void ncc_decompose_c(uint8_t w1[NCC_N], int32_t w0[NCC_N], const uint32_t w[NCC_N])
{
    size_t i;
    for (i = 0; i < NCC_N; i++) {
        w1[i] = decompose1(&w0[i], w[i]);
    }
}

/* h = 1 iff r0 > gamma2, r0 < -gamma2, or r0 = -gamma2 with w1 != 0. */
uint32_t ncc_make_hint_c(uint8_t h[NCC_N], const int32_t r0[NCC_N], const uint8_t w1[NCC_N])
{
    uint32_t count = 0;
    size_t i;
    for (i = 0; i < NCC_N; i++) {
        int32_t r = r0[i];
        uint32_t above = (uint32_t)(NCC_GAMMA2 - r) >> 31;
        uint32_t e = (uint32_t)(r + NCC_GAMMA2);
        uint32_t below = e >> 31;
        uint32_t at_edge = ((e | (0u - e)) >> 31) ^ 1;
        uint32_t w1_nonzero = (0u - (uint32_t)w1[i]) >> 31;
        uint32_t bit = above | below | (at_edge & w1_nonzero);
        h[i] = (uint8_t)bit;
        count += bit;
    }
    return count;
}

void ncc_use_hint_c(uint8_t w1[NCC_N], const uint32_t r[NCC_N], const uint8_t h[NCC_N])
{
    size_t i;
    for (i = 0; i < NCC_N; i++) {
        int32_t r0;
        uint32_t hi = decompose1(&r0, r[i]);
        /* +1 when r0 > 0, else -1, modulo (q-1)/(2 gamma2) (a power of 2). */
        int32_t step = 1 - 2 * (int32_t)((uint32_t)(r0 - 1) >> 31);
        w1[i] = (uint8_t)(((int32_t)hi + h[i] * step) & (NCC_W1_MODULUS - 1));
    }
}
