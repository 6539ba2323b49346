/* Falcon: the decoders of codec.c against a plain reading of the
 * specification's encodings, one bit at a time (specification v1.2,
 * section 3.11), on encodings of random values, on every truncation of
 * some, on single bit flips and on random byte strings: the same verdict,
 * the same byte count and the same values. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "falcon/codec.h"
#include "falcon/params.h"

#define MAXN 1024
#define MAXBYTES (MAXN * 3)

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static uint64_t rnd64(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

typedef struct {
    const uint8_t *in;
    size_t len, bit; /* bits read so far */
} bitreader;

/* The next bit, or -1 past the end. */
static int get_bit(bitreader *r)
{
    int b;
    if (r->bit >= 8 * r->len) {
        return -1;
    }
    b = (r->in[r->bit >> 3] >> (7 - (r->bit & 7))) & 1;
    r->bit++;
    return b;
}

/* Bytes read (the last partial byte included) when the rest of that byte
 * is zero, else 0. */
static size_t finish(bitreader *r)
{
    while ((r->bit & 7) != 0) {
        if (get_bit(r) != 0) {
            return 0;
        }
    }
    return r->bit >> 3;
}

static size_t model_modq(uint16_t *h, size_t n, const uint8_t *in, size_t len)
{
    bitreader r = {in, len, 0};
    size_t i;
    unsigned k;
    if (len < (n * 14 + 7) / 8) {
        return 0;
    }
    for (i = 0; i < n; i++) {
        uint32_t v = 0;
        for (k = 0; k < 14; k++) {
            v = (v << 1) | (uint32_t)get_bit(&r);
        }
        if (v >= FALCON_Q) {
            return 0;
        }
        h[i] = (uint16_t)v;
    }
    return finish(&r);
}

static size_t model_comp(int16_t *s, size_t n, const uint8_t *in, size_t len)
{
    bitreader r = {in, len, 0};
    size_t i;
    for (i = 0; i < n; i++) {
        int b, sign = get_bit(&r);
        unsigned k;
        int32_t a = 0;
        if (sign < 0) {
            return 0;
        }
        for (k = 0; k < 7; k++) {
            b = get_bit(&r);
            if (b < 0) {
                return 0;
            }
            a = (a << 1) | b;
        }
        for (;;) {
            b = get_bit(&r);
            if (b < 0) {
                return 0;
            }
            if (b == 1) {
                break;
            }
            a += 128;
            if (a > 2047) {
                return 0;
            }
        }
        if (sign && a == 0) {
            return 0;
        }
        s[i] = (int16_t)(sign ? -a : a);
    }
    return finish(&r);
}

static int16_t gauss_like(void)
{
    /* Mostly small (as in signatures), sometimes up to the bound. */
    uint64_t u = rnd64();
    int32_t v = (int32_t)(u % 8 == 0 ? (u >> 8) % 4095 : (u >> 8) % 511) - (u % 8 == 0 ? 2047 : 255);
    return (int16_t)v;
}

static void check_comp(size_t n, unsigned logn, const uint8_t *in, size_t len, const char *what)
{
    static int16_t a[MAXN], b[MAXN];
    size_t got, want;
    want = model_comp(a, n, in, len);
    got = falcon_comp_decode(b, logn, in, len);
    CHECK(got == want && (want == 0 || memcmp(a, b, n * sizeof(int16_t)) == 0), "logn %u: comp_decode = model (%s)",
          logn, what);
}

static void check_modq(size_t n, unsigned logn, const uint8_t *in, size_t len, const char *what)
{
    static uint16_t a[MAXN], b[MAXN];
    size_t got, want;
    want = model_modq(a, n, in, len);
    got = falcon_modq_decode(b, logn, in, len);
    CHECK(got == want && (want == 0 || memcmp(a, b, n * sizeof(uint16_t)) == 0), "logn %u: modq_decode = model (%s)",
          logn, what);
}

static void test_comp(unsigned logn)
{
    size_t n = FALCON_N(logn), len, i, cut;
    static int16_t s[MAXN];
    static uint8_t buf[MAXBYTES + 16];
    unsigned trial;
    for (trial = 0; trial < 16; trial++) {
        for (i = 0; i < n; i++) {
            s[i] = gauss_like();
        }
        if (trial == 1) {
            for (i = 0; i < n; i++) {
                s[i] = (int16_t)((i & 1) ? -2047 : 2047);
            }
        }
        memset(buf, 0, sizeof buf);
        len = falcon_comp_encode(buf, MAXBYTES, s, logn);
        CHECK(len > 0, "logn %u: comp_encode", logn);
        check_comp(n, logn, buf, len, "exact");
        /* trailing zero bytes are not read; a trailing nonzero byte neither */
        check_comp(n, logn, buf, len + 9, "zero tail");
        buf[len] = 0x80;
        check_comp(n, logn, buf, len + 9, "nonzero tail");
        buf[len] = 0;
        if (trial < 2) {
            for (cut = 0; cut < len; cut++) {
                check_comp(n, logn, buf, cut, "truncated");
            }
        }
        for (i = 0; i < 64; i++) {
            size_t bit = (size_t)(rnd64() % (8 * len));
            buf[bit >> 3] ^= (uint8_t)(0x80 >> (bit & 7));
            check_comp(n, logn, buf, len, "bit flip");
            check_comp(n, logn, buf, len + 8, "bit flip, zero tail");
            buf[bit >> 3] ^= (uint8_t)(0x80 >> (bit & 7));
        }
    }
    /* random strings: mostly rejected (long runs of zeros, bad padding),
     * some accepted; also the all-zero string and strings of 0x80 and
     * 0x01, which hold a value in a byte */
    for (trial = 0; trial < 64; trial++) {
        for (i = 0; i < sizeof buf; i++) {
            buf[i] = (uint8_t)rnd64();
        }
        if (trial == 0 || trial == 1 || trial == 2) {
            memset(buf, trial == 0 ? 0x00 : trial == 1 ? 0x80 : 0x01, sizeof buf);
        }
        for (i = 0; trial >= 3 && i < sizeof buf; i++) {
            /* bytes with their top bits set make valid values likelier */
            buf[i] |= (uint8_t)((trial & 1) ? 0x01 : 0x00);
        }
        check_comp(n, logn, buf, 2 * n, "random");
        check_comp(n, logn, buf, n + (size_t)(rnd64() % (2 * n)), "random, random length");
    }
}

static void test_modq(unsigned logn)
{
    size_t n = FALCON_N(logn), need = (n * 14 + 7) / 8, len, i;
    static uint16_t h[MAXN];
    static uint8_t buf[MAXBYTES + 16];
    unsigned trial;
    for (trial = 0; trial < 16; trial++) {
        for (i = 0; i < n; i++) {
            h[i] = (uint16_t)(trial == 1 ? FALCON_Q - 1 : rnd64() % FALCON_Q);
        }
        memset(buf, 0, sizeof buf);
        len = falcon_modq_encode(buf, MAXBYTES, h, logn);
        CHECK(len == need, "logn %u: modq_encode", logn);
        check_modq(n, logn, buf, len, "exact");
        check_modq(n, logn, buf, len + 8, "longer input");
        check_modq(n, logn, buf, len - 1, "short");
        for (i = 0; i < 32; i++) {
            size_t bit = (size_t)(rnd64() % (8 * len));
            buf[bit >> 3] ^= (uint8_t)(0x80 >> (bit & 7));
            check_modq(n, logn, buf, len, "bit flip");
            buf[bit >> 3] ^= (uint8_t)(0x80 >> (bit & 7));
        }
        /* one value set to q, q + 1 or 2^14 - 1 */
        i = (size_t)(rnd64() % n);
        h[i] = (uint16_t)(FALCON_Q + (trial % 3 == 2 ? 16383 - FALCON_Q : trial % 3));
        {
            bitreader w = {buf, len, 0};
            size_t k, j;
            memset(buf, 0, sizeof buf);
            for (k = 0; k < n; k++) {
                for (j = 14; j-- > 0;) {
                    buf[w.bit >> 3] |= (uint8_t)(((h[k] >> j) & 1) << (7 - (w.bit & 7)));
                    w.bit++;
                }
            }
        }
        check_modq(n, logn, buf, len, "a value >= q");
    }
}

int main(void)
{
    unsigned logn;
    for (logn = 1; logn <= 10; logn++) {
        test_comp(logn);
        test_modq(logn);
    }
    return check_done("test_falcon_codec");
}
