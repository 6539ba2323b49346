/* Verification of a fuzzed public key, signature and message, by every
 * implementation of a name of FUZZ_SCHEME, through every verifying entry
 * point: pqsig_verify, pqsig_verify_temp, pqsig_open (the signed message in
 * the scheme's layout) and pqsig_verify_expanded after pqsig_expand_pk.
 * Nothing may crash or trip a sanitizer, every result is a pqsig_error, and
 * the verdict (accepted or not) is the same for every entry point and every
 * implementation: an input that one accepts and another refuses is a bug in
 * one of them. The _temp and expanded forms run for the implementations that
 * have their own and for the first of each name (the generic layer's
 * fallback); pqsig_open, generic, for the first. All but pqsig_verify run on
 * the inputs fuzz_run_forms picks and on every accepted one; the slow
 * oracles as fuzz.h says.
 *
 * Input: name byte, length byte, pk, sig, message (the rest). The length
 * byte L picks the signature length handed to the verifiers: L % 4 == 0 the
 * scheme's length, 1 shorter by 1 + L / 4, 2 longer by 1 + L / 4, 3 none. */
#include "fuzz/fuzz.h"

static size_t fuzz_siglen(size_t sigbytes, uint8_t l)
{
    size_t k = 1 + (size_t)(l >> 2);
    switch (l & 3) {
    case 0:
        return sigbytes;
    case 1:
        return k < sigbytes ? sigbytes - k : 0;
    case 2:
        return sigbytes + k;
    default:
        return 0;
    }
}

/* The verdict of one implementation; aborts if its entry points disagree.
 * all: run every entry point, not only those a has of its own; forms: run
 * the others than pqsig_verify even if it refuses. */
static int verdict(const pqsig_alg *a, int all, int forms, const uint8_t *pk, const uint8_t *sig,
                   size_t siglen, const uint8_t *m, size_t mlen)
{
    const pqsig_details *d = pqsig_get_details(a);
    size_t tlen, smlen = siglen + mlen, outlen = mlen, epkn = pqsig_expanded_pk_bytes(a);
    void *tmp = fuzz_temp(a, &tlen), *epkraw;
    void *epk = fuzz_aligned(epkn, &epkraw);
    uint8_t *sm = malloc(smlen + 1), *out = malloc(mlen + 1);
    int r, rt, ro, re, rx;

    r = pqsig_verify(a, sig, siglen, m, mlen, pk);
    FUZZ_REQUIRE(fuzz_known_error(r), a, "verify returned %d", r);
    forms = forms || r == PQSIG_OK;
    if (forms && (all || fuzz_own_temp(a))) {
        rt = pqsig_verify_temp(a, sig, siglen, m, mlen, pk, tmp, tlen);
        FUZZ_REQUIRE((rt == PQSIG_OK) == (r == PQSIG_OK), a, "verify %d, verify_temp %d", r, rt);
    }

    /* The signed message: the generic layouts take signature_bytes of it as
     * the signature, so only that length is comparable. */
    if (forms && all && siglen == d->signature_bytes && a->sm_layout != PQSIG_SM_CUSTOM) {
        if (a->sm_layout == PQSIG_SM_SIG_MSG) {
            memcpy(sm, sig, siglen);
            memcpy(sm + siglen, m, mlen);
        } else {
            memcpy(sm, m, mlen);
            memcpy(sm + mlen, sig, siglen);
        }
        ro = pqsig_open(a, out, &outlen, sm, smlen, pk);
        FUZZ_REQUIRE((ro == PQSIG_OK) == (r == PQSIG_OK), a, "verify %d, open %d", r, ro);
        FUZZ_REQUIRE(ro != PQSIG_OK || (outlen == mlen && memcmp(out, m, mlen) == 0), a,
                     "open gave another message");
    }

    re = forms && (all || fuzz_own_expanded(a)) ? pqsig_expand_pk(a, epk, epkn, pk) : PQSIG_ERR_UNSUPPORTED;
    FUZZ_REQUIRE(fuzz_known_error(re), a, "expand_pk returned %d", re);
    /* expand_pk may check more of the key than plain verification binds
     * (MQ-Sign's stored H(P)): a refused key has nothing to compare. */
    if (re == PQSIG_OK) {
        rx = pqsig_verify_expanded(a, sig, siglen, m, mlen, epk);
        FUZZ_REQUIRE((rx == PQSIG_OK) == (r == PQSIG_OK), a, "verify %d, verify_expanded %d", r, rx);
    }
    free(tmp);
    free(epkraw);
    free(sm);
    free(out);
    return r == PQSIG_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t ngroups, i, siglen, mlen;
    const fuzz_group *groups = fuzz_scheme_groups(&ngroups);
    fuzz_reader r = {data, size};
    const fuzz_group *g = &groups[fuzz_byte(&r) % ngroups];
    uint8_t l = fuzz_byte(&r);
    uint8_t *pk = fuzz_take(&r, g->d->public_key_bytes);
    uint8_t *sig = fuzz_take(&r, g->d->signature_bytes);
    uint8_t *m = fuzz_rest(&r, &mlen);
    uint8_t *s;
    int first = -1, slow = fuzz_run_slow(data, size), forms = fuzz_run_forms(data, size), pass;

    /* The signature buffer holds exactly siglen bytes (a longer one is
     * padded with the message's first bytes, or zeros). */
    siglen = fuzz_siglen(g->d->signature_bytes, l);
    s = malloc(siglen != 0 ? siglen : 1);
    for (i = 0; i < siglen; i++) {
        size_t j = i - g->d->signature_bytes;
        s[i] = i < g->d->signature_bytes ? sig[i] : (j < mlen ? m[j] : 0);
    }
    /* The fast implementations, then the slow ones if this input is
     * picked or was accepted. */
    for (pass = 0; pass < 2; pass++) {
        for (i = 0; i < g->n; i++) {
            const pqsig_alg *a = g->impl[i];
            int v;
            if (fuzz_slow(a) != pass || (pass == 1 && !slow && first != 1)) {
                continue;
            }
            v = verdict(a, first < 0, forms, pk, s, siglen, m, mlen);
            FUZZ_REQUIRE(first < 0 || v == first, a, "verdict %d, the implementations before gave %d", v,
                         first);
            first = v;
        }
    }
    free(pk);
    free(sig);
    free(s);
    free(m);
    return 0;
}
