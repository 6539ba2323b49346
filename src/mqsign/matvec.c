/* MQ-Sign: the portable twins of mqs_masks and mqs_matvec (contracts in
 * native/api.h), the products of key generation and signing.
 *
 * Bit-plane accumulation, without tables: for each bit t, XOR together the
 * vectors whose scalar has bit t set (masked, so in constant time), and
 * fold the 8 planes with the constants 2^t once at the end. That costs 8
 * AND and 8 XOR per 16 products on 128-bit words (the loops are written on
 * pairs of 64-bit words, which compilers turn into SSE2/NEON). */
#include <string.h>

#include "mqsign/arith.h"
#include "mqsign/native/api.h"

void mqs_masks_c(uint64_t (*mk)[8][2], const uint8_t *s, size_t count)
{
    size_t i;
    unsigned t;
    for (i = 0; i < count; i++) {
        uint64_t m[8];
        mqs_bit_masks(m, s[i]);
        for (t = 0; t < 8; t++) {
            mk[i][t][0] = mk[i][t][1] = m[t];
        }
    }
}

/* Bytes 0..15 of the product: eight planes of two words stay in registers
 * while every vector passes (16-byte loads, two vectors per step), then
 * they are folded. */
static inline void matvec_block(uint64_t r[2], const uint8_t *vecs, ptrdiff_t stride, ptrdiff_t dstride,
                                const uint64_t (*mk)[8][2], size_t count)
{
    uint64_t pl[8][2], x[2], y[2];
    const uint8_t *p = vecs;
    ptrdiff_t st = stride;
    size_t i;
    unsigned t;
    memset(pl, 0, sizeof pl);
    for (i = 0; i + 2 <= count; i += 2) {
        memcpy(x, p, 16);
        p += st;
        st += dstride;
        memcpy(y, p, 16);
        p += st;
        st += dstride;
        for (t = 0; t < 8; t++) {
            pl[t][0] ^= (x[0] & mk[i][t][0]) ^ (y[0] & mk[i + 1][t][0]);
            pl[t][1] ^= (x[1] & mk[i][t][1]) ^ (y[1] & mk[i + 1][t][1]);
        }
    }
    if (i < count) {
        memcpy(x, p, 16);
        for (t = 0; t < 8; t++) {
            pl[t][0] ^= x[0] & mk[i][t][0];
            pl[t][1] ^= x[1] & mk[i][t][1];
        }
    }
    for (i = 0; i < 2; i++) {
        uint64_t q[8];
        for (t = 0; t < 8; t++) {
            q[t] = pl[t][i];
        }
        r[i] = mqs_fold_word(q);
    }
}

static inline void matvec(uint8_t *out, const uint8_t *vecs, ptrdiff_t stride, ptrdiff_t dstride,
                          const uint64_t (*mk)[8][2], size_t count, size_t len)
{
    uint64_t r[2];
    size_t at;
    for (at = 0; at + 16 <= len; at += 16) {
        matvec_block(r, vecs + at, stride, dstride, mk, count);
        memcpy(out + at, r, 16);
    }
    if (at < len) {
        /* The last 16 bytes of every vector, overlapping the block before
         * (lane-wise, so the bytes computed twice come out the same). */
        matvec_block(r, vecs + len - 16, stride, dstride, mk, count);
        memcpy(out + len - 16, r, 16);
    }
}

void mqs_matvec_c(uint8_t *out, const uint8_t *vecs, size_t stride, ptrdiff_t dstride,
                  const uint64_t (*mk)[8][2], size_t count, size_t len)
{
    /* Evenly spaced vectors (signing) get their own copy of the loops,
     * with one pointer step per vector. */
    if (dstride == 0) {
        matvec(out, vecs, (ptrdiff_t)stride, 0, mk, count, len);
    } else {
        matvec(out, vecs, (ptrdiff_t)stride, dstride, mk, count, len);
    }
}
