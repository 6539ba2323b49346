/* Falcon, AVX2: BaseSampler's table lookup (native/api.h,
 * falcon_base_sampler): the 20 entries of the padded table (sampler.h) in
 * five vectors of four, each compared with u by the same two-word borrow
 * chain as the twin, and the borrows summed across lanes. Constant time:
 * every entry is read for every u. */
#include <immintrin.h>
#include <stdint.h>

#include "falcon/native/x86_64_avx2/meta.h"
#include "falcon/sampler.h"

int falcon_base_sampler_avx2(uint64_t lo, uint32_t top)
{
    __m256i uh = _mm256_set1_epi64x((long long)(((uint64_t)top << 24) | (lo >> 40)));
    __m256i ul = _mm256_set1_epi64x((long long)(lo & UINT64_C(0xFFFFFFFFFF)));
    __m256i acc = _mm256_setzero_si256();
    unsigned k;
    for (k = 0; k < FALCON_RCDT_PADDED; k += 4) {
        __m256i th = _mm256_loadu_si256((const __m256i *)(const void *)(falcon_rcdt_hi + k));
        __m256i tl = _mm256_loadu_si256((const __m256i *)(const void *)(falcon_rcdt_lo + k));
        __m256i br = _mm256_srli_epi64(_mm256_sub_epi64(ul, tl), 63);
        __m256i d = _mm256_sub_epi64(_mm256_sub_epi64(uh, th), br);
        acc = _mm256_add_epi64(acc, _mm256_srli_epi64(d, 63));
    }
    acc = _mm256_add_epi64(acc, _mm256_permute4x64_epi64(acc, 0x4E));
    acc = _mm256_add_epi64(acc, _mm256_shuffle_epi32(acc, 0x4E));
    return _mm256_cvtsi256_si32(acc);
}
