/* NCC-Sign-T reference: the specification written out plainly, to serve as
 * the oracle for every other implementation. Polynomials hold integers;
 * products are schoolbook products reduced by X^n = X^(n/2) - 1; every
 * rounding function is the textbook definition. Nothing here is fast or
 * constant time.
 *
 * The functions below are namespaced (PQSIG_NS) rather than static so that
 * scheme tests can build signatures the library itself would never produce. */
#ifndef PQSIG_NCCSIGN_REF_H
#define PQSIG_NCCSIGN_REF_H

#include <stddef.h>
#include <stdint.h>

#include "common/ns.h"
#include "nccsign/params.h"

typedef struct {
    int32_t c[NCC_N];
} ncc_ref_poly;

/* Arithmetic (poly.c). */
int32_t PQSIG_NS(ref_mod_q)(int64_t a);     /* the representative in [0, q) */
int32_t PQSIG_NS(ref_centered)(int64_t a);  /* the representative in (-q/2, q/2] */
/* r = a * b in R_q, coefficients in [0, q); r may alias neither input. */
void PQSIG_NS(ref_mul)(ncc_ref_poly *r, const ncc_ref_poly *a, const ncc_ref_poly *b);
/* f = NTT^-1(fhat): the CRT interpolation of the specification's NTT
 * (spec section 4; the factor order is described in gen_tables.py),
 * computed plainly from the root NCC_NTT_ROOT. Coefficients in [0, q). */
void PQSIG_NS(ref_ntt_inverse)(ncc_ref_poly *f, const ncc_ref_poly *fhat);
/* max |a_i| of integer coefficients. */
int32_t PQSIG_NS(ref_norm)(const ncc_ref_poly *a);

/* Rounding (spec section 2, as in Dilithium): a in [0, q). */
int32_t PQSIG_NS(ref_power2round)(int32_t *a0, int32_t a);
int32_t PQSIG_NS(ref_decompose)(int32_t *a0, int32_t a);
int32_t PQSIG_NS(ref_highbits)(int32_t a);
int PQSIG_NS(ref_make_hint)(int32_t z, int32_t r);
int32_t PQSIG_NS(ref_use_hint)(int h, int32_t r);

/* Encodings (spec section 3.2). */
void PQSIG_NS(ref_pack_pk)(uint8_t *pk, const uint8_t zeta[NCC_SEEDBYTES], const ncc_ref_poly *t1);
int PQSIG_NS(ref_unpack_pk)(uint8_t zeta[NCC_SEEDBYTES], ncc_ref_poly *t1, const uint8_t *pk);
void PQSIG_NS(ref_pack_sk)(uint8_t *sk, const uint8_t zeta[NCC_SEEDBYTES],
                           const uint8_t key[NCC_SEEDBYTES], const uint8_t tr[NCC_SEEDBYTES],
                           const ncc_ref_poly *s1, const ncc_ref_poly *s2, const ncc_ref_poly *t0);
int PQSIG_NS(ref_unpack_sk)(uint8_t zeta[NCC_SEEDBYTES], uint8_t key[NCC_SEEDBYTES],
                            uint8_t tr[NCC_SEEDBYTES], ncc_ref_poly *s1, ncc_ref_poly *s2,
                            ncc_ref_poly *t0, const uint8_t *sk);
void PQSIG_NS(ref_pack_sig)(uint8_t *sig, const uint8_t ctilde[NCC_SEEDBYTES], const ncc_ref_poly *z,
                            const ncc_ref_poly *h);
int PQSIG_NS(ref_unpack_sig)(uint8_t ctilde[NCC_SEEDBYTES], ncc_ref_poly *z, ncc_ref_poly *h,
                             const uint8_t *sig);
void PQSIG_NS(ref_pack_w1)(uint8_t *out, const ncc_ref_poly *w1);
/* Bit string of `bits` bits per value, least significant bit first. */
void PQSIG_NS(ref_pack_bits)(uint8_t *out, const uint32_t *v, size_t count, unsigned bits);
void PQSIG_NS(ref_unpack_bits)(uint32_t *v, const uint8_t *in, size_t count, unsigned bits);

/* Sampling and hashing (sample.c). */
void PQSIG_NS(ref_expand_a)(ncc_ref_poly *a, const uint8_t zeta[NCC_SEEDBYTES]);
void PQSIG_NS(ref_expand_s)(ncc_ref_poly *s, const uint8_t seed[NCC_CRHBYTES]);
void PQSIG_NS(ref_expand_mask)(ncc_ref_poly *y, const uint8_t rho[NCC_CRHBYTES], uint16_t nonce);
void PQSIG_NS(ref_sample_in_ball)(ncc_ref_poly *c, const uint8_t ctilde[NCC_SEEDBYTES]);
/* mu = SHAKE256(tr || M, 64). */
void PQSIG_NS(ref_hash_mu)(uint8_t mu[NCC_CRHBYTES], const uint8_t tr[NCC_SEEDBYTES],
                           const uint8_t *m, size_t mlen);
/* c~ = SHAKE256(mu || w1Encode(w1), 32). */
void PQSIG_NS(ref_hash_challenge)(uint8_t ctilde[NCC_SEEDBYTES], const uint8_t mu[NCC_CRHBYTES],
                                  const ncc_ref_poly *w1);

/* Verification with a switch for the hint-weight check: 1 = the
 * specification (Algorithm 10), 0 = the official code's behaviour. */
int PQSIG_NS(ref_verify_internal)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                                  const uint8_t *pk, int check_omega);

#endif
