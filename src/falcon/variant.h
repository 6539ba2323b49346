/* Falcon round 3: the facts of one variant for the registry
 * (src/common/variant.c) and the core operations.
 *
 * Names follow PQClean and liboqs: Falcon-512 and Falcon-1024 give the
 * compressed signature (0x30 + logn || nonce || compressed s2, variable
 * length up to 752 / 1462 bytes), and their NIST signed message is round
 * 3's (siglen || nonce || message || 0x20 + logn || compressed s2: the KAT
 * files). Falcon-padded-512 and -1024 use the same keys and a signature of
 * exactly 666 / 1280 bytes, zero-padded; their signed message is the
 * signature followed by the message. */
#ifndef PQSIG_FALCON_VARIANT_H
#define PQSIG_FALCON_VARIANT_H

#include <stddef.h>
#include <stdint.h>

#include "common/ns.h"
#include "falcon/params.h"
#include "pqsig.h"

#if FALCON_LOGN == 9
#define FALCON_DEGREE "512"
#define PQSIG_V_LEVEL 1
#else
#define FALCON_DEGREE "1024"
#define PQSIG_V_LEVEL 5
#endif

#if FALCON_PADDED
#define PQSIG_V_NAME "Falcon-padded-" FALCON_DEGREE
#define PQSIG_V_SIG_BYTES FALCON_SIG_PADDED_BYTES(FALCON_LOGN)
#define PQSIG_V_SM_LAYOUT PQSIG_SM_SIG_MSG
/* No official file: the expectation is the digest of PQClean's (and
 * liboqs's) single-record KAT, test/data/kat/falcon/RECORDS.interop.sha256. */
#define PQSIG_V_KAT_FILE "falcon/falcon-padded-" FALCON_DEGREE "-KAT.rsp"
#define PQSIG_V_KAT_HEADER "Falcon-padded-" FALCON_DEGREE
#else
#define PQSIG_V_NAME "Falcon-" FALCON_DEGREE
#define PQSIG_V_SIG_BYTES FALCON_SIG_COMPRESSED_BYTES(FALCON_LOGN)
#define PQSIG_V_KAT_FILE "falcon/falcon" FALCON_DEGREE "-KAT.rsp"
#define PQSIG_V_KAT_HEADER "Falcon-" FALCON_DEGREE
/* Round 3's signed message: sign_message and open. */
#define PQSIG_V_CUSTOM_SM 1
#endif

#define PQSIG_V_SCHEME "falcon"
#define PQSIG_V_VERSION "round3"
#define PQSIG_V_PK_BYTES FALCON_PK_BYTES(FALCON_LOGN)
#define PQSIG_V_SK_BYTES FALCON_SK_BYTES(FALCON_LOGN)
/* keypair: the 48-byte seed of round 3's SHAKE256 key generator. */
#define PQSIG_V_SEED_BYTES 48
/* sign: the 40-byte nonce, then the 48-byte seed of the sampler's PRNG;
 * round 3 draws them in two calls (sign_rng). */
#define PQSIG_V_RND_BYTES (FALCON_NONCE_BYTES + 48)
#define PQSIG_V_SIGN_RNG 1
#define PQSIG_V_CHECK_PK 1
#define PQSIG_V_HEDGE 1
/* The _temp forms: the state of the operation (falcon.c's falcon_state,
 * the largest being signing's: f, g, F, G, the point, s2 and the 72 n
 * bytes of the FFT work area) in the caller's buffer. Expanded only in
 * src/common/variant.c, which follows falcon.c in the translation unit. */
#define PQSIG_V_TEMP_BYTES sizeof(falcon_state)

#ifdef PQSIG_V_CUSTOM_SM
int PQSIG_NS(sign_message)(uint8_t *sm, size_t *smlen, const uint8_t *m, size_t mlen, const uint8_t *sk,
                           const pqsig_rng *rng);
int PQSIG_NS(open)(uint8_t *m, size_t *mlen, const uint8_t *sm, size_t smlen, const uint8_t *pk);
#endif

#include "common/variant_api.h"

#endif
