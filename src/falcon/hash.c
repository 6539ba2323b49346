/* Falcon: HashToPoint (hash.h). */
#include "falcon/hash.h"

#include "falcon/params.h"

void falcon_hash_to_point_c(pqsig_shake_ctx *sc, uint16_t *c, unsigned logn)
{
    /* Squeezing a whole rate block at a time gives the same stream as
     * two bytes at a time. */
    uint8_t buf[136];
    size_t n = FALCON_N(logn), got = 0, i;
    while (got < n) {
        pqsig_shake_squeeze(sc, buf, sizeof buf);
        for (i = 0; i < sizeof buf && got < n; i += 2) {
            uint32_t w = ((uint32_t)buf[i] << 8) | buf[i + 1];
            if (w < 5 * FALCON_Q) {
                /* w mod q for w < 5q, by at most four subtractions. */
                while (w >= FALCON_Q) {
                    w -= FALCON_Q;
                }
                c[got++] = (uint16_t)w;
            }
        }
    }
}
