/* MQ-Sign: hedged signing randomness (issue 16, finding 3).
 *
 * The official signing derives the salt from rnd alone and the vinegar from
 * the secret seed and the salt, so one rnd used for two messages gives two
 * signatures with the same vinegar: w1 - w2 = T (0, x1 - x2) lies in the
 * oil space, where the public map vanishes, P(w1 - w2) = 0 (about o such
 * pairs give the oil space). pqsig_sign draws rnd from the operating
 * system and passes it through the variant's hedge (src/mqsign/hash.c).
 *  (a) the hedge: different messages with the same fresh bytes give
 *      different rnd; the same message and fresh bytes the same rnd;
 *      another key or other fresh bytes another rnd; an expanded key's
 *      body the same as its key;
 *  (b) pqsig_sign and pqsig_sign_expanded signatures verify, and two of
 *      one message differ;
 *  (c) pqsig_sign_derand with a given rnd is the official signing (ref,
 *      which has no hedge, gives the same bytes; the KATs check it too);
 *  (d) the leak and its cure: with one repeated "OS draw" F, the unhedged
 *      signatures of two messages (rnd = F, what plain sign did before)
 *      share the salt and satisfy P(w1 - w2) = 0; the hedged ones (rnd =
 *      hedge(sk, F, m_i), what plain sign does now) do not. P is evaluated
 *      here from the public key, in the tower field the scheme uses, and
 *      checked first against the digest of a signature.
 * Every hedging variant (opt and the backends) at level 1, the hedge alone
 * at every level. */
#include <stdlib.h>

#include "check.h"
#include "common/fips202.h"
#include "pqsig.h"
#include "registry.h"

#define SIG_MAX 512

/* GF(256) as GF(((2^2)^2)^2): GF(4) = GF(2)[x]/(x^2 + x + 1), GF(16) =
 * GF(4)[y]/(y^2 + y + x), GF(256) = GF(16)[X]/(X^2 + X + xy); a byte is
 * hi X + lo by nibbles, a nibble hi y + lo by bit pairs, a pair hi x + lo. */
static unsigned gf4_mul(unsigned a, unsigned b)
{
    unsigned a1 = a >> 1, a0 = a & 1, b1 = b >> 1, b0 = b & 1;
    unsigned hh = a1 & b1;
    return ((hh ^ (a1 & b0) ^ (a0 & b1)) << 1) | ((a0 & b0) ^ hh);
}

static unsigned gf16_mul(unsigned a, unsigned b)
{
    unsigned a1 = a >> 2, a0 = a & 3, b1 = b >> 2, b0 = b & 3;
    unsigned hh = gf4_mul(a1, b1);
    return ((hh ^ gf4_mul(a1, b0) ^ gf4_mul(a0, b1)) << 2) | (gf4_mul(a0, b0) ^ gf4_mul(hh, 2));
}

static uint8_t gf256_mul(unsigned a, unsigned b)
{
    unsigned a1 = a >> 4, a0 = a & 15, b1 = b >> 4, b0 = b & 15;
    unsigned hh = gf16_mul(a1, b1);
    /* X^2 = X + xy, and xy is the nibble 8 (y-part x = 2, constant 0). */
    return (uint8_t)(((hh ^ gf16_mul(a1, b0) ^ gf16_mul(a0, b1)) << 4) | (gf16_mul(a0, b0) ^ gf16_mul(hh, 8)));
}

/* z = P(w): n variables, o equations, coefficient vectors of x_i x_j
 * (i <= j) row by row. */
static void pubmap(uint8_t *z, const uint8_t *pk, const uint8_t *w, size_t n, size_t o)
{
    size_t i, j, e;
    const uint8_t *p = pk;
    memset(z, 0, o);
    for (i = 0; i < n; i++) {
        for (j = i; j < n; j++, p += o) {
            uint8_t c = gf256_mul(w[i], w[j]);
            for (e = 0; e < o; e++) {
                z[e] ^= gf256_mul(c, p[e]);
            }
        }
    }
}

/* (a) at every level, every hedging implementation. */
static void hedge_alone(const pqsig_alg *a)
{
    const char *nm = a->d.name;
    uint8_t sk1[64] = {1}, sk2[64] = {2}, fresh[32] = {7}, r1[32], r2[32], r3[32];
    static const uint8_t m1[] = "message one", m2[] = "message two";
    uint8_t *esk, *raw;
    size_t esklen = pqsig_expanded_sk_bytes(a);
    uint8_t *sk;

    a->hedge(r1, sk1, 0, fresh, m1, sizeof m1);
    a->hedge(r2, sk1, 0, fresh, m2, sizeof m2);
    CHECK(memcmp(r1, r2, 32) != 0, "%s: two messages, one fresh draw: different rnd", nm);
    a->hedge(r3, sk1, 0, fresh, m1, sizeof m1);
    CHECK_MEM(r1, r3, 32, "%s: same message and fresh draw: same rnd", nm);
    a->hedge(r3, sk2, 0, fresh, m1, sizeof m1);
    CHECK(memcmp(r1, r3, 32) != 0, "%s: another key: different rnd", nm);
    fresh[31] ^= 1;
    a->hedge(r3, sk1, 0, fresh, m1, sizeof m1);
    CHECK(memcmp(r1, r3, 32) != 0, "%s: other fresh bytes: different rnd", nm);
    fresh[31] ^= 1;
    a->hedge(r3, sk1, 0, fresh, m1, sizeof m1 - 1);
    CHECK(memcmp(r1, r3, 32) != 0, "%s: a shorter message: different rnd", nm);
    a->hedge(r3, sk1, 0, fresh, NULL, 0);
    CHECK(memcmp(r1, r3, 32) != 0, "%s: the empty message: different rnd", nm);
    CHECK(memcmp(r1, fresh, 32) != 0, "%s: rnd is not the fresh draw", nm);

    /* An expanded key's body (a copy of the secret key for MQ-Sign) gives
     * the same rnd as the key. */
    sk = calloc(1, a->d.secret_key_bytes);
    esk = check_aligned_alloc(esklen, PQSIG_EXPANDED_ALIGN, &raw);
    if (sk == NULL) {
        exit(2);
    }
    memcpy(sk, sk1, sizeof sk1);
    CHECK(pqsig_expand_sk(a, esk, esklen, sk) == PQSIG_OK, "%s: expand_sk", nm);
    a->hedge(r3, esk + (esklen - a->d.secret_key_bytes), 1, fresh, m1, sizeof m1);
    CHECK_MEM(r1, r3, 32, "%s: expanded key: same rnd", nm);
    free(raw);
    free(sk);
}

/* (b), (c), (d) at level 1. */
static void signing(const pqsig_alg *a)
{
    const char *nm = a->d.name;
    const pqsig_details *d = &a->d;
    static const uint8_t m1[] = "transfer 10 to Alice", m2[] = "transfer 10 to Bob";
    static const uint8_t seed[32] = {16, 3, 1};
    const pqsig_alg *ref = pqsig_find_impl(nm, "ref");
    size_t n = d->signature_bytes - 32, o = d->level == 1 ? 46 : d->level == 3 ? 72 : 96;
    size_t l1, l2, i;
    uint8_t *pk = malloc(d->public_key_bytes), *sk = malloc(d->secret_key_bytes);
    uint8_t s1[SIG_MAX], s2[SIG_MAX], fresh[32], rnd1[32], rnd2[32], dw[SIG_MAX], z[128], y[64];
    uint8_t *esk, *raw;
    size_t esklen = pqsig_expanded_sk_bytes(a);
    unsigned t;
    if (pk == NULL || sk == NULL) {
        exit(2);
    }
    CHECK(pqsig_keypair_derand(a, pk, sk, seed) == PQSIG_OK, "%s: keypair", nm);

    /* (b) */
    esk = check_aligned_alloc(esklen, PQSIG_EXPANDED_ALIGN, &raw);
    CHECK(pqsig_expand_sk(a, esk, esklen, sk) == PQSIG_OK, "%s: expand_sk", nm);
    for (t = 0; t < 3; t++) {
        l1 = l2 = SIG_MAX;
        CHECK(pqsig_sign(a, s1, &l1, m1, sizeof m1 - t, sk) == PQSIG_OK, "%s: sign", nm);
        CHECK(pqsig_verify(a, s1, l1, m1, sizeof m1 - t, pk) == PQSIG_OK, "%s: a plain signature verifies", nm);
        CHECK(pqsig_sign(a, s2, &l2, m1, sizeof m1 - t, sk) == PQSIG_OK, "%s: sign", nm);
        CHECK(l1 == l2 && memcmp(s1, s2, l1) != 0, "%s: two signatures of one message differ", nm);
        l2 = SIG_MAX;
        CHECK(pqsig_sign_expanded(a, s2, &l2, m1, sizeof m1 - t, esk) == PQSIG_OK, "%s: sign_expanded", nm);
        CHECK(pqsig_verify(a, s2, l2, m1, sizeof m1 - t, pk) == PQSIG_OK, "%s: an expanded signature verifies",
              nm);
    }
    free(raw);

    /* (c) */
    memset(rnd1, 0x33, sizeof rnd1);
    l1 = l2 = SIG_MAX;
    CHECK(pqsig_sign_derand(a, s1, &l1, m1, sizeof m1, sk, rnd1) == PQSIG_OK, "%s: sign_derand", nm);
    if (ref != NULL) {
        CHECK(pqsig_sign_derand(ref, s2, &l2, m1, sizeof m1, sk, rnd1) == PQSIG_OK &&
                  l1 == l2 && memcmp(s1, s2, l1) == 0,
              "%s: sign_derand is the official signing (= ref)", nm);
    }
    {
        /* The salt is SHAKE256(rnd), unchanged. */
        uint8_t salt[32];
        pqsig_shake256(salt, sizeof salt, rnd1, sizeof rnd1);
        CHECK_MEM(s1 + n, salt, 32, "%s: salt = SHAKE256(rnd)", nm);
    }

    /* (d) Check the evaluation of P first: P(w) is the digest
     * H(M || salt [|| ph]) (o <= 64 at level 1: one block). */
    if (o <= 64) {
        pqsig_shake_ctx h;
        size_t ph = d->public_key_bytes - 1 - o * (n * (n + 1) / 2);
        pqsig_shake256_init(&h);
        pqsig_shake_absorb(&h, m1, sizeof m1);
        pqsig_shake_absorb(&h, s1 + n, 32);
        pqsig_shake_absorb(&h, pk + o * (n * (n + 1) / 2), ph);
        pqsig_shake_squeeze(&h, y, sizeof y);
        pqsig_shake_release(&h);
        pubmap(z, pk, s1, n, o);
        CHECK_MEM(z, y, o, "%s: P(w) = H(M || salt || ph) (the test's field and map)", nm);
    }
    memset(fresh, 0xa5, sizeof fresh); /* the draw that repeats */
    /* Before: rnd = the draw. Same salt, same vinegar: P(w1 - w2) = 0. */
    l1 = l2 = SIG_MAX;
    CHECK(pqsig_sign_derand(a, s1, &l1, m1, sizeof m1, sk, fresh) == PQSIG_OK, "%s: sign", nm);
    CHECK(pqsig_sign_derand(a, s2, &l2, m2, sizeof m2, sk, fresh) == PQSIG_OK, "%s: sign", nm);
    for (i = 0; i < n; i++) {
        dw[i] = (uint8_t)(s1[i] ^ s2[i]);
    }
    pubmap(z, pk, dw, n, o);
    CHECK(memcmp(s1 + n, s2 + n, 32) == 0 && !check_all_zero(dw, n) && check_all_zero(z, o),
          "%s: unhedged, one draw for two messages: same salt, w1 - w2 in the oil space", nm);
    /* Now: rnd = hedge(sk, draw, m). */
    a->hedge(rnd1, sk, 0, fresh, m1, sizeof m1);
    a->hedge(rnd2, sk, 0, fresh, m2, sizeof m2);
    l1 = l2 = SIG_MAX;
    CHECK(pqsig_sign_derand(a, s1, &l1, m1, sizeof m1, sk, rnd1) == PQSIG_OK, "%s: sign", nm);
    CHECK(pqsig_sign_derand(a, s2, &l2, m2, sizeof m2, sk, rnd2) == PQSIG_OK, "%s: sign", nm);
    CHECK(pqsig_verify(a, s1, l1, m1, sizeof m1, pk) == PQSIG_OK &&
              pqsig_verify(a, s2, l2, m2, sizeof m2, pk) == PQSIG_OK,
          "%s: hedged signatures verify", nm);
    for (i = 0; i < n; i++) {
        dw[i] = (uint8_t)(s1[i] ^ s2[i]);
    }
    pubmap(z, pk, dw, n, o);
    CHECK(memcmp(s1 + n, s2 + n, 32) != 0 && !check_all_zero(z, o),
          "%s: hedged, one draw for two messages: different salts, w1 - w2 not in the oil space", nm);
    /* The same message under the repeated draw: the same signature. */
    a->hedge(rnd2, sk, 0, fresh, m1, sizeof m1);
    l2 = SIG_MAX;
    CHECK(pqsig_sign_derand(a, s2, &l2, m1, sizeof m1, sk, rnd2) == PQSIG_OK && memcmp(s1, s2, l1) == 0,
          "%s: hedged, one draw, one message: the same signature", nm);
    free(pk);
    free(sk);
}

int main(void)
{
    size_t k, hedged = 0;
    for (k = 0; k < pqsig_count(); k++) {
        const pqsig_alg *a = pqsig_at(k);
        if (strcmp(a->d.scheme, "mqsign") != 0) {
            continue;
        }
        if (strcmp(a->d.impl, "ref") == 0 || !pqsig_runs_here(a)) {
            /* The oracle signs as the official code does (not constant
             * time, never chosen by default); a backend this CPU lacks
             * cannot run. */
            continue;
        }
        CHECK(a->hedge != NULL, "%s (%s): hedges its signing randomness", a->d.name, a->d.impl);
        if (a->hedge == NULL) {
            continue;
        }
        hedged++;
        hedge_alone(a);
        if (a->d.level == 1) {
            signing(a);
        }
    }
    CHECK(hedged >= 12, "every MQ-Sign set hedges (%zu)", hedged);
    return check_done("test_mqsign_hedge");
}
