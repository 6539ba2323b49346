/* NCC-Sign-T opt: the types and functions shared by the files of the
 * portable frontend. Section and algorithm numbers refer to the NCC-Sign
 * v2.1 specification. */
#ifndef PQSIG_NCCSIGN_INTERNAL_H
#define PQSIG_NCCSIGN_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "common/fips202xn.h"
#include "common/ns.h"
#include "nccsign/kernels.h"
#include "nccsign/params.h"

/* An element of R_q: canonical ([0, q)) or in the NTT domain (see
 * native/api.h). */
typedef struct {
    uint32_t c[NCC_N];
} ncc_poly;

/* A polynomial with small signed coefficients (s, t0, y, z, c, low bits). */
typedef struct {
    int32_t c[NCC_N];
} ncc_spoly;

#define ncc_expand_a PQSIG_NS(ncc_expand_a)
#define ncc_expand_s PQSIG_NS(ncc_expand_s)
#define ncc_expand_masks PQSIG_NS(ncc_expand_masks)
#define ncc_mask_batch PQSIG_NS(ncc_mask_batch)
#define ncc_challenge_list PQSIG_NS(ncc_challenge_list)
#define ncc_sample_in_ball PQSIG_NS(ncc_sample_in_ball)
#define ncc_hash_mu PQSIG_NS(ncc_hash_mu)
#define ncc_hash_challenge PQSIG_NS(ncc_hash_challenge)
#define ncc_pack_pk PQSIG_NS(ncc_pack_pk)
#define ncc_unpack_pk PQSIG_NS(ncc_unpack_pk)
#define ncc_pack_sk_seeds PQSIG_NS(ncc_pack_sk_seeds)
#define ncc_pack_sk_s PQSIG_NS(ncc_pack_sk_s)
#define ncc_pack_sk_t0 PQSIG_NS(ncc_pack_sk_t0)
#define ncc_unpack_sk PQSIG_NS(ncc_unpack_sk)
#define ncc_pack_sig PQSIG_NS(ncc_pack_sig)
#define ncc_unpack_sig PQSIG_NS(ncc_unpack_sig)
#define ncc_lift PQSIG_NS(ncc_lift)
#define ncc_center PQSIG_NS(ncc_center)
#define ncc_exceeds PQSIG_NS(ncc_exceeds)
#define ncc_keygen_round PQSIG_NS(ncc_keygen_round)
#define ncc_join_s12 PQSIG_NS(ncc_join_s12)
#define ncc_split_cs12 PQSIG_NS(ncc_split_cs12)
#define ncc_add PQSIG_NS(ncc_add)

/* expand.c: the samplers of section 3.3 and the hashes. */
/* a-hat in this transform's NTT order; spec is scratch (n = 1152 and 2304:
 * a-hat is sampled in the specification's order there and converted). */
void ncc_expand_a(ncc_poly *ahat, ncc_poly *spec, const uint8_t zeta[NCC_SEEDBYTES]);
void ncc_expand_s(ncc_spoly *s, const uint8_t seed[NCC_CRHBYTES]);
/* Masks are drawn NCC_MASK_BATCH at a time where the 4-way SHAKE256 runs on
 * a vector unit (SHAKE sets on x86-64): an attempt's mask is one SHAKE256
 * stream, and four streams cost about 1.5 times one there, which pays from
 * the second attempt (1.6 attempts a signature at level 1, more at levels
 * 3 and 5: src/nccsign/README.md). Elsewhere one at a time. */
#if PQSIG_SHAKEX4_NATIVE_BUILD && !NCCSIGN_AES
#define NCC_MASK_BATCH 4
#else
#define NCC_MASK_BATCH 1
#endif
/* The batch this CPU draws: NCC_MASK_BATCH or 1. */
unsigned ncc_mask_batch(void);
/* The packed masks (ExpandMask's byte strings, XOF256(rho', nonce + j)) of
 * nonces nonce .. nonce + count - 1 into buf[0 .. count); count is 1 or
 * NCC_MASK_BATCH. */
void ncc_expand_masks(uint8_t (*buf)[NCC_POLYZ_BYTES], const uint8_t rho[NCC_CRHBYTES], uint16_t nonce,
                      unsigned count);
/* The challenge as tau placements: coefficient (-1)^neg[k] at pos[k]. */
void ncc_challenge_list(uint32_t pos[NCC_TAU], uint32_t neg[NCC_TAU], const uint8_t ctilde[NCC_SEEDBYTES]);
/* The challenge as a polynomial (no challenge-dependent addresses). */
void ncc_sample_in_ball(ncc_spoly *c, const uint8_t ctilde[NCC_SEEDBYTES]);
void ncc_hash_mu(uint8_t mu[NCC_CRHBYTES], const uint8_t tr[NCC_SEEDBYTES], const uint8_t *m, size_t mlen);
void ncc_hash_challenge(uint8_t ctilde[NCC_SEEDBYTES], const uint8_t mu[NCC_CRHBYTES], const uint8_t w1[NCC_N]);

/* encode.c: the byte formats of section 3.2. Decoders return 0, or -1 for
 * an encoding no honest party produces (unpack_sk: a mask, not a branch). */
void ncc_pack_pk(uint8_t *pk, const uint8_t zeta[NCC_SEEDBYTES], const ncc_poly *t1);
int ncc_unpack_pk(uint8_t zeta[NCC_SEEDBYTES], ncc_poly *t1, const uint8_t *pk);
/* The secret key in parts: the three seeds, s1 (which = 0) or s2 (which = 1), t0. */
void ncc_pack_sk_seeds(uint8_t *sk, const uint8_t zeta[NCC_SEEDBYTES], const uint8_t key[NCC_SEEDBYTES],
                       const uint8_t tr[NCC_SEEDBYTES]);
void ncc_pack_sk_s(uint8_t *sk, unsigned which, const ncc_spoly *s);
void ncc_pack_sk_t0(uint8_t *sk, const ncc_spoly *t0);
/* Returns 0xFFFFFFFF if s1 or s2 has a 3-bit field above 2, else 0. */
uint32_t ncc_unpack_sk(uint8_t zeta[NCC_SEEDBYTES], uint8_t key[NCC_SEEDBYTES], uint8_t tr[NCC_SEEDBYTES],
                       ncc_spoly *s1, ncc_spoly *s2, ncc_spoly *t0, const uint8_t *sk);
void ncc_pack_sig(uint8_t *sig, const uint8_t ctilde[NCC_SEEDBYTES], const ncc_spoly *z, const uint8_t h[NCC_N]);
void ncc_unpack_sig(uint8_t ctilde[NCC_SEEDBYTES], ncc_spoly *z, uint8_t h[NCC_N], const uint8_t *sig);

/* poly.c: conversions and norms, constant time. */
/* r = a + q: an NTT input congruent to a, for |a_i| < q. */
void ncc_lift(ncc_poly *r, const ncc_spoly *a);
/* r = the representative of a (in [0, q)) in (-(q-1)/2, (q-1)/2]. */
void ncc_center(ncc_spoly *r, const ncc_poly *a);
/* 0xFFFFFFFF if some |a_i| >= bound, else 0 (for bound <= (q-1)/8). */
uint32_t ncc_exceeds(const ncc_spoly *a, int32_t bound);
/* Key generation's t = as1 + s2 (as1 in [0, q), |s2| <= 1, lifting only
 * negatives as the official code does, so t may equal q), then Power2Round:
 * t1 to t1, t0 over s (which holds s2). */
void ncc_keygen_round(ncc_poly *t1, ncc_spoly *s, const ncc_poly *as1);
/* Signing takes c s1 and c s2 out of one inverse NTT: s12 = s1 + 2^8 s2, and
 * c s12 = c s1 + 2^8 c s2 with |c s1|, |c s2| <= tau < 2^7, far below q/2. */
#define NCC_S12_SHIFT 8
/* s1 = s1 + 2^8 s2 (s12). */
void ncc_join_s12(ncc_spoly *s1, const ncc_spoly *s2);
/* From cs = c s12 (centred): z = y + c s1 (over cs) and r0 = r0 - c s2. */
void ncc_split_cs12(ncc_spoly *cs, ncc_spoly *r0, const ncc_spoly *y);
/* r = r + a. */
void ncc_add(ncc_spoly *r, const ncc_spoly *a);

#endif
