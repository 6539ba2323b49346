/* NCC-Sign, AVX2: ExpandS's rejection sampler over SECRET bytes
 * (native/api.h, ncc_rej_eta), two bytes (8 chunks) a step: each 32-bit
 * lane shifts its 2-bit chunk t out of the pair (one vpsrlvd), holds
 * 1 - t, and the lanes with t = 3 are dropped by a permutation whose
 * indices come from the 8-bit mask of the kept lanes (compact.h), as in
 * rej_uniform_avx2.c. Which chunks equal 3 is the one thing the contract
 * lets out (it decides the count; the kept values are 1 - t for chunks
 * t < 3 of their own): the mask is declassified before it becomes indices
 * and a count, and the coefficients are only moved by it. The last
 * chunks, where fewer than 8 outputs remain, go to the twin compiled with
 * AVX2 (recompiled_avx2.c), in the same order. */
#include <immintrin.h>
#include <string.h>

#include "common/ct.h"
#include "nccsign/native/api.h"
#include "nccsign/native/x86_64_avx2/compact.h"
#include "nccsign/native/x86_64_avx2/meta.h"

size_t ncc_avx2_rej_eta(int32_t *s, size_t len, const uint8_t *buf, size_t buflen)
{
    /* lane k: chunk k % 4 of byte k / 4 of the pair (little endian) */
    const __m256i shifts = _mm256_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14);
    const __m256i three = _mm256_set1_epi32(3), one = _mm256_set1_epi32(1);
    size_t ctr = 0, pos = 0;
    for (; pos + 2 <= buflen && ctr + 8 <= len; pos += 2) {
        uint8_t two[2];
        __m256i t, v;
        uint32_t m;
        memcpy(two, buf + pos, 2);
        t = _mm256_and_si256(_mm256_srlv_epi32(_mm256_set1_epi32((int)two[0] | (int)two[1] << 8), shifts), three);
        v = _mm256_sub_epi32(one, t);
        m = (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(t, three))) ^ 0xffu;
        /* which chunks equal 3: public (native/api.h) */
        PQSIG_CT_DECLASSIFY(&m, sizeof m);
        _mm256_storeu_si256((__m256i *)(void *)(s + ctr), _mm256_permutevar8x32_epi32(v, ncc_compact_perm(m)));
        ctr += (size_t)_mm_popcnt_u32(m);
    }
    return ctr + ncc_avx2_rej_eta_tail(s + ctr, len - ctr, buf + pos, buflen - pos);
}
