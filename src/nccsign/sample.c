/* NCC-Sign-T: the portable rejection-sampling kernels of native/api.h. */
#include <string.h>

#include "common/ct.h"
#include "nccsign/native/api.h"

/* The 24-bit little-endian chunk at p, masked. */
static inline uint32_t chunk24(const uint8_t *p)
{
    return ((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16) & NCC_UNIFORM_MASK;
}

/* The same from a 4-byte read (p[3] must exist): one load where the byte
 * order allows. */
static inline uint32_t chunk24_over(const uint8_t *p)
{
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t x;
    memcpy(&x, p, sizeof x);
    return x & NCC_UNIFORM_MASK;
#else
    return chunk24(p);
#endif
}

size_t ncc_rej_uniform_c(uint32_t *a, size_t len, const uint8_t *buf, size_t buflen)
{
    size_t ctr = 0, pos = 0;
    /* Public data (a-hat comes from the public seed zeta). Every candidate
     * is written at a[ctr] and kept by advancing ctr when 0 < t < q. While
     * all remaining candidates fit, two per step and no test of ctr; the
     * last chunk of buf is left to the loop below (no byte after it). */
    if (buflen / 3 <= len) {
        for (; pos + 7 <= buflen; pos += 6) {
            uint32_t t0 = chunk24_over(buf + pos), t1 = chunk24_over(buf + pos + 3);
            a[ctr] = t0;
            ctr += (size_t)(t0 - 1 < NCC_Q - 1);
            a[ctr] = t1;
            ctr += (size_t)(t1 - 1 < NCC_Q - 1);
        }
    }
    for (; pos + 3 <= buflen && ctr < len; pos += 3) {
        uint32_t t = chunk24(buf + pos);
        a[ctr] = t;
        ctr += (size_t)(t - 1 < NCC_Q - 1);
    }
    return ctr;
}

/* Byte lanes 0..3 of v to p[0..3]: one store where the byte order allows. */
static inline void put_lanes(uint8_t *p, uint32_t v)
{
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(p, &v, sizeof v);
#else
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
#endif
}

/* Bytes of the stream expanded per pass of ncc_rej_eta: 4 candidates each. */
#define ETA_PASS 64

size_t ncc_rej_eta_c(int32_t *s, size_t len, const uint8_t *buf, size_t buflen)
{
    /* A pass turns up to ETA_PASS bytes into 4 candidates each: cand holds
     * 5 - t for the 2-bit chunk t (so the kept coefficient is cand - 4),
     * keep is 1 unless t = 3. Both are computed for the four chunks of a byte at
     * once (byte lanes of a word), without branches. Then every candidate
     * is stored at s[ctr] and ctr advances past the kept ones. */
    uint8_t cand[4 * ETA_PASS], keep[4 * ETA_PASS];
    size_t ctr = 0, pos = 0;
    while (pos < buflen && ctr < len) {
        size_t m = buflen - pos < ETA_PASS ? buflen - pos : ETA_PASS, i, j;
        for (i = 0; i < m; i++) {
            uint32_t b = buf[pos + i];
            /* byte lane k of x: chunk k of b (bits 2k, 2k+1) */
            uint32_t x = (b | b << 6 | b << 12 | b << 18) & 0x03030303u;
            uint32_t c = 0x05050505u - x, k = (x & (x >> 1) & 0x01010101u) ^ 0x01010101u;
            put_lanes(cand + 4 * i, c);
            put_lanes(keep + 4 * i, k);
        }
        /* Which chunks equal 3 says nothing about the coefficients kept (each
         * is 1 - t for a chunk t < 3 of its own): public. */
        PQSIG_CT_DECLASSIFY(keep, 4 * m);
        pos += m;
        m *= 4;
        if (len - ctr >= m) {
            /* Room for every candidate: no test of ctr (m is a multiple of 4). */
            for (j = 0; j < m; j += 4) {
                s[ctr] = (int32_t)cand[j] - 4;
                ctr += keep[j];
                s[ctr] = (int32_t)cand[j + 1] - 4;
                ctr += keep[j + 1];
                s[ctr] = (int32_t)cand[j + 2] - 4;
                ctr += keep[j + 2];
                s[ctr] = (int32_t)cand[j + 3] - 4;
                ctr += keep[j + 3];
            }
        } else {
            for (j = 0; j < m && ctr < len; j++) {
                s[ctr] = (int32_t)cand[j] - 4;
                ctr += keep[j];
            }
        }
    }
    pqsig_zeroize(cand, sizeof cand); /* secret chunks */
    return ctr;
}

#define BYTES16(b) b, b + 1, b + 2, b + 3, b + 4, b + 5, b + 6, b + 7, b + 8, b + 9, b + 10, b + 11, \
                   b + 12, b + 13, b + 14, b + 15
/* 0, 1, ..., 255: the low bytes of the indices of a 256-coefficient row. */
static const uint8_t byte_index[256] = {BYTES16(0),   BYTES16(16),  BYTES16(32),  BYTES16(48),
                                        BYTES16(64),  BYTES16(80),  BYTES16(96),  BYTES16(112),
                                        BYTES16(128), BYTES16(144), BYTES16(160), BYTES16(176),
                                        BYTES16(192), BYTES16(208), BYTES16(224), BYTES16(240)};

/* Indices are split as 256 chunk + low byte: the chunk comparison gives
 * one mask per row, the low bytes are compared eight at a time in 8-bit
 * lanes of a word (coefficients of c are -1, 0 or 1, so bytes hold them;
 * every position is placed once, so OR places it). The exact zero-byte
 * test has no carry between lanes, and no per-byte flag a compiler could
 * branch on: clang -O1 turned the per-byte form into a branch on each
 * byte (the constant-time matrix of ./pqsig test found it). Row lengths
 * (256, or N - 1024 / N - 2048) are multiples of 8. */
void ncc_challenge_dense_c(uint8_t dense[NCC_N], const uint32_t pos[NCC_TAU], const uint32_t neg[NCC_TAU])
{
    const uint64_t lanes = 0x0101010101010101ull, low7 = 0x7F7F7F7F7F7F7F7Full;
    size_t k, j;
    memset(dense, 0, NCC_N);
    for (k = 0; k < NCC_TAU; k++) {
        uint8_t value = (uint8_t)(1 - 2 * (int32_t)neg[k]);
        const uint64_t lowb = (uint64_t)(pos[k] & 0xFFu) * lanes;
        size_t chunk;
        for (chunk = 0; chunk < NCC_N; chunk += 256) {
            uint32_t d = (uint32_t)(chunk >> 8) ^ (pos[k] >> 8);
            uint8_t v = (uint8_t)(value & (uint8_t)(0u - ((d - 1) >> 31))); /* chunk matches */
            const uint64_t vb = (uint64_t)v * lanes;
            uint8_t *row = dense + chunk;
            size_t len = NCC_N - chunk < 256 ? NCC_N - chunk : 256;
            for (j = 0; j < len; j += 8) {
                uint64_t x, z, r;
                memcpy(&x, byte_index + j, 8);
                x ^= lowb;                              /* a zero byte where the low bytes match */
                z = ~(((x & low7) + low7) | x | low7); /* 0x80 in exactly the zero bytes */
                memcpy(&r, row + j, 8);
                r |= vb & ((z >> 7) * 0xFFu);
                memcpy(row + j, &r, 8);
            }
        }
    }
}
