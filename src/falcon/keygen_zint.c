/* Falcon key generation: big integers in 31-bit limbs (keygen_int.h).
 * Everything here is constant time in the values; only lengths, strides
 * and shift counts (public, fixed by the degree and the depth) steer the
 * loops. */
#include "falcon/keygen_int.h"

#define LIMB_MASK 0x7FFFFFFFu

/* Arithmetic right shift of a signed 64-bit carry (GCC and Clang, which
 * this library requires, define >> on negative values as sign-extending). */
static inline int64_t sar31(int64_t z)
{
    return z >> 31;
}

/* The word every limb above the top one holds in a sign extension. */
static inline uint32_t sign_word(uint32_t top)
{
    return (uint32_t)-(int32_t)((top >> 30) & 1u) & LIMB_MASK;
}

uint32_t falcon_kg_zmod(const uint32_t *x, size_t len, size_t st, const kg_mod *m, uint32_t top)
{
    uint32_t neg;
    if (len == 0) {
        return 0;
    }
    /* Two's complement: a set sign bit means "minus 2^(31 len)". */
    neg = (uint32_t)-(int32_t)((x[(len - 1) * st] >> 30) & 1u);
    return kg_msub(m, kg_zmod_u(x, len, st, m), top & neg);
}

uint32_t falcon_kg_zmul_small(uint32_t *x, size_t len, uint32_t s)
{
    uint32_t cc = 0;
    size_t j;
    for (j = 0; j < len; j++) {
        uint64_t z = (uint64_t)x[j] * s + cc;
        x[j] = (uint32_t)z & LIMB_MASK;
        cc = (uint32_t)(z >> 31);
    }
    return cc;
}

void falcon_kg_crt(uint32_t *x, size_t count, size_t st, size_t len, int centred, uint32_t *tmp)
{
    /* Garner: after handling primes 0..u-1, limbs 0..u-1 of each integer
     * hold its value modulo Q = p_0 ... p_{u-1} (in [0, Q)); tmp holds Q.
     * Adding prime u: x += Q * ((r_u - x) / Q mod p_u). */
    uint32_t *Q = tmp;
    size_t u, i, j;

    if (len == 0) {
        return;
    }
    Q[0] = falcon_kg_primes[0].p;
    for (u = 1; u < len; u++) {
        kg_mod m;
        uint32_t qinv = falcon_kg_primes[u].crt;
        kg_mod_init(&m, falcon_kg_primes[u].p);
        for (i = 0; i < count; i++) {
            uint32_t *xi = x + i;
            uint32_t r = xi[u * st], t, cc = 0;
            t = kg_mmul(&m, kg_msub(&m, r, kg_zmod_u(xi, u, st, &m)), qinv);
            for (j = 0; j < u; j++) {
                uint64_t z = (uint64_t)Q[j] * t + xi[j * st] + cc;
                xi[j * st] = (uint32_t)z & LIMB_MASK;
                cc = (uint32_t)(z >> 31);
            }
            xi[u * st] = cc;
        }
        Q[u] = falcon_kg_zmul_small(Q, u, m.p);
    }

    if (!centred) {
        return;
    }
    /* Values above (Q - 1)/2 = Q >> 1 (Q is odd) become x - Q. */
    for (i = 0; i < count; i++) {
        uint32_t *xi = x + i;
        uint32_t borrow = 0, mask;
        for (j = 0; j < len; j++) {
            uint32_t hq = (Q[j] >> 1) | (j + 1 < len ? (Q[j + 1] & 1u) << 30 : 0);
            borrow = (hq - xi[j * st] - borrow) >> 31;
        }
        mask = (uint32_t)0 - borrow;
        borrow = 0;
        for (j = 0; j < len; j++) {
            uint32_t w = xi[j * st] - (Q[j] & mask) - borrow;
            xi[j * st] = w & LIMB_MASK;
            borrow = w >> 31;
        }
    }
}

void falcon_kg_zsub_shifted(uint32_t *x, size_t xlen, size_t xst, const uint32_t *y, size_t ylen, size_t yst,
                            size_t sch, unsigned scl)
{
    uint32_t ext, spill = 0, borrow = 0;
    size_t j;

    if (ylen == 0) {
        return;
    }
    ext = sign_word(y[(ylen - 1) * yst]);
    for (j = sch; j < xlen; j++) {
        size_t t = j - sch;
        uint32_t yw = t < ylen ? y[t * yst] : ext;
        /* Limb j of y * 2^scl: the low bits of this source limb and the
         * bits that spilled out of the previous one. */
        uint32_t sw = ((yw << scl) & LIMB_MASK) | spill;
        uint32_t w;
        spill = yw >> (31 - scl);
        w = x[j * xst] - sw - borrow;
        x[j * xst] = w & LIMB_MASK;
        borrow = w >> 31;
    }
}

void falcon_kg_poly_mulsub_small(uint32_t *F, size_t Flen, size_t Fst, const uint32_t *f, size_t flen,
                                 const int32_t *k, size_t sch, unsigned scl, unsigned logn, uint32_t *tmp)
{
    /* k = kh 2^16 + kl with 0 <= kl < 2^16 and |kh| <= 2^15: the products
     * of a limb of f (31 bits; the top limb signed) by kl or kh take at
     * most 47 bits, so sums of up to 2^16 of them accumulate in 64-bit
     * words without carries: lo[j][c] and hi[j][c] collect limb j of
     * coefficient c of kl f and kh f. x^n = -1 folds the products past
     * degree n back with a minus sign. */
    size_t n = (size_t)1 << logn, plen = flen + 2, a, b, j, c;
    int64_t *lo = (int64_t *)(void *)tmp, *hi = lo + flen * n;
    uint32_t *prod = (uint32_t *)(void *)(hi + flen * n);

    if (flen == 0) {
        return;
    }
    for (a = 0; a < flen * n; a++) {
        lo[a] = 0;
        hi[a] = 0;
    }
    for (a = 0; a < n; a++) {
        /* 32-bit factors (32 x 32 -> 64-bit products on 32-bit CPUs). */
        int32_t kl = k[a] & 0xFFFF, kh = (int32_t)(((int64_t)k[a] - kl) / 65536);
        for (b = 0; b < n; b++) {
            const uint32_t *fb = f + b;
            int64_t *lc, *hc;
            int32_t v;
            if (a + b == n) {
                kl = -kl; /* from here on the products wrap around */
                kh = -kh;
            }
            c = (a + b) & (n - 1);
            lc = lo + c;
            hc = hi + c;
            for (j = 0; j + 1 < flen; j++) {
                v = (int32_t)fb[j * n];
                lc[j * n] += (int64_t)kl * v;
                hc[j * n] += (int64_t)kh * v;
            }
            /* The top limb is signed. */
            v = (int32_t)((fb[j * n] ^ 0x40000000u) & LIMB_MASK) - 0x40000000;
            lc[j * n] += (int64_t)kl * v;
            hc[j * n] += (int64_t)kh * v;
        }
    }
    /* Limbs of k f: lo[j] + 2^16 hi[j] at weight 2^(31 j); hi[j] 2^16
     * splits into its low 15 bits (times 2^16, within this limb) and the
     * rest (one limb up). */
    for (c = 0; c < n; c++) {
        int64_t cc = 0, up = 0;
        for (j = 0; j < plen; j++) {
            int64_t z = cc + up;
            if (j < flen) {
                int64_t h = hi[j * n + c];
                z += lo[j * n + c] + ((h & 0x7FFF) << 16);
                up = h >> 15;
            } else {
                up = 0;
            }
            prod[j * n + c] = (uint32_t)z & LIMB_MASK;
            cc = sar31(z);
        }
    }
    for (c = 0; c < n; c++) {
        falcon_kg_zsub_shifted(F + c, Flen, Fst, prod + c, plen, n, sch, scl);
    }
}

void falcon_kg_poly_to_fpr(fpr *d, const uint32_t *x, size_t len, size_t st, unsigned logn)
{
    size_t n = (size_t)1 << logn, i, j;

    for (i = 0; i < n; i++) {
        const uint32_t *xi = x + i;
        uint32_t neg, flip, cc;
        fpr acc = fpr_zero, scale = fpr_one;

        if (len == 0) {
            d[i] = fpr_zero;
            continue;
        }
        /* The magnitude, limb by limb (negation of two's complement on the
         * fly), each limb given the sign of the integer. */
        neg = (uint32_t)-(int32_t)((xi[(len - 1) * st] >> 30) & 1u);
        flip = neg & LIMB_MASK;
        cc = neg & 1u;
        for (j = 0; j < len; j++) {
            uint32_t w = (xi[j * st] ^ flip) + cc;
            int64_t sw;
            cc = w >> 31;
            w &= LIMB_MASK;
            sw = (int64_t)w * (1 - 2 * (int64_t)(neg & 1u)); /* -w when negative */
            acc = fpr_add(acc, fpr_mul(fpr_of(sw), scale));
            scale = fpr_mul(scale, fpr_ptwo31);
        }
        d[i] = acc;
    }
}

/* ---- extended binary GCD ---- */

/* (a, b) <- ((fa a + ga b) / 2^31, (fb a + gb b) / 2^31), exact divisions
 * (the caller arranges that the low 31 bits vanish). A negative result is
 * replaced by its absolute value; the return value says which were
 * negated (bit 0: a, bit 1: b). */
static uint32_t lin2_shift(uint32_t *a, uint32_t *b, size_t len, int64_t fa, int64_t ga, int64_t fb, int64_t gb)
{
    int64_t ca = 0, cb = 0;
    uint32_t na, nb, xa, xb, ka, kb;
    size_t j;

    for (j = 0; j < len; j++) {
        int64_t za = (int64_t)a[j] * fa + (int64_t)b[j] * ga + ca;
        int64_t zb = (int64_t)a[j] * fb + (int64_t)b[j] * gb + cb;
        if (j > 0) {
            a[j - 1] = (uint32_t)za & LIMB_MASK;
            b[j - 1] = (uint32_t)zb & LIMB_MASK;
        }
        ca = sar31(za);
        cb = sar31(zb);
    }
    a[len - 1] = (uint32_t)ca & LIMB_MASK;
    b[len - 1] = (uint32_t)cb & LIMB_MASK;
    na = (uint32_t)((uint64_t)ca >> 63);
    nb = (uint32_t)((uint64_t)cb >> 63);
    /* Conditional negation: complement and add one. */
    xa = (uint32_t)-(int32_t)na & LIMB_MASK;
    xb = (uint32_t)-(int32_t)nb & LIMB_MASK;
    ka = na;
    kb = nb;
    for (j = 0; j < len; j++) {
        uint32_t wa = (a[j] ^ xa) + ka, wb = (b[j] ^ xb) + kb;
        a[j] = wa & LIMB_MASK;
        b[j] = wb & LIMB_MASK;
        ka = wa >> 31;
        kb = wb >> 31;
    }
    return na | (nb << 1);
}

/* Bring x from (-m, 2m) to [0, m): neg says x < 0 (its top limb then
 * holds the 32-bit two's complement carry; for x >= 0 the top limb may
 * use bit 31). */
static void finish_mod(uint32_t *x, const uint32_t *m, size_t len, uint32_t neg)
{
    uint32_t borrow = 0, take, flip, cc;
    size_t j;

    /* borrow = 1 when x < m (meaningful for x >= 0). */
    for (j = 0; j < len; j++) {
        borrow = (x[j] - m[j] - borrow) >> 31;
    }
    /* Negative: add m, computed as x - (2^(31 len) - 1 - m) - 1 modulo
     * 2^(31 len). Otherwise subtract m when x >= m. */
    take = (uint32_t)-(int32_t)(neg | (borrow ^ 1u));
    flip = (uint32_t)-(int32_t)neg & LIMB_MASK;
    cc = neg;
    for (j = 0; j < len; j++) {
        uint32_t w = x[j] - ((m[j] ^ flip) & take) - cc;
        x[j] = w & LIMB_MASK;
        cc = w >> 31;
    }
}

/* For 0 <= a, b < m (m odd, len limbs, m0n = -1/m mod 2^31): a <- (fa a
 * + ga b) / 2^31 mod m and b <- (fb a + gb b) / 2^31 mod m, with
 * |fa| + |ga| <= 2^31 and |fb| + |gb| <= 2^31. Montgomery style: a
 * multiple of m clears the low 31 bits, which leaves a value in (-m, 2m)
 * for finish_mod. */
static void lin2_shift_mod(uint32_t *a, uint32_t *b, const uint32_t *m, size_t len, uint32_t m0n, int64_t fa,
                           int64_t ga, int64_t fb, int64_t gb)
{
    int64_t ca = 0, cb = 0;
    uint32_t ta, tb;
    size_t j;

    ta = ((a[0] * (uint32_t)fa + b[0] * (uint32_t)ga) * m0n) & LIMB_MASK;
    tb = ((a[0] * (uint32_t)fb + b[0] * (uint32_t)gb) * m0n) & LIMB_MASK;
    for (j = 0; j < len; j++) {
        /* |a fa + b ga| < 2^62 and m ta < 2^62: the sum fits (signed). */
        int64_t za = (int64_t)a[j] * fa + (int64_t)b[j] * ga + (int64_t)((uint64_t)m[j] * ta) + ca;
        int64_t zb = (int64_t)a[j] * fb + (int64_t)b[j] * gb + (int64_t)((uint64_t)m[j] * tb) + cb;
        if (j > 0) {
            a[j - 1] = (uint32_t)za & LIMB_MASK;
            b[j - 1] = (uint32_t)zb & LIMB_MASK;
        }
        ca = sar31(za);
        cb = sar31(zb);
    }
    a[len - 1] = (uint32_t)ca;
    b[len - 1] = (uint32_t)cb;
    finish_mod(a, m, len, (uint32_t)((uint64_t)ca >> 63));
    finish_mod(b, m, len, (uint32_t)((uint64_t)cb >> 63));
}

/* -1/x mod 2^31 for odd x. */
static uint32_t ninv31(uint32_t x)
{
    uint32_t y = x;
    int i;
    for (i = 0; i < 4; i++) {
        y *= 2u - x * y;
    }
    return (0u - y) & LIMB_MASK;
}

int falcon_kg_bezout(uint32_t *u, uint32_t *v, const uint32_t *x, const uint32_t *y, size_t len, uint32_t *tmp)
{
    /* Binary GCD keeping a = x u0 - y v0 and b = x u1 - y v1, with
     * 0 <= u0, u1 < y + 1 and 0 <= v0, v1 < x: start from (a, u0, v0) =
     * (x, 1, 0) and (b, u1, v1) = (y, y, x - 1). A step halves an even
     * one of a, b, or replaces the larger of two odd ones by half their
     * difference; the matching (u, v) pairs follow, modulo y and x. The
     * loop ends with a = gcd(x, y) and (u0, v0) the coefficients.
     *
     * Steps are batched 31 at a time: they are decided on the low limb
     * (exact parities) and a 62-bit top approximation (comparisons) of a
     * and b, recorded as a 2x2 matrix scaled by 2^31, then applied to the
     * full values; a comparison misled by the approximation makes at most
     * a negative result, which is negated with its row. Each batch takes
     * at least 30 bits off len(a) + len(b). */
    uint32_t *u1 = tmp, *v1 = u1 + len, *a = v1 + len, *b = a + len;
    uint32_t x0n, y0n, rc;
    size_t j, round, rounds;

    x0n = ninv31(x[0]);
    y0n = ninv31(y[0]);
    for (j = 0; j < len; j++) {
        a[j] = x[j];
        b[j] = y[j];
        u[j] = 0;
        v[j] = 0;
        u1[j] = y[j];
        v1[j] = x[j];
    }
    u[0] = 1;
    v1[0] -= 1; /* x is odd: no borrow */

    rounds = (62 * len + 30) / 30;
    for (round = 0; round < rounds; round++) {
        uint64_t ah = a[0], bh = b[0];
        uint32_t al = a[0], bl = b[0], r;
        int64_t fa = 1, ga = 0, fb = 0, gb = 1;
        int i;

        /* Top approximation: the two limbs starting at the highest
         * index >= 1 where a or b is nonzero (one limb when both fit in
         * one), the same window for both. */
        for (j = 1; j < len; j++) {
            uint32_t nz = a[j] | b[j];
            /* keep: all ones when limb j is zero in both */
            uint64_t keep = (uint64_t)((nz | (0u - nz)) >> 31) - 1u;
            uint64_t wa = ((uint64_t)a[j] << 31) | a[j - 1];
            uint64_t wb = ((uint64_t)b[j] << 31) | b[j - 1];
            ah = (ah & keep) | (wa & ~keep);
            bh = (bh & keep) | (wb & ~keep);
        }

        for (i = 0; i < 31; i++) {
            uint32_t pa = (al >> i) & 1u, pb = (bl >> i) & 1u;
            uint32_t agt = (uint32_t)((bh - ah) >> 63); /* ah > bh (both < 2^63) */
            uint32_t sab = pa & pb & agt, sba = pa & pb & (agt ^ 1u);
            uint32_t ha = sab | (pa ^ 1u); /* a is halved (else b) */
            uint64_t m64;
            uint32_t m32;

            /* Odd and odd: subtract the smaller from the larger. */
            m32 = (uint32_t)0 - sab;
            m64 = (uint64_t)0 - sab;
            al -= bl & m32;
            ah -= bh & m64;
            fa -= fb & (int64_t)m64;
            ga -= gb & (int64_t)m64;
            m32 = (uint32_t)0 - sba;
            m64 = (uint64_t)0 - sba;
            bl -= al & m32;
            bh -= ah & m64;
            fb -= fa & (int64_t)m64;
            gb -= ga & (int64_t)m64;

            /* Halve the even one: the top approximation shifts down; the
             * low words and the matrix are kept scaled by 2^(i+1), so the
             * other one doubles instead. */
            m64 = (uint64_t)0 - ha;
            ah ^= (ah ^ (ah >> 1)) & m64;
            bh ^= (bh ^ (bh >> 1)) & ~m64;
            m32 = (uint32_t)0 - ha;
            bl += bl & m32;
            fb += fb & (int64_t)m64;
            gb += gb & (int64_t)m64;
            al += al & ~m32;
            fa += fa & ~(int64_t)m64;
            ga += ga & ~(int64_t)m64;
        }

        r = lin2_shift(a, b, len, fa, ga, fb, gb);
        /* A negated result: negate its row too. */
        fa -= (fa + fa) & -(int64_t)(r & 1u);
        ga -= (ga + ga) & -(int64_t)(r & 1u);
        fb -= (fb + fb) & -(int64_t)(r >> 1);
        gb -= (gb + gb) & -(int64_t)(r >> 1);
        lin2_shift_mod(u, u1, y, len, y0n, fa, ga, fb, gb);
        lin2_shift_mod(v, v1, x, len, x0n, fa, ga, fb, gb);
    }

    /* Success when a = 1 (and x, y odd, which the algorithm assumed). */
    rc = a[0] ^ 1u;
    for (j = 1; j < len; j++) {
        rc |= a[j];
    }
    return (int)((1u - ((rc | (0u - rc)) >> 31)) & x[0] & y[0]);
}
