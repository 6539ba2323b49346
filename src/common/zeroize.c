#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ct.h"

/* Large buffers are cleared 64 bytes at a time, each a fixed-size memset
 * that the compiler turns into vector stores, with an empty asm after each
 * that claims to read the memory: it keeps the stores and stops the compiler
 * from fusing the loop into one memset call, which glibc turns into rep
 * stosb for a few KB (counted byte by byte by instruction counters such as
 * callgrind). Small buffers go to memset. */
#define ZEROIZE_BLOCKS_FROM 2048u

void pqsig_zeroize(void *p, size_t len)
{
    if (p == NULL || len == 0) {
        return;
    }
    if (len >= ZEROIZE_BLOCKS_FROM) {
        uint8_t *b = (uint8_t *)p;
        size_t i;
        for (i = 0; i + 64 <= len; i += 64) {
            memset(b + i, 0, 64);
            __asm__ __volatile__("" : : "r"(b + i) : "memory");
        }
        memset(b + i, 0, len - i);
    } else {
        memset(p, 0, len);
    }
    /* The asm claims to read the memory, so the stores cannot be elided. */
    __asm__ __volatile__("" : : "r"(p) : "memory");
}
