/* SNOVA, odd prime q, AVX-512BW: gfq_red16 of gfq/scalar.h on 32 lanes,
 * shared by this directory's odd-q kernels. */
#ifndef PQSIG_SNOVA_NATIVE_X86_64_AVX512_GFQ_LANES_AVX512_H
#define PQSIG_SNOVA_NATIVE_X86_64_AVX512_GFQ_LANES_AVX512_H

#include <immintrin.h>

#include "snova/gfq/scalar.h"

/* The same operations as gfq_red16, so the same values. */
static inline __m512i red16_z(__m512i x)
{
    const __m512i q = _mm512_set1_epi16(SNOVA_Q);
    const __m512i t = _mm512_mulhi_epu16(x, _mm512_set1_epi16((short)(65536u / SNOVA_Q)));
    const __m512i r = _mm512_sub_epi16(_mm512_sub_epi16(x, _mm512_mullo_epi16(t, q)), q);
    return _mm512_add_epi16(r, _mm512_and_si512(_mm512_srai_epi16(r, 15), q));
}

#endif
