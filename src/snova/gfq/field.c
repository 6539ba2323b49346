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
 * taken mod q, in order. Which bytes are skipped is secret (it tells how
 * many bytes were consumed), so a fixed-length output is compacted with
 * masks: every accepted byte carries its shift d (the number of rejected
 * bytes before it) and moves left by 2^s in stage s when bit s of d is set;
 * with d non-decreasing along the buffer, no two bytes ever meet. Bytes
 * with d > GFQ_T12_SPARE are dropped; the first GFQ_T12_NEED accepted bytes
 * all have d <= GFQ_T12_SPARE once the buffer holds GFQ_T12_NEED accepted
 * ones. */
#define T12_LIM ((256u / SNOVA_Q) * SNOVA_Q)
/* The bound on the failure probability below holds for a rejection rate of
 * at most 9/256 (q = 7, 11, 13, 17, 19, 23, 31). */
#if 256u - T12_LIM > 9u
#error "T12 sampling margin not analysed for this q"
#endif

/* Coefficients from the fixed-length buffer. Returns the (secret) number
 * of usable accepted bytes. */
static uint32_t t12_compact(uint8_t coef[GFQ_T12_NEED], snova_t12_scratch *sc)
{
    uint32_t *w = sc->w;
    uint32_t d = 0, valid_count = 0;
    unsigned i, s;
    for (i = 0; i < GFQ_T12_BUF; i++) {
        uint32_t b = sc->bytes[i];
        uint32_t acc = (b - T12_LIM) >> 31;                      /* 1: accepted */
        uint32_t keep = acc & ((d - (GFQ_T12_SPARE + 1)) >> 31); /* and d <= SPARE */
        w[i] = (b | (1u << 8) | (d << 9)) & (0u - keep);
        valid_count += keep;
        d += 1u - acc;
    }
    /* In place and in increasing i, so w[i + step] is still the stage's
     * input; the last step positions have no partner (it would be 0). The
     * two loops without a bound test in them vectorise. */
    for (s = 0; s < GFQ_T12_STAGES; s++) {
        const unsigned step = 1u << s;
        for (i = 0; i + step < GFQ_T12_BUF; i++) {
            uint32_t cur = w[i], nxt = w[i + step];
            uint32_t mcur = 0u - ((cur >> 8) & (cur >> (9 + s)) & 1u);
            uint32_t mnxt = 0u - ((nxt >> 8) & (nxt >> (9 + s)) & 1u);
            w[i] = (cur & ~mcur) | (nxt & mnxt);
        }
        for (; i < GFQ_T12_BUF; i++) {
            uint32_t cur = w[i];
            w[i] = cur & ~(0u - ((cur >> 8) & (cur >> (9 + s)) & 1u));
        }
    }
    for (i = 0; i < GFQ_T12_NEED; i++) {
        coef[i] = (uint8_t)gfq_red32(w[i] & 255u);
    }
    return valid_count;
}

void PQSIG_NS(snova_t12_coefs)(uint8_t coef[SNOVA_V * SNOVA_O * SNOVA_L],
                               const uint8_t sk_seed[SNOVA_SEED_PRIVATE_BYTES], snova_t12_scratch *scratch)
{
    uint32_t count, enough;
    unsigned k;

    pqsig_shake256(scratch->bytes, sizeof(scratch->bytes), sk_seed, SNOVA_SEED_PRIVATE_BYTES);
    count = t12_compact(coef, scratch);
    enough = 1u - ((count - GFQ_T12_NEED) >> 31);
    /* Whether the fixed buffer held enough accepted bytes depends only on
     * the rejected bytes, which are discarded and independent of the
     * accepted values; it is false with probability below 2^-100. */
    PQSIG_CT_DECLASSIFY(&enough, sizeof(enough));
    if (!enough) {
        /* Plain rejection sampling over the unbounded stream (never taken
         * in practice); the skipped positions are declassified as above. */
        pqsig_shake_ctx ctx;
        uint8_t *blk = scratch->bytes; /* 136 bytes of it: one SHAKE256 block */
        unsigned pos = 136;
        pqsig_shake256_init(&ctx);
        pqsig_shake_absorb(&ctx, sk_seed, SNOVA_SEED_PRIVATE_BYTES);
        for (k = 0; k < GFQ_T12_NEED; k++) {
            uint8_t b;
            uint32_t reject;
            do {
                if (pos == 136) {
                    pqsig_shake_squeeze(&ctx, blk, 136);
                    pos = 0;
                }
                b = blk[pos++];
                /* Only the accept/reject bit becomes public: a rejected
                 * byte is discarded, an accepted one is a secret
                 * coefficient. */
                reject = 1u ^ (((uint32_t)b - T12_LIM) >> 31);
                PQSIG_CT_DECLASSIFY(&reject, sizeof(reject));
            } while (reject);
            coef[k] = (uint8_t)(b % SNOVA_Q);
        }
        pqsig_shake_release(&ctx);
    }
}
