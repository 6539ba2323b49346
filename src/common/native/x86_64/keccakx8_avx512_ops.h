/* The round operations of keccak_perm.h on 512-bit vectors (lane i of
 * eight states each), for keccakx8_avx512.c's two instances of the
 * template (a state in memory, and lanes in registers), which undefines
 * them after each inclusion: no include guard. AVX-512F rotates in one
 * instruction, and theta's five-way XOR is two VPTERNLOGQ, chi's
 * a ^ (~b & c) one (truth table 0xd2). */
#define KECCAK_LANE __m512i
#define KECCAK_XOR(a, b) _mm512_xor_si512((a), (b))
#define KECCAK_XOR5(a, b, c, d, e) \
    _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64((a), (b), (c), 0x96), (d), (e), 0x96)
#define KECCAK_ROL(x, n) _mm512_rol_epi64((x), (n))
#define KECCAK_CHI(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0xd2)
#define KECCAK_IOTA(x, r) _mm512_xor_si512((x), _mm512_set1_epi64((long long)keccak_rc[r]))
