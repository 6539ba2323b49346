/* NCC-Sign, AVX2: ExpandA's rejection sampler (native/api.h,
 * ncc_rej_uniform), 8 candidates a step: the 24 bytes of 8 chunks widened
 * to 32-bit lanes by one shuffle (bytes 0..15 and 12..27 in the two
 * halves), masked and compared with (0, q); the kept lanes are moved to
 * the front by a permutation whose indices come from the 8-bit mask of
 * kept lanes (compact.h). The stream is public (the seed zeta), so the mask may
 * steer the permutation and the count. The last chunks, where fewer than
 * 8 outputs or 28 bytes remain, go to the twin compiled with AVX2
 * (recompiled_avx2.c), which takes the same candidates in the same order. */
#include <immintrin.h>

#include "nccsign/native/api.h"
#include "nccsign/native/x86_64_avx2/compact.h"
#include "nccsign/native/x86_64_avx2/meta.h"

size_t ncc_avx2_rej_uniform(uint32_t *a, size_t len, const uint8_t *buf, size_t buflen)
{
    const __m128i chunks = _mm_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1);
    const __m256i widen = _mm256_broadcastsi128_si256(chunks);
    const __m256i mask = _mm256_set1_epi32((int)NCC_UNIFORM_MASK), q = _mm256_set1_epi32(NCC_Q);
    const __m256i zero = _mm256_setzero_si256();
    size_t ctr = 0, pos = 0;
    for (; pos + 28 <= buflen && ctr + 8 <= len; pos += 24) {
        const __m128i lo = _mm_loadu_si128((const __m128i *)(const void *)(buf + pos));
        const __m128i hi = _mm_loadu_si128((const __m128i *)(const void *)(buf + pos + 12));
        const __m256i t = _mm256_and_si256(_mm256_shuffle_epi8(_mm256_set_m128i(hi, lo), widen), mask);
        const __m256i keep = _mm256_and_si256(_mm256_cmpgt_epi32(t, zero), _mm256_cmpgt_epi32(q, t));
        const unsigned m = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(keep));
        _mm256_storeu_si256((__m256i *)(void *)(a + ctr), _mm256_permutevar8x32_epi32(t, ncc_compact_perm(m)));
        ctr += (size_t)_mm_popcnt_u32(m);
    }
    return ctr + ncc_avx2_rej_uniform_tail(a + ctr, len - ctr, buf + pos, buflen - pos);
}
