/* AVX-512 in portable C, for the kernel tests on machines without it.
 *
 * Force-included (-include) before a backend's x86_64_avx512 sources in
 * the "_emu" kernel tests (cmake/pqsig.cmake, pqsig_kernel_test): it takes
 * the compiler's <immintrin.h> first, then maps the AVX-512 types and
 * intrinsics the backends use onto the plain C versions below, written
 * from the instructions' definitions in Intel's SDM, so that the kernels'
 * logic is checked against their portable twins on any x86-64 machine
 * with AVX2. What it cannot check is the compiler's code for the real
 * instructions: that is the native kernel tests' and KATs' job on a CPU
 * with AVX-512. An intrinsic a backend adds must be added here. */
#ifndef PQSIG_TEST_EMU_AVX512_H
#define PQSIG_TEST_EMU_AVX512_H

#include <immintrin.h>
#include <stdint.h>
#include <string.h>

typedef struct {
    uint64_t q[8];
} pqsig_emu_m512i;

#define __m512i pqsig_emu_m512i

static inline pqsig_emu_m512i emu_loadu(const void *p)
{
    pqsig_emu_m512i r;
    memcpy(r.q, p, 64);
    return r;
}

static inline void emu_storeu(void *p, pqsig_emu_m512i a)
{
    memcpy(p, a.q, 64);
}

static inline pqsig_emu_m512i emu_setzero(void)
{
    pqsig_emu_m512i r;
    memset(r.q, 0, sizeof r.q);
    return r;
}

/* Element 7 first, as the intrinsic. */
static inline pqsig_emu_m512i emu_set_epi64(long long e7, long long e6, long long e5, long long e4, long long e3,
                                            long long e2, long long e1, long long e0)
{
    pqsig_emu_m512i r;
    r.q[0] = (uint64_t)e0;
    r.q[1] = (uint64_t)e1;
    r.q[2] = (uint64_t)e2;
    r.q[3] = (uint64_t)e3;
    r.q[4] = (uint64_t)e4;
    r.q[5] = (uint64_t)e5;
    r.q[6] = (uint64_t)e6;
    r.q[7] = (uint64_t)e7;
    return r;
}

/* Byte i is read only when mask bit i is set (the instruction suppresses
 * faults on the others), else 0. */
static inline pqsig_emu_m512i emu_maskz_loadu_epi8(__mmask64 k, const void *p)
{
    pqsig_emu_m512i r = emu_setzero();
    uint8_t b[64];
    unsigned i;
    memset(b, 0, sizeof b);
    for (i = 0; i < 64; i++) {
        if ((k >> i) & 1u) {
            b[i] = ((const uint8_t *)p)[i];
        }
    }
    memcpy(r.q, b, 64);
    return r;
}

static inline void emu_mask_storeu_epi8(void *p, __mmask64 k, pqsig_emu_m512i a)
{
    uint8_t b[64];
    unsigned i;
    memcpy(b, a.q, 64);
    for (i = 0; i < 64; i++) {
        if ((k >> i) & 1u) {
            ((uint8_t *)p)[i] = b[i];
        }
    }
}

static inline pqsig_emu_m512i emu_xor(pqsig_emu_m512i a, pqsig_emu_m512i b)
{
    unsigned i;
    for (i = 0; i < 8; i++) {
        a.q[i] ^= b.q[i];
    }
    return a;
}

static inline pqsig_emu_m512i emu_and(pqsig_emu_m512i a, pqsig_emu_m512i b)
{
    unsigned i;
    for (i = 0; i < 8; i++) {
        a.q[i] &= b.q[i];
    }
    return a;
}

/* Bit j of the result: bit (a_j << 2 | b_j << 1 | c_j) of imm. */
static inline pqsig_emu_m512i emu_ternarylogic_epi64(pqsig_emu_m512i a, pqsig_emu_m512i b, pqsig_emu_m512i c,
                                                     int imm)
{
    pqsig_emu_m512i r = emu_setzero();
    unsigned i, j;
    for (i = 0; i < 8; i++) {
        for (j = 0; j < 64; j++) {
            unsigned idx = (unsigned)(((a.q[i] >> j) & 1u) << 2 | ((b.q[i] >> j) & 1u) << 1 | ((c.q[i] >> j) & 1u));
            r.q[i] |= (uint64_t)(((unsigned)imm >> idx) & 1u) << j;
        }
    }
    return r;
}

/* 128-bit lanes 0, 1 of the result from a, lanes 2, 3 from b, each chosen
 * by two bits of imm. */
static inline pqsig_emu_m512i emu_shuffle_i64x2(pqsig_emu_m512i a, pqsig_emu_m512i b, int imm)
{
    pqsig_emu_m512i r;
    unsigned l;
    for (l = 0; l < 4; l++) {
        const pqsig_emu_m512i *src = l < 2 ? &a : &b;
        unsigned s = ((unsigned)imm >> (2 * l)) & 3u;
        r.q[2 * l] = src->q[2 * s];
        r.q[2 * l + 1] = src->q[2 * s + 1];
    }
    return r;
}

/* Every byte x of word i: bit k of the result is the parity of
 * (byte 7 - k of a's word i) & x, plus bit k of imm. */
static inline pqsig_emu_m512i emu_gf2p8affine_epi64_epi8(pqsig_emu_m512i x, pqsig_emu_m512i a, int imm)
{
    pqsig_emu_m512i r = emu_setzero();
    unsigned i, byte, k;
    for (i = 0; i < 8; i++) {
        for (byte = 0; byte < 8; byte++) {
            unsigned v = (unsigned)(x.q[i] >> (8 * byte)) & 0xffu, out = 0;
            for (k = 0; k < 8; k++) {
                unsigned row = (unsigned)(a.q[i] >> (8 * (7 - k))) & 0xffu;
                unsigned par = (unsigned)__builtin_parity(row & v);
                out |= (par ^ (((unsigned)imm >> k) & 1u)) << k;
            }
            r.q[i] |= (uint64_t)out << (8 * byte);
        }
    }
    return r;
}

/* Lane i: a or b by bit 3 of idx[i], at lane idx[i] mod 8. */
static inline pqsig_emu_m512i emu_permutex2var_epi64(pqsig_emu_m512i a, pqsig_emu_m512i idx, pqsig_emu_m512i b)
{
    pqsig_emu_m512i r;
    unsigned i;
    for (i = 0; i < 8; i++) {
        const unsigned x = (unsigned)(idx.q[i] & 15u);
        r.q[i] = x < 8 ? a.q[x] : b.q[x - 8];
    }
    return r;
}

/* Lane i shifted right by count[i] (64 and more: zero). */
static inline pqsig_emu_m512i emu_srlv_epi64(pqsig_emu_m512i a, pqsig_emu_m512i count)
{
    pqsig_emu_m512i r;
    unsigned i;
    for (i = 0; i < 8; i++) {
        r.q[i] = count.q[i] < 64 ? a.q[i] >> count.q[i] : 0;
    }
    return r;
}

static inline pqsig_emu_m512i emu_srli_epi64(pqsig_emu_m512i a, unsigned n)
{
    pqsig_emu_m512i r;
    unsigned i;
    for (i = 0; i < 8; i++) {
        r.q[i] = n < 64 ? a.q[i] >> n : 0;
    }
    return r;
}

/* Lane i of b where bit i of k is set, else of a. */
static inline pqsig_emu_m512i emu_mask_blend_epi64(__mmask8 k, pqsig_emu_m512i a, pqsig_emu_m512i b)
{
    pqsig_emu_m512i r;
    unsigned i;
    for (i = 0; i < 8; i++) {
        r.q[i] = (k >> i) & 1u ? b.q[i] : a.q[i];
    }
    return r;
}

static inline pqsig_emu_m512i emu_set1_epi64(long long x)
{
    pqsig_emu_m512i r;
    unsigned i;
    for (i = 0; i < 8; i++) {
        r.q[i] = (uint64_t)x;
    }
    return r;
}

/* Element 0 first. */
static inline pqsig_emu_m512i emu_setr_epi64(long long e0, long long e1, long long e2, long long e3, long long e4,
                                             long long e5, long long e6, long long e7)
{
    return emu_set_epi64(e7, e6, e5, e4, e3, e2, e1, e0);
}

/* The words of k read (the others zero, and not touched in memory). */
static inline pqsig_emu_m512i emu_maskz_loadu_epi64(__mmask8 k, const void *p)
{
    pqsig_emu_m512i r;
    unsigned i;
    for (i = 0; i < 8; i++) {
        r.q[i] = 0;
        if ((k >> i) & 1u) {
            memcpy(&r.q[i], (const uint8_t *)p + 8 * i, 8);
        }
    }
    return r;
}

static inline void emu_mask_storeu_epi64(void *p, __mmask8 k, pqsig_emu_m512i a)
{
    unsigned i;
    for (i = 0; i < 8; i++) {
        if ((k >> i) & 1u) {
            memcpy((uint8_t *)p + 8 * i, &a.q[i], 8);
        }
    }
}

static inline pqsig_emu_m512i emu_slli_epi64(pqsig_emu_m512i a, unsigned n)
{
    pqsig_emu_m512i r;
    unsigned i;
    for (i = 0; i < 8; i++) {
        r.q[i] = n < 64 ? a.q[i] << n : 0;
    }
    return r;
}

static inline pqsig_emu_m512i emu_add_epi64(pqsig_emu_m512i a, pqsig_emu_m512i b)
{
    pqsig_emu_m512i r;
    unsigned i;
    for (i = 0; i < 8; i++) {
        r.q[i] = a.q[i] + b.q[i];
    }
    return r;
}

/* Bit i: lane i of a AND lane i of b is nonzero. */
static inline __mmask8 emu_test_epi64_mask(pqsig_emu_m512i a, pqsig_emu_m512i b)
{
    unsigned i, k = 0;
    for (i = 0; i < 8; i++) {
        k |= (unsigned)((a.q[i] & b.q[i]) != 0) << i;
    }
    return (__mmask8)k;
}

/* Lane i of a where bit i of k is set, else zero. */
static inline pqsig_emu_m512i emu_maskz_mov_epi64(__mmask8 k, pqsig_emu_m512i a)
{
    pqsig_emu_m512i r;
    unsigned i;
    for (i = 0; i < 8; i++) {
        r.q[i] = a.q[i] & (0 - (uint64_t)((k >> i) & 1u));
    }
    return r;
}

/* In each 128-bit lane, 32-bit element i is element (imm >> 2i) & 3. */
static inline pqsig_emu_m512i emu_shuffle_epi32(pqsig_emu_m512i a, int imm)
{
    pqsig_emu_m512i r;
    uint32_t d[16], o[16];
    unsigned l, i;
    memcpy(d, a.q, sizeof d);
    for (l = 0; l < 4; l++) {
        for (i = 0; i < 4; i++) {
            o[4 * l + i] = d[4 * l + (((unsigned)imm >> (2 * i)) & 3u)];
        }
    }
    memcpy(r.q, o, sizeof o);
    return r;
}

static inline pqsig_emu_m512i emu_or(pqsig_emu_m512i a, pqsig_emu_m512i b)
{
    unsigned i;
    for (i = 0; i < 8; i++) {
        a.q[i] |= b.q[i];
    }
    return a;
}

/* Lane i: a ^ b where bit i of k is set, else src. */
static inline pqsig_emu_m512i emu_mask_xor_epi64(pqsig_emu_m512i src, __mmask8 k, pqsig_emu_m512i a,
                                                 pqsig_emu_m512i b)
{
    unsigned i;
    for (i = 0; i < 8; i++) {
        if ((k >> i) & 1u) {
            src.q[i] = a.q[i] ^ b.q[i];
        }
    }
    return src;
}

static inline pqsig_emu_m512i emu_srli_epi32(pqsig_emu_m512i a, unsigned n)
{
    uint32_t d[16];
    unsigned i;
    memcpy(d, a.q, sizeof d);
    for (i = 0; i < 16; i++) {
        d[i] = n < 32 ? d[i] >> n : 0;
    }
    memcpy(a.q, d, sizeof d);
    return a;
}

/* The low byte of each 64-bit lane of k, to consecutive bytes of p. */
static inline void emu_mask_cvtepi64_storeu_epi8(void *p, __mmask8 k, pqsig_emu_m512i a)
{
    unsigned i;
    for (i = 0; i < 8; i++) {
        if ((k >> i) & 1u) {
            ((uint8_t *)p)[i] = (uint8_t)a.q[i];
        }
    }
}

/* The low byte of each 32-bit lane of k, to consecutive bytes of p. */
static inline void emu_mask_cvtepi32_storeu_epi8(void *p, __mmask16 k, pqsig_emu_m512i a)
{
    uint32_t d[16];
    unsigned i;
    memcpy(d, a.q, sizeof d);
    for (i = 0; i < 16; i++) {
        if ((k >> i) & 1u) {
            ((uint8_t *)p)[i] = (uint8_t)d[i];
        }
    }
}

/* 32 bytes zero-extended to 16-bit lanes. */
static inline pqsig_emu_m512i emu_cvtepu8_epi16(__m256i a)
{
    pqsig_emu_m512i r;
    uint8_t b[32];
    uint16_t w[32];
    unsigned i;
    memcpy(b, &a, sizeof b);
    for (i = 0; i < 32; i++) {
        w[i] = b[i];
    }
    memcpy(r.q, w, sizeof w);
    return r;
}

/* The low 8 bytes zero-extended to 64-bit lanes. */
static inline pqsig_emu_m512i emu_cvtepu8_epi64(__m128i a)
{
    pqsig_emu_m512i r;
    uint8_t b[16];
    unsigned i;
    memcpy(b, &a, sizeof b);
    for (i = 0; i < 8; i++) {
        r.q[i] = b[i];
    }
    return r;
}

#undef _mm512_loadu_si512
#undef _mm512_storeu_si512
#undef _mm512_setzero_si512
#undef _mm512_set_epi64
#undef _mm512_maskz_loadu_epi8
#undef _mm512_mask_storeu_epi8
#undef _mm512_xor_si512
#undef _mm512_and_si512
#undef _mm512_ternarylogic_epi64
#undef _mm512_shuffle_i64x2
/* Every byte equal to x. */
static inline pqsig_emu_m512i emu_set1_epi8(char x)
{
    pqsig_emu_m512i r;
    memset(r.q, (unsigned char)x, sizeof r.q);
    return r;
}

/* Every 16-bit element equal to x. */
static inline pqsig_emu_m512i emu_set1_epi16(short x)
{
    pqsig_emu_m512i r;
    const uint64_t v = (uint64_t)(uint16_t)x;
    unsigned i;
    for (i = 0; i < 8; i++) {
        r.q[i] = v * 0x0001000100010001ull;
    }
    return r;
}

/* Byte 63 first, as the intrinsic. */
static inline pqsig_emu_m512i emu_set_epi8(char e63, char e62, char e61, char e60, char e59, char e58, char e57,
                                           char e56, char e55, char e54, char e53, char e52, char e51, char e50,
                                           char e49, char e48, char e47, char e46, char e45, char e44, char e43,
                                           char e42, char e41, char e40, char e39, char e38, char e37, char e36,
                                           char e35, char e34, char e33, char e32, char e31, char e30, char e29,
                                           char e28, char e27, char e26, char e25, char e24, char e23, char e22,
                                           char e21, char e20, char e19, char e18, char e17, char e16, char e15,
                                           char e14, char e13, char e12, char e11, char e10, char e9, char e8,
                                           char e7, char e6, char e5, char e4, char e3, char e2, char e1, char e0)
{
    const char b[64] = {e0,  e1,  e2,  e3,  e4,  e5,  e6,  e7,  e8,  e9,  e10, e11, e12, e13, e14, e15,
                        e16, e17, e18, e19, e20, e21, e22, e23, e24, e25, e26, e27, e28, e29, e30, e31,
                        e32, e33, e34, e35, e36, e37, e38, e39, e40, e41, e42, e43, e44, e45, e46, e47,
                        e48, e49, e50, e51, e52, e53, e54, e55, e56, e57, e58, e59, e60, e61, e62, e63};
    pqsig_emu_m512i r;
    memcpy(r.q, b, 64);
    return r;
}

/* The low 16 bits of each 16-bit element's product. */
static inline pqsig_emu_m512i emu_mullo_epi16(pqsig_emu_m512i a, pqsig_emu_m512i b)
{
    pqsig_emu_m512i r;
    uint16_t x[32], y[32], o[32];
    unsigned i;
    memcpy(x, a.q, 64);
    memcpy(y, b.q, 64);
    for (i = 0; i < 32; i++) {
        o[i] = (uint16_t)((uint32_t)x[i] * y[i]);
    }
    memcpy(r.q, o, 64);
    return r;
}

/* Lane i: lane idx[i] mod 8 of a. */
static inline pqsig_emu_m512i emu_permutexvar_epi64(pqsig_emu_m512i idx, pqsig_emu_m512i a)
{
    pqsig_emu_m512i r;
    unsigned i;
    for (i = 0; i < 8; i++) {
        r.q[i] = a.q[idx.q[i] & 7u];
    }
    return r;
}

/* Lane i: the word at addr + idx[i] scale where bit i of k is set, else
 * lane i of src (the masked lanes are not read). */
static inline pqsig_emu_m512i emu_mask_i64gather_epi64(pqsig_emu_m512i src, __mmask8 k, pqsig_emu_m512i idx,
                                                       const void *addr, int scale)
{
    pqsig_emu_m512i r = src;
    unsigned i;
    for (i = 0; i < 8; i++) {
        if ((k >> i) & 1u) {
            memcpy(&r.q[i], (const unsigned char *)addr + (long long)idx.q[i] * scale, 8);
        }
    }
    return r;
}

/* In each 128-bit lane, byte i: zero when bit 7 of b[i] is set, else byte
 * b[i] mod 16 of the same lane of a. */
static inline pqsig_emu_m512i emu_shuffle_epi8(pqsig_emu_m512i a, pqsig_emu_m512i b)
{
    pqsig_emu_m512i r;
    uint8_t x[64], y[64], o[64];
    unsigned i;
    memcpy(x, a.q, 64);
    memcpy(y, b.q, 64);
    for (i = 0; i < 64; i++) {
        o[i] = (y[i] & 0x80u) ? 0 : x[(i & ~15u) | (y[i] & 15u)];
    }
    memcpy(r.q, o, 64);
    return r;
}

/* Bit i: lane i of a AND lane i of b is zero. */
static inline __mmask8 emu_testn_epi64_mask(pqsig_emu_m512i a, pqsig_emu_m512i b)
{
    return (__mmask8)~emu_test_epi64_mask(a, b);
}

/* The product in GF(2)[z]/(z^8 + z^4 + z^3 + z + 1), bit by bit. */
static inline unsigned emu_gf2p8_mul_byte(unsigned a, unsigned b)
{
    unsigned r = 0, k;
    for (k = 0; k < 8; k++) {
        r ^= ((b >> k) & 1u) ? a : 0u;
        a = (a << 1) ^ ((a & 0x80u) ? 0x11bu : 0u);
    }
    return r & 0xffu;
}

static inline pqsig_emu_m512i emu_gf2p8mul_epi8(pqsig_emu_m512i a, pqsig_emu_m512i b)
{
    pqsig_emu_m512i r;
    uint8_t x[64], y[64], o[64];
    unsigned i;
    memcpy(x, a.q, 64);
    memcpy(y, b.q, 64);
    for (i = 0; i < 64; i++) {
        o[i] = (uint8_t)emu_gf2p8_mul_byte(x[i], y[i]);
    }
    memcpy(r.q, o, 64);
    return r;
}

/* Each byte's inverse in that field (0 for 0: x^254), then the affine map
 * of emu_gf2p8affine_epi64_epi8. */
static inline pqsig_emu_m512i emu_gf2p8affineinv_epi64_epi8(pqsig_emu_m512i x, pqsig_emu_m512i a, int imm)
{
    uint8_t b[64];
    unsigned i, k;
    memcpy(b, x.q, 64);
    for (i = 0; i < 64; i++) {
        unsigned v = b[i], p = 1;
        for (k = 0; k < 254; k++) {
            p = emu_gf2p8_mul_byte(p, v);
        }
        b[i] = (uint8_t)p;
    }
    memcpy(x.q, b, 64);
    return emu_gf2p8affine_epi64_epi8(x, a, imm);
}

#undef _mm512_gf2p8affine_epi64_epi8
#undef _mm512_maskz_mov_epi64
#undef _mm512_shuffle_epi32
#undef _mm512_permutex2var_epi64
#undef _mm512_srlv_epi64
#undef _mm512_srli_epi64
#undef _mm512_mask_blend_epi64
#undef _mm512_set1_epi64
#undef _mm512_setr_epi64
#undef _mm512_maskz_loadu_epi64
#undef _mm512_mask_storeu_epi64
#undef _mm512_slli_epi64
#undef _mm512_add_epi64
#undef _mm512_test_epi64_mask
#undef _mm512_or_si512
#undef _mm512_mask_xor_epi64
#undef _mm512_srli_epi32
#undef _mm512_mask_cvtepi64_storeu_epi8
#undef _mm512_mask_cvtepi32_storeu_epi8
#undef _mm512_cvtepu8_epi16
#undef _mm512_cvtepu8_epi64
#undef _mm512_set1_epi8
#undef _mm512_set1_epi16
#undef _mm512_set_epi8
#undef _mm512_mullo_epi16
#undef _mm512_permutexvar_epi64
#undef _mm512_mask_i64gather_epi64
#undef _mm512_shuffle_epi8
#undef _mm512_testn_epi64_mask
#undef _mm512_gf2p8mul_epi8
#undef _mm512_gf2p8affineinv_epi64_epi8
#define _mm512_slli_epi64 emu_slli_epi64
#define _mm512_add_epi64 emu_add_epi64
#define _mm512_test_epi64_mask emu_test_epi64_mask
#define _mm512_permutex2var_epi64 emu_permutex2var_epi64
#define _mm512_srlv_epi64 emu_srlv_epi64
#define _mm512_srli_epi64 emu_srli_epi64
#define _mm512_mask_blend_epi64 emu_mask_blend_epi64
#define _mm512_set1_epi64 emu_set1_epi64
#define _mm512_setr_epi64 emu_setr_epi64
#define _mm512_maskz_loadu_epi64 emu_maskz_loadu_epi64
#define _mm512_mask_storeu_epi64 emu_mask_storeu_epi64
#define _mm512_maskz_mov_epi64 emu_maskz_mov_epi64
#define _mm512_shuffle_epi32 emu_shuffle_epi32
#define _mm512_loadu_si512 emu_loadu
#define _mm512_storeu_si512 emu_storeu
#define _mm512_setzero_si512 emu_setzero
#define _mm512_set_epi64 emu_set_epi64
#define _mm512_maskz_loadu_epi8 emu_maskz_loadu_epi8
#define _mm512_mask_storeu_epi8 emu_mask_storeu_epi8
#define _mm512_xor_si512 emu_xor
#define _mm512_and_si512 emu_and
#define _mm512_ternarylogic_epi64 emu_ternarylogic_epi64
#define _mm512_shuffle_i64x2 emu_shuffle_i64x2
#define _mm512_gf2p8affine_epi64_epi8 emu_gf2p8affine_epi64_epi8
#define _mm512_or_si512 emu_or
#define _mm512_mask_xor_epi64 emu_mask_xor_epi64
#define _mm512_srli_epi32 emu_srli_epi32
#define _mm512_mask_cvtepi64_storeu_epi8 emu_mask_cvtepi64_storeu_epi8
#define _mm512_mask_cvtepi32_storeu_epi8 emu_mask_cvtepi32_storeu_epi8
#define _mm512_cvtepu8_epi16 emu_cvtepu8_epi16
#define _mm512_cvtepu8_epi64 emu_cvtepu8_epi64
#define _mm512_set1_epi8 emu_set1_epi8
#define _mm512_set1_epi16 emu_set1_epi16
#define _mm512_set_epi8 emu_set_epi8
#define _mm512_mullo_epi16 emu_mullo_epi16
#define _mm512_permutexvar_epi64 emu_permutexvar_epi64
#define _mm512_mask_i64gather_epi64 emu_mask_i64gather_epi64
#define _mm512_shuffle_epi8 emu_shuffle_epi8
#define _mm512_testn_epi64_mask emu_testn_epi64_mask
#define _mm512_gf2p8mul_epi8 emu_gf2p8mul_epi8
#define _mm512_gf2p8affineinv_epi64_epi8 emu_gf2p8affineinv_epi64_epi8

/* ---- 16-bit lanes (SNOVA odd q's products) ---- */
static inline void emu_words(uint16_t w[32], pqsig_emu_m512i a)
{
    memcpy(w, a.q, 64);
}

static inline pqsig_emu_m512i emu_from_words(const uint16_t w[32])
{
    pqsig_emu_m512i r;
    memcpy(r.q, w, 64);
    return r;
}

/* One operation lane by lane: op 0 add, 1 sub, 3 high half of the
 * unsigned product, 4 vpmaddubsw (a's bytes unsigned, b's signed,
 * the pair sums saturated to signed 16 bits). */
static inline pqsig_emu_m512i emu_op_epi16(pqsig_emu_m512i a, pqsig_emu_m512i b, int op)
{
    uint16_t x[32], y[32], o[32];
    unsigned i;
    emu_words(x, a);
    emu_words(y, b);
    for (i = 0; i < 32; i++) {
        switch (op) {
        case 0:
            o[i] = (uint16_t)(x[i] + y[i]);
            break;
        case 1:
            o[i] = (uint16_t)(x[i] - y[i]);
            break;
        case 3:
            o[i] = (uint16_t)(((uint32_t)x[i] * y[i]) >> 16);
            break;
        default: {
            const int32_t s = (int32_t)(x[i] & 0xffu) * (int8_t)(y[i] & 0xffu) +
                              (int32_t)(x[i] >> 8) * (int8_t)(y[i] >> 8);
            o[i] = (uint16_t)(int16_t)(s > 32767 ? 32767 : s < -32768 ? -32768 : s);
            break;
        }
        }
    }
    return emu_from_words(o);
}

static inline pqsig_emu_m512i emu_add_epi16(pqsig_emu_m512i a, pqsig_emu_m512i b)
{
    return emu_op_epi16(a, b, 0);
}

static inline pqsig_emu_m512i emu_sub_epi16(pqsig_emu_m512i a, pqsig_emu_m512i b)
{
    return emu_op_epi16(a, b, 1);
}

static inline pqsig_emu_m512i emu_mulhi_epu16(pqsig_emu_m512i a, pqsig_emu_m512i b)
{
    return emu_op_epi16(a, b, 3);
}

static inline pqsig_emu_m512i emu_maddubs_epi16(pqsig_emu_m512i a, pqsig_emu_m512i b)
{
    return emu_op_epi16(a, b, 4);
}

/* Shifts of every 16-bit lane by n < 16: left, and right arithmetic. */
static inline pqsig_emu_m512i emu_slli_epi16(pqsig_emu_m512i a, unsigned n)
{
    uint16_t w[32];
    unsigned i;
    emu_words(w, a);
    for (i = 0; i < 32; i++) {
        w[i] = (uint16_t)(w[i] << n);
    }
    return emu_from_words(w);
}

static inline pqsig_emu_m512i emu_srai_epi16(pqsig_emu_m512i a, unsigned n)
{
    uint16_t w[32];
    unsigned i;
    emu_words(w, a);
    for (i = 0; i < 32; i++) {
        w[i] = (uint16_t)(w[i] & 0x8000u ? 0xffffu - ((0xffffu - w[i]) >> n) : (unsigned)w[i] >> n);
    }
    return emu_from_words(w);
}

#undef _mm512_add_epi16
#undef _mm512_sub_epi16
#undef _mm512_mulhi_epu16
#undef _mm512_maddubs_epi16
#undef _mm512_slli_epi16
#undef _mm512_srai_epi16
#define _mm512_add_epi16 emu_add_epi16
#define _mm512_sub_epi16 emu_sub_epi16
#define _mm512_mulhi_epu16 emu_mulhi_epu16
#define _mm512_maddubs_epi16 emu_maddubs_epi16
#define _mm512_slli_epi16 emu_slli_epi16
#define _mm512_srai_epi16 emu_srai_epi16

/* ---- 64-bit words and 256-bit halves (SNOVA odd q's block stage) ---- */
/* imm8 picks, for each word of each 256-bit half, a word of that half. */
static inline pqsig_emu_m512i emu_permutex_epi64(pqsig_emu_m512i a, int imm)
{
    pqsig_emu_m512i r;
    unsigned h, i;
    for (h = 0; h < 2; h++) {
        for (i = 0; i < 4; i++) {
            r.q[4 * h + i] = a.q[4 * h + (((unsigned)imm >> (2 * i)) & 3u)];
        }
    }
    return r;
}

/* Within each 128-bit lane: the low (high) words of a and b. */
static inline pqsig_emu_m512i emu_unpack_epi64(pqsig_emu_m512i a, pqsig_emu_m512i b, unsigned high)
{
    pqsig_emu_m512i r;
    unsigned l;
    for (l = 0; l < 4; l++) {
        r.q[2 * l] = a.q[2 * l + high];
        r.q[2 * l + 1] = b.q[2 * l + high];
    }
    return r;
}

static inline pqsig_emu_m512i emu_unpacklo_epi64(pqsig_emu_m512i a, pqsig_emu_m512i b)
{
    return emu_unpack_epi64(a, b, 0);
}

static inline pqsig_emu_m512i emu_unpackhi_epi64(pqsig_emu_m512i a, pqsig_emu_m512i b)
{
    return emu_unpack_epi64(a, b, 1);
}

static inline pqsig_emu_m512i emu_broadcast_i64x4(__m256i a)
{
    pqsig_emu_m512i r;
    memcpy(r.q, &a, 32);
    memcpy(r.q + 4, &a, 32);
    return r;
}

/* The upper half undefined in the instruction: zero here. */
static inline pqsig_emu_m512i emu_castsi256_si512(__m256i a)
{
    pqsig_emu_m512i r = emu_setzero();
    memcpy(r.q, &a, 32);
    return r;
}

static inline pqsig_emu_m512i emu_inserti64x4(pqsig_emu_m512i a, __m256i b, int half)
{
    memcpy(a.q + 4 * (half & 1), &b, 32);
    return a;
}

static inline __m256i emu_extracti64x4_epi64(pqsig_emu_m512i a, int half)
{
    __m256i r;
    memcpy(&r, a.q + 4 * (half & 1), 32);
    return r;
}

static inline __m256i emu_castsi512_si256(pqsig_emu_m512i a)
{
    return emu_extracti64x4_epi64(a, 0);
}

#undef _mm512_permutex_epi64
#undef _mm512_unpacklo_epi64
#undef _mm512_unpackhi_epi64
#undef _mm512_broadcast_i64x4
#undef _mm512_castsi256_si512
#undef _mm512_inserti64x4
#undef _mm512_extracti64x4_epi64
#undef _mm512_castsi512_si256
#define _mm512_permutex_epi64 emu_permutex_epi64
#define _mm512_unpacklo_epi64 emu_unpacklo_epi64
#define _mm512_unpackhi_epi64 emu_unpackhi_epi64
#define _mm512_broadcast_i64x4 emu_broadcast_i64x4
#define _mm512_castsi256_si512 emu_castsi256_si512
#define _mm512_inserti64x4 emu_inserti64x4
#define _mm512_extracti64x4_epi64 emu_extracti64x4_epi64
#define _mm512_castsi512_si256 emu_castsi512_si256

/* ---- 32-bit words (SNOVA odd q's pair rows) ---- */
static inline pqsig_emu_m512i emu_setr_epi32(int e0, int e1, int e2, int e3, int e4, int e5, int e6, int e7, int e8,
                                             int e9, int e10, int e11, int e12, int e13, int e14, int e15)
{
    const int32_t d[16] = {e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12, e13, e14, e15};
    pqsig_emu_m512i r;
    memcpy(r.q, d, 64);
    return r;
}

/* Word i: word idx[i] mod 32 of the 32 words of a then b. */
static inline pqsig_emu_m512i emu_permutex2var_epi32(pqsig_emu_m512i a, pqsig_emu_m512i idx, pqsig_emu_m512i b)
{
    uint32_t x[32], ix[16], o[16];
    pqsig_emu_m512i r;
    unsigned i;
    memcpy(x, a.q, 64);
    memcpy(x + 16, b.q, 64);
    memcpy(ix, idx.q, 64);
    for (i = 0; i < 16; i++) {
        o[i] = x[ix[i] & 31u];
    }
    memcpy(r.q, o, 64);
    return r;
}

/* 16 bytes in each 128-bit lane. */
static inline pqsig_emu_m512i emu_broadcast_i32x4(__m128i a)
{
    pqsig_emu_m512i r;
    unsigned l;
    for (l = 0; l < 4; l++) {
        memcpy(r.q + 2 * l, &a, 16);
    }
    return r;
}

#undef _mm512_setr_epi32
#undef _mm512_permutex2var_epi32
#undef _mm512_broadcast_i32x4
#define _mm512_setr_epi32 emu_setr_epi32
#define _mm512_permutex2var_epi32 emu_permutex2var_epi32
#define _mm512_broadcast_i32x4 emu_broadcast_i32x4

/* ---- 32-bit lanes and VNNI (SNOVA odd q's products by VPDPBUSD) ---- */
static inline pqsig_emu_m512i emu_from_dwords(const uint32_t d[16])
{
    pqsig_emu_m512i r;
    memcpy(r.q, d, 64);
    return r;
}

/* Each 32-bit lane += the sum of the products of its four bytes of a
 * (unsigned) and of b (signed), wrapping (VPDPBUSD: no saturation). */
static inline pqsig_emu_m512i emu_dpbusd_epi32(pqsig_emu_m512i src, pqsig_emu_m512i a, pqsig_emu_m512i b)
{
    uint32_t s[16];
    uint8_t x[64], y[64];
    unsigned i, j;
    memcpy(s, src.q, 64);
    memcpy(x, a.q, 64);
    memcpy(y, b.q, 64);
    for (i = 0; i < 16; i++) {
        int64_t t = 0;
        for (j = 0; j < 4; j++) {
            t += (int64_t)x[4 * i + j] * (int8_t)y[4 * i + j];
        }
        s[i] = (uint32_t)((int64_t)s[i] + t);
    }
    return emu_from_dwords(s);
}

/* 16 unsigned elements of `size` bytes at p, each widened to a 32-bit lane. */
static inline pqsig_emu_m512i emu_widen_epu32(const void *p, unsigned size)
{
    uint32_t d[16];
    unsigned i;
    for (i = 0; i < 16; i++) {
        d[i] = 0;
        memcpy(&d[i], (const uint8_t *)p + size * i, size); /* little-endian */
    }
    return emu_from_dwords(d);
}

static inline pqsig_emu_m512i emu_cvtepu8_epi32(__m128i a)
{
    return emu_widen_epu32(&a, 1);
}

static inline pqsig_emu_m512i emu_cvtepu16_epi32(__m256i a)
{
    return emu_widen_epu32(&a, 2);
}

/* The low 16 bits of each 32-bit lane (VPMOVDW: truncation). */
static inline __m256i emu_cvtepi32_epi16(pqsig_emu_m512i a)
{
    uint32_t d[16];
    uint16_t w[16];
    __m256i r;
    unsigned i;
    memcpy(d, a.q, 64);
    for (i = 0; i < 16; i++) {
        w[i] = (uint16_t)d[i];
    }
    memcpy(&r, w, 32);
    return r;
}

static inline pqsig_emu_m512i emu_slli_epi32(pqsig_emu_m512i a, unsigned n)
{
    uint32_t d[16];
    unsigned i;
    memcpy(d, a.q, 64);
    for (i = 0; i < 16; i++) {
        d[i] = n < 32 ? d[i] << n : 0;
    }
    return emu_from_dwords(d);
}

static inline pqsig_emu_m512i emu_add_epi32(pqsig_emu_m512i a, pqsig_emu_m512i b)
{
    uint32_t x[16], y[16];
    unsigned i;
    memcpy(x, a.q, 64);
    memcpy(y, b.q, 64);
    for (i = 0; i < 16; i++) {
        x[i] += y[i];
    }
    return emu_from_dwords(x);
}

static inline pqsig_emu_m512i emu_set1_epi32(int v)
{
    uint32_t d[16];
    unsigned i;
    for (i = 0; i < 16; i++) {
        d[i] = (uint32_t)v;
    }
    return emu_from_dwords(d);
}

/* AVX-512VL+BW masked loads and stores on 128 and 256 bits: element i
 * (of `size` bytes) read or written only when mask bit i is set; a load's
 * other elements are zero. */
static inline void emu_masked_copy(void *dst, const void *src, uint32_t k, unsigned n, unsigned size)
{
    unsigned i;
    for (i = 0; i < n; i++) {
        if ((k >> i) & 1u) {
            memcpy((uint8_t *)dst + size * i, (const uint8_t *)src + size * i, size);
        }
    }
}

static inline __m128i emu_mm_maskz_loadu_epi8(__mmask16 k, const void *p)
{
    __m128i r = _mm_setzero_si128();
    emu_masked_copy(&r, p, k, 16, 1);
    return r;
}

static inline __m256i emu_mm256_maskz_loadu_epi16(__mmask16 k, const void *p)
{
    __m256i r = _mm256_setzero_si256();
    emu_masked_copy(&r, p, k, 16, 2);
    return r;
}

static inline void emu_mm256_mask_storeu_epi16(void *p, __mmask16 k, __m256i a)
{
    emu_masked_copy(p, &a, k, 16, 2);
}

#undef _mm512_dpbusd_epi32
#undef _mm512_cvtepu8_epi32
#undef _mm512_cvtepu16_epi32
#undef _mm512_cvtepi32_epi16
#undef _mm512_slli_epi32
#undef _mm512_add_epi32
#undef _mm512_set1_epi32
#undef _mm_maskz_loadu_epi8
#undef _mm256_maskz_loadu_epi16
#undef _mm256_mask_storeu_epi16
#define _mm512_dpbusd_epi32 emu_dpbusd_epi32
#define _mm512_cvtepu8_epi32 emu_cvtepu8_epi32
#define _mm512_cvtepu16_epi32 emu_cvtepu16_epi32
#define _mm512_cvtepi32_epi16 emu_cvtepi32_epi16
#define _mm512_slli_epi32 emu_slli_epi32
#define _mm512_add_epi32 emu_add_epi32
#define _mm512_set1_epi32 emu_set1_epi32
#define _mm_maskz_loadu_epi8 emu_mm_maskz_loadu_epi8
#define _mm256_maskz_loadu_epi16 emu_mm256_maskz_loadu_epi16
#define _mm256_mask_storeu_epi16 emu_mm256_mask_storeu_epi16

#endif
