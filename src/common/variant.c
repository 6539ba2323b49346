/* Compiled once per (scheme, set, impl): the registry descriptor and the NIST
 * API of that variant, under its namespace. The build passes
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
#define PQSIG_V_KEYPAIR_RNG_FN PQSIG_NS(keypair_rng)
#else
#define PQSIG_V_KEYPAIR_RNG_FN NULL
#endif
#ifdef PQSIG_V_SIGN_RNG
#define PQSIG_V_SIGN_RNG_FN PQSIG_NS(sign_rng)
#else
#define PQSIG_V_SIGN_RNG_FN NULL
#endif
#ifdef PQSIG_V_CUSTOM_SM
#define PQSIG_V_SIGN_MESSAGE_FN PQSIG_NS(sign_message)
#define PQSIG_V_OPEN_FN PQSIG_NS(open)
#define PQSIG_V_SM_LAYOUT PQSIG_SM_CUSTOM
#else
#define PQSIG_V_SIGN_MESSAGE_FN NULL
#define PQSIG_V_OPEN_FN NULL
#endif

/* Expanded keys: a variant that defines PQSIG_V_EXPANDED provides
 * PQSIG_V_ESK_BYTES, PQSIG_V_EPK_BYTES and the four functions. */
#ifdef PQSIG_V_EXPANDED
#ifdef PQSIG_V_SIGN_RNG
#error "a native expanded sign needs the derand form of signing"
#endif
#define PQSIG_V_EXPANDED_FNS                                                                      \
    PQSIG_V_ESK_BYTES, PQSIG_V_EPK_BYTES, PQSIG_NS(expand_sk), PQSIG_NS(sign_expanded_derand),    \
        PQSIG_NS(expand_pk), PQSIG_NS(verify_expanded)
#else
#define PQSIG_V_EXPANDED_FNS 0, 0, NULL, NULL, NULL, NULL
#endif

/* Caller scratch: a variant that defines PQSIG_V_TEMP_BYTES provides the
 * _temp forms of its three core operations. */
#ifdef PQSIG_V_TEMP_BYTES
#define PQSIG_V_TEMP_FNS                                                                           \
    PQSIG_V_TEMP_BYTES, PQSIG_NS(keypair_derand_temp), PQSIG_NS(sign_derand_temp),                 \
        PQSIG_NS(verify_temp)
#else
#define PQSIG_V_TEMP_FNS 0, NULL, NULL, NULL
#endif

#ifdef PQSIG_V_CHECK_PK
#define PQSIG_V_CHECK_PK_FN PQSIG_NS(check_pk)
#else
#define PQSIG_V_CHECK_PK_FN NULL
#endif
#ifdef PQSIG_V_HEDGE
#define PQSIG_V_HEDGE_FN PQSIG_NS(hedge)
#else
#define PQSIG_V_HEDGE_FN NULL
#endif

const pqsig_alg PQSIG_NS(alg) = {
    {PQSIG_V_NAME, PQSIG_V_SCHEME, PQSIG_IMPL_NAME, PQSIG_V_VERSION, PQSIG_V_LEVEL,
     PQSIG_V_PK_BYTES, PQSIG_V_SK_BYTES, PQSIG_V_SIG_BYTES, PQSIG_V_SEED_BYTES,
     PQSIG_V_RND_BYTES, PQSIG_V_FLAGS, PQSIG_V_CPU, PQSIG_STR(PQSIG_NAMESPACE)},
    PQSIG_NS(keypair_derand),
    PQSIG_V_KEYPAIR_RNG_FN,
    PQSIG_NS(sign_derand),
    PQSIG_V_SIGN_RNG_FN,
    PQSIG_NS(verify),
    PQSIG_V_SIGN_MESSAGE_FN,
    PQSIG_V_OPEN_FN,
    PQSIG_V_SM_LAYOUT,
    PQSIG_V_EXPANDED_FNS,
    PQSIG_V_TEMP_FNS,
    PQSIG_V_CHECK_PK_FN,
    PQSIG_V_HEDGE_FN,
    PQSIG_V_KAT_FILE,
    PQSIG_V_KAT_HEADER,
};

/* The NIST/SUPERCOP API of this variant (include/pqsig/nist_api.h): static
 * library only; the build's hidden visibility keeps it out of the shared
 * library, which exports one dispatching API per set (src/dispatch.c). */
PQSIG_NIST_API(PQSIG_NAMESPACE)

int PQSIG_NS(crypto_sign_keypair)(unsigned char *pk, unsigned char *sk)
{
    return pqsig_keypair(&PQSIG_NS(alg), pk, sk);
}

int PQSIG_NS(crypto_sign_keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *seed)
{
    return pqsig_keypair_derand(&PQSIG_NS(alg), pk, sk, seed);
}

int PQSIG_NS(crypto_sign)(unsigned char *sm, unsigned long long *smlen, const unsigned char *m,
                          unsigned long long mlen, const unsigned char *sk)
{
    return pqsig_nist_sign(&PQSIG_NS(alg), sm, smlen, m, mlen, sk);
}

int PQSIG_NS(crypto_sign_open)(unsigned char *m, unsigned long long *mlen, const unsigned char *sm,
                               unsigned long long smlen, const unsigned char *pk)
{
    return pqsig_nist_open(&PQSIG_NS(alg), m, mlen, sm, smlen, pk);
}

int PQSIG_NS(crypto_sign_signature)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                                    const uint8_t *sk)
{
    return pqsig_nist_signature(&PQSIG_NS(alg), sig, siglen, m, mlen, sk, 0, NULL, NULL, 0);
}

int PQSIG_NS(crypto_sign_signature_derand)(uint8_t *sig, size_t *siglen, const uint8_t *m,
                                           size_t mlen, const uint8_t *sk, const uint8_t *rnd)
{
    return pqsig_nist_signature(&PQSIG_NS(alg), sig, siglen, m, mlen, sk, 1, rnd, NULL, 0);
}

int PQSIG_NS(crypto_sign_verify)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                                 const uint8_t *pk)
{
    return pqsig_verify(&PQSIG_NS(alg), sig, siglen, m, mlen, pk);
}

int PQSIG_NS(crypto_sign_keypair_temp)(uint8_t *pk, uint8_t *sk, void *tmp, size_t tmplen)
{
    return pqsig_keypair_temp(&PQSIG_NS(alg), pk, sk, tmp, tmplen);
}

int PQSIG_NS(crypto_sign_signature_temp)(uint8_t *sig, size_t *siglen, const uint8_t *m,
                                         size_t mlen, const uint8_t *sk, void *tmp, size_t tmplen)
{
    if (tmp == NULL) {
        return PQSIG_ERR_BAD_ARGUMENT;
    }
    return pqsig_nist_signature(&PQSIG_NS(alg), sig, siglen, m, mlen, sk, 0, NULL, tmp, tmplen);
}

int PQSIG_NS(crypto_sign_verify_temp)(const uint8_t *sig, size_t siglen, const uint8_t *m,
                                      size_t mlen, const uint8_t *pk, void *tmp, size_t tmplen)
{
    return pqsig_verify_temp(&PQSIG_NS(alg), sig, siglen, m, mlen, pk, tmp, tmplen);
}
