/* NCC-Sign-T: the fixed-width bit strings of section 3.2 (least significant
 * bit first; n is a multiple of 8, so groups of eight values fill whole
 * bytes), as macros that define one function per field width, so that a
 * group compiles to straight-line code. Used by the packing kernels
 * (pack.c) and by the frontend's other encodings (encode.c). */
#ifndef PQSIG_NCCSIGN_BITPACK_H
#define PQSIG_NCCSIGN_BITPACK_H

#include <stddef.h>
#include <stdint.h>

#include "nccsign/params.h"

/* Eight values of BITS (at most 20) bits fill exactly BITS bytes; each
 * group goes through a 64-bit accumulator flushed a byte at a time; the
 * flushes depend on the (public) width only. value(i) gives value i. */
#define NCC_DEFINE_PACK(name, BITS, type, value)                                                 \
    static void name(uint8_t *out, const type *a, int32_t offset)                               \
    {                                                                                            \
        size_t g;                                                                                \
        unsigned k, have;                                                                        \
        (void)offset;                                                                            \
        for (g = 0; g < NCC_N / 8; g++) {                                                        \
            uint64_t acc = 0;                                                                    \
            for (k = 0, have = 0; k < 8; k++) {                                                  \
                size_t i = 8 * g + k;                                                            \
                acc |= (uint64_t)(uint32_t)(value) << have;                                      \
                for (have += (BITS); have >= 8; have -= 8) {                                     \
                    *out++ = (uint8_t)acc;                                                       \
                    acc >>= 8;                                                                   \
                }                                                                                \
            }                                                                                    \
        }                                                                                        \
    }

/* The little-endian window of up to 4 bytes at p, of which avail exist. */
static inline uint32_t ncc_window(const uint8_t *p, size_t avail)
{
    uint32_t x = 0;
    size_t b;
    for (b = 0; b < 4 && b < avail; b++) {
        x |= (uint32_t)p[b] << (8 * b);
    }
    return x;
}

/* Value i starts at bit i BITS: it is read from the 32-bit little-endian
 * window at its first byte (BITS + 7 <= 27 < 32); the last values read only
 * the bytes that exist. `store` stores field x of value i. */
#define NCC_DEFINE_UNPACK(name, BITS, type, store)                                               \
    static void name(type *a, const uint8_t *in, int32_t offset)                                \
    {                                                                                            \
        const uint32_t mask = (1u << (BITS)) - 1;                                                \
        size_t g, i;                                                                             \
        unsigned k;                                                                              \
        (void)offset;                                                                            \
        for (g = 0; g + 1 < NCC_N / 8; g++, in += (BITS)) {                                      \
            for (k = 0; k < 8; k++) {                                                            \
                const uint8_t *p = in + k * (BITS) / 8;                                          \
                uint32_t x = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |       \
                             (uint32_t)p[3] << 24;                                               \
                x = (x >> (k * (BITS) % 8)) & mask;                                              \
                i = 8 * g + k;                                                                   \
                store;                                                                           \
            }                                                                                    \
        }                                                                                        \
        for (k = 0; k < 8; k++) { /* the last group: only the bytes that exist */                \
            size_t first = k * (BITS) / 8;                                                       \
            uint32_t x = (ncc_window(in + first, (BITS) - first) >> (k * (BITS) % 8)) & mask;    \
            i = NCC_N - 8 + k;                                                                   \
            store;                                                                               \
        }                                                                                        \
    }

#endif
