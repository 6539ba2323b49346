#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ct.h"

/* Large buffers are cleared with 8-byte stores through a volatile pointer
 * (which the compiler keeps): a memset of a few KB becomes rep stosb in
 * glibc, which instruction counters such as callgrind count byte by byte.
 * Small ones go to memset, the asm barrier keeping its stores. */
#define ZEROIZE_WORDS_FROM 2048u

void pqsig_zeroize(void *p, size_t len)
{
    if (p == NULL || len == 0) {
        return;
    }
    if (len < ZEROIZE_WORDS_FROM) {
        memset(p, 0, len);
    } else {
        volatile uint8_t *b = (volatile uint8_t *)p;
        volatile uint64_t *w;
        size_t i, n;
        while (((uintptr_t)b & 7u) != 0) {
            *b++ = 0;
            len--;
        }
        w = (volatile uint64_t *)(volatile void *)b;
        n = len / 8;
        for (i = 0; i < n; i++) {
            w[i] = 0;
        }
        b += 8 * n;
        for (i = 0; i < len % 8; i++) {
            b[i] = 0;
        }
    }
    /* The asm claims to read the memory, so the stores cannot be elided. */
    __asm__ __volatile__("" : : "r"(p) : "memory");
}
