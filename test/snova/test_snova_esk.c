/* SNOVA round 2, expanded secret keys (ESK; issue 16, finding 6): a key
 * whose stored matrices are not the ones its seeds give is refused, alike
 * by every implementation. The official code would sign with the stored
 * matrices and our optimised code signs from the seeds, so such a key would
 * otherwise sign differently in each.
 *
 * For each ESK set, at the lowest level of the build in fast mode (level 1
 * in the full build; every set with --all), and
 * each of its implementations: a key made with keypair_derand signs and
 * verifies; then one bit is flipped in each stored part (A, B, Q1, Q2,
 * T12, F11, F12, F21: the first and the last element of the expanded part,
 * and points between) and in a seed, and pqsig_sign_derand,
 * pqsig_sign_derand_temp and pqsig_expand_sk (or, where the expansion is
 * the generic copy, signing with it) must return PQSIG_ERR_MALFORMED_KEY, with the signature buffer zeroised and *siglen
 * 0. The unaltered key then signs the same signature as before. */
#include <stdlib.h>

#include "check.h"
#include "pqsig.h"
#include "registry.h"

#define SIG_MAX 4096

static int is_esk(const pqsig_alg *a)
{
    return strcmp(a->d.scheme, "snova") == 0 && strstr(a->d.name, "_ESK") != NULL;
}

static void one(const pqsig_alg *a)
{
    const size_t skn = a->d.secret_key_bytes, expanded = skn - 48; /* the seeds end the key */
    uint8_t *pk = malloc(a->d.public_key_bytes), *sk = malloc(skn), *sig = malloc(SIG_MAX);
    uint8_t *sig0 = malloc(SIG_MAX), *rawesk = NULL, *esk = NULL, *tmp = NULL;
    size_t tmpn = pqsig_temp_bytes(a), eskn = pqsig_expanded_sk_bytes(a), siglen, siglen0 = SIG_MAX, k;
    static const uint8_t seed[128] = {42}, rnd[128] = {7}, msg[5] = {'h', 'e', 'l', 'l', 'o'};
    /* byte positions in the expanded part (two elements a byte: low nibbles
     * first): both halves and a spread between; then one in each seed */
    const size_t at[] = {0, expanded / 7, expanded / 3, expanded / 2 - 1, expanded / 2, (2 * expanded) / 3,
                         expanded - 1, expanded, skn - 1};
    if (pk == NULL || sk == NULL || sig == NULL || sig0 == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    if (tmpn != 0) {
        tmp = malloc(tmpn);
    }
    if (eskn != 0) {
        esk = check_aligned_alloc(eskn, PQSIG_EXPANDED_ALIGN, &rawesk);
    }
    CHECK(pqsig_keypair_derand(a, pk, sk, seed) == PQSIG_OK, "%s %s: keypair", a->d.name, a->d.impl);
    CHECK(pqsig_sign_derand(a, sig0, &siglen0, msg, sizeof msg, sk, rnd) == PQSIG_OK &&
              pqsig_verify(a, sig0, siglen0, msg, sizeof msg, pk) == PQSIG_OK,
          "%s %s: the key made signs", a->d.name, a->d.impl);
    for (k = 0; k < sizeof at / sizeof at[0]; k++) {
        const uint8_t bit = (uint8_t)(1u << (k % 8));
        int r;
        sk[at[k]] ^= bit;
        memset(sig, 0xA5, SIG_MAX);
        siglen = SIG_MAX;
        r = pqsig_sign_derand(a, sig, &siglen, msg, sizeof msg, sk, rnd);
        CHECK(r == PQSIG_ERR_MALFORMED_KEY && siglen == 0 && check_all_zero(sig, a->d.signature_bytes),
              "%s %s: byte %zu bit %u of the secret key altered: sign returns %d", a->d.name, a->d.impl, at[k],
              (unsigned)bit, r);
        if (tmp != NULL) {
            siglen = SIG_MAX;
            r = pqsig_sign_derand_temp(a, sig, &siglen, msg, sizeof msg, sk, rnd, tmp, tmpn);
            CHECK(r == PQSIG_ERR_MALFORMED_KEY, "%s %s: byte %zu altered: sign_temp returns %d", a->d.name,
                  a->d.impl, at[k], r);
        }
        if (esk != NULL) {
            /* A native expansion refuses the key; the generic one (ref)
             * keeps the key's bytes, and signing with them refuses it. */
            r = pqsig_expand_sk(a, esk, eskn, sk);
            if (r == PQSIG_OK && a->expand_sk == NULL) {
                siglen = SIG_MAX;
                r = pqsig_sign_expanded_derand(a, sig, &siglen, msg, sizeof msg, esk, rnd);
            }
            CHECK(r == PQSIG_ERR_MALFORMED_KEY, "%s %s: byte %zu altered: expand_sk or sign_expanded returns %d",
                  a->d.name, a->d.impl, at[k], r);
        }
        sk[at[k]] ^= bit;
    }
    siglen = SIG_MAX;
    CHECK(pqsig_sign_derand(a, sig, &siglen, msg, sizeof msg, sk, rnd) == PQSIG_OK && siglen == siglen0 &&
              memcmp(sig, sig0, siglen) == 0,
          "%s %s: the restored key signs as before", a->d.name, a->d.impl);
    pqsig_wipe(sk, skn);
    free(pk);
    free(sk);
    free(sig);
    free(sig0);
    free(tmp);
    free(rawesk);
}

int main(int argc, char **argv)
{
    int all = argc > 1 && strcmp(argv[1], "--all") == 0;
    int lowest = 0; /* the fast slice: the lowest level of the build's ESK sets */
    size_t i;
    for (i = 0; i < pqsig_count(); i++) {
        const pqsig_alg *a = pqsig_at(i);
        if (is_esk(a) && pqsig_runs_here(a) && (lowest == 0 || a->d.level < lowest)) {
            lowest = a->d.level;
        }
    }
    for (i = 0; i < pqsig_count(); i++) {
        const pqsig_alg *a = pqsig_at(i);
        if (is_esk(a) && (all || a->d.level == lowest) && pqsig_runs_here(a)) {
            one(a);
        }
    }
    return check_done("test_snova_esk");
}
