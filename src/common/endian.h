/* 64-bit words in byte strings: little-endian (FIPS 202 B.1's lanes,
 * SNOVA's LE64 unit counters), one load or store where the host is
 * little-endian, byte by byte elsewhere; big-endian loads (Falcon's bit
 * strings, most significant bit first), a load and a byte swap. */
#ifndef PQSIG_COMMON_ENDIAN_H
#define PQSIG_COMMON_ENDIAN_H

#include <stdint.h>
#include <string.h>

static inline uint64_t pqsig_ld64_le(const uint8_t *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
#else
    uint64_t v = 0;
    unsigned k;
    for (k = 8; k-- > 0;) {
        v = (v << 8) | p[k];
    }
    return v;
#endif
}

static inline uint64_t pqsig_ld64_be(const uint8_t *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && (defined(__GNUC__) || defined(__clang__))
    uint64_t v;
    memcpy(&v, p, 8);
    return __builtin_bswap64(v);
#else
    uint64_t v = 0;
    unsigned k;
    for (k = 0; k < 8; k++) {
        v = (v << 8) | p[k];
    }
    return v;
#endif
}

static inline void pqsig_st64_le(uint8_t *p, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(p, &v, 8);
#else
    unsigned k;
    for (k = 0; k < 8; k++) {
        p[k] = (uint8_t)(v >> (8 * k));
    }
#endif
}

#endif
