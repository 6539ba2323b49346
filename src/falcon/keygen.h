/* Falcon: key generation, byte-exact with round 3 (specification v1.2,
 * implementation 2020-09-30): the same SHAKE256 stream gives the same
 * (f, g, F, G) and h. */
#ifndef PQSIG_FALCON_KEYGEN_H
#define PQSIG_FALCON_KEYGEN_H

#include <stddef.h>
#include <stdint.h>

#include "common/fips202.h"
#include "falcon/ns.h"

#define falcon_keygen FALCON_NS(falcon_keygen)

/* Bytes of work area falcon_keygen needs (8-byte aligned) for degree
 * 2^logn, 1 <= logn <= 10: 48 n for the degrees of the scheme. */
#define FALCON_KEYGEN_TMP_BYTES(logn) ((logn) <= 2u ? (size_t)1024 : (size_t)48 << (logn))

/* A key pair for degree 2^logn (1 <= logn <= 10; 9: Falcon-512, 10:
 * Falcon-1024) from rng, a SHAKE256 context holding the seed (round 3:
 * the 48-byte seed absorbed; keygen only squeezes from it). Candidates
 * (f, g) are drawn and rejected as round 3 does until one is accepted:
 * coefficients within the encoding bounds of the secret key, ||(g, -f)||
 * and the Gram-Schmidt norm within 1.17 sqrt(q), f invertible modulo q,
 * and an NTRU solution (F, G) with coefficients in [-127, 127].
 *
 * Output: f, g, F, G (n values each; G may be NULL) and h = g/f mod q (n
 * values in [0, q); may be NULL). The rng is left somewhere after the bytes
 * the keys used (keygen reads ahead in blocks). Returns 1, or 0 for an
 * unsupported logn. Constant time in the accepted key; the rejection of a
 * candidate (discarded) is not hidden. */
int falcon_keygen(pqsig_shake_ctx *rng, int8_t *f, int8_t *g, int8_t *F, int8_t *G, uint16_t *h, unsigned logn,
                  uint8_t *tmp);

#define falcon_check_sk FALCON_NS(falcon_check_sk)
/* Whether (f, g, F, G) is a key key generation could have produced: the
 * two norm bounds of its rejection tests, and f G - g F = q exactly over
 * Z[x]/(x^n + 1). A secret key that decodes but fails this would make
 * signing leave the floating-point contract (a Gram matrix that is not
 * positive definite, sampler deviations out of range). Returns 1 or 0 (the
 * verdict is declassified: the caller reports a malformed key); constant
 * time otherwise. tmp: 24 n bytes, 8-byte aligned. */
int falcon_check_sk(const int8_t *f, const int8_t *g, const int8_t *F, const int8_t *G, unsigned logn,
                    uint8_t *tmp);

#endif
