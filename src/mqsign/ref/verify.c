/* Reference verification (spec 4.2): accept iff P(w) = H(M || salt || ph). */
#include <string.h>

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
