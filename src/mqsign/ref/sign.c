/* Reference signing (spec 3.2, 4.2):
 *   salt = SHAKE256(rnd)[0..32), y = H(M || salt || ph)
 *   the vinegar values come from the AES-256 CTR DRBG seeded with
 *   SHAKE256(seed || salt)[0..48), v bytes per attempt;
 *   fixing the vinegar makes F linear in the oil: L x_o = y - F1(x_v);
 *   solve it by blocks (Schur complement), retry with new vinegar when the
 *   solver's rule rejects; w = T (x_v, x_o); signature = w || salt. */
#include <string.h>

#include "common/drbg.h"
#include "common/fips202.h"
#include "mqsign/variant.h"
#include "ref.h"

#define HB MQS_H

typedef struct {
    ref_gf gf;
    uint8_t lin[MQS_O][MQS_O]; /* the linear system: rows = equations */
    uint8_t rhs[MQS_O];
    uint8_t ainv[HB][HB];
    uint8_t s[HB][HB + 1]; /* Schur complement with its right-hand side */
} sign_work;

/* Inverse of the top-left h x h block by Gauss-Jordan; 0 if singular. */
static int invert_a(sign_work *w)
{
    uint8_t m[HB][2 * HB], t;
    unsigned i, j, k, p;
    for (i = 0; i < HB; i++) {
        for (j = 0; j < HB; j++) {
            m[i][j] = w->lin[i][j];
            m[i][HB + j] = (uint8_t)(i == j);
        }
    }
    for (i = 0; i < HB; i++) {
        for (p = i; p < HB && m[p][i] == 0; p++) {
        }
        if (p == HB) {
            return 0;
        }
        for (k = 0; k < 2 * HB; k++) {
            t = m[i][k];
            m[i][k] = m[p][k];
            m[p][k] = t;
        }
        t = w->gf.inv[m[i][i]];
        for (k = 0; k < 2 * HB; k++) {
            m[i][k] = w->gf.mul[t][m[i][k]];
        }
        for (j = 0; j < HB; j++) {
            if (j != i && m[j][i] != 0) {
                t = m[j][i];
                for (k = 0; k < 2 * HB; k++) {
                    m[j][k] ^= w->gf.mul[t][m[i][k]];
                }
            }
        }
    }
    for (i = 0; i < HB; i++) {
        memcpy(w->ainv[i], m[i] + HB, HB);
    }
    return 1;
}

/* Solves lin * x = rhs the way the specification's solver decides:
 * [[A, B], [C, D]] with h x h blocks; reject when A is singular; else
 * S = D - C A^-1 B is eliminated column by column, the pivot of column i
 * made nonzero by adding (while it is still zero) rows i+1, ..., i+7 to
 * row i in turn; reject when it stays zero. Returns 1 and x on success. */
static int solve(sign_work *w, uint8_t x[MQS_O])
{
    uint8_t cai[HB][HB], t[HB], x2[HB];
    unsigned i, j, k, stop;
    if (!invert_a(w)) {
        return 0;
    }
    /* C A^-1 */
    for (i = 0; i < HB; i++) {
        for (j = 0; j < HB; j++) {
            uint8_t a = 0;
            for (k = 0; k < HB; k++) {
                a ^= w->gf.mul[w->lin[HB + i][k]][w->ainv[k][j]];
            }
            cai[i][j] = a;
        }
    }
    /* [S | b2] = [D | r2] - C A^-1 [B | r1] */
    for (i = 0; i < HB; i++) {
        for (j = 0; j <= HB; j++) {
            uint8_t a = j < HB ? w->lin[HB + i][HB + j] : w->rhs[HB + i];
            for (k = 0; k < HB; k++) {
                a ^= w->gf.mul[cai[i][k]][j < HB ? w->lin[k][HB + j] : w->rhs[k]];
            }
            w->s[i][j] = a;
        }
    }
    for (i = 0; i < HB; i++) {
        stop = i + MQS_SCHUR_WINDOW < HB ? i + MQS_SCHUR_WINDOW : HB;
        for (j = i + 1; j < stop && w->s[i][i] == 0; j++) {
            for (k = 0; k <= HB; k++) {
                w->s[i][k] ^= w->s[j][k];
            }
        }
        if (w->s[i][i] == 0) {
            return 0;
        }
        {
            uint8_t inv = w->gf.inv[w->s[i][i]];
            for (k = 0; k <= HB; k++) {
                w->s[i][k] = w->gf.mul[inv][w->s[i][k]];
            }
        }
        for (j = i + 1; j < HB; j++) {
            uint8_t f = w->s[j][i];
            for (k = 0; k <= HB; k++) {
                w->s[j][k] ^= w->gf.mul[f][w->s[i][k]];
            }
        }
    }
    /* Back substitution: S is now unit upper triangular. */
    for (i = HB; i-- > 0;) {
        uint8_t a = w->s[i][HB];
        for (k = i + 1; k < HB; k++) {
            a ^= w->gf.mul[w->s[i][k]][x2[k]];
        }
        x2[i] = a;
    }
    /* x1 = A^-1 (r1 - B x2) */
    for (i = 0; i < HB; i++) {
        uint8_t a = w->rhs[i];
        for (k = 0; k < HB; k++) {
            a ^= w->gf.mul[w->lin[i][HB + k]][x2[k]];
        }
        t[i] = a;
    }
    for (i = 0; i < HB; i++) {
        uint8_t a = 0;
        for (k = 0; k < HB; k++) {
            a ^= w->gf.mul[w->ainv[i][k]][t[k]];
        }
        x[i] = a;
        x[HB + i] = x2[i];
    }
    return 1;
}

int PQSIG_NS(sign_derand)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                          const uint8_t *sk, const uint8_t *rnd)
{
    sign_work w;
    pqsig_drbg prng;
    uint8_t salt[MQS_SALT_BYTES], y[MQS_O], vin[MQS_V], x[MQS_O], sig_w[MQS_N];
    uint8_t pre[MQS_SEED_BYTES + MQS_SALT_BYTES], prng_seed[48];
    const uint8_t *f2 = sk + MQS_SK_F2;
    unsigned attempt, e, i, j, c;
    int found = 0;

    ref_gf_init(&w.gf);
    pqsig_shake256(salt, sizeof salt, rnd, 32);
    memcpy(pre, sk, MQS_SEED_BYTES);
    memcpy(pre + MQS_SEED_BYTES, salt, MQS_SALT_BYTES);
    pqsig_shake256(prng_seed, sizeof prng_seed, pre, sizeof pre);
    pqsig_drbg_init(&prng, prng_seed, NULL, 256);
    ref_hash_digest(y, m, mlen, salt, sk + MQS_SK_PH);

    for (attempt = 0; attempt < MQS_MAX_ATTEMPTS && !found; attempt++) {
        pqsig_drbg_randombytes(&prng, vin, MQS_V);
        for (e = 0; e < MQS_O; e++) {
            /* Oil coefficients: sum_i vin_i F2[i][c]; constant: y - F1(vin). */
            uint8_t r = y[e];
            for (c = 0; c < MQS_O; c++) {
                uint8_t a = 0;
                for (i = 0; i < MQS_V; i++) {
                    a ^= w.gf.mul[vin[i]][f2[((size_t)i * MQS_O + c) * MQS_O + e]];
                }
                w.lin[e][c] = a;
            }
            for (i = 0; i < MQS_V; i++) {
                for (j = i; j < MQS_V; j++) {
                    r ^= w.gf.mul[w.gf.mul[vin[i]][vin[j]]][ref_f1(sk, e, i, j)];
                }
            }
            w.rhs[e] = r;
        }
        found = solve(&w, x);
    }
    pqsig_drbg_release(&prng);
    if (!found) {
        return PQSIG_ERR_SIGN_ATTEMPTS;
    }
    /* w = T (vin, x): the vinegar part gains T1 x. */
    for (i = 0; i < MQS_V; i++) {
        uint8_t a = vin[i];
        for (c = 0; c < MQS_O; c++) {
            a ^= w.gf.mul[sk[MQS_SK_T1 + (size_t)c * MQS_V + i]][x[c]];
        }
        sig_w[i] = a;
    }
    memcpy(sig_w + MQS_V, x, MQS_O);
    memcpy(sig, sig_w, MQS_N);
    memcpy(sig + MQS_N, salt, MQS_SALT_BYTES);
    *siglen = MQS_SIG_BYTES;
    memset(&w, 0, sizeof w);
    memset(vin, 0, sizeof vin);
    memset(prng_seed, 0, sizeof prng_seed);
    memset(pre, 0, sizeof pre);
    return PQSIG_OK;
}
