/* SNOVA, GF(16), AVX-512: the avx2 kernels of ../x86_64_avx2/gf16_avx2.c
 * (linear combinations, solver, block stage) compiled again under the
 * avx512 names of meta.h, with this directory's ISA flags. Their bitsliced
 * products are chains of `acc ^= x & mask`; with AVX-512VL the compiler
 * fuses each pair into one vpternlogq on the same 256-bit vectors, and the
 * rest of the code is the avx2 code: the same operations on the same
 * data, so the twins' results and the avx2 kernels' constant-time shape
 * (no branch or address from a secret). The product with the public
 * matrix is this file's own (below). */
#include <immintrin.h>
#include <string.h>

#include "snova/native/api.h"
#include "snova/native/x86_64_avx2/meta.h"
#include "snova/native/x86_64_avx512/meta.h"

#if SNOVA_Q == 16
#undef snova_avx2_gf16_lincomb
#undef snova_avx2_gf16_lincomb_rows
#undef snova_avx2_gf16_solve
#undef snova_avx2_gf16_rows
#define snova_avx2_gf16_lincomb snova_avx512_gf16_lincomb
#define snova_avx2_gf16_lincomb_rows snova_avx512_gf16_lincomb_rows
#define snova_avx2_gf16_solve snova_avx512_gf16_solve
#define snova_avx2_gf16_rows snova_avx512_gf16_rows
#define SNOVA_GF16_OWN_PMAT
/* the tables: avx2's kernel serves the avx512 set too (../meta.h) */
#define SNOVA_GF16_NO_TABLE
#endif
#include "snova/native/x86_64_avx2/gf16_avx2.c"

#if SNOVA_Q == 16
/* ---- Public matrix times tables, l = 4, rows of one or two words ----
 * A table of 16 one-word entries is two registers, so a lookup is one
 * VPERMT2Q of eight lanes (its index is the low 4 bits of each lane: the
 * nibble needs no mask) in place of avx2's gathers; with two-word entries
 * (entry e at words 2e, 2e + 1) a word's lookup is two VPERMT2Q over four
 * registers and a blend on bit 4 of the index. P X: block rows j and
 * j + 1 in lanes 0..3 and 4..7 (their rows r); P^t Y: block columns k and
 * k + 1 (their columns c); an odd last one runs alone in lanes 0..3. As in
 * avx2's, the indices are elements of the PUBLIC matrix; the tables (of
 * secret rows) are read whole, and only selected from at them. */

/* Word w of entries ix (lanes' low 4 bits) of the table at t (nw words
 * an entry). */
static inline __m512i table_at(const uint64_t *t, __m512i ix, unsigned w, const unsigned nw)
{
    const __m512i t0 = _mm512_loadu_si512((const void *)t), t1 = _mm512_loadu_si512((const void *)(t + 8));
    __m512i lo, hi;
    if (nw == 1u) {
        return _mm512_permutex2var_epi64(t0, ix, t1);
    }
    ix = _mm512_add_epi64(_mm512_slli_epi64(_mm512_and_si512(ix, _mm512_set1_epi64(15)), 1),
                          _mm512_set1_epi64((long long)w));
    lo = _mm512_permutex2var_epi64(t0, ix, t1);
    hi = _mm512_permutex2var_epi64(_mm512_loadu_si512((const void *)(t + 16)), ix,
                                   _mm512_loadu_si512((const void *)(t + 24)));
    return _mm512_mask_blend_epi64(_mm512_test_epi64_mask(ix, _mm512_set1_epi64(16)), lo, hi);
}

/* The words of blocks q0 (lanes 0..3) and q1 (lanes 4..7), each lane's
 * shifted by sh. */
static inline __m512i two_blocks(uint64_t q0, uint64_t q1, __m512i sh)
{
    return _mm512_srlv_epi64(_mm512_mask_blend_epi64((__mmask8)0xf0, _mm512_set1_epi64((long long)q0),
                                                     _mm512_set1_epi64((long long)q1)),
                             sh);
}

static inline uint64_t block_word(const uint8_t *buf, size_t nib0, unsigned cb, unsigned j, unsigned k)
{
    uint64_t q;
    memcpy(&q, buf + (nib0 + ((size_t)j * cb + k) * 16u) / 2u, 8);
    return q;
}

/* dst ^= rows 0 .. n - 1 (n <= 8) of nw words, row i's word w in lane i of
 * a[w]. */
static inline void xor_lanes(uint64_t *dst, const __m512i a[2], unsigned n, const unsigned nw)
{
    if (nw == 1u) {
        const __mmask8 k = (__mmask8)((1u << n) - 1u);
        _mm512_mask_storeu_epi64(dst, k, _mm512_xor_si512(_mm512_maskz_loadu_epi64(k, dst), a[0]));
    } else {
        const __m512i lo = _mm512_permutex2var_epi64(a[0], _mm512_setr_epi64(0, 8, 1, 9, 2, 10, 3, 11), a[1]);
        const __m512i hi = _mm512_permutex2var_epi64(a[0], _mm512_setr_epi64(4, 12, 5, 13, 6, 14, 7, 15), a[1]);
        const __mmask8 klo = (__mmask8)(n >= 4u ? 0xffu : (1u << (2u * n)) - 1u);
        _mm512_mask_storeu_epi64(dst, klo, _mm512_xor_si512(_mm512_maskz_loadu_epi64(klo, dst), lo));
        if (n > 4u) {
            const __mmask8 khi = (__mmask8)((1u << (2u * (n - 4u))) - 1u);
            _mm512_mask_storeu_epi64(dst + 8, khi, _mm512_xor_si512(_mm512_maskz_loadu_epi64(khi, dst + 8), hi));
        }
    }
}

static inline void pmat_perm(const uint8_t *buf, size_t nib0, unsigned rb, unsigned cb, uint64_t *out,
                             const uint64_t *tabx, uint64_t *outt, const uint64_t *taby, const unsigned nw)
{
    const __m512i by_row = _mm512_setr_epi64(0, 16, 32, 48, 0, 16, 32, 48);
    const __m512i by_col = _mm512_setr_epi64(0, 4, 8, 12, 0, 4, 8, 12);
    unsigned j, k, c, r, w;
    if (out != NULL) {
        for (j = 0; j < rb; j += 2) {
            const int two = j + 1 < rb;
            const unsigned j1 = two ? j + 1 : j;
            __m512i acc[2] = {_mm512_setzero_si512(), _mm512_setzero_si512()};
            for (k = 0; k < cb; k++) {
                const __m512i qr = two_blocks(block_word(buf, nib0, cb, j, k), block_word(buf, nib0, cb, j1, k),
                                              by_row);
                const uint64_t *tk = tabx + (size_t)k * 64u * nw;
                for (c = 0; c < 4; c++) { /* column c of the blocks: nibble c of each row */
                    const __m512i ix = _mm512_srli_epi64(qr, (unsigned)(4 * c));
                    for (w = 0; w < nw; w++) {
                        acc[w] = _mm512_xor_si512(acc[w], table_at(tk + 16 * nw * c, ix, w, nw));
                    }
                }
            }
            xor_lanes(out + (size_t)j * 4u * nw, acc, two ? 8u : 4u, nw);
        }
    }
    if (outt != NULL) {
        for (j = 0; j < rb; j++) {
            const uint64_t *ty = taby + (size_t)j * 64u * nw;
            for (k = 0; k < cb; k += 2) {
                const int two = k + 1 < cb;
                const unsigned k1 = two ? k + 1 : k;
                const __m512i qc = two_blocks(block_word(buf, nib0, cb, j, k), block_word(buf, nib0, cb, j, k1),
                                              by_col);
                __m512i a[2] = {_mm512_setzero_si512(), _mm512_setzero_si512()};
                for (r = 0; r < 4; r++) { /* row r of the blocks: bits 16 r .. of each column's word */
                    const __m512i ix = _mm512_srli_epi64(qc, (unsigned)(16 * r));
                    for (w = 0; w < nw; w++) {
                        a[w] = _mm512_xor_si512(a[w], table_at(ty + 16 * nw * r, ix, w, nw));
                    }
                }
                xor_lanes(outt + (size_t)k * 4u * nw, a, two ? 8u : 4u, nw);
            }
        }
    }
}

/* ---- The same for l = 2 ----
 * A block is 2 bytes (row r in byte r, element c in nibble c). Eight lanes
 * are four blocks' two rows (P X: block rows j0 .. j0 + 3 of one block
 * column, lane 2i + r for row r of block row j0 + i) or two columns (P^t Y:
 * block columns k0 .. k0 + 3 of one block row, lane 2i + c), so a lookup is
 * table_at's one permute (two with two-word rows) for eight rows. The
 * blocks' bytes are public; fewer than four blocks at the end of a block
 * column or row leave the missing lanes' indices 0 and their rows
 * unwritten. */

static inline void pmat2_perm(const uint8_t *buf, size_t nib0, unsigned rb, unsigned cb, uint64_t *out,
                              const uint64_t *tabx, uint64_t *outt, const uint64_t *taby, const unsigned nw)
{
    /* lane 2i + r (P X) or 2i + c (P^t Y) of block i's 16 bits */
    const __m512i sh_c0 = _mm512_setr_epi64(0, 8, 16, 24, 32, 40, 48, 56);
    const __m512i sh_c1 = _mm512_setr_epi64(4, 12, 20, 28, 36, 44, 52, 60);
    const __m512i sh_r0 = _mm512_setr_epi64(0, 4, 16, 20, 32, 36, 48, 52);
    const __m512i sh_r1 = _mm512_setr_epi64(8, 12, 24, 28, 40, 44, 56, 60);
    const uint8_t *p = buf + nib0 / 2u;
    const size_t strip = (size_t)cb * 2u; /* bytes of a block row */
    unsigned j, k, i, n, w;
    if (out != NULL) {
        for (j = 0; j < rb; j += 4) {
            __m512i acc[2] = {_mm512_setzero_si512(), _mm512_setzero_si512()};
            n = rb - j < 4u ? rb - j : 4u;
            for (k = 0; k < cb; k++) {
                const uint64_t *tk = tabx + (size_t)k * 32u * nw;
                uint64_t q = 0;
                __m512i qv, ix0, ix1;
                for (i = 0; i < n; i++) {
                    uint16_t b;
                    memcpy(&b, p + (size_t)(j + i) * strip + 2u * k, 2);
                    q |= (uint64_t)b << (16 * i);
                }
                qv = _mm512_set1_epi64((long long)q);
                ix0 = _mm512_srlv_epi64(qv, sh_c0);
                ix1 = _mm512_srlv_epi64(qv, sh_c1);
                for (w = 0; w < nw; w++) {
                    acc[w] = _mm512_xor_si512(acc[w], _mm512_xor_si512(table_at(tk, ix0, w, nw),
                                                                       table_at(tk + 16 * nw, ix1, w, nw)));
                }
            }
            xor_lanes(out + (size_t)j * 2u * nw, acc, 2u * n, nw);
        }
    }
    if (outt != NULL) {
        for (j = 0; j < rb; j++) {
            const uint64_t *ty = taby + (size_t)j * 32u * nw;
            for (k = 0; k < cb; k += 4) {
                __m512i a[2] = {_mm512_setzero_si512(), _mm512_setzero_si512()};
                uint64_t q = 0;
                __m512i qv, ix0, ix1;
                n = cb - k < 4u ? cb - k : 4u;
                memcpy(&q, p + (size_t)j * strip + 2u * k, 2u * n);
                qv = _mm512_set1_epi64((long long)q);
                ix0 = _mm512_srlv_epi64(qv, sh_r0);
                ix1 = _mm512_srlv_epi64(qv, sh_r1);
                for (w = 0; w < nw; w++) {
                    a[w] = _mm512_xor_si512(table_at(ty, ix0, w, nw), table_at(ty + 16 * nw, ix1, w, nw));
                }
                xor_lanes(outt + (size_t)k * 2u * nw, a, 2u * n, nw);
            }
        }
    }
}

int snova_avx512_gf16_pmat(const uint8_t *buf, size_t nib0, unsigned rb, unsigned cb, unsigned l, uint64_t *out,
                           const uint64_t *tabx, uint64_t *outt, const uint64_t *taby, unsigned nw)
{
    if ((l != 4u && l != 2u) || nw > 2u || nib0 % 2u != 0) { /* public sizes */
        return PQSIG_NATIVE_FALLBACK;
    }
    if (l == 2u) {
        if (nw == 2u) {
            pmat2_perm(buf, nib0, rb, cb, out, tabx, outt, taby, 2);
        } else {
            pmat2_perm(buf, nib0, rb, cb, out, tabx, outt, taby, 1);
        }
    } else if (nw == 2u) {
        pmat_perm(buf, nib0, rb, cb, out, tabx, outt, taby, 2);
    } else {
        pmat_perm(buf, nib0, rb, cb, out, tabx, outt, taby, 1);
    }
    return PQSIG_NATIVE_OK;
}
#endif
