/* SNOVA, odd prime q, AVX-512 VNNI: the two products of native/api.h
 * (snova_gfq_mul, snova_gfq_mul_pairs) by VPDPBUSD.
 *
 * One VPDPBUSD adds to each 32-bit lane the dot product of its four bytes
 * with four bytes of another vector: with four rows of x packed in a lane
 * (x[4p][c] .. x[4p + 3][c], the column c) and the four matching elements
 * of a's row broadcast, it adds four products to 16 columns in one
 * instruction, its own accumulation included. avx2's kernel (and the
 * 512-bit form of it this replaced) pairs two rows in a 16-bit lane and
 * needs a VPMADDUBSW and an add for two products of 16 (32) columns; the
 * Intel Xeon of 2026-12-03 runs any of these at about two a cycle, so the
 * products take about half the instructions and time.
 *
 * The rows of x are packed by blocks of up to Q_QUADS quads for a strip of
 * up to Q_STRIP columns (the level-1 widths v l = 76 and 84 are one strip
 * of five and six vectors); Q_QUADS keeps every lane's sum of a block below
 * 2^16 - GFQ_FOLD_MAX (4 Q_QUADS products of two elements, at most
 * SNOVA_GFQ_CHUNK), so each block ends with the 16-bit reduction and sum
 * of avx2's kernel: the results are the twin's bit for bit. The block
 * (28 quads of 96 columns, 10.5 KiB) stays below avx2's 11.4 KiB, which
 * the _temp forms' 16 KiB stack is sized for. Two sets of accumulators
 * take alternate quads, so that two VPDPBUSD of a column group are in
 * flight (each waits for its accumulator).
 *
 * Products of at most 16 columns (verification's Z, signing's D), and
 * every product on a CPU without AVX-512 VNNI, run avx2's kernel: one
 * 16-column vector a row leaves the VPDPBUSD chain too little to overlap.
 * No branch or address depends on an element, only on the public sizes;
 * the packed block, made from x (which may be secret), is wiped. */
#include <immintrin.h>
#include <string.h>

#include "common/cpu.h"
#include "snova/native/api.h"
#include "snova/native/x86_64_avx2/meta.h"
#include "snova/native/x86_64_avx512/meta.h"

#if SNOVA_Q != 16
#include "snova/gfq/scalar.h"
#include "snova/native/x86_64_avx2/gfq_lanes.h"

#define QV 6u                /* vectors of 16 columns a strip, at most */
#define Q_STRIP (16u * QV)   /* columns of a strip */
#define Q_QUADS (SNOVA_GFQ_CHUNK / 4u < 28u ? SNOVA_GFQ_CHUNK / 4u : 28u)
#define NARROW_COLS 16u

typedef char gfq_vnni_quads_ok[Q_QUADS >= 1 ? 1 : -1];

/* The first k of 16 lanes (k <= 16). */
static inline __mmask16 first16(unsigned k)
{
    return (__mmask16)_bzhi_u32(0xffffu, k);
}

/* 16 bytes at p as the 32-bit lanes' byte `sh` (0, 8, 16, 24), lanes from
 * k on zero and not read. */
#define BYTES_AT(p, m, sh) _mm512_slli_epi32(_mm512_cvtepu8_epi32(_mm_maskz_loadu_epi8((m), (p))), (sh))

/* xq[p][c] = x[4p][c] | x[4p + 1][c] << 8 | x[4p + 2][c] << 16 |
 * x[4p + 3][c] << 24 for p < nq, rows past `left` zero, c < width, and
 * zero up to 16 nv columns; rows of x xs bytes apart. */
static void pack_quads(uint32_t xq[Q_QUADS][Q_STRIP], const uint8_t *x, size_t xs, unsigned width,
                       unsigned left, unsigned nq, unsigned nv)
{
    unsigned p, c;
    for (p = 0; p < nq; p++) {
        const uint8_t *x0 = x + 4 * (size_t)p * xs;
        const unsigned nr = left - 4 * p < 4 ? left - 4 * p : 4;
        for (c = 0; c < 16 * nv; c += 16) {
            const __mmask16 m = first16(c < width ? (width - c < 16 ? width - c : 16) : 0);
            __m512i v = _mm512_cvtepu8_epi32(_mm_maskz_loadu_epi8(m, x0 + c));
            if (nr > 1) {
                v = _mm512_or_si512(v, BYTES_AT(x0 + xs + c, m, 8));
            }
            if (nr > 2) {
                v = _mm512_or_si512(v, BYTES_AT(x0 + 2 * xs + c, m, 16));
            }
            if (nr > 3) {
                v = _mm512_or_si512(v, BYTES_AT(x0 + 3 * xs + c, m, 24));
            }
            _mm512_storeu_si512((void *)(xq[p] + c), v);
        }
    }
}

/* The same from pair rows (api.h): quad p joins pair rows 2p and 2p + 1
 * (the second zero when np, the pairs left, ends before it), their words
 * past width not read. */
static void pack_quads_pairs(uint32_t xq[Q_QUADS][Q_STRIP], const uint16_t *xp, size_t xps, unsigned width,
                             unsigned np, unsigned nq, unsigned nv)
{
    unsigned p, c;
    for (p = 0; p < nq; p++) {
        const uint16_t *p0 = xp + 2 * (size_t)p * xps;
        for (c = 0; c < 16 * nv; c += 16) {
            const __mmask16 m = first16(c < width ? (width - c < 16 ? width - c : 16) : 0);
            __m512i v = _mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(m, p0 + c));
            if (2 * p + 1 < np) {
                v = _mm512_or_si512(v, _mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(m, p0 + xps + c)),
                                                         16));
            }
            _mm512_storeu_si512((void *)(xq[p] + c), v);
        }
    }
}

/* The four elements m .. m + 3 of a's row (a_cs apart, zero from `inner`
 * on, not read there) as one broadcast 32-bit word. */
static inline __m512i quad_bcast(const uint8_t *a, size_t a_cs, unsigned m, unsigned inner)
{
    uint32_t w = 0;
    unsigned i;
    if (a_cs == 1 && m + 4 <= inner) {
        memcpy(&w, a + m, 4);
    } else {
        for (i = 0; i < 4 && m + i < inner; i++) {
            w |= (uint32_t)a[(size_t)(m + i) * a_cs] << (8 * i);
        }
    }
    return _mm512_set1_epi32((int)w);
}

/* o[c .. width) = (o + s mod q) mod q for the 16 columns from c (s < 2^16
 * in each 32-bit lane), nothing past width read or written. */
static inline void finish16(uint16_t *o, unsigned c, unsigned width, __m512i s)
{
    const __mmask16 m = first16(width - c < 16 ? width - c : 16);
    const __m256i q = _mm256_set1_epi16(SNOVA_Q);
    __m256i v = _mm256_add_epi16(_mm256_maskz_loadu_epi16(m, o + c), red16_v(_mm512_cvtepi32_epi16(s)));
    v = _mm256_min_epu16(v, _mm256_sub_epi16(v, q));
    _mm256_mask_storeu_epi16(o + c, m, v);
}

#define DP(acc, v, b) acc##v = _mm512_dpbusd_epi32(acc##v, _mm512_loadu_si512((const void *)(xr + 16 * (v))), (b))
#define DP_ALL(acc, b)                                                                                     \
    do {                                                                                                   \
        DP(acc, 0, b);                                                                                     \
        if (nv > 1)                                                                                        \
            DP(acc, 1, b);                                                                                 \
        if (nv > 2)                                                                                        \
            DP(acc, 2, b);                                                                                 \
        if (nv > 3)                                                                                        \
            DP(acc, 3, b);                                                                                 \
        if (nv > 4)                                                                                        \
            DP(acc, 4, b);                                                                                 \
        if (nv > 5)                                                                                        \
            DP(acc, 5, b);                                                                                 \
    } while (0)
#define FIN(v)                                                                                             \
    do {                                                                                                   \
        if (nv > (v))                                                                                      \
            finish16(o, 16 * (v), width, _mm512_add_epi32(e##v, f##v));                                    \
    } while (0)

/* The strip (width columns from out) of out's rows += a's elements m0 ..
 * m0 + 4 nq - 1 times the block's quads (xq, Q_STRIP lanes a quad row);
 * nv a constant in each instance. */
static inline __attribute__((always_inline)) void mul_block(uint16_t *out, size_t os, const uint8_t *a, size_t a_rs,
                                                            size_t a_cs, unsigned rows, unsigned m0, unsigned inner,
                                                            unsigned nq, const uint32_t *xq, unsigned width,
                                                            const unsigned nv)
{
    unsigned r, p;
    for (r = 0; r < rows; r++) {
        const uint8_t *ar = a + (size_t)r * a_rs;
        uint16_t *o = out + (size_t)r * os;
        __m512i e0 = _mm512_setzero_si512(), e1 = e0, e2 = e0, e3 = e0, e4 = e0, e5 = e0;
        __m512i f0 = e0, f1 = e0, f2 = e0, f3 = e0, f4 = e0, f5 = e0;
        for (p = 0; p + 2 <= nq; p += 2) { /* quad p into e, quad p + 1 into f */
            const __m512i b0 = quad_bcast(ar, a_cs, m0 + 4 * p, inner);
            const __m512i b1 = quad_bcast(ar, a_cs, m0 + 4 * p + 4, inner);
            const uint32_t *xr = xq + (size_t)p * Q_STRIP;
            DP_ALL(e, b0);
            xr += Q_STRIP;
            DP_ALL(f, b1);
        }
        if (p < nq) {
            const __m512i b0 = quad_bcast(ar, a_cs, m0 + 4 * p, inner);
            const uint32_t *xr = xq + (size_t)p * Q_STRIP;
            DP_ALL(e, b0);
        }
        FIN(0);
        FIN(1);
        FIN(2);
        FIN(3);
        FIN(4);
        FIN(5);
    }
}

#define NV_CASE(n)                                                                                         \
    case n:                                                                                                \
        mul_block(out, os, a, a_rs, a_cs, rows, m0, inner, nq, xq, width, n);                              \
        break

static void mul_block_nv(uint16_t *out, size_t os, const uint8_t *a, size_t a_rs, size_t a_cs, unsigned rows,
                         unsigned m0, unsigned inner, unsigned nq, const uint32_t *xq, unsigned width, unsigned nv)
{
    switch (nv) {
        NV_CASE(1);
        NV_CASE(2);
        NV_CASE(3);
        NV_CASE(4);
        NV_CASE(5);
    default:
        mul_block(out, os, a, a_rs, a_cs, rows, m0, inner, nq, xq, width, QV);
        break;
    }
}

/* The written part of the block wiped (it is made from x, which may be
 * secret), as vector stores kept by an asm that claims to read them. */
static void wipe_quads(uint32_t xq[Q_QUADS][Q_STRIP], unsigned nq, unsigned nv)
{
    unsigned p, j;
    for (p = 0; p < nq; p++) {
        for (j = 0; j < nv; j++) {
            _mm512_storeu_si512((void *)(xq[p] + 16 * j), _mm512_setzero_si512());
            __asm__ __volatile__("" : : "r"(xq[p]) : "memory");
        }
    }
}

/* VPDPBUSD is AVX-512 VNNI, outside the avx512 kernel set's own
 * requirements (F, BW, VL, GFNI); the emulation has it. */
static int have_vnni(void)
{
#if defined(PQSIG_KSET_EMULATED_AVX512)
    return 1;
#else
    return (pqsig_cpu_features() & PQSIG_CPU_AVX512VNNI) != 0;
#endif
}

void snova_avx512_gfq_mul(uint16_t *out, size_t os, const uint8_t *a, size_t a_rs, size_t a_cs, unsigned rows,
                          unsigned inner, const uint8_t *x, size_t xs, unsigned cols)
{
    uint32_t xq[Q_QUADS][Q_STRIP];
    unsigned c0, m0, packed = 0, packed_nv = 0;
    if (cols <= NARROW_COLS || !have_vnni()) {
        snova_avx2_gfq_mul(out, os, a, a_rs, a_cs, rows, inner, x, xs, cols);
        return;
    }
    if (rows == 0 || inner == 0) {
        return;
    }
    for (c0 = 0; c0 < cols; c0 += Q_STRIP) {
        const unsigned width = cols - c0 < Q_STRIP ? cols - c0 : Q_STRIP, nv = (width + 15) / 16;
        for (m0 = 0; m0 < inner; m0 += 4 * Q_QUADS) {
            const unsigned left = inner - m0, nq = left >= 4 * Q_QUADS ? Q_QUADS : (left + 3) / 4;
            pack_quads(xq, x + (size_t)m0 * xs + c0, xs, width, left, nq, nv);
            mul_block_nv(out + c0, os, a + (size_t)m0 * a_cs, a_rs, a_cs, rows, 0, left, nq, &xq[0][0], width, nv);
            packed = nq > packed ? nq : packed;
            packed_nv = nv > packed_nv ? nv : packed_nv;
        }
    }
    wipe_quads(xq, packed, packed_nv);
}

void snova_avx512_gfq_mul_pairs(uint16_t *out, size_t os, const uint8_t *a, size_t a_rs, unsigned rows,
                                unsigned inner, const uint16_t *xq_in, size_t xps, unsigned cols)
{
    uint32_t xq[Q_QUADS][Q_STRIP];
    unsigned c0, m0, packed = 0, packed_nv = 0;
    if (cols <= NARROW_COLS || !have_vnni()) {
        snova_avx2_gfq_mul_pairs(out, os, a, a_rs, rows, inner, xq_in, xps, cols);
        return;
    }
    if (rows == 0) {
        return;
    }
    for (c0 = 0; c0 < cols; c0 += Q_STRIP) {
        const unsigned width = cols - c0 < Q_STRIP ? cols - c0 : Q_STRIP, nv = (width + 15) / 16;
        for (m0 = 0; m0 < inner; m0 += 4 * Q_QUADS) {
            const unsigned left = inner - m0, nq = left >= 4 * Q_QUADS ? Q_QUADS : (left + 3) / 4;
            pack_quads_pairs(xq, xq_in + (size_t)(m0 / 2) * xps + c0, xps, width, left / 2, nq, nv);
            mul_block_nv(out + c0, os, a + m0, a_rs, 1, rows, 0, left, nq, &xq[0][0], width, nv);
            packed = nq > packed ? nq : packed;
            packed_nv = nv > packed_nv ? nv : packed_nv;
        }
    }
    wipe_quads(xq, packed, packed_nv);
}
#else
/* A q = 16 shape: nothing here (ISO C wants a declaration). */
typedef int snova_avx512_gfq_mul_vnni_none;
#endif
