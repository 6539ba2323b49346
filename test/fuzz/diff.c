/* Differential: every implementation of a name of FUZZ_SCHEME (ref, opt,
 * the test backend decline, later the native backends) on the same
 * derandomised inputs must give identical keys, signatures and verdicts,
 * through the plain, _temp and expanded forms alike.
 *
 * Input: name byte, flip byte, key seed, signing randomness, message (the
 * rest). Per implementation: keypair_derand and keypair_derand_temp (the
 * same keys as the first implementation), sign_derand, sign_derand_temp and
 * sign_expanded_derand (the same signature), verify, verify_temp and
 * verify_expanded accept it, and all refuse it with the bit chosen by the
 * flip byte changed (the slow oracles on the inputs fuzz.h picks: refusing
 * is what an oracle is least likely to get wrong). The _temp and expanded
 * forms run for the implementations that have their own and for the first
 * of a name (the generic layer's fallback), on the inputs fuzz_run_forms
 * picks (one in four): each repeats the whole operation, and what they
 * must match does not depend on the input's bytes.
 *
 * Cost: MQ-Sign key generation (about 50 M instructions for opt at level
 * 1, ten times that for ref) is too slow for an iteration, so its keys come
 * from FUZZ_KEYS fixed seeds (the flip byte picks one), generated and
 * compared across implementations once; SNOVA's ref at levels 3 and 5 is
 * left out (fuzz.h). */
#include "fuzz/fuzz.h"

#define FUZZ_KEYS 2

typedef struct {
    uint8_t *pk;
    uint8_t *sk;
} keypair;

static int keygen_each(const fuzz_group *g)
{
    return strcmp(g->d->scheme, "mqsign") != 0;
}

/* Keys of every implementation of g from one seed, checked equal (and
 * keypair_derand_temp's too when `forms`); the first implementation's are
 * returned. */
static keypair keygen_all(const fuzz_group *g, int forms, const uint8_t *seed)
{
    const pqsig_details *d = g->d;
    keypair first = {malloc(d->public_key_bytes), malloc(d->secret_key_bytes)};
    uint8_t *pk = malloc(d->public_key_bytes), *sk = malloc(d->secret_key_bytes);
    size_t i, tlen;
    int r;

    for (i = 0; i < g->n; i++) {
        const pqsig_alg *a = g->impl[i];
        void *tmp = fuzz_temp(a, &tlen);
        r = pqsig_keypair_derand(a, i == 0 ? first.pk : pk, i == 0 ? first.sk : sk, seed);
        FUZZ_REQUIRE(r == PQSIG_OK, a, "keypair_derand returned %d", r);
        FUZZ_REQUIRE(i == 0 || (memcmp(pk, first.pk, d->public_key_bytes) == 0 &&
                                memcmp(sk, first.sk, d->secret_key_bytes) == 0),
                     a, "keys differ from %s's", g->impl[0]->d.impl);
        if (forms && (i == 0 || fuzz_own_temp(a))) {
            r = pqsig_keypair_derand_temp(a, pk, sk, seed, tmp, tlen);
            FUZZ_REQUIRE(r == PQSIG_OK && memcmp(pk, first.pk, d->public_key_bytes) == 0 &&
                             memcmp(sk, first.sk, d->secret_key_bytes) == 0,
                         a, "keypair_derand_temp (%d) gives other keys", r);
        }
        free(tmp);
    }
    free(pk);
    free(sk);
    return first;
}

/* The keys of one of the fixed seeds of group index gi, made once. */
static keypair cached_keys(const fuzz_group *g, size_t gi, unsigned k)
{
    static keypair cache[FUZZ_MAX_NAMES][FUZZ_KEYS];
    if (cache[gi][k].pk == NULL) {
        uint8_t *seed = malloc(g->d->keypair_seed_bytes + 1);
        memset(seed, (int)(0x5a + k), g->d->keypair_seed_bytes + 1);
        cache[gi][k] = keygen_all(g, 1, seed);
        free(seed);
    }
    return cache[gi][k];
}

/* Signs with a in the plain form and, when `all` or a has its own and
 * `forms`, the other two; every signature equals ref_sig (or, when ref_sig
 * is NULL, the first form's, which it returns in sig). */
static size_t sign_forms(const pqsig_alg *a, int all, int forms, uint8_t *sig, const uint8_t *ref_sig,
                         size_t ref_len, const uint8_t *sk, const uint8_t *rnd, const uint8_t *m,
                         size_t mlen)
{
    size_t cap = a->d.signature_bytes, len = cap, len2, tlen, eskn = pqsig_expanded_sk_bytes(a);
    uint8_t *s2 = malloc(cap);
    void *tmp = fuzz_temp(a, &tlen), *eskraw, *esk = fuzz_aligned(eskn, &eskraw);
    int r;

    r = pqsig_sign_derand(a, sig, &len, m, mlen, sk, rnd);
    FUZZ_REQUIRE(r == PQSIG_OK && len <= cap, a, "sign_derand returned %d (length %zu)", r, len);
    FUZZ_REQUIRE(ref_sig == NULL || (len == ref_len && memcmp(sig, ref_sig, len) == 0), a,
                 "signature differs from the first implementation's");
    if (forms && (all || fuzz_own_temp(a))) {
        len2 = cap;
        r = pqsig_sign_derand_temp(a, s2, &len2, m, mlen, sk, rnd, tmp, tlen);
        FUZZ_REQUIRE(r == PQSIG_OK && len2 == len && memcmp(s2, sig, len) == 0, a,
                     "sign_derand_temp (%d) gives another signature", r);
    }
    if (forms && (all || fuzz_own_expanded(a))) {
        r = pqsig_expand_sk(a, esk, eskn, sk);
        FUZZ_REQUIRE(r == PQSIG_OK, a, "expand_sk of a generated key returned %d", r);
        len2 = cap;
        r = pqsig_sign_expanded_derand(a, s2, &len2, m, mlen, esk, rnd);
        FUZZ_REQUIRE(r == PQSIG_OK && len2 == len && memcmp(s2, sig, len) == 0, a,
                     "sign_expanded_derand (%d) gives another signature", r);
        pqsig_wipe(esk, eskn);
    }
    free(eskraw);
    free(tmp);
    free(s2);
    return len;
}

/* The verdict of a on (sig, m, pk) through the plain verifier and, when
 * `forms`, the other two, which agree (all: every form, not only a's own). */
static int verify_forms(const pqsig_alg *a, int all, int forms, const uint8_t *sig, size_t len, const uint8_t *m,
                        size_t mlen, const uint8_t *pk)
{
    size_t tlen, epkn = pqsig_expanded_pk_bytes(a);
    void *tmp = fuzz_temp(a, &tlen), *epkraw, *epk = fuzz_aligned(epkn, &epkraw);
    int rv, rt, re, rx;

    rv = pqsig_verify(a, sig, len, m, mlen, pk);
    rt = forms && (all || fuzz_own_temp(a)) ? pqsig_verify_temp(a, sig, len, m, mlen, pk, tmp, tlen) : rv;
    rx = rv;
    if (forms && (all || fuzz_own_expanded(a))) {
        re = pqsig_expand_pk(a, epk, epkn, pk);
        FUZZ_REQUIRE(re == PQSIG_OK, a, "expand_pk of a generated key returned %d", re);
        rx = pqsig_verify_expanded(a, sig, len, m, mlen, epk);
    }
    FUZZ_REQUIRE((rv == PQSIG_OK) == (rt == PQSIG_OK) && (rv == PQSIG_OK) == (rx == PQSIG_OK), a,
                 "verify %d, verify_temp %d, verify_expanded %d", rv, rt, rx);
    free(epkraw);
    free(tmp);
    return rv == PQSIG_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t ngroups, gi, i, mlen, len = 0, bit;
    const fuzz_group *groups = fuzz_scheme_groups(&ngroups);
    fuzz_reader r = {data, size};
    const fuzz_group *g;
    const pqsig_details *d;
    uint8_t flip, *seed, *rnd, *m, *sig;
    keypair kp;
    int forms = fuzz_run_forms(data, size);

    gi = fuzz_byte(&r) % ngroups;
    g = &groups[gi];
    d = g->d;
    flip = fuzz_byte(&r);
    seed = fuzz_take(&r, d->keypair_seed_bytes);
    rnd = fuzz_take(&r, d->sign_rnd_bytes);
    m = fuzz_rest(&r, &mlen);
    kp = keygen_each(g) ? keygen_all(g, forms, seed) : cached_keys(g, gi, flip % FUZZ_KEYS);

    sig = malloc(d->signature_bytes);
    for (i = 0; i < g->n; i++) {
        uint8_t *own = malloc(d->signature_bytes);
        len = sign_forms(g->impl[i], i == 0, forms, i == 0 ? sig : own, i == 0 ? NULL : sig, len, kp.sk, rnd, m,
                         mlen);
        free(own);
    }
    for (i = 0; i < g->n; i++) {
        FUZZ_REQUIRE(verify_forms(g->impl[i], i == 0, forms, sig, len, m, mlen, kp.pk), g->impl[i],
                     "refuses the common signature");
    }
    bit = ((size_t)flip * 2654435761u + mlen) % (len * 8);
    sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    for (i = 0; i < g->n; i++) {
        if (fuzz_slow(g->impl[i]) && !fuzz_run_slow(data, size)) {
            continue;
        }
        FUZZ_REQUIRE(!verify_forms(g->impl[i], 0, forms, sig, len, m, mlen, kp.pk), g->impl[i],
                     "accepts the signature with bit %zu flipped", bit);
    }
    if (keygen_each(g)) {
        free(kp.pk);
        free(kp.sk);
    }
    free(sig);
    free(seed);
    free(rnd);
    free(m);
    return 0;
}
