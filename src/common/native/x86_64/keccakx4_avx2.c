/* Keccak-f[1600] on four states with AVX2: one 256-bit vector holds lane i
 * of the four states, so the round code of keccak_perm.h runs unchanged on
 * vectors (keccakx4_avx2_ops.h). Called through native/x86_64/meta.h when
 * the CPU has AVX2; the lane of state j at s[stride * i + j] (stride 4: the
 * x4 layout; stride 8: either half of the x8 layout). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <immintrin.h>

#include "common/native/api.h"

static inline __m256i rol8(__m256i x)
{
    return _mm256_shuffle_epi8(x, _mm256_set_epi8(14, 13, 12, 11, 10, 9, 8, 15, 6, 5, 4, 3, 2, 1, 0, 7, 14, 13,
                                                  12, 11, 10, 9, 8, 15, 6, 5, 4, 3, 2, 1, 0, 7));
}

static inline __m256i rol56(__m256i x)
{
    return _mm256_shuffle_epi8(x, _mm256_set_epi8(8, 15, 14, 13, 12, 11, 10, 9, 0, 7, 6, 5, 4, 3, 2, 1, 8, 15,
                                                  14, 13, 12, 11, 10, 9, 0, 7, 6, 5, 4, 3, 2, 1));
}

#define KECCAK_FN permute4
#define KECCAK_PARAMS uint64_t *s, size_t stride
#define KECCAK_LOAD(i) _mm256_loadu_si256((const __m256i *)(const void *)(s + stride * (i)))
#define KECCAK_STORE(i, v) _mm256_storeu_si256((__m256i *)(void *)(s + stride * (i)), (v))
#include "common/native/x86_64/keccakx4_avx2_ops.h"
#include "common/keccak_perm.h"

/* The same on lanes held as vectors (the one-block kernel below, where the
 * output lanes stay in registers for the transposition). */
#define KECCAK_FN permute4_lanes
#define KECCAK_PARAMS const __m256i *in, __m256i *out
#define KECCAK_LOAD(i) in[i]
#define KECCAK_STORE(i, v) (out[i] = (v))
#include "common/native/x86_64/keccakx4_avx2_ops.h"
#include "common/keccak_perm.h"

void pqsig_keccakf1600x4_avx2(uint64_t *s, size_t stride)
{
    permute4(s, stride);
}

/* Lanes i .. i + 3 of the four states (a_k: lane i + k) to bytes 8i ..
 * 8i + 31 of out[j] + off: t holds pairs of lanes per state and 128-bit
 * half, then each state's four lanes come out in a row. */
static inline void transpose_out(uint8_t *const out[4], size_t at, __m256i a0, __m256i a1, __m256i a2,
                                 __m256i a3)
{
    const __m256i t0 = _mm256_unpacklo_epi64(a0, a1), t1 = _mm256_unpackhi_epi64(a0, a1);
    const __m256i t2 = _mm256_unpacklo_epi64(a2, a3), t3 = _mm256_unpackhi_epi64(a2, a3);
    _mm256_storeu_si256((__m256i *)(void *)(out[0] + at), _mm256_permute2x128_si256(t0, t2, 0x20));
    _mm256_storeu_si256((__m256i *)(void *)(out[1] + at), _mm256_permute2x128_si256(t1, t3, 0x20));
    _mm256_storeu_si256((__m256i *)(void *)(out[2] + at), _mm256_permute2x128_si256(t0, t2, 0x31));
    _mm256_storeu_si256((__m256i *)(void *)(out[3] + at), _mm256_permute2x128_si256(t1, t3, 0x31));
}

/* One lane of the four states to bytes at .. at + 7 of each out[j]. */
static inline void lane_out(uint8_t *const out[4], size_t at, __m256i a)
{
    const __m128i lo = _mm256_castsi256_si128(a), hi = _mm256_extracti128_si256(a, 1);
    _mm_storel_epi64((__m128i *)(void *)(out[0] + at), lo);
    _mm_storel_epi64((__m128i *)(void *)(out[1] + at), _mm_unpackhi_epi64(lo, lo));
    _mm_storel_epi64((__m128i *)(void *)(out[2] + at), hi);
    _mm_storel_epi64((__m128i *)(void *)(out[3] + at), _mm_unpackhi_epi64(hi, hi));
}

static inline __m256i lane_at(const uint64_t *lanes, size_t i)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)(lanes + 4 * i));
}

void pqsig_keccakx4_extract_avx2(uint8_t *const out[4], size_t off, const uint64_t *lanes, size_t n)
{
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        transpose_out(out, off + 8 * i, lane_at(lanes, i), lane_at(lanes, i + 1), lane_at(lanes, i + 2),
                      lane_at(lanes, i + 3));
    }
    for (; i < n; i++) {
        lane_out(out, off + 8 * i, lane_at(lanes, i));
    }
}

/* The lanes of the SHAKE128 block of four public inputs (inlen < 168): the
 * whole input words, the last bytes with SHAKE's domain bits 1111 and the
 * first padding bit, zeros, pad10*1's last bit in lane 20 (FIPS 202 B.2);
 * then the permutation, whose output lanes go straight from registers to
 * the transposition of the rate's 21 lanes (no state in memory between:
 * 5.6 k instructions a call of four units, where the permutation on a
 * state in memory and the block's glue took 5.74 k). x86 is little-endian:
 * a lane is its 8 bytes in memory order. */
void pqsig_shake128x4_block_avx2(uint8_t *const out[4], const uint8_t *const in[4], size_t inlen)
{
    __m256i st[25], res[25];
    const size_t full = inlen / 8, rest = inlen % 8;
    uint64_t last[4] = {0, 0, 0, 0};
    size_t i;
    unsigned j;
    for (i = 0; i < full; i++) {
        long long x[4];
        for (j = 0; j < 4; j++) {
            memcpy(&x[j], in[j] + 8 * i, 8);
        }
        st[i] = _mm256_setr_epi64x(x[0], x[1], x[2], x[3]);
    }
    if (rest != 0) { /* the length is public */
        for (j = 0; j < 4; j++) {
            memcpy(&last[j], in[j] + 8 * full, rest);
        }
    }
    st[full] = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(const void *)last),
                                _mm256_set1_epi64x((long long)((uint64_t)0x1f << (8 * rest))));
    for (i = full + 1; i < 25; i++) {
        st[i] = _mm256_setzero_si256();
    }
    st[20] = _mm256_xor_si256(st[20], _mm256_set1_epi64x((long long)((uint64_t)0x80 << 56)));
    permute4_lanes(st, res);
    for (i = 0; i < 20; i += 4) {
        transpose_out(out, 8 * i, res[i], res[i + 1], res[i + 2], res[i + 3]);
    }
    lane_out(out, 8 * 20, res[20]);
}
