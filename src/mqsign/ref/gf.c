/* Reference GF(256) (tower field) and the pieces every operation shares. */
#include <string.h>

#include "common/fips202.h"
#include "ref.h"

/* Product in the tower field of 2^bits elements, straight from the
 * definition: with a = ah*Z + al, b = bh*Z + bl and Z^2 = Z + nu,
 *   a*b = (ah*bh + ah*bl + al*bh) Z + (al*bl + nu*ah*bh),
 * where nu is 1 for GF(4), x (0x2) for GF(16), x*y (0x8) for GF(256). */
static unsigned tower_mul(unsigned a, unsigned b, unsigned bits)
{
    unsigned half, low, ah, al, bh, bl, hh, ll, mid, nu;
    if (bits == 1) {
        return a & b & 1u;
    }
    half = bits / 2;
    low = (1u << half) - 1;
    ah = a >> half;
    al = a & low;
    bh = b >> half;
    bl = b & low;
    hh = tower_mul(ah, bh, half);
    ll = tower_mul(al, bl, half);
    mid = tower_mul(ah, bl, half) ^ tower_mul(al, bh, half);
    nu = bits == 2 ? 1u : bits == 4 ? 2u : 8u;
    return ((hh ^ mid) << half) | (ll ^ tower_mul(nu, hh, half));
}

void ref_gf_init(ref_gf *f)
{
    uint8_t logt[256], expt[2 * 255];
    unsigned g, a, b, k, order = 0;
    /* Any element of multiplicative order 255 generates the group. */
    for (g = 2; g < 256 && order != 255; g++) {
        a = g;
        for (order = 1; a != 1; order++) {
            a = tower_mul(a, g, 8);
        }
        if (order == 255) {
            break;
        }
    }
    a = 1;
    for (k = 0; k < 255; k++) {
        expt[k] = (uint8_t)a;
        expt[k + 255] = (uint8_t)a;
        logt[a] = (uint8_t)k;
        a = tower_mul(a, g, 8);
    }
    for (a = 0; a < 256; a++) {
        f->mul[0][a] = 0;
        f->mul[a][0] = 0;
    }
    for (a = 1; a < 256; a++) {
        for (b = 1; b < 256; b++) {
            f->mul[a][b] = expt[logt[a] + logt[b]];
        }
        f->inv[a] = expt[255 - logt[a]];
    }
    f->inv[0] = 0;
}

/* H is SHAKE256 with 64 bytes of output; an o-byte digest longer than that
 * continues with H of the previous 64-byte block (spec 4.2). */
void ref_hash_digest(uint8_t y[MQS_O], const uint8_t *m, size_t mlen, const uint8_t salt[MQS_SALT_BYTES],
                     const uint8_t *ph)
{
    pqsig_shake_ctx ctx;
    uint8_t block[MQS_HASH_BYTES], next[MQS_HASH_BYTES];
    unsigned done = 0, take;
    pqsig_shake256_init(&ctx);
    pqsig_shake_absorb(&ctx, m, mlen);
    pqsig_shake_absorb(&ctx, salt, MQS_SALT_BYTES);
    if (MQS_BIND) {
        pqsig_shake_absorb(&ctx, ph, MQS_HASH_BYTES);
    }
    pqsig_shake_squeeze(&ctx, block, sizeof block);
    pqsig_shake_release(&ctx);
    for (;;) {
        take = MQS_O - done < MQS_HASH_BYTES ? MQS_O - done : MQS_HASH_BYTES;
        memcpy(y + done, block, take);
        done += take;
        if (done == MQS_O) {
            break;
        }
        pqsig_shake256(next, sizeof next, block, sizeof block);
        memcpy(block, next, sizeof block);
    }
}

size_t ref_mono(unsigned i, unsigned j, unsigned dim)
{
    /* Rows 0..i-1 hold dim, dim-1, ..., dim-i+1 monomials. */
    return (size_t)i * dim - (size_t)i * (i - 1) / 2 + (j - i);
}

uint8_t ref_f1(const uint8_t *sk, unsigned e, unsigned i, unsigned j)
{
    const uint8_t *f1 = sk + MQS_SK_F1;
#if MQS_LINES
    /* LR (spec 3.3): equation e is sum_{a,b} x_a x_b L[b][(a+e) mod v],
     * L the v lines of v bytes; folded onto the upper triangle. */
    uint8_t c = f1[(size_t)j * MQS_V + (i + e) % MQS_V];
    if (i != j) {
        c ^= f1[(size_t)i * MQS_V + (j + e) % MQS_V];
    }
    return c;
#else
    /* RR: o-byte coefficient vectors, monomials of the v x v upper triangle. */
    return f1[ref_mono(i, j, MQS_V) * MQS_O + e];
#endif
}
