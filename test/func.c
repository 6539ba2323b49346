/* Functional tests of every registered variant through the generic API:
 * determinism of the derand forms, round trips for several message lengths,
 * rejection of altered signatures, messages and keys and of wrong lengths,
 * canaries around every output, unaligned buffers, in-place signed messages,
 * expanded keys.
 * Arguments: [--fast] [NAME...] (see select.h). */
#include <stdlib.h>

#include "check.h"
#include "common/drbg.h"
#include "registry.h"
#include "select.h"

#define CANARY 32
#define NMSG 4 /* message lengths signed per variant */

static unsigned flips; /* signature bits altered per variant; a third as many of msg and pk */

static int drbg_fill(void *state, uint8_t *out, size_t len)
{
    return pqsig_drbg_randombytes((pqsig_drbg *)state, out, len);
}

/* A buffer with canaries on both sides, at an offset of `skew` bytes. */
typedef struct {
    uint8_t *raw;
    uint8_t *p;
    size_t len;
} guarded;

static guarded galloc(size_t len, size_t skew)
{
    guarded g;
    g.raw = malloc(len + 2 * CANARY + skew);
    g.p = g.raw + CANARY + skew;
    g.len = len;
    memset(g.raw, 0xA5, len + 2 * CANARY + skew);
    return g;
}

static int gintact(const guarded *g, size_t skew)
{
    size_t i;
    for (i = 0; i < CANARY + skew; i++) {
        if (g->raw[i] != 0xA5) {
            return 0;
        }
    }
    for (i = 0; i < CANARY; i++) {
        if (g->p[g->len + i] != 0xA5) {
            return 0;
        }
    }
    return 1;
}

static void flip(uint8_t *p, size_t bit)
{
    p[bit / 8] ^= (uint8_t)(1u << (bit % 8));
}

/* Expanded keys give the signatures and verdicts of the plain forms; a
 * short or misaligned buffer, another handle's or a wiped expanded key, and
 * an expanded secret key used as a public one are refused. */
static void test_expanded(const pqsig_alg *a, const uint8_t *pk, const uint8_t *sk)
{
    const pqsig_details *d = pqsig_get_details(a);
    const char *n = d->name;
    const pqsig_alg *other = pqsig_at(0) != a ? pqsig_at(0) : pqsig_at(1);
    size_t eskn = pqsig_expanded_sk_bytes(a), epkn = pqsig_expanded_pk_bytes(a);
    uint8_t *eskraw, *epkraw;
    uint8_t *esk = check_aligned_alloc(eskn + 8, PQSIG_EXPANDED_ALIGN, &eskraw);
    uint8_t *epk = check_aligned_alloc(epkn, PQSIG_EXPANDED_ALIGN, &epkraw);
    uint8_t *s1 = malloc(d->signature_bytes), *s2 = malloc(d->signature_bytes);
    uint8_t rnd[128], msg[80];
    size_t l1, l2, k;

    CHECK(eskn > d->secret_key_bytes && epkn > d->public_key_bytes, "%s: expanded sizes", n);
    CHECK(pqsig_expand_sk(a, esk, eskn - 1, sk) == PQSIG_ERR_BAD_LENGTH, "%s: short expanded sk", n);
    CHECK(pqsig_expand_sk(a, esk + 8, eskn, sk) == PQSIG_ERR_BAD_ARGUMENT, "%s: misaligned expanded sk", n);
    CHECK(pqsig_expand_pk(a, epk, epkn - 1, pk) == PQSIG_ERR_BAD_LENGTH, "%s: short expanded pk", n);
    CHECK(pqsig_expand_sk(a, esk, eskn, sk) == PQSIG_OK, "%s: expand_sk", n);
    CHECK(pqsig_expand_pk(a, epk, epkn, pk) == PQSIG_OK, "%s: expand_pk", n);
    for (k = 0; k < 3; k++) {
        size_t mlen = k * 37;
        memset(rnd, (int)(0x31 + k), sizeof rnd);
        memset(msg, (int)(0x52 + k), sizeof msg);
        l1 = l2 = d->signature_bytes;
        CHECK(pqsig_sign_derand(a, s1, &l1, msg, mlen, sk, rnd) == PQSIG_OK &&
                  pqsig_sign_expanded_derand(a, s2, &l2, msg, mlen, esk, rnd) == PQSIG_OK && l1 == l2 &&
                  memcmp(s1, s2, l1) == 0,
              "%s: expanded sign = sign (mlen %zu)", n, mlen);
        CHECK(pqsig_verify_expanded(a, s1, l1, msg, mlen, epk) == PQSIG_OK, "%s: verify_expanded", n);
        s1[(k * 131) % l1] ^= (uint8_t)(1u << k);
        CHECK(pqsig_verify_expanded(a, s1, l1, msg, mlen, epk) != PQSIG_OK &&
                  pqsig_verify(a, s1, l1, msg, mlen, pk) != PQSIG_OK,
              "%s: altered signature rejected by both verifiers", n);
        CHECK(pqsig_verify_expanded(a, s2, l2 - 1, msg, mlen, epk) != PQSIG_OK, "%s: short signature", n);
    }
    l1 = d->signature_bytes;
    CHECK(pqsig_sign_expanded(a, s1, &l1, msg, 50, esk) == PQSIG_OK &&
              pqsig_verify_expanded(a, s1, l1, msg, 50, epk) == PQSIG_OK && pqsig_verify(a, s1, l1, msg, 50, pk) == PQSIG_OK,
          "%s: sign_expanded round trip", n);
    l2 = d->signature_bytes;
    CHECK(pqsig_verify_expanded(a, s1, l1, msg, 50, esk) == PQSIG_ERR_BAD_ARGUMENT &&
              pqsig_sign_expanded(a, s2, &l2, msg, 50, epk) == PQSIG_ERR_BAD_ARGUMENT,
          "%s: expanded sk and pk not interchangeable", n);
    if (other != NULL && other != a) {
        const pqsig_details *od = pqsig_get_details(other);
        uint8_t *s3 = malloc(od->signature_bytes);
        size_t l3 = od->signature_bytes;
        CHECK(pqsig_sign_expanded(other, s3, &l3, msg, 50, esk) == PQSIG_ERR_BAD_ARGUMENT &&
                  pqsig_verify_expanded(other, s1, l1 < l3 ? l1 : l3, msg, 50, epk) == PQSIG_ERR_BAD_ARGUMENT,
              "%s: another handle refuses the expanded keys", n);
        free(s3);
    }
    pqsig_wipe(esk, eskn);
    l2 = d->signature_bytes;
    CHECK(pqsig_sign_expanded(a, s2, &l2, msg, 50, esk) == PQSIG_ERR_BAD_ARGUMENT, "%s: wiped expanded sk refused", n);
    free(eskraw);
    free(epkraw);
    free(s1);
    free(s2);
}

static void test_alg(const pqsig_alg *a, unsigned iter)
{
    const pqsig_details *d = &a->d;
    const char *n = d->name;
    size_t skew = iter & 3; /* odd offsets on some variants */
    guarded pk = galloc(d->public_key_bytes, skew), sk = galloc(d->secret_key_bytes, skew);
    guarded pk2 = galloc(d->public_key_bytes, 0), sk2 = galloc(d->secret_key_bytes, 0);
    guarded sig = galloc(d->signature_bytes, skew), sig2 = galloc(d->signature_bytes, 0);
    static const size_t mlens[NMSG] = {0, 1, 33, 1000};
    uint8_t *kept[NMSG];
    size_t keptlen[NMSG];
    uint8_t seed[128], rnd[128], msg[1000];
    pqsig_drbg drbg;
    pqsig_rng rng = {drbg_fill, &drbg};
    size_t i, k, siglen, siglen2;

    for (i = 0; i < sizeof seed; i++) {
        seed[i] = (uint8_t)(i * 13 + iter);
        rnd[i] = (uint8_t)(i * 7 + 1);
    }
    for (i = 0; i < sizeof msg; i++) {
        msg[i] = (uint8_t)(i ^ 0x3c);
    }

    /* Key generation: derand is deterministic; the rng form draws its seed once. */
    CHECK(pqsig_keypair_derand(a, pk.p, sk.p, seed) == PQSIG_OK, "%s: keypair_derand", n);
    CHECK(pqsig_keypair_derand(a, pk2.p, sk2.p, seed) == PQSIG_OK, "%s: keypair_derand again", n);
    CHECK_MEM(pk.p, pk2.p, pk.len, "%s: deterministic pk", n);
    CHECK_MEM(sk.p, sk2.p, sk.len, "%s: deterministic sk", n);
    if (a->keypair_rng == NULL) {
        uint8_t drawn[128];
        pqsig_drbg_init(&drbg, seed, NULL, 256);
        pqsig_drbg_randombytes(&drbg, drawn, d->keypair_seed_bytes);
        pqsig_drbg_init(&drbg, seed, NULL, 256);
        CHECK(pqsig_keypair_rng(a, pk2.p, sk2.p, &rng) == PQSIG_OK, "%s: keypair_rng", n);
        CHECK(pqsig_keypair_derand(a, pk.p, sk.p, drawn) == PQSIG_OK, "%s: derand", n);
        CHECK_MEM(pk.p, pk2.p, pk.len, "%s: rng form = derand of one draw", n);
    }
    CHECK(gintact(&pk, skew) && gintact(&sk, skew), "%s: key canaries", n);

    for (k = 0; k < NMSG; k++) {
        size_t mlen = mlens[k], bits, pos;
        siglen = sig.len;
        CHECK(pqsig_sign_derand(a, sig.p, &siglen, msg, mlen, sk.p, rnd) == PQSIG_OK, "%s: sign mlen %zu", n, mlen);
        CHECK(siglen <= d->signature_bytes && gintact(&sig, skew), "%s: siglen and canaries", n);
        siglen2 = sig2.len;
        CHECK(pqsig_sign_derand(a, sig2.p, &siglen2, msg, mlen, sk.p, rnd) == PQSIG_OK &&
                  siglen2 == siglen && memcmp(sig.p, sig2.p, siglen) == 0,
              "%s: sign_derand deterministic (aligned = unaligned)", n);
        CHECK(pqsig_verify(a, sig.p, siglen, msg, mlen, pk.p) == PQSIG_OK, "%s: verify mlen %zu", n, mlen);
        kept[k] = malloc(siglen);
        memcpy(kept[k], sig.p, siglen);
        keptlen[k] = siglen;
        if (mlen != 33) {
            continue;
        }
        /* Altered signatures: first and last bits, and a spread of others. */
        bits = 8 * siglen;
        for (i = 0; i < flips; i++) {
            pos = i == 0 ? 0 : i == 1 ? bits - 1 : (i * 2654435761u) % bits;
            flip(sig.p, pos);
            CHECK(pqsig_verify(a, sig.p, siglen, msg, mlen, pk.p) != PQSIG_OK, "%s: sig bit %zu flip", n, pos);
            flip(sig.p, pos);
        }
        for (i = 0; i < flips / 3; i++) {
            pos = (i * 40503u + 17) % (8 * mlen);
            flip(msg, pos);
            CHECK(pqsig_verify(a, sig.p, siglen, msg, mlen, pk.p) != PQSIG_OK, "%s: msg bit %zu flip", n, pos);
            flip(msg, pos);
        }
        CHECK(pqsig_verify(a, sig.p, siglen - 1, msg, mlen, pk.p) != PQSIG_OK, "%s: short signature", n);
        CHECK(pqsig_verify(a, sig.p, 0, msg, mlen, pk.p) != PQSIG_OK, "%s: empty signature", n);
        CHECK(pqsig_verify(a, sig.p, d->signature_bytes + 1, msg, mlen, pk.p) != PQSIG_OK, "%s: long signature", n);
        CHECK(pqsig_verify(a, sig.p, siglen, msg, mlen, pk.p) == PQSIG_OK, "%s: restored verifies", n);
    }

    /* Altered public keys. A single changed coefficient can be invisible to
     * one signature (in UOV, the coefficient of x_i x_j when w_i w_j = 0),
     * so the criterion is: the altered key fails at least one of the four
     * signatures made above. */
    for (i = 0; i < flips / 3 + 2; i++) {
        size_t pos = (i * 2246822519u + 5) % (8 * pk.len), valid = 0;
        flip(pk.p, pos);
        for (k = 0; k < NMSG; k++) {
            valid += pqsig_verify(a, kept[k], keptlen[k], msg, mlens[k], pk.p) == PQSIG_OK;
        }
        CHECK(valid < NMSG, "%s: pk bit %zu flip accepted by all signatures", n, pos);
        flip(pk.p, pos);
    }
    for (k = 0; k < NMSG; k++) {
        free(kept[k]);
    }

    /* A capacity below the maximum signature size is refused under the error
     * contract: the capacity zeroised, nothing past it written, length 0. */
    memset(sig.p, 0xA5, sig.len);
    siglen = d->signature_bytes - 1;
    CHECK(pqsig_sign(a, sig.p, &siglen, msg, 10, sk.p) == PQSIG_ERR_BAD_LENGTH, "%s: small capacity", n);
    CHECK(siglen == 0, "%s: length 0 on refusal", n);
    for (i = 0; i < d->signature_bytes - 1 && sig.p[i] == 0; i++) {
    }
    CHECK(i == d->signature_bytes - 1, "%s: capacity zeroised on refusal", n);
    for (; i < sig.len && sig.p[i] == 0xA5; i++) {
    }
    CHECK(i == sig.len, "%s: nothing written past the capacity on refusal", n);

    /* Signed messages: in place (m inside sm) equals separate buffers. */
    {
        size_t mlen = 100, cap = mlen + d->signature_bytes, smlen1 = cap, smlen2 = cap, olen = cap;
        guarded sm1 = galloc(cap, skew), sm2 = galloc(cap, 0), out = galloc(cap, 0);
        pqsig_drbg_init(&drbg, seed, NULL, 256);
        CHECK(pqsig_sign_message_rng(a, sm1.p, &smlen1, msg, mlen, sk.p, &rng) == PQSIG_OK, "%s: sign_message", n);
        memcpy(sm2.p, msg, mlen);
        pqsig_drbg_init(&drbg, seed, NULL, 256);
        CHECK(pqsig_sign_message_rng(a, sm2.p, &smlen2, sm2.p, mlen, sk.p, &rng) == PQSIG_OK,
              "%s: sign_message in place", n);
        CHECK(smlen1 == smlen2 && memcmp(sm1.p, sm2.p, smlen1) == 0, "%s: in place = separate", n);
        CHECK(pqsig_open(a, out.p, &olen, sm1.p, smlen1, pk.p) == PQSIG_OK && olen == mlen &&
                  memcmp(out.p, msg, mlen) == 0,
              "%s: open", n);
        sm1.p[smlen1 / 2] ^= 1;
        olen = cap;
        memset(out.p, 0xA5, out.len);
        CHECK(pqsig_open(a, out.p, &olen, sm1.p, smlen1, pk.p) != PQSIG_OK, "%s: open altered", n);
        for (i = 0; i < out.len && out.p[i] == 0xA5; i++) {
        }
        CHECK(i == out.len && gintact(&sm1, skew) && gintact(&sm2, 0) && gintact(&out, 0),
              "%s: open writes nothing on failure; canaries", n);
        free(sm1.raw);
        free(sm2.raw);
        free(out.raw);
    }
    test_expanded(a, pk.p, sk.p);
    free(pk.raw);
    free(sk.raw);
    free(pk2.raw);
    free(sk2.raw);
    free(sig.raw);
    free(sig2.raw);
}

int main(int argc, char **argv)
{
    size_t i, tested = 0;
    char **names = argv + 1;
    int nnames = argc - 1, fast = 0;
    if (nnames > 0 && strcmp(names[0], "--fast") == 0) {
        fast = 1;
        names++;
        nnames--;
    }
    /* Fast mode alters fewer bits per variant; --full (no flag) all of them. */
    flips = fast ? 6 : 24;
    for (i = 0; i < pqsig_count(); i++) {
        const pqsig_alg *a = pqsig_at(i);
        if (select_variant(a, fast, names, nnames)) {
            test_alg(a, (unsigned)i);
            tested++;
        }
    }
    /* Argument checks that hold for any build, including an empty registry. */
    CHECK(pqsig_keypair_derand(NULL, NULL, NULL, NULL) == PQSIG_ERR_BAD_ARGUMENT, "NULL alg");
    printf("test_func: %zu variants tested\n", tested);
    return check_done("test_func");
}
