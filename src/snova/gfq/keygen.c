/* SNOVA opt, odd prime q: key generation (Algorithm 13), one equation at a
 * time.
 *
 *   F12_i = P11_i T12 + P12_i
 *   P22_i = -(T12^t F12_i + P21_i T12),   P21_i = P12_i^t
 *
 * P22_i is symmetric; its upper half is packed (Algorithm 12). */
#include <string.h>

#include "common/ct.h"
#include "snova/gfq/gfq.h"
#include "snova/variant.h"

typedef struct {
    uint8_t p11[GFQ_VL * GFQ_VL];
    uint8_t p12[GFQ_VL * GFQ_OL];
    uint8_t t12[GFQ_VL * GFQ_OL];
    uint16_t t12w[GFQ_VL * GFQ_OL];
    uint16_t f12[GFQ_VL * GFQ_OL];
    uint16_t p22[GFQ_OL * GFQ_OL];
    uint8_t packed[SNOVA_PK_ELEMS];
} keygen_state;

int PQSIG_NS(keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *seed)
{
    keygen_state s;
    gfq_blk spow[SNOVA_L];
    snova_pub pub;
    uint8_t pk_seed[SNOVA_SEED_PUBLIC_BYTES];
    const unsigned l = SNOVA_L, vl = GFQ_VL, ol = GFQ_OL;
    unsigned i, j, k, r, c;
    size_t e = 0;

    memcpy(pk_seed, seed, SNOVA_SEED_PUBLIC_BYTES);
    /* The public seed is the first part of the public key. */
    PQSIG_CT_DECLASSIFY(pk_seed, sizeof(pk_seed));

    PQSIG_NS(gfq_spow)(spow);
    PQSIG_NS(gfq_gen_t12)(s.t12, seed + SNOVA_SEED_PUBLIC_BYTES, spow);
    for (k = 0; k < vl * ol; k++) {
        s.t12w[k] = s.t12[k];
    }
    PQSIG_NS(snova_pub_init)(&pub, pk_seed, NULL, 0);

    for (i = 0; i < SNOVA_O; i++) {
        PQSIG_NS(gfq_load_p)(&pub, i, s.p11, s.p12);
        /* F12 = P12 + P11 T12 */
        for (k = 0; k < vl * ol; k++) {
            s.f12[k] = s.p12[k];
        }
        PQSIG_NS(gfq_k_mul)(s.f12, s.p11, vl, 1, vl, vl, s.t12w, ol);
        /* T12^t F12 + P12^t T12 */
        memset(s.p22, 0, sizeof(s.p22));
        PQSIG_NS(gfq_k_mul)(s.p22, s.t12, 1, ol, ol, vl, s.f12, ol);
        PQSIG_NS(gfq_k_mul)(s.p22, s.p12, 1, ol, ol, vl, s.t12w, ol);
        /* Algorithm 12 on -P22: per block row j and row r, the diagonal
         * block's row from column r, then row r of the blocks to its right. */
        for (j = 0; j < SNOVA_O; j++) {
            for (r = 0; r < l; r++) {
                const uint16_t *row = s.p22 + (j * l + r) * ol;
                for (c = j * l + r; c < ol; c++) {
                    s.packed[e++] = (uint8_t)gfq_red16((uint16_t)(GFQ_Q - row[c]));
                }
            }
        }
    }
    PQSIG_NS(snova_pub_release)(&pub);

    memcpy(pk, pk_seed, SNOVA_SEED_PUBLIC_BYTES);
    PQSIG_NS(gfq_pack)(pk + SNOVA_SEED_PUBLIC_BYTES, s.packed, SNOVA_PK_ELEMS);
    memcpy(sk, seed, SNOVA_SEED_BYTES);
    pqsig_zeroize(&s, sizeof(s));
    return PQSIG_OK;
}
