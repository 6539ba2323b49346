/* Falcon round 3: what the generic tests cannot see.
 *   - the shipped official records open (round 3's signed message), and
 *     every bit flip of their signed message and public key is refused;
 *   - each record's signature, repacked as a detached compressed signature
 *     and as a padded one (when its s2 fits), verifies;
 *   - verification refuses non-canonical encodings: a wrong header byte,
 *     a trailing byte, nonzero padding bits, "minus zero", a coefficient
 *     beyond 2047, a public-key coefficient >= q; signing refuses a secret
 *     key with a bad header or the value -2^(bits-1).
 * Usage: test_falcon --kat-dir DIR [--impl I] [--flips] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kat/rsp.h"
#include "pqsig.h"

#define NONCE 40

typedef struct {
    uint8_t pk[1793], sk[2305], sm[4096], msg[4096];
    size_t pklen, sklen, smlen, mlen;
} record;

static int load_hex(uint8_t *out, size_t cap, size_t *len, const char *path, unsigned count, const char *label)
{
    char *hex = rsp_shipped_field(path, count, label);
    size_t n;
    if (hex == NULL) {
        return -1;
    }
    n = strlen(hex) / 2;
    if (n > cap) {
        free(hex);
        return -1;
    }
    check_unhex(out, n, hex);
    *len = n;
    free(hex);
    return 0;
}

/* A writer of bits, most significant first, for crafted encodings. */
typedef struct {
    uint8_t *out;
    size_t cap, pos;
    uint32_t acc;
    unsigned have;
} bitw;

static void put_bits(bitw *w, uint32_t v, unsigned bits)
{
    while (bits-- > 0) {
        w->acc = (w->acc << 1) | ((v >> bits) & 1);
        if (++w->have == 8) {
            if (w->pos < w->cap) {
                w->out[w->pos] = (uint8_t)w->acc;
            }
            w->pos++;
            w->have = 0;
            w->acc = 0;
        }
    }
}

static size_t flush_bits(bitw *w, uint32_t pad)
{
    if (w->have > 0) {
        put_bits(w, pad, 8 - w->have);
    }
    return w->pos;
}

/* Compressed s2 with optional defects: coefficient `at` written as "minus
 * zero" (its value must be 0) or with |v| + 2048 * big; the padding bits
 * of the last byte set to `pad`. */
static size_t craft_comp(uint8_t *out, size_t cap, const int16_t *s, size_t n, size_t at, int minus_zero,
                         int big, uint32_t pad)
{
    bitw w = {out, cap, 0, 0, 0};
    size_t i;
    for (i = 0; i < n; i++) {
        int32_t v = s[i];
        uint32_t a = (uint32_t)(v < 0 ? -v : v);
        uint32_t neg = v < 0;
        if (i == at && minus_zero) {
            neg = 1;
        }
        if (i == at && big) {
            a += 2048;
        }
        put_bits(&w, neg, 1);
        put_bits(&w, a & 0x7F, 7);
        put_bits(&w, 0, a >> 7);
        put_bits(&w, 1, 1);
    }
    return flush_bits(&w, pad);
}

/* The s2 of a compressed encoding (for crafting), via the same rules. */
static int read_comp(int16_t *s, size_t n, const uint8_t *in, size_t len)
{
    size_t bit = 0, i;
#define BIT() ((bit < 8 * len) ? (in[bit / 8] >> (7 - bit % 8)) & 1 : 2)
    for (i = 0; i < n; i++) {
        unsigned neg, a = 0, k, b;
        if (bit + 8 > 8 * len) {
            return -1;
        }
        neg = BIT();
        bit++;
        for (k = 0; k < 7; k++) {
            a = (a << 1) | BIT();
            bit++;
        }
        while ((b = BIT()) == 0) {
            a += 128;
            bit++;
        }
        if (b == 2) {
            return -1;
        }
        bit++;
        s[i] = (int16_t)(neg ? -(int)a : (int)a);
    }
#undef BIT
    return 0;
}

static void test_record(const char *impl, unsigned logn, const char *path, unsigned count, int flips)
{
    static record r;
    char name[32], padded_name[32];
    const pqsig_alg *a, *p;
    size_t n = (size_t)1 << logn, siglen, msglen, s2len, mlen, bit, plen;
    const uint8_t *esig;
    uint8_t sig[2048], m[4096];
    int16_t s2[1024];
    unsigned long accepted = 0;

    snprintf(name, sizeof name, "Falcon-%u", 1u << logn);
    snprintf(padded_name, sizeof padded_name, "Falcon-padded-%u", 1u << logn);
    a = pqsig_find_impl(name, impl);
    p = pqsig_find_impl(padded_name, impl);
    CHECK(a != NULL && p != NULL, "%s and %s (%s) registered", name, padded_name, impl);
    if (a == NULL || p == NULL) {
        return;
    }
    if (load_hex(r.pk, sizeof r.pk, &r.pklen, path, count, "pk") != 0 ||
        load_hex(r.sk, sizeof r.sk, &r.sklen, path, count, "sk") != 0 ||
        load_hex(r.sm, sizeof r.sm, &r.smlen, path, count, "sm") != 0 ||
        load_hex(r.msg, sizeof r.msg, &r.mlen, path, count, "msg") != 0) {
        CHECK(0, "%s record %u shipped", path, count);
        return;
    }
    mlen = sizeof m;
    CHECK(pqsig_open(a, m, &mlen, r.sm, r.smlen, r.pk) == PQSIG_OK && mlen == r.mlen &&
              memcmp(m, r.msg, mlen) == 0,
          "%s %s record %u opens", name, impl, count);
    CHECK(pqsig_check_public_key(a, r.pk, r.pklen) == PQSIG_OK, "%s record %u: pk valid", name, count);

    /* Round 3's layout: siglen || nonce || msg || 0x20 + logn || s2. */
    siglen = ((size_t)r.sm[0] << 8) | r.sm[1];
    msglen = r.smlen - 2 - NONCE - siglen;
    esig = r.sm + 2 + NONCE + msglen;
    s2len = siglen - 1;

    /* Detached compressed: 0x30 + logn || nonce || s2. */
    sig[0] = (uint8_t)(0x30 + logn);
    memcpy(sig + 1, r.sm + 2, NONCE);
    memcpy(sig + 1 + NONCE, esig + 1, s2len);
    CHECK(pqsig_verify(a, sig, 1 + NONCE + s2len, r.msg, r.mlen, r.pk) == PQSIG_OK,
          "%s record %u: detached compressed verifies", name, count);
    sig[1 + NONCE + s2len] = 0;
    CHECK(pqsig_verify(a, sig, 2 + NONCE + s2len, r.msg, r.mlen, r.pk) != PQSIG_OK,
          "%s record %u: a trailing byte is refused", name, count);
    sig[0] ^= 0x10;
    CHECK(pqsig_verify(a, sig, 1 + NONCE + s2len, r.msg, r.mlen, r.pk) != PQSIG_OK,
          "%s record %u: header 0x20 + logn refused in a detached signature", name, count);
    sig[0] ^= 0x10;

    /* Padded: the same, zero-padded to the fixed size when it fits. */
    plen = pqsig_get_details(p)->signature_bytes;
    if (1 + NONCE + s2len <= plen) {
        memset(sig + 1 + NONCE + s2len, 0, plen - 1 - NONCE - s2len);
        CHECK(pqsig_verify(p, sig, plen, r.msg, r.mlen, r.pk) == PQSIG_OK,
              "%s record %u: repacked padded signature verifies", padded_name, count);
        CHECK(pqsig_verify(p, sig, plen - 1, r.msg, r.mlen, r.pk) != PQSIG_OK,
              "%s record %u: a short padded signature is refused", padded_name, count);
        if (1 + NONCE + s2len < plen) {
            sig[plen - 1] = 1;
            CHECK(pqsig_verify(p, sig, plen, r.msg, r.mlen, r.pk) != PQSIG_OK,
                  "%s record %u: nonzero padding is refused", padded_name, count);
        }
    }

    /* Crafted non-canonical encodings of the same s2. */
    CHECK(read_comp(s2, n, esig + 1, s2len) == 0, "%s record %u: s2 parses", name, count);
    {
        uint8_t crafted[2048];
        size_t at, len;
        len = craft_comp(crafted + 1 + NONCE, sizeof crafted - 1 - NONCE, s2, n, n, 0, 0, 0);
        crafted[0] = (uint8_t)(0x30 + logn);
        memcpy(crafted + 1, r.sm + 2, NONCE);
        CHECK(len == s2len && memcmp(crafted + 1 + NONCE, esig + 1, len) == 0,
              "%s record %u: the test's encoder agrees", name, count);
        for (at = 0; at < n && s2[at] != 0; at++) {
        }
        if (at < n) {
            len = craft_comp(crafted + 1 + NONCE, sizeof crafted - 1 - NONCE, s2, n, at, 1, 0, 0);
            CHECK(pqsig_verify(a, crafted, 1 + NONCE + len, r.msg, r.mlen, r.pk) != PQSIG_OK,
                  "%s record %u: minus zero refused", name, count);
        }
        len = craft_comp(crafted + 1 + NONCE, sizeof crafted - 1 - NONCE, s2, n, 3, 0, 1, 0);
        CHECK(pqsig_verify(a, crafted, 1 + NONCE + len, r.msg, r.mlen, r.pk) != PQSIG_OK,
              "%s record %u: a coefficient above 2047 refused", name, count);
        {
            size_t bits = 0, k;
            for (k = 0; k < n; k++) {
                bits += 9 + (size_t)(s2[k] < 0 ? -s2[k] : s2[k]) / 128;
            }
            len = craft_comp(crafted + 1 + NONCE, sizeof crafted - 1 - NONCE, s2, n, n, 0, 0, 0xFF);
            at = bits % 8;
        }
        if (at != 0) {
            CHECK(pqsig_verify(a, crafted, 1 + NONCE + len, r.msg, r.mlen, r.pk) != PQSIG_OK,
                  "%s record %u: nonzero padding bits refused", name, count);
        }
    }

    /* A public-key coefficient of q (the first 14 bits). */
    {
        uint8_t pk[1793];
        memcpy(pk, r.pk, r.pklen);
        pk[1] = (uint8_t)(12289u >> 6);
        pk[2] = (uint8_t)((pk[2] & 0x03) | ((12289u & 0x3F) << 2));
        CHECK(pqsig_check_public_key(a, pk, r.pklen) == PQSIG_ERR_MALFORMED_KEY,
              "%s record %u: pk coefficient q refused", name, count);
        mlen = sizeof m;
        CHECK(pqsig_open(a, m, &mlen, r.sm, r.smlen, pk) != PQSIG_OK, "%s record %u: opens under a bad pk",
              name, count);
    }

    /* Secret keys: a wrong header byte; F's first value -128. */
    {
        uint8_t sk[2305], out[1500];
        size_t cap = sizeof out;
        static const uint8_t rnd[88];
        size_t fg = logn == 9 ? 6 : 5;
        memcpy(sk, r.sk, r.sklen);
        sk[0] ^= 1;
        CHECK(pqsig_sign_derand(a, out, &cap, r.msg, r.mlen, sk, rnd) == PQSIG_ERR_MALFORMED_KEY,
              "%s record %u: sk header refused", name, count);
        memcpy(sk, r.sk, r.sklen);
        sk[1 + (2 * fg * n) / 8] = 0x80;
        cap = sizeof out;
        CHECK(pqsig_sign_derand(a, out, &cap, r.msg, r.mlen, sk, rnd) == PQSIG_ERR_MALFORMED_KEY,
              "%s record %u: F = -128 refused", name, count);
        /* A key that decodes but is not an NTRU basis (F changed by one):
         * refused, never signed with. */
        memcpy(sk, r.sk, r.sklen);
        sk[1 + (2 * fg * n) / 8] ^= 1;
        cap = sizeof out;
        CHECK(pqsig_sign_derand(a, out, &cap, r.msg, r.mlen, sk, rnd) == PQSIG_ERR_MALFORMED_KEY,
              "%s record %u: F + 1 refused", name, count);
    }

    if (flips) {
        for (bit = 0; bit < 8 * r.smlen; bit++) {
            r.sm[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            mlen = sizeof m;
            accepted += pqsig_open(a, m, &mlen, r.sm, r.smlen, r.pk) == PQSIG_OK;
            r.sm[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        }
        for (bit = 0; bit < 8 * r.pklen; bit++) {
            r.pk[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            mlen = sizeof m;
            accepted += pqsig_open(a, m, &mlen, r.sm, r.smlen, r.pk) == PQSIG_OK;
            r.pk[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        }
        CHECK(accepted == 0, "%s %s record %u: %lu of %zu bit flips accepted", name, impl, count, accepted,
              8 * (r.smlen + r.pklen));
    }
}

int main(int argc, char **argv)
{
    const char *kat_dir = NULL, *impl = "opt";
    int flips = 0, i;
    unsigned logn, count;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--kat-dir") == 0 && i + 1 < argc) {
            kat_dir = argv[++i];
        } else if (strcmp(argv[i], "--impl") == 0 && i + 1 < argc) {
            impl = argv[++i];
        } else if (strcmp(argv[i], "--flips") == 0) {
            flips = 1;
        } else {
            fprintf(stderr, "usage: test_falcon --kat-dir DIR [--impl I] [--flips]\n");
            return 2;
        }
    }
    CHECK(kat_dir != NULL, "--kat-dir given");
    for (logn = 9; kat_dir != NULL && logn <= 10; logn++) {
        char file[64], path[4096];
        snprintf(file, sizeof file, "falcon/falcon%u-KAT.rsp", 1u << logn);
        if (rsp_shipped_path(path, sizeof path, kat_dir, file) != 0) {
            CHECK(0, "%s shipped", file);
            continue;
        }
        for (count = 0; count < 3; count++) {
            test_record(impl, logn, path, count, flips);
        }
    }
    return check_done("test_falcon");
}
