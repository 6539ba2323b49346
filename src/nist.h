/* The NIST/SUPERCOP API over a descriptor, written once: the functions of
 * one variant (src/common/variant.c, static library) and of one set
 * (src/dispatch.c, shared library) are one-line calls of these. */
#ifndef PQSIG_NIST_H
#define PQSIG_NIST_H

#include <stddef.h>
#include <stdint.h>

#include "registry.h"

int pqsig_nist_sign(const pqsig_alg *alg, uint8_t *sm, unsigned long long *smlen, const uint8_t *m,
                    unsigned long long mlen, const uint8_t *sk);
int pqsig_nist_open(const pqsig_alg *alg, uint8_t *m, unsigned long long *mlen, const uint8_t *sm,
                    unsigned long long smlen, const uint8_t *pk);
/* Detached signing (derand: with rnd; tmp: the _temp form): *siglen is
 * set (0 on error); the capacity is signature_bytes. */
int pqsig_nist_signature(const pqsig_alg *alg, uint8_t *sig, size_t *siglen, const uint8_t *m,
                         size_t mlen, const uint8_t *sk, int derand, const uint8_t *rnd,
                         void *tmp, size_t tmplen);

#endif
