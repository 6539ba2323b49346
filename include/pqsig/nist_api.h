/* The NIST/SUPERCOP API of one variant, declared for its namespace:
 *   PQSIG_NIST_API(pqsig_snova_24_5_16_4_opt_)
 * declares pqsig_snova_24_5_16_4_opt_crypto_sign_keypair() and the rest.
 * Return values: 0 or a negative pqsig_error (include/pqsig.h). */
#ifndef PQSIG_NIST_API_H
#define PQSIG_NIST_API_H

#include <stddef.h>
#include <stdint.h>

#include "../pqsig.h"

#define PQSIG_NIST_CAT_(a, b) a##b
#define PQSIG_NIST_CAT(a, b) PQSIG_NIST_CAT_(a, b)

#define PQSIG_NIST_API(ns)                                                                          \
    /* pk, sk of CRYPTO_PUBLICKEYBYTES, CRYPTO_SECRETKEYBYTES; OS randomness */                   \
    PQSIG_API int PQSIG_NIST_CAT(ns, crypto_sign_keypair)(unsigned char *pk, unsigned char *sk);  \
    /* sm (capacity mlen + CRYPTO_BYTES) = the signed message in the official layout */          \
    PQSIG_API int PQSIG_NIST_CAT(ns, crypto_sign)(unsigned char *sm, unsigned long long *smlen,   \
                                                  const unsigned char *m, unsigned long long mlen, \
                                                  const unsigned char *sk);                       \
    /* m (capacity smlen) = the message, if the signature is valid */                             \
    PQSIG_API int PQSIG_NIST_CAT(ns, crypto_sign_open)(unsigned char *m, unsigned long long *mlen, \
                                                       const unsigned char *sm,                    \
                                                       unsigned long long smlen,                   \
                                                       const unsigned char *pk);                   \
    /* detached: sig of capacity CRYPTO_BYTES */                                                  \
    PQSIG_API int PQSIG_NIST_CAT(ns, crypto_sign_signature)(uint8_t *sig, size_t *siglen,         \
                                                            const uint8_t *m, size_t mlen,        \
                                                            const uint8_t *sk);                   \
    PQSIG_API int PQSIG_NIST_CAT(ns, crypto_sign_verify)(const uint8_t *sig, size_t siglen,       \
                                                         const uint8_t *m, size_t mlen,           \
                                                         const uint8_t *pk);                      \
    /* derandomised: seed of the variant's keypair_seed_bytes, rnd of its sign_rnd_bytes */       \
    PQSIG_API int PQSIG_NIST_CAT(ns, crypto_sign_keypair_derand)(uint8_t *pk, uint8_t *sk,        \
                                                                 const uint8_t *seed);            \
    PQSIG_API int PQSIG_NIST_CAT(ns, crypto_sign_signature_derand)(                                \
        uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen, const uint8_t *sk,            \
        const uint8_t *rnd);

#endif
