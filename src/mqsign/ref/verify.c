/* Reference verification (spec 4.2): accept iff P(w) = H(M || salt || ph). */
#include <string.h>

#include "common/fips202.h"
#include "mqsign/variant.h"
#include "ref.h"

int PQSIG_NS(verify)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                     const uint8_t *pk)
{
    static const uint8_t no_ph[1] = {0};
    ref_gf gf;
    uint8_t y[MQS_O], z[MQS_O] = {0}, diff = 0;
    unsigned i, j, e;
    if (siglen != MQS_SIG_BYTES) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
    /* The key's last byte is always zero; refuse keys that say otherwise. */
    if (pk[MQS_PK_BYTES - 1] != 0) {
        return PQSIG_ERR_MALFORMED_KEY;
    }
    ref_gf_init(&gf);
    for (i = 0; i < MQS_N; i++) {
        for (j = i; j < MQS_N; j++) {
            const uint8_t *p = pk + ref_mono(i, j, MQS_N) * MQS_O;
            uint8_t c = gf.mul[sig[i]][sig[j]];
            for (e = 0; e < MQS_O; e++) {
                z[e] ^= gf.mul[c][p[e]];
            }
        }
    }
    ref_hash_digest(y, m, mlen, sig + MQS_N, MQS_BIND ? pk + MQS_P_BYTES : no_ph);
    for (e = 0; e < MQS_O; e++) {
        diff |= (uint8_t)(y[e] ^ z[e]);
    }
    return diff == 0 ? PQSIG_OK : PQSIG_ERR_INVALID_SIGNATURE;
}

#if MQS_LINES
/* LR: P1 (the vinegar-vinegar block, equal to F1) must come from v lines:
 * P1[i][i]_e = L[i][i + e] and P1[i][j]_e = L[j][i + e] + L[i][j + e] for
 * i < j (indices mod v). The diagonal gives some line bytes; every other
 * coefficient with one unknown byte gives that byte; repeat until nothing
 * new is found, then every coefficient must match the lines. */
static int ref_lines_consistent(const uint8_t *pk)
{
    uint8_t line[MQS_V][MQS_V], known[MQS_V][MQS_V];
    unsigned i, j, e, missing = 0;
    int progress = 1;
    memset(known, 0, sizeof known);
    for (i = 0; i < MQS_V; i++) {
        for (e = 0; e < MQS_O; e++) {
            line[i][(i + e) % MQS_V] = pk[ref_mono(i, i, MQS_N) * MQS_O + e];
            known[i][(i + e) % MQS_V] = 1;
        }
    }
    while (progress) {
        progress = 0;
        for (i = 0; i < MQS_V; i++) {
            for (j = i + 1; j < MQS_V; j++) {
                for (e = 0; e < MQS_O; e++) {
                    uint8_t c = pk[ref_mono(i, j, MQS_N) * MQS_O + e];
                    unsigned x = (i + e) % MQS_V, y = (j + e) % MQS_V;
                    if (known[j][x] && !known[i][y]) {
                        line[i][y] = (uint8_t)(c ^ line[j][x]);
                        known[i][y] = 1;
                        progress = 1;
                    } else if (!known[j][x] && known[i][y]) {
                        line[j][x] = (uint8_t)(c ^ line[i][y]);
                        known[j][x] = 1;
                        progress = 1;
                    }
                }
            }
        }
    }
    for (i = 0; i < MQS_V; i++) {
        for (j = 0; j < MQS_V; j++) {
            missing += known[i][j] == 0;
        }
    }
    if (missing != 0) {
        return 0; /* never: the coefficients determine every line byte */
    }
    for (i = 0; i < MQS_V; i++) {
        for (j = i + 1; j < MQS_V; j++) {
            for (e = 0; e < MQS_O; e++) {
                uint8_t c = pk[ref_mono(i, j, MQS_N) * MQS_O + e];
                if (c != (line[j][(i + e) % MQS_V] ^ line[i][(j + e) % MQS_V])) {
                    return 0;
                }
            }
        }
    }
    return 1;
}
#endif

/* What the public key alone can show: the last byte is zero; RR-s and
 * RR-m store ph = H(P), resp. H(the last v o + o(o+1)/2 coefficient
 * vectors of P), which must be the hash of this key; LR's P1
 * comes from lines. RR-o: nothing more. */
int PQSIG_NS(check_pk)(const uint8_t *pk)
{
    if (pk[MQS_PK_BYTES - 1] != 0) {
        return PQSIG_ERR_MALFORMED_KEY;
    }
    if (MQS_BIND) {
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
#if MQS_LINES
    if (!ref_lines_consistent(pk)) {
        return PQSIG_ERR_MALFORMED_KEY;
    }
#endif
    return PQSIG_OK;
}
