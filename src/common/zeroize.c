#include <stddef.h>
#include <string.h>

#include "ct.h"

void pqsig_zeroize(void *p, size_t len)
{
    if (p == NULL || len == 0) {
        return;
    }
    memset(p, 0, len);
    /* The asm claims to read the memory, so the stores cannot be elided. */
    __asm__ __volatile__("" : : "r"(p) : "memory");
}
