/* AES-CTR with VAES: each AVX-512 AESENC works on four blocks, and four
 * vectors (16 blocks) are in flight so that the instruction latencies
 * overlap. Reached through native/x86_64/meta.h for the VAES engine only
 * (VAES + AVX-512F + AVX-512BW present); the round keys are AES-NI's.
 *
 * The counters stay in vectors as (lo, hi) 64-bit pairs, one pair per
 * 128-bit lane; the carry from lo into hi comes from an unsigned
 * compare into a mask register and a masked add, never a branch: the
 * counter may be secret (the V of a CTR_DRBG). */
#include <stddef.h>
#include <stdint.h>

#include <immintrin.h>

#include "common/aes.h"
#include "common/aes_internal.h"
#include "common/ct.h"

/* v + add where add is nonzero in the lo halves only (mask 0x55); a lo
 * half that wraps carries one into the hi half above it. */
static inline __m512i ctr_add(__m512i v, __m512i add)
{
    const __m512i sum = _mm512_add_epi64(v, add);
    const __mmask8 wrapped = _mm512_mask_cmplt_epu64_mask(0x55, sum, add);
    return _mm512_mask_add_epi64(sum, (__mmask8)(wrapped << 1), sum, _mm512_set1_epi64(1));
}

void pqsig_aes_ctr_blocks_vaes(const pqsig_aes_ctx *ctx, uint8_t *out, size_t nblocks, const uint8_t iv[16],
                               uint64_t counter)
{
    /* Reverses the 16 bytes of each lane: (lo, hi) little-endian words to
     * the big-endian 128-bit counter block (SP 800-38A B.1). */
    const __m512i to_be = _mm512_broadcast_i32x4(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    const __m512i step16 = _mm512_set_epi64(0, 16, 0, 16, 0, 16, 0, 16);
    const unsigned nr = ctx->rounds;
    __m512i rk[15], c[4], x[4];
    uint64_t hi, lo;
    unsigned r, k;

    for (r = 0; r <= nr; r++) {
        rk[r] = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)(ctx->rk.bytes + 16 * r)));
    }
    pqsig_aes_ctr_start(&hi, &lo, iv, counter);
    c[0] = ctr_add(_mm512_set_epi64((long long)hi, (long long)lo, (long long)hi, (long long)lo, (long long)hi,
                                    (long long)lo, (long long)hi, (long long)lo),
                   _mm512_set_epi64(0, 3, 0, 2, 0, 1, 0, 0));
    for (k = 1; k < 4; k++) {
        c[k] = ctr_add(c[k - 1], _mm512_set_epi64(0, 4, 0, 4, 0, 4, 0, 4));
    }
    while (nblocks > 0) {
        for (k = 0; k < 4; k++) {
            x[k] = _mm512_xor_si512(_mm512_shuffle_epi8(c[k], to_be), rk[0]);
            c[k] = ctr_add(c[k], step16);
        }
        for (r = 1; r < nr; r++) {
            for (k = 0; k < 4; k++) {
                x[k] = _mm512_aesenc_epi128(x[k], rk[r]);
            }
        }
        for (k = 0; k < 4; k++) {
            x[k] = _mm512_aesenclast_epi128(x[k], rk[nr]);
        }
        if (nblocks >= 16) {
            for (k = 0; k < 4; k++) {
                _mm512_storeu_si512((void *)(out + 64 * k), x[k]);
            }
            out += 256;
            nblocks -= 16;
        } else {
            /* The last (public) count of blocks: masked stores write
             * exactly 16 * nblocks bytes. */
            for (k = 0; k < 4 && nblocks > 0; k++) {
                const unsigned n = nblocks >= 4 ? 4 : (unsigned)nblocks;
                _mm512_mask_storeu_epi64((void *)(out + 64 * k), (__mmask8)((1u << (2 * n)) - 1), x[k]);
                nblocks -= n;
            }
        }
    }
    pqsig_zeroize(rk, sizeof rk);
    pqsig_zeroize(c, sizeof c);
    pqsig_zeroize(x, sizeof x);
    pqsig_zeroize(&hi, sizeof hi);
    pqsig_zeroize(&lo, sizeof lo);
}
