/* Reference key generation (spec 3.2 and 4.1): the secret key is expanded
 * from a 32-byte seed with the AES-256 CTR DRBG, and the public map is
 * P = T^t F T with T = [[I, T1], [0, I]], computed one equation at a time:
 *   P1 = F1
 *   P2 = (F1 + F1^t) T1 + F2
 *   P3 = Upper(T1^t F1 T1 + T1^t F2)
 * (Upper folds a square matrix onto its upper triangle: a_ij + a_ji above
 * the diagonal, a_ii on it). The public key is written in place. */
#include <string.h>

#include "common/drbg.h"
#include "common/fips202.h"
#include "mqsign/variant.h"
#include "ref.h"

typedef struct {
    ref_gf gf;
    uint8_t t1[MQS_V][MQS_O];  /* T1 as a v x o matrix */
    uint8_t f1[MQS_V][MQS_V];  /* F1 of one equation (upper triangle used) */
    uint8_t f2[MQS_V][MQS_O];  /* F2 of one equation */
    uint8_t f1t1[MQS_V][MQS_O]; /* F1 T1 */
    uint8_t p2[MQS_V][MQS_O];
    uint8_t p3[MQS_O][MQS_O];  /* before folding */
} keygen_work;

int PQSIG_NS(keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *seed)
{
    keygen_work w;
    pqsig_drbg prng;
    uint8_t prng_seed[48];
    unsigned e, i, j, k;

    /* Secret key: seed, then T1, F1 (or the lines), F2 as three DRBG
     * requests, in that order. The DRBG seed is the 32-byte seed followed
     * by 16 bytes of SHAKE256(seed). */
    memcpy(sk, seed, MQS_SEED_BYTES);
    memcpy(prng_seed, seed, MQS_SEED_BYTES);
    pqsig_shake256(prng_seed + MQS_SEED_BYTES, 48 - MQS_SEED_BYTES, seed, MQS_SEED_BYTES);
    pqsig_drbg_init(&prng, prng_seed, NULL, 256);
    pqsig_drbg_randombytes(&prng, sk + MQS_SK_T1, MQS_T1_BYTES);
    pqsig_drbg_randombytes(&prng, sk + MQS_SK_F1, MQS_F1_BYTES);
    pqsig_drbg_randombytes(&prng, sk + MQS_SK_F2, MQS_F2_BYTES);
    pqsig_drbg_release(&prng);

    ref_gf_init(&w.gf);
    /* T1 is stored column by column: entry (i, c) at c*v + i. */
    for (i = 0; i < MQS_V; i++) {
        for (j = 0; j < MQS_O; j++) {
            w.t1[i][j] = sk[MQS_SK_T1 + (size_t)j * MQS_V + i];
        }
    }

    for (e = 0; e < MQS_O; e++) {
        memset(w.f1, 0, sizeof w.f1);
        for (i = 0; i < MQS_V; i++) {
            for (j = i; j < MQS_V; j++) {
                w.f1[i][j] = ref_f1(sk, e, i, j);
            }
            /* F2 entry (i, c) is an o-byte vector at (i*o + c)*o. */
            for (j = 0; j < MQS_O; j++) {
                w.f2[i][j] = sk[MQS_SK_F2 + ((size_t)i * MQS_O + j) * MQS_O + e];
            }
        }
        /* F1 T1 and P2 = F1 T1 + F1^t T1 + F2. */
        for (i = 0; i < MQS_V; i++) {
            for (j = 0; j < MQS_O; j++) {
                uint8_t a = 0, b = w.f2[i][j];
                for (k = 0; k < MQS_V; k++) {
                    a ^= w.gf.mul[w.f1[i][k]][w.t1[k][j]];
                    b ^= w.gf.mul[w.f1[k][i]][w.t1[k][j]];
                }
                w.f1t1[i][j] = a;
                w.p2[i][j] = (uint8_t)(a ^ b);
            }
        }
        /* T1^t (F1 T1 + F2). */
        for (i = 0; i < MQS_O; i++) {
            for (j = 0; j < MQS_O; j++) {
                uint8_t a = 0;
                for (k = 0; k < MQS_V; k++) {
                    a ^= w.gf.mul[w.t1[k][i]][(uint8_t)(w.f1t1[k][j] ^ w.f2[k][j])];
                }
                w.p3[i][j] = a;
            }
        }
        /* Scatter into the public key, monomials over all n variables. */
        for (i = 0; i < MQS_V; i++) {
            for (j = i; j < MQS_V; j++) {
                pk[ref_mono(i, j, MQS_N) * MQS_O + e] = w.f1[i][j];
            }
            for (j = 0; j < MQS_O; j++) {
                pk[ref_mono(i, MQS_V + j, MQS_N) * MQS_O + e] = w.p2[i][j];
            }
        }
        for (i = 0; i < MQS_O; i++) {
            for (j = i; j < MQS_O; j++) {
                uint8_t c = w.p3[i][j];
                if (j != i) {
                    c ^= w.p3[j][i];
                }
                pk[ref_mono(MQS_V + i, MQS_V + j, MQS_N) * MQS_O + e] = c;
            }
        }
    }

    /* ph binds the public map (or the part of the key RR-m hashes). */
    if (MQS_BIND) {
        uint8_t ph[MQS_HASH_BYTES];
        if (MQS_BIND == 1) {
            pqsig_shake256(ph, sizeof ph, pk, MQS_P_BYTES);
        } else {
            pqsig_shake256(ph, sizeof ph, pk + MQS_P23_OFFSET, MQS_P23_BYTES);
        }
        memcpy(pk + MQS_P_BYTES, ph, sizeof ph);
        memcpy(sk + MQS_SK_PH, ph, sizeof ph);
    }
    pk[MQS_PK_BYTES - 1] = 0;
    sk[MQS_SK_BYTES - 1] = 0;
    memset(&w, 0, sizeof w);
    memset(prng_seed, 0, sizeof prng_seed);
    return PQSIG_OK;
}
