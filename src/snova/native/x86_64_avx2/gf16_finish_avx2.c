/* SNOVA, q = 16, AVX2: the final combination of the public map (Eq. 1.1,
 * gf16_finish in ../api.h) for l = 4, and for l = 3 and 5 below; l = 2
 * declines.
 *
 * The portable twin keeps an element per 16-bit lane in "spread" form (bit
 * i at bit 4i), so that a lane times a spread element is a carry-less
 * product that XORs into the lane; it folds lazily. Here the four rows x
 * of a 4x4 block sit in the four 64-bit words of a vector, the four
 * columns y in the 16-bit lanes of each word:
 *   mid  = sum_{a,b} D[a][b] * spread(q1[a] q2[b])   (D[a][b]: x in words)
 *   amid = sum_k mid[k] (word k in every word) * spread(A[x][k]) (word x)
 *   acc ^= sum_k amid[x][k] (lane k in every lane of word x) * spread(B[k])
 * all with vpmullw (products stay within their lane) and vpxor, the word
 * and lane broadcasts by vpermq and vpshufb. The scalars (A, B, q1, q2)
 * are public; D is not, and no branch or address depends on it. */
#include <immintrin.h>
#include <string.h>

#include "common/ct.h"
#include "snova/native/api.h"
#include "snova/native/x86_64_avx2/meta.h"
#include "snova/native/x86_64_avx2/words_avx2.h"

#if SNOVA_Q == 16
#include "snova/gf16/scalar.h"

/* gf16_spread on every 16-bit lane (elements below 16). */
static inline __m256i spread_v(__m256i b)
{
    const __m256i one = _mm256_set1_epi16(1);
    return _mm256_or_si256(
        _mm256_or_si256(_mm256_and_si256(b, one), _mm256_slli_epi16(_mm256_and_si256(b, _mm256_set1_epi16(2)), 3)),
        _mm256_or_si256(_mm256_slli_epi16(_mm256_and_si256(b, _mm256_set1_epi16(4)), 6),
                        _mm256_slli_epi16(_mm256_and_si256(b, _mm256_set1_epi16(8)), 9)));
}

/* gf16_fold_lanes on every 16-bit lane: a spread product to its element. */
static inline __m256i fold_v(__m256i v)
{
    const __m256i m4 = _mm256_set1_epi16(15);
    __m256i p = _mm256_xor_si256(
        _mm256_xor_si256(_mm256_and_si256(v, m4), _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(v, 4), m4), 1)),
        _mm256_xor_si256(_mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(v, 8), m4), 2),
                         _mm256_slli_epi16(_mm256_srli_epi16(v, 12), 3)));
    __m256i h = _mm256_srli_epi16(p, 4);
    return _mm256_and_si256(_mm256_xor_si256(_mm256_xor_si256(p, h), _mm256_slli_epi16(h, 1)), m4);
}

/* 16 bytes (elements) to 16 lanes, spread. */
static inline __m256i spread16(const uint8_t *e)
{
    return spread_v(_mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)e)));
}

/* Lane k of every 64-bit word, in the four lanes of that word. */
static inline __m256i lane_bcast(__m256i v, unsigned k)
{
    const char b0 = (char)(2 * k), b1 = (char)(2 * k + 1), c0 = (char)(8 + 2 * k), c1 = (char)(9 + 2 * k);
    return _mm256_shuffle_epi8(v, _mm256_setr_epi8(b0, b1, b0, b1, b0, b1, b0, b1, c0, c1, c0, c1, c0, c1, c0, c1,
                                                   b0, b1, b0, b1, b0, b1, b0, b1, c0, c1, c0, c1, c0, c1, c0, c1));
}

/* Word k of v in every word. */
static inline __m256i word_bcast(__m256i v, unsigned k)
{
    switch (k) {
    case 0:
        return _mm256_permute4x64_epi64(v, 0x00);
    case 1:
        return _mm256_permute4x64_epi64(v, 0x55);
    case 2:
        return _mm256_permute4x64_epi64(v, 0xaa);
    default:
        return _mm256_permute4x64_epi64(v, 0xff);
    }
}

/* ---- Odd l (3, 5) ----
 * The same three products with the rows x of a block in 128-bit halves
 * (two rows a vector, np = (l + 1) / 2 vectors; a half past row l - 1 is
 * zero), the columns y in the 16-bit lanes of a half. Row k of mid in both
 * halves is a vperm2i128 of its vector; lane k of a row in every lane of
 * its half a vpshufb. */
#define FO_MAXL 5u
#define FO_NP 3u /* vectors of row pairs at l = 5 */

/* n <= 32 elements (bytes below 16) to 16-bit lanes, spread, in dst. */
static inline void spread_bytes(uint16_t dst[32], const uint8_t *src, unsigned n)
{
    uint8_t b[32];
    memset(b, 0, sizeof b);
    memcpy(b, src, n);
    _mm256_storeu_si256((__m256i *)(void *)dst, spread16(b));
    _mm256_storeu_si256((__m256i *)(void *)(dst + 16), spread16(b + 16));
}

/* dst[a l + b] = spread(q1[a] q2[b]) for a, b < l (l^2 <= 32). */
static inline void spread_q12(uint16_t dst[32], const uint8_t *q1, const uint8_t *q2, const unsigned l)
{
    uint8_t qa[32], qb[32];
    unsigned a, b, h;
    memset(qa, 0, sizeof qa);
    memset(qb, 0, sizeof qb);
    for (a = 0; a < l; a++) {
        for (b = 0; b < l; b++) {
            qa[a * l + b] = q1[a];
            qb[a * l + b] = q2[b];
        }
    }
    for (h = 0; h < 2; h++) {
        const __m256i va = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(qa + 16 * h)));
        _mm256_storeu_si256((__m256i *)(void *)(dst + 16 * h),
                            spread_v(fold_v(_mm256_mullo_epi16(va, spread16(qb + 16 * h)))));
    }
}

static inline __attribute__((always_inline)) void finish_odd(uint8_t *out, const uint64_t *d, const uint8_t *abq,
                                                             unsigned o, const unsigned l)
{
    const unsigned l2 = l * l, alpha = l2 + l, ww = GF16_WORDS(l2), np = (l + 1) / 2;
    const uint8_t *am = abq, *bm = abq + (size_t)o * alpha * l2;
    const uint8_t *q1 = bm + (size_t)o * alpha * l2, *q2 = q1 + (size_t)o * alpha * l;
    __m256i acc[SNOVA_MAXO][FO_NP], dab[FO_MAXL][FO_MAXL][FO_NP];
    unsigned i, p, t, a, b, x, y, k, pr, u;
    for (i = 0; i < o; i++) {
        for (pr = 0; pr < np; pr++) {
            acc[i][pr] = _mm256_setzero_si256();
        }
    }
    for (p = 0; p < o; p++) {
        /* dab[a][b][pr]: half u = row x = 2 pr + u, lane y = element b l + y
         * of packed row p l^2 + a l + x of d */
        for (a = 0; a < l; a++) {
            for (b = 0; b < l; b++) {
                for (pr = 0; pr < np; pr++) {
                    uint16_t v[16];
                    memset(v, 0, sizeof v);
                    for (u = 0; u < 2; u++) {
                        x = 2 * pr + u;
                        for (y = 0; y < l && x < l; y++) {
                            v[8 * u + y] = gf16_row_get(d + ((size_t)p * l2 + a * l + x) * ww, b * l + y);
                        }
                    }
                    dab[a][b][pr] = _mm256_loadu_si256((const __m256i *)(const void *)v);
                }
            }
        }
        for (t = 0; t < alpha; t++) {
            const unsigned ii = (p + o - t % o) % o;
            const size_t it = (size_t)ii * alpha + t;
            const uint8_t *ab = am + it * l2, *bb = bm + it * l2;
            __m256i mid[FO_NP], mk[FO_MAXL], brow[FO_MAXL];
            uint16_t fs[32], as[32], bs[32 + 8];
            spread_q12(fs, q1 + it * l, q2 + it * l, l);
            spread_bytes(as, ab, l2);
            spread_bytes(bs, bb, l2);
            /* mid = sum_{a,b} spread(q1[a] q2[b]) D[a][b] */
            for (pr = 0; pr < np; pr++) {
                mid[pr] = _mm256_setzero_si256();
            }
            for (a = 0; a < l; a++) {
                for (b = 0; b < l; b++) {
                    const __m256i f = _mm256_set1_epi16((short)fs[a * l + b]);
                    for (pr = 0; pr < np; pr++) {
                        mid[pr] = _mm256_xor_si256(mid[pr], _mm256_mullo_epi16(dab[a][b][pr], f));
                    }
                }
            }
            /* row k of mid in both halves; row k of B, spread, in both (its
             * lanes past l hold the next row's elements: they only reach
             * lanes of acc that are never read) */
            for (pr = 0; pr < np; pr++) {
                mid[pr] = fold_v(mid[pr]);
            }
            for (k = 0; k < l; k++) {
                const __m256i m = mid[k / 2];
                mk[k] = k % 2 ? _mm256_permute2x128_si256(m, m, 0x11) : _mm256_permute2x128_si256(m, m, 0x00);
                brow[k] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(bs + k * l)));
            }
            /* amid = A mid (rows in halves); acc[ii] += amid B */
            for (pr = 0; pr < np; pr++) {
                __m256i am_ = _mm256_setzero_si256(), r;
                for (k = 0; k < l; k++) {
                    const unsigned x0 = 2 * pr;
                    const __m256i sc = _mm256_set_m128i(_mm_set1_epi16(x0 + 1 < l ? (short)as[(x0 + 1) * l + k] : 0),
                                                        _mm_set1_epi16((short)as[x0 * l + k]));
                    am_ = _mm256_xor_si256(am_, _mm256_mullo_epi16(mk[k], sc));
                }
                am_ = fold_v(am_);
                r = acc[ii][pr];
                for (k = 0; k < l; k++) {
                    r = _mm256_xor_si256(r, _mm256_mullo_epi16(snova_avx2_lane_bcast128(am_, k), brow[k]));
                }
                acc[ii][pr] = r;
            }
        }
    }
    for (i = 0; i < o; i++) {
        for (pr = 0; pr < np; pr++) {
            uint16_t v[16];
            _mm256_storeu_si256((__m256i *)(void *)v, fold_v(acc[i][pr]));
            for (u = 0; u < 2 && 2 * pr + u < l; u++) {
                for (y = 0; y < l; y++) {
                    out[i * l2 + (2 * pr + u) * l + y] = (uint8_t)v[8 * u + y];
                }
            }
        }
    }
}

int snova_avx2_gf16_finish(uint8_t *out, const uint64_t *d, const uint8_t *abq, unsigned o, unsigned l)
{
    const unsigned alpha = 20; /* l^2 + l */
    const uint8_t *am = abq, *bm = abq + (size_t)o * alpha * 16;
    const uint8_t *q1 = bm + (size_t)o * alpha * 16, *q2 = q1 + (size_t)o * alpha * 4;
    __m256i acc[SNOVA_MAXO], dab[4][4];
    unsigned i, p, t, a, b, x, y, k;
    if (o > SNOVA_MAXO) { /* public sizes */
        return PQSIG_NATIVE_FALLBACK;
    }
    if (l == 3u) {
        finish_odd(out, d, abq, o, 3);
        return PQSIG_NATIVE_OK;
    }
    if (l == 5u) {
        finish_odd(out, d, abq, o, 5);
        return PQSIG_NATIVE_OK;
    }
    if (l != 4u) {
        return PQSIG_NATIVE_FALLBACK;
    }
    for (i = 0; i < o; i++) {
        acc[i] = _mm256_setzero_si256();
    }
    for (p = 0; p < o; p++) {
        /* D[a][b]: word x, lane y = element b 4 + y of row p 16 + a 4 + x */
        for (a = 0; a < 4; a++) {
            uint64_t w[4][4];
            for (x = 0; x < 4; x++) {
                const uint64_t row = d[p * 16 + a * 4 + x];
                for (b = 0; b < 4; b++) {
                    uint64_t v = 0;
                    for (y = 0; y < 4; y++) {
                        v |= ((row >> (4 * (b * 4 + y))) & 15u) << (16 * y);
                    }
                    w[b][x] = v;
                }
            }
            for (b = 0; b < 4; b++) {
                dab[a][b] = _mm256_loadu_si256((const __m256i *)(const void *)w[b]);
            }
        }
        for (t = 0; t < alpha; t++) {
            const unsigned ii = (p + o - t % o) % o;
            const size_t it = (size_t)ii * alpha + t;
            uint16_t f[16];
            __m256i qa, qb, mid, amid, sa, sb, r;
            /* f[a 4 + b] = spread(q1[a] q2[b]) */
            qa = _mm256_set_epi16(q1[it * 4 + 3], q1[it * 4 + 3], q1[it * 4 + 3], q1[it * 4 + 3], q1[it * 4 + 2],
                                  q1[it * 4 + 2], q1[it * 4 + 2], q1[it * 4 + 2], q1[it * 4 + 1], q1[it * 4 + 1],
                                  q1[it * 4 + 1], q1[it * 4 + 1], q1[it * 4], q1[it * 4], q1[it * 4], q1[it * 4]);
            qb = _mm256_set_epi16(q2[it * 4 + 3], q2[it * 4 + 2], q2[it * 4 + 1], q2[it * 4], q2[it * 4 + 3],
                                  q2[it * 4 + 2], q2[it * 4 + 1], q2[it * 4], q2[it * 4 + 3], q2[it * 4 + 2],
                                  q2[it * 4 + 1], q2[it * 4], q2[it * 4 + 3], q2[it * 4 + 2], q2[it * 4 + 1],
                                  q2[it * 4]);
            _mm256_storeu_si256((__m256i *)(void *)f, spread_v(fold_v(_mm256_mullo_epi16(qa, spread_v(qb)))));
            mid = _mm256_setzero_si256();
            for (a = 0; a < 4; a++) {
                for (b = 0; b < 4; b++) {
                    mid = _mm256_xor_si256(mid, _mm256_mullo_epi16(dab[a][b], _mm256_set1_epi16((short)f[a * 4 + b])));
                }
            }
            mid = fold_v(mid);
            /* amid: word x = sum_k mid[k] spread(A[x][k]) */
            sa = spread16(am + it * 16); /* lane x 4 + k */
            amid = _mm256_setzero_si256();
            for (k = 0; k < 4; k++) {
                amid = _mm256_xor_si256(amid, _mm256_mullo_epi16(word_bcast(mid, k), lane_bcast(sa, k)));
            }
            amid = fold_v(amid);
            /* acc[ii]: word x ^= sum_k amid[x][k] spread(B[k][.]) */
            sb = spread16(bm + it * 16); /* lane k 4 + y: word k is row k */
            r = acc[ii];
            for (k = 0; k < 4; k++) {
                r = _mm256_xor_si256(r, _mm256_mullo_epi16(lane_bcast(amid, k), word_bcast(sb, k)));
            }
            acc[ii] = r;
        }
    }
    for (i = 0; i < o; i++) {
        uint16_t v[16];
        _mm256_storeu_si256((__m256i *)(void *)v, fold_v(acc[i]));
        for (k = 0; k < 16; k++) {
            out[i * 16 + k] = (uint8_t)v[k];
        }
    }
    return PQSIG_NATIVE_OK;
}
/* Whipping (gf16_whip in ../api.h) for l = 4 (and 3, 5 below): output row j 4 + r holds
 * element a 4 + c = sum_m S^a[r][m] X_j[m][c] in nibble a 4 + c. In 16-bit
 * lanes a 4 + c: row m of X_j in every word a (vpermq of the widened
 * block) times spread(S^a[r][m]) in word a, four products, one fold, then
 * the 16 lanes packed to 16 nibbles. S is public; X may be secret (the
 * vinegar values in signing), and nothing depends on it but data. */
static inline uint64_t pack_nibbles(__m256i v)
{
    const __m256i pairs = _mm256_set1_epi16(0x1001); /* bytes 1, 16: b0 + 16 b1 */
    __m256i b = _mm256_packus_epi16(v, v);          /* lanes 0..7 | 8..15, twice per half */
    __m256i n = _mm256_packus_epi16(_mm256_maddubs_epi16(b, pairs), _mm256_setzero_si256());
    return (uint64_t)(uint32_t)_mm256_extract_epi32(n, 0) | (uint64_t)(uint32_t)_mm256_extract_epi32(n, 4) << 32;
}

/* Whipping for odd l (3, 5): element t = a l + c of output row (j, r) in
 * 16-bit lane t (lanes 16 to 24 in a second vector at l = 5), the sum over
 * m of spread(S^a[r][m]) (lane t: a = t / l) times X_j[m][c] (lane t:
 * c = t mod l; row m of X_j spread over the lanes by one vpshufb), one
 * fold, the lanes packed to the row's words. The lanes past l^2 hold zero
 * scalars and zero elements. Same data flow as l = 4: X_j only as data. */
static inline void whip_odd(uint64_t *w, const uint8_t *x, unsigned nb, const uint8_t *spow, const unsigned l)
{
    const unsigned l2 = l * l, nv = (l2 + 15u) / 16u; /* nv words a row */
    __m256i sp[5][5][2], xm[5][2];
    __m128i pat[2];
    uint8_t blk[48];
    unsigned j, r, m, v, k;
    for (v = 0; v < nv; v++) {
        uint8_t p[16];
        for (k = 0; k < 16; k++) {
            const unsigned t = 16u * v + k;
            p[k] = (uint8_t)(t < l2 ? t % l : 0x80u); /* 0x80: a zero lane */
        }
        pat[v] = _mm_loadu_si128((const __m128i *)(const void *)p);
        for (r = 0; r < l; r++) {
            for (m = 0; m < l; m++) {
                uint16_t e[16];
                for (k = 0; k < 16; k++) {
                    const unsigned t = 16u * v + k;
                    e[k] = (uint16_t)(t < l2 ? gf16_spread(spow[((t / l) * l + r) * l + m]) : 0u);
                }
                sp[r][m][v] = _mm256_loadu_si256((const __m256i *)(const void *)e);
            }
        }
    }
    memset(blk, 0, sizeof blk);
    for (j = 0; j < nb; j++) {
        memcpy(blk, x + (size_t)j * l2, l2); /* rows m l .. m l + 15 stay inside blk */
        for (m = 0; m < l; m++) {
            const __m128i row = _mm_loadu_si128((const __m128i *)(const void *)(blk + m * l));
            for (v = 0; v < nv; v++) {
                xm[m][v] = _mm256_cvtepu8_epi16(_mm_shuffle_epi8(row, pat[v]));
            }
        }
        for (r = 0; r < l; r++) {
            for (v = 0; v < nv; v++) {
                __m256i acc = _mm256_mullo_epi16(xm[0][v], sp[r][0][v]);
                for (m = 1; m < l; m++) {
                    acc = _mm256_xor_si256(acc, _mm256_mullo_epi16(xm[m][v], sp[r][m][v]));
                }
                w[((size_t)j * l + r) * nv + v] = pack_nibbles(fold_v(acc));
            }
        }
    }
    pqsig_zeroize(blk, sizeof blk);
}

int snova_avx2_gf16_whip(uint64_t *w, const uint8_t *x, unsigned nb, const uint8_t *spow, unsigned l)
{
    __m256i sp[4][4]; /* [r][m]: word a = spread(S^a[r][m]) in its 4 lanes */
    unsigned j, r, m, a;
    if (l == 3u) { /* public sizes */
        whip_odd(w, x, nb, spow, 3);
        return PQSIG_NATIVE_OK;
    }
    if (l == 5u) {
        whip_odd(w, x, nb, spow, 5);
        return PQSIG_NATIVE_OK;
    }
    if (l != 4u) {
        return PQSIG_NATIVE_FALLBACK;
    }
    for (r = 0; r < 4; r++) {
        for (m = 0; m < 4; m++) {
            long long e[4];
            for (a = 0; a < 4; a++) {
                e[a] = (long long)((uint64_t)gf16_spread(spow[(a * 4 + r) * 4 + m]) * 0x0001000100010001ull);
            }
            sp[r][m] = _mm256_setr_epi64x(e[0], e[1], e[2], e[3]);
        }
    }
    for (j = 0; j < nb; j++) {
        const __m256i xv = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(x + (size_t)j * 16)));
        const __m256i x0 = word_bcast(xv, 0), x1 = word_bcast(xv, 1), x2 = word_bcast(xv, 2), x3 = word_bcast(xv, 3);
        uint64_t o[4];
        for (r = 0; r < 4; r++) {
            __m256i v = _mm256_xor_si256(
                _mm256_xor_si256(_mm256_mullo_epi16(x0, sp[r][0]), _mm256_mullo_epi16(x1, sp[r][1])),
                _mm256_xor_si256(_mm256_mullo_epi16(x2, sp[r][2]), _mm256_mullo_epi16(x3, sp[r][3])));
            o[r] = pack_nibbles(fold_v(v));
        }
        memcpy(w + (size_t)j * 4, o, sizeof o);
    }
    return PQSIG_NATIVE_OK;
}
#else
/* An odd-q shape: nothing here (ISO C wants a declaration). */
typedef int snova_avx2_gf16_finish_none;
#endif
