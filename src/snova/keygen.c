/* SNOVA opt: key generation (Algorithm 13), one equation at a time.
 *
 *   F12_i = P11_i T12 + P12_i                 (public x secret: tables)
 *   P22_i = T12^t F12_i + P21_i T12           (q = 16: -P22 = P22)
 *
 * Only the tables of the rows of T12 and one equation's matrices are held,
 * so the stack stays far below 256 KiB for every set. */
#include <string.h>

#include "common/ct.h"
#include "snova/opt.h"
#include "snova/variant.h"

#if SNOVA_ESK
/* Round-2 expanded secret key: A, B, Q1, Q2 (as matrices), T12, F11 = P11,
 * F12, F21 (block by block, each row by row), element e of the
 * ESK_ELEMS / 2 byte area in byte e mod half, low nibble when e < half;
 * then pk_seed || sk_seed. */
#define ESK_HALF (SNOVA_ESK_ELEMS / 2)
#define ESK_A 0u
#define ESK_B (ESK_A + SNOVA_O * SNOVA_ALPHA * SNOVA_L2)
#define ESK_Q1 (ESK_B + SNOVA_O * SNOVA_ALPHA * SNOVA_L2)
#define ESK_Q2 (ESK_Q1 + SNOVA_O * SNOVA_ALPHA * SNOVA_L2)
#define ESK_T12 (ESK_Q2 + SNOVA_O * SNOVA_ALPHA * SNOVA_L2)
#define ESK_F11 (ESK_T12 + SNOVA_V * SNOVA_O * SNOVA_L2)
#define ESK_F12 (ESK_F11 + SNOVA_O * SNOVA_V * SNOVA_V * SNOVA_L2)
#define ESK_F21 (ESK_F12 + SNOVA_O * SNOVA_V * SNOVA_O * SNOVA_L2)

/* The position is public; the value may be secret. */
static void esk_put(uint8_t *sk, size_t e, uint8_t x)
{
    if (e < ESK_HALF) {
        sk[e] |= x;
    } else {
        sk[e - ESK_HALF] |= (uint8_t)(x << 4);
    }
}
#endif

typedef struct {
    uint64_t tab_t12[SNOVA_VL * 16 * SNOVA_WO]; /* e * (row of T12) */
    uint64_t t12rows[SNOVA_VL * SNOVA_WO];
    uint64_t f12[SNOVA_VL * SNOVA_WO];
    uint64_t p22[SNOVA_OL * SNOVA_WO];
#if SNOVA_ESK
    uint64_t f21t[SNOVA_VL * SNOVA_WO]; /* (T12^t P11)^t */
#endif
    uint8_t t12[SNOVA_VL * SNOVA_OL];
    uint8_t buf[(SNOVA_V * SNOVA_V * SNOVA_L2) / 2 + 2];
} keygen_state;

int PQSIG_NS(keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *seed)
{
    keygen_state s;
    snova_blk spow[SNOVA_L];
    snova_pub pub;
    uint8_t pk_seed[SNOVA_SEED_PUBLIC_BYTES];
    uint8_t *out = pk + SNOVA_SEED_PUBLIC_BYTES;
    unsigned i, r, c, j, k;
    size_t e = 0;

    memcpy(pk_seed, seed, SNOVA_SEED_PUBLIC_BYTES);
    /* The public seed is the first part of the public key. */
    PQSIG_CT_DECLASSIFY(pk_seed, sizeof(pk_seed));

    PQSIG_NS(snova_spow)(spow);
    PQSIG_NS(snova_gen_t12)(s.t12, seed + SNOVA_SEED_PUBLIC_BYTES, spow);
    memset(s.t12rows, 0, sizeof(s.t12rows));
    for (r = 0; r < SNOVA_VL; r++) {
        for (c = 0; c < SNOVA_OL; c++) {
            snova_row_xor(&s.t12rows[r * SNOVA_WO], c, s.t12[r * SNOVA_OL + c]);
        }
        PQSIG_NS(snova_k_table)(&s.tab_t12[(size_t)r * 16 * SNOVA_WO], &s.t12rows[r * SNOVA_WO], SNOVA_WO);
    }

    PQSIG_NS(snova_pub_init)(&pub, pk_seed, NULL, 0);
    memset(out, 0, SNOVA_PUBLICKEY_BYTES - SNOVA_SEED_PUBLIC_BYTES);
#if SNOVA_ESK
    memset(sk, 0, SNOVA_SECRETKEY_BYTES);
    {
        snova_abq_t abq;
        unsigned t, a;
        PQSIG_NS(snova_gen_abq)(&abq, &pub, spow);
        for (i = 0; i < SNOVA_O; i++) {
            for (t = 0; t < SNOVA_ALPHA; t++) {
                size_t at = ((size_t)i * SNOVA_ALPHA + t) * SNOVA_L2;
                for (r = 0; r < SNOVA_L; r++) {
                    for (c = 0; c < SNOVA_L; c++) {
                        uint8_t q1 = 0, q2 = 0;
                        for (a = 0; a < SNOVA_L; a++) {
                            q1 ^= gf16_mul(abq.q1[i][t][a], spow[a].e[r][c]);
                            q2 ^= gf16_mul(abq.q2[i][t][a], spow[a].e[r][c]);
                        }
                        esk_put(sk, ESK_A + at + r * SNOVA_L + c, abq.a[i][t].e[r][c]);
                        esk_put(sk, ESK_B + at + r * SNOVA_L + c, abq.b[i][t].e[r][c]);
                        esk_put(sk, ESK_Q1 + at + r * SNOVA_L + c, q1);
                        esk_put(sk, ESK_Q2 + at + r * SNOVA_L + c, q2);
                    }
                }
            }
        }
        for (j = 0; j < SNOVA_V; j++) {
            for (k = 0; k < SNOVA_O; k++) {
                for (r = 0; r < SNOVA_L; r++) {
                    for (c = 0; c < SNOVA_L; c++) {
                        esk_put(sk, ESK_T12 + ((size_t)j * SNOVA_O + k) * SNOVA_L2 + r * SNOVA_L + c,
                                s.t12[(j * SNOVA_L + r) * SNOVA_OL + k * SNOVA_L + c]);
                    }
                }
            }
        }
    }
#endif
    for (i = 0; i < SNOVA_O; i++) {
        unsigned n0;
        /* F12 = P12 + P11 T12 */
        memset(s.f12, 0, sizeof(s.f12));
        n0 = PQSIG_NS(snova_pub_nibs)(&pub, s.buf, SNOVA_OFF_P12(i), SNOVA_V * SNOVA_O * SNOVA_L2);
        for (j = 0; j < SNOVA_V; j++) {
            for (k = 0; k < SNOVA_O; k++) {
                for (r = 0; r < SNOVA_L; r++) {
                    for (c = 0; c < SNOVA_L; c++) {
                        snova_row_xor(&s.f12[(j * SNOVA_L + r) * SNOVA_WO], k * SNOVA_L + c,
                                      snova_nib(s.buf, n0++));
                    }
                }
            }
        }
        n0 = PQSIG_NS(snova_pub_nibs)(&pub, s.buf, SNOVA_OFF_P11(i), SNOVA_V * SNOVA_V * SNOVA_L2);
#if SNOVA_ESK
        memset(s.f21t, 0, sizeof(s.f21t));
        PQSIG_NS(snova_k_pmat)(s.buf, n0, SNOVA_V, SNOVA_V, SNOVA_L, s.f12, s.tab_t12, s.f21t, s.tab_t12,
                               SNOVA_WO);
        {
            /* F11 = P11, in the order of the expansion. */
            size_t q, base = ESK_F11 + (size_t)i * SNOVA_V * SNOVA_V * SNOVA_L2;
            for (q = 0; q < (size_t)SNOVA_V * SNOVA_V * SNOVA_L2; q++) {
                esk_put(sk, base + q, snova_nib(s.buf, n0 + q));
            }
        }
#else
        PQSIG_NS(snova_k_pmat)(s.buf, n0, SNOVA_V, SNOVA_V, SNOVA_L, s.f12, s.tab_t12, NULL, NULL, SNOVA_WO);
#endif

        /* P22 = P21 T12 + T12^t F12 */
        memset(s.p22, 0, sizeof(s.p22));
        n0 = PQSIG_NS(snova_pub_nibs)(&pub, s.buf, SNOVA_OFF_P21(i), SNOVA_O * SNOVA_V * SNOVA_L2);
        PQSIG_NS(snova_k_pmat)(s.buf, n0, SNOVA_O, SNOVA_V, SNOVA_L, s.p22, s.tab_t12, NULL, NULL, SNOVA_WO);
#if SNOVA_ESK
        /* F21_i block (t, j) = P21_i block (t, j) + (T12^t P11_i) block (t, j);
         * F12_i block (j, k). */
        for (k = 0; k < SNOVA_O; k++) {
            for (j = 0; j < SNOVA_V; j++) {
                for (r = 0; r < SNOVA_L; r++) {
                    for (c = 0; c < SNOVA_L; c++) {
                        size_t q = ((size_t)k * SNOVA_V + j) * SNOVA_L2 + r * SNOVA_L + c;
                        uint8_t x = (uint8_t)(snova_nib(s.buf, n0 + q) ^
                                              snova_row_get(&s.f21t[(j * SNOVA_L + c) * SNOVA_WO], k * SNOVA_L + r));
                        esk_put(sk, ESK_F21 + (size_t)i * SNOVA_O * SNOVA_V * SNOVA_L2 + q, x);
                        esk_put(sk,
                                ESK_F12 + (size_t)i * SNOVA_V * SNOVA_O * SNOVA_L2 +
                                    ((size_t)j * SNOVA_O + k) * SNOVA_L2 + r * SNOVA_L + c,
                                snova_row_get(&s.f12[(j * SNOVA_L + r) * SNOVA_WO], k * SNOVA_L + c));
                    }
                }
            }
        }
#endif
        for (r = 0; r < SNOVA_OL; r++) {
            PQSIG_NS(snova_k_lincomb)(&s.p22[r * SNOVA_WO], s.t12 + r, SNOVA_OL, s.f12, SNOVA_WO, SNOVA_VL,
                                      SNOVA_WO);
        }

        /* Algorithm 12: every block, row by row, two elements per byte. */
        for (j = 0; j < SNOVA_O; j++) {
            for (k = 0; k < SNOVA_O; k++) {
                for (r = 0; r < SNOVA_L; r++) {
                    for (c = 0; c < SNOVA_L; c++) {
                        uint8_t x = snova_row_get(&s.p22[(j * SNOVA_L + r) * SNOVA_WO], k * SNOVA_L + c);
                        out[e >> 1] |= (uint8_t)(x << ((e & 1u) * 4u));
                        e++;
                    }
                }
            }
        }
    }
    PQSIG_NS(snova_pub_release)(&pub);

    memcpy(pk, pk_seed, SNOVA_SEED_PUBLIC_BYTES);
#if SNOVA_ESK
    memcpy(sk + ESK_HALF, seed, SNOVA_SEED_BYTES);
#else
    memcpy(sk, seed, SNOVA_SEED_BYTES);
#endif
    pqsig_zeroize(&s, sizeof(s));
    return PQSIG_OK;
}
