/* SHA-256: FIPS 180-4 examples (one block, two blocks, the 896-bit message,
 * a million 'a'), and incremental updates in every split. */
#include "check.h"
#include "common/sha2.h"

static void check_hex(const uint8_t *got, const char *hex, const char *what)
{
    uint8_t want[32];
    check_unhex(want, 32, hex);
    CHECK_MEM(got, want, 32, "%s", what);
}

static uint8_t million[1000000];

int main(void)
{
    uint8_t h[32];
    const char *m448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    const char *m896 = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
    size_t split;

    pqsig_sha256(h, NULL, 0);
    check_hex(h, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "''");
    pqsig_sha256(h, (const uint8_t *)"abc", 3);
    check_hex(h, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "abc");
    pqsig_sha256(h, (const uint8_t *)m448, strlen(m448));
    check_hex(h, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1", "448 bits");
    pqsig_sha256(h, (const uint8_t *)m896, strlen(m896));
    check_hex(h, "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1", "896 bits");
    memset(million, 'a', sizeof million);
    pqsig_sha256(h, million, sizeof million);
    check_hex(h, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0", "million a");
    for (split = 0; split <= strlen(m896); split++) {
        pqsig_sha256_ctx ctx;
        pqsig_sha256_init(&ctx);
        pqsig_sha256_update(&ctx, (const uint8_t *)m896, split);
        pqsig_sha256_update(&ctx, (const uint8_t *)m896 + split, strlen(m896) - split);
        pqsig_sha256_final(&ctx, h);
        check_hex(h, "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1", "896 split");
    }
    return check_done("test_sha2");
}
