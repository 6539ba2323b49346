/* Unit tests of the SNOVA opt frontend's own helpers, built against one
 * variant's namespaced internals (either field): the element encodings
 * (round trip, the streaming packer against the array packer, rejection of
 * non-canonical bytes) and T12 against straightforward sampling
 * (Algorithm 7: nibbles for q = 16, rejection sampling for odd q). The
 * kernels have their own test (test_kernels.c). */
#include <string.h>

#include "check.h"
#include "common/fips202.h"
#include "snova/opt.h"
#include "unit.h"

static uint8_t rnd_elem(void)
{
    return (uint8_t)(rnd64() % SNOVA_Q);
}

static void test_codec(void)
{
    uint8_t x[200], y[200], buf[SNOVA_BYTES_GF(200)], buf2[SNOVA_BYTES_GF(200)];
    unsigned n, k;
    for (n = 1; n <= 200; n += 13) {
        snova_packer pk;
        for (k = 0; k < n; k++) {
            x[k] = rnd_elem();
        }
        PQSIG_NS(snova_pack)(buf, x, n);
        PQSIG_NS(snova_packer_init)(&pk, buf2);
        for (k = 0; k < n; k++) {
            snova_packer_put(&pk, x[k]);
        }
        PQSIG_NS(snova_packer_end)(&pk);
        CHECK(memcmp(buf, buf2, SNOVA_BYTES_GF(n)) == 0, "packer = pack (n = %u)", n);
        CHECK(PQSIG_NS(snova_unpack)(y, buf, n) == 0 && memcmp(x, y, n) == 0, "pack round trip (n = %u)", n);
        CHECK(PQSIG_NS(snova_unpack_pub)(y, buf, n) == 0 && memcmp(x, y, n) == 0, "public round trip");
        /* the top byte of the last group all ones is never canonical,
         * except for q = 16 with a full last byte */
        if (SNOVA_Q != 16 || n % 2 != 0) {
            buf[SNOVA_BYTES_GF(n) - 1] = 0xff;
            CHECK(PQSIG_NS(snova_unpack)(y, buf, n) != 0, "non-canonical rejected (n = %u)", n);
            CHECK(PQSIG_NS(snova_unpack_pub)(y, buf, n) != 0, "non-canonical rejected (public)");
        }
    }
}

/* The next coefficient of T12 from the SHAKE256(sk_seed) stream. */
static uint8_t next_coef(pqsig_shake_ctx *ctx, uint8_t *pending, int *have)
{
#if SNOVA_Q == 16
    uint8_t b;
    if (*have) {
        *have = 0;
        return (uint8_t)(*pending >> 4);
    }
    pqsig_shake_squeeze(ctx, &b, 1);
    *pending = b;
    *have = 1;
    return (uint8_t)(b & 15u);
#else
    uint8_t b;
    (void)pending;
    (void)have;
    do {
        pqsig_shake_squeeze(ctx, &b, 1);
    } while (b >= (256 / SNOVA_Q) * SNOVA_Q);
    return (uint8_t)(b % SNOVA_Q);
#endif
}

static void test_t12(void)
{
    static uint8_t t12[SNOVA_VL * SNOVA_OL];
    static snova_t12_scratch scratch;
    uint8_t seed[SNOVA_SEED_PRIVATE_BYTES];
    snova_blk spow[SNOVA_L];
    unsigned trial;
    PQSIG_NS(snova_spow)(spow);
    for (trial = 0; trial < 20; trial++) {
        pqsig_shake_ctx ctx;
        unsigned j, k, a, r, c, bad = 0;
        uint8_t cf[SNOVA_L], pending = 0;
        int have = 0;
        for (k = 0; k < sizeof(seed); k++) {
            seed[k] = (uint8_t)rnd64();
        }
        PQSIG_NS(snova_gen_t12)(t12, seed, spow, &scratch);
        pqsig_shake256_init(&ctx);
        pqsig_shake_absorb(&ctx, seed, sizeof(seed));
        for (j = 0; j < SNOVA_V; j++) {
            for (k = 0; k < SNOVA_O; k++) {
                for (a = 0; a < SNOVA_L; a++) {
                    cf[a] = next_coef(&ctx, &pending, &have);
                }
                if (cf[SNOVA_L - 1] == 0) {
                    cf[SNOVA_L - 1] = (uint8_t)(SNOVA_Q - (cf[0] == 0 ? 1 : cf[0]));
                }
                for (r = 0; r < SNOVA_L; r++) {
                    for (c = 0; c < SNOVA_L; c++) {
                        uint32_t s = 0;
                        for (a = 0; a < SNOVA_L; a++) {
                            s = fe_macc(s, cf[a], spow[a].e[r][c]);
                        }
                        bad |= t12[(j * SNOVA_L + r) * SNOVA_OL + k * SNOVA_L + c] != fe_red(s);
                    }
                }
            }
        }
        pqsig_shake_release(&ctx);
        CHECK(!bad, "T12 sampling");
    }
}

int main(void)
{
    test_codec();
    test_t12();
    return check_done("test_snova_opt");
}
