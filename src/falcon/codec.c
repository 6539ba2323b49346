/* Falcon: the byte encodings of round 3 (codec.h). The bit strings are
 * filled and read most significant bit first through a small accumulator. */
#include "falcon/codec.h"

#include "common/ct.h"
#include "common/endian.h"
#include "falcon/params.h"

/* Leading zeros of a word with a one in its top 16 bits. */
static inline unsigned clz_top16(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return (unsigned)__builtin_clzll(x);
#else
    unsigned z = 0;
    while ((x >> 63) == 0) {
        x <<= 1;
        z++;
    }
    return z;
#endif
}

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

/* Seven bytes hold four values exactly; each group is read as one 56-bit
 * big-endian word (by an eight-byte load while the input has the eighth),
 * and the checks against q are folded into one flag. */
size_t falcon_modq_decode(uint16_t *h, unsigned logn, const uint8_t *in, size_t len)
{
    size_t n = FALCON_N(logn), need = (n * 14 + 7) >> 3, i = 0, pos = 0;
    uint32_t acc = 0, over = 0;
    unsigned bits = 0, k;
    if (len < need) {
        return 0;
    }
    for (; i + 4 <= n; i += 4, pos += 7) {
        uint64_t w = 0;
        if (len - pos >= 8) {
            w = pqsig_ld64_be(in + pos) >> 8;
        } else {
            for (k = 0; k < 7; k++) {
                w = (w << 8) | in[pos + k];
            }
        }
        for (k = 0; k < 4; k++) {
            uint32_t v = (uint32_t)(w >> (42 - 14 * k)) & 0x3FFF;
            /* Bit 31 set when v >= q. */
            over |= (uint32_t)(FALCON_Q - 1) - v;
            h[i + k] = (uint16_t)v;
        }
    }
    /* Degrees below 4 (tests of small rings): value by value. */
    while (i < n) {
        acc = (acc << 8) | in[pos++];
        bits += 8;
        if (bits >= 14) {
            uint32_t v;
            bits -= 14;
            v = (acc >> bits) & 0x3FFF;
            over |= (uint32_t)(FALCON_Q - 1) - v;
            h[i++] = (uint16_t)v;
        }
    }
    if ((over >> 31) != 0 || (acc & ((1u << bits) - 1)) != 0) {
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

/* The bits not yet read are kept at the top of a 64-bit word, refilled
 * to at least the 24 bits that one value can take (8, then at most 15
 * zeros and the one): eight bytes at once while they are there, so that
 * the bits below `have` are the next bits of the input (the refill that
 * counts them writes the same bits again), and byte by byte in the last
 * seven, where they are zero. The unary part is one count of leading
 * zeros. */
size_t falcon_comp_decode(int16_t *s, unsigned logn, const uint8_t *in, size_t len)
{
    size_t n = FALCON_N(logn), i, pos = 0, used;
    uint64_t win = 0;
    unsigned have = 0, pad;
    uint32_t minus_zero = 0;
    for (i = 0; i < n; i++) {
        uint32_t neg, a, z;
        int32_t m;
        if (have < 24) {
            if (len - pos >= 8) {
                unsigned k = (63 - have) >> 3;
                win |= pqsig_ld64_be(in + pos) >> have;
                pos += k;
                have += 8 * k;
            } else {
                while (have <= 56 && pos < len) {
                    win |= (uint64_t)in[pos++] << (56 - have);
                    have += 8;
                }
            }
        }
        /* More than 15 zeros makes |v| > 2047; the one must lie in the
         * bits counted so far. */
        if (((win << 8) >> 48) == 0) {
            return 0;
        }
        z = clz_top16(win << 8);
        if (z + 8 >= have) {
            return 0;
        }
        neg = (uint32_t)(win >> 63);
        a = ((uint32_t)(win >> 56) & 0x7F) + (z << 7);
        minus_zero |= neg & (uint32_t)(a == 0);
        win <<= z + 9;
        have -= z + 9;
        /* -a when neg, without a branch on the sign: (a ^ m) - m. */
        m = -(int32_t)neg;
        s[i] = (int16_t)(((int32_t)a ^ m) - m);
    }
    /* Bytes read ahead are given back; the rest of the last byte used must
     * be zero. */
    used = pos - (have >> 3);
    pad = have & 7;
    if (minus_zero != 0 || (pad != 0 && (win >> (64 - pad)) != 0)) {
        return 0;
    }
    return used;
}
