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
 *      pqsig_expand_*): refused with PQSIG_ERR_BAD_ARGUMENT. */
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

static void fuzz_secret_key(const fuzz_group *g, fuzz_reader *r, int slow, int forms)
{
    uint8_t *sk = fuzz_take(r, g->d->secret_key_bytes), *rnd = fuzz_take(r, g->d->sign_rnd_bytes);
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

static void fuzz_public_key(const fuzz_group *g, fuzz_reader *r, int slow, int forms)
{
    uint8_t *pk = fuzz_take(r, g->d->public_key_bytes), *sig = fuzz_take(r, g->d->signature_bytes);
    size_t mlen, i;
    uint8_t *m = fuzz_rest(r, &mlen);

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
        if (re == PQSIG_OK) {
            rv = pqsig_verify(a, sig, a->d.signature_bytes, m, mlen, pk);
            rx = forms || rv == PQSIG_OK ? pqsig_verify_expanded(a, sig, a->d.signature_bytes, m, mlen, epk) : rv;
            FUZZ_REQUIRE((rv == PQSIG_OK) == (rx == PQSIG_OK), a, "verify %d, verify_expanded %d", rv, rx);
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
    const fuzz_group *g = &groups[fuzz_byte(&r) % ngroups];
    switch (fuzz_byte(&r) % 3) {
    case 0:
        fuzz_secret_key(g, &r, fuzz_run_slow(data, size), fuzz_run_forms(data, size));
        break;
    case 1:
        fuzz_public_key(g, &r, fuzz_run_slow(data, size), fuzz_run_forms(data, size));
        break;
    default:
        fuzz_expanded(g, &r);
        break;
    }
    return 0;
}
