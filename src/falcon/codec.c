/* Falcon: the byte encodings of round 3 (codec.h). The bit strings are
 * filled and read most significant bit first through a small accumulator. */
#include "falcon/codec.h"

#include "common/ct.h"
#include "falcon/params.h"

size_t falcon_modq_encode(uint8_t *out, size_t cap, const uint16_t *h, unsigned logn)
{
    size_t n = FALCON_N(logn), need = (n * 14 + 7) >> 3, i, pos = 0;
    uint32_t acc = 0;
    unsigned bits = 0;
    for (i = 0; i < n; i++) {
        if (h[i] >= FALCON_Q) {
            return 0;
        }
    }
    if (out == NULL) {
        return need;
    }
    if (cap < need) {
        return 0;
    }
    for (i = 0; i < n; i++) {
        acc = (acc << 14) | h[i];
        bits += 14;
        while (bits >= 8) {
            bits -= 8;
            out[pos++] = (uint8_t)(acc >> bits);
        }
    }
    if (bits > 0) {
        out[pos++] = (uint8_t)(acc << (8 - bits));
    }
    return pos;
}

size_t falcon_modq_decode(uint16_t *h, unsigned logn, const uint8_t *in, size_t len)
{
    size_t n = FALCON_N(logn), need = (n * 14 + 7) >> 3, i = 0, pos = 0;
    uint32_t acc = 0;
    unsigned bits = 0;
    if (len < need) {
        return 0;
    }
    while (i < n) {
        acc = (acc << 8) | in[pos++];
        bits += 8;
        if (bits >= 14) {
            uint32_t v;
            bits -= 14;
            v = (acc >> bits) & 0x3FFF;
            if (v >= FALCON_Q) {
                return 0;
            }
            h[i++] = (uint16_t)v;
        }
    }
    if ((acc & ((1u << bits) - 1)) != 0) {
        return 0;
    }
    return pos;
}

size_t falcon_trim_i8_encode(uint8_t *out, size_t cap, const int8_t *x, unsigned logn, unsigned bits)
{
    size_t n = FALCON_N(logn), need = (n * bits + 7) >> 3, i, pos = 0;
    int32_t lim = (1 << (bits - 1)) - 1;
    uint32_t acc = 0, mask = (1u << bits) - 1, bad = 0;
    unsigned have = 0;
    for (i = 0; i < n; i++) {
        /* |x_i| > lim, without a branch on the secret value. */
        bad |= (uint32_t)(lim - x[i]) | (uint32_t)(x[i] + lim);
    }
    /* Whether the values fit the encoding: key generation bounds them, so
     * this reveals nothing about a key that is ever produced. */
    PQSIG_CT_DECLASSIFY(&bad, sizeof bad);
    if ((bad >> 31) != 0) {
        return 0;
    }
    if (out == NULL) {
        return need;
    }
    if (cap < need) {
        return 0;
    }
    for (i = 0; i < n; i++) {
        acc = (acc << bits) | ((uint32_t)x[i] & mask);
        have += bits;
        while (have >= 8) {
            have -= 8;
            out[pos++] = (uint8_t)(acc >> have);
        }
    }
    if (have > 0) {
        out[pos++] = (uint8_t)(acc << (8 - have));
    }
    return pos;
}

size_t falcon_trim_i8_decode(int8_t *x, unsigned logn, unsigned bits, const uint8_t *in, size_t len)
{
    size_t n = FALCON_N(logn), need = (n * bits + 7) >> 3, i = 0, pos = 0;
    uint32_t acc = 0, mask = (1u << bits) - 1, top = 1u << (bits - 1), bad = 0;
    unsigned have = 0;
    if (len < need) {
        return 0;
    }
    while (i < n) {
        acc = (acc << 8) | in[pos++];
        have += 8;
        while (have >= bits && i < n) {
            uint32_t w;
            have -= bits;
            w = (acc >> have) & mask;
            /* The one value no honest key holds: -2^(bits-1). */
            bad |= pqsig_ct_eq_mask_u32(w, top);
            /* Sign extension: subtract 2^bits when the top bit is set. */
            x[i++] = (int8_t)((int32_t)w - (int32_t)((w & top) << 1));
        }
    }
    if ((acc & ((1u << have) - 1)) != 0) {
        return 0;
    }
    /* Whether the key is well formed is what the caller reports. */
    PQSIG_CT_DECLASSIFY(&bad, sizeof bad);
    return bad != 0 ? 0 : pos;
}

size_t falcon_comp_encode(uint8_t *out, size_t cap, const int16_t *s, unsigned logn)
{
    size_t n = FALCON_N(logn), i, pos = 0;
    uint32_t acc = 0;
    unsigned have = 0;
    for (i = 0; i < n; i++) {
        if (s[i] < -2047 || s[i] > 2047) {
            return 0;
        }
    }
    for (i = 0; i < n; i++) {
        int32_t v = s[i];
        uint32_t a = (uint32_t)(v < 0 ? -v : v);
        /* Sign and low seven bits. */
        acc = (acc << 8) | ((uint32_t)(v < 0) << 7) | (a & 0x7F);
        have += 8;
        /* a >> 7 zeros (at most 15), then a one. */
        acc = (acc << ((a >> 7) + 1)) | 1;
        have += (a >> 7) + 1;
        while (have >= 8) {
            have -= 8;
            if (out != NULL) {
                if (pos >= cap) {
                    return 0;
                }
                out[pos] = (uint8_t)(acc >> have);
            }
            pos++;
        }
    }
    if (have > 0) {
        if (out != NULL) {
            if (pos >= cap) {
                return 0;
            }
            out[pos] = (uint8_t)(acc << (8 - have));
        }
        pos++;
    }
    return pos;
}

size_t falcon_comp_decode(int16_t *s, unsigned logn, const uint8_t *in, size_t len)
{
    size_t n = FALCON_N(logn), i, pos = 0;
    uint32_t acc = 0;
    unsigned have = 0;
    for (i = 0; i < n; i++) {
        uint32_t neg, a;
        /* The sign and the seven low bits. */
        if (have < 8) {
            if (pos >= len) {
                return 0;
            }
            acc = (acc << 8) | in[pos++];
            have += 8;
        }
        have -= 8;
        neg = (acc >> (have + 7)) & 1;
        a = (acc >> have) & 0x7F;
        /* The high part in unary: count zeros up to a one. */
        for (;;) {
            if (have == 0) {
                if (pos >= len) {
                    return 0;
                }
                acc = (acc << 8) | in[pos++];
                have = 8;
            }
            have--;
            if (((acc >> have) & 1) != 0) {
                break;
            }
            a += 128;
            if (a > 2047) {
                return 0;
            }
        }
        if (neg && a == 0) {
            return 0;
        }
        s[i] = (int16_t)(neg ? -(int32_t)a : (int32_t)a);
    }
    if ((acc & ((1u << have) - 1)) != 0) {
        return 0;
    }
    return pos;
}
