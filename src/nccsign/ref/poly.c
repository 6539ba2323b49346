/* NCC-Sign-T reference: arithmetic in R_q, the NTT interpolation that turns
 * the sampled a-hat into a, rounding (Power2Round, Decompose, hints) and the
 * byte encodings of keys and signatures. */
#include <string.h>

#include "nccsign/ref/ref.h"

int32_t PQSIG_NS(ref_mod_q)(int64_t a)
{
    int64_t r = a % NCC_Q;
    if (r < 0) {
        r += NCC_Q;
    }
    return (int32_t)r;
}

int32_t PQSIG_NS(ref_centered)(int64_t a)
{
    int32_t r = PQSIG_NS(ref_mod_q)(a);
    if (r > NCC_Q / 2) {
        r -= NCC_Q;
    }
    return r;
}

/* Schoolbook: the 2n-1 coefficients of the plain product, then
 * X^k = X^(k - n/2) - X^(k - n) for k >= n, from the top down. Partial sums
 * stay below n q^2 < 2^58. Zero coefficients of a are skipped, which makes
 * products by the sparse challenge cheap. */
void PQSIG_NS(ref_mul)(ncc_ref_poly *r, const ncc_ref_poly *a, const ncc_ref_poly *b)
{
    static const uint64_t q = NCC_Q;
    uint64_t prod[2 * NCC_N - 1];
    uint32_t ar[NCC_N], br[NCC_N];
    size_t i, j, k;

    for (i = 0; i < NCC_N; i++) {
        ar[i] = (uint32_t)PQSIG_NS(ref_mod_q)(a->c[i]);
        br[i] = (uint32_t)PQSIG_NS(ref_mod_q)(b->c[i]);
    }
    memset(prod, 0, sizeof prod);
    for (i = 0; i < NCC_N; i++) {
        if (ar[i] == 0) {
            continue;
        }
        for (j = 0; j < NCC_N; j++) {
            prod[i + j] += (uint64_t)ar[i] * br[j];
        }
    }
    for (k = 2 * NCC_N - 2; k >= NCC_N; k--) {
        uint64_t top = prod[k] % q;
        prod[k - NCC_N / 2] += top;
        prod[k - NCC_N] += q - top;
    }
    for (i = 0; i < NCC_N; i++) {
        r->c[i] = (int32_t)(prod[i] % q);
    }
}

static int64_t power(int64_t base, uint64_t e)
{
    int64_t result = 1;
    base = PQSIG_NS(ref_mod_q)(base);
    while (e != 0) {
        if (e & 1) {
            result = result * base % NCC_Q;
        }
        base = base * base % NCC_Q;
        e >>= 1;
    }
    return result;
}

static int64_t inverse(int64_t x)
{
    return power(x, NCC_Q - 2);
}

/* a[0..len) holds the NTT of a polynomial modulo X^len - rho^e; replace it
 * by that polynomial. Blocks of even length were split in two,
 * X^len - rho^e = (X^(len/2) - rho^(e/2)) (X^(len/2) + rho^(e/2)); the
 * others in three, X^len - rho^e = prod_i (X^(len/3) - rho^(e/3) w^i). */
static void interpolate(int32_t *a, size_t len, uint32_t e)
{
    const uint32_t order = NCC_NTT_ORDER;
    size_t j;
    if (len == NCC_NTT_BASE) {
        return;
    }
    if (len % 2 == 0) {
        size_t h = len / 2;
        int64_t s_inv, half = inverse(2);
        interpolate(a, h, e / 2);
        interpolate(a + h, h, e / 2 + order / 2);
        s_inv = inverse(power(NCC_NTT_ROOT, e / 2));
        for (j = 0; j < h; j++) {
            int64_t lo = a[j], hi = a[j + h]; /* f_lo + s f_hi, f_lo - s f_hi */
            a[j] = PQSIG_NS(ref_mod_q)((lo + hi) % NCC_Q * half);
            a[j + h] = PQSIG_NS(ref_mod_q)((lo - hi) % NCC_Q * half % NCC_Q * s_inv);
        }
    } else {
        size_t t = len / 3;
        int64_t w = power(NCC_NTT_ROOT, order / 3), w2 = w * w % NCC_Q, third = inverse(3);
        int64_t r_inv = inverse(power(NCC_NTT_ROOT, e / 3)), r2_inv = r_inv * r_inv % NCC_Q;
        interpolate(a, t, e / 3);
        interpolate(a + t, t, e / 3 + order / 3);
        interpolate(a + 2 * t, t, e / 3 + 2 * order / 3);
        for (j = 0; j < t; j++) {
            /* x_i = f0 + r w^i f1 + r^2 w^2i f2 */
            int64_t x0 = a[j], x1 = a[j + t], x2 = a[j + 2 * t];
            int64_t f0 = (x0 + x1 + x2) % NCC_Q * third % NCC_Q;
            int64_t f1 = (x0 + w2 * x1 % NCC_Q + w * x2 % NCC_Q) % NCC_Q * third % NCC_Q;
            int64_t f2 = (x0 + w * x1 % NCC_Q + w2 * x2 % NCC_Q) % NCC_Q * third % NCC_Q;
            a[j] = PQSIG_NS(ref_mod_q)(f0);
            a[j + t] = PQSIG_NS(ref_mod_q)(f1 * r_inv);
            a[j + 2 * t] = PQSIG_NS(ref_mod_q)(f2 * r2_inv);
        }
    }
}

/* X^n - X^(n/2) + 1 = (X^(n/2) - w6)(X^(n/2) - w6^5) with w6 = rho^(M/6):
 * the first half holds f_lo + w6 f_hi, the second f_lo + w6^5 f_hi. */
void PQSIG_NS(ref_ntt_inverse)(ncc_ref_poly *f, const ncc_ref_poly *fhat)
{
    const size_t h = NCC_N / 2;
    const uint32_t sixth = NCC_NTT_ORDER / 6;
    int64_t w6 = power(NCC_NTT_ROOT, sixth), w65 = power(NCC_NTT_ROOT, 5 * sixth);
    int64_t diff_inv = inverse(w6 - w65);
    size_t j;
    *f = *fhat;
    interpolate(f->c, h, sixth);
    interpolate(f->c + h, h, 5 * sixth);
    for (j = 0; j < h; j++) {
        int64_t a1 = f->c[j], a2 = f->c[j + h];
        int64_t hi = PQSIG_NS(ref_mod_q)((a1 - a2) * diff_inv);
        f->c[j] = PQSIG_NS(ref_mod_q)(a1 - w6 * hi);
        f->c[j + h] = (int32_t)hi;
    }
}

int32_t PQSIG_NS(ref_norm)(const ncc_ref_poly *a)
{
    int32_t m = 0;
    size_t i;
    for (i = 0; i < NCC_N; i++) {
        int32_t v = a->c[i] < 0 ? -a->c[i] : a->c[i];
        if (v > m) {
            m = v;
        }
    }
    return m;
}

/* Power2Round: a = a1 2^d + a0 with a0 in (-2^(d-1), 2^(d-1)]. */
int32_t PQSIG_NS(ref_power2round)(int32_t *a0, int32_t a)
{
    int32_t r = a % (1 << NCC_D);
    if (r > (1 << (NCC_D - 1))) {
        r -= 1 << NCC_D;
    }
    *a0 = r;
    return (a - r) >> NCC_D;
}

/* Decompose: a = a1 (2 gamma2) + a0 with a0 in (-gamma2, gamma2], except
 * that a - a0 = q - 1 gives a1 = 0 and a0 - 1. */
int32_t PQSIG_NS(ref_decompose)(int32_t *a0, int32_t a)
{
    int32_t r = a % (2 * NCC_GAMMA2);
    if (r > NCC_GAMMA2) {
        r -= 2 * NCC_GAMMA2;
    }
    if (a - r == NCC_Q - 1) {
        *a0 = r - 1;
        return 0;
    }
    *a0 = r;
    return (a - r) / (2 * NCC_GAMMA2);
}

int32_t PQSIG_NS(ref_highbits)(int32_t a)
{
    int32_t a0;
    return PQSIG_NS(ref_decompose)(&a0, PQSIG_NS(ref_mod_q)(a));
}

/* MakeHint(z, r): whether adding z changes the high bits of r. */
int PQSIG_NS(ref_make_hint)(int32_t z, int32_t r)
{
    /* |r| and |z| are below q < 2^24: the sum fits an int32_t */
    return PQSIG_NS(ref_highbits)(r) != PQSIG_NS(ref_highbits)(r + z);
}

int32_t PQSIG_NS(ref_use_hint)(int h, int32_t r)
{
    int32_t r0, r1 = PQSIG_NS(ref_decompose)(&r0, PQSIG_NS(ref_mod_q)(r));
    if (!h) {
        return r1;
    }
    if (r0 > 0) {
        return (r1 + 1) % NCC_W1_MODULUS;
    }
    return (r1 + NCC_W1_MODULUS - 1) % NCC_W1_MODULUS;
}

void PQSIG_NS(ref_pack_bits)(uint8_t *out, const uint32_t *v, size_t count, unsigned bits)
{
    size_t i, pos = 0;
    unsigned b;
    memset(out, 0, count * bits / 8);
    for (i = 0; i < count; i++) {
        for (b = 0; b < bits; b++, pos++) {
            out[pos / 8] |= (uint8_t)(((v[i] >> b) & 1) << (pos % 8));
        }
    }
}

void PQSIG_NS(ref_unpack_bits)(uint32_t *v, const uint8_t *in, size_t count, unsigned bits)
{
    size_t i, pos = 0;
    unsigned b;
    for (i = 0; i < count; i++) {
        v[i] = 0;
        for (b = 0; b < bits; b++, pos++) {
            v[i] |= (uint32_t)((in[pos / 8] >> (pos % 8)) & 1) << b;
        }
    }
}

/* Encodings store offset values: 1 - s (3 bits), 2^(d-1) - t0 (d bits),
 * gamma1 - z; t1, w1 and the hint bits as they are. */
static void pack_offset(uint8_t *out, const ncc_ref_poly *a, int32_t offset, unsigned bits)
{
    uint32_t v[NCC_N];
    size_t i;
    for (i = 0; i < NCC_N; i++) {
        v[i] = (uint32_t)(offset - a->c[i]);
    }
    PQSIG_NS(ref_pack_bits)(out, v, NCC_N, bits);
}

static void pack_plain(uint8_t *out, const ncc_ref_poly *a, unsigned bits)
{
    uint32_t v[NCC_N];
    size_t i;
    for (i = 0; i < NCC_N; i++) {
        v[i] = (uint32_t)a->c[i];
    }
    PQSIG_NS(ref_pack_bits)(out, v, NCC_N, bits);
}

static void unpack_offset(ncc_ref_poly *a, const uint8_t *in, int32_t offset, unsigned bits)
{
    uint32_t v[NCC_N];
    size_t i;
    PQSIG_NS(ref_unpack_bits)(v, in, NCC_N, bits);
    for (i = 0; i < NCC_N; i++) {
        a->c[i] = offset - (int32_t)v[i];
    }
}

void PQSIG_NS(ref_pack_pk)(uint8_t *pk, const uint8_t zeta[NCC_SEEDBYTES], const ncc_ref_poly *t1)
{
    memcpy(pk, zeta, NCC_SEEDBYTES);
    pack_plain(pk + NCC_SEEDBYTES, t1, NCC_T1_BITS);
}

/* Strict: a t1 above what key generation produces is a malformed key. */
int PQSIG_NS(ref_unpack_pk)(uint8_t zeta[NCC_SEEDBYTES], ncc_ref_poly *t1, const uint8_t *pk)
{
    uint32_t v[NCC_N];
    size_t i;
    int ok = 1;
    memcpy(zeta, pk, NCC_SEEDBYTES);
    PQSIG_NS(ref_unpack_bits)(v, pk + NCC_SEEDBYTES, NCC_N, NCC_T1_BITS);
    for (i = 0; i < NCC_N; i++) {
        t1->c[i] = (int32_t)v[i];
        ok &= v[i] <= NCC_T1_MAX;
    }
    return ok ? 0 : -1;
}

void PQSIG_NS(ref_pack_sk)(uint8_t *sk, const uint8_t zeta[NCC_SEEDBYTES],
                           const uint8_t key[NCC_SEEDBYTES], const uint8_t tr[NCC_SEEDBYTES],
                           const ncc_ref_poly *s1, const ncc_ref_poly *s2, const ncc_ref_poly *t0)
{
    memcpy(sk, zeta, NCC_SEEDBYTES);
    memcpy(sk + NCC_SEEDBYTES, key, NCC_SEEDBYTES);
    memcpy(sk + 2 * NCC_SEEDBYTES, tr, NCC_SEEDBYTES);
    sk += 3 * NCC_SEEDBYTES;
    pack_offset(sk, s1, 1, NCC_ETA_BITS);
    pack_offset(sk + NCC_POLYETA_BYTES, s2, 1, NCC_ETA_BITS);
    pack_offset(sk + 2 * NCC_POLYETA_BYTES, t0, 1 << (NCC_D - 1), NCC_D);
}

/* Strict: s1, s2 must lie in [-1, 1] (3-bit fields 0..2). */
int PQSIG_NS(ref_unpack_sk)(uint8_t zeta[NCC_SEEDBYTES], uint8_t key[NCC_SEEDBYTES],
                            uint8_t tr[NCC_SEEDBYTES], ncc_ref_poly *s1, ncc_ref_poly *s2,
                            ncc_ref_poly *t0, const uint8_t *sk)
{
    memcpy(zeta, sk, NCC_SEEDBYTES);
    memcpy(key, sk + NCC_SEEDBYTES, NCC_SEEDBYTES);
    memcpy(tr, sk + 2 * NCC_SEEDBYTES, NCC_SEEDBYTES);
    sk += 3 * NCC_SEEDBYTES;
    unpack_offset(s1, sk, 1, NCC_ETA_BITS);
    unpack_offset(s2, sk + NCC_POLYETA_BYTES, 1, NCC_ETA_BITS);
    unpack_offset(t0, sk + 2 * NCC_POLYETA_BYTES, 1 << (NCC_D - 1), NCC_D);
    return PQSIG_NS(ref_norm)(s1) <= 1 && PQSIG_NS(ref_norm)(s2) <= 1 ? 0 : -1;
}

void PQSIG_NS(ref_pack_sig)(uint8_t *sig, const uint8_t ctilde[NCC_SEEDBYTES], const ncc_ref_poly *z,
                            const ncc_ref_poly *h)
{
    memcpy(sig, ctilde, NCC_SEEDBYTES);
    pack_offset(sig + NCC_SEEDBYTES, z, NCC_GAMMA1, NCC_Z_BITS);
    pack_plain(sig + NCC_SEEDBYTES + NCC_POLYZ_BYTES, h, 1);
}

/* Every bit string decodes (z in (-gamma1, gamma1], h in {0,1}^n, no unused
 * bits); the norm and weight bounds are checked by verification. */
int PQSIG_NS(ref_unpack_sig)(uint8_t ctilde[NCC_SEEDBYTES], ncc_ref_poly *z, ncc_ref_poly *h,
                             const uint8_t *sig)
{
    uint32_t v[NCC_N];
    size_t i;
    memcpy(ctilde, sig, NCC_SEEDBYTES);
    unpack_offset(z, sig + NCC_SEEDBYTES, NCC_GAMMA1, NCC_Z_BITS);
    PQSIG_NS(ref_unpack_bits)(v, sig + NCC_SEEDBYTES + NCC_POLYZ_BYTES, NCC_N, 1);
    for (i = 0; i < NCC_N; i++) {
        h->c[i] = (int32_t)v[i];
    }
    return 0;
}

void PQSIG_NS(ref_pack_w1)(uint8_t *out, const ncc_ref_poly *w1)
{
    pack_plain(out, w1, NCC_W1_BITS);
}
