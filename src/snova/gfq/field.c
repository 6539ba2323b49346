/* SNOVA opt, field layer GF(q), odd prime q: the invertibility test of
 * Algorithm 2 and T12's coefficients (Algorithm 7). */
#include "common/ct.h"
#include "common/fips202.h"
#include "snova/opt.h"

int PQSIG_NS(snova_blk_invertible)(const snova_blk *m)
{
#if SNOVA_L == 4
    /* the determinant over the integers by 2 x 2 minors of rows (0, 1) and
     * (2, 3): |det| < 6 * 2 (q - 1)^2 * 2 (q - 1)^2 < 2^31 */
    int32_t a[4][4], s[6], c[6], det;
    unsigned r, k;
    for (r = 0; r < 4; r++) {
        for (k = 0; k < 4; k++) {
            a[r][k] = m->e[r][k];
        }
    }
    s[0] = a[0][0] * a[1][1] - a[0][1] * a[1][0];
    s[1] = a[0][0] * a[1][2] - a[0][2] * a[1][0];
    s[2] = a[0][0] * a[1][3] - a[0][3] * a[1][0];
    s[3] = a[0][1] * a[1][2] - a[0][2] * a[1][1];
    s[4] = a[0][1] * a[1][3] - a[0][3] * a[1][1];
    s[5] = a[0][2] * a[1][3] - a[0][3] * a[1][2];
    c[0] = a[2][2] * a[3][3] - a[2][3] * a[3][2];
    c[1] = a[2][1] * a[3][3] - a[2][3] * a[3][1];
    c[2] = a[2][1] * a[3][2] - a[2][2] * a[3][1];
    c[3] = a[2][0] * a[3][3] - a[2][3] * a[3][0];
    c[4] = a[2][0] * a[3][2] - a[2][2] * a[3][0];
    c[5] = a[2][0] * a[3][1] - a[2][1] * a[3][0];
    det = s[0] * c[0] - s[1] * c[1] + s[2] * c[2] + s[3] * c[3] - s[4] * c[4] + s[5] * c[5];
    return det % (int32_t)SNOVA_Q != 0; /* A and B are public */
#else
    uint32_t t[SNOVA_L][SNOVA_L];
    unsigned col, r, c;
    for (r = 0; r < SNOVA_L; r++) {
        for (c = 0; c < SNOVA_L; c++) {
            t[r][c] = m->e[r][c];
        }
    }
    for (col = 0; col < SNOVA_L; col++) {
        unsigned piv = col;
        uint32_t inv;
        while (piv < SNOVA_L && t[piv][col] == 0) {
            piv++;
        }
        if (piv == SNOVA_L) {
            return 0;
        }
        for (c = 0; c < SNOVA_L; c++) {
            uint32_t x = t[col][c];
            t[col][c] = t[piv][c];
            t[piv][c] = x;
        }
        inv = gfq_inv(t[col][col]);
        for (r = col + 1; r < SNOVA_L; r++) {
            uint32_t f = SNOVA_Q - gfq_red32(t[r][col] * inv);
            for (c = col; c < SNOVA_L; c++) {
                t[r][c] = gfq_red32(t[r][c] + f * t[col][c]);
            }
        }
    }
    return 1;
#endif
}

/* The coefficients are the SHAKE256(sk_seed) bytes below floor(256/q) q,
 * taken mod q, in order (Algorithm 7). Which bytes are rejected depends
 * only on the rejected bytes, which are discarded: it tells nothing of the
 * accepted ones (the stream's bytes are independent), so each byte's
 * accept bit is made public and the stream is read one SHAKE256 block at a
 * time until enough bytes are accepted. The accepted values stay secret:
 * every byte is written at the (public) next position, which the next
 * byte overwrites when this one is rejected. */
#define T12_LIM ((256u / SNOVA_Q) * SNOVA_Q)

void PQSIG_NS(snova_t12_coefs)(uint8_t coef[SNOVA_V * SNOVA_O * SNOVA_L],
                               const uint8_t sk_seed[SNOVA_SEED_PRIVATE_BYTES], snova_t12_scratch *scratch)
{
    pqsig_shake_ctx ctx;
    unsigned n = 0, pos;

    pqsig_shake256_init(&ctx);
    pqsig_shake_absorb(&ctx, sk_seed, SNOVA_SEED_PRIVATE_BYTES);
    while (n < GFQ_T12_NEED) {
        pqsig_shake_squeeze(&ctx, scratch->block, sizeof(scratch->block));
        for (pos = 0; pos < sizeof(scratch->block) && n < GFQ_T12_NEED; pos++) {
            const uint32_t b = scratch->block[pos];
            uint32_t accept = ((b - T12_LIM) >> 31) & 1u;
            /* public: the accept bit of a byte (above) */
            PQSIG_CT_DECLASSIFY(&accept, sizeof(accept));
            coef[n] = (uint8_t)gfq_red32(b);
            n += accept;
        }
    }
    pqsig_zeroize(scratch->block, sizeof(scratch->block));
    pqsig_shake_release(&ctx);
}
