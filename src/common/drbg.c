/* NIST SP 800-90A CTR_DRBG with AES-256, no derivation function, as used by
 * the NIST PQC KAT generators (their randombytes_init / randombytes).
 *
 * The DRBG's block encryptions E(K, V+1), E(K, V+2), ... are exactly AES-CTR
 * keystream from the counter V+1 (V is a 128-bit big-endian integer, 10.2.1),
 * so both Update and Generate are one CTR call. */
#include <stddef.h>
#include <stdint.h>

#include "pqsig.h"
#include "aes.h"
#include "ct.h"
#include "drbg.h"

#define SEEDLEN 48 /* keylen + blocklen for AES-256 */

/* V += n (big-endian, modulo 2^128). Always all 16 bytes: V is secret when
 * the DRBG serves as a scheme's PRNG (MQ-Sign), so the carry must not end
 * the loop early. */
static void v_add(uint8_t v[16], uint64_t n)
{
    uint64_t carry = 0;
    int i;
    for (i = 15; i >= 0; i--) {
        uint64_t t = (uint64_t)v[i] + (n & 0xff) + carry;
        v[i] = (uint8_t)t;
        carry = t >> 8;
        n >>= 8;
    }
}

/* Keystream from V+1 under the current key (V itself is not advanced). */
static void keystream(const pqsig_drbg *d, uint8_t *out, size_t len)
{
    pqsig_aes_ctx aes;
    uint8_t ctr[16];
    unsigned i;
    for (i = 0; i < 16; i++) {
        ctr[i] = d->v[i];
    }
    v_add(ctr, 1);
    pqsig_aes256_init(&aes, d->key, PQSIG_AES_ENGINE_AUTO);
    pqsig_aes_ctr(&aes, out, len, ctr);
    pqsig_aes_release(&aes);
}

/* CTR_DRBG_Update (10.2.1.2). */
static void drbg_update(pqsig_drbg *d, const uint8_t *provided48)
{
    uint8_t temp[SEEDLEN];
    unsigned i;
    keystream(d, temp, SEEDLEN);
    if (provided48 != NULL) {
        for (i = 0; i < SEEDLEN; i++) {
            temp[i] ^= provided48[i];
        }
    }
    for (i = 0; i < 32; i++) {
        d->key[i] = temp[i];
    }
    for (i = 0; i < 16; i++) {
        d->v[i] = temp[32 + i];
    }
    pqsig_zeroize(temp, sizeof temp);
}

int pqsig_drbg_init(pqsig_drbg *d, const uint8_t entropy[48], const uint8_t *perso48,
                    int security_strength)
{
    uint8_t seed[SEEDLEN];
    unsigned i;
    if (d == NULL || entropy == NULL || security_strength > 256) {
        return PQSIG_ERR_BAD_ARGUMENT;
    }
    /* Instantiate without df (10.2.1.3.1): seed = entropy XOR perso, K = 0, V = 0. */
    for (i = 0; i < SEEDLEN; i++) {
        seed[i] = (uint8_t)(entropy[i] ^ (perso48 != NULL ? perso48[i] : 0));
    }
    for (i = 0; i < 32; i++) {
        d->key[i] = 0;
    }
    for (i = 0; i < 16; i++) {
        d->v[i] = 0;
    }
    drbg_update(d, seed);
    d->reseed_counter = 1;
    pqsig_zeroize(seed, sizeof seed);
    return PQSIG_OK;
}

int pqsig_drbg_randombytes(pqsig_drbg *d, uint8_t *out, size_t len)
{
    if (d == NULL || (out == NULL && len != 0)) {
        return PQSIG_ERR_BAD_ARGUMENT;
    }
    /* Generate (10.2.1.5.1) without additional input: output blocks, then
     * V is left at the last block used and the state is updated. */
    keystream(d, out, len);
    v_add(d->v, (uint64_t)((len + 15) / 16));
    drbg_update(d, NULL);
    d->reseed_counter++;
    return PQSIG_OK;
}

void pqsig_drbg_release(pqsig_drbg *d)
{
    pqsig_zeroize(d, sizeof *d);
}
