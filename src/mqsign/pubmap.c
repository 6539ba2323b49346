/* MQ-Sign: the portable twin of mqs_pubmap (contract in native/api.h), the
 * public map of verification. Public inputs only: buckets are addressed by
 * data. */
#include <string.h>

#include "mqsign/arith.h"
#include "mqsign/native/api.h"

/* Words per o-byte vector in a bucket: bytes 8k .. 8k + 7 in word k, and
 * when o is not a multiple of 8, the last 8 bytes o - 8 .. o - 1 in the
 * last word (overlapping the word before: only its new bytes are used). */
#define OW ((MQS_O + 7) / 8)

typedef char mqs_check_pubmap_work[256 * OW * 8 <= MQS_PUBMAP_WORK_BYTES ? 1 : -1];

static inline uint64_t load_word(const uint8_t *p)
{
    uint64_t w;
    memcpy(&w, p, 8);
    return w;
}

void mqs_pubmap_c(uint8_t z[MQS_O], const uint8_t *p, const uint8_t w[MQS_N], void *work)
{
    /* z = sum over monomials of (w_i w_j) * P_ij. The products w_i w_j are
     * public here, so the o-byte vectors are first summed per product value
     * (256 buckets, only XORs, addressed by the public value), and the
     * buckets then weighted by their value through bit planes. */
    uint64_t(*bucket)[OW] = MQS_WORK(work);
    uint64_t planes[8][OW], be[8];
    uint8_t wpad[MQS_N + 8], c[MQS_N + 8];
    unsigned i, j, k, t;
    size_t mono = 0;
    memset(bucket, 0, 256 * sizeof bucket[0]);
    memset(wpad, 0, sizeof wpad);
    memcpy(wpad, w, MQS_N);
    for (i = 0; i < MQS_N; i++) {
        mqs_scalar_expand(be, w[i]);
        for (j = i; j < MQS_N; j += 8) {
            uint64_t prod = mqs_mul_expanded(load_word(wpad + j), be);
            memcpy(c + (j - i), &prod, 8);
        }
        for (j = i; j < MQS_N; j++, mono++) {
            uint64_t *b = bucket[c[j - i]];
            const uint8_t *src = p + mono * MQS_O;
            for (k = 0; k < MQS_O / 8; k++) {
                b[k] ^= load_word(src + 8 * k);
            }
#if MQS_O % 8
            b[k] ^= load_word(src + MQS_O - 8);
#endif
        }
    }
    memset(planes, 0, sizeof planes);
    for (i = 1; i < 256; i++) {
        for (t = 0; t < 8; t++) {
            if ((i >> t) & 1) {
                for (k = 0; k < OW; k++) {
                    planes[t][k] ^= bucket[i][k];
                }
            }
        }
    }
    for (k = 0; k < OW; k++) {
        uint64_t pk[8], r;
        for (t = 0; t < 8; t++) {
            pk[t] = planes[t][k];
        }
        r = mqs_fold_word(pk);
        if (8 * k + 8 <= MQS_O) {
            memcpy(z + 8 * k, &r, 8);
        } else {
            memcpy(z + 8 * k, (const uint8_t *)&r + (8 - MQS_O % 8), MQS_O % 8);
        }
    }
}
