/* SNOVA opt, odd prime q: verification (Algorithms 19, 20), one equation at
 * a time. Everything here is public. With Uw the whipped signature (row
 * (j, r), column (a, c): (S^a U_j)[r][c]) and P_i the symmetric nl x nl
 * matrix of equation i,
 *   P_i Uw = [P11 Uw_v + P12 Uw_o ; P12^t Uw_v + P22 Uw_o],
 *   D_i = Uw^t (P_i Uw),
 * and gfq_finish combines the D_i with A, B, Q1, Q2.
 *
 * Only canonical encodings are accepted: every packed group below q^count
 * (which also makes the padding bits zero), and no symmetric signature
 * block. */
#include <string.h>

#include "common/fips202.h"
#include "snova/gfq/gfq.h"
#include "snova/variant.h"

#define PK_EQ_ELEMS (SNOVA_O * SNOVA_L * (GFQ_OL + 1) / 2)

typedef struct {
    uint8_t pke[SNOVA_PK_ELEMS];
    uint8_t u[SNOVA_SIG_ELEMS];
    uint16_t uw16[GFQ_NL * SNOVA_L2];
    uint8_t uw8[GFQ_NL * SNOVA_L2];
    uint8_t row[SNOVA_N * SNOVA_L2];
    uint16_t hu[GFQ_NL * SNOVA_L2];
    uint16_t z[SNOVA_L2 * SNOVA_L2];
    uint16_t d[SNOVA_O * SNOVA_L2 * SNOVA_L2];
    uint8_t value[GFQ_NU];
    uint8_t y[GFQ_NU];
    uint8_t target[SNOVA_HASH_BYTES];
    uint8_t md[SNOVA_DIGEST_BYTES];
    gfq_abq abq;
    gfq_blk spow[SNOVA_L];
} verify_state;

static int blk_symmetric(const uint8_t *x)
{
    unsigned r, c;
    for (r = 0; r < SNOVA_L; r++) {
        for (c = r + 1; c < SNOVA_L; c++) {
            if (x[r * SNOVA_L + c] != x[c * SNOVA_L + r]) {
                return 0;
            }
        }
    }
    return 1;
}

/* pub reads the public matrices (from the seed or from memory); abq is a
 * ready ABQ or NULL to derive it from pub. */
static int verify_core(verify_state *s, const uint8_t *sig, size_t siglen, const uint8_t *m,
                       size_t mlen, const uint8_t *pk, snova_pub *pub, const gfq_abq *abq)
{
    const unsigned l = SNOVA_L, l2 = SNOVA_L2, vl = GFQ_VL, ol = GFQ_OL, nl = GFQ_NL;
    const uint8_t *salt = sig + SNOVA_SIGNATURE_BYTES - SNOVA_SALT_BYTES;
    const uint16_t *uwo = s->uw16 + (size_t)vl * l2;
    unsigned i, j, k, r, c;
    uint8_t diff = 0;

    if (siglen != SNOVA_SIGNATURE_BYTES) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
    if (PQSIG_NS(gfq_unpack_pub)(s->u, sig, SNOVA_SIG_ELEMS) != 0) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
    for (j = 0; j < SNOVA_N; j++) {
        if (blk_symmetric(&s->u[j * l2])) {
            return PQSIG_ERR_INVALID_SIGNATURE;
        }
    }
    if (PQSIG_NS(gfq_unpack_pub)(s->pke, pk + SNOVA_SEED_PUBLIC_BYTES, SNOVA_PK_ELEMS) != 0) {
        return PQSIG_ERR_MALFORMED_KEY;
    }

    PQSIG_NS(gfq_spow)(s->spow);
    PQSIG_NS(gfq_whip)(s->uw16, s->uw8, s->u, SNOVA_N, s->spow);
    for (i = 0; i < SNOVA_O; i++) {
        uint8_t *e = s->pke + (size_t)i * PK_EQ_ELEMS;
        /* Y = H Uw, one row block of H at a time: for a vinegar block row j,
         * the diagonal block (its upper triangle, diagonal halved) then
         * P11_jk (k > j) and P12_jk as they lie in the expansion */
        for (j = 0; j < SNOVA_V; j++) {
            uint8_t *row = s->row + l2 - GFQ_LT;
            uint8_t tri[GFQ_LT];
            size_t len = GFQ_ROW_BYTES(j);
            PQSIG_NS(snova_pub_read)(pub, row, GFQ_OFF_EQ(i) + GFQ_OFF_ROW(j), len);
            if (pub->mem == NULL) { /* an expanded key's bytes are reduced */
                for (k = 0; k < len; k++) {
                    row[k] = (uint8_t)(row[k] % GFQ_Q);
                }
            }
            memcpy(tri, row, GFQ_LT);
            for (r = 0, k = 0; r < l; r++) {
                for (c = 0; c < l; c++) {
                    s->row[r * l + c] = c < r ? 0 : c == r ? gfq_mul(tri[k++], GFQ_HALF) : tri[k++];
                }
            }
            PQSIG_NS(gfq_k_blockrow)(s->hu + (size_t)j * l * l2, s->row, SNOVA_N - j,
                                     s->uw16 + (size_t)j * l * l2);
        }
        /* the oil rows: P22's upper triangle from the public key, row by row */
        for (r = 0; r < ol; r++) {
            e[0] = gfq_mul(e[0], GFQ_HALF);
            PQSIG_NS(gfq_k_elemrow)(s->hu + (size_t)(vl + r) * l2, e, ol - r, uwo + (size_t)r * l2);
            e += ol - r;
        }
        /* Z = Uw^t Y, D_i = Z + Z^t */
        memset(s->z, 0, sizeof(s->z));
        PQSIG_NS(gfq_k_mul)(s->z, s->uw8, 1, l2, l2, nl, s->hu, l2);
        for (r = 0; r < l2; r++) {
            for (c = 0; c < l2; c++) {
                s->d[(size_t)i * l2 * l2 + r * l2 + c] = gfq_red16((uint16_t)(s->z[r * l2 + c] + s->z[c * l2 + r]));
            }
        }
    }
    if (abq == NULL) {
        PQSIG_NS(gfq_gen_abq)(&s->abq, pub, s->spow);
        abq = &s->abq;
    }
    PQSIG_NS(gfq_finish)(s->value, s->d, abq);

#if SNOVA_RAW_MESSAGE_HASH
    PQSIG_NS(gfq_target)(s->target, pk, m, mlen, salt);
#else
    pqsig_shake256(s->md, SNOVA_DIGEST_BYTES, m, mlen);
    PQSIG_NS(gfq_target)(s->target, pk, s->md, SNOVA_DIGEST_BYTES, salt);
#endif
    (void)PQSIG_NS(gfq_unpack_pub)(s->y, s->target, GFQ_NU);
    for (k = 0; k < GFQ_NU; k++) {
        diff |= (uint8_t)(s->y[k] ^ s->value[k]);
    }
    return diff == 0 ? PQSIG_OK : PQSIG_ERR_INVALID_SIGNATURE;
}

int PQSIG_NS(verify)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                     const uint8_t *pk)
{
    verify_state s;
    snova_pub pub;
    int ret;
    PQSIG_NS(snova_pub_init)(&pub, pk, NULL, 0);
    ret = verify_core(&s, sig, siglen, m, mlen, pk, &pub, NULL);
    PQSIG_NS(snova_pub_release)(&pub);
    return ret;
}

int PQSIG_NS(expand_pk)(uint8_t *epk, const uint8_t *pk)
{
    gfq_epk *e = (gfq_epk *)epk;
    gfq_blk spow[SNOVA_L];
    snova_pub pub;
    PQSIG_NS(gfq_spow)(spow);
    PQSIG_NS(snova_pub_init)(&pub, pk, NULL, 0);
    PQSIG_NS(gfq_read_p)(e->p, &pub);
    PQSIG_NS(gfq_gen_abq)(&e->abq, &pub, spow);
    PQSIG_NS(snova_pub_release)(&pub);
    memcpy(e->pk, pk, SNOVA_PUBLICKEY_BYTES);
    return PQSIG_OK;
}

int PQSIG_NS(verify_expanded)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                              const uint8_t *epk)
{
    const gfq_epk *e = (const gfq_epk *)epk;
    verify_state s;
    snova_pub pub;
    int ret;
    PQSIG_NS(snova_pub_init)(&pub, e->pk, e->p, GFQ_PUB_P_BYTES);
    ret = verify_core(&s, sig, siglen, m, mlen, e->pk, &pub, &e->abq);
    PQSIG_NS(snova_pub_release)(&pub);
    return ret;
}
