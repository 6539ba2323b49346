/* Compiled once per (scheme, set, impl): the registry descriptor and the NIST
 * API of that variant, under its namespace (and, through variant_kset.c,
 * those of the backend implementations sharing its frontend). The build passes
 * PQSIG_NAMESPACE, PQSIG_IMPL_NAME and PQSIG_VARIANT_HEADER; the scheme's
 * variant header defines the PQSIG_V_* facts of the set and declares the
 * core operations PQSIG_NS(keypair_derand), PQSIG_NS(sign_derand) and
 * PQSIG_NS(verify) (and, if it defines PQSIG_V_KEYPAIR_RNG / PQSIG_V_SIGN_RNG /
 * PQSIG_V_CUSTOM_SM, the rng and signed-message forms). */
#include <stddef.h>
#include <stdint.h>

#include "../nist.h"
#include "../registry.h"
#include "pqsig/nist_api.h"
#include "ns.h"
#include PQSIG_VARIANT_HEADER

#ifndef PQSIG_V_FLAGS
#define PQSIG_V_FLAGS 0u
#endif
#ifndef PQSIG_V_CPU
#define PQSIG_V_CPU 0u
#endif
#ifndef PQSIG_V_KAT_FILE
#define PQSIG_V_KAT_FILE NULL
#define PQSIG_V_KAT_HEADER NULL
#endif
#ifdef PQSIG_V_KEYPAIR_RNG
#define PQSIG_V_KEYPAIR_RNG_FN(F) F(keypair_rng)
#else
#define PQSIG_V_KEYPAIR_RNG_FN(F) NULL
#endif
#ifdef PQSIG_V_SIGN_RNG
#define PQSIG_V_SIGN_RNG_FN(F) F(sign_rng)
#else
#define PQSIG_V_SIGN_RNG_FN(F) NULL
#endif
#ifdef PQSIG_V_CUSTOM_SM
#define PQSIG_V_SIGN_MESSAGE_FN(F) F(sign_message)
#define PQSIG_V_OPEN_FN(F) F(open)
#define PQSIG_V_SM_LAYOUT PQSIG_SM_CUSTOM
#else
#define PQSIG_V_SIGN_MESSAGE_FN(F) NULL
#define PQSIG_V_OPEN_FN(F) NULL
#endif

/* Expanded keys: a variant that defines PQSIG_V_EXPANDED provides
 * PQSIG_V_ESK_BYTES, PQSIG_V_EPK_BYTES and the four functions. */
#ifdef PQSIG_V_EXPANDED
#ifdef PQSIG_V_SIGN_RNG
#error "a native expanded sign needs the derand form of signing"
#endif
#define PQSIG_V_EXPANDED_FNS(F)                                                                   \
    PQSIG_V_ESK_BYTES, PQSIG_V_EPK_BYTES, F(expand_sk), F(sign_expanded_derand), F(expand_pk),      \
        F(verify_expanded)
#else
#define PQSIG_V_EXPANDED_FNS(F) 0, 0, NULL, NULL, NULL, NULL
#endif

/* Caller scratch: a variant that defines PQSIG_V_TEMP_BYTES provides the
 * _temp forms of its three core operations. */
#ifdef PQSIG_V_TEMP_BYTES
#define PQSIG_V_TEMP_FNS(F)                                                                        \
    PQSIG_V_TEMP_BYTES, F(keypair_derand_temp), F(sign_derand_temp), F(verify_temp)
#else
#define PQSIG_V_TEMP_FNS(F) 0, NULL, NULL, NULL
#endif

#ifdef PQSIG_V_CHECK_PK
#define PQSIG_V_CHECK_PK_FN(F) F(check_pk)
#else
#define PQSIG_V_CHECK_PK_FN(F) NULL
#endif
#ifdef PQSIG_V_HEDGE
#define PQSIG_V_HEDGE_FN PQSIG_NS(hedge)
#else
#define PQSIG_V_HEDGE_FN NULL
#endif

/* The descriptor, given the implementation's name, its NIST namespace (a
 * string), the CPU features it needs and F(op), the name of its function
 * for each core operation. The hedge derives randomness by SHAKE alone: every
 * implementation shares opt's. */
#define PQSIG_V_ALG(impl, ns, cpu, F)                                                              \
    {                                                                                              \
        {PQSIG_V_NAME, PQSIG_V_SCHEME, impl, PQSIG_V_VERSION, PQSIG_V_LEVEL, PQSIG_V_PK_BYTES,     \
         PQSIG_V_SK_BYTES, PQSIG_V_SIG_BYTES, PQSIG_V_SEED_BYTES, PQSIG_V_RND_BYTES, PQSIG_V_FLAGS, \
         cpu, ns},                                                                                 \
            F(keypair_derand), PQSIG_V_KEYPAIR_RNG_FN(F), F(sign_derand), PQSIG_V_SIGN_RNG_FN(F),  \
            F(verify), PQSIG_V_SIGN_MESSAGE_FN(F), PQSIG_V_OPEN_FN(F), PQSIG_V_SM_LAYOUT,          \
            PQSIG_V_EXPANDED_FNS(F), PQSIG_V_TEMP_FNS(F), PQSIG_V_CHECK_PK_FN(F), PQSIG_V_HEDGE_FN, \
            PQSIG_V_KAT_FILE, PQSIG_V_KAT_HEADER,                                                  \
    }

const pqsig_alg PQSIG_NS(alg) = PQSIG_V_ALG(PQSIG_IMPL_NAME, PQSIG_STR(PQSIG_NAMESPACE), PQSIG_V_CPU, PQSIG_NS);

/* Its NIST API. */
#define PQSIG_VN_PREFIX PQSIG_NAMESPACE
#include "variant_nist.h"
#undef PQSIG_VN_PREFIX
