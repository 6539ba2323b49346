/* SNOVA opt, odd prime q: verification (Algorithms 19, 20), one equation at
 * a time. Everything here is public. With Uw the whipped signature (row
 * (j, r), column (a, c): (S^a U_j)[r][c]) and P_i the symmetric nl x nl
 * matrix of equation i, D_i = Uw^t P_i Uw = Z + Z^t where Z = Uw^t H Uw and
 * H is the upper triangle of P_i with its diagonal halved. H is read l rows
 * at a time as it lies in the expansion (and in the public key for P22),
 * Y^t = Uw^t H is summed on lanes along those rows (gfq_k_trows), then
 * Z^t = Y^t Uw; gfq_finish combines the D_i with A, B, Q1, Q2.
 *
 * Only canonical encodings are accepted: every packed group below q^count
 * (which also makes the padding bits zero), and no symmetric signature
 * block. */
#include <string.h>

#include "common/fips202.h"
#include "snova/gfq/gfq.h"
#include "snova/variant.h"

#define PK_EQ_ELEMS (SNOVA_O * SNOVA_L * (GFQ_OL + 1) / 2)
/* A row of yt and h: nl columns, and room for a last lane vector that
 * starts at any multiple of l. */
#define YS (((GFQ_NL + 2 * GFQ_BC - 1) / GFQ_BC) * GFQ_BC)
/* trows calls (l products each) between two folds of yt */
#define YT_FOLD (GFQ_K_CHUNK / SNOVA_L)

/* b mod q for a byte b: floor(b ceil(2^16 / q) / 2^16) is floor(b / q)
 * for every b < 256 (the excess stays below 1/q). */
#define BYTE_DIV_M ((65536u + GFQ_Q - 1u) / GFQ_Q)
static inline uint16_t byte_mod_q(uint8_t b)
{
    return (uint16_t)(b - ((b * BYTE_DIV_M) >> 16) * GFQ_Q);
}

static void fold_yt(uint16_t *yt)
{
    unsigned k;
    for (k = 0; k < SNOVA_L2 * YS; k++) {
        yt[k] = gfq_fold16(yt[k]);
    }
}

typedef struct {
    uint8_t pke[SNOVA_PK_ELEMS];
    uint8_t u[SNOVA_SIG_ELEMS];
    uint16_t uw16[GFQ_NL * SNOVA_L2];
    uint8_t uw8[GFQ_NL * SNOVA_L2];
    uint16_t ub[GFQ_NL * SNOVA_L2 * GFQ_BC];
    uint8_t row[SNOVA_N * SNOVA_L2];
    uint8_t h8[SNOVA_L * YS];
    uint16_t h[SNOVA_L * YS];
    uint16_t yt[SNOVA_L2 * YS];
    uint8_t yt8[SNOVA_L2 * GFQ_NL];
    uint16_t z[SNOVA_L2 * SNOVA_L2];
    uint16_t d[SNOVA_O * SNOVA_L2 * SNOVA_L2];
    uint8_t value[GFQ_NU];
    uint8_t y[GFQ_NU];
    uint8_t target[SNOVA_HASH_BYTES];
    uint8_t md[SNOVA_DIGEST_BYTES];
    gfq_abq abq;
    gfq_blk spow[SNOVA_L];
} verify_state;

static int blk_symmetric_pub(const uint8_t *x)
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
    unsigned i, j, k, r, c;
    uint8_t diff = 0;

    if (siglen != SNOVA_SIGNATURE_BYTES) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
    if (PQSIG_NS(gfq_unpack_pub)(s->u, sig, SNOVA_SIG_ELEMS) != 0) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
    for (j = 0; j < SNOVA_N; j++) {
        if (blk_symmetric_pub(&s->u[j * l2])) {
            return PQSIG_ERR_INVALID_SIGNATURE;
        }
    }
    if (PQSIG_NS(gfq_unpack_pub)(s->pke, pk + SNOVA_SEED_PUBLIC_BYTES, SNOVA_PK_ELEMS) != 0) {
        return PQSIG_ERR_MALFORMED_KEY;
    }

    PQSIG_NS(gfq_spow)(s->spow);
    PQSIG_NS(gfq_whip)(s->uw16, s->uw8, s->u, SNOVA_N, s->spow);
    for (k = 0; k < GFQ_NL * SNOVA_L2; k++) {
        for (c = 0; c < GFQ_BC; c++) {
            s->ub[k * GFQ_BC + c] = s->uw16[k];
        }
    }
    for (i = 0; i < SNOVA_O; i++) {
        const uint8_t *e = s->pke + (size_t)i * PK_EQ_ELEMS;
        unsigned since = 0;
        memset(s->yt, 0, sizeof(s->yt));
        /* Y^t = Uw^t H, l rows of H at a time: for a vinegar block row j,
         * the diagonal block (its upper triangle, diagonal halved) then
         * P11_jk (k > j) and P12_jk as they lie in the expansion */
        for (j = 0; j < SNOVA_V; j++) {
            const unsigned ncol = (SNOVA_N - j) * l, len = (ncol + GFQ_BC - 1) & ~(GFQ_BC - 1);
            const uint8_t *row = s->row;
            PQSIG_NS(snova_pub_read)(pub, s->row, GFQ_OFF_EQ(i) + GFQ_OFF_ROW(j), GFQ_ROW_BYTES(j));
            /* the bytes as they come (gfq_mul reduces the halved diagonal),
             * reduced while widened to 16-bit lanes */
            for (r = 0; r < l; r++) {
                uint8_t *hr = s->h8 + (size_t)r * YS;
                for (c = 0; c < r; c++) {
                    hr[c] = 0;
                }
                hr[r] = gfq_mul(*row++, GFQ_HALF);
                for (c = r + 1; c < l; c++) {
                    hr[c] = *row++;
                }
                for (c = ncol; c < len; c++) {
                    hr[c] = 0;
                }
            }
            for (k = 1; k < SNOVA_N - j; k++, row += l2) {
                for (r = 0; r < l; r++) {
                    memcpy(&s->h8[(size_t)r * YS + k * l], row + r * l, l);
                }
            }
            for (r = 0; r < l; r++) {
                const uint8_t *h8 = s->h8 + (size_t)r * YS;
                uint16_t *h = s->h + (size_t)r * YS;
                if (pub->mem == NULL) {
                    for (c = 0; c < len; c++) {
                        h[c] = byte_mod_q(h8[c]);
                    }
                } else { /* an expanded key's bytes are reduced */
                    for (c = 0; c < len; c++) {
                        h[c] = h8[c];
                    }
                }
            }
            PQSIG_NS(gfq_k_trows)(s->yt + (size_t)j * l, YS, s->h, YS, len,
                                  s->ub + (size_t)j * l * l2 * GFQ_BC);
            if (++since == YT_FOLD) {
                since = 0;
                fold_yt(s->yt);
            }
        }
        /* the oil rows, l at a time: P22's upper triangle from the public
         * key, row by row (the first entry of each on the diagonal) */
        for (j = 0; j < SNOVA_O; j++) {
            const unsigned ncol = ol - j * l, len = (ncol + GFQ_BC - 1) & ~(GFQ_BC - 1);
            for (r = 0; r < l; r++) {
                uint16_t *hr = s->h + (size_t)r * YS;
                for (c = 0; c < r; c++) {
                    hr[c] = 0;
                }
                hr[r] = gfq_mul(*e++, GFQ_HALF);
                for (c = r + 1; c < ncol; c++) {
                    hr[c] = *e++;
                }
                for (c = ncol; c < len; c++) {
                    hr[c] = 0;
                }
            }
            PQSIG_NS(gfq_k_trows)(s->yt + vl + (size_t)j * l, YS, s->h, YS, len,
                                  s->ub + (size_t)(vl + j * l) * l2 * GFQ_BC);
            if (++since == YT_FOLD) {
                since = 0;
                fold_yt(s->yt);
            }
        }
        /* Z^t = Y^t Uw, D_i = Z + Z^t */
        for (k = 0; k < l2; k++) {
            for (c = 0; c < nl; c++) {
                s->yt8[k * nl + c] = (uint8_t)gfq_red16(s->yt[k * YS + c]);
            }
        }
        memset(s->z, 0, sizeof(s->z));
        PQSIG_NS(gfq_k_mul)(s->z, s->yt8, nl, 1, l2, nl, s->uw16, l2);
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

    PQSIG_NS(snova_msg_target)(s->target, s->md, pk, m, mlen, salt);
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
