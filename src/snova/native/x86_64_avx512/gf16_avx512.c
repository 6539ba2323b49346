/* SNOVA, GF(16), AVX-512: the avx2 kernels of ../x86_64_avx2/gf16_avx2.c
 * (linear combination, block stage for l = 4) compiled again
 * under the avx512 names of meta.h, with this directory's ISA flags. Their
 * bitsliced products are chains of `acc ^= x & mask`; with AVX-512VL the
 * compiler fuses each pair into one vpternlogq on the same 256-bit
 * vectors, and the rest of the code is the avx2 code: the same operations
 * on the same data, so the twins' results and the avx2 kernels'
 * constant-time shape (no branch or address from a secret). The product
 * with the public matrix is this file's own (below); the linear
 * combination of a block's rows (gf16_lincomb_avx512.c), the block stage
 * for l = 2 (gf16_rows2_avx512.c) and the solver (gf16_solve_avx512.c)
 * have files of their own. */
#include <immintrin.h>
#include <string.h>

#include "common/cpu.h"
#include "common/native.h"
#include "snova/native/api.h"
#include "snova/native/x86_64_avx2/meta.h"
#include "snova/native/x86_64_avx512/meta.h"

#if SNOVA_Q == 16
#undef snova_avx2_gf16_lincomb
#undef snova_avx2_gf16_rows
#define snova_avx2_gf16_lincomb snova_avx512_gf16_lincomb
#define snova_avx2_gf16_rows snova_avx512_gf16_rows4 /* l = 4; gf16_rows2_avx512.c has the entry */
#define SNOVA_GF16_OWN_SOLVE /* gf16_solve_avx512.c */
#define SNOVA_GF16_OWN_PMAT
#define SNOVA_GF16_OWN_LINCOMB_ROWS /* gf16_lincomb_avx512.c */
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

/* ---- P X for rows of three to five words (key generation) ----
 * With nw-word entries a table is 2 nw registers and a word's lookup would
 * take several permutes and blends. So the tables are regrouped, a chunk
 * at a time, into word planes: plane w of a table (word w of its 16
 * entries) is two registers, and a lookup of one word of eight rows is one
 * VPERMT2Q, as with one-word rows. Lanes as above: l = 4 two block rows
 * (lane 4i + r), l = 2 four block rows (lane 2i + r). The nw accumulators
 * of a group of eight rows go back to row order (word w of row i at word
 * i nw + w, by masked permutes of constant indices) and into out once per
 * chunk. The chunk is PLANE_SLOTS / nw tables, a multiple of l (5 KiB of
 * planes); the tables' contents only move through registers and the
 * plane area, the matrix's PUBLIC elements pick from them. */
#define PLANE_MAXW 5u
#define PLANE_SLOTS 40u /* table planes held at once */

/* The planes of the table at t: pl[2w], pl[2w + 1] = word w of entries
 * 0..7 and 8..15. Word e nw + w of a half lies in register (e nw + w) / 8
 * of its nw; VPERMT2Q covers two registers, VPERMQ one. */
static inline void make_planes(__m512i *pl, const uint64_t *t, const unsigned nw)
{
    unsigned h, w, z;
    for (h = 0; h < 2u; h++) {
        __m512i zr[PLANE_MAXW];
        for (z = 0; z < nw; z++) {
            zr[z] = _mm512_loadu_si512((const void *)(t + 8u * (nw * h + z)));
        }
        for (w = 0; w < nw; w++) {
            long long a8[8];
            unsigned m16 = 0, m32 = 0, e;
            __m512i a, r;
            for (e = 0; e < 8u; e++) {
                a8[e] = (long long)(e * nw + w);
                m16 |= (e * nw + w >= 16u) << e;
                m32 |= (e * nw + w >= 32u) << e;
            }
            a = _mm512_loadu_si512((const void *)a8);
            r = _mm512_permutex2var_epi64(zr[0], a, zr[1]);
            r = _mm512_mask_blend_epi64((__mmask8)m16, r,
                                        _mm512_permutex2var_epi64(zr[2], a, zr[nw >= 4u ? 3 : 2]));
            if (nw >= 5u) {
                r = _mm512_mask_blend_epi64((__mmask8)m32, r, _mm512_permutex2var_epi64(zr[4], a, zr[4]));
            }
            pl[2 * w + h] = r;
        }
    }
}

/* The constant indices and masks of flush_planes: output register z,
 * lane c holds word m = 8z + c, i.e. word m mod nw of row m / nw. */
typedef struct {
    __m512i ix[PLANE_MAXW];
    __mmask8 mw[PLANE_MAXW][PLANE_MAXW];
} plane_order;

static void plane_order_init(plane_order *po, const unsigned nw)
{
    unsigned z, w, c;
    for (z = 0; z < nw; z++) {
        long long ix[8];
        for (c = 0; c < 8u; c++) {
            ix[c] = (long long)((8u * z + c) / nw);
        }
        po->ix[z] = _mm512_loadu_si512((const void *)ix);
        for (w = 0; w < nw; w++) {
            unsigned mw = 0;
            for (c = 0; c < 8u; c++) {
                mw |= (unsigned)((8u * z + c) % nw == w) << c;
            }
            po->mw[z][w] = (__mmask8)mw;
        }
    }
}

/* out (rows 0 .. nrows - 1 of nw words, nrows <= 8) ^= acc, row i's word w
 * in lane i of acc[w]. */
static inline void flush_planes(uint64_t *out, const __m512i *acc, const plane_order *po, unsigned nrows,
                                const unsigned nw)
{
    const unsigned words = nrows * nw;
    unsigned z, w;
    for (z = 0; z < nw && 8u * z < words; z++) {
        __m512i r = _mm512_setzero_si512();
        const __mmask8 k = (__mmask8)(words >= 8u * z + 8u ? 0xffu : (1u << (words - 8u * z)) - 1u);
        for (w = 0; w < nw; w++) {
            r = _mm512_mask_blend_epi64(po->mw[z][w], r, _mm512_permutex2var_epi64(acc[w], po->ix[z], acc[w]));
        }
        _mm512_mask_storeu_epi64(out + 8u * z, k, _mm512_xor_si512(_mm512_maskz_loadu_epi64(k, out + 8u * z), r));
    }
}

/* A 4 x 4 block of nibbles (row r in bits 16 r ..) transposed: swap the
 * off-diagonal elements of each 2 x 2 quarter, then the off-diagonal
 * quarters. */
static inline uint64_t block_t4(uint64_t x)
{
    uint64_t t = ((x >> 12) ^ x) & 0x0000f0f00000f0f0ull;
    x ^= t ^ (t << 12);
    t = ((x >> 24) ^ x) & 0x00000000ff00ff00ull;
    return x ^ t ^ (t << 24);
}

/* Block (j, k) of P (tr = 0) or of P^t (tr = 1: block (k, j) of P
 * transposed); P has cb block columns. */
static inline uint64_t block4(const uint8_t *buf, size_t nib0, unsigned cb, unsigned j, unsigned k, const int tr)
{
    return tr ? block_t4(block_word(buf, nib0, cb, k, j)) : block_word(buf, nib0, cb, j, k);
}

static inline uint16_t block2(const uint8_t *p, unsigned cb, unsigned j, unsigned k, const int tr)
{
    uint16_t b;
    memcpy(&b, p + ((size_t)(tr ? k : j) * cb + (tr ? j : k)) * 2u, 2);
    /* the transpose of a 2 x 2 block swaps its nibbles 1 and 2 */
    if (tr)
        b = (uint16_t)((b & 0xf00fu) | ((b >> 4) & 0x00f0u) | ((b << 4) & 0x0f00u));
    return b;
}

/* out ^= Q X for Q = P (tr = 0) or P^t (tr = 1), P of rb x cb blocks at
 * nibble nib0 of buf, tabx the tables of the rows of X. */
static inline void pmat_px_planes(const uint8_t *buf, size_t nib0, unsigned prb, unsigned pcb, uint64_t *out,
                                  const uint64_t *tabx, const unsigned l, const unsigned nw, const int tr)
{
    const unsigned rb = tr ? pcb : prb, cb = tr ? prb : pcb; /* Q's block rows and columns */
    __m512i pl[2 * PLANE_SLOTS];
    plane_order po;
    const __m512i by_row = _mm512_setr_epi64(0, 16, 32, 48, 0, 16, 32, 48);
    const __m512i sh_c0 = _mm512_setr_epi64(0, 8, 16, 24, 32, 40, 48, 56);
    const __m512i sh_c1 = _mm512_setr_epi64(4, 12, 20, 28, 36, 44, 52, 60);
    const uint8_t *p = buf + nib0 / 2u;
    const unsigned kc = PLANE_SLOTS / nw / l, gb = 8u / l; /* block columns a chunk, block rows a group */
    unsigned k0, kn, t, j, n, k, c, w;
    plane_order_init(&po, nw);
    for (k0 = 0; k0 < cb; k0 += kc) {
        kn = cb - k0 < kc ? cb - k0 : kc;
        for (t = 0; t < kn * l; t++) {
            make_planes(pl + 2u * nw * t, tabx + ((size_t)k0 * l + t) * 16u * nw, nw);
        }
        for (j = 0; j < rb; j += gb) {
            __m512i acc[PLANE_MAXW];
            n = rb - j < gb ? rb - j : gb;
            for (w = 0; w < nw; w++) {
                acc[w] = _mm512_setzero_si512();
            }
            for (k = 0; k < kn; k++) {
                const __m512i *pk = pl + 2u * nw * l * k;
                if (l == 2u) {
                    uint64_t q = 0;
                    unsigned i;
                    __m512i qv, ix0, ix1;
                    for (i = 0; i < n; i++) {
                        q |= (uint64_t)block2(p, pcb, j + i, k0 + k, tr) << (16 * i);
                    }
                    qv = _mm512_set1_epi64((long long)q);
                    ix0 = _mm512_srlv_epi64(qv, sh_c0);
                    ix1 = _mm512_srlv_epi64(qv, sh_c1);
                    for (w = 0; w < nw; w++) {
                        acc[w] = _mm512_ternarylogic_epi64(
                            acc[w], _mm512_permutex2var_epi64(pk[2 * w], ix0, pk[2 * w + 1]),
                            _mm512_permutex2var_epi64(pk[2 * (nw + w)], ix1, pk[2 * (nw + w) + 1]), 0x96);
                    }
                } else {
                    const __m512i qr = two_blocks(block4(buf, nib0, pcb, j, k0 + k, tr),
                                                  block4(buf, nib0, pcb, n == 2u ? j + 1 : j, k0 + k, tr), by_row);
                    for (c = 0; c < 4u; c++) { /* column c of the blocks: nibble c of each row */
                        const __m512i ix = _mm512_srli_epi64(qr, (unsigned)(4 * c));
                        const __m512i *pc = pk + 2u * nw * c;
                        for (w = 0; w < nw; w++) {
                            acc[w] = _mm512_xor_si512(acc[w],
                                                      _mm512_permutex2var_epi64(pc[2 * w], ix, pc[2 * w + 1]));
                        }
                    }
                }
            }
            flush_planes(out + (size_t)j * l * nw, acc, &po, n * l, nw);
        }
    }
}

#define PX_PLANES(L, NW)                                                                                   \
    static FLATTEN void pmat_px_##L##_##NW(const uint8_t *buf, size_t nib0, unsigned rb, unsigned cb, uint64_t *out, \
                                           const uint64_t *tabx, int tr)                                     \
    {                                                                                                        \
        if (tr) {                                                                                            \
            pmat_px_planes(buf, nib0, rb, cb, out, tabx, L, NW, 1);                                          \
        } else {                                                                                             \
            pmat_px_planes(buf, nib0, rb, cb, out, tabx, L, NW, 0);                                          \
        }                                                                                                    \
    }
PX_PLANES(2, 3)
PX_PLANES(2, 4)
PX_PLANES(2, 5)
PX_PLANES(4, 3)
PX_PLANES(4, 4)
PX_PLANES(4, 5)

/* ---- Odd l (3, 5): rows of one or two words ----
 * A block row of P is unpacked to one element a byte, then laid out as
 * its l rows of P (row r of every block side by side: row j l + r of P,
 * cb l elements). P^t Y: lanes are eight consecutive columns m of P, the
 * output rows m; an input row j l + r adds its table (one for all lanes:
 * VPERMT2Q) at the eight elements of its row, read as they lie. P X: lanes
 * are eight consecutive columns of one row of P, each with the table of its
 * own row of X, so a lookup is a gather (VPGATHERQQ) of eight words at
 * public addresses, the table of column m at m 16 nw words; the eight
 * lanes' sums are folded into the output row once a row. The elements of
 * P are PUBLIC: they are indices and addresses here as in the twin; the
 * tables hold secret rows and are only loaded and selected from. */
#define ODD_MAXE (SNOVA_GF16_MAX_STRIP + 128u) /* elements of a block row, and slack */
#define ODD_MAXC (SNOVA_GF16_MAX_STRIP / 3u + 16u) /* columns of P (cb l <= MAX_STRIP / l) */

/* count nibbles of buf from nibble n, one a byte, into e (count + 8
 * bytes written, and up to 63 more); reads only the bytes that hold them
 * (the last part through a copy). 64 nibbles a step: 32 bytes widened to
 * 16-bit lanes, each lane's two nibbles moved to its two bytes. */
static inline void odd_unpack(uint8_t *e, const uint8_t *buf, size_t n, size_t count)
{
    const uint8_t *b = buf + n / 2u;
    const size_t nb = (n % 2u + count + 1u) / 2u; /* bytes that hold them */
    const __m512i lo = _mm512_set1_epi16(0x000f), hi = _mm512_set1_epi16(0x0f00);
    uint8_t *o = e, tail[32];
    size_t k;
    for (k = 0; k < nb; k += 32) {
        __m256i v;
        __m512i x;
        if (k + 32u <= nb) {
            v = _mm256_loadu_si256((const __m256i *)(const void *)(b + k));
        } else {
            memset(tail, 0, sizeof tail);
            memcpy(tail, b + k, nb - k);
            v = _mm256_loadu_si256((const __m256i *)(const void *)tail);
        }
        x = _mm512_cvtepu8_epi16(v);
        x = _mm512_or_si512(_mm512_and_si512(x, lo), _mm512_and_si512(_mm512_slli_epi64(x, 4), hi));
        _mm512_storeu_si512((void *)(o + 2u * k), x);
    }
    if (n % 2u != 0) { /* the first nibble is the high half of its byte */
        memmove(o, o + 1, count);
    }
    memset(o + count, 0, 8);
}

/* Block row j's l rows of P into rowb (nc = cb l elements each, then 8
 * zeros). Not vectorised: GCC turns the strided 8-byte copies into
 * scatters, several times slower than the copies. */
PQSIG_NO_LOOP_VECTORIZE
static void odd_rows(uint8_t (*rowb)[ODD_MAXC], uint8_t *e, const uint8_t *buf, size_t n, unsigned cb, unsigned l)
{
    const unsigned l2 = l * l, nc = cb * l;
    unsigned r, k;
    odd_unpack(e, buf, n, (size_t)cb * l2);
    for (r = 0; r < l; r++) {
        for (k = 0; k < cb; k++) { /* l bytes, copied as 8 (the next block's overwrite the rest) */
            memcpy(&rowb[r][k * l], &e[k * l2 + r * l], 8);
        }
        memset(&rowb[r][nc], 0, 8); /* the lanes past the last column */
    }
}

static inline void pmat_odd(const uint8_t *buf, size_t nib0, unsigned rb, unsigned cb, uint64_t *out,
                            const uint64_t *tabx, uint64_t *outt, const uint64_t *taby, const unsigned l,
                            const unsigned nw)
{
    const unsigned nc = cb * l; /* columns of P */
    const size_t strip = (size_t)cb * l * l;
    const __m512i lane = _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7);
    uint8_t e[ODD_MAXE], rowb[5][ODD_MAXC];
    unsigned j, r, m, w;
    for (j = 0; j < rb; j++) {
        odd_rows(rowb, e, buf, nib0 + j * strip, cb, l);
        if (out != NULL) {
            for (r = 0; r < l; r++) {
                __m512i acc[2] = {_mm512_setzero_si512(), _mm512_setzero_si512()};
                uint64_t *o = out + (size_t)(j * l + r) * nw;
                for (m = 0; m < nc; m += 8) {
                    const __mmask8 kl = (__mmask8)(nc - m >= 8u ? 0xffu : (1u << (nc - m)) - 1u);
                    const __m512i ix = _mm512_cvtepu8_epi64(_mm_loadl_epi64((const __m128i *)(const void *)&rowb[r][m]));
                    /* word w of entry ix of column m's table: (m 16 + ix) nw + w */
                    const __m512i col = _mm512_add_epi64(_mm512_set1_epi64((long long)m), lane);
                    __m512i at = _mm512_add_epi64(_mm512_slli_epi64(col, 4), ix);
                    if (nw == 2u) {
                        at = _mm512_slli_epi64(at, 1);
                    }
                    for (w = 0; w < nw; w++) {
                        acc[w] = _mm512_xor_si512(acc[w], _mm512_mask_i64gather_epi64(_mm512_setzero_si512(), kl, at,
                                                                                       (const void *)(tabx + w), 8));
                    }
                }
                for (w = 0; w < nw; w++) {
                    uint64_t t[8], x;
                    unsigned i;
                    _mm512_storeu_si512((void *)t, acc[w]);
                    x = t[0];
                    for (i = 1; i < 8u; i++) {
                        x ^= t[i];
                    }
                    o[w] ^= x;
                }
            }
        }
        if (outt != NULL) {
            const uint64_t *ty = taby + (size_t)j * l * 16u * nw;
            for (m = 0; m < nc; m += 8) {
                const unsigned n = nc - m < 8u ? nc - m : 8u;
                __m512i a[2] = {_mm512_setzero_si512(), _mm512_setzero_si512()};
                for (r = 0; r < l; r++) {
                    const __m512i ix = _mm512_cvtepu8_epi64(_mm_loadl_epi64((const __m128i *)(const void *)&rowb[r][m]));
                    for (w = 0; w < nw; w++) {
                        a[w] = _mm512_xor_si512(a[w], table_at(ty + (size_t)r * 16u * nw, ix, w, nw));
                    }
                }
                xor_lanes(outt + (size_t)m * nw, a, n, nw);
            }
        }
    }
}

#define PMAT_ODD(L, NW)                                                                                              \
    static PQSIG_FLATTEN void pmat_odd_##L##_##NW(const uint8_t *buf, size_t nib0, unsigned rb, unsigned cb,       \
                                                   uint64_t *out, const uint64_t *tabx, uint64_t *outt,             \
                                                   const uint64_t *taby)                                            \
    {                                                                                                                \
        pmat_odd(buf, nib0, rb, cb, out, tabx, outt, taby, L, NW);                                                   \
    }
PMAT_ODD(3, 1)
PMAT_ODD(3, 2)
PMAT_ODD(5, 1)
PMAT_ODD(5, 2)

int snova_avx512_gf16_pmat(const uint8_t *buf, size_t nib0, unsigned rb, unsigned cb, unsigned l, uint64_t *out,
                           const uint64_t *tabx, uint64_t *outt, const uint64_t *taby, unsigned nw)
{
    typedef void (*px_fn)(const uint8_t *, size_t, unsigned, unsigned, uint64_t *, const uint64_t *, int);
    static const px_fn px[2][3] = {{pmat_px_2_3, pmat_px_2_4, pmat_px_2_5}, {pmat_px_4_3, pmat_px_4_4, pmat_px_4_5}};
    if (l == 3u || l == 5u) { /* public sizes */
        /* P X gathers each column's table (VPGATHERQQ) and sums every row
         * across lanes. On a CPU that runs 512-bit operations and gathers
         * in halves (AMD Zen 4) that lost to the portable product, except
         * where P^t Y of one word a row shares the row unpacking: with it,
         * key generation and verification took 1.07-1.26x avx2's time at
         * l = 3 and 5, without it 0.95-1.01x (signing 0.83-0.93x). */
        const int gathers = out != NULL && (outt == NULL || nw != 1u);
        typedef void (*odd_fn)(const uint8_t *, size_t, unsigned, unsigned, uint64_t *, const uint64_t *,
                               uint64_t *, const uint64_t *);
        static const odd_fn odd[2][2] = {{pmat_odd_3_1, pmat_odd_3_2}, {pmat_odd_5_1, pmat_odd_5_2}};
        if (nw < 1u || nw > 2u || (size_t)cb * l * l > SNOVA_GF16_MAX_STRIP ||
            (gathers && (pqsig_cpu_traits() & PQSIG_CPU_TRAIT_ZMM_HALVES))) {
            return PQSIG_NATIVE_FALLBACK;
        }
        odd[l / 5u][nw - 1u](buf, nib0, rb, cb, out, tabx, outt, taby);
        return PQSIG_NATIVE_OK;
    }
    if ((l != 4u && l != 2u) || nib0 % 2u != 0) { /* public sizes */
        return PQSIG_NATIVE_FALLBACK;
    }
    if (nw > 2u) { /* key generation: P X, and P^t Y (round-2 ESK) as P^t read block by block */
        if (nw > PLANE_MAXW) {
            return PQSIG_NATIVE_FALLBACK;
        }
        if (out != NULL) {
            px[l / 4u][nw - 3u](buf, nib0, rb, cb, out, tabx, 0);
        }
        if (outt != NULL) {
            px[l / 4u][nw - 3u](buf, nib0, rb, cb, outt, taby, 1);
        }
        return PQSIG_NATIVE_OK;
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
