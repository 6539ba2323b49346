/* Falcon key generation (keygen.h): drawing and screening candidates
 * (f, g); the NTRU solver is in keygen_solve.c. */
#include "falcon/keygen.h"

#include "common/ct.h"
#include "falcon/fft.h"
#include "falcon/keygen_int.h"
#include "falcon/vrfy.h"

/* ---- reading the SHAKE256 stream ---- */

/* Round 3 reads the stream 8 bytes at a time (little-endian 64-bit
 * words); reading it in larger blocks gives the same words. */
#define RNG_BLOCK (2 * PQSIG_SHAKE256_RATE)

typedef struct {
    pqsig_shake_ctx *sc;
    size_t pos;
    uint8_t buf[RNG_BLOCK];
} rng_reader;

static uint64_t rng_u64(rng_reader *r)
{
    const uint8_t *b;
    if (r->pos + 8 > RNG_BLOCK) {
        pqsig_shake_squeeze(r->sc, r->buf, RNG_BLOCK);
        r->pos = 0;
    }
    b = r->buf + r->pos;
    r->pos += 8;
    return (uint64_t)b[0] | ((uint64_t)b[1] << 8) | ((uint64_t)b[2] << 16) | ((uint64_t)b[3] << 24) |
           ((uint64_t)b[4] << 32) | ((uint64_t)b[5] << 40) | ((uint64_t)b[6] << 48) | ((uint64_t)b[7] << 56);
}

/* ---- the discrete Gaussian of the secret polynomials ---- */

/* Half-Gaussian of standard deviation sigma = 1.17 sqrt(q / 2048) (for
 * degree 1024), as 63-bit fixed-point probabilities: entry 0 is P(x = 0);
 * entry k > 0 is P(|x| > k | x != 0). (Round 3's table.) */
static const uint64_t gauss_table[27] = {
    1283868770400643928u, 6416574995475331444u, 4078260278032692663u, 2353523259288686585u,
    1227179971273316331u, 575931623374121527u,  242543240509105209u,  91437049221049666u,
    30799446349977173u,   9255276791179340u,    2478152334826140u,    590642893610164u,
    125206034929641u,     23590435911403u,      3948334035941u,       586753615614u,
    77391054539u,         9056793210u,          940121950u,           86539696u,
    7062824u,             510971u,              32764u,               1862u,
    94u,                  4u,                   0u};

/* One coefficient for degree 2^logn: the sum of 2^(10 - logn) draws of
 * the degree-1024 distribution (variances add up), each from two 64-bit
 * words: the first gives the sign (top bit) and whether the draw is 0,
 * the second the magnitude. The table decreases strictly and ends with 0,
 * so the magnitude (the first k >= 1 with b >= entry k) is one more than
 * the number of entries 1..25 above b: a full scan, constant time. */
static int32_t gauss_coef(rng_reader *r, unsigned logn)
{
    uint32_t reps = 1u << (10 - logn), t;
    int32_t sum = 0;
    for (t = 0; t < reps; t++) {
        uint64_t a = rng_u64(r), b;
        uint32_t neg = (uint32_t)(a >> 63), zero, mag = 1, k;
        a &= ~((uint64_t)1 << 63);
        zero = (uint32_t)((a - gauss_table[0]) >> 63); /* a < P(0) */
        b = rng_u64(r) & ~((uint64_t)1 << 63);
        for (k = 1; k < 26; k++) {
            mag += (uint32_t)((b - gauss_table[k]) >> 63);
        }
        mag &= zero - 1u;
        sum += (int32_t)mag * (1 - 2 * (int32_t)neg);
    }
    return sum;
}

/* A secret polynomial with coefficients in [-127, 127] and an odd sum
 * (so that its resultant with x^n + 1 is odd, as the GCD at the bottom of
 * the solver requires). As in round 3, an out-of-range coefficient is
 * drawn again, and so is the last one while the parity is wrong. */
static void gauss_poly(rng_reader *r, int8_t *f, unsigned logn)
{
    size_t n = (size_t)1 << logn, i;
    uint32_t parity = 0;
    for (i = 0; i < n; i++) {
        int32_t s;
        for (;;) {
            uint32_t again;
            s = gauss_coef(r, logn);
            again = ((uint32_t)(s + 127) | (uint32_t)(127 - s)) >> 31;
            if (i == n - 1) {
                again |= ((parity ^ (uint32_t)s) & 1u) ^ 1u;
            }
            /* A redrawn value is discarded. Out of range happens only for
             * logn <= 2; the parity redraw has probability 1/2 up to a
             * negligible bias, independently of the kept values. */
            PQSIG_CT_DECLASSIFY(&again, sizeof again);
            if (!again) {
                break;
            }
        }
        parity ^= (uint32_t)s & 1u;
        f[i] = (int8_t)s;
    }
}

/* ---- screening a candidate ---- */

/* Bits per coefficient of f and g in the secret-key encoding, by logn. */
static const uint8_t fg_bits_max[11] = {0, 8, 8, 8, 8, 8, 7, 7, 6, 6, 5};

/* 1 when every coefficient of f and g is in (-2^(b-1), 2^(b-1)). */
static uint32_t fits_encoding(const int8_t *f, const int8_t *g, unsigned logn)
{
    size_t n = (size_t)1 << logn, i;
    uint32_t lim = (1u << (fg_bits_max[logn] - 1)) - 1u, bad = 0;
    for (i = 0; i < n; i++) {
        int32_t a = (int32_t)f[i] + (int32_t)lim, b = (int32_t)g[i] + (int32_t)lim;
        bad |= ((uint32_t)a | (uint32_t)((int32_t)(2 * lim) - a) | (uint32_t)b | (uint32_t)((int32_t)(2 * lim) - b)) >> 31;
    }
    return bad ^ 1u;
}

/* 1 when ||(g, -f)||^2 < 1.17^2 q = 16822.41 (integers: <= 16822). */
static uint32_t short_enough(const int8_t *f, const int8_t *g, unsigned logn)
{
    size_t n = (size_t)1 << logn, i;
    uint32_t s = 0;
    for (i = 0; i < n; i++) {
        s += (uint32_t)((int32_t)f[i] * f[i]) + (uint32_t)((int32_t)g[i] * g[i]);
    }
    /* At most 2 * 1024 * 127^2 < 2^31: no overflow. */
    return (s - 16823u) >> 31;
}

/* 1 when the other half of the Gram-Schmidt basis, q (adj f, adj g) /
 * (f adj f + g adj g), also has squared norm below 1.17^2 q. In floating
 * point, with round 3's operations in round 3's order. tmp: 3n fpr. */
static uint32_t gs_short_enough(const int8_t *f, const int8_t *g, unsigned logn, fpr *tmp)
{
    size_t n = (size_t)1 << logn, i;
    fpr *a = tmp, *b = a + n, *inv = b + n, sq = fpr_zero;
    for (i = 0; i < n; i++) {
        a[i] = fpr_of(f[i]);
        b[i] = fpr_of(g[i]);
    }
    falcon_FFT(a, logn);
    falcon_FFT(b, logn);
    falcon_poly_invnorm2_fft(inv, a, b, logn);
    falcon_poly_adj_fft(a, logn);
    falcon_poly_adj_fft(b, logn);
    falcon_poly_mulconst(a, fpr_q, logn);
    falcon_poly_mulconst(b, fpr_q, logn);
    falcon_poly_mul_autoadj_fft(a, inv, logn);
    falcon_poly_mul_autoadj_fft(b, inv, logn);
    falcon_iFFT(a, logn);
    falcon_iFFT(b, logn);
    for (i = 0; i < n; i++) {
        sq = fpr_add(sq, fpr_sqr(a[i]));
        sq = fpr_add(sq, fpr_sqr(b[i]));
    }
    return (uint32_t)fpr_lt(sq, fpr_bnorm_max);
}

int falcon_check_sk(const int8_t *f, const int8_t *g, const int8_t *F, const int8_t *G, unsigned logn,
                    uint8_t *tmp)
{
    uint32_t ok;
    if (logn < 1 || logn > 10) {
        return 0;
    }
    ok = short_enough(f, g, logn);
    ok &= gs_short_enough(f, g, logn, (fpr *)(void *)tmp);
    ok &= (uint32_t)(falcon_ntru_check(f, g, F, G, logn, (uint32_t *)(void *)tmp) == 0);
    /* A key that fails is reported as malformed: the verdict is public. */
    PQSIG_CT_DECLASSIFY(&ok, sizeof ok);
    return ok == 1;
}

int falcon_keygen(pqsig_shake_ctx *rng, int8_t *f, int8_t *g, int8_t *F, int8_t *G, uint16_t *h, unsigned logn,
                  uint8_t *tmp)
{
    size_t n;
    rng_reader rd;

    if (logn < 1 || logn > 10) {
        return 0;
    }
    n = (size_t)1 << logn;
    rd.sc = rng;
    rd.pos = RNG_BLOCK;

    for (;;) {
        uint32_t ok;
        uint16_t *hh;

        gauss_poly(&rd, f, logn);
        gauss_poly(&rd, g, logn);

        /* Each test below rejects the candidate, which is then discarded:
         * its verdict may be public. */
        ok = fits_encoding(f, g, logn);
        PQSIG_CT_DECLASSIFY(&ok, sizeof ok);
        if (!ok) {
            continue;
        }
        ok = short_enough(f, g, logn);
        PQSIG_CT_DECLASSIFY(&ok, sizeof ok);
        if (!ok) {
            continue;
        }
        ok = gs_short_enough(f, g, logn, (fpr *)(void *)tmp);
        PQSIG_CT_DECLASSIFY(&ok, sizeof ok);
        if (!ok) {
            continue;
        }
        /* h = g/f mod q; f must be invertible. */
        hh = h != NULL ? h : (uint16_t *)(void *)tmp;
        ok = (uint32_t)falcon_compute_public(hh, f, g, logn, tmp + (h != NULL ? 0 : 2 * n));
        PQSIG_CT_DECLASSIFY(&ok, sizeof ok);
        if (!ok) {
            continue;
        }
        /* F and G (round 3 allows |F|, |G| <= 127 for every degree). */
        if (falcon_kg_solve(logn, F, G, f, g, (uint32_t *)(void *)tmp)) {
            break;
        }
    }
    pqsig_zeroize(rd.buf, sizeof rd.buf);
    return 1;
}

uint32_t falcon_ntru_check_c(const int8_t *f, const int8_t *g, const int8_t *F, const int8_t *G, unsigned logn,
                             uint32_t *tmp)
{
    return falcon_kg_ntru_mismatch(f, g, F, G, logn, tmp);
}
