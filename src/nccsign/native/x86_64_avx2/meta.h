/* NCC-Sign backend x86_64_avx2 (impl avx2): the kernels it provides, for
 * the composite ../meta.h, which calls them only inside the avx2
 * implementation's operations, after their CPU check (src/common/kset.h).
 *   The NTT engine (ntt_avx2.c): ntt.c's drivers with every layer, and
 *   the products of n = 1536's degree-2 residues, written by hand for 8
 *   lanes (vpmuludq Montgomery products); the same integer operations as
 *   the twins, so the same results, and no branch or index on
 *   coefficients.
 *   Rounding (decompose, make_hint, use_hint), packing (pack_w1,
 *   unpack_z, unpack_t1), the rejection samplers and the dense challenge:
 *   the twins compiled again with AVX2 (recompiled_avx2.c), but the two
 *   samplers, 8 candidates a step by hand (rej_uniform_avx2.c,
 *   rej_eta_avx2.c).
 *   Verification's w - c t1 2^d modulo q, by hand (sub_ct1_avx2.c). */
#ifndef PQSIG_NCCSIGN_NATIVE_X86_64_AVX2_META_H
#define PQSIG_NCCSIGN_NATIVE_X86_64_AVX2_META_H

#include <stddef.h>
#include <stdint.h>

#include "common/ns.h"

#define NCC_AVX2_NTT
#define ncc_avx2_ntt PQSIG_KNS(ncc_avx2_ntt)
#define ncc_avx2_invntt PQSIG_KNS(ncc_avx2_invntt)
#define ncc_avx2_reduce2q PQSIG_KNS(ncc_avx2_reduce2q)
#define ncc_avx2_pointwise PQSIG_KNS(ncc_avx2_pointwise)
#define ncc_avx2_ntt_from_spec PQSIG_KNS(ncc_avx2_ntt_from_spec)
void ncc_avx2_ntt(uint32_t a[NCC_N]);
void ncc_avx2_invntt(uint32_t a[NCC_N]);
void ncc_avx2_reduce2q(uint32_t a[NCC_N]);
void ncc_avx2_pointwise(uint32_t r[NCC_N], const uint32_t a[NCC_N], const uint32_t b[NCC_N]);
void ncc_avx2_ntt_from_spec(uint32_t r[NCC_N], const uint32_t a[NCC_N]);

/* The rounding, packing and sampling kernels: the portable twins compiled
 * again with AVX2 (recompiled_avx2.c). */
#define NCC_AVX2_RECOMPILED
#define ncc_avx2_rej_uniform PQSIG_KNS(ncc_avx2_rej_uniform)
#define ncc_avx2_rej_uniform_tail PQSIG_KNS(ncc_avx2_rej_uniform_tail)
#define ncc_avx2_rej_eta PQSIG_KNS(ncc_avx2_rej_eta)
#define ncc_avx2_rej_eta_tail PQSIG_KNS(ncc_avx2_rej_eta_tail)
#define ncc_avx2_challenge_dense PQSIG_KNS(ncc_avx2_challenge_dense)
#define ncc_avx2_decompose PQSIG_KNS(ncc_avx2_decompose)
#define ncc_avx2_make_hint PQSIG_KNS(ncc_avx2_make_hint)
#define ncc_avx2_use_hint PQSIG_KNS(ncc_avx2_use_hint)
#define ncc_avx2_pack_w1 PQSIG_KNS(ncc_avx2_pack_w1)
#define ncc_avx2_unpack_z PQSIG_KNS(ncc_avx2_unpack_z)
#define ncc_avx2_unpack_t1 PQSIG_KNS(ncc_avx2_unpack_t1)
size_t ncc_avx2_rej_uniform(uint32_t *a, size_t len, const uint8_t *buf, size_t buflen);
size_t ncc_avx2_rej_uniform_tail(uint32_t *a, size_t len, const uint8_t *buf, size_t buflen);
size_t ncc_avx2_rej_eta(int32_t *s, size_t len, const uint8_t *buf, size_t buflen);
size_t ncc_avx2_rej_eta_tail(int32_t *s, size_t len, const uint8_t *buf, size_t buflen);
void ncc_avx2_challenge_dense(uint8_t dense[NCC_N], const uint32_t pos[NCC_TAU], const uint32_t neg[NCC_TAU]);
void ncc_avx2_decompose(uint8_t w1[NCC_N], int32_t w0[NCC_N], const uint32_t w[NCC_N]);
uint32_t ncc_avx2_make_hint(uint8_t h[NCC_N], const int32_t r0[NCC_N], const uint8_t w1[NCC_N]);
void ncc_avx2_use_hint(uint8_t w1[NCC_N], const uint32_t r[NCC_N], const uint8_t h[NCC_N]);
void ncc_avx2_pack_w1(uint8_t out[NCC_POLYW1_BYTES], const uint8_t w1[NCC_N]);
void ncc_avx2_unpack_z(int32_t z[NCC_N], const uint8_t in[NCC_POLYZ_BYTES]);
void ncc_avx2_unpack_t1(uint32_t t1[NCC_N], const uint8_t in[NCC_POLYT1_BYTES]);


/* Verification's c t1 2^d subtraction, by hand (sub_ct1_avx2.c). */
#define NCC_AVX2_SUB_CT1
#define ncc_avx2_sub_ct1 PQSIG_KNS(ncc_avx2_sub_ct1)
void ncc_avx2_sub_ct1(uint32_t w[NCC_N], const uint32_t pos[NCC_TAU], const uint32_t neg[NCC_TAU],
                      const uint32_t t1[NCC_N], int32_t wide[2 * NCC_N]);

#endif
