/* MQ-Sign, AVX-512 + GFNI: the matrices of products by a field element,
 * for the mat-vec (matvec_avx512.c).
 *
 * Multiplying a byte by a fixed field element s is GF(2)-linear, whatever
 * the representation of the field: it is an 8x8 bit matrix A(s), and
 * vgf2p8affineqb applies one such matrix to the 64 bytes of a register.
 * A(s) is linear in s as well: A(s) = sum_t s_t A(2^t). */
#ifndef PQSIG_MQSIGN_NATIVE_X86_64_AVX512_GFNI_H
#define PQSIG_MQSIGN_NATIVE_X86_64_AVX512_GFNI_H

#include <immintrin.h>
#include <stdint.h>

/* A(2^t) in vgf2p8affineqb's layout (byte 7 - i of the matrix holds the
 * input bits of output bit i), for the tower field of ../../arith.h: row
 * i of A(2^t) has bit j set when bit i of 2^t * 2^j is. A(1) is the
 * identity. The kernel tests check every product against the twins. */
static const uint64_t mqs_gfni_mul_2t[8] = {
    0x0102040810204080ull, 0x0203080c203080c0ull, 0x080c050a80c050a0ull, 0x0c040a0fc040a0f0ull,
    0xc040a0f011224488ull, 0x4080f050223388ccull, 0xf05060b088cc55aaull, 0x50a0b0d0cc44aaffull,
};

/* A(s) in every word, for a secret s: the words A(2^t) of the bits t of s
 * kept by a mask register (a masked move: no branch, no address from s),
 * then XORed together across the vector. */
static inline __m512i mqs_gfni_matrix(uint8_t s)
{
    const __m512i c = _mm512_loadu_si512((const void *)mqs_gfni_mul_2t);
    __m512i z = _mm512_maskz_mov_epi64((__mmask8)s, c);
    z = _mm512_xor_si512(z, _mm512_shuffle_i64x2(z, z, _MM_SHUFFLE(1, 0, 3, 2)));
    z = _mm512_xor_si512(z, _mm512_shuffle_i64x2(z, z, _MM_SHUFFLE(2, 3, 0, 1)));
    return _mm512_xor_si512(z, _mm512_shuffle_epi32(z, _MM_PERM_BADC));
}

/* A matrix from memory in every word, as a register operand. clang 14
 * (Debian 12's) folds such a broadcast into VGF2P8AFFINEQB as a {1to8}
 * memory operand and encodes its 8-bit displacement unscaled, where the
 * CPU scales it by 8: with a nonzero offset the instruction reads another
 * matrix (the public map and the prepared products failed the kernel
 * tests, and MQ-Sign's avx512 KATs, in a clang build). An empty asm that
 * takes the vector in a register keeps the broadcast a separate
 * VPBROADCASTQ, whatever the compiler. */
static inline __m512i mqs_gfni_bcast(uint64_t a)
{
    __m512i m = _mm512_set1_epi64((long long)a);
#if defined(__clang__) && !defined(PQSIG_TEST_EMU_AVX512_H)
    __asm__("" : "+v"(m));
#endif
    return m;
}

/* The 64 bytes of x times the element whose matrix is a. */
static inline __m512i mqs_gfni_prod(__m512i x, __m512i a)
{
    return _mm512_gf2p8affine_epi64_epi8(x, a, 0);
}

#endif
