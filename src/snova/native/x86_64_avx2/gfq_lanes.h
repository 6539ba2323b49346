/* SNOVA, odd prime q, AVX2: the scalar reductions of gfq/scalar.h on 16
 * lanes, shared by the hand-written kernels (gfq_mul_avx2.c) and the
 * compiled twins' own pieces (gfq_avx2.c). */
#ifndef PQSIG_SNOVA_NATIVE_X86_64_AVX2_GFQ_LANES_H
#define PQSIG_SNOVA_NATIVE_X86_64_AVX2_GFQ_LANES_H

#include <immintrin.h>

#include "snova/gfq/scalar.h"

/* gfq_red16 on 16 lanes: the same operations, so the same values. */
static inline __m256i red16_v(__m256i x)
{
    const __m256i q = _mm256_set1_epi16(SNOVA_Q);
    __m256i t = _mm256_mulhi_epu16(x, _mm256_set1_epi16((short)(65536u / SNOVA_Q)));
    __m256i r = _mm256_sub_epi16(_mm256_sub_epi16(x, _mm256_mullo_epi16(t, q)), q);
    return _mm256_add_epi16(r, _mm256_and_si256(_mm256_srai_epi16(r, 15), q));
}

#endif
