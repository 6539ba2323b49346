/* SNOVA, GF(16), AVX2: the public-matrix product of native/api.h for
 * l = 2 (snova_gf16_pmat), rows of any number of words, from a byte
 * boundary.
 *
 * A block of P is two bytes (row r in byte r, element c in nibble c), so
 * every element of P is a 4-bit index, and a product is a lookup in a
 * 16-entry table of multiples of a row of X or Y. Here the tables are
 * turned into byte planes: plane b holds byte b of the 16 entries of one
 * word, so that one vpshufb looks up byte b for 16 indices at once. A
 * 256-bit vector carries two tables (one per 128-bit half) and 16 indices
 * for each; both halves add into the same 16 output rows, whose byte
 * planes are accumulated in a work area, transposed back into rows, folded
 * (the halves added) and XORed into the output at the end.
 *   P X:   rows (j, r) of out, tables (k, c) of X; the halves hold the
 *          tables of block columns k and k + 1, the indices of block rows
 *          j .. j + 7 (gathered: they lie a block row apart).
 *   P^t Y: rows (k, c) of outt, tables (j, r) of Y; the halves hold the
 *          tables of rows r = 0 and 1 of block row j, the indices of block
 *          columns k .. k + 7 (16 consecutive bytes).
 * Measured against the twin (rdtsc, one call, 48 x 48 blocks on an Intel
 * Xeon with AVX-512): P X 0.47x the time with rows of one word, 0.82x
 * with two, 1.03x with three, and slower for few block rows (17 x 48:
 * 1.4x at two words), the 32 byte planes of a pair of tables being
 * remade per word for only 2 rb lookups each; P^t Y 0.51-0.72x. The
 * caller (gf16_avx2.c) sends P X here for rows of one word only.
 * The indices are elements of the PUBLIC matrix; the tables, made from
 * rows that may be secret, are read whole into registers, so no address
 * and no branch depends on them. */
#include <immintrin.h>
#include <string.h>

#include "common/native/x86_64/transpose_avx2.h"
#include "snova/native/api.h"
#include "snova/native/x86_64_avx2/meta.h"

#if SNOVA_Q == 16

typedef __m256i v256;

#define GROUPS 16u /* groups of 8 blocks (16 output rows) per pass */

/* Bytes b and b + 8 of each half side by side, and back. */
static inline v256 pair_bytes(void)
{
    return _mm256_setr_epi8(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15, 0, 8, 1, 9, 2, 10, 3, 11, 4, 12,
                            5, 13, 6, 14, 7, 15);
}

static inline v256 unpair_bytes(void)
{
    return _mm256_setr_epi8(0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15, 0, 2, 4, 6, 8, 10, 12, 14, 1, 3,
                            5, 7, 9, 11, 13, 15);
}

/* Byte planes of word 0 of two tables of 16 entries nw words apart: plane
 * b, half 0 = byte b of the entries of t0, half 1 = those of t1 (zero
 * when t1 is NULL): each entry pair's bytes interleaved (16-bit unit b:
 * byte b of entries 2i, 2i + 1), then an 8 x 8 transposition of the
 * units. */
static inline void planes2(v256 tp[8], const uint64_t *t0, const uint64_t *t1, unsigned nw)
{
    v256 x[8];
    unsigned i;
    for (i = 0; i < 8; i++) {
        const size_t e = 2u * i * nw;
        x[i] = _mm256_shuffle_epi8(_mm256_setr_epi64x((long long)t0[e], (long long)t0[e + nw],
                                                      t1 != NULL ? (long long)t1[e] : 0,
                                                      t1 != NULL ? (long long)t1[e + nw] : 0),
                                   pair_bytes());
    }
    pqsig_avx2_transpose8x16(tp, x);
}

/* acc (8 planes of 16 rows, both halves) ^= the lookups of idx */
static inline void lookup8(v256 *acc, const v256 tp[8], v256 idx)
{
    unsigned b;
    for (b = 0; b < 8; b++) {
        acc[b] = _mm256_xor_si256(acc[b], _mm256_shuffle_epi8(tp[b], idx));
    }
}

/* Word 0 of rows base .. base + 15 (those below nrows) ^= the group's
 * planes: planes2 backwards (the transposition gives unit u of rows 2u,
 * 2u + 1 interleaved, which unpair_bytes separates), both halves added. */
static void flush_group(uint64_t *rows, unsigned base, unsigned nrows, unsigned nw, const v256 *acc)
{
    v256 o[8];
    uint64_t r[16];
    unsigned i;
    pqsig_avx2_transpose8x16(o, acc);
    for (i = 0; i < 8; i++) {
        const v256 v = _mm256_shuffle_epi8(o[i], unpair_bytes());
        _mm_storeu_si128((__m128i *)(void *)(r + 2 * i),
                         _mm_xor_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1)));
    }
    for (i = 0; i < 16 && base + i < nrows; i++) {
        rows[(size_t)(base + i) * nw] ^= r[i];
    }
}

/* P X: out rows 2 j + r for the block rows j0 .. j0 + nj - 1 (nj <= 8
 * GROUPS), word w. cb >= 2. */
static void px_pass(const uint8_t *p, unsigned rb, unsigned cb, unsigned j0, unsigned nj, uint64_t *out,
                    const uint64_t *tabx, unsigned nw, unsigned w, v256 *acc)
{
    /* bytes 0, 1 of each 32-bit lane to the first qword of its half, bytes
     * 2, 3 to the second (the odd last block column: only bytes 2, 3) */
    const v256 sel_pair = _mm256_setr_epi8(0, 1, 4, 5, 8, 9, 12, 13, 2, 3, 6, 7, 10, 11, 14, 15, 0, 1, 4, 5, 8, 9,
                                           12, 13, 2, 3, 6, 7, 10, 11, 14, 15);
    const v256 sel_last = _mm256_setr_epi8(2, 3, 6, 7, 10, 11, 14, 15, -1, -1, -1, -1, -1, -1, -1, -1, 2, 3, 6, 7,
                                           10, 11, 14, 15, -1, -1, -1, -1, -1, -1, -1, -1);
    const v256 m15 = _mm256_set1_epi8(15);
    const unsigned ng = (nj + 7u) / 8u;
    unsigned k, c, g, jj;
    int offs[GROUPS][8];
    memset(acc, 0, (size_t)ng * 8u * sizeof(v256));
    for (g = 0; g < ng; g++) {
        for (jj = 0; jj < 8; jj++) {
            /* rows past the end read the last block row again (not stored) */
            unsigned j = j0 + 8u * g + jj;
            j = j < rb ? j : rb - 1u;
            offs[g][jj] = (int)(2u * j * cb);
        }
    }
    for (k = 0; k < cb; k += 2) {
        const int last = k + 1u == cb; /* cb is public */
        /* the last odd column reads its block as the second of a pair */
        const int back = last ? 2 : 0;
        const v256 sel = last ? sel_last : sel_pair;
        for (c = 0; c < 2; c++) {
            v256 tp[8];
            const uint64_t *t0 = tabx + (size_t)(2u * k + c) * 16u * nw + w;
            planes2(tp, t0, last ? NULL : t0 + (size_t)32u * nw, nw);
            for (g = 0; g < ng; g++) {
                const v256 o = _mm256_add_epi32(_mm256_loadu_si256((const v256 *)(const void *)offs[g]),
                                                _mm256_set1_epi32((int)(2u * k) - back));
                v256 v = _mm256_i32gather_epi32((const int *)(const void *)p, o, 1);
                v = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(v, sel), 0xD8);
                v = c == 0 ? _mm256_and_si256(v, m15) : _mm256_and_si256(_mm256_srli_epi16(v, 4), m15);
                lookup8(acc + 8u * g, tp, v);
            }
        }
    }
    for (g = 0; g < ng; g++) {
        flush_group(out + w, 2u * (j0 + 8u * g), 2u * rb, nw, acc + 8u * g);
    }
}

/* P^t Y: outt rows 2 k + c for the block columns k0 .. k0 + nk - 1 (nk <=
 * 8 GROUPS), word w. */
static void pty_pass(const uint8_t *p, unsigned rb, unsigned cb, unsigned k0, unsigned nk, uint64_t *outt,
                     const uint64_t *taby, unsigned nw, unsigned w, v256 *acc)
{
    /* half 0: byte 2 i (row r = 0 of block i) in both bytes of 16-bit
     * lane i; half 1: byte 2 i + 1 (row 1) */
    const v256 sel = _mm256_setr_epi8(0, 0, 2, 2, 4, 4, 6, 6, 8, 8, 10, 10, 12, 12, 14, 14, 1, 1, 3, 3, 5, 5, 7, 7,
                                      9, 9, 11, 11, 13, 13, 15, 15);
    const v256 lo = _mm256_set1_epi16(0x000F), hi = _mm256_set1_epi16(0x0F00);
    const size_t total = (size_t)rb * cb * 2u;
    const unsigned ng = (nk + 7u) / 8u;
    unsigned j, g;
    memset(acc, 0, (size_t)ng * 8u * sizeof(v256));
    for (j = 0; j < rb; j++) {
        v256 tp[8];
        const uint64_t *t0 = taby + (size_t)(2u * j) * 16u * nw + w;
        planes2(tp, t0, t0 + (size_t)16u * nw, nw);
        for (g = 0; g < ng; g++) {
            const size_t at = 2u * ((size_t)j * cb + k0 + 8u * g);
            __m128i b;
            v256 v;
            if (at + 16u <= total) {
                b = _mm_loadu_si128((const __m128i *)(const void *)(p + at));
            } else {
                /* the end of the matrix: what is left of it (the blocks
                 * past column cb are not stored) */
                uint8_t tmp[16] = {0};
                memcpy(tmp, p + at, total - at);
                b = _mm_loadu_si128((const __m128i *)(const void *)tmp);
            }
            v = _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(b), sel);
            /* low byte: the low nibble (c = 0); high byte: the high one */
            v = _mm256_or_si256(_mm256_and_si256(v, lo), _mm256_and_si256(_mm256_srli_epi16(v, 4), hi));
            lookup8(acc + 8u * g, tp, v);
        }
    }
    for (g = 0; g < ng; g++) {
        flush_group(outt + w, 2u * (k0 + 8u * g), 2u * cb, nw, acc + 8u * g);
    }
}

void snova_avx2_gf16_pmat2(const uint8_t *p, unsigned rb, unsigned cb, uint64_t *out, const uint64_t *tabx,
                           uint64_t *outt, const uint64_t *taby, unsigned nw)
{
    v256 acc[GROUPS * 8];
    unsigned w, s;
    for (w = 0; w < nw; w++) {
        for (s = 0; out != NULL && s < rb; s += 8u * GROUPS) {
            px_pass(p, rb, cb, s, rb - s < 8u * GROUPS ? rb - s : 8u * GROUPS, out, tabx, nw, w, acc);
        }
        for (s = 0; outt != NULL && s < cb; s += 8u * GROUPS) {
            pty_pass(p, rb, cb, s, cb - s < 8u * GROUPS ? cb - s : 8u * GROUPS, outt, taby, nw, w, acc);
        }
    }
}

#else
/* An odd-q shape: nothing here (ISO C wants a declaration). */
typedef int snova_avx2_gf16_pmat2_none;
#endif
