/* NCC-Sign-T opt: the types and functions shared by the files of the
 * portable frontend. Section and algorithm numbers refer to the NCC-Sign
 * v2.1 specification. */
#ifndef PQSIG_NCCSIGN_INTERNAL_H
#define PQSIG_NCCSIGN_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "common/ns.h"
#include "nccsign/native/api.h"
#include "nccsign/params.h"

/* An element of R_q: canonical ([0, q)) or in the NTT domain (see api.h). */
typedef struct {
    uint32_t c[NCC_N];
} ncc_poly;

/* A polynomial with small signed coefficients (s, t0, y, z, c, low bits). */
typedef struct {
    int32_t c[NCC_N];
} ncc_spoly;

/* expand.c: the samplers of section 3.3 and the hashes. */
void PQSIG_NS(ncc_expand_a)(ncc_poly *ahat, const uint8_t zeta[NCC_SEEDBYTES]);
void PQSIG_NS(ncc_expand_s)(ncc_spoly *s, const uint8_t seed[NCC_CRHBYTES]);
void PQSIG_NS(ncc_expand_mask)(ncc_spoly *y, const uint8_t rho[NCC_CRHBYTES], uint16_t nonce);
/* The challenge as tau placements: coefficient (-1)^neg[k] at pos[k]. */
void PQSIG_NS(ncc_challenge_list)(uint32_t pos[NCC_TAU], uint32_t neg[NCC_TAU],
                                  const uint8_t ctilde[NCC_SEEDBYTES]);
/* The challenge as a polynomial (no challenge-dependent addresses). */
void PQSIG_NS(ncc_sample_in_ball)(ncc_spoly *c, const uint8_t ctilde[NCC_SEEDBYTES]);
void PQSIG_NS(ncc_hash_mu)(uint8_t mu[NCC_CRHBYTES], const uint8_t tr[NCC_SEEDBYTES],
                           const uint8_t *m, size_t mlen);
void PQSIG_NS(ncc_hash_challenge)(uint8_t ctilde[NCC_SEEDBYTES], const uint8_t mu[NCC_CRHBYTES],
                                  const uint8_t w1[NCC_N]);

/* encode.c: the byte formats of section 3.2. Decoders return 0, or -1 for
 * an encoding no honest party produces (unpack_sk: a mask, not a branch). */
void PQSIG_NS(ncc_pack_pk)(uint8_t *pk, const uint8_t zeta[NCC_SEEDBYTES], const ncc_poly *t1);
int PQSIG_NS(ncc_unpack_pk)(uint8_t zeta[NCC_SEEDBYTES], ncc_poly *t1, const uint8_t *pk);
/* The secret key in parts: the three seeds, s1 (which = 0) or s2 (which = 1), t0. */
void PQSIG_NS(ncc_pack_sk_seeds)(uint8_t *sk, const uint8_t zeta[NCC_SEEDBYTES],
                                 const uint8_t key[NCC_SEEDBYTES], const uint8_t tr[NCC_SEEDBYTES]);
void PQSIG_NS(ncc_pack_sk_s)(uint8_t *sk, unsigned which, const ncc_spoly *s);
void PQSIG_NS(ncc_pack_sk_t0)(uint8_t *sk, const ncc_spoly *t0);
/* Returns 0xFFFFFFFF if s1 or s2 has a 3-bit field above 2, else 0. */
uint32_t PQSIG_NS(ncc_unpack_sk)(uint8_t zeta[NCC_SEEDBYTES], uint8_t key[NCC_SEEDBYTES],
                                 uint8_t tr[NCC_SEEDBYTES], ncc_spoly *s1, ncc_spoly *s2,
                                 ncc_spoly *t0, const uint8_t *sk);
void PQSIG_NS(ncc_pack_sig)(uint8_t *sig, const uint8_t ctilde[NCC_SEEDBYTES], const ncc_spoly *z,
                            const uint8_t h[NCC_N]);
void PQSIG_NS(ncc_unpack_sig)(uint8_t ctilde[NCC_SEEDBYTES], ncc_spoly *z, uint8_t h[NCC_N],
                              const uint8_t *sig);
void PQSIG_NS(ncc_pack_w1)(uint8_t out[NCC_POLYW1_BYTES], const uint8_t w1[NCC_N]);
void PQSIG_NS(ncc_unpack_z)(ncc_spoly *z, const uint8_t *in);

/* rounding.c: section 2.4, constant time. */
/* r = a + q: an NTT input congruent to a, for |a_i| < q. */
void PQSIG_NS(ncc_lift)(ncc_poly *r, const ncc_spoly *a);
/* r = the representative of a (in [0, q)) in (-(q-1)/2, (q-1)/2]. */
void PQSIG_NS(ncc_center)(ncc_spoly *r, const ncc_poly *a);
/* 0xFFFFFFFF if some |a_i| >= bound, else 0 (for bound <= (q-1)/8). */
uint32_t PQSIG_NS(ncc_exceeds)(const ncc_spoly *a, int32_t bound);
/* Key generation's t = as1 + s2 (as1 in [0, q), |s2| <= 1, lifting only
 * negatives as the official code does, so t may equal q), then Power2Round:
 * t1 to t1, t0 over s (which holds s2). */
void PQSIG_NS(ncc_keygen_round)(ncc_poly *t1, ncc_spoly *s, const ncc_poly *as1);
/* Decompose of w in [0, q): high bits w1, low bits w0. */
void PQSIG_NS(ncc_decompose)(uint8_t w1[NCC_N], ncc_spoly *w0, const ncc_poly *w);
/* Hint bits for low bits r0 = w0 - c s2 + c t0 and high bits w1 (with
 * ||c t0|| < gamma2 and ||w0 - c s2|| < gamma2 - beta this is
 * MakeHint(-c t0, w - c s2 + c t0)); returns their number. */
uint32_t PQSIG_NS(ncc_make_hint)(uint8_t h[NCC_N], const ncc_spoly *r0, const uint8_t w1[NCC_N]);
/* w1 = UseHint(h, r) for r in [0, q). */
void PQSIG_NS(ncc_use_hint)(uint8_t w1[NCC_N], const ncc_poly *r, const uint8_t h[NCC_N]);

#endif
