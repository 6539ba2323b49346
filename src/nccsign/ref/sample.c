/* NCC-Sign-T reference: the expansion functions and hashes (spec section 3).
 *
 * Streams: XOF128(seed32, nonce) and XOF256(seed64, nonce) are
 * SHAKE128(seed || nonce) and SHAKE256(seed || nonce) with a 2-byte
 * little-endian nonce; in the AES sets both are AES-256-CTR keyed with the
 * first 32 bytes of the seed, IV = nonce (2 bytes LE) || 0^10 || a 32-bit
 * big-endian block counter from 0. Each sampler reads its stream as one
 * continuous byte string. */
#include <string.h>

#include "common/aes.h"
#include "common/fips202.h"
#include "nccsign/ref/ref.h"
#include "nccsign/xof.h"

/* ExpandA: a-hat, in the NTT domain, from 3-byte little-endian chunks of
 * XOF128(zeta, 0), masked to 24 bits (23 when q < 2^23). A chunk is kept
 * when 0 < t < q: the official code rejects 0 so that a-hat is invertible. */
void PQSIG_NS(ref_expand_a)(ncc_ref_poly *a, const uint8_t zeta[NCC_SEEDBYTES])
{
    ncc_xof x;
    uint8_t b[3];
    size_t ctr = 0;
    xof_init(&x, zeta, NCC_SEEDBYTES, 0);
    while (ctr < NCC_N) {
        uint32_t t;
        xof_read(&x, b, 3);
        t = ((uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16) & NCC_UNIFORM_MASK;
        if (t != 0 && t < NCC_Q) {
            a->c[ctr++] = (int32_t)t;
        }
    }
    xof_release(&x);
}

/* ExpandS: coefficients in {-1, 0, 1} as 1 - t for the 2-bit chunks t < 3 of
 * XOF256(seed, 0), low bits of each byte first. The official key
 * generation calls it with the 64 bytes starting at xi1 and at xi2. */
void PQSIG_NS(ref_expand_s)(ncc_ref_poly *s, const uint8_t seed[NCC_CRHBYTES])
{
    ncc_xof x;
    uint8_t b;
    size_t ctr = 0;
    unsigned k;
    xof_init(&x, seed, NCC_CRHBYTES, 0);
    while (ctr < NCC_N) {
        xof_read(&x, &b, 1);
        for (k = 0; k < 4 && ctr < NCC_N; k++) {
            int32_t t = (b >> (2 * k)) & 3;
            if (t < 3) {
                s->c[ctr++] = 1 - t;
            }
        }
    }
    xof_release(&x);
}

/* ExpandMask: y = gamma1 - (the first n (gamma1_bits + 1)-bit values of
 * XOF256(rho, nonce)), coefficients in (-gamma1, gamma1]. */
void PQSIG_NS(ref_expand_mask)(ncc_ref_poly *y, const uint8_t rho[NCC_CRHBYTES], uint16_t nonce)
{
    ncc_xof x;
    uint8_t buf[NCC_POLYZ_BYTES];
    uint32_t v[NCC_N];
    size_t i;
    xof_init(&x, rho, NCC_CRHBYTES, nonce);
    xof_read(&x, buf, sizeof buf);
    xof_release(&x);
    PQSIG_NS(ref_unpack_bits)(v, buf, NCC_N, NCC_Z_BITS);
    for (i = 0; i < NCC_N; i++) {
        y->c[i] = NCC_GAMMA1 - (int32_t)v[i];
    }
}

/* SampleInBall: tau coefficients +-1 by Fisher-Yates from SHAKE256(c~):
 * 32 sign bits first, then indices b = (byte0 << k) | (byte1 mod 2^k)
 * (k = 3, or 4 at n = 2304), redrawn while b > i. */
void PQSIG_NS(ref_sample_in_ball)(ncc_ref_poly *c, const uint8_t ctilde[NCC_SEEDBYTES])
{
    pqsig_shake_ctx st;
    uint8_t b[4];
    uint32_t signs;
    size_t i, idx;
    pqsig_shake256_init(&st);
    pqsig_shake_absorb(&st, ctilde, NCC_SEEDBYTES);
    pqsig_shake_squeeze(&st, b, 4);
    signs = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    memset(c, 0, sizeof *c);
    for (i = NCC_N - NCC_TAU; i < NCC_N; i++) {
        do {
            pqsig_shake_squeeze(&st, b, 2);
            idx = (size_t)b[0] << NCC_CHALLENGE_LOW_BITS | (b[1] & ((1u << NCC_CHALLENGE_LOW_BITS) - 1));
        } while (idx > i);
        c->c[i] = c->c[idx];
        c->c[idx] = 1 - 2 * (int32_t)(signs & 1);
        signs >>= 1;
    }
    pqsig_shake_release(&st);
}

void PQSIG_NS(ref_hash_mu)(uint8_t mu[NCC_CRHBYTES], const uint8_t tr[NCC_SEEDBYTES],
                           const uint8_t *m, size_t mlen)
{
    pqsig_shake_ctx st;
    pqsig_shake256_init(&st);
    pqsig_shake_absorb(&st, tr, NCC_SEEDBYTES);
    pqsig_shake_absorb(&st, m, mlen);
    pqsig_shake_squeeze(&st, mu, NCC_CRHBYTES);
    pqsig_shake_release(&st);
}

void PQSIG_NS(ref_hash_challenge)(uint8_t ctilde[NCC_SEEDBYTES], const uint8_t mu[NCC_CRHBYTES],
                                  const ncc_ref_poly *w1)
{
    pqsig_shake_ctx st;
    uint8_t packed[NCC_POLYW1_BYTES];
    PQSIG_NS(ref_pack_w1)(packed, w1);
    pqsig_shake256_init(&st);
    pqsig_shake_absorb(&st, mu, NCC_CRHBYTES);
    pqsig_shake_absorb(&st, packed, sizeof packed);
    pqsig_shake_squeeze(&st, ctilde, NCC_SEEDBYTES);
    pqsig_shake_release(&st);
}
