/* NCC-Sign-T: the XOF streams of the expansion functions (spec section 3),
 * shared by ref and opt. XOF128(seed32, nonce) / XOF256(seed64, nonce) are
 * SHAKE128 / SHAKE256 of seed || nonce (2 bytes, little endian); in the AES
 * sets both are AES-256-CTR keyed with the first 32 bytes of the seed,
 * IV = nonce (2 bytes LE) || 0^10 || a 32-bit big-endian block counter.
 * A stream is one continuous byte string, read in pieces of any size.
 * Include after the parameters (NCCSIGN_AES, NCC_SEEDBYTES) are defined. */
#ifndef PQSIG_NCCSIGN_XOF_H
#define PQSIG_NCCSIGN_XOF_H

#include <stddef.h>
#include <stdint.h>

#include "common/aes.h"
#include "common/fips202.h"

typedef struct {
#if NCCSIGN_AES
    pqsig_aes_ctr_stream aes;
#else
    pqsig_shake_ctx shake;
#endif
} ncc_xof;

static inline void xof_init(ncc_xof *x, const uint8_t *seed, size_t seedlen, uint16_t nonce)
{
    uint8_t le[2];
    le[0] = (uint8_t)nonce;
    le[1] = (uint8_t)(nonce >> 8);
#if NCCSIGN_AES
    {
        uint8_t iv[16] = {0};
        (void)seedlen;
        iv[0] = le[0];
        iv[1] = le[1];
        pqsig_aes_ctr_stream_init(&x->aes, seed, 32, iv);
    }
#else
    if (seedlen == NCC_SEEDBYTES) {
        pqsig_shake128_init(&x->shake);
    } else {
        pqsig_shake256_init(&x->shake);
    }
    pqsig_shake_absorb(&x->shake, seed, seedlen);
    pqsig_shake_absorb(&x->shake, le, 2);
#endif
}

static inline void xof_read(ncc_xof *x, uint8_t *out, size_t len)
{
#if NCCSIGN_AES
    pqsig_aes_ctr_stream_read(&x->aes, out, len);
#else
    pqsig_shake_squeeze(&x->shake, out, len);
#endif
}

static inline void xof_release(ncc_xof *x)
{
#if NCCSIGN_AES
    pqsig_aes_ctr_stream_release(&x->aes);
#else
    pqsig_shake_release(&x->shake);
#endif
}

#endif
