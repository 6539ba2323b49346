/* The round operations of keccak_perm.h on AVX2 vectors (lane i of four
 * states each), for keccakx4_avx2.c's instances of the template, which
 * undefines them after each inclusion: no include guard. Rotations are two
 * shifts and an OR, except by 8 and 56 bits, which are byte shuffles
 * (rol8, rol56 of the includer). */
#define KECCAK_LANE __m256i
#define KECCAK_XOR(a, b) _mm256_xor_si256((a), (b))
#define KECCAK_XOR5(a, b, c, d, e) _mm256_xor_si256(_mm256_xor_si256(_mm256_xor_si256((a), (b)), (c)), \
                                                    _mm256_xor_si256((d), (e)))
#define KECCAK_ROL(x, n)                                                                              \
    ((n) == 8 ? rol8(x)                                                                               \
              : (n) == 56 ? rol56(x) : _mm256_or_si256(_mm256_slli_epi64((x), (n)), _mm256_srli_epi64((x), 64 - (n))))
#define KECCAK_CHI(a, b, c) _mm256_xor_si256((a), _mm256_andnot_si256((b), (c)))
#define KECCAK_IOTA(x, r) _mm256_xor_si256((x), _mm256_set1_epi64x((long long)keccak_rc[r]))
