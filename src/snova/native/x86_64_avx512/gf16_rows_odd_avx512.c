/* SNOVA, GF(16), AVX-512BW: the block stage of the linear system
 * (native/api.h, snova_gf16_rows) for odd l (3, 5), eight oil blocks t at
 * once.
 *
 * The portable body (gf16/rows.h) works one block t at a time on words of
 * four 16-bit lanes: an element is a nibble in the low bits of a lane, a
 * product is the lane times a "spread" factor (bits 0, 4, 8, 12), which no
 * lane overflows, folded back to a nibble later. Here every such word
 * becomes a 512-bit vector holding that word for eight blocks t (one per
 * 64-bit element), so the same operations run on eight blocks at once:
 * a product of lanes is VPMULLW (the lanes' products fit their 16 bits, as
 * in the word), an element taken from a lane and multiplied into a word is
 * a VPSHUFB that copies the lane across its word first. The factors that
 * come from the term (A, B, Q1, Q2, q1, q2) are the same for all blocks
 * and are made once per term, as the body makes them. The blocks' inputs
 * (L, R) are gathered eight at a time at public addresses, and the
 * accumulators live in the caller's work area with the blocks innermost
 * (word k of block t at work[k o + t]; o blocks, masked loads and stores
 * for the last group). So the results are the body's, bit for bit.
 *
 * Constant time: L, R (secret) and everything made from them are only
 * loaded, multiplied, XORed and stored, at addresses and in loops fixed by
 * the public sizes; ABQ and S are public in every SNOVA version. */
#include <immintrin.h>
#include <string.h>

#include "common/cpu.h"
#include "common/native.h"
#include "snova/gf16/scalar.h"
#include "snova/native/api.h"
#include "snova/native/x86_64_avx512/meta.h"

#if SNOVA_Q == 16
#include "snova/gf16/rows_term.h"

/* The lanes of each 64-bit element: fold of four spread accumulators
 * (gf16_fold_lanes on every word). */
static inline __m512i fold_v(__m512i v)
{
    const __m512i m4 = _mm512_set1_epi64(0x000f000f000f000fll), m3 = _mm512_set1_epi64(0x0007000700070007ll);
    __m512i p = _mm512_and_si512(v, m4), h;
    p = _mm512_xor_si512(p, _mm512_slli_epi64(_mm512_and_si512(_mm512_srli_epi64(v, 4), m4), 1));
    p = _mm512_xor_si512(p, _mm512_slli_epi64(_mm512_and_si512(_mm512_srli_epi64(v, 8), m4), 2));
    p = _mm512_xor_si512(p, _mm512_slli_epi64(_mm512_and_si512(_mm512_srli_epi64(v, 12), m4), 3));
    h = _mm512_and_si512(_mm512_srli_epi64(p, 4), m3);
    return _mm512_and_si512(_mm512_xor_si512(_mm512_xor_si512(p, h), _mm512_slli_epi64(h, 1)), m4);
}

/* The VPSHUFB indices that copy lane k (< 4) of each word to its four
 * lanes (bytes 2k, 2k + 1 of each 8), made once per call. */
typedef struct {
    __m512i ix[4];
} lane_ix;

static inline void lane_ix_init(lane_ix *li)
{
    unsigned k, b;
    for (k = 0; k < 4; k++) {
        uint8_t v[64];
        for (b = 0; b < 64; b++) {
            v[b] = (uint8_t)((b & 8u) + 2u * k + (b & 1u));
        }
        li->ix[k] = _mm512_loadu_si512((const void *)v);
    }
}

static inline __m512i lane_bcast(__m512i v, const lane_ix *li, unsigned k)
{
    return _mm512_shuffle_epi8(v, li->ix[k]);
}

static inline __m512i mul_v(__m512i a, __m512i b)
{
    return _mm512_mullo_epi16(a, b);
}

static inline void rows_odd_body(uint64_t *g, size_t gw, const uint64_t *ll, const uint64_t *rl, const uint8_t *abq,
                                 const uint8_t *spow, const uint8_t *rhs, unsigned i, unsigned o, const unsigned l,
                                 uint64_t *acc)
{
    const unsigned l2 = l * l, alpha = l2 + l, lw = (l + 3) / 4, ol = o * l, nu = o * l2;
    const size_t nacc = (size_t)l2 * l * lw; /* accumulator words per block */
    const uint8_t *am = abq, *bm = abq + (size_t)o * alpha * l2;
    const uint8_t *q1v = bm + (size_t)o * alpha * l2, *q2v = q1v + (size_t)o * alpha * l;
    uint32_t spsp[SNOVA_GF16_MAXL][SNOVA_GF16_MAXL][SNOVA_GF16_MAXL];
    lane_ix li;
    unsigned al, t0, a, x, y, r, c, u, w;
    lane_ix_init(&li);
    rows_spread_spow(spsp, spow, l);
    memset(acc, 0, nacc * o * sizeof(uint64_t));
    for (al = 0; al < alpha; al++) {
        const unsigned ip = (i + al) % o;
        const size_t it = (size_t)i * alpha + al;
        const uint8_t *q1 = q1v + it * l, *q2 = q2v + it * l, *ab = am + it * l2, *bb = bm + it * l2;
        /* the term's factors, as the body makes them */
        rows_term f;
        rows_term_init(&f, (const uint32_t(*)[SNOVA_GF16_MAXL][SNOVA_GF16_MAXL])spsp, q1, q2, ab, bb, l);
        for (t0 = 0; t0 < o; t0 += 8) {
            const unsigned nt = o - t0 < 8u ? o - t0 : 8u;
            const __mmask8 kt = (__mmask8)((1u << nt) - 1u);
            /* block t's words at ll + ((ip o l + t l + u) l + a) lw + w: t
             * steps by l^2 lw words */
            const long long sk = (long long)(l2 * lw);
            const __m512i step = _mm512_setr_epi64(0, sk, 2 * sk, 3 * sk, 4 * sk, 5 * sk, 6 * sk, 7 * sk);
            __m512i lsl[SNOVA_GF16_MAXL][SNOVA_GF16_LWMAX], rsl[SNOVA_GF16_MAXL][SNOVA_GF16_LWMAX], ml[SNOVA_GF16_MAXL][SNOVA_GF16_LWMAX], aml[SNOVA_GF16_MAXL][SNOVA_GF16_LWMAX];
            __m512i nl[SNOVA_GF16_MAXL][SNOVA_GF16_LWMAX], nbl[SNOVA_GF16_MAXL][SNOVA_GF16_LWMAX];
            for (u = 0; u < l; u++) {
                for (w = 0; w < lw; w++) {
                    __m512i sl = _mm512_setzero_si512(), sr = sl;
                    for (a = 0; a < l; a++) {
                        const uint64_t *b0 = ll + ((size_t)ip * ol + t0 * l + u) * l * lw + a * lw + w;
                        const uint64_t *b1 = rl + ((size_t)ip * ol + t0 * l + u) * l * lw + a * lw + w;
                        const __m512i vl = _mm512_mask_i64gather_epi64(_mm512_setzero_si512(), kt, step, b0, 8);
                        const __m512i vr = _mm512_mask_i64gather_epi64(_mm512_setzero_si512(), kt, step, b1, 8);
                        sl = _mm512_xor_si512(sl, mul_v(vl, _mm512_set1_epi16((short)f.q1c[a])));
                        sr = _mm512_xor_si512(sr, mul_v(vr, _mm512_set1_epi16((short)f.q2c[a])));
                    }
                    lsl[u][w] = fold_v(sl);
                    rsl[u][w] = fold_v(sr);
                }
            }
            /* M = ls Q2, A M; N = Q1 rs, N B (rows.h) */
            for (x = 0; x < l; x++) {
                for (w = 0; w < lw; w++) {
                    __m512i s = _mm512_setzero_si512();
                    for (u = 0; u < l; u++) {
                        s = _mm512_xor_si512(s, mul_v(lane_bcast(lsl[u][x / 4], &li, x % 4),
                                                      _mm512_set1_epi64((long long)f.q2l[u][w])));
                    }
                    ml[x][w] = fold_v(s);
                }
            }
            for (r = 0; r < l; r++) {
                for (w = 0; w < lw; w++) {
                    __m512i s = _mm512_setzero_si512();
                    for (u = 0; u < l; u++) {
                        s = _mm512_xor_si512(s, mul_v(ml[u][w], _mm512_set1_epi16((short)f.asp[r][u])));
                    }
                    aml[r][w] = fold_v(s);
                }
            }
            for (x = 0; x < l; x++) {
                for (w = 0; w < lw; w++) {
                    __m512i s = _mm512_setzero_si512();
                    for (u = 0; u < l; u++) {
                        s = _mm512_xor_si512(s, mul_v(rsl[u][w], _mm512_set1_epi16((short)f.q1sp[x][u])));
                    }
                    nl[x][w] = fold_v(s);
                }
            }
            for (x = 0; x < l; x++) {
                for (w = 0; w < lw; w++) {
                    __m512i s = _mm512_setzero_si512();
                    for (u = 0; u < l; u++) {
                        s = _mm512_xor_si512(s, mul_v(lane_bcast(nl[x][u / 4], &li, u % 4),
                                                      _mm512_set1_epi64((long long)f.bl[u][w])));
                    }
                    nbl[x][w] = fold_v(s);
                }
            }
            /* entry (r, c), O_t[x][y]: am[r][x] B[y][c] + A[r][y] nb[x][c].
             * Word w outermost: with o < 8 the vectors of consecutive words
             * overlap in memory, and a load that overlaps a masked store
             * still in flight waits for it to commit (no forwarding from
             * masked stores); words lw apart do not overlap (lw o >= 8 for
             * every odd-l set), and the others were stored a pass before. */
            for (w = 0; w < lw; w++) {
                for (r = 0; r < l; r++) {
                    for (c = 0; c < l; c++) {
                        const __m512i bpc = _mm512_set1_epi64((long long)f.bp[c][w]);
                        const __m512i apr = _mm512_set1_epi64((long long)f.ap[r][w]);
                        for (x = 0; x < l; x++) {
                            uint64_t *p = acc + ((((size_t)r * l + c) * l + x) * lw + w) * o + t0;
                            const __m512i amx = lane_bcast(aml[r][x / 4], &li, x % 4);
                            const __m512i nbc = lane_bcast(nbl[x][c / 4], &li, c % 4);
                            const __m512i v = _mm512_ternarylogic_epi64(_mm512_maskz_loadu_epi64(kt, p), mul_v(amx, bpc),
                                                                        mul_v(nbc, apr), 0x96);
                            _mm512_mask_storeu_epi64(p, kt, v);
                        }
                    }
                }
            }
        }
    }
    /* row i l^2 + r l + c: element t l^2 + x l + y is the fold of lane y
     * of word (r l + c, x, y / 4) of block t, then the right-hand side */
    for (r = 0; r < l2; r++) {
        uint64_t *grow = g + (size_t)(i * l2 + r) * gw;
        unsigned t;
        memset(grow, 0, gw * sizeof(uint64_t));
        for (t = 0; t < o; t++) {
            for (x = 0; x < l; x++) {
                for (y = 0; y < l; y++) {
                    const uint64_t word = acc[(((size_t)r * l + x) * lw + y / 4) * o + t];
                    gf16_row_xor(grow, t * l2 + x * l + y, gf16_fold((uint32_t)(word >> (16 * (y % 4))) & 0xffffu));
                }
            }
        }
        gf16_row_xor(grow, nu, rhs[r]);
    }
}

static PQSIG_FLATTEN void rows_odd_3(uint64_t *g, size_t gw, const uint64_t *ll, const uint64_t *rl,
                                     const uint8_t *abq, const uint8_t *spow, const uint8_t *rhs, unsigned i,
                                     unsigned o, uint64_t *work)
{
    rows_odd_body(g, gw, ll, rl, abq, spow, rhs, i, o, 3, work);
}

static PQSIG_FLATTEN void rows_odd_5(uint64_t *g, size_t gw, const uint64_t *ll, const uint64_t *rl,
                                     const uint8_t *abq, const uint8_t *spow, const uint8_t *rhs, unsigned i,
                                     unsigned o, uint64_t *work)
{
    rows_odd_body(g, gw, ll, rl, abq, spow, rhs, i, o, 5, work);
}

int snova_avx512_gf16_rows_odd(uint64_t *g, size_t gw, const uint64_t *ll, const uint64_t *rl, const uint8_t *abq,
                               const uint8_t *spow, const uint8_t *rhs, unsigned i, unsigned o, unsigned l,
                               uint64_t *work)
{
    /* l = 5 on a CPU that runs 512-bit operations in halves (AMD Zen 4):
     * the avx2 kernel's 128-bit units sign in about 10 % less time
     * (SNOVA_24_5_16_5 and SNOVA_29_6_16_5: 0.93-0.96x avx2's signing time
     * with them, 1.03-1.08x with this one); l = 3 still pays here. */
    if (l == 5u && !(pqsig_cpu_traits() & PQSIG_CPU_TRAIT_ZMM_HALVES)) {
        rows_odd_5(g, gw, ll, rl, abq, spow, rhs, i, o, work);
        return PQSIG_NATIVE_OK;
    }
    if (l == 3u) { /* public sizes */
        rows_odd_3(g, gw, ll, rl, abq, spow, rhs, i, o, work);
        return PQSIG_NATIVE_OK;
    }
    return PQSIG_NATIVE_FALLBACK;
}

#endif
