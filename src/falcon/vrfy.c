/* Falcon: arithmetic modulo q = 12289 (vrfy.h). */
#include "falcon/vrfy.h"

#include "common/ct.h"
#include "falcon/ntt_tables.h"

#define Q FALCON_Q

/* a * b mod q for a, b < q (the product is below 2^28): Barrett with
 * m = floor(2^40 / q), one conditional subtraction as a mask. */
static inline uint32_t mq_mul(uint32_t a, uint32_t b)
{
    uint32_t x = a * b;
    uint32_t t = (uint32_t)(((uint64_t)x * UINT64_C(89471204)) >> 40);
    uint32_t r = x - t * Q;
    r -= Q & (uint32_t)-(int32_t)(r >= Q);
    return r;
}

static inline uint32_t mq_add(uint32_t a, uint32_t b)
{
    uint32_t r = a + b;
    r -= Q & (uint32_t)-(int32_t)(r >= Q);
    return r;
}

static inline uint32_t mq_sub(uint32_t a, uint32_t b)
{
    uint32_t r = a + Q - b;
    r -= Q & (uint32_t)-(int32_t)(r >= Q);
    return r;
}

/* A signed value in (-q, q) to [0, q). */
static inline uint32_t mq_lift(int32_t x)
{
    return (uint32_t)(x + ((int32_t)Q & -(int32_t)((uint32_t)x >> 31)));
}

/* [0, q) to (-q/2, q/2]. */
static inline int32_t mq_centre(uint32_t x)
{
    return (int32_t)x - (int32_t)(Q & (uint32_t)-(int32_t)(x > Q / 2));
}

/* x^(q-2) = 1/x for x != 0 (and 0 for x = 0): a fixed addition chain on
 * the exponent 12287 = 0b10111111111111. */
static uint32_t mq_inv(uint32_t x)
{
    uint32_t r = x, i;
    /* Bits after the leading one: 0, then twelve ones. */
    r = mq_mul(r, r);
    for (i = 0; i < 12; i++) {
        r = mq_mul(mq_mul(r, r), x);
    }
    return r;
}

void falcon_mq_ntt_c(uint16_t *a, unsigned logn)
{
    size_t n = FALCON_N(logn), len, start, j, k = 1;
    for (len = n >> 1; len >= 1; len >>= 1) {
        for (start = 0; start < n; start += 2 * len) {
            uint32_t z = falcon_ntt_psi[k++];
            for (j = start; j < start + len; j++) {
                uint32_t t = mq_mul(z, a[j + len]);
                uint32_t u = a[j];
                a[j] = (uint16_t)mq_add(u, t);
                a[j + len] = (uint16_t)mq_sub(u, t);
            }
        }
    }
}

void falcon_mq_intt_c(uint16_t *a, unsigned logn)
{
    size_t n = FALCON_N(logn), len, start, j, k = n;
    /* 1/n mod q: q - (q - 1)/n. */
    uint32_t ninv = Q - ((Q - 1) >> logn);
    for (len = 1; len < n; len <<= 1) {
        for (start = n; start > 0; start -= 2 * len) {
            size_t s = start - 2 * len;
            uint32_t z = falcon_ntt_ipsi[--k];
            for (j = s; j < s + len; j++) {
                uint32_t u = a[j], v = a[j + len];
                a[j] = (uint16_t)mq_add(u, v);
                a[j + len] = (uint16_t)mq_mul(mq_sub(u, v), z);
            }
        }
    }
    for (j = 0; j < n; j++) {
        a[j] = (uint16_t)mq_mul(a[j], ninv);
    }
}

static void lift_small(uint16_t *d, const int8_t *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        d[i] = (uint16_t)mq_lift(s[i]);
    }
}

/* d = d / b pointwise in the NTT domain; returns an all-ones mask when
 * some b_i is zero (then d is meaningless). One inversion for all of them
 * (Montgomery's trick): with P_i = b_0 ... b_i, 1/b_i = P_(i-1) / P_i,
 * and walking down from 1/P_(n-1) gives every 1/P_i by one product with
 * b_(i+1). q is prime, so P_(n-1) is zero exactly when some b_i is. */
static uint32_t div_ntt(uint16_t *d, const uint16_t *b, size_t n)
{
    uint16_t prefix[FALCON_N(FALCON_MAX_LOGN)];
    uint32_t acc = 1, inv;
    size_t i;
    for (i = 0; i < n; i++) {
        acc = mq_mul(acc, b[i]);
        prefix[i] = (uint16_t)acc;
    }
    inv = mq_inv(acc); /* 1 / P_(n-1) */
    for (i = n - 1; i > 0; i--) {
        d[i] = (uint16_t)mq_mul(d[i], mq_mul(inv, prefix[i - 1]));
        inv = mq_mul(inv, b[i]); /* 1 / P_(i-1) */
    }
    d[0] = (uint16_t)mq_mul(d[0], inv);
    return pqsig_ct_eq_mask_u32(acc, 0);
}

int falcon_compute_public(uint16_t *h, const int8_t *f, const int8_t *g, unsigned logn, uint8_t *tmp)
{
    size_t n = FALCON_N(logn);
    uint16_t *tf = (uint16_t *)(void *)tmp;
    uint32_t bad;
    lift_small(tf, f, n);
    lift_small(h, g, n);
    falcon_mq_ntt(tf, logn);
    falcon_mq_ntt(h, logn);
    bad = div_ntt(h, tf, n);
    falcon_mq_intt(h, logn);
    return (int)(1u & ~bad);
}

int falcon_complete_private(int8_t *G, const int8_t *f, const int8_t *g, const int8_t *F, unsigned logn,
                            uint8_t *tmp)
{
    size_t n = FALCON_N(logn), i;
    uint16_t *t1 = (uint16_t *)(void *)tmp, *t2 = t1 + n;
    uint32_t bad;
    lift_small(t1, g, n);
    lift_small(t2, F, n);
    falcon_mq_ntt(t1, logn);
    falcon_mq_ntt(t2, logn);
    for (i = 0; i < n; i++) {
        t1[i] = (uint16_t)mq_mul(t1[i], t2[i]);
    }
    lift_small(t2, f, n);
    falcon_mq_ntt(t2, logn);
    bad = div_ntt(t1, t2, n);
    falcon_mq_intt(t1, logn);
    for (i = 0; i < n; i++) {
        int32_t v = mq_centre(t1[i]);
        /* Outside [-127, 127]: (v + 127) as unsigned exceeds 254. */
        bad |= pqsig_ct_lt_mask_u32(254, (uint32_t)(v + 127));
        G[i] = (int8_t)v;
    }
    /* Whether the stored key is well formed is what the caller reports. */
    PQSIG_CT_DECLASSIFY(&bad, sizeof bad);
    return bad == 0;
}

/* The squared norm of s as a 32-bit value saturated at 2^32 - 1, added to
 * an earlier (saturated) sum. */
static uint32_t add_sqnorm(uint32_t acc, const int16_t *s, size_t n)
{
    uint64_t sum = acc;
    size_t i;
    for (i = 0; i < n; i++) {
        int32_t z = s[i];
        sum += (uint64_t)(uint32_t)(z * z);
    }
    /* n (2^15)^2 fits in 2^41: no wrap; saturate to 32 bits. */
    return sum > UINT32_MAX ? UINT32_MAX : (uint32_t)sum;
}

int falcon_is_short_half(uint32_t sqn, const int16_t *s2, unsigned logn)
{
    return add_sqnorm(sqn, s2, FALCON_N(logn)) <= FALCON_L2_BOUND(logn);
}

int falcon_is_short(const int16_t *s1, const int16_t *s2, unsigned logn)
{
    return falcon_is_short_half(add_sqnorm(0, s1, FALCON_N(logn)), s2, logn);
}

void falcon_mq_mul_ntt_c(uint16_t *t, const int16_t *s2, const uint16_t *h_ntt, unsigned logn)
{
    size_t n = FALCON_N(logn), i;
    for (i = 0; i < n; i++) {
        t[i] = (uint16_t)mq_lift(s2[i] % (int32_t)Q);
    }
    falcon_mq_ntt(t, logn);
    for (i = 0; i < n; i++) {
        t[i] = (uint16_t)mq_mul(t[i], h_ntt[i]);
    }
    falcon_mq_intt(t, logn);
}

int falcon_verify_raw(const uint16_t *c0, const int16_t *s2, const uint16_t *h_ntt, unsigned logn,
                      uint8_t *tmp)
{
    size_t n = FALCON_N(logn), i;
    uint16_t *t = (uint16_t *)(void *)tmp;
    int16_t *s1 = (int16_t *)(void *)tmp;
    falcon_mq_mul_ntt(t, s2, h_ntt, logn);
    /* s1 = c0 - s2 h, centred; written over t in place. */
    for (i = 0; i < n; i++) {
        s1[i] = (int16_t)mq_centre(mq_sub(c0[i], t[i]));
    }
    return falcon_is_short(s1, s2, logn);
}
