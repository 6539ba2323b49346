/* AES: FIPS-197 Appendix C.1/C.3 and B, the Appendix A key schedules (the
 * AES-NI round keys directly, every engine through encryptions under the
 * same keys), SP 800-38A F.5.1/F.5.5 CTR, counter carries across the 64-bit
 * halves and the 2^128 wrap, the piecewise keystream, multi-block CTR from
 * any counter (pqsig_aes_ctr_blocks) against CTR from the summed IV across
 * the 2^32, 2^64 and 2^128 boundaries, the native slot declining for the
 * portable engine, and every engine against portable on random inputs.
 * Every check runs once per engine this CPU has. */
#include "check.h"
#include "common/aes.h"
#include "common/cpu.h"
#include "common/native/api.h"

static const char *const KEY128_C = "000102030405060708090a0b0c0d0e0f";
static const char *const KEY256_C = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
static const char *const KEY128_A1 = "2b7e151628aed2a6abf7158809cf4f3c";
static const char *const KEY256_A3 = "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4";

static const char *engine_name(unsigned engine)
{
    return engine == PQSIG_AES_ENGINE_AESNI ? "aesni" : engine == PQSIG_AES_ENGINE_VAES ? "vaes" : "portable";
}

/* Key from hex: 32 hex digits give AES-128, 64 give AES-256. */
static void init_hex(pqsig_aes_ctx *ctx, const char *hex, unsigned engine)
{
    uint8_t key[32];
    if (strlen(hex) == 64) {
        check_unhex(key, 32, hex);
        pqsig_aes256_init(ctx, key, engine);
    } else {
        check_unhex(key, 16, hex);
        pqsig_aes128_init(ctx, key, engine);
    }
    CHECK(ctx->engine == engine, "%s: engine not taken", engine_name(engine));
}

static void check_block(unsigned engine, const char *key, const char *pt, const char *ct,
                        const char *what)
{
    pqsig_aes_ctx ctx;
    uint8_t in[16], want[16], got[16];
    init_hex(&ctx, key, engine);
    check_unhex(in, 16, pt);
    check_unhex(want, 16, ct);
    pqsig_aes_ecb(&ctx, got, in, 1);
    CHECK_MEM(got, want, 16, "%s: %s", engine_name(engine), what);
    pqsig_aes_ecb(&ctx, in, in, 1); /* in place */
    CHECK_MEM(in, want, 16, "%s: %s in place", engine_name(engine), what);
    pqsig_aes_release(&ctx);
}

/* SP 800-38A F.5: the keystream is ciphertext XOR plaintext. */
static void check_sp800_38a(unsigned engine, const char *key, const char *ct_hex, const char *what)
{
    static const char *const pt_hex = "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
                                      "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710";
    pqsig_aes_ctx ctx;
    uint8_t iv[16], pt[64], ct[64], want[64], got[64];
    size_t i, len;
    init_hex(&ctx, key, engine);
    check_unhex(iv, 16, "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
    check_unhex(pt, 64, pt_hex);
    check_unhex(ct, 64, ct_hex);
    for (i = 0; i < 64; i++) {
        want[i] = (uint8_t)(pt[i] ^ ct[i]);
    }
    pqsig_aes_ctr(&ctx, got, 64, iv);
    CHECK_MEM(got, want, 64, "%s: %s", engine_name(engine), what);
    /* Every shorter request is a prefix, and nothing is written past it. */
    for (len = 0; len < 64; len++) {
        memset(got, 0xa5, sizeof got);
        pqsig_aes_ctr(&ctx, got, len, iv);
        CHECK(memcmp(got, want, len) == 0 && got[len] == 0xa5,
              "%s: %s, %u bytes", engine_name(engine), what, (unsigned)len);
    }
    pqsig_aes_release(&ctx);
}

/* Reference big-endian increment, byte by byte. */
static void be_inc(uint8_t c[16])
{
    int k;
    for (k = 15; k >= 0; k--) {
        if (++c[k] != 0) {
            break;
        }
    }
}

/* CTR from iv over nblocks blocks (+ a partial one) against ECB of the
 * counter values the reference increment gives. */
static void check_ctr_counters(const pqsig_aes_ctx *ctx, const uint8_t iv[16], size_t nblocks,
                               const char *what)
{
    uint8_t ctrs[16 * 41], want[16 * 41], got[16 * 41];
    uint8_t c[16];
    size_t i, len = 16 * nblocks + 5;
    memcpy(c, iv, 16);
    for (i = 0; i <= nblocks; i++) {
        memcpy(ctrs + 16 * i, c, 16);
        be_inc(c);
    }
    pqsig_aes_ecb(ctx, want, ctrs, nblocks + 1);
    pqsig_aes_ctr(ctx, got, len, iv);
    CHECK_MEM(got, want, len, "%s: %s", engine_name(ctx->engine), what);
}

static void check_carries(unsigned engine)
{
    static const char *const keys[2] = {"2b7e151628aed2a6abf7158809cf4f3c",
                                        "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"};
    pqsig_aes_ctx ctx;
    uint8_t iv[16];
    unsigned k, back;
    for (k = 0; k < 2; k++) {
        init_hex(&ctx, keys[k], engine);
        /* the carry leaves the low 64 bits and runs on through three bytes */
        check_unhex(iv, 16, "0000000000ffffffffffffffffffffff");
        check_ctr_counters(&ctx, iv, 40, "carry past bit 64");
        /* the whole counter wraps to zero */
        check_unhex(iv, 16, "ffffffffffffffffffffffffffffffff");
        check_ctr_counters(&ctx, iv, 40, "wrap mod 2^128");
        /* a carry into bits 64.. at every position within a batch */
        for (back = 1; back <= 17; back++) {
            check_unhex(iv, 16, "0123456789abcdefffffffffffffffff");
            iv[15] = (uint8_t)(0x100 - back);
            check_ctr_counters(&ctx, iv, 20, "carry inside a batch");
        }
        /* carry within the low half only */
        check_unhex(iv, 16, "00000000000000000000000000fffffd");
        check_ctr_counters(&ctx, iv, 40, "carry in the low half");
        pqsig_aes_release(&ctx);
    }
}

/* ECB over many blocks equals one block at a time. */
static void check_ecb_batches(unsigned engine)
{
    pqsig_aes_ctx ctx;
    uint8_t in[16 * 21], got[16 * 21], one[16];
    size_t n, i;
    for (i = 0; i < sizeof in; i++) {
        in[i] = (uint8_t)(7 * i + 3);
    }
    init_hex(&ctx, KEY256_A3, engine);
    for (n = 0; n <= 21; n++) {
        int ok = 1;
        memset(got, 0, sizeof got);
        pqsig_aes_ecb(&ctx, got, in, n);
        for (i = 0; i < n; i++) {
            pqsig_aes_ecb(&ctx, one, in + 16 * i, 1);
            ok &= memcmp(one, got + 16 * i, 16) == 0;
        }
        for (i = 16 * n; i < sizeof got; i++) {
            ok &= got[i] == 0;
        }
        CHECK(ok, "%s: ECB of %u blocks", engine_name(engine), (unsigned)n);
    }
    pqsig_aes_release(&ctx);
}

/* Piecewise reads equal one CTR call (the stream picks its engine itself;
 * it is re-keyed here to force the engine under test). */
static void check_stream(unsigned engine, const char *key_hex)
{
    static const size_t pieces[] = {1, 15, 17, 129, 0, 3, 128, 256, 7, 200, 16, 1, 1, 127, 500, 33};
    uint8_t key[32], iv[16], want[2048], got[2048];
    size_t keylen = strlen(key_hex) / 2, total = 0, i;
    pqsig_aes_ctx ctx;
    pqsig_aes_ctr_stream st;

    check_unhex(key, keylen, key_hex);
    check_unhex(iv, 16, "000102030405060708fffffffffffff0");
    for (i = 0; i < sizeof pieces / sizeof pieces[0]; i++) {
        total += pieces[i];
    }
    if (keylen == 32) {
        pqsig_aes256_init(&ctx, key, engine);
    } else {
        pqsig_aes128_init(&ctx, key, engine);
    }
    pqsig_aes_ctr(&ctx, want, total, iv);

    pqsig_aes_ctr_stream_init(&st, key, keylen, iv);
    if (keylen == 32) {
        pqsig_aes256_init(&st.aes, key, engine);
    } else {
        pqsig_aes128_init(&st.aes, key, engine);
    }
    memset(got, 0, sizeof got);
    for (i = 0, total = 0; i < sizeof pieces / sizeof pieces[0]; i++) {
        pqsig_aes_ctr_stream_read(&st, got + total, pieces[i]);
        total += pieces[i];
    }
    CHECK_MEM(got, want, total, "%s: stream in pieces, %u-byte key", engine_name(engine),
              (unsigned)keylen);
    pqsig_aes_ctr_stream_release(&st);
    for (i = 0; i < sizeof st; i++) {
        if (((const uint8_t *)&st)[i] != 0) {
            break;
        }
    }
    CHECK(i == sizeof st, "stream release leaves the state wiped");

    /* the stream with its own engine choice, byte by byte */
    pqsig_aes_ctr_stream_init(&st, key, keylen, iv);
    for (i = 0; i < 300; i++) {
        pqsig_aes_ctr_stream_read(&st, got + i, 1);
    }
    CHECK_MEM(got, want, 300, "stream byte by byte, %u-byte key", (unsigned)keylen);
    pqsig_aes_ctr_stream_release(&st);
    pqsig_aes_release(&ctx);
}

static void check_release(unsigned engine)
{
    pqsig_aes_ctx ctx;
    size_t i;
    init_hex(&ctx, KEY256_C, engine);
    pqsig_aes_release(&ctx);
    for (i = 0; i < sizeof ctx; i++) {
        if (((const uint8_t *)&ctx)[i] != 0) {
            break;
        }
    }
    CHECK(i == sizeof ctx, "%s: release leaves the context wiped", engine_name(engine));
}

/* iv + counter mod 2^128, byte by byte (big-endian). */
static void be_add(uint8_t out[16], const uint8_t iv[16], uint64_t counter)
{
    unsigned carry = 0;
    int k;
    for (k = 15; k >= 0; k--) {
        unsigned t = iv[k] + carry + (k >= 8 ? (unsigned)(counter >> (8 * (15 - k))) & 0xffu : 0u);
        out[k] = (uint8_t)t;
        carry = t >> 8;
    }
}

/* pqsig_aes_ctr_blocks(iv, counter) is pqsig_aes_ctr from iv + counter,
 * for block counts around every engine's batch sizes (4, 8, 16), and
 * writes nothing past its blocks. */
static void check_ctr_blocks(unsigned engine)
{
    static const char *const ivs[] = {
        "00000000000000000000000000000000", /* SNOVA: counter = unit index */
        "0a0b0000000000000000000000000000", /* NCC-Sign: nonce, 32-bit block counter */
        "0123456789abcdef0011223344556677", "ffffffffffffffffffffffffffffffff",
        "00000000000000010000000000000000"};
    static const uint64_t counters[] = {0,
                                        1,
                                        5,
                                        0xffffffffu - 3,   /* across 2^32 */
                                        0xffffffffu,
                                        0xfffffffffffffff0u, /* across 2^64 */
                                        0xffffffffffffffffu,
                                        0x8000000000000000u - 7};
    uint8_t iv[16], start[16], want[16 * 41 + 1], got[16 * 41 + 1];
    pqsig_aes_ctx ctx;
    size_t i, c, n;
    int ok = 1;
    for (i = 0; i < sizeof ivs / sizeof ivs[0]; i++) {
        check_unhex(iv, 16, ivs[i]);
        init_hex(&ctx, i % 2 ? KEY256_A3 : KEY128_A1, engine);
        for (c = 0; c < sizeof counters / sizeof counters[0]; c++) {
            be_add(start, iv, counters[c]);
            for (n = 0; n <= 41; n++) {
                memset(got, 0xa5, sizeof got);
                pqsig_aes_ctr(&ctx, want, 16 * n, start);
                pqsig_aes_ctr_blocks(&ctx, got, n, iv, counters[c]);
                ok &= memcmp(got, want, 16 * n) == 0 && got[16 * n] == 0xa5;
            }
        }
        pqsig_aes_release(&ctx);
    }
    CHECK(ok, "%s: ctr_blocks differs from ctr at iv + counter", engine_name(engine));
    /* The reference: the counter blocks built by be_inc, through ECB. */
    init_hex(&ctx, KEY128_A1, engine);
    check_unhex(iv, 16, "000000000000000000000000fffffffe");
    {
        uint8_t ctrs[16 * 6], c6[16];
        memcpy(c6, iv, 16);
        for (i = 0; i < 6; i++) {
            memcpy(ctrs + 16 * i, c6, 16);
            be_inc(c6);
        }
        pqsig_aes_ecb(&ctx, want, ctrs, 6);
        check_unhex(iv, 16, "00000000000000000000000000000000");
        pqsig_aes_ctr_blocks(&ctx, got, 6, iv, 0xfffffffeu);
        CHECK_MEM(got, want, 16 * 6, "%s: ctr_blocks across 2^32 against ECB", engine_name(engine));
    }
    pqsig_aes_release(&ctx);
}

/* The native slot declines a portable context without writing. */
static void check_native_declines(void)
{
#if defined(PQSIG_COMMON_NATIVE_AES)
    pqsig_aes_ctx ctx;
    uint8_t out[64], in[64], iv[16] = {0};
    size_t i;
    int ok = 1;
    init_hex(&ctx, KEY128_A1, PQSIG_AES_ENGINE_PORTABLE);
    memset(out, 0x5a, sizeof out);
    memset(in, 1, sizeof in);
    CHECK(aes_ctr_blocks_native(&ctx, out, 4, iv, 0) == PQSIG_NATIVE_FALLBACK, "ctr native took portable");
    CHECK(aes_ecb_native(&ctx, out, in, 4) == PQSIG_NATIVE_FALLBACK, "ecb native took portable");
    for (i = 0; i < sizeof out; i++) {
        ok &= out[i] == 0x5a;
    }
    CHECK(ok, "a declining native AES kernel wrote");
    CHECK(aes_engine_native(PQSIG_AES_ENGINE_PORTABLE) == PQSIG_AES_ENGINE_PORTABLE,
          "portable request gets portable");
    pqsig_aes_release(&ctx);
#else
    printf("test_aes: no native AES slot on this architecture\n");
#endif
}

static void run_engine(unsigned engine)
{
    /* FIPS-197 C.1 and C.3. */
    check_block(engine, KEY128_C, "00112233445566778899aabbccddeeff", "69c4e0d86a7b0430d8cdb78070b4c55a",
                "FIPS-197 C.1");
    check_block(engine, KEY256_C, "00112233445566778899aabbccddeeff", "8ea2b7ca516745bfeafc49904b496089",
                "FIPS-197 C.3");
    /* Appendix A.1's key with the Appendix B example; A.3's key with
     * SP 800-38A F.1.5 (ECB-AES256), block 1. */
    check_block(engine, KEY128_A1, "3243f6a8885a308d313198a2e0370734", "3925841d02dc09fbdc118597196a0b32",
                "FIPS-197 B");
    check_block(engine, KEY256_A3, "6bc1bee22e409f96e93d7e117393172a", "f3eed1bdb5d2a03c064b5a7e3db181f8",
                "SP 800-38A F.1.5");
    check_sp800_38a(engine, KEY128_A1,
                    "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
                    "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee",
                    "SP 800-38A F.5.1");
    check_sp800_38a(engine, KEY256_A3,
                    "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"
                    "2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6",
                    "SP 800-38A F.5.5");
    check_carries(engine);
    check_ecb_batches(engine);
    check_stream(engine, KEY128_A1);
    check_stream(engine, KEY256_A3);
    check_release(engine);
    check_ctr_blocks(engine);
}

/* The AES-NI engine keeps round keys as bytes: compare them with the
 * expansions printed in FIPS-197 Appendix A (round 1 and the last). */
static void check_aesni_schedules(void)
{
    pqsig_aes_ctx ctx;
    uint8_t want[16];
    init_hex(&ctx, KEY128_A1, PQSIG_AES_ENGINE_AESNI);
    check_unhex(want, 16, "a0fafe1788542cb123a339392a6c7605");
    CHECK_MEM(ctx.rk.bytes + 16, want, 16, "A.1 w[4..7]");
    check_unhex(want, 16, "d014f9a8c9ee2589e13f0cc8b6630ca6");
    CHECK_MEM(ctx.rk.bytes + 160, want, 16, "A.1 w[40..43]");
    init_hex(&ctx, KEY256_A3, PQSIG_AES_ENGINE_AESNI);
    check_unhex(want, 16, "9ba354118e6925afa51a8b5f2067fcde");
    CHECK_MEM(ctx.rk.bytes + 32, want, 16, "A.3 w[8..11]");
    check_unhex(want, 16, "fe4890d1e6188d0b046df344706c631e");
    CHECK_MEM(ctx.rk.bytes + 224, want, 16, "A.3 w[56..59]");
    pqsig_aes_release(&ctx);
}

static uint64_t prng_state = 0x243f6a8885a308d3u;

/* SplitMix64: reproducible test inputs. */
static uint64_t prng(void)
{
    uint64_t z = (prng_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static void prng_fill(uint8_t *p, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++) {
        p[i] = (uint8_t)prng();
    }
}

/* Portable and a hardware engine agree on every length 0..1000, and on
 * ctr_blocks from random counters. */
static void check_engines_agree(unsigned engine)
{
    static uint8_t a[1024], b[1024], in[1024];
    uint8_t key[32], iv[16];
    pqsig_aes_ctx pc, nc;
    size_t len;
    int ctr_ok = 1, ecb_ok = 1;
    for (len = 0; len <= 1000; len++) {
        prng_fill(key, sizeof key);
        prng_fill(iv, sizeof iv);
        if (len % 3 == 0) {
            memset(iv + 8, 0xff, 7); /* counters that cross into the high half */
        }
        if (len % 2 == 0) {
            pqsig_aes128_init(&pc, key, PQSIG_AES_ENGINE_PORTABLE);
            pqsig_aes128_init(&nc, key, engine);
        } else {
            pqsig_aes256_init(&pc, key, PQSIG_AES_ENGINE_PORTABLE);
            pqsig_aes256_init(&nc, key, engine);
        }
        memset(a, 0, sizeof a);
        memset(b, 0, sizeof b);
        pqsig_aes_ctr(&pc, a, len, iv);
        pqsig_aes_ctr(&nc, b, len, iv);
        ctr_ok &= memcmp(a, b, sizeof a) == 0;
        {
            const uint64_t counter = prng();
            pqsig_aes_ctr_blocks(&pc, a, len / 16, iv, counter);
            pqsig_aes_ctr_blocks(&nc, b, len / 16, iv, counter);
            ctr_ok &= memcmp(a, b, sizeof a) == 0;
        }
        prng_fill(in, len);
        pqsig_aes_ecb(&pc, a, in, len / 16);
        pqsig_aes_ecb(&nc, b, in, len / 16);
        ecb_ok &= memcmp(a, b, sizeof a) == 0;
    }
    CHECK(ctr_ok, "portable and %s CTR differ", engine_name(engine));
    CHECK(ecb_ok, "portable and %s ECB differ", engine_name(engine));
    pqsig_aes_release(&pc);
    pqsig_aes_release(&nc);
}

int main(void)
{
#if defined(PQSIG_COMMON_NATIVE_AES)
    const uint32_t f = pqsig_cpu_features();
#else
    const uint32_t f = 0; /* no native slot: the portable engine only */
#endif
    const uint32_t vaes = PQSIG_CPU_AESNI | PQSIG_CPU_VAES | PQSIG_CPU_AVX512F | PQSIG_CPU_AVX512BW;
    const int have_aesni = (f & PQSIG_CPU_AESNI) != 0, have_vaes = (f & vaes) == vaes;
    pqsig_aes_ctx ctx;
    uint8_t key[16] = {0};

    run_engine(PQSIG_AES_ENGINE_PORTABLE);
    check_native_declines();
    pqsig_aes128_init(&ctx, key, PQSIG_AES_ENGINE_AUTO);
    CHECK(ctx.engine == (have_vaes    ? PQSIG_AES_ENGINE_VAES
                         : have_aesni ? PQSIG_AES_ENGINE_AESNI
                                      : PQSIG_AES_ENGINE_PORTABLE),
          "AUTO picks the fastest engine the CPU has");
    pqsig_aes128_init(&ctx, key, PQSIG_AES_ENGINE_VAES);
    CHECK(ctx.engine == (have_vaes    ? PQSIG_AES_ENGINE_VAES
                         : have_aesni ? PQSIG_AES_ENGINE_AESNI
                                      : PQSIG_AES_ENGINE_PORTABLE),
          "VAES falls back to AES-NI, then portable");
    pqsig_aes_release(&ctx);
    if (have_aesni) {
        run_engine(PQSIG_AES_ENGINE_AESNI);
        check_aesni_schedules();
        check_engines_agree(PQSIG_AES_ENGINE_AESNI);
    } else {
        printf("test_aes: no AES-NI here, portable engine only\n");
        pqsig_aes128_init(&ctx, key, PQSIG_AES_ENGINE_AESNI);
        CHECK(ctx.engine == PQSIG_AES_ENGINE_PORTABLE, "AESNI falls back to portable");
        pqsig_aes_release(&ctx);
    }
    if (have_vaes) {
        run_engine(PQSIG_AES_ENGINE_VAES);
        check_engines_agree(PQSIG_AES_ENGINE_VAES);
    } else {
        printf("test_aes: no VAES/AVX-512 here, VAES engine not run\n");
    }
    return check_done("test_aes");
}
