/* The decoders of FUZZ_SCHEME on fuzzed bytes, by every implementation of
 * a name. Input: name byte, kind byte, then by kind % 3:
 *   0  secret key, signing randomness, message (the rest): pqsig_sign_derand,
 *      pqsig_sign_derand_temp and pqsig_expand_sk + pqsig_sign_expanded_derand.
 *      A malformed key gives an error or a signature, never a crash; the
 *      three forms give the same result, an error leaves the signature
 *      zeroised with length 0, and every implementation signs (or refuses)
 *      alike: they decode the same bytes the same way.
 *      (The _temp and expanded forms run for the implementations that have
 *      their own and for the first of a name, on the inputs fuzz_run_forms
 *      picks and wherever the plain form refuses the key; the slow oracles
 *      as fuzz.h says, on picked inputs only: with most keys every input
 *      signs.)
 *   1  public key, signature, message: pqsig_expand_pk, then
 *      pqsig_verify_expanded agrees with pqsig_verify (on the picked
 *      inputs and wherever pqsig_verify accepts).
 *   2  an expanded secret and public key of fuzzed bytes (not made by
 *      pqsig_expand_*): refused with PQSIG_ERR_BAD_ARGUMENT.
 *   3, 4  as 0 and 1 on keys near a valid pair: the key fields (and kind
 *      4's signature) are XORed onto a key pair and a signature of the
 *      empty message made once per name from a fixed seed, so that a short
 *      input alters a valid key a little (and kind 4 with the fields zero
 *      and no message must verify).
 * kind % 5 picks. MQ-Sign: a raw secret key that the fuzzer makes from a
 * short input is mostly zeros, and such a key fails every one of the 127
 * signing attempts (the official bound: 4 ms, nearly all of the harness's
 * time), so kind 0 runs MQ-Sign's raw secret keys on the inputs
 * fuzz_run_slow picks and gives the others kind 3's form. */
#include "fuzz/fuzz.h"

typedef struct {
    int ret;
    size_t len;
    uint8_t *sig;
} signed_out;

static void check_out(const pqsig_alg *a, const signed_out *o, const char *form)
{
    size_t i, cap = a->d.signature_bytes;
    FUZZ_REQUIRE(fuzz_known_error(o->ret), a, "%s returned %d", form, o->ret);
    if (o->ret == PQSIG_OK) {
        FUZZ_REQUIRE(o->len <= cap, a, "%s: length %zu", form, o->len);
        return;
    }
    FUZZ_REQUIRE(o->len == 0, a, "%s failed (%d) with length %zu", form, o->ret, o->len);
    if (!fuzz_all_zero(o->sig, cap)) {
        for (i = 0; o->sig[i] == 0; i++) {
        }
        FUZZ_REQUIRE(0, a, "%s failed (%d) leaving byte %zu", form, o->ret, i);
    }
}

static int same(const signed_out *x, const signed_out *y)
{
    return (x->ret == PQSIG_OK) == (y->ret == PQSIG_OK) &&
           (x->ret != PQSIG_OK || (x->len == y->len && memcmp(x->sig, y->sig, x->len) == 0));
}

/* The plain form always; the _temp and expanded ones when `forms` (an input
 * fuzz_run_forms picks) or when the plain form refuses the key: every
 * form must refuse it alike. */
static void sign_all(const pqsig_alg *a, int all, int forms, signed_out o[3], const uint8_t *sk,
                     const uint8_t *rnd, const uint8_t *m, size_t mlen)
{
    size_t k, tlen, eskn = pqsig_expanded_sk_bytes(a);
    void *tmp = fuzz_temp(a, &tlen), *eskraw;
    void *esk = fuzz_aligned(eskn, &eskraw);
    int re;

    for (k = 0; k < 3; k++) {
        o[k].len = a->d.signature_bytes;
        o[k].sig = malloc(o[k].len);
        memset(o[k].sig, 0xa5, o[k].len);
    }
    o[0].ret = pqsig_sign_derand(a, o[0].sig, &o[0].len, m, mlen, sk, rnd);
    check_out(a, &o[0], "sign_derand");
    forms = forms || o[0].ret != PQSIG_OK;
    if (forms && (all || fuzz_own_temp(a))) {
        o[1].ret = pqsig_sign_derand_temp(a, o[1].sig, &o[1].len, m, mlen, sk, rnd, tmp, tlen);
        check_out(a, &o[1], "sign_derand_temp");
        FUZZ_REQUIRE(same(&o[0], &o[1]), a, "sign_derand (%d) and sign_derand_temp (%d) differ",
                     o[0].ret, o[1].ret);
    }
    re = forms && (all || fuzz_own_expanded(a)) ? pqsig_expand_sk(a, esk, eskn, sk) : PQSIG_ERR_UNSUPPORTED;
    FUZZ_REQUIRE(fuzz_known_error(re), a, "expand_sk returned %d", re);
    if (re == PQSIG_OK) {
        o[2].ret = pqsig_sign_expanded_derand(a, o[2].sig, &o[2].len, m, mlen, esk, rnd);
        check_out(a, &o[2], "sign_expanded_derand");
        FUZZ_REQUIRE(same(&o[0], &o[2]), a, "sign_derand (%d) and sign_expanded_derand (%d) differ",
                     o[0].ret, o[2].ret);
    } else if (re != PQSIG_ERR_UNSUPPORTED) {
        /* A key the expansion refuses must not sign in the plain form either. */
        FUZZ_REQUIRE(o[0].ret != PQSIG_OK, a, "expand_sk refused (%d) a key that signs", re);
    }
    pqsig_wipe(esk, eskn);
    free(eskraw);
    free(tmp);
}

/* A key pair of the name made once from a fixed seed, and its signature of
 * the empty message (kinds 3 and 4). */
typedef struct {
    uint8_t *pk, *sk, *sig;
    size_t siglen;
} base_pair;

static const base_pair *base_of(const fuzz_group *g, size_t gi)
{
    static base_pair cache[FUZZ_MAX_NAMES];
    base_pair *b = &cache[gi];
    if (b->pk == NULL) {
        const pqsig_alg *a = g->impl[0];
        uint8_t *seed = malloc(a->d.keypair_seed_bytes + 1), *rnd = calloc(1, a->d.sign_rnd_bytes + 1);
        int r;
        memset(seed, 0xa5, a->d.keypair_seed_bytes + 1);
        b->pk = malloc(a->d.public_key_bytes);
        b->sk = malloc(a->d.secret_key_bytes);
        b->sig = calloc(1, a->d.signature_bytes);
        b->siglen = a->d.signature_bytes;
        r = pqsig_keypair_derand(a, b->pk, b->sk, seed);
        FUZZ_REQUIRE(r == PQSIG_OK, a, "keypair_derand of the base pair returned %d", r);
        r = pqsig_sign_derand(a, b->sig, &b->siglen, (const uint8_t *)"", 0, b->sk, rnd);
        FUZZ_REQUIRE(r == PQSIG_OK, a, "sign_derand of the base pair returned %d", r);
        free(seed);
        free(rnd);
    }
    return b;
}

/* len bytes of the input XORed onto base (zeros past the input's end). */
static FUZZ_UNTRACED uint8_t *fuzz_take_onto(fuzz_reader *r, const uint8_t *base, size_t len)
{
    uint8_t *out = fuzz_take(r, len);
    size_t i;
    for (i = 0; i < len; i++) {
        out[i] ^= base[i];
    }
    return out;
}

/* MQ-Sign's raw secret keys cost the 127 signing attempts (above). */
static int raw_sk_costly(const fuzz_group *g)
{
    return strcmp(g->d->scheme, "mqsign") == 0;
}

static void fuzz_secret_key(const fuzz_group *g, fuzz_reader *r, const base_pair *near, int slow, int forms)
{
    uint8_t *sk = near != NULL ? fuzz_take_onto(r, near->sk, g->d->secret_key_bytes)
                               : fuzz_take(r, g->d->secret_key_bytes);
    uint8_t *rnd = fuzz_take(r, g->d->sign_rnd_bytes);
    size_t mlen, i, k;
    uint8_t *m = fuzz_rest(r, &mlen);
    signed_out first[3], o[3];
    const pqsig_alg *a0 = NULL;

    for (i = 0; i < g->n; i++) {
        const pqsig_alg *a = g->impl[i];
        if (fuzz_slow(a) && !slow) {
            continue;
        }
        sign_all(a, a0 == NULL, forms, a0 == NULL ? first : o, sk, rnd, m, mlen);
        if (a0 == NULL) {
            a0 = a;
            continue;
        }
        FUZZ_REQUIRE(same(&first[0], &o[0]), a, "signs %d (length %zu), %s %d (length %zu)", o[0].ret, o[0].len,
                     a0->d.impl, first[0].ret, first[0].len);
        for (k = 0; k < 3; k++) {
            free(o[k].sig);
        }
    }
    for (k = 0; a0 != NULL && k < 3; k++) {
        free(first[k].sig);
    }
    free(sk);
    free(rnd);
    free(m);
}

static void fuzz_public_key(const fuzz_group *g, fuzz_reader *r, const base_pair *near, int slow, int forms)
{
    uint8_t *pk = near != NULL ? fuzz_take_onto(r, near->pk, g->d->public_key_bytes)
                               : fuzz_take(r, g->d->public_key_bytes);
    uint8_t *sig = near != NULL ? fuzz_take_onto(r, near->sig, g->d->signature_bytes)
                                : fuzz_take(r, g->d->signature_bytes);
    const size_t siglen = near != NULL ? near->siglen : g->d->signature_bytes;
    size_t mlen, i;
    uint8_t *m = fuzz_rest(r, &mlen);
    /* the base pair untouched: its signature verifies */
    const int valid = near != NULL && mlen == 0 && memcmp(pk, near->pk, g->d->public_key_bytes) == 0 &&
                      memcmp(sig, near->sig, g->d->signature_bytes) == 0;

    for (i = 0; i < g->n; i++) {
        const pqsig_alg *a = g->impl[i];
        size_t epkn = pqsig_expanded_pk_bytes(a);
        void *epkraw, *epk;
        int re, rv, rx;
        if (fuzz_slow(a) && !slow) {
            continue;
        }
        epk = fuzz_aligned(epkn, &epkraw);
        re = pqsig_expand_pk(a, epk, epkn, pk);
        FUZZ_REQUIRE(fuzz_known_error(re), a, "expand_pk returned %d", re);
        FUZZ_REQUIRE(!valid || re == PQSIG_OK, a, "expand_pk refuses the base key (%d)", re);
        if (re == PQSIG_OK) {
            rv = pqsig_verify(a, sig, siglen, m, mlen, pk);
            rx = forms || rv == PQSIG_OK ? pqsig_verify_expanded(a, sig, siglen, m, mlen, epk) : rv;
            FUZZ_REQUIRE((rv == PQSIG_OK) == (rx == PQSIG_OK), a, "verify %d, verify_expanded %d", rv, rx);
            FUZZ_REQUIRE(!valid || rv == PQSIG_OK, a, "refuses the base signature (%d)", rv);
        }
        free(epkraw);
    }
    free(pk);
    free(sig);
    free(m);
}

static void fuzz_expanded(const fuzz_group *g, fuzz_reader *r)
{
    size_t i;
    for (i = 0; i < g->n; i++) {
        const pqsig_alg *a = g->impl[i];
        size_t eskn = pqsig_expanded_sk_bytes(a), epkn = pqsig_expanded_pk_bytes(a);
        size_t siglen = a->d.signature_bytes;
        void *eskraw, *epkraw, *esk = fuzz_aligned(eskn, &eskraw), *epk = fuzz_aligned(epkn, &epkraw);
        uint8_t *sig = malloc(siglen), *rnd = calloc(1, a->d.sign_rnd_bytes + 1);
        uint8_t *body = fuzz_take(r, eskn > epkn ? eskn : epkn);
        int rs, rv;
        memcpy(esk, body, eskn);
        memcpy(epk, body, epkn);
        /* The randomness is never read: the key is refused first. */
        rs = pqsig_sign_expanded_derand(a, sig, &siglen, body, 16, esk, rnd);
        rv = pqsig_verify_expanded(a, sig, siglen, body, 16, epk);
        FUZZ_REQUIRE(rs == PQSIG_ERR_BAD_ARGUMENT && rv == PQSIG_ERR_BAD_ARGUMENT, a,
                     "fuzzed expanded keys: sign %d, verify %d", rs, rv);
        free(eskraw);
        free(epkraw);
        free(sig);
        free(rnd);
        free(body);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t ngroups;
    const fuzz_group *groups = fuzz_scheme_groups(&ngroups);
    fuzz_reader r = {data, size};
    const size_t gi = fuzz_byte(&r) % ngroups;
    const fuzz_group *g = &groups[gi];
    const int slow = fuzz_run_slow(data, size), forms = fuzz_run_forms(data, size);
    switch (fuzz_byte(&r) % 5) {
    case 0:
        fuzz_secret_key(g, &r, raw_sk_costly(g) && !slow ? base_of(g, gi) : NULL, slow, forms);
        break;
    case 1:
        fuzz_public_key(g, &r, NULL, slow, forms);
        break;
    case 2:
        fuzz_expanded(g, &r);
        break;
    case 3:
        fuzz_secret_key(g, &r, base_of(g, gi), slow, forms);
        break;
    default:
        fuzz_public_key(g, &r, base_of(g, gi), slow, forms);
        break;
    }
    return 0;
}
