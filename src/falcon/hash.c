/* Falcon: HashToPoint (hash.h). */
#include "falcon/hash.h"

void falcon_hash_to_point_c(pqsig_shake_ctx *sc, uint16_t *c, unsigned logn)
{
    /* Squeezing a whole rate block at a time gives the same stream as
     * two bytes at a time. */
    uint8_t buf[136];
    size_t n = FALCON_N(logn), got = 0, i;
    while (got < n) {
        pqsig_shake_squeeze(sc, buf, sizeof buf);
        if (n - got >= sizeof buf / 2) {
            /* Room for the whole block's words: each is written, and kept
             * (got advances) only when below 5q. */
            for (i = 0; i < sizeof buf; i += 2) {
                uint32_t w = ((uint32_t)buf[i] << 8) | buf[i + 1];
                c[got] = (uint16_t)falcon_red_5q(w);
                got += (size_t)(w < 5 * FALCON_Q);
            }
            continue;
        }
        for (i = 0; i < sizeof buf && got < n; i += 2) {
            uint32_t w = ((uint32_t)buf[i] << 8) | buf[i + 1];
            if (w < 5 * FALCON_Q) {
                c[got++] = (uint16_t)falcon_red_5q(w);
            }
        }
    }
}
