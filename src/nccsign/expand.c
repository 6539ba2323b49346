/* NCC-Sign-T opt: expansion of seeds (section 3.3) and the hashes.
 *
 * Streams: XOF128(seed32, nonce) / XOF256(seed64, nonce) are SHAKE128 /
 * SHAKE256 of seed || nonce (2 bytes, little endian), or in the AES sets
 * AES-256-CTR keyed with the first 32 bytes of the seed, IV = nonce (2 bytes
 * LE) || 0^10 || a 32-bit big-endian block counter. Samplers read a stream
 * as one byte string in pieces whose sizes are multiples of their chunk
 * size, so no bytes are carried or lost between pieces. */
#include <string.h>

#include "common/aes.h"
#include "common/ct.h"
#include "common/fips202.h"
#include "nccsign/internal.h"
#include "nccsign/xof.h"

/* One SHAKE128 block: a multiple of 3 (the chunk size), and no stream
 * squeezed beyond the block that completes a-hat. */
#define UNIFORM_PIECE PQSIG_SHAKE128_RATE

void ncc_expand_a(ncc_poly *ahat, ncc_poly *spec, const uint8_t zeta[NCC_SEEDBYTES])
{
    ncc_xof x;
#if NCC_N == 1152 || NCC_N == 2304
    uint32_t *dst = spec->c; /* the specification's order (see ncc_ntt_from_spec) */
#else
    uint32_t *dst = ahat->c; /* the orders agree */
#endif
    uint8_t buf[UNIFORM_PIECE];
    size_t ctr = 0;
    xof_init(&x, zeta, NCC_SEEDBYTES, 0);
    while (ctr < NCC_N) {
        xof_read(&x, buf, sizeof buf);
        ctr += ncc_rej_uniform(dst + ctr, NCC_N - ctr, buf, sizeof buf);
    }
    xof_release(&x);
#if NCC_N == 1152 || NCC_N == 2304
    ncc_ntt_from_spec(ahat->c, spec->c);
#else
    (void)spec;
#endif
}

void ncc_expand_s(ncc_spoly *s, const uint8_t seed[NCC_CRHBYTES])
{
    ncc_xof x;
    uint8_t buf[PQSIG_SHAKE256_RATE];
    size_t ctr = 0;
    xof_init(&x, seed, NCC_CRHBYTES, 0);
    while (ctr < NCC_N) {
        xof_read(&x, buf, sizeof buf);
        ctr += ncc_rej_eta(s->c + ctr, NCC_N - ctr, buf, sizeof buf);
    }
    pqsig_zeroize(buf, sizeof buf);
    xof_release(&x);
}

unsigned ncc_mask_batch(void)
{
#if NCC_MASK_BATCH > 1
    if (pqsig_shakex4_native()) {
        return NCC_MASK_BATCH;
    }
#endif
    return 1;
}

void ncc_expand_masks(uint8_t (*buf)[NCC_POLYZ_BYTES], const uint8_t rho[NCC_CRHBYTES], uint16_t nonce,
                      unsigned count)
{
    ncc_xof x;
#if NCC_MASK_BATCH > 1
    if (count == NCC_MASK_BATCH) {
        uint8_t in[NCC_MASK_BATCH][NCC_CRHBYTES + 2];
        const uint8_t *ins[NCC_MASK_BATCH];
        uint8_t *outs[NCC_MASK_BATCH];
        unsigned j;
        for (j = 0; j < NCC_MASK_BATCH; j++) {
            const uint16_t n = (uint16_t)(nonce + j);
            memcpy(in[j], rho, NCC_CRHBYTES);
            in[j][NCC_CRHBYTES] = (uint8_t)n;
            in[j][NCC_CRHBYTES + 1] = (uint8_t)(n >> 8);
            ins[j] = in[j];
            outs[j] = buf[j];
        }
        pqsig_shake256x4(outs, NCC_POLYZ_BYTES, ins, sizeof in[0]);
        pqsig_zeroize(in, sizeof in);
        return;
    }
#endif
    (void)count;
    xof_init(&x, rho, NCC_CRHBYTES, nonce);
    xof_read(&x, buf[0], NCC_POLYZ_BYTES);
    xof_release(&x);
}

/* SampleInBall (Fisher-Yates from SHAKE256(c~)) without memory accesses or
 * branches that depend on the challenge: the tau placements are kept as a
 * list of (position, sign) and positions are compared, never used as
 * addresses. Step i draws b <= i (redrawing larger b), moves whatever sits
 * at b to i and puts the new sign at b. Only "b > i" is declassified: a
 * rejected draw is discarded and says nothing about the challenge. */
void ncc_challenge_list(uint32_t pos[NCC_TAU], uint32_t neg[NCC_TAU],
                        const uint8_t ctilde[NCC_SEEDBYTES])
{
    pqsig_shake_ctx st;
    uint8_t buf[PQSIG_SHAKE256_RATE];
    uint32_t signs;
    size_t off, k, j;

    pqsig_shake256_init(&st);
    pqsig_shake_absorb(&st, ctilde, NCC_SEEDBYTES);
    pqsig_shake_squeeze(&st, buf, sizeof buf);
    signs = (uint32_t)buf[0] | (uint32_t)buf[1] << 8 | (uint32_t)buf[2] << 16 | (uint32_t)buf[3] << 24;
    off = 4;
    for (k = 0; k < NCC_TAU;) {
        uint32_t i = (uint32_t)(NCC_N - NCC_TAU + k), b, reject;
        if (off == sizeof buf) { /* the rate is even: draws never straddle blocks */
            pqsig_shake_squeeze(&st, buf, sizeof buf);
            off = 0;
        }
        b = (uint32_t)buf[off] << NCC_CHALLENGE_LOW_BITS |
            (buf[off + 1] & ((1u << NCC_CHALLENGE_LOW_BITS) - 1));
        off += 2;
        reject = (i - b) >> 31;
        PQSIG_CT_DECLASSIFY(&reject, sizeof reject); /* a discarded draw */
        if (reject) {
            continue;
        }
        for (j = 0; j < k; j++) {
            uint32_t d = pos[j] ^ b;
            uint32_t moved = 0u - (((d | (0u - d)) >> 31) ^ 1); /* pos[j] == b */
            pos[j] ^= moved & (pos[j] ^ i);
        }
        pos[k] = b;
        neg[k] = (signs >> k) & 1;
        k++;
    }
    pqsig_zeroize(buf, sizeof buf);
    pqsig_shake_release(&st);
}

void ncc_sample_in_ball(ncc_spoly *c, const uint8_t ctilde[NCC_SEEDBYTES])
{
    uint32_t pos[NCC_TAU], neg[NCC_TAU];
    size_t j;

    ncc_challenge_list(pos, neg, ctilde);
    /* Dense form (ncc_challenge_dense: every index compared with every
     * placement, no address from a position). */
    {
        uint8_t dense[NCC_N];
        ncc_challenge_dense(dense, pos, neg);
        for (j = 0; j < NCC_N; j++) {
            c->c[j] = (int8_t)dense[j];
        }
        pqsig_zeroize(dense, sizeof dense);
    }
    pqsig_zeroize(pos, sizeof pos);
    pqsig_zeroize(neg, sizeof neg);
}

void ncc_hash_mu(uint8_t mu[NCC_CRHBYTES], const uint8_t tr[NCC_SEEDBYTES],
                 const uint8_t *m, size_t mlen)
{
    pqsig_shake_ctx st;
    pqsig_shake256_init(&st);
    pqsig_shake_absorb(&st, tr, NCC_SEEDBYTES);
    pqsig_shake_absorb(&st, m, mlen);
    pqsig_shake_squeeze(&st, mu, NCC_CRHBYTES);
    pqsig_shake_release(&st);
}

void ncc_hash_challenge(uint8_t ctilde[NCC_SEEDBYTES], const uint8_t mu[NCC_CRHBYTES],
                        const uint8_t w1[NCC_N])
{
    pqsig_shake_ctx st;
    uint8_t packed[NCC_POLYW1_BYTES];
    ncc_pack_w1(packed, w1);
    pqsig_shake256_init(&st);
    pqsig_shake_absorb(&st, mu, NCC_CRHBYTES);
    pqsig_shake_absorb(&st, packed, sizeof packed);
    pqsig_shake_squeeze(&st, ctilde, NCC_SEEDBYTES);
    pqsig_shake_release(&st);
}
