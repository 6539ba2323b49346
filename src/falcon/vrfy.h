/* Falcon: arithmetic modulo q = 12289 (the public side of the scheme):
 * the negacyclic NTT, the public key h = g/f, the completion of a secret
 * key (G from f, g, F), the norm bound and the raw verification. */
#ifndef PQSIG_FALCON_VRFY_H
#define PQSIG_FALCON_VRFY_H

#include <stddef.h>
#include <stdint.h>

#include "falcon/kernels.h"
#include "falcon/ns.h"
#include "falcon/params.h"

#define falcon_compute_public FALCON_NS(falcon_compute_public)
#define falcon_complete_private FALCON_NS(falcon_complete_private)
#define falcon_is_short FALCON_NS(falcon_is_short)
#define falcon_is_short_half FALCON_NS(falcon_is_short_half)
#define falcon_verify_raw FALCON_NS(falcon_verify_raw)

/* falcon_mq_ntt and falcon_mq_intt (n values in [0, q), in place, to the
 * NTT domain and back) are kernels: native/api.h, kernels.h. */

/* h = g / f mod (q, x^n + 1), in [0, q). Returns 1, or 0 when f is not
 * invertible (h is then meaningless). Constant time (the caller
 * declassifies the result). tmp: 2n bytes, 2-byte aligned. */
int falcon_compute_public(uint16_t *h, const int8_t *f, const int8_t *g, unsigned logn, uint8_t *tmp);

/* G = g F / f mod q, centred: the fourth part of a secret key, which
 * satisfies f G - g F = q. Returns 1, or 0 when f is not invertible or a
 * coefficient of G falls outside [-127, 127] (not a key of this scheme).
 * Constant time but for that result. tmp: 4n bytes, 2-byte aligned. */
int falcon_complete_private(int8_t *G, const int8_t *f, const int8_t *g, const int8_t *F, unsigned logn,
                            uint8_t *tmp);

/* Whether ||(s1, s2)||^2 <= floor(beta^2): 1 or 0. */
int falcon_is_short(const int16_t *s1, const int16_t *s2, unsigned logn);
/* The same with ||s1||^2 given as sqn (saturated at 2^32 - 1). */
int falcon_is_short_half(uint32_t sqn, const int16_t *s2, unsigned logn);

/* Whether s2 (|s2_i| <= 2047) is a valid signature of the point c0 (in
 * [0, q)) for the public key whose h is given in the NTT domain: s1 =
 * c0 - s2 h mod q, centred, and (s1, s2) short. Returns 1 or 0. Not
 * constant time (all inputs are public). tmp: 2n bytes, 2-byte aligned. */
int falcon_verify_raw(const uint16_t *c0, const int16_t *s2, const uint16_t *h_ntt, unsigned logn,
                      uint8_t *tmp);

#endif
