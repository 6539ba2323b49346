/* NCC-Sign-T opt: conversions, norms and the rounding functions of
 * section 2.4 (Power2Round, Decompose, MakeHint, UseHint), branch-free. */
#include "nccsign/internal.h"

#define Q ((int32_t)NCC_Q)

void PQSIG_NS(ncc_lift)(ncc_poly *r, const ncc_spoly *a)
{
    size_t i;
    for (i = 0; i < NCC_N; i++) {
        r->c[i] = (uint32_t)(a->c[i] + Q);
    }
}

void PQSIG_NS(ncc_center)(ncc_spoly *r, const ncc_poly *a)
{
    size_t i;
    for (i = 0; i < NCC_N; i++) {
        int32_t x = (int32_t)a->c[i];
        uint32_t above = (uint32_t)((Q - 1) / 2 - x) >> 31;
        r->c[i] = x - (Q & -(int32_t)above);
    }
}

uint32_t PQSIG_NS(ncc_exceeds)(const ncc_spoly *a, int32_t bound)
{
    uint32_t flag = 0;
    size_t i;
    for (i = 0; i < NCC_N; i++) {
        int32_t x = a->c[i], sign = x >> 31;
        uint32_t abs = (uint32_t)((x ^ sign) - sign);
        flag |= ((uint32_t)(bound - 1) - abs) >> 31;
    }
    return 0u - flag;
}

void PQSIG_NS(ncc_keygen_round)(ncc_poly *t1, ncc_spoly *s, const ncc_poly *as1)
{
    size_t i;
    for (i = 0; i < NCC_N; i++) {
        int32_t v = (int32_t)as1->c[i] + s->c[i];
        uint32_t t = (uint32_t)(v + (Q & (v >> 31))), hi = (t + (1u << (NCC_D - 1)) - 1) >> NCC_D;
        t1->c[i] = hi;
        s->c[i] = (int32_t)t - (int32_t)(hi << NCC_D);
    }
}

/* w1 = floor((w + gamma2 - 1) / (2 gamma2)) so that w0 = w - 2 gamma2 w1 lies
 * in (-gamma2, gamma2]; the division is x M / 2^48 with M = ceil(2^48 / (2
 * gamma2)), exact because x (M 2 gamma2 - 2^48) < 2^24 2^20 < 2^48. The
 * top value (q - 1)/(2 gamma2) wraps to 0 with w0 - 1 (w - w0 = q - 1). */
#define DECOMPOSE_M ((((uint64_t)1 << 48) + 2 * NCC_GAMMA2 - 1) / (2 * NCC_GAMMA2))

void PQSIG_NS(ncc_decompose)(uint8_t w1[NCC_N], ncc_spoly *w0, const ncc_poly *w)
{
    size_t i;
    for (i = 0; i < NCC_N; i++) {
        uint32_t x = w->c[i] + NCC_GAMMA2 - 1;
        uint32_t hi = (uint32_t)(((uint64_t)x * DECOMPOSE_M) >> 48);
        int32_t lo = (int32_t)w->c[i] - (int32_t)hi * 2 * NCC_GAMMA2;
        uint32_t d = hi ^ NCC_W1_MODULUS;
        uint32_t top = ((d | (0u - d)) >> 31) ^ 1; /* hi == (q-1)/(2 gamma2) */
        w1[i] = (uint8_t)(hi & (top - 1));
        w0->c[i] = lo - (int32_t)top;
    }
}

/* h = 1 iff r0 > gamma2, r0 < -gamma2, or r0 = -gamma2 with w1 != 0. */
uint32_t PQSIG_NS(ncc_make_hint)(uint8_t h[NCC_N], const ncc_spoly *r0, const uint8_t w1[NCC_N])
{
    uint32_t count = 0;
    size_t i;
    for (i = 0; i < NCC_N; i++) {
        int32_t r = r0->c[i];
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

void PQSIG_NS(ncc_use_hint)(uint8_t w1[NCC_N], const ncc_poly *r, const uint8_t h[NCC_N])
{
    ncc_spoly r0;
    size_t i;
    PQSIG_NS(ncc_decompose)(w1, &r0, r);
    for (i = 0; i < NCC_N; i++) {
        /* +1 when r0 > 0, else -1, modulo (q-1)/(2 gamma2) (a power of 2). */
        int32_t step = 1 - 2 * (int32_t)((uint32_t)(r0.c[i] - 1) >> 31);
        w1[i] = (uint8_t)((w1[i] + h[i] * step) & (NCC_W1_MODULUS - 1));
    }
}
