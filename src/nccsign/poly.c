/* NCC-Sign-T opt: conversions between the two polynomial types and the norm
 * test (section 2.4), key generation's Power2Round and signing's split of
 * c s12, branch-free. */
#include "nccsign/internal.h"

#define Q ((int32_t)NCC_Q)

void ncc_lift(ncc_poly *r, const ncc_spoly *a)
{
    size_t i;
    for (i = 0; i < NCC_N; i++) {
        r->c[i] = (uint32_t)(a->c[i] + Q);
    }
}

void ncc_center(ncc_spoly *r, const ncc_poly *a)
{
    size_t i;
    for (i = 0; i < NCC_N; i++) {
        int32_t x = (int32_t)a->c[i];
        uint32_t above = (uint32_t)((Q - 1) / 2 - x) >> 31;
        r->c[i] = x - (Q & -(int32_t)above);
    }
}

uint32_t ncc_exceeds(const ncc_spoly *a, int32_t bound)
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

void ncc_keygen_round(ncc_poly *t1, ncc_spoly *s, const ncc_poly *as1)
{
    size_t i;
    for (i = 0; i < NCC_N; i++) {
        int32_t v = (int32_t)as1->c[i] + s->c[i];
        uint32_t t = (uint32_t)(v + (Q & (v >> 31))), hi = (t + (1u << (NCC_D - 1)) - 1) >> NCC_D;
        t1->c[i] = hi;
        s->c[i] = (int32_t)t - (int32_t)(hi << NCC_D);
    }
}

void ncc_join_s12(ncc_spoly *s1, const ncc_spoly *s2)
{
    size_t i;
    for (i = 0; i < NCC_N; i++) {
        s1->c[i] += s2->c[i] * (1 << NCC_S12_SHIFT);
    }
}

void ncc_split_cs12(ncc_spoly *cs, ncc_spoly *r0, const ncc_spoly *y)
{
    size_t i;
    for (i = 0; i < NCC_N; i++) {
        int32_t v = cs->c[i];
        int32_t cs1 = (int32_t)(((uint32_t)v + 128) & 255) - 128;
        r0->c[i] -= (v - cs1) / (1 << NCC_S12_SHIFT);
        cs->c[i] = y->c[i] + cs1;
    }
}

void ncc_add(ncc_spoly *r, const ncc_spoly *a)
{
    size_t i;
    for (i = 0; i < NCC_N; i++) {
        r->c[i] += a->c[i];
    }
}
