/* NCC-Sign, AVX2: the NTT engine of ../../ntt.c (its drivers, bounds and
 * tables) with its layers by hand, eight coefficients a vector.
 *
 * A Montgomery product a z R^-1 takes the 64-bit products of the even and
 * of the odd lanes (vpmuludq), with z q^-1 mod 2^32 made once per twiddle,
 * so m needs no product of its own: 7 multiplications for 8 lanes, and no
 * packing of 64-bit lanes back into 32-bit ones but one blend. Compiled
 * from the portable C, the same product took 27 instructions.
 *
 * Every layer computes exactly the portable one's values (the same lazy
 * sums and bounds, the same reductions), so results equal the twins'.
 * Layers whose blocks are shorter than a vector run two blocks a vector
 * (h = 4 and 12: a block in each 128-bit half) or eight blocks a group
 * of vectors transposed (4 x 4 in each half: h = 1, and h = 3 as three
 * chunks of 4 points). Nothing branches on or is indexed by coefficient
 * values. */
#include <immintrin.h>

#include "nccsign/native/api.h"
#include "nccsign/native/x86_64_avx2/meta.h"

#undef ncc_ntt_c
#undef ncc_invntt_c
#undef ncc_reduce2q_c
#undef ncc_pointwise_c
#undef ncc_ntt_from_spec_c
#define ncc_ntt_c ncc_avx2_ntt
#define ncc_invntt_c ncc_avx2_invntt
#define ncc_reduce2q_c ncc_avx2_reduce2q
#define ncc_pointwise_c ncc_avx2_pointwise
#define ncc_ntt_from_spec_c ncc_avx2_ntt_from_spec

/* ntt.c calls avx2_<layer> for each of its layers: declared here, defined
 * below, where the portable layers are in scope for the fallback. */
#define NCC_LAYER(name) avx2_##name
#include "nccsign/ntt_tables.h"
static void avx2_fwd_split(uint32_t *a, uint32_t z, uint32_t qinv);
static void avx2_fwd_radix2x2(uint32_t *a, size_t h, const uint32_t *tw, uint32_t qinv);
static void avx2_inv_radix2x2(uint32_t *a, size_t h, const uint32_t *tw, uint32_t b0, uint32_t b1, int red1,
                              int red2, uint32_t qinv, uint32_t rq);
static void avx2_inv_merge(uint32_t *a, uint32_t bound, uint32_t qinv);
#if NCC_NTT_R3_LAYERS > 0
static void avx2_fwd_radix3(uint32_t *a, size_t len, const uint32_t *tw, uint32_t qinv);
static void avx2_inv_radix3(uint32_t *a, size_t len, const uint32_t *tw, uint32_t bound, int reduce,
                            uint32_t qinv, uint32_t rq);
#endif
/* (ncc_invntt_c's lone radix-2 layer is a run-time branch: always built) */
static void avx2_inv_radix2(uint32_t *a, size_t len, const uint32_t *tw, uint32_t bound, int reduce,
                            uint32_t qinv, uint32_t rq);
#if NCC_NTT_R2_LAYERS % 2
static void avx2_fwd_radix2(uint32_t *a, size_t len, const uint32_t *tw, uint32_t qinv);
#endif
#if NCC_NTT_BASE == 3
static void avx2_base_mul(uint32_t *r, const uint32_t *a, const uint32_t *b, uint32_t qinv);
#endif

#include "nccsign/ntt.c"

typedef __m256i v256;

static inline v256 ld(const uint32_t *p)
{
    return _mm256_loadu_si256((const __m256i *)p);
}

static inline void st(uint32_t *p, v256 v)
{
    _mm256_storeu_si256((__m256i *)p, v);
}

static inline v256 bc(uint32_t x)
{
    return _mm256_set1_epi32((int)x);
}

/* The twiddles of the lanes: even lanes' z and z q^-1 (low halves of the
 * 64-bit lanes), odd lanes' moved down. */
typedef struct {
    v256 e, o, qe, qo;
} twv;

static inline twv tw_bcast(uint32_t z, uint32_t qinv)
{
    const v256 a = bc(z), b = bc(z * qinv);
    twv t = {a, a, b, b};
    return t;
}

static inline twv tw_lanes(v256 z, v256 vqinv)
{
    const v256 zq = _mm256_mullo_epi32(z, vqinv);
    twv t = {z, _mm256_srli_epi64(z, 32), zq, _mm256_srli_epi64(zq, 32)};
    return t;
}

/* a z R^-1, in [0, 2q), for a z < q 2^32: mont_mul of ntt.c lane by lane
 * (m = (a z mod 2^32) q^-1 mod 2^32 = a (z q^-1) mod 2^32). */
static inline v256 mont(v256 a, twv t, v256 vq)
{
    const v256 ao = _mm256_srli_epi64(a, 32);
    v256 pe = _mm256_mul_epu32(a, t.e), po = _mm256_mul_epu32(ao, t.o);
    const v256 me = _mm256_mul_epu32(a, t.qe), mo = _mm256_mul_epu32(ao, t.qo);
    pe = _mm256_add_epi64(pe, _mm256_mul_epu32(me, vq));
    po = _mm256_add_epi64(po, _mm256_mul_epu32(mo, vq));
    return _mm256_blend_epi32(_mm256_srli_epi64(pe, 32), po, 0xAA);
}

/* barrett of ntt.c lane by lane: a - floor(a V / 2^54) q. */
static inline v256 barrett_v(v256 a, v256 vv, v256 vq)
{
    const v256 te = _mm256_srli_epi64(_mm256_mul_epu32(a, vv), 54);
    const v256 to = _mm256_srli_epi64(_mm256_mul_epu32(_mm256_srli_epi64(a, 32), vv), 54);
    const v256 t = _mm256_blend_epi32(te, _mm256_slli_epi64(to, 32), 0xAA);
    return _mm256_sub_epi32(a, _mm256_mullo_epi32(t, vq));
}

/* The lanes of a 4-row group of eight blocks of 4 (h = 1): r[k] holds
 * blocks 2k and 2k + 1; after transpose4, x[i] holds point i of blocks
 * 0, 2, 4, 6, 1, 3, 5, 7 (lane order). Its own inverse. */
static inline void transpose4(v256 x[4])
{
    const v256 t0 = _mm256_unpacklo_epi32(x[0], x[1]), t1 = _mm256_unpackhi_epi32(x[0], x[1]);
    const v256 t2 = _mm256_unpacklo_epi32(x[2], x[3]), t3 = _mm256_unpackhi_epi32(x[2], x[3]);
    x[0] = _mm256_unpacklo_epi64(t0, t2);
    x[1] = _mm256_unpackhi_epi64(t0, t2);
    x[2] = _mm256_unpacklo_epi64(t1, t3);
    x[3] = _mm256_unpackhi_epi64(t1, t3);
}

/* Twiddles of eight blocks in that lane order: tw[0..8) one a block, or
 * from pairs tw[2k], tw[2k + 1] the first (sel 0) or the second (sel 1). */
static inline v256 lanes_of_8(const uint32_t *tw)
{
    return _mm256_permutevar8x32_epi32(ld(tw), _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7));
}

static inline v256 lanes_of_pairs(const uint32_t *tw, int sel)
{
    const v256 idx = sel ? _mm256_setr_epi32(1, 5, 1, 5, 3, 7, 3, 7) : _mm256_setr_epi32(0, 4, 0, 4, 2, 6, 2, 6);
    return _mm256_blend_epi32(_mm256_permutevar8x32_epi32(ld(tw), idx), _mm256_permutevar8x32_epi32(ld(tw + 8), idx),
                              0xCC);
}

/* Two blocks a vector (h = 4, 12): lanes 0..3 from p, 4..7 from p + d. */
static inline v256 ld2(const uint32_t *p, size_t d)
{
    return _mm256_loadu2_m128i((const __m128i *)(p + d), (const __m128i *)p);
}

static inline void st2(uint32_t *p, size_t d, v256 v)
{
    _mm256_storeu2_m128i((__m128i *)(p + d), (__m128i *)p, v);
}

static inline v256 pair(uint32_t lo, uint32_t hi)
{
    return _mm256_set_m128i(_mm_set1_epi32((int)hi), _mm_set1_epi32((int)lo));
}

/* Eight blocks of 12 (h = 3) from p, as 12 vectors: c[i] holds point i of
 * the blocks in transpose4's lane order. A block is three 4-point chunks;
 * chunk r of blocks 2k, 2k + 1 makes one vector, and each chunk's four
 * vectors are transposed. put12 stores them back. */
static inline void get12(v256 c[12], const uint32_t *p)
{
    unsigned r, k;
    for (r = 0; r < 3; r++) {
        for (k = 0; k < 4; k++) {
            c[4 * r + k] = ld2(p + 24 * k + 4 * r, 12);
        }
        transpose4(c + 4 * r);
    }
}

static inline void put12(uint32_t *p, v256 c[12])
{
    unsigned r, k;
    for (r = 0; r < 3; r++) {
        transpose4(c + 4 * r);
        for (k = 0; k < 4; k++) {
            st2(p + 24 * k + 4 * r, 12, c[4 * r + k]);
        }
    }
}

/* ---- forward ---- */

static void avx2_fwd_split(uint32_t *a, uint32_t z, uint32_t qinv)
{
    const v256 vq = bc(Q), q2 = bc(2 * Q);
    const twv t = tw_bcast(z, qinv);
    size_t j;
    for (j = 0; j < NCC_N / 2; j += 8) {
        const v256 lo = ld(a + j), hi = ld(a + j + NCC_N / 2);
        const v256 m = mont(hi, t, vq);
        st(a + j + NCC_N / 2, _mm256_sub_epi32(_mm256_add_epi32(_mm256_add_epi32(lo, hi), q2), m));
        st(a + j, _mm256_add_epi32(lo, m));
    }
}

/* fwd_radix2x2's butterflies on four rows. */
static inline void fwd_r2x2_body(v256 x[4], twv z1, twv z2a, twv z2b, v256 vq, v256 q2)
{
    const v256 t2 = mont(x[2], z1, vq), t3 = mont(x[3], z1, vq);
    const v256 y2 = _mm256_sub_epi32(_mm256_add_epi32(x[0], q2), t2), y0 = _mm256_add_epi32(x[0], t2);
    const v256 y3 = _mm256_sub_epi32(_mm256_add_epi32(x[1], q2), t3), y1 = _mm256_add_epi32(x[1], t3);
    const v256 u1 = mont(y1, z2a, vq), u3 = mont(y3, z2b, vq);
    x[0] = _mm256_add_epi32(y0, u1);
    x[1] = _mm256_sub_epi32(_mm256_add_epi32(y0, q2), u1);
    x[2] = _mm256_add_epi32(y2, u3);
    x[3] = _mm256_sub_epi32(_mm256_add_epi32(y2, q2), u3);
}

static void avx2_fwd_radix2x2(uint32_t *a, size_t h, const uint32_t *tw, uint32_t qinv)
{
    const size_t blocks = NCC_N / (4 * h);
    const uint32_t *tw2 = tw + blocks;
    const v256 vq = bc(Q), q2 = bc(2 * Q), vqinv = bc(qinv);
    size_t b, j, k;
    v256 x[4];
    if (h % 8 == 0) {
        for (b = 0; b < blocks; b++) {
            uint32_t *p = a + 4 * h * b;
            const twv z1 = tw_bcast(tw[b], qinv), za = tw_bcast(tw2[2 * b], qinv),
                      zb = tw_bcast(tw2[2 * b + 1], qinv);
            for (j = 0; j < h; j += 8) {
                for (k = 0; k < 4; k++) {
                    x[k] = ld(p + j + k * h);
                }
                fwd_r2x2_body(x, z1, za, zb, vq, q2);
                for (k = 0; k < 4; k++) {
                    st(p + j + k * h, x[k]);
                }
            }
        }
    } else if (h % 4 == 0) {
        for (b = 0; b < blocks; b += 2) {
            uint32_t *p = a + 4 * h * b;
            const twv z1 = tw_lanes(pair(tw[b], tw[b + 1]), vqinv);
            const twv za = tw_lanes(pair(tw2[2 * b], tw2[2 * b + 2]), vqinv);
            const twv zb = tw_lanes(pair(tw2[2 * b + 1], tw2[2 * b + 3]), vqinv);
            for (j = 0; j < h; j += 4) {
                for (k = 0; k < 4; k++) {
                    x[k] = ld2(p + j + k * h, 4 * h);
                }
                fwd_r2x2_body(x, z1, za, zb, vq, q2);
                for (k = 0; k < 4; k++) {
                    st2(p + j + k * h, 4 * h, x[k]);
                }
            }
        }
    } else if (h == 1) {
        for (b = 0; b < blocks; b += 8) {
            uint32_t *p = a + 4 * b;
            const twv z1 = tw_lanes(lanes_of_8(tw + b), vqinv);
            const twv za = tw_lanes(lanes_of_pairs(tw2 + 2 * b, 0), vqinv);
            const twv zb = tw_lanes(lanes_of_pairs(tw2 + 2 * b, 1), vqinv);
            for (k = 0; k < 4; k++) {
                x[k] = ld(p + 8 * k);
            }
            transpose4(x);
            fwd_r2x2_body(x, z1, za, zb, vq, q2);
            transpose4(x);
            for (k = 0; k < 4; k++) {
                st(p + 8 * k, x[k]);
            }
        }
    } else if (h == 3) {
        for (b = 0; b < blocks; b += 8) {
            const twv z1 = tw_lanes(lanes_of_8(tw + b), vqinv);
            const twv za = tw_lanes(lanes_of_pairs(tw2 + 2 * b, 0), vqinv);
            const twv zb = tw_lanes(lanes_of_pairs(tw2 + 2 * b, 1), vqinv);
            v256 c[12];
            get12(c, a + 12 * b);
            for (j = 0; j < 3; j++) {
                for (k = 0; k < 4; k++) {
                    x[k] = c[3 * k + j];
                }
                fwd_r2x2_body(x, z1, za, zb, vq, q2);
                for (k = 0; k < 4; k++) {
                    c[3 * k + j] = x[k];
                }
            }
            put12(a + 12 * b, c);
        }
    } else {
        fwd_radix2x2(a, h, tw, qinv);
    }
}

#if NCC_NTT_R2_LAYERS % 2
static void avx2_fwd_radix2(uint32_t *a, size_t len, const uint32_t *tw, uint32_t qinv)
{
    const v256 vq = bc(Q), q2 = bc(2 * Q);
    size_t start, j;
    if (len % 8 != 0) {
        fwd_radix2(a, len, tw, qinv);
        return;
    }
    for (start = 0; start < NCC_N; start += 2 * len) {
        uint32_t *lo = a + start, *hi = lo + len;
        const twv z = tw_bcast(*tw++, qinv);
        for (j = 0; j < len; j += 8) {
            const v256 l = ld(lo + j), t = mont(ld(hi + j), z, vq);
            st(hi + j, _mm256_sub_epi32(_mm256_add_epi32(l, q2), t));
            st(lo + j, _mm256_add_epi32(l, t));
        }
    }
}
#endif

#if NCC_NTT_R3_LAYERS > 0
static void avx2_fwd_radix3(uint32_t *a, size_t len, const uint32_t *tw, uint32_t qinv)
{
    const v256 vq = bc(Q), q2 = bc(2 * Q), q4 = bc(4 * Q);
    const twv w = tw_bcast(NCC_NTT_W_MONT, qinv);
    size_t start, j;
    if (len % 8 != 0) {
        fwd_radix3(a, len, tw, qinv);
        return;
    }
    for (start = 0; start < NCC_N; start += 3 * len, tw += 2) {
        uint32_t *x0 = a + start, *x1 = x0 + len, *x2 = x1 + len;
        const twv z1 = tw_bcast(tw[0], qinv), z2 = tw_bcast(tw[1], qinv);
        for (j = 0; j < len; j += 8) {
            const v256 t1 = mont(ld(x1 + j), z1, vq), t2 = mont(ld(x2 + j), z2, vq);
            const v256 m = mont(_mm256_sub_epi32(_mm256_add_epi32(t1, q2), t2), w, vq);
            const v256 f0 = ld(x0 + j);
            st(x0 + j, _mm256_add_epi32(_mm256_add_epi32(f0, t1), t2));
            st(x1 + j, _mm256_add_epi32(_mm256_sub_epi32(_mm256_add_epi32(f0, q2), t2), m));
            st(x2 + j, _mm256_sub_epi32(_mm256_sub_epi32(_mm256_add_epi32(f0, q4), t1), m));
        }
    }
}
#endif

/* ---- inverse ---- */

/* inv_radix2x2's butterflies on four rows. */
static inline void inv_r2x2_body(v256 x[4], twv y1, twv y2, twv y3, v256 b0, v256 b1, int red1, int red2,
                                 v256 vv, v256 vq)
{
    v256 s0 = _mm256_add_epi32(x[0], x[1]), s2 = _mm256_add_epi32(x[2], x[3]), o0, o1, o2, o3;
    const v256 d1 = mont(_mm256_sub_epi32(_mm256_add_epi32(x[0], b0), x[1]), y1, vq);
    const v256 d3 = mont(_mm256_sub_epi32(_mm256_add_epi32(x[2], b0), x[3]), y2, vq);
    if (red1) {
        s0 = barrett_v(s0, vv, vq);
        s2 = barrett_v(s2, vv, vq);
    }
    o0 = _mm256_add_epi32(s0, s2);
    o2 = mont(_mm256_sub_epi32(_mm256_add_epi32(s0, b1), s2), y3, vq);
    o1 = _mm256_add_epi32(d1, d3);
    o3 = mont(_mm256_sub_epi32(_mm256_add_epi32(d1, b1), d3), y3, vq);
    if (red2) {
        o0 = barrett_v(o0, vv, vq);
        o1 = barrett_v(o1, vv, vq);
    }
    x[0] = o0;
    x[1] = o1;
    x[2] = o2;
    x[3] = o3;
}

static void avx2_inv_radix2x2(uint32_t *a, size_t h, const uint32_t *tw, uint32_t b0, uint32_t b1, int red1,
                              int red2, uint32_t qinv, uint32_t rq)
{
    const size_t blocks = NCC_N / (4 * h);
    const uint32_t *tw3 = tw + 2 * blocks;
    const v256 vq = bc(Q), vv = bc(NCC_BARRETT_V), vqinv = bc(qinv), vb0 = bc(b0), vb1 = bc(b1);
    size_t b, j, k;
    v256 x[4];
    (void)rq;
    if (h % 8 == 0) {
        for (b = 0; b < blocks; b++) {
            uint32_t *p = a + 4 * h * b;
            const twv y1 = tw_bcast(tw[2 * b], qinv), y2 = tw_bcast(tw[2 * b + 1], qinv),
                      y3 = tw_bcast(tw3[b], qinv);
            for (j = 0; j < h; j += 8) {
                for (k = 0; k < 4; k++) {
                    x[k] = ld(p + j + k * h);
                }
                inv_r2x2_body(x, y1, y2, y3, vb0, vb1, red1, red2, vv, vq);
                for (k = 0; k < 4; k++) {
                    st(p + j + k * h, x[k]);
                }
            }
        }
    } else if (h % 4 == 0) {
        for (b = 0; b < blocks; b += 2) {
            uint32_t *p = a + 4 * h * b;
            const twv y1 = tw_lanes(pair(tw[2 * b], tw[2 * b + 2]), vqinv);
            const twv y2 = tw_lanes(pair(tw[2 * b + 1], tw[2 * b + 3]), vqinv);
            const twv y3 = tw_lanes(pair(tw3[b], tw3[b + 1]), vqinv);
            for (j = 0; j < h; j += 4) {
                for (k = 0; k < 4; k++) {
                    x[k] = ld2(p + j + k * h, 4 * h);
                }
                inv_r2x2_body(x, y1, y2, y3, vb0, vb1, red1, red2, vv, vq);
                for (k = 0; k < 4; k++) {
                    st2(p + j + k * h, 4 * h, x[k]);
                }
            }
        }
    } else if (h == 1) {
        for (b = 0; b < blocks; b += 8) {
            uint32_t *p = a + 4 * b;
            const twv y1 = tw_lanes(lanes_of_pairs(tw + 2 * b, 0), vqinv);
            const twv y2 = tw_lanes(lanes_of_pairs(tw + 2 * b, 1), vqinv);
            const twv y3 = tw_lanes(lanes_of_8(tw3 + b), vqinv);
            for (k = 0; k < 4; k++) {
                x[k] = ld(p + 8 * k);
            }
            transpose4(x);
            inv_r2x2_body(x, y1, y2, y3, vb0, vb1, red1, red2, vv, vq);
            transpose4(x);
            for (k = 0; k < 4; k++) {
                st(p + 8 * k, x[k]);
            }
        }
    } else if (h == 3) {
        for (b = 0; b < blocks; b += 8) {
            const twv y1 = tw_lanes(lanes_of_pairs(tw + 2 * b, 0), vqinv);
            const twv y2 = tw_lanes(lanes_of_pairs(tw + 2 * b, 1), vqinv);
            const twv y3 = tw_lanes(lanes_of_8(tw3 + b), vqinv);
            v256 c[12];
            get12(c, a + 12 * b);
            for (j = 0; j < 3; j++) {
                for (k = 0; k < 4; k++) {
                    x[k] = c[3 * k + j];
                }
                inv_r2x2_body(x, y1, y2, y3, vb0, vb1, red1, red2, vv, vq);
                for (k = 0; k < 4; k++) {
                    c[3 * k + j] = x[k];
                }
            }
            put12(a + 12 * b, c);
        }
    } else {
        inv_radix2x2(a, h, tw, b0, b1, red1, red2, qinv, rq);
    }
}

static void avx2_inv_radix2(uint32_t *a, size_t len, const uint32_t *tw, uint32_t bound, int reduce,
                            uint32_t qinv, uint32_t rq)
{
    const v256 vq = bc(Q), vv = bc(NCC_BARRETT_V), vb = bc(bound);
    size_t start, j;
    if (len % 8 != 0) {
        inv_radix2(a, len, tw, bound, reduce, qinv, rq);
        return;
    }
    for (start = 0; start < NCC_N; start += 2 * len) {
        uint32_t *lo = a + start, *hi = lo + len;
        const twv z = tw_bcast(*tw++, qinv);
        for (j = 0; j < len; j += 8) {
            const v256 x = ld(lo + j), y = ld(hi + j);
            const v256 s = _mm256_add_epi32(x, y);
            st(lo + j, reduce ? barrett_v(s, vv, vq) : s);
            st(hi + j, mont(_mm256_sub_epi32(_mm256_add_epi32(x, vb), y), z, vq));
        }
    }
}

#if NCC_NTT_R3_LAYERS > 0
static void avx2_inv_radix3(uint32_t *a, size_t len, const uint32_t *tw, uint32_t bound, int reduce,
                            uint32_t qinv, uint32_t rq)
{
    const v256 vq = bc(Q), vv = bc(NCC_BARRETT_V), vb = bc(bound), vb2 = bc(bound + 2 * Q);
    const twv w = tw_bcast(NCC_NTT_W_MONT, qinv);
    size_t start, j;
    if (len % 8 != 0) {
        inv_radix3(a, len, tw, bound, reduce, qinv, rq);
        return;
    }
    for (start = 0; start < NCC_N; start += 3 * len, tw += 2) {
        uint32_t *x0 = a + start, *x1 = x0 + len, *x2 = x1 + len;
        const twv r1 = tw_bcast(tw[0], qinv), r2 = tw_bcast(tw[1], qinv);
        for (j = 0; j < len; j += 8) {
            const v256 f0 = ld(x0 + j), f1 = ld(x1 + j), f2 = ld(x2 + j);
            const v256 m = mont(_mm256_sub_epi32(_mm256_add_epi32(f1, vb), f2), w, vq);
            const v256 s = _mm256_add_epi32(_mm256_add_epi32(f0, f1), f2);
            const v256 v1 = _mm256_sub_epi32(_mm256_sub_epi32(_mm256_add_epi32(f0, vb2), f1), m);
            const v256 v2 = _mm256_add_epi32(_mm256_sub_epi32(_mm256_add_epi32(f0, vb), f2), m);
            st(x0 + j, reduce ? barrett_v(s, vv, vq) : s);
            st(x1 + j, mont(v1, r1, vq));
            st(x2 + j, mont(v2, r2, vq));
        }
    }
}
#endif

static void avx2_inv_merge(uint32_t *a, uint32_t bound, uint32_t qinv)
{
    const v256 vq = bc(Q), vb = bc(bound), vqinv = bc(qinv), klo = bc(NCC_INTT_K_LO), w6 = bc(NCC_NTT_W6_MONT);
    const v256 c2 = _mm256_set1_epi64x((long long)(2 * (uint64_t)Q * Q));
    const twv khi = tw_bcast(NCC_INTT_K_HI, qinv);
    size_t j;
    for (j = 0; j < NCC_N / 2; j += 8) {
        const v256 a1 = ld(a + j), a2 = ld(a + j + NCC_N / 2);
        const v256 hi = mont(_mm256_sub_epi32(_mm256_add_epi32(a1, vb), a2), khi, vq);
        /* lo = mont_reduce(a1 K_LO + 2 q^2 - hi w6), even and odd lanes */
        v256 xe = _mm256_sub_epi64(_mm256_add_epi64(_mm256_mul_epu32(a1, klo), c2), _mm256_mul_epu32(hi, w6));
        v256 xo = _mm256_sub_epi64(_mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(a1, 32), klo), c2),
                                   _mm256_mul_epu32(_mm256_srli_epi64(hi, 32), w6));
        v256 lo;
        xe = _mm256_add_epi64(xe, _mm256_mul_epu32(_mm256_mul_epu32(xe, vqinv), vq));
        xo = _mm256_add_epi64(xo, _mm256_mul_epu32(_mm256_mul_epu32(xo, vqinv), vq));
        lo = _mm256_blend_epi32(_mm256_srli_epi64(xe, 32), xo, 0xAA);
        /* csub(x, q) for x < 2q: the smaller of x and x - q (which wraps
         * when x < q) */
        st(a + j, _mm256_min_epu32(lo, _mm256_sub_epi32(lo, vq)));
        st(a + j + NCC_N / 2, _mm256_min_epu32(hi, _mm256_sub_epi32(hi, vq)));
    }
}

#if NCC_NTT_BASE == 3
/* ---- products of degree-2 residues (n = 1536) ----
 * Eight residues (24 coefficients, three vectors) at a time, moved to one
 * vector per coefficient: lane L of A_k is coefficient k of residue L, that
 * is word 3L + k, found in vector (3L + k) / 8 at lane (3L + k) mod 8. */
static inline void deal3(v256 out[3], const uint32_t *p)
{
    const v256 v0 = ld(p), v1 = ld(p + 8), v2 = ld(p + 16);
    unsigned k;
    for (k = 0; k < 3; k++) {
        /* source lanes (3L + k) mod 8; blends: lanes whose word is in v1, v2 */
        static const int32_t idx[3][8] = {{0, 3, 6, 1, 4, 7, 2, 5}, {1, 4, 7, 2, 5, 0, 3, 6}, {2, 5, 0, 3, 6, 1, 4, 7}};
        const v256 ix = _mm256_loadu_si256((const __m256i *)(const void *)idx[k]);
        v256 x = _mm256_permutevar8x32_epi32(v0, ix);
        const v256 x1 = _mm256_permutevar8x32_epi32(v1, ix), x2 = _mm256_permutevar8x32_epi32(v2, ix);
        if (k == 0) {
            x = _mm256_blend_epi32(_mm256_blend_epi32(x, x1, 0x38), x2, 0xC0);
        } else if (k == 1) {
            x = _mm256_blend_epi32(_mm256_blend_epi32(x, x1, 0x18), x2, 0xE0);
        } else {
            x = _mm256_blend_epi32(_mm256_blend_epi32(x, x1, 0x1C), x2, 0xE0);
        }
        out[k] = x;
    }
}

/* deal3 undone: word m of vector j is coefficient (8j + m) mod 3 of
 * residue (8j + m) / 3. */
static inline void gather3(uint32_t *p, const v256 in[3])
{
    static const int32_t idx[3][8] = {{0, 0, 0, 1, 1, 1, 2, 2}, {2, 3, 3, 3, 4, 4, 4, 5}, {5, 5, 6, 6, 6, 7, 7, 7}};
    unsigned j;
    for (j = 0; j < 3; j++) {
        const v256 ix = _mm256_loadu_si256((const __m256i *)(const void *)idx[j]);
        const v256 r0 = _mm256_permutevar8x32_epi32(in[0], ix), r1 = _mm256_permutevar8x32_epi32(in[1], ix);
        const v256 r2 = _mm256_permutevar8x32_epi32(in[2], ix);
        v256 x;
        /* lanes m with (8j + m) mod 3 = 1 from r1, = 2 from r2 */
        if (j == 0) {
            x = _mm256_blend_epi32(_mm256_blend_epi32(r0, r1, 0x92), r2, 0x24);
        } else if (j == 1) {
            x = _mm256_blend_epi32(_mm256_blend_epi32(r0, r1, 0x24), r2, 0x49);
        } else {
            x = _mm256_blend_epi32(_mm256_blend_epi32(r0, r1, 0x49), r2, 0x92);
        }
        st(p + 8 * j, x);
    }
}

/* mont_reduce of 64-bit lanes, the result left in their high halves. */
static inline v256 mred64(v256 x, v256 vqinv, v256 vq)
{
    return _mm256_add_epi64(x, _mm256_mul_epu32(_mm256_mul_epu32(x, vqinv), vq));
}

/* mul3 of ntt.c on the residues of the 64-bit lanes (operands in their
 * low halves); results in the high halves. */
static inline void mul3_lanes(v256 r[3], const v256 a[3], const v256 b[3], v256 zeta, v256 vqinv, v256 vq)
{
    const v256 x0 = _mm256_mul_epu32(a[0], b[0]);
    const v256 x1 = _mm256_add_epi64(_mm256_mul_epu32(a[0], b[1]), _mm256_mul_epu32(a[1], b[0]));
    const v256 x2 = _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(a[0], b[2]), _mm256_mul_epu32(a[1], b[1])),
                                     _mm256_mul_epu32(a[2], b[0]));
    const v256 x3 = _mm256_add_epi64(_mm256_mul_epu32(a[1], b[2]), _mm256_mul_epu32(a[2], b[1]));
    const v256 x4 = _mm256_mul_epu32(a[2], b[2]);
    const v256 t3 = _mm256_srli_epi64(mred64(x3, vqinv, vq), 32), t4 = _mm256_srli_epi64(mred64(x4, vqinv, vq), 32);
    r[0] = mred64(_mm256_add_epi64(x0, _mm256_mul_epu32(t3, zeta)), vqinv, vq);
    r[1] = mred64(_mm256_add_epi64(x1, _mm256_mul_epu32(t4, zeta)), vqinv, vq);
    r[2] = mred64(x2, vqinv, vq);
}

static void avx2_base_mul(uint32_t *r, const uint32_t *a, const uint32_t *b, uint32_t qinv)
{
    const v256 vq = bc(Q), vqinv = bc(qinv), dup = _mm256_setr_epi32(0, 0, 1, 1, 2, 2, 3, 3);
    size_t g;
    unsigned k;
    for (g = 0; g < NCC_N / 24; g++) {
        /* residues 8g .. 8g + 7: zeta_k, then q - zeta_k, for k = 4g .. 4g + 3 */
        const v256 zz = _mm256_permutevar8x32_epi32(
            _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(BASE_ZETAS + 4 * g))), dup);
        const v256 zeta = _mm256_blend_epi32(zz, _mm256_sub_epi32(vq, zz), 0xAA);
        v256 av[3], bv[3], ao[3], bo[3], re[3], ro[3];
        deal3(av, a + 24 * g);
        deal3(bv, b + 24 * g);
        for (k = 0; k < 3; k++) {
            ao[k] = _mm256_srli_epi64(av[k], 32);
            bo[k] = _mm256_srli_epi64(bv[k], 32);
        }
        mul3_lanes(re, av, bv, zeta, vqinv, vq);
        mul3_lanes(ro, ao, bo, _mm256_srli_epi64(zeta, 32), vqinv, vq);
        for (k = 0; k < 3; k++) {
            re[k] = _mm256_blend_epi32(_mm256_srli_epi64(re[k], 32), ro[k], 0xAA);
        }
        gather3(r + 24 * g, re);
    }
}
#endif
