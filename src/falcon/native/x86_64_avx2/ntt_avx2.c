/* Falcon, AVX2: the NTT and inverse NTT modulo q = 12289 of vrfy.c on
 * sixteen 16-bit lanes, for n = 512 and 1024.
 *
 * Every value stays in [0, q). A product by a twiddle factor is a signed
 * Montgomery product with R = 2^16: the factor is stored as zm = z R mod q
 * with zmq = zm q^-1 mod R (ntt_tables_avx2.h, from gen_ntt.py --avx2),
 * and (a zm - m q) / R with m = a zmq mod R lies in (-q, q) and equals
 * a z mod q; one masked addition of q brings it to [0, q). Sums and
 * differences are brought back with an unsigned minimum (x or x - q,
 * whichever does not wrap). The outputs are the canonical residues, so
 * they equal the portable twins' exactly. No branch or address depends on
 * the values.
 *
 * Layers of span 16 and more pair whole vectors, with one factor per
 * group (broadcast). For the last four layers each block of 256
 * coefficients is transposed as a 16 x 16 matrix: vector p then holds
 * position p of each of the block's 16 runs of 16 coefficients, the pairs
 * (p, p + span) of a run are whole vectors again, and lane i takes the
 * factor of run i (gathered per block by the generator). */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "common/native/x86_64/transpose_avx2.h"
#include "falcon/native/x86_64_avx2/meta.h"
#include "falcon/native/x86_64_avx2/ntt_tables_avx2.h"
#include "falcon/params.h"

typedef __m256i v16;

#define LDV(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STV(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))

/* The moduli: q, and the second one of the secret-key check. */
typedef struct {
    int16_t q, qinv;
    const int16_t *m, *mq;                /* forward factors, whole */
    const int16_t *t9m, *t9mq, *t10m, *t10mq; /* forward, per block */
} fwd_tables;

static const fwd_tables tabs_q = {FALCON_Q, FALCON_AVX2_QINV, falcon_avx2_fwd_m, falcon_avx2_fwd_mq,
                                  falcon_avx2_fwd_tail9_m, falcon_avx2_fwd_tail9_mq, falcon_avx2_fwd_tail10_m,
                                  falcon_avx2_fwd_tail10_mq};
static const fwd_tables tabs_q2 = {FALCON_AVX2_Q2, FALCON_AVX2_Q2INV, falcon_avx2_q2_fwd_m,
                                   falcon_avx2_q2_fwd_mq, falcon_avx2_q2_fwd_tail9_m,
                                   falcon_avx2_q2_fwd_tail9_mq, falcon_avx2_q2_fwd_tail10_m,
                                   falcon_avx2_q2_fwd_tail10_mq};

/* a z mod q in [0, q), for a in [0, q); q < 2^15. */
static inline v16 mont(v16 a, v16 zm, v16 zmq, v16 q)
{
    v16 m = _mm256_mullo_epi16(a, zmq);
    v16 t = _mm256_sub_epi16(_mm256_mulhi_epi16(a, zm), _mm256_mulhi_epi16(m, q));
    return _mm256_add_epi16(t, _mm256_and_si256(q, _mm256_srai_epi16(t, 15)));
}

/* x in [0, 2q) to [0, q) (2q < 2^16) */
static inline v16 reduce2q(v16 x, v16 q)
{
    return _mm256_min_epu16(x, _mm256_sub_epi16(x, q));
}

static inline v16 add_q(v16 a, v16 b, v16 q)
{
    return reduce2q(_mm256_add_epi16(a, b), q);
}

static inline v16 sub_q(v16 a, v16 b, v16 q)
{
    return reduce2q(_mm256_add_epi16(_mm256_sub_epi16(a, b), q), q);
}

/* (x, y) -> (x + z y, x - z y) */
static inline void fly_fwd(v16 *x, v16 *y, v16 zm, v16 zmq, v16 q)
{
    v16 t = mont(*y, zm, zmq, q);
    *y = sub_q(*x, t, q);
    *x = add_q(*x, t, q);
}

/* (x, y) -> (x + y, (x - y) z) */
static inline void fly_inv(v16 *x, v16 *y, v16 zm, v16 zmq, v16 q)
{
    v16 d = sub_q(*x, *y, q);
    *x = add_q(*x, *y, q);
    *y = mont(d, zm, zmq, q);
}

/* r[0..15] as a 16 x 16 matrix of 16-bit values, transposed in place. */
static inline void transpose16(v16 r[16])
{
    v16 lo[8], hi[8];
    int k;
    pqsig_avx2_transpose8x16(lo, r);
    pqsig_avx2_transpose8x16(hi, r + 8);
    for (k = 0; k < 8; k++) {
        r[k] = _mm256_permute2x128_si256(lo[k], hi[k], 0x20);
        r[k + 8] = _mm256_permute2x128_si256(lo[k], hi[k], 0x31);
    }
}

/* The last four layers on one transposed block; tm, tmq: the block's 15
 * factor vectors (span 8: 1, span 4: 2, span 2: 4, span 1: 8). */
static inline void tail_fwd(v16 r[16], const int16_t *tm, const int16_t *tmq, v16 q)
{
    unsigned span, h, p;
    size_t f = 0;
    for (span = 8; span >= 1; span >>= 1) {
        for (h = 0; h < 8 / span; h++, f += 16) {
            v16 zm = LDV(tm + f), zmq = LDV(tmq + f);
            for (p = 2 * span * h; p < 2 * span * h + span; p++) {
                fly_fwd(&r[p], &r[p + span], zm, zmq, q);
            }
        }
    }
}

static inline void tail_inv(v16 r[16], const int16_t *tm, const int16_t *tmq, v16 q)
{
    unsigned span, h, p;
    size_t f;
    for (span = 1; span <= 8; span <<= 1) {
        /* the factors of this span start after those of the larger ones */
        f = (size_t)(8 / span - 1) * 16;
        for (h = 0; h < 8 / span; h++, f += 16) {
            v16 zm = LDV(tm + f), zmq = LDV(tmq + f);
            for (p = 2 * span * h; p < 2 * span * h + span; p++) {
                fly_inv(&r[p], &r[p + span], zm, zmq, q);
            }
        }
    }
}

/* The last four layers of every 256-coefficient block, forward or
 * inverse (a constant of the caller, not data), with the block factors
 * tm, tmq (240 per block) of that degree. */
static void tails(uint16_t *a, unsigned logn, const int16_t *tm, const int16_t *tmq, int inverse, v16 q)
{
    size_t b, n = FALCON_N(logn);
    for (b = 0; b < n / 256; b++) {
        v16 r[16];
        unsigned i;
        for (i = 0; i < 16; i++) {
            r[i] = LDV(a + 256 * b + 16 * i);
        }
        transpose16(r);
        if (inverse) {
            tail_inv(r, tm + 240 * b, tmq + 240 * b, q);
        } else {
            tail_fwd(r, tm + 240 * b, tmq + 240 * b, q);
        }
        transpose16(r);
        for (i = 0; i < 16; i++) {
            STV(a + 256 * b + 16 * i, r[i]);
        }
    }
}

/* The forward NTT modulo t->q (n = 512 or 1024, values in [0, t->q)). */
static void ntt_fwd(uint16_t *a, unsigned logn, const fwd_tables *t)
{
    size_t n = FALCON_N(logn), span, start, j, k = 1;
    v16 q = _mm256_set1_epi16(t->q);

    for (span = n >> 1; span >= 16; span >>= 1) {
        for (start = 0; start < n; start += 2 * span, k++) {
            v16 zm = _mm256_set1_epi16(t->m[k]), zmq = _mm256_set1_epi16(t->mq[k]);
            for (j = start; j < start + span; j += 16) {
                v16 x = LDV(a + j), y = LDV(a + j + span);
                fly_fwd(&x, &y, zm, zmq, q);
                STV(a + j, x);
                STV(a + j + span, y);
            }
        }
    }
    tails(a, logn, logn == 9 ? t->t9m : t->t10m, logn == 9 ? t->t9mq : t->t10mq, 0, q);
}

void falcon_mq_ntt_avx2(uint16_t *a, unsigned logn)
{
    ntt_fwd(a, logn, &tabs_q);
}

/* The inverse NTT, its division by n folded into a last product by nm
 * (Montgomery form: nm = (1/n) R mod q gives the plain inverse). */
static void intt_scaled(uint16_t *a, unsigned logn, uint32_t nm)
{
    size_t n = FALCON_N(logn), span, start, j;
    v16 q = _mm256_set1_epi16((int16_t)FALCON_Q);
    v16 vnm = _mm256_set1_epi16((int16_t)nm);
    v16 vnmq = _mm256_set1_epi16((int16_t)(uint16_t)(nm * (uint32_t)(uint16_t)FALCON_AVX2_QINV));

    tails(a, logn, logn == 9 ? falcon_avx2_inv_tail9_m : falcon_avx2_inv_tail10_m,
          logn == 9 ? falcon_avx2_inv_tail9_mq : falcon_avx2_inv_tail10_mq, 1, q);
    for (span = 16; span < n; span <<= 1) {
        size_t k = n / (2 * span);
        for (start = 0; start < n; start += 2 * span, k++) {
            v16 zm = _mm256_set1_epi16(falcon_avx2_inv_m[k]), zmq = _mm256_set1_epi16(falcon_avx2_inv_mq[k]);
            for (j = start; j < start + span; j += 16) {
                v16 x = LDV(a + j), y = LDV(a + j + span);
                fly_inv(&x, &y, zm, zmq, q);
                STV(a + j, x);
                STV(a + j + span, y);
            }
        }
    }
    for (j = 0; j < n; j += 16) {
        STV(a + j, mont(LDV(a + j), vnm, vnmq, q));
    }
}

/* 1/n mod q, times R^r mod q */
static uint32_t ninv_r(unsigned logn, unsigned r)
{
    uint32_t v = FALCON_Q - ((FALCON_Q - 1) >> logn);
    while (r-- > 0) {
        v = (v << 16) % FALCON_Q;
    }
    return v;
}

void falcon_mq_intt_avx2(uint16_t *a, unsigned logn)
{
    intt_scaled(a, logn, ninv_r(logn, 1));
}

void falcon_mq_mul_ntt_avx2(uint16_t *t, const int16_t *s2, const uint16_t *h_ntt, unsigned logn)
{
    size_t n = FALCON_N(logn), j;
    v16 q = _mm256_set1_epi16((int16_t)FALCON_Q), qinv = _mm256_set1_epi16((int16_t)FALCON_AVX2_QINV);
    v16 b = _mm256_set1_epi16(5461);
    /* x mod q for any 16-bit x: floor(x / q) is (mulhi(x, 5461) >> 10) or
     * one less, so x minus that many q lies in [0, q] (every x: the
     * kernel test). */
    for (j = 0; j < n; j += 16) {
        v16 x = LDV(s2 + j);
        v16 k = _mm256_srai_epi16(_mm256_mulhi_epi16(x, b), 10);
        STV(t + j, reduce2q(_mm256_sub_epi16(x, _mm256_mullo_epi16(k, q)), q));
    }
    ntt_fwd(t, logn, &tabs_q);
    /* Montgomery products t h / R; the inverse NTT's last factor takes
     * R^2 / n in place of R / n to give t h / n. */
    for (j = 0; j < n; j += 16) {
        v16 h = LDV(h_ntt + j);
        STV(t + j, mont(LDV(t + j), h, _mm256_mullo_epi16(h, qinv), q));
    }
    intt_scaled(t, logn, ninv_r(logn, 2));
}

/* Small values in [-127, 127] to [0, q). */
static void lift(uint16_t *d, const int8_t *s, size_t n, v16 q)
{
    size_t j;
    for (j = 0; j < n; j += 16) {
        v16 v = _mm256_cvtepi8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(s + j)));
        STV(d + j, _mm256_add_epi16(v, _mm256_and_si256(q, _mm256_srai_epi16(v, 15))));
    }
}

/* f G - g F - q modulo t->q at every NTT point, ORed over the points:
 * zero when it vanishes modulo t->q. The products are Montgomery ones of
 * plain residues (a b / R), so the constant q becomes q / R mod t->q. */
static uint32_t mismatch_mod(const int8_t *f, const int8_t *g, const int8_t *F, const int8_t *G, unsigned logn,
                             uint16_t *tmp, const fwd_tables *t)
{
    size_t n = FALCON_N(logn), j;
    uint16_t *fh = tmp, *gh = fh + n, *Fh = gh + n, *Gh = Fh + n;
    v16 q = _mm256_set1_epi16(t->q), qinv = _mm256_set1_epi16(t->qinv), acc = _mm256_setzero_si256(), want;
    uint32_t w = (uint32_t)FALCON_Q % (uint32_t)t->q, i;
    /* want = q / R mod t->q: divide by 2 sixteen times (add t->q when odd) */
    for (i = 0; i < 16; i++) {
        w = (w + ((uint32_t)t->q & (0u - (w & 1u)))) >> 1;
    }
    want = _mm256_set1_epi16((int16_t)w);
    lift(fh, f, n, q);
    lift(gh, g, n, q);
    lift(Fh, F, n, q);
    lift(Gh, G, n, q);
    ntt_fwd(fh, logn, t);
    ntt_fwd(gh, logn, t);
    ntt_fwd(Fh, logn, t);
    ntt_fwd(Gh, logn, t);
    for (j = 0; j < n; j += 16) {
        v16 vG = LDV(Gh + j), vF = LDV(Fh + j);
        v16 p1 = mont(LDV(fh + j), vG, _mm256_mullo_epi16(vG, qinv), q);
        v16 p2 = mont(LDV(gh + j), vF, _mm256_mullo_epi16(vF, qinv), q);
        acc = _mm256_or_si256(acc, _mm256_xor_si256(sub_q(p1, p2, q), want));
    }
    return (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi16(acc, _mm256_setzero_si256())) ^ 0xFFFFFFFFu;
}

uint32_t falcon_ntru_mismatch_avx2(const int8_t *f, const int8_t *g, const int8_t *F, const int8_t *G,
                                   unsigned logn, uint16_t *tmp)
{
    /* Modulo q and modulo q2 = 18433: f G - g F - q then vanishes modulo
     * q q2 = 226,523,137, and its coefficients are below
     * 2 n 127^2 + q < 2^26 in size, so it is zero. */
    return mismatch_mod(f, g, F, G, logn, tmp, &tabs_q) | mismatch_mod(f, g, F, G, logn, tmp, &tabs_q2);
}
