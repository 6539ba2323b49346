/* The NIST AES-256 CTR DRBG: the first request-file seed, call boundaries
 * (each call is one SP 800-90A generate), personalisation, determinism.
 * The whole request file is checked by test_kat_harness. */
#include "check.h"
#include "common/drbg.h"

int main(void)
{
    uint8_t entropy[48], perso[48], mixed[48], a[96], b[96];
    pqsig_drbg d1, d2;
    unsigned i;

    for (i = 0; i < 48; i++) {
        entropy[i] = (uint8_t)i;
        perso[i] = (uint8_t)(0x5a ^ (7 * i));
        mixed[i] = (uint8_t)(entropy[i] ^ perso[i]);
    }
    /* count = 0 of every PQCsignKAT file: seed, then the first bytes of msg. */
    CHECK(pqsig_drbg_init(&d1, entropy, NULL, 256) == 0, "init");
    pqsig_drbg_randombytes(&d1, a, 48);
    check_unhex(b, 48,
                "061550234D158C5EC95595FE04EF7A25767F2E24CC2BC479D09D86DC9ABCFDE7"
                "056A8C266F9EF97ED08541DBD2E1FFA1");
    CHECK_MEM(a, b, 48, "first request seed");
    pqsig_drbg_randombytes(&d1, a, 33);
    check_unhex(b, 33, "D81C4D8D734FCBFBEADE3D3F8A039FAA2A2C9957E835AD55B22E75BF57BB556AC8");
    CHECK_MEM(a, b, 33, "first request message");

    /* One call of 96 bytes is not two calls of 48 (the state updates per call). */
    pqsig_drbg_init(&d1, entropy, NULL, 256);
    pqsig_drbg_init(&d2, entropy, NULL, 256);
    pqsig_drbg_randombytes(&d1, a, 96);
    pqsig_drbg_randombytes(&d2, b, 48);
    pqsig_drbg_randombytes(&d2, b + 48, 48);
    CHECK_MEM(a, b, 48, "same first block run");
    CHECK(memcmp(a + 48, b + 48, 48) != 0, "calls are separate generates");

    /* A zero-length generate still updates the state. */
    pqsig_drbg_init(&d1, entropy, NULL, 256);
    pqsig_drbg_init(&d2, entropy, NULL, 256);
    pqsig_drbg_randombytes(&d1, a, 0);
    pqsig_drbg_randombytes(&d1, a, 16);
    pqsig_drbg_randombytes(&d2, b, 16);
    CHECK(memcmp(a, b, 16) != 0, "empty generate advances");

    /* Personalisation is XORed into the seed material (10.2.1.3.1). */
    pqsig_drbg_init(&d1, entropy, perso, 256);
    pqsig_drbg_init(&d2, mixed, NULL, 256);
    pqsig_drbg_randombytes(&d1, a, 96);
    pqsig_drbg_randombytes(&d2, b, 96);
    CHECK_MEM(a, b, 96, "perso = entropy xor perso");
    CHECK(pqsig_drbg_init(&d1, entropy, NULL, 512) != 0, "strength above 256 refused");
    pqsig_drbg_release(&d1);
    pqsig_drbg_release(&d2);
    return check_done("test_drbg");
}
