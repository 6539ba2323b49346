/* NCC-Sign-T opt: the portable rejection-sampling kernels of native/api.h. */
#include "common/ct.h"
#include "nccsign/native/api.h"

size_t PQSIG_NS(ncc_rej_uniform)(uint32_t *a, size_t len, const uint8_t *buf, size_t buflen)
{
    size_t ctr = 0, pos;
    for (pos = 0; pos + 3 <= buflen && ctr < len; pos += 3) {
        uint32_t t = ((uint32_t)buf[pos] | (uint32_t)buf[pos + 1] << 8 | (uint32_t)buf[pos + 2] << 16) &
                     NCC_UNIFORM_MASK;
        /* Public data (a-hat comes from the public seed zeta). */
        a[ctr] = t;
        ctr += (size_t)(t - 1 < NCC_Q - 1);
    }
    return ctr;
}

size_t PQSIG_NS(ncc_rej_eta)(int32_t *s, size_t len, const uint8_t *buf, size_t buflen)
{
    size_t ctr = 0, pos;
    unsigned k;
    for (pos = 0; pos < buflen && ctr < len; pos++) {
        /* With room for all four, write every candidate and advance past the
         * kept ones; near the end, stop exactly at len. */
        int room = len - ctr >= 4;
        for (k = 0; k < 8; k += 2) {
            uint32_t t = (uint32_t)(buf[pos] >> k) & 3;
            uint32_t reject = (t + 1) >> 2; /* t == 3 */
            /* Whether a chunk is 3 says nothing about the coefficients kept
             * (each is 1 - t for a chunk t < 3 of its own): public. */
            PQSIG_CT_DECLASSIFY(&reject, sizeof reject);
            if (room) {
                s[ctr] = 1 - (int32_t)t;
                ctr += 1 - reject;
            } else if (!reject && ctr < len) {
                s[ctr++] = 1 - (int32_t)t;
            }
        }
    }
    return ctr;
}
