/* NCC-Sign, AVX2: the lane permutation that moves the lanes named by the
 * bits of an 8-bit mask to the front, in order (the samplers'
 * compaction): pdep spreads the mask to whole bytes, pext gathers the
 * indices of those lanes. The mask must be public (it becomes indices). */
#ifndef PQSIG_NCCSIGN_NATIVE_X86_64_AVX2_COMPACT_H
#define PQSIG_NCCSIGN_NATIVE_X86_64_AVX2_COMPACT_H

#include <immintrin.h>
#include <stdint.h>

static inline __m256i ncc_compact_perm(uint32_t m)
{
    const uint64_t lanes = _pdep_u64(m, 0x0101010101010101ull) * 0xffu;
    const uint64_t idx = _pext_u64(0x0706050403020100ull, lanes);
    return _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)idx));
}

#endif
