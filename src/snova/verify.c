/* SNOVA opt: verification (Algorithms 19, 20), one equation at a time.
 * Everything here is public. With Uw the whipped signature (rows (j, r),
 * columns (a, c): (S^a U_j)[r][c]) and P_i the full nl x nl matrix of
 * equation i, D_i = Uw^t (P_i Uw) gives the map through snova_finish. */
#include <string.h>

#include "common/fips202.h"
#include "snova/opt.h"
#include "snova/variant.h"

typedef struct {
    uint64_t uw[SNOVA_NL * SNOVA_WW];
    uint64_t tabu[SNOVA_NL * 16 * SNOVA_WW];
    uint64_t pu[SNOVA_NL * SNOVA_WW];
    uint64_t d[SNOVA_O * SNOVA_L2 * SNOVA_WW];
    uint8_t u[SNOVA_SIG_ELEMS + 1];
    uint8_t value[SNOVA_O * SNOVA_L2];
    uint8_t target[SNOVA_HASH_BYTES];
    uint8_t md[SNOVA_DIGEST_BYTES];
    uint8_t buf[(SNOVA_V * SNOVA_V * SNOVA_L2) / 2 + 2];
    snova_abq_t abq;
    snova_blk spow[SNOVA_L];
} verify_state;

/* pub reads the public matrices (from the seed or from an expanded key);
 * abq is the expanded key's ABQ, or NULL to derive it from pub. */
static int verify_core(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                       const uint8_t *pk, snova_pub *pub, const snova_abq_t *abq)
{
    verify_state s;
    const uint8_t *salt = sig + SNOVA_SIGNATURE_BYTES - SNOVA_SALT_BYTES;
    const uint8_t *p22 = pk + SNOVA_SEED_PUBLIC_BYTES;
    unsigned i, k, r, c;
    uint8_t diff = 0;

    if (siglen != SNOVA_SIGNATURE_BYTES) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
    /* Canonical encodings: an odd element count leaves a zero high nibble. */
#if SNOVA_SIG_ELEMS % 2
    if ((sig[SNOVA_SIG_ELEMS / 2] >> 4) != 0) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
#endif
#if SNOVA_PK_ELEMS % 2
    if ((p22[SNOVA_PK_ELEMS / 2] >> 4) != 0) {
        return PQSIG_ERR_MALFORMED_KEY;
    }
#endif
    for (k = 0; k < SNOVA_SIG_ELEMS; k++) {
        s.u[k] = snova_nib(sig, k);
    }
    PQSIG_NS(snova_spow)(s.spow);
    PQSIG_NS(snova_whip)(s.uw, s.u, SNOVA_N, s.spow);
    for (r = 0; r < SNOVA_NL; r++) {
        PQSIG_NS(snova_k_table)(&s.tabu[(size_t)r * 16 * SNOVA_WW], &s.uw[r * SNOVA_WW], SNOVA_WW);
    }

    memset(s.d, 0, sizeof(s.d));
    for (i = 0; i < SNOVA_O; i++) {
        uint64_t *pu_o = s.pu + SNOVA_VL * SNOVA_WW;        /* rows of the oil part */
        const uint64_t *tab_o = s.tabu + (size_t)SNOVA_VL * 16 * SNOVA_WW;
        unsigned n0;
        memset(s.pu, 0, sizeof(s.pu));
        n0 = PQSIG_NS(snova_pub_nibs)(pub, s.buf, SNOVA_OFF_P11(i), SNOVA_V * SNOVA_V * SNOVA_L2);
        PQSIG_NS(snova_k_pmat)(s.buf, n0, SNOVA_V, SNOVA_V, SNOVA_L, s.pu, s.tabu, NULL, NULL, SNOVA_WW);
        n0 = PQSIG_NS(snova_pub_nibs)(pub, s.buf, SNOVA_OFF_P12(i), SNOVA_V * SNOVA_O * SNOVA_L2);
        PQSIG_NS(snova_k_pmat)(s.buf, n0, SNOVA_V, SNOVA_O, SNOVA_L, s.pu, tab_o, NULL, NULL, SNOVA_WW);
        n0 = PQSIG_NS(snova_pub_nibs)(pub, s.buf, SNOVA_OFF_P21(i), SNOVA_O * SNOVA_V * SNOVA_L2);
        PQSIG_NS(snova_k_pmat)(s.buf, n0, SNOVA_O, SNOVA_V, SNOVA_L, pu_o, s.tabu, NULL, NULL, SNOVA_WW);
        PQSIG_NS(snova_k_pmat)(p22, (size_t)i * SNOVA_O * SNOVA_O * SNOVA_L2, SNOVA_O, SNOVA_O, SNOVA_L, pu_o,
                               tab_o, NULL, NULL, SNOVA_WW);
        /* D^t = (P Uw)^t Uw: the entries of P Uw are public here, so they
         * index the tables of the rows of Uw. */
        {
            uint64_t dt[SNOVA_L2 * SNOVA_WW];
            unsigned w;
            memset(dt, 0, sizeof(dt));
            for (r = 0; r < SNOVA_NL; r++) {
                const uint64_t *pr = &s.pu[r * SNOVA_WW];
                const uint64_t *tr = &s.tabu[(size_t)r * 16 * SNOVA_WW];
                for (k = 0; k < SNOVA_L2; k++) {
                    const uint64_t *t = tr + snova_row_get(pr, k) * SNOVA_WW;
                    for (w = 0; w < SNOVA_WW; w++) {
                        dt[k * SNOVA_WW + w] ^= t[w];
                    }
                }
            }
            for (k = 0; k < SNOVA_L2; k++) {
                for (c = 0; c < SNOVA_L2; c++) {
                    snova_row_xor(s.d + ((size_t)i * SNOVA_L2 + c) * SNOVA_WW, k, snova_row_get(&dt[k * SNOVA_WW], c));
                }
            }
        }
    }
    if (abq == NULL) {
        PQSIG_NS(snova_gen_abq)(&s.abq, pub, s.spow);
        abq = &s.abq;
    }
    PQSIG_NS(snova_finish)(s.value, s.d, abq);

    PQSIG_NS(snova_msg_target)(s.target, s.md, pk, m, mlen, salt);
    for (k = 0; k < SNOVA_O * SNOVA_L2; k++) {
        diff |= (uint8_t)(snova_nib(s.target, k) ^ s.value[k]);
    }
    return diff == 0 ? PQSIG_OK : PQSIG_ERR_INVALID_SIGNATURE;
}

int PQSIG_NS(verify)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                     const uint8_t *pk)
{
    snova_pub pub;
    int ret;
    PQSIG_NS(snova_pub_init)(&pub, pk, NULL, 0);
    ret = verify_core(sig, siglen, m, mlen, pk, &pub, NULL);
    PQSIG_NS(snova_pub_release)(&pub);
    return ret;
}

int PQSIG_NS(expand_pk)(uint8_t *epk, const uint8_t *pk)
{
    snova_epk *e = (snova_epk *)epk;
    snova_blk spow[SNOVA_L];
    snova_pub pub;
    PQSIG_NS(snova_spow)(spow);
    PQSIG_NS(snova_pub_init)(&pub, pk, NULL, 0);
    PQSIG_NS(snova_pub_read)(&pub, e->p, 0, SNOVA_PUB_P_BYTES);
    PQSIG_NS(snova_gen_abq)(&e->abq, &pub, spow);
    PQSIG_NS(snova_pub_release)(&pub);
    memcpy(e->pk, pk, SNOVA_PUBLICKEY_BYTES);
    return PQSIG_OK;
}

int PQSIG_NS(verify_expanded)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                              const uint8_t *epk)
{
    const snova_epk *e = (const snova_epk *)epk;
    snova_pub pub;
    int ret;
    PQSIG_NS(snova_pub_init)(&pub, e->pk, e->p, SNOVA_PUB_P_BYTES);
    ret = verify_core(sig, siglen, m, mlen, e->pk, &pub, &e->abq);
    PQSIG_NS(snova_pub_release)(&pub);
    return ret;
}
