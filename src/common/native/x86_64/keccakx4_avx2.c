/* Keccak-f[1600] on four states with AVX2: one 256-bit vector holds lane i
 * of the four states, so the round code of keccak_perm.h runs unchanged on
 * vectors. Rotations are two shifts and an OR, except by 8 and 56 bits,
 * which are byte shuffles. Called through native/x86_64/meta.h when the
 * CPU has AVX2; the lane of state j at s[stride * i + j] (stride 4: the x4
 * layout; stride 8: either half of the x8 layout). */
#include <stddef.h>
#include <stdint.h>

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
#define KECCAK_LANE __m256i
#define KECCAK_LOAD(i) _mm256_loadu_si256((const __m256i *)(const void *)(s + stride * (i)))
#define KECCAK_STORE(i, v) _mm256_storeu_si256((__m256i *)(void *)(s + stride * (i)), (v))
#define KECCAK_XOR(a, b) _mm256_xor_si256((a), (b))
#define KECCAK_XOR5(a, b, c, d, e) _mm256_xor_si256(_mm256_xor_si256(_mm256_xor_si256((a), (b)), (c)), \
                                                    _mm256_xor_si256((d), (e)))
#define KECCAK_ROL(x, n)                                                                              \
    ((n) == 8 ? rol8(x)                                                                               \
              : (n) == 56 ? rol56(x) : _mm256_or_si256(_mm256_slli_epi64((x), (n)), _mm256_srli_epi64((x), 64 - (n))))
#define KECCAK_CHI(a, b, c) _mm256_xor_si256((a), _mm256_andnot_si256((b), (c)))
#define KECCAK_IOTA(x, r) _mm256_xor_si256((x), _mm256_set1_epi64x((long long)keccak_rc[r]))
#include "common/keccak_perm.h"

void pqsig_keccakf1600x4_avx2(uint64_t *s, size_t stride)
{
    permute4(s, stride);
}
