/* What a user of one parameter set writes against the static library: the
 * NIST API of NCC-Sign-1 (opt) and nothing else. Built and run by the
 * suite; check_tiny.py then checks that the binary holds that variant alone
 * (the static API does not drag in the registry and its 200 variants). */
#include <stdio.h>
#include <string.h>

#include "pqsig/nccsign.h"

#define NS(x) pqsig_nccsign_1_opt_##x
#define PK PQSIG_NCCSIGN_1_CRYPTO_PUBLICKEYBYTES
#define SK PQSIG_NCCSIGN_1_CRYPTO_SECRETKEYBYTES
#define SIG PQSIG_NCCSIGN_1_CRYPTO_BYTES

static unsigned char pk[PK], sk[SK], sm[SIG + 32], m2[SIG + 32];
static unsigned char tmp[PQSIG_NCCSIGN_1_OPT_CRYPTO_TEMPBYTES];

int main(void)
{
    const unsigned char msg[32] = "the one set this program signs";
    unsigned long long smlen = 0, mlen = 0;
    uint8_t sig[SIG];
    size_t siglen = 0;
    int fail = 0;

    fail |= NS(crypto_sign_keypair)(pk, sk) != 0;
    fail |= NS(crypto_sign)(sm, &smlen, msg, sizeof msg, sk) != 0;
    fail |= NS(crypto_sign_open)(m2, &mlen, sm, smlen, pk) != 0;
    fail |= mlen != sizeof msg || memcmp(m2, msg, sizeof msg) != 0;
    sm[0] ^= 1;
    fail |= NS(crypto_sign_open)(m2, &mlen, sm, smlen, pk) == 0;
    /* The caller-scratch forms give the same verdicts. */
    fail |= NS(crypto_sign_keypair_temp)(pk, sk, tmp, sizeof tmp) != 0;
    fail |= NS(crypto_sign_signature_temp)(sig, &siglen, msg, sizeof msg, sk, tmp, sizeof tmp) != 0;
    fail |= NS(crypto_sign_verify_temp)(sig, siglen, msg, sizeof msg, pk, tmp, sizeof tmp) != 0;
    fail |= NS(crypto_sign_verify)(sig, siglen, msg, sizeof msg, pk) != 0;
    sig[3] ^= 8;
    fail |= NS(crypto_sign_verify_temp)(sig, siglen, msg, sizeof msg, pk, tmp, sizeof tmp) == 0;
    printf("tiny: %s\n", fail ? "FAILED" : "ok");
    return fail;
}
