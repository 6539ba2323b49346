/* The shared library's NIST API per parameter set: each function runs the
 * fastest implementation of the set this CPU has (the registry's choice:
 * never ref where another exists, never a test backend). Compiled into
 * libpqsig.so only; the per-implementation functions stay in libpqsig.a. */
#include <stddef.h>

#include "common/cpu.h"
#include "nist.h"
#include "pqsig/nist_api.h"
#include "registry.h"

#define PQSIG_VARIANT(ns) extern const pqsig_alg ns##alg;
#include "pqsig_variants.h"
#undef PQSIG_VARIANT

/* The set's fastest implementation here; every set has a portable one. */
static const pqsig_alg *best(const pqsig_alg *const *impls)
{
    return pqsig_registry_select(impls, impls[0]->d.name, NULL, pqsig_cpu_features());
}

#define PQSIG_SET(set, ...)                                                                         \
    static const pqsig_alg *const set##impls[] = {__VA_ARGS__, NULL};                               \
    PQSIG_NIST_SET_API(set)                                                                         \
    int set##crypto_sign_keypair(unsigned char *pk, unsigned char *sk)                              \
    {                                                                                               \
        return pqsig_keypair(best(set##impls), pk, sk);                                             \
    }                                                                                               \
    int set##crypto_sign_keypair_derand(uint8_t *pk, uint8_t *sk, const uint8_t *seed)              \
    {                                                                                               \
        return pqsig_keypair_derand(best(set##impls), pk, sk, seed);                                \
    }                                                                                               \
    int set##crypto_sign(unsigned char *sm, unsigned long long *smlen, const unsigned char *m,      \
                         unsigned long long mlen, const unsigned char *sk)                          \
    {                                                                                               \
        return pqsig_nist_sign(best(set##impls), sm, smlen, m, mlen, sk);                           \
    }                                                                                               \
    int set##crypto_sign_open(unsigned char *m, unsigned long long *mlen, const unsigned char *sm,  \
                              unsigned long long smlen, const unsigned char *pk)                    \
    {                                                                                               \
        return pqsig_nist_open(best(set##impls), m, mlen, sm, smlen, pk);                           \
    }                                                                                               \
    int set##crypto_sign_signature(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,     \
                                   const uint8_t *sk)                                               \
    {                                                                                               \
        return pqsig_nist_signature(best(set##impls), sig, siglen, m, mlen, sk, 0, NULL, NULL, 0);  \
    }                                                                                               \
    int set##crypto_sign_signature_derand(uint8_t *sig, size_t *siglen, const uint8_t *m,          \
                                          size_t mlen, const uint8_t *sk, const uint8_t *rnd)       \
    {                                                                                               \
        return pqsig_nist_signature(best(set##impls), sig, siglen, m, mlen, sk, 1, rnd, NULL, 0);   \
    }                                                                                               \
    int set##crypto_sign_verify(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,   \
                                const uint8_t *pk)                                                  \
    {                                                                                               \
        return pqsig_verify(best(set##impls), sig, siglen, m, mlen, pk);                            \
    }

#include "pqsig_sets.h"
