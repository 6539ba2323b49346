/* SNOVA reference: evaluating the map in two steps, and solving linear
 * systems.
 *
 * Since Q = sum_a q[a] S^a and S is symmetric,
 *   X_j^t Q1 M_jk Q2 X_k = sum_{a,b} q1[a] q2[b] (S^a X_j)^t M_jk (S^b X_k),
 * so sum_{j,k} of these is sum_{a,b} q1[a] q2[b] D[a][b] with D independent
 * of alpha (section 1.9.3, Eq. 1.1; Algorithms 16 and 20). */
#include "common/ct.h"
#include "snova/ref/ref.h"

void PQSIG_NS(snova_whip_point)(blk sx[SNOVA_L], const blk *x, const blk spow[SNOVA_L])
{
    unsigned a;
    for (a = 0; a < SNOVA_L; a++) {
        blk_mul(&sx[a], &spow[a], x);
    }
}

void PQSIG_NS(snova_whip_add)(snova_whip *w, unsigned i, const blk sxj[SNOVA_L], const blk *m,
                              const blk sxk[SNOVA_L])
{
    unsigned a, b;
    for (b = 0; b < SNOVA_L; b++) {
        blk right; /* M_jk S^b X_k */
        blk_mul(&right, m, &sxk[b]);
        for (a = 0; a < SNOVA_L; a++) {
            blk_tmul_add(&w->d[i][a][b], &sxj[a], &right);
        }
    }
}

void PQSIG_NS(snova_whip_finish)(blk out[SNOVA_O], const snova_whip *w, const snova_abq *abq)
{
    unsigned i, t, a, b;
    for (i = 0; i < SNOVA_O; i++) {
        blk_zero(&out[i]);
        for (t = 0; t < SNOVA_ALPHA; t++) {
            unsigned ip = (i + t) % SNOVA_O; /* i' = (i + alpha) mod m */
            blk mid, left;
            blk_zero(&mid);
            for (a = 0; a < SNOVA_L; a++) {
                for (b = 0; b < SNOVA_L; b++) {
                    gf f = gf_mul(abq->q1[i][t][a], abq->q2[i][t][b]);
                    blk_add_scaled(&mid, f, &w->d[ip][a][b]);
                }
            }
            blk_mul(&left, &abq->a[i][t], &mid);
            blk_mul_add(&out[i], &left, &abq->b[i][t]);
        }
    }
}

int PQSIG_NS(snova_solve)(gf *g, unsigned n)
{
    const unsigned w = n + 1;
    uint32_t singular = 0;
    unsigned col, r, c;

    for (col = 0; col < n; col++) {
        gf inv;
        /* While the pivot is zero, add the rows below it: afterwards it is
         * nonzero unless the whole column below is zero. */
        for (r = col + 1; r < n; r++) {
            uint8_t take = (uint8_t)pqsig_ct_eq_mask_u32(g[col * w + col], 0);
            for (c = col; c < w; c++) {
                g[col * w + c] = gf_add(g[col * w + c], (gf)(take & g[r * w + c]));
            }
        }
        singular |= pqsig_ct_eq_mask_u32(g[col * w + col], 0);
        inv = gf_inv(g[col * w + col]);
        for (c = col; c < w; c++) {
            g[col * w + c] = gf_mul(g[col * w + c], inv);
        }
        /* Clear the column in every other row. */
        for (r = 0; r < n; r++) {
            gf f = g[r * w + col];
            if (r == col) {
                continue;
            }
            for (c = col; c < w; c++) {
                g[r * w + c] = gf_sub(g[r * w + c], gf_mul(f, g[col * w + c]));
            }
        }
    }
    /* Whether the system was singular is public: it only makes the signer
     * draw new vinegar. */
    PQSIG_CT_DECLASSIFY(&singular, sizeof(singular));
    return singular != 0 ? -1 : 0;
}
