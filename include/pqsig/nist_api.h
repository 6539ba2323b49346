/* The NIST/SUPERCOP API, declared for a namespace:
 *   PQSIG_NIST_API(pqsig_snova_24_5_16_4_opt_)   one implementation of a set,
 *       in the static library only (libpqsig.a): a program that calls it
 *       links that variant alone;
 *   PQSIG_NIST_SET_API(pqsig_snova_24_5_16_4_)   the set, exported by the
 *       shared library: each call runs the fastest implementation this CPU
 *       has (never the ref oracle where another exists).
 * Sizes: the generated headers include/pqsig/<scheme>.h.
 * Return values: 0 or a negative pqsig_error (include/pqsig.h). */
#ifndef PQSIG_NIST_API_H
#define PQSIG_NIST_API_H

#include <stddef.h>
#include <stdint.h>

#include "../pqsig.h"

#define PQSIG_NIST_CAT_(a, b) a##b
#define PQSIG_NIST_CAT(a, b) PQSIG_NIST_CAT_(a, b)

#define PQSIG_NIST_DECLS(ns, api)                                                                   \
    /* pk, sk of CRYPTO_PUBLICKEYBYTES, CRYPTO_SECRETKEYBYTES; OS randomness */                   \
    api int PQSIG_NIST_CAT(ns, crypto_sign_keypair)(unsigned char *pk, unsigned char *sk);        \
    /* sm (capacity mlen + CRYPTO_BYTES) = the signed message in the official layout */          \
    api int PQSIG_NIST_CAT(ns, crypto_sign)(unsigned char *sm, unsigned long long *smlen,         \
                                            const unsigned char *m, unsigned long long mlen,       \
                                            const unsigned char *sk);                             \
    /* m (capacity smlen) = the message, if the signature is valid */                             \
    api int PQSIG_NIST_CAT(ns, crypto_sign_open)(unsigned char *m, unsigned long long *mlen,       \
                                                 const unsigned char *sm, unsigned long long smlen, \
                                                 const unsigned char *pk);                         \
    /* detached: sig of capacity CRYPTO_BYTES */                                                  \
    api int PQSIG_NIST_CAT(ns, crypto_sign_signature)(uint8_t *sig, size_t *siglen,               \
                                                      const uint8_t *m, size_t mlen,              \
                                                      const uint8_t *sk);                         \
    api int PQSIG_NIST_CAT(ns, crypto_sign_verify)(const uint8_t *sig, size_t siglen,             \
                                                   const uint8_t *m, size_t mlen,                 \
                                                   const uint8_t *pk);                            \
    /* derandomised: seed of the set's keypair_seed_bytes, rnd of its sign_rnd_bytes */           \
    api int PQSIG_NIST_CAT(ns, crypto_sign_keypair_derand)(uint8_t *pk, uint8_t *sk,              \
                                                           const uint8_t *seed);                  \
    api int PQSIG_NIST_CAT(ns, crypto_sign_signature_derand)(                                      \
        uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen, const uint8_t *sk,            \
        const uint8_t *rnd);

/* Per implementation (static library), with the caller-scratch forms: tmp
 * of tmplen >= CRYPTO_TEMPBYTES bytes, any alignment; no call then needs
 * more than 16 KiB of stack. */
#define PQSIG_NIST_API(ns)                                                                          \
    PQSIG_NIST_DECLS(ns, )                                                                         \
    int PQSIG_NIST_CAT(ns, crypto_sign_keypair_temp)(uint8_t *pk, uint8_t *sk, void *tmp,           \
                                                     size_t tmplen);                                \
    int PQSIG_NIST_CAT(ns, crypto_sign_signature_temp)(uint8_t *sig, size_t *siglen,                \
                                                       const uint8_t *m, size_t mlen,               \
                                                       const uint8_t *sk, void *tmp, size_t tmplen); \
    int PQSIG_NIST_CAT(ns, crypto_sign_verify_temp)(const uint8_t *sig, size_t siglen,              \
                                                    const uint8_t *m, size_t mlen,                  \
                                                    const uint8_t *pk, void *tmp, size_t tmplen);

#define PQSIG_NIST_SET_API(ns) PQSIG_NIST_DECLS(ns, PQSIG_API)

#endif
