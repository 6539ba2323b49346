/* MQ-Sign verification (spec 4.2): accept iff P(w) = H(M || salt || ph).
 * Everything here is public; the public map's buckets live in the caller's
 * scratch. */
#include <string.h>

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
