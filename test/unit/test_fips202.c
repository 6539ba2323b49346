/* FIPS 202: the NIST example values (empty, "abc", 200 x 0xa3), long SHAKE
 * outputs, incremental absorb/squeeze in every split against one-shot, and
 * the native permutation against the portable one. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "common/cpu.h"
#include "common/fips202.h"
#include "common/native/api.h"
#include "common/sha2.h"

static uint8_t a3[200];

static void check_hex(const uint8_t *got, size_t len, const char *hex, const char *what)
{
    uint8_t want[64];
    check_unhex(want, len, hex);
    CHECK_MEM(got, want, len, "%s", what);
}

static void fixed_vectors(void)
{
    uint8_t out[64];
    const uint8_t abc[3] = {'a', 'b', 'c'};

    pqsig_sha3_256(out, NULL, 0);
    check_hex(out, 32, "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a", "SHA3-256('')");
    pqsig_sha3_256(out, abc, 3);
    check_hex(out, 32, "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532", "SHA3-256(abc)");
    pqsig_sha3_256(out, a3, 200);
    check_hex(out, 32, "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787", "SHA3-256(a3*200)");
    pqsig_sha3_512(out, NULL, 0);
    check_hex(out, 64,
              "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
              "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26",
              "SHA3-512('')");
    pqsig_sha3_512(out, abc, 3);
    check_hex(out, 64,
              "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
              "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0",
              "SHA3-512(abc)");
    pqsig_sha3_512(out, a3, 200);
    check_hex(out, 64,
              "e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca8"
              "1b7c13c30adf52a3659584739a2df46be589c51ca1a4a8416df6545a1ce8ba00",
              "SHA3-512(a3*200)");
    pqsig_shake128(out, 32, NULL, 0);
    check_hex(out, 32, "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26", "SHAKE128('')");
    pqsig_shake256(out, 64, NULL, 0);
    check_hex(out, 64,
              "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
              "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be",
              "SHAKE256('')");
    pqsig_shake128(out, 32, a3, 200);
    check_hex(out, 32, "131ab8d2b594946b9c81333f9bb6e0ce75c3b93104fa3469d3917457385da037", "SHAKE128(a3*200)");
    pqsig_shake256(out, 32, a3, 200);
    check_hex(out, 32, "cd8a920ed141aa0407a22d59288652e9d9f1a7ee0c1e7c1ca699424da84a904d", "SHAKE256(a3*200)");
}

/* Long outputs, checked through their SHA-256 (values from an independent
 * implementation, Python's hashlib / OpenSSL). */
static uint8_t big[1 << 20];

static void long_outputs(void)
{
    uint8_t h[32];
    const uint8_t abc[3] = {'a', 'b', 'c'};
    pqsig_shake128(big, 4096, a3, 200);
    pqsig_sha256(h, big, 4096);
    check_hex(h, 32, "168a5b509e8a33ad18e164ec1e06487f34cbd89c85e95fa770e2f4a750768fa6", "SHAKE128 4096 B");
    pqsig_shake256(big, 10007, a3, 200);
    pqsig_sha256(h, big, 10007);
    check_hex(h, 32, "c055128676209592c757f9dbf0d72cf39cbbdb859f767a22a161682fe2875e29", "SHAKE256 10007 B");
    pqsig_shake256(big, sizeof big, abc, 3);
    pqsig_sha256(h, big, sizeof big);
    check_hex(h, 32, "8389225fb7bde303743b394ffbdbee65c2bf9bdeb511af2d1867f2a6233df6f1", "SHAKE256 1 MiB");
}

/* Any split of input and output gives the one-shot result. */
static void incremental(void)
{
    uint8_t in[700], want[600], got[600];
    size_t i, step, outstep;
    for (i = 0; i < sizeof in; i++) {
        in[i] = (uint8_t)(i * 7 + 3);
    }
    for (step = 1; step <= 171; step += (step < 10 ? 1 : 17)) {
        for (outstep = 1; outstep <= 200; outstep += (outstep < 9 ? 1 : 37)) {
            int v;
            for (v = 0; v < 2; v++) {
                pqsig_shake_ctx ctx;
                size_t pos;
                if (v == 0) {
                    pqsig_shake128(want, sizeof want, in, sizeof in);
                    pqsig_shake128_init(&ctx);
                } else {
                    pqsig_shake256(want, sizeof want, in, sizeof in);
                    pqsig_shake256_init(&ctx);
                }
                for (pos = 0; pos < sizeof in; pos += step) {
                    pqsig_shake_absorb(&ctx, in + pos, pos + step <= sizeof in ? step : sizeof in - pos);
                }
                for (pos = 0; pos < sizeof got; pos += outstep) {
                    pqsig_shake_squeeze(&ctx, got + pos,
                                        pos + outstep <= sizeof got ? outstep : sizeof got - pos);
                }
                pqsig_shake_release(&ctx);
                CHECK_MEM(got, want, sizeof got, "SHAKE%d split %zu/%zu", v ? 256 : 128, step, outstep);
            }
        }
    }
    /* SHA3 incremental. */
    {
        pqsig_keccak_ctx ctx;
        uint8_t w32[32], g32[32], w64[64], g64[64];
        pqsig_sha3_256(w32, in, sizeof in);
        pqsig_sha3_256_init(&ctx);
        pqsig_sha3_absorb(&ctx, in, 135);
        pqsig_sha3_absorb(&ctx, in + 135, 1);
        pqsig_sha3_absorb(&ctx, in + 136, sizeof in - 136);
        pqsig_sha3_256_final(&ctx, g32);
        CHECK_MEM(g32, w32, 32, "SHA3-256 incremental");
        pqsig_sha3_512(w64, in, sizeof in);
        pqsig_sha3_512_init(&ctx);
        pqsig_sha3_absorb(&ctx, in, 71);
        pqsig_sha3_absorb(&ctx, in + 71, sizeof in - 71);
        pqsig_sha3_512_final(&ctx, g64);
        CHECK_MEM(g64, w64, 64, "SHA3-512 incremental");
    }
}

/* The permutation alone: Keccak-f[1600] applied to the zero state (the
 * first and second outputs of the Keccak team's KeccakF-1600 test). */
static void permutation(void)
{
    uint64_t s[25] = {0};
    pqsig_keccakf1600(s);
    CHECK(s[0] == 0xF1258F7940E1DDE7ULL && s[24] == 0xEAF1FF7B5CECA249ULL, "f(0) lanes");
    pqsig_keccakf1600(s);
    CHECK(s[0] == 0x2D5C954DF96ECB3CULL && s[24] == 0x20D06CD26A8FBF5CULL, "f(f(0)) lanes");
}

/* A permutation against the portable one, on pseudo-random states, the
 * zero state and all-ones, each permuted twice (the second time from the
 * first one's output). */
static void check_permutation(void (*perm)(uint64_t *), const char *what)
{
    uint64_t x = 0x9e3779b97f4a7c15ULL;
    unsigned trial, i, twice;
    for (trial = 0; trial < 66; trial++) {
        uint64_t a[25], b[25];
        for (i = 0; i < 25; i++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            a[i] = b[i] = trial == 64 ? 0 : trial == 65 ? ~0ULL : x;
        }
        for (twice = 0; twice < 2; twice++) {
            perm(a);
            pqsig_keccakf1600_c(b);
            CHECK_MEM(a, b, sizeof a, "%s = keccakf1600_c (trial %u, %u)", what, trial, twice);
        }
    }
}

static void perm_dispatched(uint64_t *s)
{
    pqsig_keccakf1600(s);
}

#if defined(PQSIG_COMMON_NATIVE_KECCAKX1) && defined(__x86_64__)
static void perm_bmi2(uint64_t *s)
{
    pqsig_keccakf1600_bmi2(s);
}
#endif

/* The permutation the library runs (native where the CPU has one), and
 * the x86-64 kernel where the CPU runs it. */
static void permutation_native(void)
{
    check_permutation(perm_dispatched, "keccakf1600");
#if defined(PQSIG_COMMON_NATIVE_KECCAKX1) && defined(__x86_64__)
    if (pqsig_cpu_features() & PQSIG_CPU_BMI2) {
        check_permutation(perm_bmi2, "BMI2 kernel");
    } else {
        printf("test_fips202: no BMI2 here, BMI2 kernel not run\n");
    }
#endif
}

int main(void)
{
    memset(a3, 0xa3, sizeof a3);
    fixed_vectors();
    long_outputs();
    incremental();
    permutation();
    permutation_native();
    return check_done("test_fips202");
}
