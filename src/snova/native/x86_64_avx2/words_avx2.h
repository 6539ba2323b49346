/* SNOVA, AVX2: 4 x 4 blocks of 64-bit words in four vectors, shared by the
 * GF(16) and odd-q kernels of this directory. */
#ifndef PQSIG_SNOVA_NATIVE_X86_64_AVX2_WORDS_AVX2_H
#define PQSIG_SNOVA_NATIVE_X86_64_AVX2_WORDS_AVX2_H

#include <immintrin.h>

/* The 64-bit words transposed in place: word w of v[k] becomes word k of
 * v[w]. */
static inline void snova_avx2_words_transpose(__m256i v[4])
{
    const __m256i a = _mm256_unpacklo_epi64(v[0], v[1]), b = _mm256_unpackhi_epi64(v[0], v[1]);
    const __m256i c = _mm256_unpacklo_epi64(v[2], v[3]), d = _mm256_unpackhi_epi64(v[2], v[3]);
    v[0] = _mm256_permute2x128_si256(a, c, 0x20);
    v[1] = _mm256_permute2x128_si256(b, d, 0x20);
    v[2] = _mm256_permute2x128_si256(a, c, 0x31);
    v[3] = _mm256_permute2x128_si256(b, d, 0x31);
}

/* Lane y (< 8) of each 128-bit half of v in all eight lanes of that half:
 * a row of 16-bit elements per half (the odd-l kernels, l <= 5). */
static inline __m256i snova_avx2_lane_bcast128(__m256i v, unsigned y)
{
    const char b0 = (char)(2 * y), b1 = (char)(2 * y + 1);
    return _mm256_shuffle_epi8(v, _mm256_setr_epi8(b0, b1, b0, b1, b0, b1, b0, b1, b0, b1, b0, b1, b0, b1, b0, b1,
                                                   b0, b1, b0, b1, b0, b1, b0, b1, b0, b1, b0, b1, b0, b1, b0, b1));
}

#endif
