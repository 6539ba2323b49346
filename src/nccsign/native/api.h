/* NCC-Sign-T: THE kernel contract. The frontend (the other .c files of
 * src/nccsign) does the whole scheme and reaches the arithmetic worth a
 * native version only through the dispatchers of kernels.h, one per kernel
 * k below. Each k has a portable twin k_c, always built, once per ring
 * degree n (the shape: the kernels depend on NCCSIGN_N alone). A backend
 * (native/<dir>/meta.h, included at the end of this file when the build
 * names it in PQSIG_BACKEND_META) opts in kernel by kernel: it defines
 * PQSIG_NCC_NATIVE_<K> and
 *     static inline int k_native(<the arguments of k_c>[, count out])
 * which returns PQSIG_NATIVE_OK after doing the work, or
 * PQSIG_NATIVE_FALLBACK before writing anything (a degree or a CPU feature
 * it does not cover). Kernels that return a count (k_c's return value) give
 * it to the dispatcher through their last argument.
 *
 * Every kernel must take the same time and touch the same addresses
 * whatever the values of the coefficients: "secret" below marks the
 * kernels that see secrets in signing or key generation.
 *
 * Representation: a polynomial is uint32_t[NCC_N] (int32_t[NCC_N] for
 * small signed ones, uint8_t[NCC_N] for high bits and hints). "< kq" bounds
 * are on the unsigned values. R = 2^32 (Montgomery). The NTT domain holds
 * the residues modulo the factors of gen_tables.py in the order of this
 * transform, which differs from the specification's at n = 1152 and 2304
 * (the radix-3 layers run first): ExpandA samples a-hat in the
 * specification's order and converts it once with ncc_ntt_from_spec. The
 * order is part of this contract: ncc_ntt, ncc_invntt, ncc_pointwise and
 * ncc_ntt_from_spec agree on it. */
#ifndef PQSIG_NCCSIGN_NATIVE_API_H
#define PQSIG_NCCSIGN_NATIVE_API_H

#include <stddef.h>
#include <stdint.h>

#include "common/native.h"
#include "nccsign/params.h"

#define ncc_ntt_c PQSIG_KNS(ncc_ntt_c)
#define ncc_invntt_c PQSIG_KNS(ncc_invntt_c)
#define ncc_reduce2q_c PQSIG_KNS(ncc_reduce2q_c)
#define ncc_ntt_from_spec_c PQSIG_KNS(ncc_ntt_from_spec_c)
#define ncc_pointwise_c PQSIG_KNS(ncc_pointwise_c)
#define ncc_rej_uniform_c PQSIG_KNS(ncc_rej_uniform_c)
#define ncc_rej_eta_c PQSIG_KNS(ncc_rej_eta_c)
#define ncc_challenge_dense_c PQSIG_KNS(ncc_challenge_dense_c)
#define ncc_decompose_c PQSIG_KNS(ncc_decompose_c)
#define ncc_make_hint_c PQSIG_KNS(ncc_make_hint_c)
#define ncc_use_hint_c PQSIG_KNS(ncc_use_hint_c)
#define ncc_sub_ct1_c PQSIG_KNS(ncc_sub_ct1_c)
#define ncc_pack_w1_c PQSIG_KNS(ncc_pack_w1_c)
#define ncc_unpack_z_c PQSIG_KNS(ncc_unpack_z_c)
#define ncc_unpack_t1_c PQSIG_KNS(ncc_unpack_t1_c)

/* NTT (ntt.c). */

/* Forward NTT in place; secret. In: every a_i < 4q. Out: a_i < 32q,
 * congruent to the residues of a modulo the factors (no Montgomery factor),
 * lazy: ncc_reduce2q brings an output that is kept below 2q. */
void ncc_ntt_c(uint32_t a[NCC_N]);

/* Inverse NTT in place, times R; secret. In: a_i < 4q. Out: canonical,
 * [0, q). So invntt(pointwise(ntt(f), ntt(g))) = f g in R_q. */
void ncc_invntt_c(uint32_t a[NCC_N]);

/* a_i mod q into [0, 2q), in place, for any a_i < 2^32 (an NTT output kept
 * as the second operand of several products); secret. */
void ncc_reduce2q_c(uint32_t a[NCC_N]);

/* r = a, given in the specification's NTT order, in this transform's
 * order: a permutation of public data (the identity at n = 1536 and 2048,
 * where the frontend samples a-hat in place and does not call it). r and a
 * must not alias. */
void ncc_ntt_from_spec_c(uint32_t r[NCC_N], const uint32_t a[NCC_N]);

/* r = a b R^-1 in the NTT domain: coefficient-wise, or at n = 1536 the
 * products of the degree-2 residues modulo X^3 - zeta_k, X^3 + zeta_k;
 * secret. In: a_i < 32q (an NTT output as it comes), b_i < 2q. Out:
 * r_i < 2q. r may alias a or b. */
void ncc_pointwise_c(uint32_t r[NCC_N], const uint32_t a[NCC_N], const uint32_t b[NCC_N]);

/* Rejection samplers (sample.c). */

/* ExpandA over public bytes: the 3-byte little-endian chunks of buf
 * (buflen a multiple of 3), masked with NCC_UNIFORM_MASK, kept when
 * 0 < t < q, written in order to a[0..len). Returns how many were kept
 * (at most len); a[count..len) may be overwritten. */
size_t ncc_rej_uniform_c(uint32_t *a, size_t len, const uint8_t *buf, size_t buflen);

/* ExpandS over SECRET bytes: the 2-bit chunks t of each byte (low bits
 * first), kept when t < 3 as 1 - t, written in order to s[0..len). Returns
 * how many were kept (at most len); s[count..len) may be overwritten. Which
 * chunks equal 3 is independent of the kept values and is the only thing
 * that may be declassified (it decides the count). */
size_t ncc_rej_eta_c(int32_t *s, size_t len, const uint8_t *buf, size_t buflen);

/* Rounding (rounding.c), spec section 2.4. */

/* Decompose of w_i in [0, q); secret. Out: w1_i in [0, NCC_W1_MODULUS) and
 * w0_i in (-gamma2, gamma2] with w_i = 2 gamma2 w1_i + w0_i, except on the
 * top interval w_i >= q - gamma2, which wraps: w1_i = 0, w0_i = w_i - q. */
void ncc_decompose_c(uint8_t w1[NCC_N], int32_t w0[NCC_N], const uint32_t w[NCC_N]);

/* MakeHint from the low bits r0_i (|r0_i| < 2^31 - gamma2) and the high
 * bits w1_i < NCC_W1_MODULUS: h_i = 1 iff r0_i > gamma2, r0_i < -gamma2,
 * or r0_i = -gamma2 and w1_i != 0, else 0; secret. Returns the number of
 * ones. */
uint32_t ncc_make_hint_c(uint8_t h[NCC_N], const int32_t r0[NCC_N], const uint8_t w1[NCC_N]);

/* w1 = UseHint(h, r) for r_i in [0, q) and h_i in {0, 1}: public data
 * (verification). Out: w1_i in [0, NCC_W1_MODULUS). */
void ncc_use_hint_c(uint8_t w1[NCC_N], const uint32_t r[NCC_N], const uint8_t h[NCC_N]);

/* Verification's w' = a z - c t1 2^d (sparse.c): w = (w - c t1 2^d) mod
 * q, canonical, for w_i in [0, q), t1_i <= NCC_T1_MAX and the challenge c
 * as its tau placements (distinct positions below n; neg[k] in {0, 1}, 1
 * for -1). Public data only: the positions may be addresses. wide: 2n
 * words of scratch. */
void ncc_sub_ct1_c(uint32_t w[NCC_N], const uint32_t pos[NCC_TAU], const uint32_t neg[NCC_TAU],
                   const uint32_t t1[NCC_N], int32_t wide[2 * NCC_N]);

/* The challenge c as n bytes from its tau placements (sample.c):
 * dense[pos[k]] = 1, or 0xFF (-1) where neg[k] is 1, the others 0; the
 * positions are distinct and below n. Secret (a signing attempt's
 * challenge, public only once its signature is): no branch or address may
 * depend on pos or neg. */
void ncc_challenge_dense_c(uint8_t dense[NCC_N], const uint32_t pos[NCC_TAU], const uint32_t neg[NCC_TAU]);

/* Packing (pack.c), spec section 3.2: fields of fixed width, least
 * significant bit first. */

/* out = the NCC_W1_BITS-bit string of w1 (w1_i < NCC_W1_MODULUS), the
 * input of the challenge hash; secret (in signing). */
void ncc_pack_w1_c(uint8_t out[NCC_POLYW1_BYTES], const uint8_t w1[NCC_N]);

/* z_i = gamma1 - x_i for the NCC_Z_BITS-bit fields x_i of in; secret (the
 * mask y of signing). Out: z_i in (gamma1 - 2^NCC_Z_BITS, gamma1]. */
void ncc_unpack_z_c(int32_t z[NCC_N], const uint8_t in[NCC_POLYZ_BYTES]);

/* t1_i = the NCC_T1_BITS-bit fields of in: public (the public key). Out:
 * t1_i < 2^NCC_T1_BITS, unchecked (the caller checks t1_i <= NCC_T1_MAX). */
void ncc_unpack_t1_c(uint32_t t1[NCC_N], const uint8_t in[NCC_POLYT1_BYTES]);

#if defined(PQSIG_BACKEND_META)
#include PQSIG_BACKEND_META
#endif

#endif
