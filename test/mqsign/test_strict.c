/* MQ-Sign: pqsig_check_public_key and pqsig_verify_strict (issue 16,
 * finding 2), on fresh level-1 keys, with opt and ref.
 *  - RR-s / RR-m: plain verification hashes the ph stored in the key and
 *    never recomputes it. A signature w with w_z = 0 cannot see the
 *    coefficients of the monomials x_z x_j, so changing one of them leaves
 *    the signature valid under plain verification (the test finds such a
 *    signature and shows it); the key check refuses every such key (RR-s:
 *    every one; RR-m: those of P2 || P3, since RR-m's ph does not cover the
 *    vinegar-vinegar block P1, which no check can bind). Every ph bit and a
 *    spread of P's coefficient bits: malformed. The untouched key passes.
 *  - LR: a spread of P1 bits breaks the lines structure: malformed; RR-o
 *    and LR's P2 || P3: nothing to check (OK).
 *  - Every variant: a nonzero last byte is malformed.
 *  - The formats have no domain separation: a (pk, sig) pair verifies as
 *    RR-s iff it verifies as RR-m (the same equation over the same bytes),
 *    and likewise RR-o and LR. The key check tells RR-s and RR-m keys apart
 *    (their ph differ), and refuses an RR-o key as LR (no lines), but an LR
 *    key is a valid RR-o key.
 *  - Levels 3 and 5: fresh keys pass, a ph or P1 bit does not. */
#include <stdlib.h>

#include "check.h"
#include "pqsig.h"
#include "registry.h"

#define SIG_MAX 512

typedef struct {
    const pqsig_alg *opt, *ref;
    size_t v, o, n, pbytes, pklen;
    uint8_t *pk, *sk;
} set;

static int load(set *s, const char *name, const uint8_t seed[32], int with_ref)
{
    const pqsig_details *d;
    s->opt = pqsig_find_impl(name, "opt");
    s->ref = with_ref ? pqsig_find_impl(name, "ref") : NULL;
    if (s->opt == NULL || (with_ref && s->ref == NULL)) {
        printf("skip %s (needs opt%s)\n", name, with_ref ? " and ref" : "");
        return 0;
    }
    d = &s->opt->d;
    s->o = d->level == 1 ? 46 : d->level == 3 ? 72 : 96;
    s->n = d->signature_bytes - 32;
    s->v = s->n - s->o;
    s->pbytes = s->o * (s->n * (s->n + 1) / 2);
    s->pklen = d->public_key_bytes;
    s->pk = malloc(s->pklen);
    s->sk = malloc(d->secret_key_bytes);
    if (s->pk == NULL || s->sk == NULL) {
        exit(2);
    }
    CHECK(pqsig_keypair_derand(s->opt, s->pk, s->sk, seed) == PQSIG_OK, "%s: keypair", name);
    return 1;
}

static void unload(set *s)
{
    free(s->pk);
    free(s->sk);
}

/* Byte offset in pk of the coefficient vector of x_i x_j (any order). */
static size_t mono(const set *s, size_t i, size_t j)
{
    size_t a = i < j ? i : j, b = i < j ? j : i;
    return (a * (2 * s->n + 1 - a) / 2 + (b - a)) * s->o;
}

/* Where RR-m's ph starts: it hashes the last v o + o(o+1)/2 coefficient
 * vectors of P in the key's order (the official code hashes from pk +
 * o v(v+1)/2), not the vinegar-oil and oil-oil monomials as such: the key
 * is stored by monomial rows, so the first v(v+1)/2 monomials, which it
 * leaves out, are the rows x_0 .. (and part of a further row), P2's
 * vinegar-oil monomials of those rows included. */
static size_t p23(const set *s)
{
    return s->o * (s->v * (s->v + 1) / 2);
}

static void flip(uint8_t *p, size_t bit)
{
    p[bit / 8] ^= (uint8_t)(1u << (bit % 8));
}

static int check_pk(const pqsig_alg *a, const uint8_t *pk, size_t pklen)
{
    return pqsig_check_public_key(a, pk, pklen);
}

/* The verdicts of both implementations (ref may be absent): -1 if they
 * differ. */
static int verdict_check(const set *s)
{
    int r = check_pk(s->opt, s->pk, s->pklen);
    if (s->ref != NULL && check_pk(s->ref, s->pk, s->pklen) != r) {
        return -1;
    }
    return r;
}

static int verdict_verify(const set *s, const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                          int strict)
{
    int r = strict ? pqsig_verify_strict(s->opt, sig, siglen, m, mlen, s->pk, s->pklen)
                   : pqsig_verify(s->opt, sig, siglen, m, mlen, s->pk);
    if (s->ref != NULL) {
        int q = strict ? pqsig_verify_strict(s->ref, sig, siglen, m, mlen, s->pk, s->pklen)
                       : pqsig_verify(s->ref, sig, siglen, m, mlen, s->pk);
        if (q != r) {
            return -1;
        }
    }
    return r;
}

/* A signature of m with a zero entry in w (about 37% of them at level 1):
 * its index, or n if none was found. */
static size_t sign_with_zero(const set *s, uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen)
{
    uint8_t rnd[32] = {0};
    unsigned k;
    size_t i;
    for (k = 0; k < 256; k++) {
        rnd[0] = (uint8_t)k;
        rnd[1] = 0x5a;
        *siglen = SIG_MAX;
        if (pqsig_sign_derand(s->opt, sig, siglen, m, mlen, s->sk, rnd) != PQSIG_OK) {
            continue;
        }
        for (i = 0; i < s->n; i++) {
            if (sig[i] == 0) {
                return i;
            }
        }
    }
    return s->n;
}

/* RR-s (bind 1) and RR-m (bind 2). */
static void bound_set(const char *name, int bind)
{
    static const uint8_t seed[32] = {16, 2};
    static const uint8_t msg[] = "issue 16, finding 2";
    uint8_t sig[SIG_MAX];
    size_t siglen, z, j, bit, e, plain_ok = 0, unbound_ok = 0, n_unbound = 0, bad = 0;
    set s;
    if (!load(&s, name, seed, 1)) {
        return;
    }
    CHECK(verdict_check(&s) == PQSIG_OK, "%s: fresh key passes the check", name);

    /* Every ph bit. */
    for (bit = 0; bit < 8 * 64; bit++) {
        flip(s.pk + s.pbytes, bit);
        bad += verdict_check(&s) != PQSIG_ERR_MALFORMED_KEY;
        flip(s.pk + s.pbytes, bit);
    }
    CHECK(bad == 0, "%s: %zu of 512 ph bit flips not malformed", name, bad);

    /* A spread of coefficient bits over all of P (RR-s) or over the part
     * ph covers (RR-m). */
    bad = 0;
    {
        size_t from = bind == 1 ? 0 : p23(&s), count = 0;
        for (bit = 8 * from + 3; bit < 8 * s.pbytes; bit += 8 * (s.pbytes - from) / 200 + 1) {
            flip(s.pk, bit);
            bad += verdict_check(&s) != PQSIG_ERR_MALFORMED_KEY;
            flip(s.pk, bit);
            count++;
        }
        CHECK(count >= 200 && bad == 0, "%s: %zu of %zu coefficient bit flips not malformed", name, bad,
              count);
    }

    /* A signature with w_z = 0: the coefficients of x_z x_j are invisible
     * to it. Each of them changed: plain verification (opt and ref alike,
     * and the official code) still accepts; the strict one refuses, except
     * where RR-m's ph does not reach. */
    z = sign_with_zero(&s, sig, &siglen, msg, sizeof msg);
    CHECK(z < s.n, "%s: found a signature with a zero entry", name);
    if (z < s.n) {
        CHECK(verdict_verify(&s, sig, siglen, msg, sizeof msg, 1) == PQSIG_OK, "%s: strict, untouched", name);
        bad = 0;
        for (j = 0; j < s.n; j++) {
            int unbound = bind == 2 && mono(&s, z, j) < p23(&s);
            e = j % s.o;
            bit = 8 * (mono(&s, z, j) + e) + j % 8;
            flip(s.pk, bit);
            plain_ok += verdict_verify(&s, sig, siglen, msg, sizeof msg, 0) == PQSIG_OK;
            if (unbound) {
                n_unbound++;
                unbound_ok += verdict_verify(&s, sig, siglen, msg, sizeof msg, 1) == PQSIG_OK &&
                              verdict_check(&s) == PQSIG_OK;
            } else {
                bad += verdict_verify(&s, sig, siglen, msg, sizeof msg, 1) != PQSIG_ERR_MALFORMED_KEY;
                bad += verdict_check(&s) != PQSIG_ERR_MALFORMED_KEY;
            }
            flip(s.pk, bit);
        }
        CHECK(plain_ok == s.n, "%s: plain verification accepts %zu of %zu keys changed where w_%zu = 0", name,
              plain_ok, s.n, z);
        CHECK(bad == 0, "%s: strict verification / key check missed %zu changed keys", name, bad);
        CHECK(unbound_ok == n_unbound, "%s: changes RR-m's ph does not reach: %zu of %zu accepted", name,
              unbound_ok, n_unbound);
        printf("%s: w_%zu = 0: plain verify accepted %zu changed keys, strict refused %zu\n", name, z,
               plain_ok, s.n - unbound_ok);
    }

    /* The last byte. */
    s.pk[s.pklen - 1] ^= 1;
    CHECK(verdict_check(&s) == PQSIG_ERR_MALFORMED_KEY, "%s: last byte", name);
    s.pk[s.pklen - 1] ^= 1;
    CHECK(verdict_check(&s) == PQSIG_OK, "%s: restored key passes", name);
    CHECK(check_pk(s.opt, s.pk, s.pklen - 1) == PQSIG_ERR_BAD_LENGTH, "%s: short key", name);
    unload(&s);
}

/* RR-o (lines 0) and LR (lines 1): no ph. */
static void free_set(const char *name, int lines)
{
    static const uint8_t seed[32] = {16, 3};
    size_t bit, count = 0, bad = 0, p1 = 0;
    set s;
    if (!load(&s, name, seed, 1)) {
        return;
    }
    CHECK(verdict_check(&s) == PQSIG_OK, "%s: fresh key passes the check", name);
    for (bit = 5; bit < 8 * s.pbytes; bit += 8 * s.pbytes / 300 + 1) {
        size_t byte = bit / 8, row;
        int in_p1 = 0;
        /* P1: the monomials x_a x_b with b < v, rows a < v from x_a x_a on. */
        for (row = 0; row < s.v; row++) {
            if (byte >= mono(&s, row, row) && byte < mono(&s, row, s.v)) {
                in_p1 = 1;
            }
        }
        flip(s.pk, bit);
        if (lines && in_p1) {
            bad += verdict_check(&s) != PQSIG_ERR_MALFORMED_KEY;
            p1++;
        } else {
            bad += verdict_check(&s) != PQSIG_OK;
        }
        flip(s.pk, bit);
        count++;
    }
    CHECK(bad == 0 && (!lines || p1 >= 100), "%s: %zu of %zu coefficient flips (%zu in P1) misjudged", name,
          bad, count, p1);
    s.pk[s.pklen - 1] ^= 0x80;
    CHECK(verdict_check(&s) == PQSIG_ERR_MALFORMED_KEY, "%s: last byte", name);
    s.pk[s.pklen - 1] ^= 0x80;
    unload(&s);
}

/* The pairs (a, b) share the verification equation: a (pk, sig) made
 * under a verifies under b (both ways); the strict forms differ. */
static void cross(const char *a, const char *b, int a_key_ok_as_b, int b_key_ok_as_a)
{
    static const uint8_t seed[32] = {16, 4};
    static const uint8_t msg[] = "no domain separation";
    const char *names[2] = {a, b};
    const int strict_ok[2] = {a_key_ok_as_b, b_key_ok_as_a};
    unsigned k, t;
    for (k = 0; k < 2; k++) {
        set s;
        const pqsig_alg *other = pqsig_find_impl(names[1 - k], "opt");
        uint8_t sig[SIG_MAX], rnd[32] = {9};
        size_t siglen = sizeof sig;
        if (!load(&s, names[k], seed, 0) || other == NULL) {
            continue;
        }
        CHECK(other->d.public_key_bytes == s.pklen && other->d.signature_bytes == s.opt->d.signature_bytes,
              "%s / %s: same sizes", a, b);
        for (t = 0; t < 4; t++) {
            rnd[1] = (uint8_t)t;
            siglen = sizeof sig;
            CHECK(pqsig_sign_derand(s.opt, sig, &siglen, msg, sizeof msg, s.sk, rnd) == PQSIG_OK, "sign");
            CHECK(pqsig_verify(other, sig, siglen, msg, sizeof msg, s.pk) == PQSIG_OK,
                  "a %s signature verifies as %s", names[k], names[1 - k]);
            sig[t] ^= 1;
            CHECK(pqsig_verify(other, sig, siglen, msg, sizeof msg, s.pk) != PQSIG_OK &&
                      pqsig_verify(s.opt, sig, siglen, msg, sizeof msg, s.pk) != PQSIG_OK,
                  "an altered %s signature fails as both", names[k]);
            sig[t] ^= 1;
            CHECK(pqsig_verify_strict(other, sig, siglen, msg, sizeof msg, s.pk, s.pklen) ==
                      (strict_ok[k] ? PQSIG_OK : PQSIG_ERR_MALFORMED_KEY),
                  "a %s key under %s's strict verification", names[k], names[1 - k]);
        }
        unload(&s);
    }
}

/* Levels 3 and 5: the fresh key passes, one ph bit (bound variants) or one
 * P1 bit (LR) fails. opt only (ref key generation is slow there). */
static void upper_levels(void)
{
    static const char *const variants[] = {"MQRR-s", "MQRR-m", "MQRR-o", "MQLR"};
    static const char *const shapes[] = {"256_112_72", "256_148_96"};
    static const uint8_t seed[32] = {16, 5};
    unsigned vi, li;
    for (vi = 0; vi < 4; vi++) {
        for (li = 0; li < 2; li++) {
            char name[64];
            set s;
            snprintf(name, sizeof name, "%s-%s", variants[vi], shapes[li]);
            if (!load(&s, name, seed, 0)) {
                continue;
            }
            CHECK(check_pk(s.opt, s.pk, s.pklen) == PQSIG_OK, "%s: fresh key passes", name);
            if (vi < 2) {
                flip(s.pk + s.pbytes, 77);
            } else if (vi == 3) {
                flip(s.pk + mono(&s, 3, 40), 6);
            }
            CHECK(check_pk(s.opt, s.pk, s.pklen) == (vi == 2 ? PQSIG_OK : PQSIG_ERR_MALFORMED_KEY),
                  "%s: altered key", name);
            unload(&s);
        }
    }
}

int main(void)
{
    bound_set("MQRR-s-256_72_46", 1);
    bound_set("MQRR-m-256_72_46", 2);
    free_set("MQRR-o-256_72_46", 0);
    free_set("MQLR-256_72_46", 1);
    /* RR-s and RR-m keys differ in their ph; an RR-o key has no lines; an
     * LR key is an RR-o key. */
    cross("MQRR-s-256_72_46", "MQRR-m-256_72_46", 0, 0);
    cross("MQRR-o-256_72_46", "MQLR-256_72_46", 0, 1);
    upper_levels();
    return check_done("test_mqsign_strict");
}
