/* Cross-implementation test vectors: for every registered variant, a
 * transcript of keypair_derand / sign_derand / verify over a ladder of
 * message lengths, with seeds and messages from a SHAKE256 stream, hashed
 * with SHA3-256. Every implementation of one algorithm must give the same
 * hash, on every platform (the hashes printed here are compared across
 * builds by the framework).
 *
 *   pqsig-vectors [--fast] [--count N] [--lengths L] [--key-every K] [NAME...]
 * prints "NAME IMPL HASH" lines. --lengths gives the message lengths in
 * turn (e.g. "0-200,100000"; count defaults to their number); --key-every
 * makes a new key pair every K entries (default 1).
 * Exit status 1 if two implementations of one name disagree or an operation fails. */
#include <stdlib.h>

#include "check.h"
#include "common/fips202.h"
#include "registry.h"
#include "select.h"

typedef struct {
    unsigned count, key_every;
    size_t *lengths; /* NULL: 0, 1, 2, 4, ..., 2048, then again */
    size_t nlengths, max_length;
} plan;

static size_t msg_length(const plan *p, unsigned i)
{
    if (p->lengths != NULL) {
        return p->lengths[i % p->nlengths];
    }
    return i % 13 == 0 ? 0 : (size_t)1 << (i % 13 - 1);
}

static int transcript(const pqsig_alg *a, const plan *p, uint8_t out[32])
{
    pqsig_shake_ctx rng;
    pqsig_keccak_ctx h;
    uint8_t seed[128], rnd[128], *msg = malloc(p->max_length + 1), *pk = malloc(a->d.public_key_bytes);
    uint8_t *sk = malloc(a->d.secret_key_bytes), *sig = malloc(a->d.signature_bytes);
    const uint8_t tag[] = "pqsig test vectors";
    unsigned i;
    int ok = msg && pk && sk && sig;
    pqsig_shake256_init(&rng);
    pqsig_shake_absorb(&rng, tag, sizeof tag - 1);
    pqsig_sha3_256_init(&h);
    for (i = 0; ok && i < p->count; i++) {
        size_t mlen = msg_length(p, i), siglen = a->d.signature_bytes;
        int new_key = i % p->key_every == 0;
        uint8_t verdict;
        pqsig_shake_squeeze(&rng, seed, sizeof seed);
        pqsig_shake_squeeze(&rng, rnd, sizeof rnd);
        pqsig_shake_squeeze(&rng, msg, mlen);
        ok = (!new_key || pqsig_keypair_derand(a, pk, sk, seed) == PQSIG_OK) &&
             pqsig_sign_derand(a, sig, &siglen, msg, mlen, sk, rnd) == PQSIG_OK;
        verdict = (uint8_t)(ok && pqsig_verify(a, sig, siglen, msg, mlen, pk) == PQSIG_OK);
        ok = ok && verdict;
        if (new_key) {
            pqsig_sha3_absorb(&h, pk, a->d.public_key_bytes);
            pqsig_sha3_absorb(&h, sk, a->d.secret_key_bytes);
        }
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

/* "0-200,100000" -> lengths; 0 or -1 on a syntax error. */
static int parse_lengths(plan *p, const char *text)
{
    const char *c = text;
    size_t cap = 0;
    while (*c != '\0') {
        char *end;
        unsigned long long lo = strtoull(c, &end, 10), hi = lo, v;
        if (end == c) {
            return -1;
        }
        c = end;
        if (*c == '-') {
            hi = strtoull(c + 1, &end, 10);
            if (end == c + 1 || hi < lo || hi - lo > 1000000) {
                return -1;
            }
            c = end;
        }
        for (v = lo; v <= hi; v++) {
            if (p->nlengths == cap) {
                cap = cap ? 2 * cap : 64;
                p->lengths = realloc(p->lengths, cap * sizeof(size_t));
            }
            p->lengths[p->nlengths++] = (size_t)v;
            p->max_length = (size_t)v > p->max_length ? (size_t)v : p->max_length;
        }
        if (*c == ',') {
            c++;
        } else if (*c != '\0') {
            return -1;
        }
    }
    return p->nlengths > 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
    plan p = {0, 1, NULL, 0, 2048};
    int count_given = 0;
    size_t i, j, n = pqsig_count();
    uint8_t (*hash)[32] = malloc((n + 1) * 32);
    int *done = calloc(n + 1, sizeof(int)), k, nnames = 0, fast = 0;
    char **names = malloc((size_t)argc * sizeof(char *));
    for (k = 1; k < argc; k++) {
        if (strcmp(argv[k], "--count") == 0 && k + 1 < argc) {
            p.count = (unsigned)strtoul(argv[++k], NULL, 10);
            count_given = 1;
        } else if (strcmp(argv[k], "--key-every") == 0 && k + 1 < argc) {
            p.key_every = (unsigned)strtoul(argv[++k], NULL, 10);
            p.key_every = p.key_every ? p.key_every : 1;
        } else if (strcmp(argv[k], "--lengths") == 0 && k + 1 < argc) {
            if (parse_lengths(&p, argv[++k]) != 0) {
                fprintf(stderr, "pqsig-vectors: bad --lengths %s\n", argv[k]);
                return 2;
            }
        } else if (strcmp(argv[k], "--fast") == 0) {
            fast = 1;
        } else {
            names[nnames++] = argv[k];
        }
    }
    if (!count_given) {
        p.count = p.lengths != NULL ? (unsigned)p.nlengths : 13;
    }
    for (i = 0; i < n; i++) {
        const pqsig_alg *a = pqsig_at(i);
        if (!select_variant(a, fast, names, nnames)) {
            continue;
        }
        CHECK(transcript(a, &p, hash[i]), "%s %s: operations succeed", a->d.name, a->d.impl);
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
    CHECK(p.count > 0, "transcript length");
    free(p.lengths);
    free(hash);
    free(done);
    free(names);
    return check_done("pqsig-vectors");
}
