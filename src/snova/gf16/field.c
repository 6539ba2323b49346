/* SNOVA opt, field layer GF(16): the invertibility test of Algorithm 2 and
 * T12's coefficients (Algorithm 7). */
#include "common/fips202.h"
#include "snova/opt.h"

#if SNOVA_L == 4
int PQSIG_NS(snova_blk_invertible)(const snova_blk *m)
{
    /* The determinant by Laplace's expansion along rows 0 and 1: over each
     * pair of columns, their 2 x 2 minor times the complementary minor of
     * rows 2 and 3 (no signs in characteristic 2). 30 products of public
     * elements, where the elimination below takes about twice the work. */
    static const uint8_t cols[6][4] = {{0, 1, 2, 3}, {0, 2, 1, 3}, {0, 3, 1, 2},
                                       {1, 2, 0, 3}, {1, 3, 0, 2}, {2, 3, 0, 1}};
    const uint8_t(*e)[SNOVA_L] = m->e;
    uint8_t det = 0;
    unsigned k;
    for (k = 0; k < 6; k++) {
        const unsigned a = cols[k][0], b = cols[k][1], c = cols[k][2], d = cols[k][3];
        const uint8_t top = (uint8_t)(fe_mul_pub(e[0][a], e[1][b]) ^ fe_mul_pub(e[0][b], e[1][a]));
        const uint8_t bot = (uint8_t)(fe_mul_pub(e[2][c], e[3][d]) ^ fe_mul_pub(e[2][d], e[3][c]));
        det ^= fe_mul_pub(top, bot);
    }
    return det != 0; /* public */
}
#else
int PQSIG_NS(snova_blk_invertible)(const snova_blk *m)
{
    /* Inverses in GF(16) (x^4 = x + 1); the element is public. */
    static const uint8_t inv[16] = {0, 1, 9, 14, 13, 11, 7, 6, 15, 2, 12, 5, 10, 4, 3, 8};
    snova_blk t = *m;
    unsigned col, r, c;
    /* Elimination below the pivots; the entries of column col below it are
     * never read again, so they are not cleared. */
    for (col = 0; col < SNOVA_L; col++) {
        unsigned piv = col;
        uint8_t iv;
        while (piv < SNOVA_L && t.e[piv][col] == 0) { /* public */
            piv++;
        }
        if (piv == SNOVA_L) {
            return 0;
        }
        if (piv != col) {
            for (c = col; c < SNOVA_L; c++) {
                uint8_t x = t.e[col][c];
                t.e[col][c] = t.e[piv][c];
                t.e[piv][c] = x;
            }
        }
        iv = inv[t.e[col][col]];
        for (r = col + 1; r < SNOVA_L; r++) {
            uint8_t f = t.e[r][col];
            if (f == 0) { /* public */
                continue;
            }
            f = fe_mul_pub(f, iv);
            for (c = col + 1; c < SNOVA_L; c++) {
                t.e[r][c] ^= fe_mul_pub(f, t.e[col][c]);
            }
        }
    }
    return 1;
}
#endif

void PQSIG_NS(snova_t12_coefs)(uint8_t coef[SNOVA_V * SNOVA_O * SNOVA_L],
                               const uint8_t sk_seed[SNOVA_SEED_PRIVATE_BYTES], snova_t12_scratch *scratch)
{
    size_t k;
    pqsig_shake256(scratch->bytes, sizeof(scratch->bytes), sk_seed, SNOVA_SEED_PRIVATE_BYTES);
    for (k = 0; k < (size_t)SNOVA_V * SNOVA_O * SNOVA_L; k++) {
        coef[k] = gf16_nib(scratch->bytes, k);
    }
}
