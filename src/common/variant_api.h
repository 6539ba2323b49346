/* What a variant provides, declared once for every scheme: each
 * src/<scheme>/variant.h includes this after defining its PQSIG_V_* facts
 * (docs/adding-a-scheme.md), and src/common/variant.c wires into the
 * registry the optional forms whose PQSIG_V_* switch the variant defines.
 * Return values: PQSIG_OK or a negative pqsig_error. */
#ifndef PQSIG_VARIANT_API_H
#define PQSIG_VARIANT_API_H

#include <stddef.h>
#include <stdint.h>

#include "common/ns.h"
#include "pqsig.h"

/* The core: seed of PQSIG_V_SEED_BYTES, rnd of PQSIG_V_RND_BYTES;
 * *siglen is set to the signature length. */
int PQSIG_NS(keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *seed);
int PQSIG_NS(sign_derand)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                          const uint8_t *sk, const uint8_t *rnd);
int PQSIG_NS(verify)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                     const uint8_t *pk);

/* PQSIG_V_KEYPAIR_RNG / PQSIG_V_SIGN_RNG: randomness drawn as the official
 * code draws it (several calls), for the NIST DRBG of the KATs. */
int PQSIG_NS(keypair_rng)(uint8_t *pk, uint8_t *sk, const pqsig_rng *rng);
int PQSIG_NS(sign_rng)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                       const uint8_t *sk, const pqsig_rng *rng);

/* PQSIG_V_TEMP_BYTES: the core on caller scratch (tmp of that many bytes,
 * aligned to 64, any content on entry, its secrets wiped on return), at
 * most 16 KiB of stack each. */
int PQSIG_NS(keypair_derand_temp)(uint8_t *pk, uint8_t *sk, const uint8_t *seed, void *tmp);
int PQSIG_NS(sign_derand_temp)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                               const uint8_t *sk, const uint8_t *rnd, void *tmp);
int PQSIG_NS(verify_temp)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                          const uint8_t *pk, void *tmp);

/* PQSIG_V_EXPANDED: expanded keys (bodies of PQSIG_V_ESK_BYTES and
 * PQSIG_V_EPK_BYTES, aligned to 64), giving the plain forms' results. */
int PQSIG_NS(expand_sk)(uint8_t *esk, const uint8_t *sk);
int PQSIG_NS(sign_expanded_derand)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                                   const uint8_t *esk, const uint8_t *rnd);
int PQSIG_NS(expand_pk)(uint8_t *epk, const uint8_t *pk);
int PQSIG_NS(verify_expanded)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                              const uint8_t *epk);

/* PQSIG_V_CHECK_PK: what can be checked of a public key alone (encodings,
 * stored hashes that must match the key): PQSIG_OK or
 * PQSIG_ERR_MALFORMED_KEY. pqsig_check_public_key and the strict
 * verification run it. */
int PQSIG_NS(check_pk)(const uint8_t *pk);

/* PQSIG_V_HEDGE: where the library draws the signing randomness itself
 * (the plain and expanded sign forms), rnd (PQSIG_V_RND_BYTES) is derived
 * from a secret of the key, the fresh draw and the message, so that a
 * failing or repeating random source does not repeat the randomness of two
 * different messages. key is the secret key, or the body of an expanded
 * secret key when expanded is 1. The _derand and _rng forms keep the
 * official behaviour (KATs). */
void PQSIG_NS(hedge)(uint8_t *rnd, const uint8_t *key, int expanded, const uint8_t *fresh,
                     const uint8_t *m, size_t mlen);

#endif
