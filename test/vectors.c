/* Cross-implementation test vectors: for every registered variant, a
 * transcript of keypair_derand / sign_derand / verify over a ladder of
 * message lengths, with seeds and messages from a SHAKE256 stream, hashed
 * with SHA3-256. Every implementation of one algorithm must give the same
 * hash, on every platform (the hashes printed here are compared across
 * builds by the framework).
 *
 *   pqsig-vectors [--fast] [--count N] [NAME...]     prints "NAME IMPL HASH" lines
 * Exit status 1 if two implementations of one name disagree or an operation fails. */
#include <stdlib.h>

#include "check.h"
#include "common/fips202.h"
#include "registry.h"
#include "select.h"

static int transcript(const pqsig_alg *a, unsigned count, uint8_t out[32])
{
    pqsig_shake_ctx rng;
    pqsig_keccak_ctx h;
    uint8_t seed[128], rnd[128], *msg = malloc(1u << 12), *pk = malloc(a->d.public_key_bytes);
    uint8_t *sk = malloc(a->d.secret_key_bytes), *sig = malloc(a->d.signature_bytes);
    const uint8_t tag[] = "pqsig test vectors";
    unsigned i;
    int ok = msg && pk && sk && sig;
    pqsig_shake256_init(&rng);
    pqsig_shake_absorb(&rng, tag, sizeof tag - 1);
    pqsig_sha3_256_init(&h);
    for (i = 0; ok && i < count; i++) {
        /* mlen = 0, 1, 2, 4, ..., 2048, then again */
        size_t mlen = i % 13 == 0 ? 0 : (size_t)1 << (i % 13 - 1), siglen = a->d.signature_bytes;
        uint8_t verdict;
        pqsig_shake_squeeze(&rng, seed, sizeof seed);
        pqsig_shake_squeeze(&rng, rnd, sizeof rnd);
        pqsig_shake_squeeze(&rng, msg, mlen);
        ok = pqsig_keypair_derand(a, pk, sk, seed) == PQSIG_OK &&
             pqsig_sign_derand(a, sig, &siglen, msg, mlen, sk, rnd) == PQSIG_OK;
        verdict = (uint8_t)(ok && pqsig_verify(a, sig, siglen, msg, mlen, pk) == PQSIG_OK);
        ok = ok && verdict;
        pqsig_sha3_absorb(&h, pk, a->d.public_key_bytes);
        pqsig_sha3_absorb(&h, sk, a->d.secret_key_bytes);
        pqsig_sha3_absorb(&h, sig, siglen);
        pqsig_sha3_absorb(&h, &verdict, 1);
    }
    pqsig_sha3_256_final(&h, out);
    free(msg);
    free(pk);
    free(sk);
    free(sig);
    return ok;
}

int main(int argc, char **argv)
{
    unsigned count = 13;
    size_t i, j, n = pqsig_count();
    uint8_t (*hash)[32] = malloc((n + 1) * 32);
    int *done = calloc(n + 1, sizeof(int)), k, nnames = 0, fast = 0;
    char **names = malloc((size_t)argc * sizeof(char *));
    for (k = 1; k < argc; k++) {
        if (strcmp(argv[k], "--count") == 0 && k + 1 < argc) {
            count = (unsigned)strtoul(argv[++k], NULL, 10);
        } else if (strcmp(argv[k], "--fast") == 0) {
            fast = 1;
        } else {
            names[nnames++] = argv[k];
        }
    }
    for (i = 0; i < n; i++) {
        const pqsig_alg *a = pqsig_at(i);
        if (!select_variant(a, fast, names, nnames)) {
            continue;
        }
        CHECK(transcript(a, count, hash[i]), "%s %s: operations succeed", a->d.name, a->d.impl);
        done[i] = 1;
        printf("%s %s ", a->d.name, a->d.impl);
        for (j = 0; j < 32; j++) {
            printf("%02x", hash[i][j]);
        }
        printf("\n");
        for (j = 0; j < i; j++) {
            if (done[j] && strcmp(pqsig_at(j)->d.name, a->d.name) == 0) {
                CHECK(memcmp(hash[i], hash[j], 32) == 0, "%s: %s and %s agree", a->d.name, a->d.impl,
                      pqsig_at(j)->d.impl);
            }
        }
    }
    CHECK(count > 0, "transcript length");
    free(hash);
    free(done);
    free(names);
    return check_done("pqsig-vectors");
}
