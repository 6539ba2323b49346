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
 * Only the accept/reject bit of each attempt is made public. The state
 * lives in the caller's scratch. */
#include <string.h>

#include "common/ct.h"
#include "common/fips202.h"
#include "frontend.h"
#include "kernels.h"
#include "mqsign/variant.h"

/* Buffers whose lifetimes do not overlap share memory (the whole state is
 * wiped before returning, so it is kept small). */
typedef struct {
    union {
        uint64_t solve[MQS_SOLVE_WORK_BYTES / 8]; /* first: 64-byte aligned */
#if MQS_LINES
        uint8_t circ[2 * MQS_V];
#else
        uint8_t rows[MQS_V][MQS_O]; /* sum_{j >= i} x_j F1[i][j], per i */
#endif
    } u;
    union {
        uint64_t vmask[MQS_V][8][2]; /* selection masks of the vinegar values */
        uint64_t xmask[MQS_O][8][2]; /* ... then of the oil values */
    } mk;
    uint8_t tab[MQS_V][32];     /* the vinegar values' product tables, where a backend makes them */
    uint8_t lin[MQS_O * MQS_O]; /* L by columns: entry (e, c) at c*o + e */
    uint8_t vin[MQS_V];
    uint8_t rhs[MQS_O];
    uint8_t f1v[MQS_O];
    uint8_t x[MQS_O];
} sign_work;

typedef char mqs_check_sign_temp[sizeof(sign_work) <= PQSIG_V_TEMP_BYTES ? 1 : -1];

/* F1(x_v): the vinegar-vinegar part of every equation (have_tab: the
 * tables of the vinegar values are in w->tab, mqs_tables). */
static void eval_f1(sign_work *w, const uint8_t *sk, int have_tab)
{
    const uint64_t(*vmask)[8][2] = (const uint64_t(*)[8][2])w->mk.vmask;
    const uint8_t(*tab)[32] = (const uint8_t(*)[32])w->tab;
#if MQS_LINES
    /* LR: c = sum_b x_b L[b]; equation e is sum_a x_a c[(a+e) mod v]. */
    mqs_matvec_tab(w->u.circ, sk + MQS_SK_F1, MQS_V, 0, vmask, tab, have_tab, MQS_V, MQS_V);
    memcpy(w->u.circ + MQS_V, w->u.circ, MQS_V);
    mqs_matvec_tab(w->f1v, w->u.circ, 1, 0, vmask, tab, have_tab, MQS_V, MQS_O);
#else
    /* RR: sum_i x_i (sum_{j >= i} x_j F1[i][j]). */
    unsigned i;
    for (i = 0; i < MQS_V; i++) {
        mqs_matvec_tab(w->u.rows[i], sk + MQS_SK_F1 + mqs_mono(i, i, MQS_V) * MQS_O, MQS_O, 0, vmask + i, tab + i,
                       have_tab, MQS_V - i, MQS_O);
    }
    mqs_matvec_tab(w->f1v, &w->u.rows[0][0], MQS_O, 0, vmask, tab, have_tab, MQS_V, MQS_O);
#endif
}

int PQSIG_NS(sign_derand_temp)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                               const uint8_t *sk, const uint8_t *rnd, void *tmp)
{
    sign_work *w = tmp;
    pqsig_drbg prng;
    uint8_t salt[MQS_SALT_BYTES], y[MQS_O], pre[MQS_SEED_BYTES + MQS_SALT_BYTES], wv[MQS_V];
    uint8_t seedhash[MQS_HASH_BYTES];
    unsigned attempt, e;
    uint64_t ok = 0;
    int have_tab;

    pqsig_shake256(salt, sizeof salt, rnd, 32);
    memcpy(pre, sk, MQS_SEED_BYTES);
    memcpy(pre + MQS_SEED_BYTES, salt, MQS_SALT_BYTES);
    pqsig_shake256(seedhash, sizeof seedhash, pre, sizeof pre);
    mqs_prng_init(&prng, seedhash, sizeof seedhash);
    mqs_digest(y, m, mlen, salt, sk + MQS_SK_PH);

    for (attempt = 0; attempt < MQS_MAX_ATTEMPTS; attempt++) {
        pqsig_drbg_randombytes(&prng, w->vin, MQS_V);
        mqs_masks(w->mk.vmask, w->vin, MQS_V);
        have_tab = mqs_tables(w->tab, (const uint64_t(*)[8][2])w->mk.vmask, MQS_V);
        mqs_matvec(w->lin, sk + MQS_SK_F2, (size_t)MQS_O * MQS_O, 0, (const uint64_t(*)[8][2])w->mk.vmask,
                   MQS_V, (size_t)MQS_O * MQS_O);
        eval_f1(w, sk, have_tab);
        for (e = 0; e < MQS_O; e++) {
            w->rhs[e] = (uint8_t)(y[e] ^ w->f1v[e]);
        }
        ok = mqs_solve(w->x, w->lin, w->rhs, w->u.solve);
        /* Public: whether this vinegar vector gave a solvable system (a
         * rejected vector is discarded and never used again). */
        PQSIG_CT_DECLASSIFY(&ok, sizeof ok);
        if (ok != 0) {
            break;
        }
    }
    pqsig_drbg_release(&prng);
    if (ok == 0) {
        pqsig_zeroize(w, sizeof *w);
        return PQSIG_ERR_SIGN_ATTEMPTS;
    }
    /* w = T (x_v, x_o): x_v + T1 x_o, T1 stored by columns of v bytes. */
    mqs_masks(w->mk.xmask, w->x, MQS_O);
    mqs_matvec(wv, sk + MQS_SK_T1, MQS_V, 0, (const uint64_t(*)[8][2])w->mk.xmask, MQS_O, MQS_V);
    for (e = 0; e < MQS_V; e++) {
        sig[e] = (uint8_t)(wv[e] ^ w->vin[e]);
    }
    memcpy(sig + MQS_V, w->x, MQS_O);
    memcpy(sig + MQS_N, salt, MQS_SALT_BYTES);
    *siglen = MQS_SIG_BYTES;
    pqsig_zeroize(w, sizeof *w);
    pqsig_zeroize(wv, sizeof wv);
    pqsig_zeroize(pre, sizeof pre);
    pqsig_zeroize(seedhash, sizeof seedhash);
    return PQSIG_OK;
}

int PQSIG_NS(sign_derand)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                          const uint8_t *sk, const uint8_t *rnd)
{
    uint8_t buf[sizeof(sign_work) + 63];
    return PQSIG_NS(sign_derand_temp)(sig, siglen, m, mlen, sk, rnd, mqs_align64(buf));
}
