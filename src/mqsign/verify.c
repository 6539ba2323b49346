/* MQ-Sign verification (spec 4.2): accept iff P(w) = H(M || salt || ph).
 * Everything here is public; the public map's buckets live in the caller's
 * scratch. */
#include <string.h>

#include "common/fips202.h"
#include "frontend.h"
#include "kernels.h"
#include "mqsign/variant.h"

typedef char mqs_check_verify_temp[MQS_PUBMAP_WORK_BYTES <= PQSIG_V_TEMP_BYTES ? 1 : -1];

int PQSIG_NS(verify_temp)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                          const uint8_t *pk, void *tmp)
{
    uint8_t y[MQS_O], z[MQS_O], diff = 0;
    unsigned e;
    if (siglen != MQS_SIG_BYTES) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
    /* Keys end in a zero byte; refuse keys that do not (the official code
     * ignores the byte). */
    if (pk[MQS_PK_BYTES - 1] != 0) {
        return PQSIG_ERR_MALFORMED_KEY;
    }
    mqs_pubmap(z, pk, sig, tmp);
    mqs_digest(y, m, mlen, sig + MQS_N, pk + MQS_P_BYTES);
    for (e = 0; e < MQS_O; e++) {
        diff |= (uint8_t)(y[e] ^ z[e]);
    }
    return diff == 0 ? PQSIG_OK : PQSIG_ERR_INVALID_SIGNATURE;
}

int PQSIG_NS(verify)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                     const uint8_t *pk)
{
    uint8_t buf[MQS_PUBMAP_WORK_BYTES + 63];
    return PQSIG_NS(verify_temp)(sig, siglen, m, mlen, pk, mqs_align64(buf));
}

#if MQS_LINES
/* LR: the vinegar-vinegar block of P is F1 itself (T leaves it alone), and
 * F1 is made of v lines L[0..v) of v bytes (spec 3.3, keygen.c build_p1):
 *   P1[a][a]_e = L[a][a + e],  P1[a][b]_e = L[b][a + e] + L[a][b + e]  (a < b),
 * indices mod v, e < o. That is o v(v+1)/2 bytes made of v^2 line bytes,
 * so a P1 that no lines produce is not an LR key. Write lam[a][t] for
 * L[a][a + t]. The diagonal gives lam[a][t] for t < o; every t >= o is read
 * off one coefficient whose other line byte has an offset below o:
 *   a >= v - t (d = v - t):   P1[a - d][a]_0     = lam[a][t] + lam[a - d][d]
 *   a <  v - t (d = t - o + 1): P1[a][a + d]_{o-1} = lam[a][t] + lam[a + d][2o - 2 - t]
 * (d < o in the first, 0 <= 2o - 2 - t < o in the second, because v < 2o - 1
 * at every level). The lines so found must then give back all of P1. */
typedef char mqs_check_lines_shape[MQS_V < 2 * MQS_O - 1 ? 1 : -1];

/* Not inlined: the fuzz builds leave it out of the coverage tracing by name
 * (test/fuzz/coverage-ignore.txt); one path, no branch on the key. */
static PQSIG_NOINLINE int mqs_lines_consistent(const uint8_t *pk)
{
    uint8_t lam[MQS_V][MQS_V];
    unsigned a, b, t, e;
    uint8_t diff = 0;
    for (a = 0; a < MQS_V; a++) {
        memcpy(lam[a], pk + mqs_mono(a, a, MQS_N) * MQS_O, MQS_O);
    }
    for (t = MQS_O; t < MQS_V; t++) {
        for (a = 0; a < MQS_V; a++) {
            if (a >= MQS_V - t) {
                unsigned d = MQS_V - t;
                lam[a][t] = (uint8_t)(pk[mqs_mono(a - d, a, MQS_N) * MQS_O] ^ lam[a - d][d]);
            } else {
                unsigned d = t - MQS_O + 1;
                lam[a][t] = (uint8_t)(pk[mqs_mono(a, a + d, MQS_N) * MQS_O + MQS_O - 1] ^
                                      lam[a + d][2 * MQS_O - 2 - t]);
            }
        }
    }
    for (a = 0; a < MQS_V; a++) {
        for (b = a + 1; b < MQS_V; b++) {
            const uint8_t *p = pk + mqs_mono(a, b, MQS_N) * MQS_O;
            for (e = 0; e < MQS_O; e++) {
                diff |= (uint8_t)(p[e] ^ lam[b][(a + e + MQS_V - b) % MQS_V] ^ lam[a][(b + e - a) % MQS_V]);
            }
        }
    }
    return diff == 0;
}
#endif

/* What a public key alone can show (pqsig_check_public_key and
 * pqsig_verify_strict; plain verification keeps the official behaviour).
 * Everything here is public, so plain comparisons.
 *  - Every variant: the last byte is zero (key generation writes 0).
 *  - RR-s, RR-m: the stored ph is the hash key generation stores, H(P)
 *    (RR-s) or H of the last v o + o(o+1)/2 coefficient vectors of P
 *    (RR-m, params.h rule 2). Verification hashes the stored 64 bytes into
 *    the digest and never recomputes them, so a change of P where a
 *    signature's w_i w_j = 0 would go unnoticed. RR-m's ph leaves the
 *    first v(v+1)/2 coefficient vectors of the key unbound, and nothing
 *    else in the key can bind them.
 *  - LR: P1 must be made of v lines (mqs_lines_consistent).
 *  - RR-o: P is any quadratic map; nothing beyond the last byte.
 * No variant's key shows whether it has a trapdoor (P = T^t F T with a
 * zero oil-oil block): that needs the secret. MQ-Sign has no expanded
 * public keys (the generic layer keeps a copy of the key), so this is the
 * only place the key is checked. */
int PQSIG_NS(check_pk)(const uint8_t *pk)
{
    if (pk[MQS_PK_BYTES - 1] != 0) {
        return PQSIG_ERR_MALFORMED_KEY;
    }
#if MQS_BIND
    {
        uint8_t ph[MQS_HASH_BYTES];
        if (MQS_BIND == 1) {
            pqsig_shake256(ph, sizeof ph, pk, MQS_P_BYTES);
        } else {
            pqsig_shake256(ph, sizeof ph, pk + MQS_P23_OFFSET, MQS_P23_BYTES);
        }
        if (memcmp(ph, pk + MQS_P_BYTES, MQS_HASH_BYTES) != 0) {
            return PQSIG_ERR_MALFORMED_KEY;
        }
    }
#endif
#if MQS_LINES
    if (!mqs_lines_consistent(pk)) {
        return PQSIG_ERR_MALFORMED_KEY;
    }
#endif
    return PQSIG_OK;
}
