/* NCC-Sign-T: the portable kernel of verification's w - c t1 2^d
 * (native/api.h, ncc_sub_ct1). The challenge c is sparse and public in
 * verification, so its product is tau shifted copies of t1, added as
 * exact integers and folded once, without the NTT. */
#include <string.h>

#include "nccsign/native/api.h"

void ncc_sub_ct1_c(uint32_t w[NCC_N], const uint32_t pos[NCC_TAU], const uint32_t neg[NCC_TAU],
                   const uint32_t t1[NCC_N], int32_t wide[2 * NCC_N])
{
    size_t k, j;
    /* wide = c t1 as exact integers, degree < 2n - 1 (public placements) */
    memset(wide, 0, 2 * NCC_N * sizeof wide[0]);
    for (k = 0; k < NCC_TAU; k++) {
        int32_t *dst = wide + pos[k];
        const int32_t sign = 1 - 2 * (int32_t)neg[k];
        for (j = 0; j < NCC_N; j++) {
            dst[j] += sign * (int32_t)t1[j];
        }
    }
    /* modulo X^n - X^(n/2) + 1: X^k = X^(k - n/2) - X^(k - n), k >= n,
     * from the top down; |c t1| < 2^17 after the fold */
    for (k = 2 * NCC_N - 1; k >= NCC_N; k--) {
        wide[k - NCC_N / 2] += wide[k];
        wide[k - NCC_N] -= wide[k];
    }
    for (j = 0; j < NCC_N; j++) {
        /* x = q 2^14 + w - c t1 2^d in (0, 2^38); x mod q with the quotient
         * estimate floor(x V / 2^46), V = floor(2^46 / q), at most 1 short. */
        const uint64_t x = ((uint64_t)NCC_Q << 14) + w[j] - (uint64_t)((int64_t)wide[j] * (1 << NCC_D));
        const uint64_t r = x - ((x * (((uint64_t)1 << 46) / NCC_Q)) >> 46) * NCC_Q;
        w[j] = (uint32_t)(r - (NCC_Q & (0u - (uint64_t)(r >= NCC_Q))));
    }
}
