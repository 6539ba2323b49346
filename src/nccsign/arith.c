/* NCC-Sign-T opt: the portable rejection-sampling kernels of native/api.h. */
#include "common/ct.h"
#include "nccsign/native/api.h"

/* The 24-bit little-endian chunk at p, masked. */
static inline uint32_t chunk24(const uint8_t *p)
{
    return ((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16) & NCC_UNIFORM_MASK;
}

size_t PQSIG_NS(ncc_rej_uniform)(uint32_t *a, size_t len, const uint8_t *buf, size_t buflen)
{
    size_t ctr = 0, pos = 0;
    /* Public data (a-hat comes from the public seed zeta). Every candidate
     * is written at a[ctr] and kept by advancing ctr when 0 < t < q. While
     * all remaining candidates fit, two per step and no test of ctr. */
    if (buflen / 3 <= len) {
        for (; pos + 6 <= buflen; pos += 6) {
            uint32_t t0 = chunk24(buf + pos), t1 = chunk24(buf + pos + 3);
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

size_t PQSIG_NS(ncc_rej_eta)(int32_t *s, size_t len, const uint8_t *buf, size_t buflen)
{
    size_t ctr = 0, pos;
    for (pos = 0; pos < buflen && ctr < len; pos++) {
        uint32_t b = buf[pos];
        /* Bit k of rejects: chunk k (bits 2k, 2k+1 of the byte) equals 3.
         * Which chunks are 3 says nothing about the coefficients kept (each
         * is 1 - t for a chunk t < 3 of its own): public. */
        uint32_t rejects = b & (b >> 1) & 0x55u;
        rejects = (rejects | rejects >> 1) & 0x33u;
        rejects = (rejects | rejects >> 2) & 0x0Fu;
        PQSIG_CT_DECLASSIFY(&rejects, sizeof rejects);
        if (len - ctr >= 4) {
            /* Room for all four: write every candidate, advance past the kept. */
            s[ctr] = 1 - (int32_t)(b & 3);
            ctr += 1 - (rejects & 1);
            s[ctr] = 1 - (int32_t)((b >> 2) & 3);
            ctr += 1 - ((rejects >> 1) & 1);
            s[ctr] = 1 - (int32_t)((b >> 4) & 3);
            ctr += 1 - ((rejects >> 2) & 1);
            s[ctr] = 1 - (int32_t)(b >> 6);
            ctr += 1 - (rejects >> 3);
        } else {
            unsigned k;
            for (k = 0; k < 4 && ctr < len; k++) {
                if (!((rejects >> k) & 1)) {
                    s[ctr++] = 1 - (int32_t)((b >> (2 * k)) & 3);
                }
            }
        }
    }
    return ctr;
}
