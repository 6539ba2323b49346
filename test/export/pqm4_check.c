/* The check of a folder written by ./pqsig export --pqm4, built on its own
 * for the Cortex-M4 with only that folder on the include path (as pqm4
 * builds it) and run on mps2-an386 under QEMU: pqm4's API round trip
 * (keypair, sign, open, also in place; detached signature and verify) and
 * the rejection of altered input.
 *
 * It plays pqm4's part: randombytes() comes from the board (our platform
 * layer's entropy, renamed when this check builds hal.c, since the folder's
 * pqm4_api.c defines pqsig_platform_entropy over randombytes()). */
#include <stdio.h>
#include <string.h>

#include "api.h"

int pqm4_check_board_entropy(uint8_t *out, size_t len);
int randombytes(uint8_t *out, size_t n);

int randombytes(uint8_t *out, size_t n)
{
    return pqm4_check_board_entropy(out, n);
}

#define MLEN 59

static uint8_t pk[CRYPTO_PUBLICKEYBYTES], sk[CRYPTO_SECRETKEYBYTES];
static uint8_t sm[MLEN + CRYPTO_BYTES], m[MLEN], m2[MLEN + CRYPTO_BYTES], sig[CRYPTO_BYTES];

int main(void)
{
    size_t smlen = 0, smlen2 = 0, mlen = 0, siglen = 0, i;
    int bad = 0;
    for (i = 0; i < MLEN; i++) {
        m[i] = (uint8_t)(7 * i + 1);
    }
    bad |= crypto_sign_keypair(pk, sk) != 0;
    bad |= crypto_sign(sm, &smlen, m, MLEN, sk) != 0;
    bad |= crypto_sign_open(m2, &mlen, sm, smlen, pk) != 0 || mlen != MLEN || memcmp(m, m2, MLEN) != 0;
    bad |= crypto_sign_signature(sig, &siglen, m, MLEN, sk) != 0 || siglen > CRYPTO_BYTES;
    bad |= crypto_sign_verify(sig, siglen, m, MLEN, pk) != 0;
    /* in place, as pqm4's speed and hashing programs sign and open */
    memcpy(m2, m, MLEN);
    bad |= crypto_sign(m2, &smlen2, m2, MLEN, sk) != 0 || smlen2 > sizeof m2;
    bad |= crypto_sign_open(m2, &mlen, m2, smlen2, pk) != 0 || mlen != MLEN || memcmp(m, m2, MLEN) != 0;
    sm[smlen / 2] ^= 1;
    bad |= crypto_sign_open(m2, &mlen, sm, smlen, pk) == 0;
    sig[0] ^= 4;
    bad |= crypto_sign_verify(sig, siglen, m, MLEN, pk) == 0;
    printf("%s %s: pqm4 API round trip and rejection of altered input\n", bad ? "FAIL" : "PASS", CRYPTO_ALGNAME);
    return bad;
}
