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

/* The solver works on the system stored by columns when the o-byte
 * columns fill whole 16-byte blocks (level 5), else by rows (the o + 1
 * bytes of a row then fit the same number of blocks as a column). */
#define MQS_BY_COLUMNS (MQS_O % 16 == 0)

/* Buffers whose lifetimes do not overlap share memory (the whole work
 * area is wiped before returning, so it is kept small). */
typedef struct {
    uint8_t vin[MQS_V];
    uint8_t rhs[MQS_O];
    uint8_t f1v[MQS_O];
    uint8_t x[MQS_O + 16];
    uint64_t scratch[8]; /* planes of dot, expanded scalar of axpy */
    union {
        uint64_t vmask[MQS_V][8][2]; /* selection masks of the vinegar values */
        uint64_t xmask[MQS_O][8][2]; /* ... then of the oil values */
    } mk;
    uint8_t lin[MQS_O * MQS_O];     /* L by columns: entry (e, c) at c*o + e */
    union {
#if MQS_LINES
        uint8_t circ[2 * MQS_V];
#else
        uint8_t rows[MQS_V][MQS_O]; /* sum_{j >= i} x_j F1[i][j], per i */
#endif
        struct {
#if MQS_BY_COLUMNS
            uint64_t cols[MQS_O + 1][MQS_CW]; /* [L | rhs], column by column */
            uint64_t srows[HB][MQS_RW];       /* [S | rhs2], row by row */
            uint8_t zadd[HB * HB];            /* column additions of the pivot search */
            uint8_t ipiv[HB];
            uint8_t acc[8 * MQS_CW];
#else
            uint64_t sys[MQS_O][MQS_RW];      /* [L | rhs], row by row */
#endif
        } sol;
    } u;
} sign_work;

/* F1(x_v): the vinegar-vinegar part of every equation. */
static void eval_f1(sign_work *w, const uint8_t *sk)
{
#if MQS_LINES
    /* LR: c = sum_b x_b L[b]; equation e is sum_a x_a c[(a+e) mod v]. */
    mqs_k_matvec(w->u.circ, sk + MQS_SK_F1, MQS_V, (const uint64_t(*)[8][2])w->mk.vmask, MQS_V, MQS_V);
    memcpy(w->u.circ + MQS_V, w->u.circ, MQS_V);
    mqs_k_matvec_o(w->f1v, w->u.circ, 1, 0, (const uint64_t(*)[8][2])w->mk.vmask, MQS_V);
#else
    /* RR: sum_i x_i (sum_{j >= i} x_j F1[i][j]). */
    unsigned i;
    for (i = 0; i < MQS_V; i++) {
        mqs_k_matvec_o(w->u.rows[i], sk + MQS_SK_F1 + mqs_mono(i, i, MQS_V) * MQS_O, MQS_O, 0,
                       (const uint64_t(*)[8][2])w->mk.vmask + i, MQS_V - i);
    }
    mqs_k_matvec_o(w->f1v, &w->u.rows[0][0], MQS_O, 0, (const uint64_t(*)[8][2])w->mk.vmask, MQS_V);
#endif
}

/* sum_k a[k] b[k] over the words from..to of a row and of x (bit planes
 * of the lane products, folded once). pl is scratch in the work area,
 * which is wiped once at the end instead of after every call. */
static uint8_t dot(uint64_t *restrict pl, const uint64_t *a, const uint8_t *x, unsigned from, unsigned to)
{
    uint64_t v;
    unsigned k, t;
    for (t = 0; t < 8; t++) {
        pl[t] = 0;
    }
    for (k = from; k < to; k++) {
        memcpy(&v, x + 8 * k, 8);
        for (t = 0; t < 8; t++) {
            pl[t] ^= a[k] & mqs_lane_mask(v, t);
        }
    }
    return mqs_lane_sum(mqs_fold_word(pl));
}

#if MQS_BY_COLUMNS
/* acc[0..8n) ^= s * col[0..8n) (n words); be is scratch in the work area. */
static void axpy(uint64_t *restrict be, uint8_t *acc, const uint64_t *col, uint8_t s, unsigned n)
{
    uint64_t a;
    unsigned k;
    mqs_scalar_expand(be, s);
    for (k = 0; k < n; k++) {
        memcpy(&a, acc + 8 * k, 8);
        a ^= mqs_mul_expanded(col[k], be);
        memcpy(acc + 8 * k, &a, 8);
    }
}

/* One attempt: solve L x = rhs. Returns all-ones on success. */
static uint64_t solve(sign_work *w)
{
    uint64_t okA, okS;
    unsigned r, c;
    const unsigned hw = (HB + 7) / 8; /* words holding rows 0..h-1 */

    /* [L | rhs] column by column (o bytes, zero-padded). */
    for (c = 0; c <= MQS_O; c++) {
        memset(w->u.sol.cols[c], 0, sizeof w->u.sol.cols[c]);
        memcpy(w->u.sol.cols[c], c < MQS_O ? w->lin + c * MQS_O : w->rhs, MQS_O);
    }
    /* Eliminate the columns of A below their pivots, in every row below:
     * the rows of [C | D | r2] become [0 | S | r2 - C A^-1 r1], S = D -
     * C A^-1 B (the Schur complement does not depend on how the pivots of
     * A are found; a pivot search fails exactly when A is singular). */
    okA = mqs_k_elim_cols(w->u.sol.cols, HB, MQS_O + 1, w->u.sol.zadd, w->u.sol.ipiv);

    /* The specification's elimination of S (rows, windowed pivots). */
    for (r = 0; r < HB; r++) {
        uint8_t *b = (uint8_t *)w->u.sol.srows[r];
        memset(w->u.sol.srows[r], 0, sizeof w->u.sol.srows[r]);
        for (c = 0; c <= HB; c++) {
            b[c] = ((const uint8_t *)w->u.sol.cols[HB + c])[HB + r];
        }
    }
    okS = mqs_k_gauss(w->u.sol.srows, HB, HB, 0, MQS_SCHUR_WINDOW, 2 * ((HB + 16) / 16));

    /* x2: back substitution on the unit upper triangular S, from the last
     * unknown (unknown entries are zero and meet zeros of the row). */
    memset(w->x, 0, sizeof w->x);
    for (r = HB; r-- > 0;) {
        const uint8_t *b = (const uint8_t *)w->u.sol.srows[r];
        w->x[HB + r] = (uint8_t)(b[HB] ^ dot(w->scratch, w->u.sol.srows[r], w->x + HB, r / 8, (HB + 7) / 8));
    }
    /* x1 (of the column-added system): rows 0..h-1 are upper triangular
     * with pivots ipiv^-1; sweep the columns from the last. */
    memset(w->u.sol.acc, 0, sizeof w->u.sol.acc);
    for (c = MQS_O; c-- > HB;) {
        axpy(w->scratch, w->u.sol.acc, w->u.sol.cols[c], w->x[c], hw);
    }
    for (c = HB; c-- > 0;) {
        const uint8_t *rhs = (const uint8_t *)w->u.sol.cols[MQS_O];
        w->x[c] = mqs_gf_mul((uint8_t)(rhs[c] ^ w->u.sol.acc[c]), w->u.sol.ipiv[c]);
        axpy(w->scratch, w->u.sol.acc, w->u.sol.cols[c], w->x[c], hw);
    }
    /* Undo the column additions: x_j += x_i for each addition of column
     * j to column i, the last ones first. */
    for (r = HB; r-- > 0;) {
        for (c = r + 1; c < HB; c++) {
            w->x[c] ^= (uint8_t)(w->u.sol.zadd[r * HB + c] & w->x[r]);
        }
    }
    return okA & okS;
}

#else
/* One attempt: solve L x = rhs. Returns all-ones on success. */
static uint64_t solve(sign_work *w)
{
    uint64_t okA, okS;
    unsigned r, c;

    /* [L | rhs] row by row (o + 1 bytes, zero-padded). */
    for (r = 0; r < MQS_O; r++) {
        uint8_t *b = (uint8_t *)w->u.sol.sys[r];
        memset(w->u.sol.sys[r], 0, sizeof w->u.sol.sys[r]);
        for (c = 0; c < MQS_O; c++) {
            b[c] = w->lin[c * MQS_O + r];
        }
        b[MQS_O] = w->rhs[r];
    }
    /* Eliminate the columns of A with pivots from the rows of A only (any
     * of them: this fails exactly when A is singular), clearing them in
     * every row below, those of [C | D | r2] included, which become
     * [0 | S | r2 - C A^-1 r1] with S = D - C A^-1 B. */
    okA = mqs_k_gauss(w->u.sol.sys, HB, MQS_O, 0, HB, MQS_RW);
    /* The specification's elimination of S (windowed pivots). */
    okS = mqs_k_gauss(w->u.sol.sys + HB, HB, HB, HB, MQS_SCHUR_WINDOW, MQS_RW);

    /* Back substitution on the unit upper triangular system, from the
     * last unknown: x fills from the end (unknown entries are zero and
     * meet zeros of the row, the known ones give the sum). */
    memset(w->x, 0, sizeof w->x);
    for (r = MQS_O; r-- > 0;) {
        const uint8_t *b = (const uint8_t *)w->u.sol.sys[r];
        w->x[r] = (uint8_t)(b[MQS_O] ^ dot(w->scratch, w->u.sol.sys[r], w->x, r / 8, (MQS_O + 7) / 8));
    }
    return okA & okS;
}
#endif

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
        mqs_k_masks(w.mk.vmask, w.vin, MQS_V);
        mqs_k_matvec(w.lin, sk + MQS_SK_F2, (size_t)MQS_O * MQS_O, (const uint64_t(*)[8][2])w.mk.vmask,
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
    mqs_k_masks(w.mk.xmask, w.x, MQS_O);
    mqs_k_matvec(wv, sk + MQS_SK_T1, MQS_V, (const uint64_t(*)[8][2])w.mk.xmask, MQS_O, MQS_V);
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
