/* An 8 x 8 transposition of 16-bit values in each 128-bit half of eight
 * AVX2 vectors: value k of o[i] is value i of r[k], half by half (so o[i]
 * holds column i of the low halves and column i + 8 of the whole 8 x 16
 * rows). Three rounds of unpacks. Shared by Falcon's NTT (its 16 x 16
 * blocks) and SNOVA's byte planes of GF(16) tables. */
#ifndef PQSIG_COMMON_NATIVE_X86_64_TRANSPOSE_AVX2_H
#define PQSIG_COMMON_NATIVE_X86_64_TRANSPOSE_AVX2_H

#include <immintrin.h>

static inline void pqsig_avx2_transpose8x16(__m256i o[8], const __m256i r[8])
{
    __m256i t[8], u[8];
    int i;
    for (i = 0; i < 4; i++) {
        t[2 * i] = _mm256_unpacklo_epi16(r[2 * i], r[2 * i + 1]);
        t[2 * i + 1] = _mm256_unpackhi_epi16(r[2 * i], r[2 * i + 1]);
    }
    u[0] = _mm256_unpacklo_epi32(t[0], t[2]);
    u[1] = _mm256_unpackhi_epi32(t[0], t[2]);
    u[2] = _mm256_unpacklo_epi32(t[1], t[3]);
    u[3] = _mm256_unpackhi_epi32(t[1], t[3]);
    u[4] = _mm256_unpacklo_epi32(t[4], t[6]);
    u[5] = _mm256_unpackhi_epi32(t[4], t[6]);
    u[6] = _mm256_unpacklo_epi32(t[5], t[7]);
    u[7] = _mm256_unpackhi_epi32(t[5], t[7]);
    for (i = 0; i < 4; i++) {
        o[2 * i] = _mm256_unpacklo_epi64(u[i], u[i + 4]);
        o[2 * i + 1] = _mm256_unpackhi_epi64(u[i], u[i + 4]);
    }
}

#endif
