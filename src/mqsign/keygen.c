/* MQ-Sign key generation (spec 3.2, 4.1), constant time, public key built
 * in place in the caller's buffer.
 *
 * The public map is P = T^t F T with T = [[I, T1], [0, I]]:
 *   P1 = F1,  P2 = (F1 + F1^t) T1 + F2,  P3 = Upper(T1^t (F1 T1 + F2)).
 * In the key every coefficient is an o-byte vector (one byte per
 * equation), so each product above is a sum of "scalar from T1 times
 * o-byte vector": the outer-product kernel. Order of work:
 *   1. the P2 block receives Q = F1 T1 + F2 (row i of F1 times T1);
 *   2. P3 = Upper(T1^t Q), one column of T1^t Q at a time;
 *   3. the P2 block receives the rest, F1^t T1 (the diagonal of F1, counted
 *      in both, cancels as it should: F1 + F1^t has a zero diagonal). */
#include <string.h>

#include "arith.h"
#include "common/fips202.h"
#include "frontend.h"
#include "mqsign/variant.h"

typedef char mqs_check_sizes[(MQS_SK_BYTES == MQS_SK_BYTES_DEC && MQS_PK_BYTES == MQS_PK_BYTES_DEC) ? 1 : -1];

/* The o-byte coefficient vector at p, into words (padding lanes zero). */
static void vec_load(uint64_t x[MQS_OW], const uint8_t *p)
{
    x[MQS_OW - 1] = 0;
    memcpy(x, p, MQS_O);
}

static void vec_store(uint8_t *p, const uint64_t x[MQS_OW])
{
    memcpy(p, x, MQS_O);
}

static void vec_xor_store(uint8_t *p, const uint64_t x[MQS_OW])
{
    const uint8_t *b = (const uint8_t *)x;
    unsigned k;
    for (k = 0; k < MQS_O; k++) {
        p[k] ^= b[k];
    }
}

/* The vinegar-vinegar block F1 of the public key (= P1), row by row. */
static void build_p1(uint8_t *pk, const uint8_t *sk)
{
    unsigned i;
#if MQS_LINES
    /* LR (spec 3.3): equation e is sum_{a,b} x_a x_b L[b][(a+e) mod v]
     * over the v lines L[b] (v bytes each): on the upper triangle,
     * P1[a][b] = L[b][a+e] + L[a][b+e] (a < b), P1[a][a] = L[a][a+e]. */
    const uint8_t *lines = sk + MQS_SK_F1;
    unsigned j, e;
    for (i = 0; i < MQS_V; i++) {
        for (j = i; j < MQS_V; j++) {
            uint8_t *dst = pk + mqs_mono(i, j, MQS_N) * MQS_O;
            for (e = 0; e < MQS_O; e++) {
                uint8_t c = lines[(size_t)j * MQS_V + (i + e) % MQS_V];
                if (j != i) {
                    c ^= lines[(size_t)i * MQS_V + (j + e) % MQS_V];
                }
                dst[e] = c;
            }
        }
    }
#else
    for (i = 0; i < MQS_V; i++) {
        memcpy(pk + mqs_mono(i, i, MQS_N) * MQS_O, sk + MQS_SK_F1 + mqs_mono(i, i, MQS_V) * MQS_O,
               (size_t)(MQS_V - i) * MQS_O);
    }
#endif
}

typedef struct {
    uint8_t t1r[MQS_V][MQS_O]; /* T1, row-major */
    uint64_t acc[MQS_O][MQS_OW];
    uint64_t x[MQS_OW];
    uint64_t xe[8][MQS_OW];
} keygen_work;

/* acc += F1-entry-at(p) (x) row k of T1. */
static void outer_from(keygen_work *w, const uint8_t *p, unsigned k)
{
    vec_load(w->x, p);
    mqs_k_expand_vec(w->xe, w->x);
    mqs_k_outer(w->acc, (const uint64_t(*)[MQS_OW])w->xe, w->t1r[k]);
}

int PQSIG_NS(keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *seed)
{
    keygen_work w;
    pqsig_drbg prng;
    uint8_t *p2row, *p3 = pk + mqs_mono(MQS_V, MQS_V, MQS_N) * MQS_O;
    unsigned i, j, k;

    /* Secret key: the seed, then T1, F1 (or L), F2 drawn in three DRBG
     * requests, as the official code does. */
    memcpy(sk, seed, MQS_SEED_BYTES);
    mqs_prng_init(&prng, seed, MQS_SEED_BYTES);
    pqsig_drbg_randombytes(&prng, sk + MQS_SK_T1, MQS_T1_BYTES);
    pqsig_drbg_randombytes(&prng, sk + MQS_SK_F1, MQS_F1_BYTES);
    pqsig_drbg_randombytes(&prng, sk + MQS_SK_F2, MQS_F2_BYTES);
    pqsig_drbg_release(&prng);
    sk[MQS_SK_BYTES - 1] = 0;

    /* T1 is stored column by column (entry (i, c) at c*v + i). */
    for (i = 0; i < MQS_V; i++) {
        for (j = 0; j < MQS_O; j++) {
            w.t1r[i][j] = sk[MQS_SK_T1 + (size_t)j * MQS_V + i];
        }
    }
    build_p1(pk, sk);

    /* 1. Q = F1 T1 + F2 into the P2 block (row i: o entries of o bytes). */
    for (i = 0; i < MQS_V; i++) {
        p2row = pk + mqs_mono(i, MQS_V, MQS_N) * MQS_O;
        for (j = 0; j < MQS_O; j++) {
            vec_load(w.acc[j], sk + MQS_SK_F2 + ((size_t)i * MQS_O + j) * MQS_O);
        }
        for (k = i; k < MQS_V; k++) {
            outer_from(&w, pk + mqs_mono(i, k, MQS_N) * MQS_O, k);
        }
        for (j = 0; j < MQS_O; j++) {
            vec_store(p2row + (size_t)j * MQS_O, w.acc[j]);
        }
    }

    /* 2. P3 = Upper(R), R = T1^t Q; column b of R is sum_i Q[i][b] (x) T1 row i. */
    memset(p3, 0, (size_t)MQS_TRI(MQS_O) * MQS_O);
    for (j = 0; j < MQS_O; j++) {
        memset(w.acc, 0, sizeof w.acc);
        for (i = 0; i < MQS_V; i++) {
            outer_from(&w, pk + mqs_mono(i, MQS_V + j, MQS_N) * MQS_O, i);
        }
        for (k = 0; k < MQS_O; k++) {
            /* R[k][j] belongs to the upper-triangle entry (min, max). */
            size_t at = k <= j ? mqs_mono(k, j, MQS_O) : mqs_mono(j, k, MQS_O);
            vec_xor_store(p3 + at * MQS_O, w.acc[k]);
        }
    }

    /* 3. P2 = Q + F1^t T1: row i gains column i of F1 times T1. */
    for (i = 0; i < MQS_V; i++) {
        p2row = pk + mqs_mono(i, MQS_V, MQS_N) * MQS_O;
        for (j = 0; j < MQS_O; j++) {
            vec_load(w.acc[j], p2row + (size_t)j * MQS_O);
        }
        for (k = 0; k <= i; k++) {
            outer_from(&w, pk + mqs_mono(k, i, MQS_N) * MQS_O, k);
        }
        for (j = 0; j < MQS_O; j++) {
            vec_store(p2row + (size_t)j * MQS_O, w.acc[j]);
        }
    }

#if MQS_BIND
    /* ph: SHAKE256 of all of P (RR-s) or of its bytes from the first
     * vinegar-oil monomial on (RR-m), in the public and the secret key. */
    if (MQS_BIND == 1) {
        pqsig_shake256(pk + MQS_P_BYTES, MQS_HASH_BYTES, pk, MQS_P_BYTES);
    } else {
        pqsig_shake256(pk + MQS_P_BYTES, MQS_HASH_BYTES, pk + MQS_P23_OFFSET, MQS_P23_BYTES);
    }
    memcpy(sk + MQS_SK_PH, pk + MQS_P_BYTES, MQS_HASH_BYTES);
#endif
    pk[MQS_PK_BYTES - 1] = 0;
    pqsig_zeroize(&w, sizeof w);
    return PQSIG_OK;
}
