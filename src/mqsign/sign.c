/* MQ-Sign signing (spec 3.2, 4.2), constant time.
 *
 *   salt = SHAKE256(rnd)[0..32);  y = H(M || salt || ph)
 *   vinegar PRNG: AES-256 CTR DRBG seeded with SHAKE256(seed || salt)[0..48)
 *   per attempt: vinegar x_v (v bytes); the central map becomes linear in
 *   the oil variables, L x_o = y - F1(x_v) with L = sum_i x_v[i] F2[i];
 *   solve it by blocks, L = [[A, B], [C, D]] (h = o/2):
 *     A^-1, S = D - C A^-1 B, x2 = S^-1 (r2 - C A^-1 r1), x1 = A^-1 (r1 - B x2);
 *   the attempt is rejected when A is singular or when the elimination of
 *   S finds no pivot within its window (the specification's solver rule,
 *   which the known answers depend on).
 *   w = (x_v + T1 x_o, x_o); signature = w || salt.
 * Only the accept/reject bit of each attempt is made public. */
#include <string.h>

#include "arith.h"
#include "common/ct.h"
#include "common/fips202.h"
#include "frontend.h"
#include "mqsign/variant.h"

#define HB MQS_H

/* Words per row the solver's matrices need: [A | I] is 2h = o bytes wide,
 * A^-1 h bytes, [B | r1] and [S | rhs2] h + 1 bytes. */
#define NW_AI ((2 * HB + 7) / 8)
#define NW_H1 ((HB + 1 + 7) / 8)

typedef struct {
    uint8_t vin[MQS_V];
    uint64_t vmask[MQS_V][8][2];    /* selection masks of the vinegar values */
    uint8_t lin[MQS_O * MQS_O];     /* L by columns: entry (e, c) at c*o + e */
    uint8_t rhs[MQS_O];
    uint8_t f1v[MQS_O];
#if MQS_LINES
    uint8_t circ[2 * MQS_V];
#else
    uint8_t rows[MQS_V][MQS_O];     /* sum_{j >= i} x_j F1[i][j], per i */
#endif
    uint64_t arows[HB][MQS_OW];       /* [A | I] -> [I | A^-1] */
    uint64_t aexp[HB][8][MQS_OW];     /* rows of A^-1, expanded */
    uint64_t brows[HB][MQS_OW];       /* [B | r1] */
    uint64_t bexp[HB][8][MQS_OW];
    uint64_t crows[HB][MQS_OW];       /* C A^-1 */
    uint64_t srows[HB][MQS_OW];       /* [S | r2 - C A^-1 r1] */
    uint8_t cbytes[HB * HB];
    uint8_t x[MQS_O];
    uint64_t xmask[MQS_O][8][2];
} sign_work;

/* F1(x_v): the vinegar-vinegar part of every equation. */
static void eval_f1(sign_work *w, const uint8_t *sk)
{
#if MQS_LINES
    /* LR: c = sum_b x_b L[b]; equation e is sum_a x_a c[(a+e) mod v]. */
    mqs_k_matvec(w->circ, sk + MQS_SK_F1, MQS_V, (const uint64_t(*)[8][2])w->vmask, MQS_V, MQS_V);
    memcpy(w->circ + MQS_V, w->circ, MQS_V);
    mqs_k_matvec_o(w->f1v, w->circ, 1, (const uint64_t(*)[8][2])w->vmask, MQS_V);
#else
    /* RR: sum_i x_i (sum_{j >= i} x_j F1[i][j]). */
    unsigned i;
    for (i = 0; i < MQS_V; i++) {
        mqs_k_matvec_o(w->rows[i], sk + MQS_SK_F1 + mqs_mono(i, i, MQS_V) * MQS_O, MQS_O,
                       (const uint64_t(*)[8][2])w->vmask + i, MQS_V - i);
    }
    mqs_k_matvec_o(w->f1v, &w->rows[0][0], MQS_O, (const uint64_t(*)[8][2])w->vmask, MQS_V);
#endif
}

static void set_row(uint64_t row[MQS_OW], const uint8_t *bytes, unsigned n)
{
    memset(row, 0, 8 * MQS_OW);
    memcpy(row, bytes, n);
}

static uint8_t dot(const uint64_t row[MQS_OW], const uint64_t v[MQS_OW])
{
    uint64_t acc = 0;
    unsigned k;
    for (k = 0; k < MQS_OW; k++) {
        acc ^= mqs_mul_lanes(row[k], v[k]);
    }
    return mqs_lane_sum(acc);
}

/* One attempt: solve L x = rhs. Returns all-ones on success. */
static uint64_t solve(sign_work *w)
{
    uint8_t col[MQS_O], buf[MQS_O];
    uint64_t okA, okS, t[MQS_OW], x2w[MQS_OW];
    unsigned r, c;

    /* [A | I]: row r holds A[r][c] = L[r][c] for c < h, then the identity. */
    for (r = 0; r < HB; r++) {
        for (c = 0; c < HB; c++) {
            buf[c] = w->lin[c * MQS_O + r];
            buf[HB + c] = (uint8_t)(c == r);
        }
        set_row(w->arows[r], buf, 2 * HB);
    }
    okA = mqs_k_gauss(w->arows, HB, HB, NW_AI);
    for (r = 0; r < HB; r++) {
        /* Keep A^-1 alone in its row (drop the reduced left half). */
        memcpy(buf, (const uint8_t *)w->arows[r] + HB, HB);
        set_row(w->arows[r], buf, HB);
        mqs_k_expand_vec(w->aexp[r], w->arows[r]);
    }
    /* C A^-1, C[r][c] = L[h + r][c]. */
    for (r = 0; r < HB; r++) {
        for (c = 0; c < HB; c++) {
            w->cbytes[r * HB + c] = w->lin[c * MQS_O + HB + r];
        }
    }
    memset(w->crows, 0, sizeof w->crows);
    mqs_k_rowmul(w->crows, w->cbytes, HB, HB, (const uint64_t(*)[8][MQS_OW])w->aexp, NW_H1);
    /* [B | r1] and [D | r2]; then [S | rhs2] = [D | r2] + (C A^-1) [B | r1]. */
    for (r = 0; r < HB; r++) {
        for (c = 0; c < HB; c++) {
            buf[c] = w->lin[(HB + c) * MQS_O + r];
            col[c] = w->lin[(HB + c) * MQS_O + HB + r];
        }
        buf[HB] = w->rhs[r];
        col[HB] = w->rhs[HB + r];
        set_row(w->brows[r], buf, HB + 1);
        mqs_k_expand_vec(w->bexp[r], w->brows[r]);
        set_row(w->srows[r], col, HB + 1);
    }
    for (r = 0; r < HB; r++) {
        memcpy(w->cbytes + r * HB, w->crows[r], HB);
    }
    mqs_k_rowmul(w->srows, w->cbytes, HB, HB, (const uint64_t(*)[8][MQS_OW])w->bexp, NW_H1);
    okS = mqs_k_gauss(w->srows, HB, MQS_SCHUR_WINDOW, NW_H1);

    /* x2 = column h of the reduced [S | rhs2]; x1 = A^-1 (r1 - B x2). */
    for (r = 0; r < HB; r++) {
        w->x[HB + r] = ((const uint8_t *)w->srows[r])[HB];
    }
    set_row(x2w, w->x + HB, HB);
    for (r = 0; r < HB; r++) {
        buf[r] = (uint8_t)(w->rhs[r] ^ dot(w->brows[r], x2w));
    }
    set_row(t, buf, HB);
    for (r = 0; r < HB; r++) {
        w->x[r] = dot(w->arows[r], t);
    }
    pqsig_zeroize(buf, sizeof buf);
    pqsig_zeroize(col, sizeof col);
    pqsig_zeroize(t, sizeof t);
    pqsig_zeroize(x2w, sizeof x2w);
    return okA & okS;
}

int PQSIG_NS(sign_derand)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                          const uint8_t *sk, const uint8_t *rnd)
{
    sign_work w;
    pqsig_drbg prng;
    uint8_t salt[MQS_SALT_BYTES], y[MQS_O], pre[MQS_SEED_BYTES + MQS_SALT_BYTES], wv[MQS_V];
    uint8_t seedhash[MQS_HASH_BYTES];
    unsigned attempt, e;
    uint64_t ok = 0;

    pqsig_shake256(salt, sizeof salt, rnd, 32);
    memcpy(pre, sk, MQS_SEED_BYTES);
    memcpy(pre + MQS_SEED_BYTES, salt, MQS_SALT_BYTES);
    pqsig_shake256(seedhash, sizeof seedhash, pre, sizeof pre);
    mqs_prng_init(&prng, seedhash, sizeof seedhash);
    mqs_digest(y, m, mlen, salt, sk + MQS_SK_PH);

    for (attempt = 0; attempt < MQS_MAX_ATTEMPTS; attempt++) {
        pqsig_drbg_randombytes(&prng, w.vin, MQS_V);
        mqs_k_masks(w.vmask, w.vin, MQS_V);
        mqs_k_matvec(w.lin, sk + MQS_SK_F2, (size_t)MQS_O * MQS_O, (const uint64_t(*)[8][2])w.vmask,
                     MQS_V, (size_t)MQS_O * MQS_O);
        eval_f1(&w, sk);
        for (e = 0; e < MQS_O; e++) {
            w.rhs[e] = (uint8_t)(y[e] ^ w.f1v[e]);
        }
        ok = solve(&w);
        /* Public: whether this vinegar vector gave a solvable system (a
         * rejected vector is discarded and never used again). */
        PQSIG_CT_DECLASSIFY(&ok, sizeof ok);
        if (ok != 0) {
            break;
        }
    }
    pqsig_drbg_release(&prng);
    if (ok == 0) {
        pqsig_zeroize(&w, sizeof w);
        return PQSIG_ERR_SIGN_ATTEMPTS;
    }
    /* w = T (x_v, x_o): x_v + T1 x_o, T1 stored by columns of v bytes. */
    mqs_k_masks(w.xmask, w.x, MQS_O);
    mqs_k_matvec(wv, sk + MQS_SK_T1, MQS_V, (const uint64_t(*)[8][2])w.xmask, MQS_O, MQS_V);
    for (e = 0; e < MQS_V; e++) {
        sig[e] = (uint8_t)(wv[e] ^ w.vin[e]);
    }
    memcpy(sig + MQS_V, w.x, MQS_O);
    memcpy(sig + MQS_N, salt, MQS_SALT_BYTES);
    *siglen = MQS_SIG_BYTES;
    pqsig_zeroize(&w, sizeof w);
    pqsig_zeroize(wv, sizeof wv);
    pqsig_zeroize(pre, sizeof pre);
    pqsig_zeroize(seedhash, sizeof seedhash);
    return PQSIG_OK;
}
