/* SNOVA, odd prime q, AVX2: the kernels on whole 4 x 4 blocks (l = 4):
 * the final combination of the map (snova_gfq_finish_c) and the block stage
 * of the signing system (snova_gfq_rows_c), native/api.h.
 *
 * A 4 x 4 matrix is one vector, element [r][c] in 16-bit lane 4 r + c
 * (row r in 64-bit word r). A product X Y is the sum over k of X's column
 * k spread along the rows (one vpshufb) times Y's row k spread down the
 * columns (one vpermq): 64 products in four vpmullw. The portable kernels
 * put the oil blocks (rows) or the l^2 pairs (a, b) (finish) in their
 * lanes and multiply by broadcast scalars; here every lane is used.
 *
 * Block stage: each coefficient block of the system (entry [r][c] of
 * O_t[x][y]'s coefficient) is, for fixed (t, r, x), the vector over (c, y)
 *     Bt * (A M_t)[r][x] + A_r * (N_t B)[x][c],
 * with Bt[c][y] = B[y][c] and A_r[c][y] = A[r][y] fixed for a term alpha.
 * The terms alpha with the same i' = i + alpha mod o share R_i', so the
 * loop runs over i' and then its terms: R_i' is laid out once (eight oil
 * blocks at a time, from lanes to rows by 8 x 8 transpositions) into a
 * buffer that is wiped at the end.
 *
 * Sums stay below 2^16 (checked below) and are reduced as the portable
 * kernels' are, or partially (below 2 q) where they only feed further
 * products: the same classes, and every output reduced, so the same results.
 *
 * A, B, Q1, Q2 and S are public (the public key's); R, D and everything
 * made from them may be secret (signing) and go only through vector
 * arithmetic and fixed shuffles: no branch or address depends on them. */
#include "snova/native/api.h"
#include "snova/native/x86_64_avx2/meta.h"

#if SNOVA_Q != 16
#if SNOVA_L != 4
#error "written for l = 4, the l of every odd-q set"
#endif
#if 20 * 2 * (SNOVA_Q - 1) * (2 * SNOVA_Q - 1) > 65535
#error "the coefficient sums need wider lanes"
#endif
#include <immintrin.h>
#include <string.h>

#include "snova/gfq/scalar.h"
#include "snova/native/x86_64_avx2/gfq_lanes.h"
#include "snova/native/x86_64_avx2/words_avx2.h"

#define ALPHA_L4 20u /* l^2 + l */

/* x mod q up to q: below 2 q, the same class (gfq_red16 without its last
 * correction). Products of such values by elements, four at a time, and
 * 20 terms' coefficients of two such products stay below 2^16 (checked
 * above); only the sums leave the kernel, reduced by red16_v. */
static inline __m256i part_v(__m256i x)
{
    const __m256i t = _mm256_mulhi_epu16(x, _mm256_set1_epi16((short)(65536u / SNOVA_Q)));
    return _mm256_sub_epi16(x, _mm256_mullo_epi16(t, _mm256_set1_epi16(SNOVA_Q)));
}

/* vpshufb controls: column k of each row spread along it (COL), and for a
 * matrix whose rows all hold row k of X, X[k][r] along row r (TRN). */
static const uint8_t col_ctl[4][32] = {
    {0, 1, 0, 1, 0, 1, 0, 1, 8, 9, 8, 9, 8, 9, 8, 9, 0, 1, 0, 1, 0, 1, 0, 1, 8, 9, 8, 9, 8, 9, 8, 9},
    {2, 3, 2, 3, 2, 3, 2, 3, 10, 11, 10, 11, 10, 11, 10, 11, 2, 3, 2, 3, 2, 3, 2, 3, 10, 11, 10, 11, 10, 11, 10, 11},
    {4, 5, 4, 5, 4, 5, 4, 5, 12, 13, 12, 13, 12, 13, 12, 13, 4, 5, 4, 5, 4, 5, 4, 5, 12, 13, 12, 13, 12, 13, 12, 13},
    {6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15, 6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15}};
static const uint8_t trn_ctl[32] = {0, 1, 0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3, 2, 3,
                                    4, 5, 4, 5, 4, 5, 4, 5, 6, 7, 6, 7, 6, 7, 6, 7};
/* bytes of a 4 x 4 byte matrix transposed */
static const uint8_t byte_trn[16] = {0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15};

static inline __m256i ctl(const uint8_t *c)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)c);
}

/* row k of x in every row (k a literal) */
#define ROW(x, k) _mm256_permute4x64_epi64((x), 0x55 * (k))

static inline uint32_t load32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static inline __m256i widen16(const uint8_t *p)
{
    return _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)p));
}

/* x y unreduced, x's columns given spread (xc) */
static inline __m256i mul_xc_sum(const __m256i xc[4], __m256i y)
{
    __m256i s = _mm256_mullo_epi16(xc[0], ROW(y, 0));
    s = _mm256_add_epi16(s, _mm256_mullo_epi16(xc[1], ROW(y, 1)));
    s = _mm256_add_epi16(s, _mm256_mullo_epi16(xc[2], ROW(y, 2)));
    return _mm256_add_epi16(s, _mm256_mullo_epi16(xc[3], ROW(y, 3)));
}

/* x y unreduced, y's rows given spread (yr) */
static inline __m256i mul_yr_sum(__m256i x, const __m256i yr[4])
{
    __m256i s = _mm256_mullo_epi16(_mm256_shuffle_epi8(x, ctl(col_ctl[0])), yr[0]);
    s = _mm256_add_epi16(s, _mm256_mullo_epi16(_mm256_shuffle_epi8(x, ctl(col_ctl[1])), yr[1]));
    s = _mm256_add_epi16(s, _mm256_mullo_epi16(_mm256_shuffle_epi8(x, ctl(col_ctl[2])), yr[2]));
    return _mm256_add_epi16(s, _mm256_mullo_epi16(_mm256_shuffle_epi8(x, ctl(col_ctl[3])), yr[3]));
}

/* x^t y with y's rows given spread (yr) */
static inline __m256i tmul_yr(__m256i x, const __m256i yr[4])
{
    const __m256i tc = ctl(trn_ctl);
    __m256i s = _mm256_mullo_epi16(_mm256_shuffle_epi8(ROW(x, 0), tc), yr[0]);
    s = _mm256_add_epi16(s, _mm256_mullo_epi16(_mm256_shuffle_epi8(ROW(x, 1), tc), yr[1]));
    s = _mm256_add_epi16(s, _mm256_mullo_epi16(_mm256_shuffle_epi8(ROW(x, 2), tc), yr[2]));
    return part_v(_mm256_add_epi16(s, _mm256_mullo_epi16(_mm256_shuffle_epi8(ROW(x, 3), tc), yr[3])));
}

/* x's rows, each spread down the columns */
static inline void rows_of(__m256i out[4], __m256i x)
{
    out[0] = ROW(x, 0);
    out[1] = ROW(x, 1);
    out[2] = ROW(x, 2);
    out[3] = ROW(x, 3);
}

/* 8 rows of 8 lanes transposed */
static inline void transpose8(__m128i r[8])
{
    __m128i a[8], b[8];
    unsigned k;
    for (k = 0; k < 4; k++) {
        a[2 * k] = _mm_unpacklo_epi16(r[2 * k], r[2 * k + 1]);
        a[2 * k + 1] = _mm_unpackhi_epi16(r[2 * k], r[2 * k + 1]);
    }
    for (k = 0; k < 2; k++) {
        b[4 * k] = _mm_unpacklo_epi32(a[4 * k], a[4 * k + 2]);
        b[4 * k + 1] = _mm_unpackhi_epi32(a[4 * k], a[4 * k + 2]);
        b[4 * k + 2] = _mm_unpacklo_epi32(a[4 * k + 1], a[4 * k + 3]);
        b[4 * k + 3] = _mm_unpackhi_epi32(a[4 * k + 1], a[4 * k + 3]);
    }
    for (k = 0; k < 4; k++) {
        r[2 * k] = _mm_unpacklo_epi64(b[k], b[k + 4]);
        r[2 * k + 1] = _mm_unpackhi_epi64(b[k], b[k + 4]);
    }
}

/* Oil blocks t0 .. t0 + 7 of R_p (lanes, rl as api.h lays it out) into
 * rows: rt[t - t0][u l^2 + k] = R_p[(t, u)][k]. */
static void lay_out(uint16_t rt[8][64], const uint16_t *rl, unsigned p, unsigned t0, size_t tp)
{
    const uint16_t *src = rl + (size_t)p * 64 * tp + t0;
    unsigned j0, k;
    for (j0 = 0; j0 < 64; j0 += 8) { /* rows u l^2 + k of R_p, eight at a time */
        __m128i r[8];
        for (k = 0; k < 8; k++) {
            r[k] = _mm_loadu_si128((const __m128i *)(const void *)(src + k * tp));
        }
        transpose8(r);
        for (k = 0; k < 8; k++) {
            _mm_storeu_si128((__m128i *)(void *)(&rt[k][j0]), r[k]);
        }
        src += 8 * tp;
    }
}

/* What a term alpha fixes (public): q1, q2 broadcast, A's columns, B's
 * rows, Q1's columns, Q2's rows spread, Bt and A's rows spread. */
typedef struct {
    __m256i q1[4], q2[4], ac[4], br[4], q1c[4], q2r[4], bt, ar[4];
} term_consts;

/* s1 = sum_k w1[k] x[k] and s2 = sum_k w2[k] x[k], lane by lane (unreduced). */
static inline void wsum2(__m256i *s1, __m256i *s2, const __m256i w1[4], const __m256i w2[4], const __m256i x[4])
{
    __m256i m1 = _mm256_mullo_epi16(w1[0], x[0]), m2 = _mm256_mullo_epi16(w2[0], x[0]);
    unsigned k;
    for (k = 1; k < 4; k++) {
        m1 = _mm256_add_epi16(m1, _mm256_mullo_epi16(w1[k], x[k]));
        m2 = _mm256_add_epi16(m2, _mm256_mullo_epi16(w2[k], x[k]));
    }
    *s1 = m1;
    *s2 = m2;
}

static void term_prepare(term_consts *tc, const uint8_t *abq, const __m256i sp[4], unsigned o, size_t it)
{
    const uint8_t *am = abq + it * 16, *bm = abq + ((size_t)o * ALPHA_L4 + it) * 16;
    const uint8_t *q1 = abq + (size_t)o * ALPHA_L4 * 32 + it * 4, *q2 = q1 + (size_t)o * ALPHA_L4 * 4;
    const __m256i a = widen16(am), b = widen16(bm);
    __m256i m1, m2;
    unsigned k;
    for (k = 0; k < 4; k++) {
        tc->q1[k] = _mm256_set1_epi16((short)q1[k]);
        tc->q2[k] = _mm256_set1_epi16((short)q2[k]);
        tc->ac[k] = _mm256_shuffle_epi8(a, ctl(col_ctl[k]));
    }
    wsum2(&m1, &m2, tc->q1, tc->q2, sp); /* Q = sum_a q[a] S^a */
    m1 = red16_v(m1);
    m2 = red16_v(m2);
    for (k = 0; k < 4; k++) {
        tc->q1c[k] = _mm256_shuffle_epi8(m1, ctl(col_ctl[k]));
    }
    rows_of(tc->br, b);
    rows_of(tc->q2r, m2);
    rows_of(tc->ar, a);
    tc->bt = _mm256_cvtepu8_epi16(_mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)bm),
                                                   _mm_loadu_si128((const __m128i *)(const void *)byte_trn)));
}

/* One coefficient of term alpha for oil block t: acc (16 vectors, (r, x))
 * += Bt (A M_t)[r][x] + A_r (N_t B)[x][.] spread, from R_i' (r4: the four
 * rows u, 16 elements each). */
static inline void term_block(__m256i *acc, const term_consts *tc, const uint16_t *r4)
{
    __m256i rk[4], l_t, k_t, am, nb, nbx[4], amr[4];
    unsigned k, r;
    for (k = 0; k < 4; k++) {
        rk[k] = _mm256_loadu_si256((const __m256i *)(const void *)(r4 + 16 * k));
    }
    snova_avx2_words_transpose(rk); /* rk[k][u][x] = R[(t, u)][k l + x] */
    wsum2(&l_t, &k_t, tc->q1, tc->q2, rk); /* l_t = L_t^t, k_t = K_t */
    l_t = part_v(l_t);
    k_t = part_v(k_t);
    am = part_v(mul_xc_sum(tc->ac, tmul_yr(l_t, tc->q2r)));    /* A (L_t Q2) */
    nb = part_v(mul_yr_sum(part_v(mul_xc_sum(tc->q1c, k_t)), tc->br)); /* (Q1 K_t) B */
    rows_of(nbx, nb);
    rows_of(amr, am);
    for (k = 0; k < 4; k++) {
        nbx[k] = _mm256_shuffle_epi8(nbx[k], ctl(trn_ctl)); /* lanes (c, y): (N_t B)[k][c] */
    }
    for (r = 0; r < 4; r++) {
        for (k = 0; k < 4; k++) {
            const __m256i s = _mm256_shuffle_epi8(amr[r], ctl(col_ctl[k]));
            const __m256i d = _mm256_add_epi16(_mm256_mullo_epi16(tc->bt, s), _mm256_mullo_epi16(tc->ar[r], nbx[k]));
            _mm256_storeu_si256(acc + 4 * r + k, _mm256_add_epi16(_mm256_loadu_si256(acc + 4 * r + k), d));
        }
    }
}

void snova_avx2_gfq_rows(uint16_t *g, size_t gw, const uint16_t *rl, const uint8_t *abq, const uint8_t *spow,
                         const uint8_t *rhs, unsigned i, unsigned o, uint16_t *work)
{
    const unsigned tp = (o + 7u) & ~7u, nu = o * 16;
    uint16_t rt[8][64];
    __m256i sp[4], *acc = (__m256i *)(void *)work; /* work: l^4 tp lanes, 256 o used */
    unsigned p, t0, t, a, r, c, k;

    for (k = 0; k < 4; k++) {
        sp[k] = widen16(spow + 16 * k);
    }
    for (k = 0; k < 16 * o; k++) {
        _mm256_storeu_si256(acc + k, _mm256_setzero_si256());
    }
    for (p = 0; p < o; p++) {
        /* the terms alpha with i + alpha = p mod o */
        const unsigned a0 = (p + o - i % o) % o;
        for (t0 = 0; t0 < o; t0 += 8) {
            lay_out(rt, rl, p, t0, tp);
            for (a = a0; a < ALPHA_L4; a += o) {
                term_consts tc;
                term_prepare(&tc, abq, sp, o, (size_t)i * ALPHA_L4 + a);
                for (t = t0; t < o && t < t0 + 8; t++) {
                    term_block(acc + 16 * t, &tc, rt[t - t0]);
                }
            }
        }
    }
    /* row (r, c) of the equation, columns t l^2 + x l + y: word c of the
     * sums of (t, r, x) */
    for (t = 0; t < o; t++) {
        for (r = 0; r < 4; r++) {
            __m256i v[4];
            for (k = 0; k < 4; k++) {
                v[k] = red16_v(_mm256_loadu_si256(acc + 16 * t + 4 * r + k));
            }
            snova_avx2_words_transpose(v);
            for (c = 0; c < 4; c++) {
                _mm256_storeu_si256((__m256i *)(void *)(g + (size_t)(i * 16 + r * 4 + c) * gw + t * 16), v[c]);
            }
        }
    }
    for (r = 0; r < 16; r++) {
        uint16_t *grow = g + (size_t)(i * 16 + r) * gw;
        grow[nu] = rhs[r];
        for (c = nu + 1; c < gw; c++) {
            grow[c] = 0;
        }
    }
    /* R is secret: its rows wiped, the stores kept by an asm that claims
     * to read them (work is the caller's to wipe) */
    for (k = 0; k < 8 * 64; k += 16) {
        _mm256_storeu_si256((__m256i *)(void *)(&rt[0][0] + k), _mm256_setzero_si256());
    }
    __asm__ __volatile__("" : : "r"(&rt[0][0]) : "memory");
}

/* ---- The final combination (api.h, snova_gfq_finish_c) ----
 * For each p, the sixteen blocks D_p[a][b] (one words transposition per
 * a), then for each term alpha with i = p - alpha mod o:
 *   acc_i += A (sum_a q1[a] sum_b q2[b] D_p[a][b]) B,
 * the inner sums partially reduced, A (.) fully (20 terms of l (q - 1)^2
 * per sum, kernels.c's check), acc reduced at the end. */
void snova_avx2_gfq_finish(uint8_t *out, const uint16_t *d, const uint8_t *abq, unsigned o)
{
    const uint8_t *am = abq, *bm = abq + (size_t)o * ALPHA_L4 * 16;
    const uint8_t *q1v = bm + (size_t)o * ALPHA_L4 * 16, *q2v = q1v + (size_t)o * ALPHA_L4 * 4;
    __m256i acc[SNOVA_MAXO];
    unsigned p, a, b, t, k;

    for (k = 0; k < o; k++) {
        acc[k] = _mm256_setzero_si256();
    }
    for (p = 0; p < o; p++) {
        __m256i dab[4][4]; /* D_p[a][b] */
        for (a = 0; a < 4; a++) {
            for (k = 0; k < 4; k++) {
                dab[a][k] = _mm256_loadu_si256((const __m256i *)(const void *)(d + (size_t)p * 256 + (a * 4 + k) * 16));
            }
            snova_avx2_words_transpose(dab[a]);
        }
        for (t = 0; t < ALPHA_L4; t++) {
            const unsigned ii = (p + o - t % o) % o;
            const size_t it = (size_t)ii * ALPHA_L4 + t;
            const __m256i q1 = _mm256_broadcastq_epi64(_mm_cvtepu8_epi16(_mm_cvtsi32_si128((int)load32(q1v + it * 4))));
            const __m256i q2 = _mm256_broadcastq_epi64(_mm_cvtepu8_epi16(_mm_cvtsi32_si128((int)load32(q2v + it * 4))));
            const __m256i av = widen16(am + it * 16);
            __m256i mid = _mm256_setzero_si256(), left, br[4], q1s[4], q2s[4], ac[4];
            for (k = 0; k < 4; k++) { /* q1[k], q2[k] and A's column k spread */
                q1s[k] = _mm256_shuffle_epi8(q1, ctl(col_ctl[k]));
                q2s[k] = _mm256_shuffle_epi8(q2, ctl(col_ctl[k]));
                ac[k] = _mm256_shuffle_epi8(av, ctl(col_ctl[k]));
            }
            for (a = 0; a < 4; a++) {
                __m256i s = _mm256_setzero_si256();
                for (b = 0; b < 4; b++) {
                    s = _mm256_add_epi16(s, _mm256_mullo_epi16(q2s[b], dab[a][b]));
                }
                mid = _mm256_add_epi16(mid, _mm256_mullo_epi16(q1s[a], part_v(s)));
            }
            left = red16_v(mul_xc_sum(ac, part_v(mid)));
            rows_of(br, widen16(bm + it * 16));
            acc[ii] = _mm256_add_epi16(acc[ii], mul_yr_sum(left, br));
        }
    }
    for (k = 0; k < o; k++) {
        const __m256i v = red16_v(acc[k]);
        _mm_storeu_si128((__m128i *)(void *)(out + 16 * k),
                         _mm_packus_epi16(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1)));
        acc[k] = _mm256_setzero_si256();
    }
    /* the sums may be secret (signing): wiped, the stores kept by an asm
     * that claims to read them */
    __asm__ __volatile__("" : : "r"(&acc[0]) : "memory");
}
#else
/* A q = 16 shape: nothing here (ISO C wants a declaration). */
typedef int snova_avx2_gfq_rows_none;
#endif
