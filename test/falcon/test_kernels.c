/* Falcon: the kernels of native/api.h. Each portable twin against its
 * contract (FFT then iFFT gives the integers back, the NTT multiplies
 * negacyclically, so does verification's product, HashToPoint reads the
 * stream as the specification does, SamplerZ centres on mu), and,
 * where the build's backend (PQSIG_BACKEND_META) opts a kernel in, k_native
 * against k_c bit for bit on the same inputs, or, when it declines, with
 * its outputs untouched. Built once per core (fpu, fpemu, decline); the
 * fpu one runs once per kernel set of the build ("--kset avx2"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/kset.h"
#include "check.h"
#include "falcon/kernels.h"
#include "falcon/hash.h"
#include "falcon/keygen.h"
#include "falcon/params.h"

#define MAXN 1024

static uint64_t rng_state = 0x243F6A8885A308D3u;

static uint64_t rnd64(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* trial 0: integer coefficients (iFFT(FFT(f)) must give them back);
 * later trials: values with fractional parts (integers times 1/q), where
 * any regrouping of an operation would show in the low bits. */
static void test_fft(unsigned logn, unsigned trial)
{
    size_t n = FALCON_N(logn), i;
    static fpr f[MAXN], g[MAXN], h[MAXN];
    int64_t v[MAXN];
    int ok = 1;
    for (i = 0; i < n; i++) {
        v[i] = (int64_t)(rnd64() % 4001) - 2000;
        f[i] = trial == 0 ? fpr_of(v[i]) : fpr_mul(fpr_of((int64_t)(rnd64() >> 20) - ((int64_t)1 << 43)),
                                                   fpr_inverse_of_q);
    }
    memcpy(g, f, sizeof f);
    falcon_fft_c(f, logn);
    memcpy(h, f, sizeof f);
    falcon_ifft_c(h, logn);
    for (i = 0; i < n && trial == 0; i++) {
        ok &= fpr_rint(h[i]) == v[i];
    }
    CHECK(ok, "logn %u: iFFT(FFT(f)) = f", logn);
#ifdef PQSIG_FALCON_NATIVE_FFT
    memcpy(h, g, sizeof g);
    if (falcon_fft_native(h, logn) == PQSIG_NATIVE_OK) {
        CHECK(memcmp(h, f, n * sizeof(fpr)) == 0, "logn %u: fft_native = fft_c", logn);
    } else {
        CHECK(memcmp(h, g, n * sizeof(fpr)) == 0, "logn %u: a declined fft leaves f", logn);
    }
#endif
#ifdef PQSIG_FALCON_NATIVE_IFFT
    memcpy(h, f, sizeof f);
    memcpy(g, f, sizeof f);
    falcon_ifft_c(g, logn);
    if (falcon_ifft_native(h, logn) == PQSIG_NATIVE_OK) {
        CHECK(memcmp(h, g, n * sizeof(fpr)) == 0, "logn %u: ifft_native = ifft_c", logn);
    } else {
        CHECK(memcmp(h, f, n * sizeof(fpr)) == 0, "logn %u: a declined ifft leaves f", logn);
    }
#endif
}

/* Split and merge: native against the twins on fractional values, and
 * merge(split(f)) close to f (the twins' contract). */
static void test_split_merge(unsigned logn)
{
    size_t n = FALCON_N(logn), hn = n >> 1, i;
    static fpr f[MAXN], a0[MAXN], a1[MAXN], b0[MAXN], b1[MAXN], g[MAXN], h[MAXN];
    int ok = 1;
    for (i = 0; i < n; i++) {
        f[i] = fpr_mul(fpr_of((int64_t)(rnd64() >> 20) - ((int64_t)1 << 43)), fpr_inverse_of_q);
    }
    falcon_split_c(a0, a1, f, logn);
    falcon_merge_c(g, a0, a1, logn);
    for (i = 0; i < n; i++) {
        /* exact up to rounding: |g - f| well below 2^-20 |f| + 1 */
        ok &= fpr_rint(fpr_mul(g[i], fpr_of(1 << 8))) - fpr_rint(fpr_mul(f[i], fpr_of(1 << 8))) <= 1 &&
              fpr_rint(fpr_mul(f[i], fpr_of(1 << 8))) - fpr_rint(fpr_mul(g[i], fpr_of(1 << 8))) <= 1;
    }
    CHECK(ok, "logn %u: merge(split(f)) = f", logn);
#ifdef PQSIG_FALCON_NATIVE_SPLIT
    memset(b0, 0x5A, sizeof b0);
    memset(b1, 0x5A, sizeof b1);
    memcpy(h, b0, sizeof h);
    if (falcon_split_native(b0, b1, f, logn) == PQSIG_NATIVE_OK) {
        CHECK(memcmp(b0, a0, hn * sizeof(fpr)) == 0 && memcmp(b1, a1, hn * sizeof(fpr)) == 0,
              "logn %u: split_native = split_c", logn);
    } else {
        CHECK(memcmp(b0, h, sizeof h) == 0 && memcmp(b1, h, sizeof h) == 0, "logn %u: a declined split writes nothing",
              logn);
    }
#endif
#ifdef PQSIG_FALCON_NATIVE_MERGE
    memset(h, 0x5A, sizeof h);
    memcpy(b0, h, sizeof h);
    if (falcon_merge_native(h, a0, a1, logn) == PQSIG_NATIVE_OK) {
        CHECK(memcmp(h, g, n * sizeof(fpr)) == 0, "logn %u: merge_native = merge_c", logn);
    } else {
        CHECK(memcmp(h, b0, sizeof h) == 0, "logn %u: a declined merge writes nothing", logn);
    }
#endif
    (void)b0;
    (void)b1;
    (void)h;
    (void)hn;
}

/* a * b mod (q, x^n + 1), schoolbook. */
static void mul_ref(uint16_t *r, const uint16_t *a, const uint16_t *b, size_t n)
{
    static uint64_t acc[2 * MAXN];
    size_t i, j;
    memset(acc, 0, sizeof acc);
    for (i = 0; i < n; i++) {
        for (j = 0; j < n; j++) {
            acc[i + j] += (uint64_t)a[i] * b[j];
        }
    }
    for (i = 0; i < n; i++) {
        uint64_t lo = acc[i] % FALCON_Q, hi = acc[i + n] % FALCON_Q;
        r[i] = (uint16_t)((lo + FALCON_Q - hi) % FALCON_Q);
    }
}

/* trials 1, 2, 3: a = all q - 1, all 0, alternating (the edges of the
 * range); the others random. */
static void test_ntt(unsigned logn, unsigned trial)
{
    size_t n = FALCON_N(logn), i;
    static uint16_t a[MAXN], b[MAXN], r[MAXN], want[MAXN], t[MAXN];
    int ok = 1;
    for (i = 0; i < n; i++) {
        a[i] = (uint16_t)(rnd64() % FALCON_Q);
        b[i] = (uint16_t)(rnd64() % FALCON_Q);
        if (trial >= 1 && trial <= 3) {
            a[i] = trial == 2 || (trial == 3 && (i & 1)) ? 0 : (uint16_t)(FALCON_Q - 1);
        }
    }
    mul_ref(want, a, b, n);
    memcpy(r, a, sizeof a);
    memcpy(t, b, sizeof b);
    falcon_mq_ntt_c(r, logn);
    falcon_mq_ntt_c(t, logn);
    for (i = 0; i < n; i++) {
        ok &= r[i] < FALCON_Q;
        r[i] = (uint16_t)(((uint32_t)r[i] * t[i]) % FALCON_Q);
    }
    falcon_mq_intt_c(r, logn);
    CHECK(ok && memcmp(r, want, n * sizeof(uint16_t)) == 0, "logn %u: intt(ntt(a) ntt(b)) = a b", logn);
#ifdef PQSIG_FALCON_NATIVE_MQ_NTT
    memcpy(r, a, sizeof a);
    memcpy(t, a, sizeof a);
    falcon_mq_ntt_c(t, logn);
    if (falcon_mq_ntt_native(r, logn) == PQSIG_NATIVE_OK) {
        CHECK(memcmp(r, t, n * sizeof(uint16_t)) == 0, "logn %u: mq_ntt_native = mq_ntt_c", logn);
    } else {
        CHECK(memcmp(r, a, n * sizeof(uint16_t)) == 0, "logn %u: a declined mq_ntt leaves a", logn);
    }
#endif
#ifdef PQSIG_FALCON_NATIVE_MQ_INTT
    memcpy(r, a, sizeof a);
    memcpy(t, a, sizeof a);
    falcon_mq_intt_c(t, logn);
    if (falcon_mq_intt_native(r, logn) == PQSIG_NATIVE_OK) {
        CHECK(memcmp(r, t, n * sizeof(uint16_t)) == 0, "logn %u: mq_intt_native = mq_intt_c", logn);
    } else {
        CHECK(memcmp(r, a, n * sizeof(uint16_t)) == 0, "logn %u: a declined mq_intt leaves a", logn);
    }
#endif
}

/* Verification's product s2 h (h in NTT form) against the schoolbook
 * product, and native against the twin. s2 takes every 16-bit value: at
 * degree 1024 the 64 trials run through all of them (trial t holds
 * t * 1024 + i). */
static void test_mul_ntt(unsigned logn, unsigned trial)
{
    size_t n = FALCON_N(logn), i;
    static int16_t s2[MAXN];
    static uint16_t a[MAXN], h[MAXN], hn[MAXN], want[MAXN], t[MAXN], r[MAXN];
    for (i = 0; i < n; i++) {
        s2[i] = (int16_t)(uint16_t)(trial * n + i);
        if (logn < 10) {
            s2[i] = (int16_t)(uint16_t)rnd64();
        }
        a[i] = (uint16_t)(((int32_t)s2[i] % (int32_t)FALCON_Q + (int32_t)FALCON_Q) % (int32_t)FALCON_Q);
        h[i] = (uint16_t)(rnd64() % FALCON_Q);
    }
    mul_ref(want, a, h, n);
    memcpy(hn, h, sizeof h);
    falcon_mq_ntt_c(hn, logn);
    falcon_mq_mul_ntt_c(t, s2, hn, logn);
    CHECK(memcmp(t, want, n * sizeof(uint16_t)) == 0, "logn %u trial %u: mq_mul_ntt_c = s2 h", logn, trial);
#ifdef PQSIG_FALCON_NATIVE_MQ_MUL_NTT
    memset(r, 0xA5, sizeof r);
    if (falcon_mq_mul_ntt_native(r, s2, hn, logn) == PQSIG_NATIVE_OK) {
        CHECK(memcmp(r, t, n * sizeof(uint16_t)) == 0, "logn %u trial %u: mq_mul_ntt native = c", logn, trial);
    } else {
        CHECK(r[0] == 0xA5A5 && r[n - 1] == 0xA5A5, "logn %u: a declined mq_mul_ntt leaves t", logn);
    }
#else
    (void)r;
#endif
}

/* HashToPoint against the specification's reading: two bytes at a time,
 * words >= 5q skipped, the rest taken mod q; and the reduction used for
 * it on every word below 5q. */
static void test_hash_model(unsigned logn, unsigned trial)
{
    size_t n = FALCON_N(logn), got = 0;
    static uint16_t c[MAXN], want[MAXN];
    uint8_t msg[8] = {0};
    pqsig_shake_ctx sc;
    uint32_t w;
    int ok = 1;
    msg[0] = (uint8_t)trial;
    msg[1] = (uint8_t)logn;
    pqsig_shake256_init(&sc);
    pqsig_shake_absorb(&sc, msg, sizeof msg);
    while (got < n) {
        uint8_t two[2];
        pqsig_shake_squeeze(&sc, two, 2);
        w = ((uint32_t)two[0] << 8) | two[1];
        if (w < 5 * FALCON_Q) {
            want[got++] = (uint16_t)(w % FALCON_Q);
        }
    }
    pqsig_shake_release(&sc);
    pqsig_shake256_init(&sc);
    pqsig_shake_absorb(&sc, msg, sizeof msg);
    falcon_hash_to_point(&sc, c, logn);
    pqsig_shake_release(&sc);
    CHECK(memcmp(c, want, n * sizeof(uint16_t)) == 0, "logn %u trial %u: hash_to_point = the model", logn, trial);
    if (logn == 1 && trial == 0) {
        for (w = 0; w < 5 * FALCON_Q; w++) {
            ok &= falcon_red_5q(w) == w % FALCON_Q;
        }
        CHECK(ok, "falcon_red_5q(w) = w mod q for every w < 5q");
    }
}

static void test_hash(unsigned logn)
{
    size_t n = FALCON_N(logn), i;
    static uint16_t c[MAXN], d[MAXN];
    static const uint8_t msg[45] = {1, 2, 3};
    pqsig_shake_ctx sc;
    int ok = 1;
    pqsig_shake256_init(&sc);
    pqsig_shake_absorb(&sc, msg, sizeof msg);
    falcon_hash_to_point_c(&sc, c, logn);
    pqsig_shake_release(&sc);
    for (i = 0; i < n; i++) {
        ok &= c[i] < FALCON_Q;
    }
    CHECK(ok, "logn %u: hash_to_point in [0, q)", logn);
#ifdef PQSIG_FALCON_NATIVE_HASH_TO_POINT
    memset(d, 0xA5, sizeof d);
    pqsig_shake256_init(&sc);
    pqsig_shake_absorb(&sc, msg, sizeof msg);
    if (falcon_hash_to_point_native(&sc, d, logn) == PQSIG_NATIVE_OK) {
        CHECK(memcmp(c, d, n * sizeof(uint16_t)) == 0, "logn %u: hash_to_point native = c", logn);
    } else {
        CHECK(d[0] == 0xA5A5 && d[n - 1] == 0xA5A5, "logn %u: a declined hash_to_point leaves c", logn);
    }
    pqsig_shake_release(&sc);
#else
    (void)d;
#endif
}

/* The generator's eight blocks: native against the twin, with counters
 * whose low word carries inside the eight blocks and one that wraps. */
static void test_chacha(void)
{
    static const uint64_t ctrs[4] = {0, 0xFFFFFFFDu, UINT64_MAX - 3, 0x123456789ABCDEF0u};
    uint32_t key[12], w[128], want[128], keep[128];
    unsigned t, i;
    for (t = 0; t < 4; t++) {
        for (i = 0; i < 12; i++) {
            key[i] = (uint32_t)rnd64();
        }
        falcon_chacha20x8_c(want, key, ctrs[t]);
        /* lanes 1..7 are the blocks that follow lane 0 */
        falcon_chacha20x8_c(w, key, ctrs[t] + 1);
        for (i = 0; i < 16; i++) {
            CHECK(memcmp(&w[8 * i], &want[8 * i + 1], 7 * sizeof w[0]) == 0, "chacha20x8: block order (ctr %u)", t);
        }
#ifdef PQSIG_FALCON_NATIVE_CHACHA20X8
        for (i = 0; i < 128; i++) {
            keep[i] = w[i] = (uint32_t)rnd64();
        }
        if (falcon_chacha20x8_native(w, key, ctrs[t]) == PQSIG_NATIVE_OK) {
            CHECK(memcmp(w, want, sizeof w) == 0, "chacha20x8_native = chacha20x8_c (ctr %u)", t);
        } else {
            CHECK(memcmp(w, keep, sizeof w) == 0, "a declined chacha20x8 leaves w (ctr %u)", t);
        }
#endif
        (void)keep;
    }
}

/* BaseSampler's lookup: native against the twin on random values and at
 * every table entry and its neighbours (u = entry - 1, entry, entry + 1,
 * as 72-bit values). */
static void test_base_sampler(void)
{
    unsigned i, bad = 0, declined = 0, calls = 0;
    for (i = 0; i < 2000 + 3 * FALCON_RCDT_PADDED; i++) {
        uint64_t lo;
        uint32_t top;
        int want;
        if (i < 2000) {
            lo = rnd64();
            top = (uint32_t)(rnd64() & 0xFF);
        } else {
            unsigned e = (i - 2000) / 3;
            /* the entry as hi * 2^40 + lo, plus -1, 0 or +1 */
            uint64_t h = falcon_rcdt_hi[e], l = falcon_rcdt_lo[e] + (uint64_t)((i - 2000) % 3) - 1;
            if (l >> 40) { /* borrow or carry into the high part */
                h += (l >> 63) ? (uint64_t)-1 : 1;
                l &= UINT64_C(0xFFFFFFFFFF);
            }
            h &= UINT64_C(0xFFFFFFFF);
            top = (uint32_t)(h >> 24);
            lo = (h << 40) | l;
        }
        want = falcon_base_sampler_c(lo, top);
        bad += want < 0 || want > (int)FALCON_RCDT_ENTRIES;
#ifdef PQSIG_FALCON_NATIVE_BASE_SAMPLER
        {
            int z = -1;
            calls++;
            if (falcon_base_sampler_native(&z, lo, top) == PQSIG_NATIVE_OK) {
                bad += z != want;
            } else {
                declined++;
                bad += z != -1;
            }
        }
#endif
    }
    CHECK(bad == 0, "base_sampler: %u mismatches (%u of %u calls declined)", bad, declined, calls);
}

/* The NTRU equation: native and twin agree on a key of each degree that
 * key generation made (zero), and on altered ones (nonzero): one
 * coefficient of F or G off by one, f and g swapped, random polynomials. */
static void test_ntru_check(unsigned logn)
{
    static int8_t f[MAXN], g[MAXN], F[MAXN], G[MAXN];
    static uint32_t tmp[6 * MAXN];
    static uint8_t ktmp[FALCON_KEYGEN_TMP_BYTES(10)];
    size_t n = FALCON_N(logn), i;
    uint8_t seed[4] = {'n', 't', 'r', (uint8_t)logn};
    pqsig_shake_ctx sc;
    unsigned t;
    pqsig_shake256_init(&sc);
    pqsig_shake_absorb(&sc, seed, sizeof seed);
    CHECK(falcon_keygen(&sc, f, g, F, G, NULL, logn, ktmp) == 1, "ntru_check: keygen logn %u", logn);
    pqsig_shake_release(&sc);
    for (t = 0; t < 6; t++) {
        uint32_t want, got = 0xDEADu;
        int8_t *a = f, *b = g, *c = F, *d = G;
        size_t at = (size_t)(rnd64() % n);
        if (t == 1) {
            F[at] = (int8_t)(F[at] == 127 ? 126 : F[at] + 1);
        } else if (t == 2) {
            G[at] = (int8_t)(G[at] == -127 ? -126 : G[at] - 1);
        } else if (t == 3) {
            a = g;
            b = f;
        } else if (t >= 4) {
            for (i = 0; i < n; i++) {
                F[i] = (int8_t)((int)(rnd64() % 255) - 127);
            }
        }
        want = falcon_ntru_check_c(a, b, c, d, logn, tmp);
        CHECK((want == 0) == (t == 0), "ntru_check_c logn %u case %u: %u", logn, t, (unsigned)want);
#ifdef PQSIG_FALCON_NATIVE_NTRU_CHECK
        if (falcon_ntru_check_native(&got, a, b, c, d, logn, tmp) == PQSIG_NATIVE_OK) {
            CHECK((got == 0) == (want == 0), "ntru_check_native = ntru_check_c (logn %u case %u)", logn, t);
        } else {
            CHECK(got == 0xDEADu, "a declined ntru_check leaves its result (logn %u)", logn);
        }
#endif
        (void)got;
    }
}

static void test_sampler(void)
{
    falcon_sampler_ctx a, b;
    static const uint8_t seed[48] = {7};
    pqsig_shake_ctx sc;
    fpr mu = fpr_div(fpr_of(-12345), fpr_of(100)), isigma = fpr_div(fpr_one, fpr_scaled(17, -3));
    long sum = 0;
    int i;
    pqsig_shake256_init(&sc);
    pqsig_shake_absorb(&sc, seed, sizeof seed);
    falcon_prng_init(&a.p, &sc);
    pqsig_shake_release(&sc);
    a.sigma_min = fpr_sigma_min[9];
    memcpy(&b, &a, sizeof a);
    for (i = 0; i < 2000; i++) {
        sum += falcon_sampler_z_c(&a, mu, isigma);
    }
    /* The mean of 2000 draws of sigma 2.125 lies within 0.5 of -123.45. */
    CHECK(sum > -2000L * 12395 / 100 && sum < -2000L * 12295 / 100, "SamplerZ centres on mu (sum %ld)", sum);
#ifdef PQSIG_FALCON_NATIVE_SAMPLER_Z
    {
        falcon_sampler_ctx c;
        int z = 0, zc, same = 1, declined = 1;
        memcpy(&a, &b, sizeof b);
        for (i = 0; i < 200; i++) {
            memcpy(&c, &b, sizeof b);
            if (falcon_sampler_z_native(&z, &b, mu, isigma) == PQSIG_NATIVE_OK) {
                declined = 0;
                zc = falcon_sampler_z_c(&a, mu, isigma);
                same &= z == zc && memcmp(&a, &b, sizeof a) == 0;
            } else {
                same &= memcmp(&c, &b, sizeof b) == 0;
                (void)falcon_sampler_z_c(&a, mu, isigma);
                memcpy(&b, &a, sizeof a);
            }
        }
        CHECK(same, "sampler_z native = c (declined: %d)", declined);
    }
#endif
}

int main(int argc, char **argv)
{
    const char *kset = check_kset(argc, argv);
    unsigned logn;
    printf("kernel set %s\n", kset);
    for (logn = 1; logn <= 10; logn++) {
        unsigned trial;
        for (trial = 0; trial < 8; trial++) {
            test_fft(logn, trial);
            test_ntt(logn, trial);
            test_split_merge(logn);
        }
        for (trial = 0; trial < (logn == 10 ? 64u : 8u); trial++) {
            test_mul_ntt(logn, trial);
            test_hash_model(logn, trial);
        }
        test_hash(logn);
    }
    test_sampler();
    test_chacha();
    test_base_sampler();
    test_ntru_check(9);
    test_ntru_check(10);
    return check_done("test_falcon_kernels");
}
