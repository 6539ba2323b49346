/* NCC-Sign backend x86_64_avx512 (impl avx512): the kernels it provides,
 * for the composite ../meta.h, which calls them only inside the avx512
 * implementation's operations, after their CPU check (src/common/kset.h).
 *   The NTT engine (ntt_avx512.c): ../../ntt.c compiled once more, for
 *   sixteen 32-bit lanes (zmm vpmuludq Montgomery products on the even
 *   and odd lanes), as x86_64_avx2 compiles it for eight. Same integer
 *   operations, so the same results and the twins' constant-time shape.
 * The shared primitives (SHAKE, AES) pick their AVX-512 code by CPU
 * feature for every implementation; NCC-Sign's streams are single
 * (ExpandA, ExpandMask, the challenge), so the x8 Keccak has no use here.
 * src/nccsign/README.md ("avx512") gives the measured gain. */
#ifndef PQSIG_NCCSIGN_NATIVE_X86_64_AVX512_META_H
#define PQSIG_NCCSIGN_NATIVE_X86_64_AVX512_META_H

#include <stdint.h>

#include "common/ns.h"

#define NCC_AVX512_NTT
#define ncc_avx512_ntt PQSIG_KNS(ncc_avx512_ntt)
#define ncc_avx512_invntt PQSIG_KNS(ncc_avx512_invntt)
#define ncc_avx512_reduce2q PQSIG_KNS(ncc_avx512_reduce2q)
#define ncc_avx512_pointwise PQSIG_KNS(ncc_avx512_pointwise)
#define ncc_avx512_ntt_from_spec PQSIG_KNS(ncc_avx512_ntt_from_spec)
void ncc_avx512_ntt(uint32_t a[NCC_N]);
void ncc_avx512_invntt(uint32_t a[NCC_N]);
void ncc_avx512_reduce2q(uint32_t a[NCC_N]);
void ncc_avx512_pointwise(uint32_t r[NCC_N], const uint32_t a[NCC_N], const uint32_t b[NCC_N]);
void ncc_avx512_ntt_from_spec(uint32_t r[NCC_N], const uint32_t a[NCC_N]);

#endif
