/* SNOVA, GF(16), AVX-512 with GFNI: the block stage of the linear system
 * (native/api.h, snova_gf16_rows) for l = 2, and the entry point of the
 * avx512 block stage (l = 4 is avx2's kernel compiled with AVX-512VL,
 * gf16_avx512.c).
 *
 * With l = 2 a byte holds a pair of elements (low nibble first), and a
 * 2 x 2 matrix over GF(16) acting on the pair is a linear map of the
 * byte's 8 bits: one GF2P8AFFINEQB applies it to 64 bytes. Every factor
 * of the stage that does not come from the oil block t (A, B, Q1, Q2 and
 * the scalars q1, q2 of the term) is the same for all blocks of an
 * equation's term, so the bytes of a vector are the o blocks t ("planes":
 * byte t of a plane belongs to block t), and each step of gf16/rows.h
 * becomes one affine map of a plane by a matrix built once per term.
 * With L_t[(a, x)][(t, u)] and R_t[(t, u)][(b, y)] the blocks of the
 * term's equation p = i + alpha mod o:
 *   P(u, a) = pair over x of L, R(u, b) = pair over y of R (the input planes);
 *   (A Lq)[., u] = sum_a (q1[a] A) P(u, a),          Lq = sum_a q1[a] L_(a, .);
 *   (A M)[., x]  = sum_u Q2[u][x] (A Lq)[., u],       M = Lq Q2;
 *   (Rq B)[u, .] = sum_b (q2[b] B^t) R(u, b),         Rq = sum_b q2[b] R_(., b);
 *   (N B)[x, .]  = sum_u Q1[x][u] (Rq B)[u, .],       N = Q1 Rq;
 *   entry (r, c), pair over y of the coefficient of O_t[x][y]:
 *     (A M)[r][x] (B[0][c], B[1][c]) + (N B)[x][c] (A[r][0], A[r][1]),
 * the last two each one affine map picking one nibble of its plane. That
 * is 32 affine maps a term for all o blocks, where the portable body runs
 * about 80 scalar products per block.
 *
 * Constant time: the planes hold L and R (secret); they are only loaded,
 * mapped and stored, at addresses and in loops fixed by the public sizes.
 * The matrices come from ABQ and S, which are public in every SNOVA
 * version, and are built by arithmetic anyway (masks, no table lookup). */
#include <immintrin.h>
#include <string.h>

#include "snova/gf16/scalar.h"
#include "snova/native/api.h"
#include "snova/native/x86_64_avx512/meta.h"

#if SNOVA_Q == 16

#define R2_MAXO 64u /* blocks t in one plane (bytes of a vector) */

/* The 8 x 8 bit matrix of the affine instruction (row of output bit k in
 * byte 7 - k) for a 2 x 2 matrix over GF(16) acting on the pair of a
 * byte, f0 = m00 e0 + m01 e1 (low nibble), f1 = m10 e0 + m11 e1: built
 * from u(m), the rows of the 4 x 4 bit matrix of "times m" (the row of
 * bit b in byte 3 - b), linear in m. ub[j] = u(x^j). */
typedef struct {
    uint32_t ub[4];
} bitmats;

static void bitmats_init(bitmats *bm)
{
    unsigned j, k, b;
    for (j = 0; j < 4; j++) {
        uint32_t v[4], u = 0;
        v[0] = 1u << j;
        for (k = 1; k < 4; k++) {
            v[k] = ((v[k - 1] << 1) & 15u) ^ ((v[k - 1] >> 3) * 3u); /* times x, x^4 = x + 1 */
        }
        for (b = 0; b < 4; b++) {
            uint32_t row = 0;
            for (k = 0; k < 4; k++) {
                row |= ((v[k] >> b) & 1u) << k;
            }
            u |= row << (8u * (3u - b));
        }
        bm->ub[j] = u;
    }
}

static inline uint64_t bits_of(const bitmats *bm, uint8_t m)
{
    return (uint64_t)((bm->ub[0] & (0u - (m & 1u))) ^ (bm->ub[1] & (0u - ((m >> 1) & 1u))) ^
                      (bm->ub[2] & (0u - ((m >> 2) & 1u))) ^ (bm->ub[3] & (0u - ((m >> 3) & 1u))));
}

static inline __m512i mat2(const bitmats *bm, uint8_t m00, uint8_t m01, uint8_t m10, uint8_t m11)
{
    const uint64_t hi = bits_of(bm, m00) | bits_of(bm, m01) << 4, lo = bits_of(bm, m10) | bits_of(bm, m11) << 4;
    return _mm512_set1_epi64((long long)(hi << 32 | lo));
}

static inline __m512i scal(const bitmats *bm, uint8_t s)
{
    return mat2(bm, s, 0, 0, s);
}

static inline __m512i aff(__m512i x, __m512i m)
{
    return _mm512_gf2p8affine_epi64_epi8(x, m, 0);
}

/* The four planes of one side of equation p: plane 2u + a, byte t = the
 * pair of lanes 0, 1 of word (t l + u) l + a of the block rows at w (4 o
 * words, t-major). The bytes of t >= o stay as the caller set them (0). */
static inline void load_planes(__m512i pl[4], const uint64_t *w, unsigned o, uint8_t (*tk)[4],
                               uint8_t (*pb)[R2_MAXO])
{
    unsigned k, c;
    /* the pair of each word: lane 0 in bits 0..3, lane 1 in bits 16..19 */
    for (k = 0; k + 8u <= 4u * o; k += 8) {
        const __m512i v = _mm512_loadu_si512((const void *)(w + k));
        _mm512_mask_cvtepi64_storeu_epi8(&tk[k / 4u][0], (__mmask8)0xff, _mm512_or_si512(v, _mm512_srli_epi64(v, 12)));
    }
    if (k < 4u * o) { /* 4 o is a multiple of 4: one block t left */
        const __m512i v = _mm512_maskz_loadu_epi64((__mmask8)0x0f, (const void *)(w + k));
        _mm512_mask_cvtepi64_storeu_epi8(&tk[k / 4u][0], (__mmask8)0x0f, _mm512_or_si512(v, _mm512_srli_epi64(v, 12)));
    }
    /* byte j of block t's 32-bit word to byte t of plane j, 16 blocks at a time */
    for (c = 0; c < o; c += 16) {
        const __m512i d = _mm512_loadu_si512((const void *)&tk[c][0]);
        for (k = 0; k < 4; k++) {
            _mm512_mask_cvtepi32_storeu_epi8(&pb[k][c], (__mmask16)0xffff, _mm512_srli_epi32(d, 8 * k));
        }
    }
    for (k = 0; k < 4; k++) {
        pl[k] = _mm512_loadu_si512((const void *)pb[k]);
    }
}

static void rows2_body(uint64_t *g, size_t gw, const uint64_t *ll, const uint64_t *rl, const uint8_t *abq,
                       const uint8_t *spow, const uint8_t *rhs, unsigned i, unsigned o)
{
    const unsigned alpha = 2 * 2 + 2; /* l^2 + l terms (the abq layout of l = 2) */
    const uint8_t *am = abq, *bmx = abq + (size_t)o * alpha * 4u;
    const uint8_t *q1v = bmx + (size_t)o * alpha * 4u, *q2v = q1v + (size_t)o * alpha * 2u;
    /* tk: block t's four pairs (t < o, zero past them); pb: the planes,
     * zero past o. Both cover whole vectors of R2_MAXO blocks. */
    uint8_t tk[R2_MAXO][4], pb[4][R2_MAXO], rowb[2 * R2_MAXO + 64];
    __m512i acc[4][2];
    bitmats bm;
    unsigned al, a, u, x, r, c, k;
    bitmats_init(&bm);
    memset(tk, 0, sizeof(tk));
    memset(pb, 0, sizeof(pb));
    for (r = 0; r < 4; r++) {
        acc[r][0] = acc[r][1] = _mm512_setzero_si512();
    }
    for (al = 0; al < alpha; al++) {
        const unsigned ip = (i + al) % o;
        const size_t it = (size_t)i * alpha + al;
        const uint8_t *q1 = q1v + it * 2, *q2 = q2v + it * 2, *ab = am + it * 4, *bb = bmx + it * 4;
        uint8_t q1m[2][2], q2m[2][2];
        __m512i qa[2], qb[2], sq1[2][2], sq2[2][2], e1[2][2], e2[2][2], lp[4], rp[4];
        __m512i alq[2], amc[2], rqb[2], nbr[2];
        /* Q1 = q1[0] S^0 + q1[1] S^1, Q2 likewise */
        for (x = 0; x < 2; x++) {
            for (u = 0; u < 2; u++) {
                q1m[x][u] = (uint8_t)(gf16_mul(q1[0], spow[x * 2 + u]) ^ gf16_mul(q1[1], spow[4 + x * 2 + u]));
                q2m[x][u] = (uint8_t)(gf16_mul(q2[0], spow[x * 2 + u]) ^ gf16_mul(q2[1], spow[4 + x * 2 + u]));
            }
        }
        for (a = 0; a < 2; a++) {
            qa[a] = mat2(&bm, gf16_mul(q1[a], ab[0]), gf16_mul(q1[a], ab[1]), gf16_mul(q1[a], ab[2]),
                         gf16_mul(q1[a], ab[3]));
            qb[a] = mat2(&bm, gf16_mul(q2[a], bb[0]), gf16_mul(q2[a], bb[2]), gf16_mul(q2[a], bb[1]),
                         gf16_mul(q2[a], bb[3]));
        }
        for (x = 0; x < 2; x++) {
            for (u = 0; u < 2; u++) {
                sq1[x][u] = scal(&bm, q1m[x][u]);
                sq2[u][x] = scal(&bm, q2m[u][x]);
            }
        }
        for (r = 0; r < 2; r++) {
            for (c = 0; c < 2; c++) {
                /* nibble r of (A M)[., x] times column c of B; nibble c of (N B)[x, .] times row r of A */
                e1[r][c] = r == 0 ? mat2(&bm, bb[c], 0, bb[2 + c], 0) : mat2(&bm, 0, bb[c], 0, bb[2 + c]);
                e2[r][c] = c == 0 ? mat2(&bm, ab[2 * r], 0, ab[2 * r + 1], 0)
                                  : mat2(&bm, 0, ab[2 * r], 0, ab[2 * r + 1]);
            }
        }
        load_planes(lp, ll + (size_t)ip * 4u * o, o, tk, pb);
        load_planes(rp, rl + (size_t)ip * 4u * o, o, tk, pb);
        for (u = 0; u < 2; u++) {
            alq[u] = _mm512_xor_si512(aff(lp[2 * u], qa[0]), aff(lp[2 * u + 1], qa[1]));
            rqb[u] = _mm512_xor_si512(aff(rp[2 * u], qb[0]), aff(rp[2 * u + 1], qb[1]));
        }
        for (x = 0; x < 2; x++) {
            amc[x] = _mm512_xor_si512(aff(alq[0], sq2[0][x]), aff(alq[1], sq2[1][x]));
            nbr[x] = _mm512_xor_si512(aff(rqb[0], sq1[x][0]), aff(rqb[1], sq1[x][1]));
        }
        for (r = 0; r < 2; r++) {
            for (c = 0; c < 2; c++) {
                for (x = 0; x < 2; x++) {
                    acc[2 * r + c][x] = _mm512_ternarylogic_epi64(acc[2 * r + c][x], aff(amc[x], e1[r][c]),
                                                                  aff(nbr[x], e2[r][c]), 0x96);
                }
            }
        }
    }
    /* row i l^2 + r l + c: byte 2 t + x = plane x byte t (block t's
     * elements x l + y), then the right-hand side in nibble o l^2. The
     * planes are zero past o, so are the row's bytes past 2 o. */
    for (k = 0; k < 4; k++) {
        uint64_t *grow = g + (size_t)(i * 4u + k) * gw;
        uint8_t p0[R2_MAXO], p1[R2_MAXO];
        _mm512_storeu_si512((void *)p0, acc[k][0]);
        _mm512_storeu_si512((void *)p1, acc[k][1]);
        for (c = 0; c < R2_MAXO; c += 32) {
            const __m512i w0 = _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)(const void *)(p0 + c)));
            const __m512i w1 = _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)(const void *)(p1 + c)));
            /* the high byte of each 16-bit lane is zero: a 64-bit shift by 8 moves no bits across lanes */
            _mm512_storeu_si512((void *)(rowb + 2 * c), _mm512_or_si512(w0, _mm512_slli_epi64(w1, 8)));
        }
        memset(rowb + 2 * o, 0, sizeof(rowb) - 2 * o);
        rowb[2 * o] = (uint8_t)(rhs[k] & 15u);
        memcpy(grow, rowb, gw * sizeof(uint64_t));
    }
}

int snova_avx512_gf16_rows(uint64_t *g, size_t gw, const uint64_t *ll, const uint64_t *rl, const uint8_t *abq,
                           const uint8_t *spow, const uint8_t *rhs, unsigned i, unsigned o, unsigned l,
                           uint64_t *work)
{
    /* l, o and gw are public */
    if (l == 4u) {
        return snova_avx512_gf16_rows4(g, gw, ll, rl, abq, spow, rhs, i, o, l, work);
    }
    if (l == 3u || l == 5u) {
        return snova_avx512_gf16_rows_odd(g, gw, ll, rl, abq, spow, rhs, i, o, l, work);
    }
    if (l != 2u || o > R2_MAXO || gw * sizeof(uint64_t) > 2 * R2_MAXO + 64) {
        return PQSIG_NATIVE_FALLBACK;
    }
    rows2_body(g, gw, ll, rl, abq, spow, rhs, i, o);
    return PQSIG_NATIVE_OK;
}

#endif
