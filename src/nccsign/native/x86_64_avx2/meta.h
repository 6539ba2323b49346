/* NCC-Sign backend x86_64_avx2 (impl avx2): the kernels it provides, for
 * the composite ../meta.h, which calls them only inside the avx2
 * implementation's operations, after their CPU check (src/common/kset.h).
 *   The NTT engine (ntt_avx2.c): ntt.c's drivers with every layer, and
 *   the products of n = 1536's degree-2 residues, written by hand for 8
 *   lanes (vpmuludq Montgomery products); the same integer operations as
 *   the twins, so the same results, and no branch or index on
 *   coefficients. */
#ifndef PQSIG_NCCSIGN_NATIVE_X86_64_AVX2_META_H
#define PQSIG_NCCSIGN_NATIVE_X86_64_AVX2_META_H

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

#endif
