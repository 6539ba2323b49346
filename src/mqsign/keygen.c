/* MQ-Sign key generation (spec 3.2, 4.1), constant time, public key built
 * in place in the caller's buffer.
 *
 * The public map is P = T^t F T with T = [[I, T1], [0, I]]:
 *   P1 = F1,  P2 = (F1 + F1^t) T1 + F2,  P3 = Upper(T1^t (F1 T1 + F2)).
 * In the key every coefficient is an o-byte vector (one byte per
 * equation), so each entry of these products is a linear combination of
 * o-byte vectors weighted by one column of T1: the bit-plane matrix-vector
 * kernel, with the masks of that column computed once and reused for all
 * its entries. Order of work:
 *   1. the P2 block receives Q = F1 T1 + F2 (row i of F1 times T1);
 *   2. P3 = Upper(R), R = T1^t Q, column by column of the P2 block;
 *   3. the P2 block receives the rest, F1^t T1 (the diagonal of F1, counted
 *      in both, cancels as it should: F1 + F1^t has a zero diagonal).
 * The state (the masks of one column of T1) lives in the caller's scratch. */
#include <string.h>

#include "common/ct.h"
#include "common/fips202.h"
#include "frontend.h"
#include "kernels.h"
#include "mqsign/variant.h"

typedef char mqs_check_sizes[(MQS_SK_BYTES == MQS_SK_BYTES_DEC && MQS_PK_BYTES == MQS_PK_BYTES_DEC) ? 1 : -1];

/* p[0..o) ^= x[0..o). */
static void vec_xor(uint8_t *p, const uint8_t *x)
{
    unsigned k;
    for (k = 0; k + 8 <= MQS_O; k += 8) {
        uint64_t a, b;
        memcpy(&a, p + k, 8);
        memcpy(&b, x + k, 8);
        a ^= b;
        memcpy(p + k, &a, 8);
    }
    for (; k < MQS_O; k++) {
        p[k] ^= x[k];
    }
}

#if MQS_LINES
/* LR: o consecutive bytes of a line, from position `from` on, cyclically
 * (from < v and o < v, so they wrap at most once): the coefficients
 * line[(from + e) mod v], e < o. Positions are public; the bytes secret. */
typedef char mqs_check_lr_wrap[MQS_O < MQS_V ? 1 : -1];

static void cyclic_copy(uint8_t *dst, const uint8_t *line, unsigned from)
{
    const unsigned first = MQS_V - from < MQS_O ? MQS_V - from : MQS_O;
    memcpy(dst, line + from, first);
    memcpy(dst + first, line, MQS_O - first);
}

static void cyclic_xor(uint8_t *dst, const uint8_t *line, unsigned from)
{
    const unsigned first = MQS_V - from < MQS_O ? MQS_V - from : MQS_O;
    unsigned e;
    for (e = 0; e < first; e++) {
        dst[e] ^= line[from + e];
    }
    for (; e < MQS_O; e++) {
        dst[e] ^= line[e - first];
    }
}
#endif

/* The vinegar-vinegar block F1 of the public key (= P1), row by row. */
static void build_p1(uint8_t *pk, const uint8_t *sk)
{
    unsigned i;
#if MQS_LINES
    /* LR (spec 3.3): equation e is sum_{a,b} x_a x_b L[b][(a+e) mod v]
     * over the v lines L[b] (v bytes each): on the upper triangle,
     * P1[a][b] = L[b][a+e] + L[a][b+e] (a < b), P1[a][a] = L[a][a+e],
     * each an o-byte run of a line read cyclically. */
    const uint8_t *lines = sk + MQS_SK_F1;
    unsigned j;
    for (i = 0; i < MQS_V; i++) {
        uint8_t *dst = pk + mqs_mono(i, i, MQS_N) * MQS_O;
        cyclic_copy(dst, lines + (size_t)i * MQS_V, i);
        for (j = i + 1; j < MQS_V; j++) {
            dst += MQS_O;
            cyclic_copy(dst, lines + (size_t)j * MQS_V, i);
            cyclic_xor(dst, lines + (size_t)i * MQS_V, j);
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
    uint64_t mk[2][MQS_V][8][2]; /* masks of two columns of T1 */
    uint8_t tab[2][MQS_V][32];   /* and their product tables, where a backend makes them */
    uint8_t tmp[2][MQS_O];
} keygen_work;

typedef char mqs_check_keygen_pairs[MQS_O % 2 == 0 ? 1 : -1];

/* The masks and tables of columns j and j + 1 of T1 (stored by columns);
 * returns have_tab (kernels.h). */
static int column_pair(keygen_work *w, const uint8_t *sk, unsigned j)
{
    int have_tab = 1;
    unsigned c;
    for (c = 0; c < 2; c++) {
        mqs_masks(w->mk[c], sk + MQS_SK_T1 + (size_t)(j + c) * MQS_V, MQS_V);
        have_tab &= mqs_tables(w->tab[c], (const uint64_t(*)[8][2])w->mk[c], MQS_V);
    }
    return have_tab;
}

typedef char mqs_check_keygen_temp[sizeof(keygen_work) <= PQSIG_V_TEMP_BYTES ? 1 : -1];

/* Offset in pk of the o-byte vector of monomial x_i x_j (i <= j < n). */
static size_t at(unsigned i, unsigned j)
{
    return mqs_mono(i, j, MQS_N) * MQS_O;
}

/* Stride between the vectors of x_k x_j and x_{k+1} x_j: (n - 1 - k) o,
 * i.e. (n - 1) o shrinking by o per step (mqs_matvec's dstride). */
#define COL_STRIDE ((size_t)(MQS_N - 1) * MQS_O)
#define COL_DSTRIDE (-(ptrdiff_t)MQS_O)

int PQSIG_NS(keypair_derand_temp)(uint8_t *pk, uint8_t *sk, const uint8_t *seed, void *tmp)
{
    keygen_work *w = tmp;
    pqsig_drbg prng;
    uint8_t *p3 = pk + mqs_mono(MQS_V, MQS_V, MQS_N) * MQS_O;
    unsigned i, j, k;
    int have_tab;

    /* Secret key: the seed, then T1, F1 (or L), F2 drawn in three DRBG
     * requests, as the official code does. */
    memcpy(sk, seed, MQS_SEED_BYTES);
    mqs_prng_init(&prng, seed, MQS_SEED_BYTES);
    pqsig_drbg_randombytes(&prng, sk + MQS_SK_T1, MQS_T1_BYTES);
    pqsig_drbg_randombytes(&prng, sk + MQS_SK_F1, MQS_F1_BYTES);
    pqsig_drbg_randombytes(&prng, sk + MQS_SK_F2, MQS_F2_BYTES);
    pqsig_drbg_release(&prng);
    sk[MQS_SK_BYTES - 1] = 0;

    /* T1 is stored column by column (entry (i, c) at c*v + i): the masks
     * of column c weigh the v vectors of one linear combination. */
    build_p1(pk, sk);

    /* 1. Q = F1 T1 + F2 into the P2 block: Q(i, j) = F2(i, j) +
     *    sum_{k >= i} T1[k][j] F1(i, k), F1 row i contiguous from k = i. */
    for (j = 0; j < MQS_O; j += 2) {
        have_tab = column_pair(w, sk, j);
        for (i = 0; i < MQS_V; i++) {
            uint8_t *dst = pk + at(i, MQS_V + j);
            mqs_matvec_tab2(dst, dst + MQS_O, pk + at(i, i), MQS_O, 0, (const uint64_t(*)[8][2])w->mk[0] + i,
                            (const uint8_t(*)[32])w->tab[0] + i, (const uint64_t(*)[8][2])w->mk[1] + i,
                            (const uint8_t(*)[32])w->tab[1] + i, have_tab, MQS_V - i, MQS_O);
            vec_xor(dst, sk + MQS_SK_F2 + ((size_t)i * MQS_O + j) * MQS_O);
            vec_xor(dst + MQS_O, sk + MQS_SK_F2 + ((size_t)i * MQS_O + j + 1) * MQS_O);
        }
    }

    /* 2. P3 = Upper(R), R = T1^t Q: R[a][b] = sum_i T1[i][a] Q(i, b), the
     *    column b of the P2 block. */
    memset(p3, 0, (size_t)MQS_TRI(MQS_O) * MQS_O);
    for (j = 0; j < MQS_O; j += 2) {
        have_tab = column_pair(w, sk, j);
        for (k = 0; k < MQS_O; k++) {
            unsigned c;
            mqs_matvec_tab2(w->tmp[0], w->tmp[1], pk + at(0, MQS_V + k), COL_STRIDE, COL_DSTRIDE,
                            (const uint64_t(*)[8][2])w->mk[0], (const uint8_t(*)[32])w->tab[0],
                            (const uint64_t(*)[8][2])w->mk[1], (const uint8_t(*)[32])w->tab[1], have_tab, MQS_V,
                            MQS_O);
            for (c = 0; c < 2; c++) {
                /* R[j + c][k] belongs to the upper-triangle entry (min, max). */
                const unsigned r = j + c;
                const size_t pos = r <= k ? mqs_mono(r, k, MQS_O) : mqs_mono(k, r, MQS_O);
                vec_xor(p3 + pos * MQS_O, w->tmp[c]);
            }
        }
    }

    /* 3. P2 = Q + F1^t T1: P2(i, j) gains sum_{k <= i} T1[k][j] F1(k, i),
     *    the column i of F1 (the diagonal, counted in both, cancels). */
    for (j = 0; j < MQS_O; j += 2) {
        have_tab = column_pair(w, sk, j);
        for (i = 0; i < MQS_V; i++) {
            mqs_matvec_tab2(w->tmp[0], w->tmp[1], pk + at(0, i), COL_STRIDE, COL_DSTRIDE,
                            (const uint64_t(*)[8][2])w->mk[0], (const uint8_t(*)[32])w->tab[0],
                            (const uint64_t(*)[8][2])w->mk[1], (const uint8_t(*)[32])w->tab[1], have_tab, i + 1,
                            MQS_O);
            vec_xor(pk + at(i, MQS_V + j), w->tmp[0]);
            vec_xor(pk + at(i, MQS_V + j + 1), w->tmp[1]);
        }
    }

#if MQS_BIND
    /* ph: SHAKE256 of all of P (RR-s) or of its last v o + o(o+1)/2
     * coefficient vectors (RR-m: as many as P2 and P3 have, but the key is
     * stored by monomial rows, so these are not P2 || P3; params.h), in the
     * public and the secret key. */
    if (MQS_BIND == 1) {
        pqsig_shake256(pk + MQS_P_BYTES, MQS_HASH_BYTES, pk, MQS_P_BYTES);
    } else {
        pqsig_shake256(pk + MQS_P_BYTES, MQS_HASH_BYTES, pk + MQS_P23_OFFSET, MQS_P23_BYTES);
    }
    memcpy(sk + MQS_SK_PH, pk + MQS_P_BYTES, MQS_HASH_BYTES);
#endif
    pk[MQS_PK_BYTES - 1] = 0;
    pqsig_zeroize(w, sizeof *w);
    return PQSIG_OK;
}

int PQSIG_NS(keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *seed)
{
    uint8_t buf[sizeof(keygen_work) + 63];
    return PQSIG_NS(keypair_derand_temp)(pk, sk, seed, mqs_align64(buf));
}
