/* MQ-Sign: the facts of one variant for the registry (src/common/variant.c)
 * and the three core operations every MQ-Sign implementation provides.
 *
 * Randomness, as the official code draws it: key generation one call of 32
 * bytes (the secret seed), signing one call of 32 bytes (hashed into the
 * salt). The framework's single draws match, so no *_rng forms. */
#ifndef PQSIG_MQSIGN_VARIANT_H
#define PQSIG_MQSIGN_VARIANT_H

#include <stddef.h>
#include <stdint.h>

#include "common/ns.h"
#include "mqsign/params.h"
#include "pqsig.h"

#define MQS_NUM_(x) #x
#define MQS_NUM(x) MQS_NUM_(x)
#define MQS_SET_TEXT "256_" MQS_NUM(MQS_V) "_" MQS_NUM(MQS_O)
#define MQS_KAT_SUFFIX                                                                            \
    "(256," MQS_NUM(MQS_V) "," MQS_NUM(MQS_O) ")_" MQS_NUM(MQS_SK_BYTES_DEC) "_" MQS_NUM(         \
        MQS_PK_BYTES_DEC) ".rsp"

/* Decimal key sizes for the official file names (the arithmetic forms in
 * params.h do not stringify). */
#if MQS_LEVEL == 1
#if MQS_LINES
#define MQS_SK_BYTES_DEC 160881
#elif MQS_BIND
#define MQS_SK_BYTES_DEC 276649
#else
#define MQS_SK_BYTES_DEC 276585
#endif
#define MQS_PK_BYTES_DEC_BOUND 323031
#define MQS_PK_BYTES_DEC_FREE 322967
#elif MQS_LEVEL == 3
#if MQS_LINES
#define MQS_SK_BYTES_DEC 601249
#elif MQS_BIND
#define MQS_SK_BYTES_DEC 1044385
#else
#define MQS_SK_BYTES_DEC 1044321
#endif
#define MQS_PK_BYTES_DEC_BOUND 1225505
#define MQS_PK_BYTES_DEC_FREE 1225441
#else
#if MQS_LINES
#define MQS_SK_BYTES_DEC 1400113
#elif MQS_BIND
#define MQS_SK_BYTES_DEC 2436769
#else
#define MQS_SK_BYTES_DEC 2436705
#endif
#define MQS_PK_BYTES_DEC_BOUND 2869505
#define MQS_PK_BYTES_DEC_FREE 2869441
#endif
#if MQS_BIND
#define MQS_PK_BYTES_DEC MQS_PK_BYTES_DEC_BOUND
#else
#define MQS_PK_BYTES_DEC MQS_PK_BYTES_DEC_FREE
#endif

#if MQS_VARIANT == MQS_VARIANT_LR
/* MQ-Sign-LR is broken: universal forgery below its claimed level
 * (Ran and Trimoska, ePrint 2024/1891). Known answers and tests only. */
#define PQSIG_V_NAME "MQLR-" MQS_SET_TEXT
#define PQSIG_V_KAT_HEADER "MQLR(256," MQS_NUM(MQS_V) "," MQS_NUM(MQS_O) ")"
#define PQSIG_V_KAT_FILE "mqsign/MQLR/PQCsignKAT_MQLR" MQS_KAT_SUFFIX
#define PQSIG_V_FLAGS PQSIG_FLAG_BROKEN
#else
#if MQS_VARIANT == MQS_VARIANT_RR_S
#define MQS_RR_TAG "s"
#define PQSIG_V_FLAGS PQSIG_FLAG_RECOMMENDED
#elif MQS_VARIANT == MQS_VARIANT_RR_M
#define MQS_RR_TAG "m"
#define PQSIG_V_FLAGS 0u
#else
#define MQS_RR_TAG "o"
#define PQSIG_V_FLAGS 0u
#endif
#define PQSIG_V_NAME "MQRR-" MQS_RR_TAG "-" MQS_SET_TEXT
#define PQSIG_V_KAT_HEADER "MQRR(256," MQS_NUM(MQS_V) "," MQS_NUM(MQS_O) ")"
#define PQSIG_V_KAT_FILE "mqsign/MQRR_" MQS_RR_TAG "/PQCsignKAT_MQRR" MQS_KAT_SUFFIX
#endif

#define PQSIG_V_SCHEME "mqsign"
#define PQSIG_V_VERSION "2.1"
#define PQSIG_V_LEVEL MQS_LEVEL
#define PQSIG_V_PK_BYTES ((size_t)MQS_PK_BYTES)
#define PQSIG_V_SK_BYTES ((size_t)MQS_SK_BYTES)
#define PQSIG_V_SIG_BYTES ((size_t)MQS_SIG_BYTES)
#define PQSIG_V_SEED_BYTES MQS_SEED_BYTES
#define PQSIG_V_RND_BYTES 32
#define PQSIG_V_SM_LAYOUT PQSIG_SM_MSG_SIG

/* keypair_derand: seed is the 32-byte secret seed. sign_derand: rnd is 32
 * random bytes, hashed into the salt; the vinegar follows from the seed and
 * the salt alone, so an rnd used for two messages gives the oil space away:
 * never reuse one. */

/* check_pk (every implementation): the last byte, ph = H(P) (RR-s) or
 * H(a tail of P) (RR-m), LR's lines (verify.c). hedge (opt and the backends;
 * the plain and expanded sign forms, OS randomness only): rnd from the
 * fresh draw, the secret seed and the message (hash.c). */
#define PQSIG_V_CHECK_PK 1
#if !defined(PQSIG_IMPL_ref)
#define PQSIG_V_HEDGE 1
#endif

#if !defined(PQSIG_IMPL_ref)
/* Caller scratch of the _temp forms (opt and the backends): the largest
 * operation state, rounded up to 64 bytes. Signing's holds the solver's
 * scratch (or, before it, the rows of F1), the masks and the product
 * tables of v scalars, L and four small vectors (sign.c); verification's the public map's buckets;
 * key generation's the masks and tables of two columns of T1 (2 v scalars)
 * and two o-byte vectors (keygen.c). */
#define MQS_MAX_(a, b) ((a) > (b) ? (a) : (b))
#define MQS_SIGN_TEMP_BYTES                                                                       \
    (MQS_MAX_(MQS_SOLVE_WORK_BYTES, MQS_V * MQS_O) + 160 * MQS_V + MQS_O * MQS_O + MQS_V + 3 * MQS_O)
#define MQS_KEYGEN_TEMP_BYTES (320 * MQS_V + 2 * MQS_O)
#define MQS_OP_TEMP_BYTES MQS_MAX_(MQS_SIGN_TEMP_BYTES, MQS_KEYGEN_TEMP_BYTES)
#define PQSIG_V_TEMP_BYTES                                                                        \
    ((size_t)MQS_MAX_((MQS_OP_TEMP_BYTES + 63) / 64 * 64, MQS_PUBMAP_WORK_BYTES))
#endif

#include "common/variant_api.h"

#endif
