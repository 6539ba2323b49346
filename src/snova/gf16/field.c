/* SNOVA opt, field layer GF(16): the invertibility test of Algorithm 2 and
 * T12's coefficients (Algorithm 7). */
#include "common/fips202.h"
#include "snova/opt.h"

int PQSIG_NS(snova_blk_invertible)(const snova_blk *m)
{
    snova_blk t = *m;
    unsigned col, r, c;
    for (col = 0; col < SNOVA_L; col++) {
        unsigned piv = col;
        uint8_t inv;
        while (piv < SNOVA_L && t.e[piv][col] == 0) { /* public */
            piv++;
        }
        if (piv == SNOVA_L) {
            return 0;
        }
        for (c = 0; c < SNOVA_L; c++) {
            uint8_t x = t.e[col][c];
            t.e[col][c] = t.e[piv][c];
            t.e[piv][c] = x;
        }
        for (inv = 1; fe_mul_pub(inv, t.e[col][col]) != 1; inv++) {
        }
        for (r = col + 1; r < SNOVA_L; r++) {
            uint8_t f = fe_mul_pub(t.e[r][col], inv);
            if (f == 0) {
                continue;
            }
            for (c = col; c < SNOVA_L; c++) {
                t.e[r][c] ^= fe_mul_pub(f, t.e[col][c]);
            }
        }
    }
    return 1;
}

void PQSIG_NS(snova_t12_coefs)(uint8_t coef[SNOVA_V * SNOVA_O * SNOVA_L],
                               const uint8_t sk_seed[SNOVA_SEED_PRIVATE_BYTES], snova_t12_scratch *scratch)
{
    size_t k;
    pqsig_shake256(scratch->bytes, sizeof(scratch->bytes), sk_seed, SNOVA_SEED_PRIVATE_BYTES);
    for (k = 0; k < (size_t)SNOVA_V * SNOVA_O * SNOVA_L; k++) {
        coef[k] = gf16_nib(scratch->bytes, k);
    }
}
