/* Constant-time check, run under valgrind memcheck in the PQSIG_CT_TESTING
 * build: secrets are marked undefined, so any branch or memory address that
 * depends on them is reported as an error ("conditional jump depends on
 * uninitialised value", "use of uninitialised value of size 8").
 * Covers the NIST DRBG (secret seed), the portable AES (key, counter and data secret: the DRBG's
 * counter is its secret state), Keccak (input secret) and
 * every registered variant's keypair_derand (seed secret) and sign_derand
 * (secret key and randomness secret), and expand_sk + sign_expanded_derand
 * where a variant has its own expanded keys. Arguments: --fast (the CI
 * slice: backends on one set per scheme, version and level), --seeds N
 * (N key seeds, each signing N messages of different lengths with
 * different randomness: more of the rare paths, such as a signing retry,
 * a rejected candidate), --shard K/N (the K-th of every N variants
 * selected, K from 0: valgrind runs one thread, so CTest runs N shards
 * side by side), then optional names. */
#include <stdlib.h>

#include "check.h"
#include "common/aes.h"
#include "common/ct.h"
#include "common/drbg.h"
#include "common/fips202.h"
#include "registry.h"
#include "select.h"

static void primitives(void)
{
    uint8_t key[32], iv[16], data[256], out[256];
    pqsig_aes_ctx aes;
    pqsig_aes_ctr_stream st;
    memset(key, 7, sizeof key);
    memset(iv, 1, sizeof iv);
    memset(data, 3, sizeof data);
    PQSIG_CT_SECRET(key, sizeof key);
    PQSIG_CT_SECRET(data, sizeof data);
    PQSIG_CT_SECRET(iv, sizeof iv);
    pqsig_aes128_init(&aes, key, PQSIG_AES_ENGINE_PORTABLE);
    pqsig_aes_ecb(&aes, out, data, 16);
    pqsig_aes_ctr(&aes, out, 100, iv);
    pqsig_aes256_init(&aes, key, PQSIG_AES_ENGINE_PORTABLE);
    pqsig_aes_ecb(&aes, out, data, 16);
    pqsig_aes_ctr(&aes, out, 100, iv);
    pqsig_aes_release(&aes);
    pqsig_aes_ctr_stream_init(&st, key, 16, iv);
    pqsig_aes128_init(&st.aes, key, PQSIG_AES_ENGINE_PORTABLE); /* the portable stream */
    pqsig_aes_ctr_stream_read(&st, out, 37);
    pqsig_aes_ctr_stream_read(&st, out, 200);
    pqsig_aes_ctr_stream_release(&st);
    {
        /* The NIST DRBG with a secret seed (MQ-Sign's PRNG). */
        pqsig_drbg d;
        uint8_t ent[48];
        memset(ent, 9, sizeof ent);
        PQSIG_CT_SECRET(ent, sizeof ent);
        pqsig_drbg_init(&d, ent, NULL, 256);
        pqsig_drbg_randombytes(&d, out, 100);
        pqsig_drbg_randombytes(&d, out, 16);
        pqsig_drbg_release(&d);
    }
    pqsig_shake128(out, 200, data, 200);
    pqsig_shake256(out, 200, data, 200);
    pqsig_sha3_256(out, data, 200);
    pqsig_sha3_512(out, data, 200);
    CHECK(1, "primitives ran with secret inputs");
}

/* Key seed k; then messages m = 0 .. nmsg - 1 of 33 + 57 m bytes, each
 * with its own signing randomness. */
static void variant(const pqsig_alg *a, unsigned k, unsigned nmsg)
{
    uint8_t seed[128], rnd[128], msg[33 + 57 * 8];
    uint8_t *pk = malloc(a->d.public_key_bytes), *sk = malloc(a->d.secret_key_bytes);
    uint8_t *sig = malloc(a->d.signature_bytes);
    size_t siglen = a->d.signature_bytes;
    unsigned m;
    int ret;
    memset(seed, 0x42 + (int)k, sizeof seed);
    memset(msg, 0x11, sizeof msg);
    PQSIG_CT_SECRET(seed, sizeof seed);
    ret = pqsig_keypair_derand(a, pk, sk, seed);
    PQSIG_CT_DECLASSIFY(&ret, sizeof ret);
    CHECK(ret == PQSIG_OK, "%s %s: keypair (seed %u)", a->d.name, a->d.impl, k);
    PQSIG_CT_SECRET(sk, a->d.secret_key_bytes);
    /* The public key is public. */
    PQSIG_CT_DECLASSIFY(pk, a->d.public_key_bytes);
    for (m = 0; m < nmsg && m < 8; m++) {
        memset(rnd, 0x24 + (int)(k * 8 + m), sizeof rnd);
        PQSIG_CT_SECRET(rnd, sizeof rnd);
        msg[0] = (uint8_t)m;
        siglen = a->d.signature_bytes;
        ret = pqsig_sign_derand(a, sig, &siglen, msg, 33 + 57 * (size_t)m, sk, rnd);
        PQSIG_CT_DECLASSIFY(&ret, sizeof ret);
        CHECK(ret == PQSIG_OK, "%s %s: sign (seed %u, message %u)", a->d.name, a->d.impl, k, m);
    }
    if (a->expand_sk != NULL) {
        /* Expanded secret key: made from the secret key, then used to sign.
         * Its public parts are declassified by the scheme itself. */
        size_t n = pqsig_expanded_sk_bytes(a);
        uint8_t *raw, *esk = check_aligned_alloc(n, PQSIG_EXPANDED_ALIGN, &raw);
        ret = pqsig_expand_sk(a, esk, n, sk);
        PQSIG_CT_DECLASSIFY(&ret, sizeof ret);
        CHECK(ret == PQSIG_OK, "%s %s: expand_sk", a->d.name, a->d.impl);
        siglen = a->d.signature_bytes;
        ret = pqsig_sign_expanded_derand(a, sig, &siglen, msg, sizeof msg, esk, rnd);
        PQSIG_CT_DECLASSIFY(&ret, sizeof ret);
        CHECK(ret == PQSIG_OK, "%s %s: sign_expanded", a->d.name, a->d.impl);
        pqsig_wipe(esk, n);
        free(raw);
    }
    free(pk);
    free(sk);
    free(sig);
}

int main(int argc, char **argv)
{
    size_t i, picked = 0;
    unsigned seeds = 1, k, shard = 0, shards = 1;
    int arg = 1, fast = 0;
    /* --fast: the CI slice (select_backend_representative) */
    for (; arg < argc && strncmp(argv[arg], "--", 2) == 0; arg++) {
        if (strcmp(argv[arg], "--fast") == 0) {
            fast = 1;
        } else if (strcmp(argv[arg], "--seeds") == 0 && arg + 1 < argc) {
            seeds = (unsigned)strtoul(argv[++arg], NULL, 10);
        } else if (strcmp(argv[arg], "--shard") == 0 && arg + 1 < argc &&
                   sscanf(argv[arg + 1], "%u/%u", &shard, &shards) == 2 && shard < shards) {
            arg++;
        } else {
            fprintf(stderr, "usage: test_ct [--fast] [--seeds N] [--shard K/N] [NAME...]\n");
            return 2;
        }
    }
    if (shard == 0) {
        primitives();
    }
    for (i = 0; i < pqsig_count(); i++) {
        const pqsig_alg *a = pqsig_at(i);
        /* ref is the specification, not constant time by design. */
        if (strcmp(a->d.impl, "ref") != 0 && select_variant(a, 0, argv + arg, argc - arg) &&
            (!fast || select_backend_representative(a)) && picked++ % shards == shard) {
            for (k = 0; k < seeds; k++) {
                variant(a, k, seeds);
            }
        }
    }
    return check_done("test_ct");
}
