/* Threads: 8 threads at once run, for one algorithm per scheme (its opt
 * implementation and the one pqsig_find picks), every form of the API:
 * plain (keypair, sign, verify), derandomised, expanded keys and caller
 * scratch (_temp). Every derandomised result must equal the answer the main
 * thread computed before the threads started, and every signature made with
 * fresh randomness must verify. The library keeps no mutable state, so
 * nothing may differ from the single-threaded answer.
 * Arguments: [--rounds N] [NAME...] (default: 2 rounds, the names below). */
#include <pthread.h>

#include "check.h"
#include "pqsig.h"

#define NTHREADS 8
#define NMSG 3
#define MAX_ALGS 16

static const char *default_names[] = {"SNOVA_24_5_16_4", "MQRR-s-256_72_46", "NCC-Sign-1", "Falcon-512"};
static const char *const default_schemes[] = {"snova", "mqsign", "nccsign", "falcon"};

/* In a build narrowed to other sets (PQSIG_SETS), a default name stands for
 * the first set of its scheme that has an opt implementation; a scheme not
 * built at all keeps its default name (reported skipped). */
static const char *in_this_build(const char *name, const char *scheme)
{
    size_t i;
    if (pqsig_find_impl(name, "opt") != NULL) {
        return name;
    }
    for (i = 0; i < pqsig_count(); i++) {
        const pqsig_details *d = pqsig_get_details(pqsig_at(i));
        if (strcmp(d->scheme, scheme) == 0 && strcmp(d->impl, "opt") == 0) {
            return d->name;
        }
    }
    return name;
}

/* What the main thread computed for one name (with its first implementation). */
typedef struct {
    const char *name;
    const pqsig_alg *impl[2]; /* opt and pqsig_find's choice (one if they are the same) */
    size_t nimpl;
    uint8_t seed[128];
    uint8_t *pk, *sk;
    uint8_t rnd[NMSG][128];
    uint8_t msg[NMSG][100];
    size_t mlen[NMSG];
    uint8_t *sig[NMSG];
    size_t siglen[NMSG];
} answer;

static answer answers[MAX_ALGS];
static size_t nanswers;
static unsigned rounds = 2;

typedef struct {
    unsigned id;
    unsigned long checks, failures;
} worker;

#define TCHECK(w, cond, ...)                                                                       \
    do {                                                                                           \
        (w)->checks++;                                                                             \
        if (!(cond)) {                                                                             \
            (w)->failures++;                                                                       \
            fprintf(stderr, "FAIL thread %u: ", (w)->id);                                          \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
        }                                                                                          \
    } while (0)

static void *xmalloc(size_t n)
{
    void *p = malloc(n != 0 ? n : 1);
    if (p == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

static int prepare(answer *an)
{
    const pqsig_alg *a = an->impl[0];
    const pqsig_details *d = pqsig_get_details(a);
    size_t i, j;
    an->pk = xmalloc(d->public_key_bytes);
    an->sk = xmalloc(d->secret_key_bytes);
    for (i = 0; i < sizeof an->seed; i++) {
        an->seed[i] = (uint8_t)(i * 29 + 7);
    }
    if (pqsig_keypair_derand(a, an->pk, an->sk, an->seed) != PQSIG_OK) {
        return -1;
    }
    for (j = 0; j < NMSG; j++) {
        an->mlen[j] = j * 41;
        for (i = 0; i < sizeof an->rnd[j]; i++) {
            an->rnd[j][i] = (uint8_t)(i * 3 + j * 101);
        }
        for (i = 0; i < sizeof an->msg[j]; i++) {
            an->msg[j][i] = (uint8_t)(i ^ (j * 17));
        }
        an->sig[j] = xmalloc(d->signature_bytes);
        an->siglen[j] = d->signature_bytes;
        if (pqsig_sign_derand(a, an->sig[j], &an->siglen[j], an->msg[j], an->mlen[j], an->sk,
                              an->rnd[j]) != PQSIG_OK) {
            return -1;
        }
    }
    return 0;
}

static int same(const uint8_t *x, size_t xl, const uint8_t *y, size_t yl)
{
    return xl == yl && memcmp(x, y, xl) == 0;
}

static void exercise(worker *w, const answer *an, const pqsig_alg *a)
{
    const pqsig_details *d = pqsig_get_details(a);
    const char *n = d->name, *im = d->impl;
    size_t pkn = d->public_key_bytes, skn = d->secret_key_bytes, cap = d->signature_bytes;
    size_t eskn = pqsig_expanded_sk_bytes(a), epkn = pqsig_expanded_pk_bytes(a);
    size_t tmpn = pqsig_temp_bytes(a), len, j;
    uint8_t *pk = xmalloc(pkn), *sk = xmalloc(skn), *sig = xmalloc(cap), *tmp = xmalloc(tmpn);
    uint8_t *eskraw, *epkraw;
    uint8_t *esk = check_aligned_alloc(eskn, PQSIG_EXPANDED_ALIGN, &eskraw);
    uint8_t *epk = check_aligned_alloc(epkn, PQSIG_EXPANDED_ALIGN, &epkraw);

    /* Derandomised key generation, plain and on caller scratch. */
    TCHECK(w, pqsig_keypair_derand(a, pk, sk, an->seed) == PQSIG_OK && same(pk, pkn, an->pk, pkn) &&
                  same(sk, skn, an->sk, skn),
           "%s [%s]: keypair_derand", n, im);
    memset(pk, 0, pkn);
    TCHECK(w, pqsig_keypair_derand_temp(a, pk, sk, an->seed, tmp, tmpn) == PQSIG_OK &&
                  same(pk, pkn, an->pk, pkn) && same(sk, skn, an->sk, skn),
           "%s [%s]: keypair_derand_temp", n, im);
    TCHECK(w, pqsig_expand_sk(a, esk, eskn, an->sk) == PQSIG_OK, "%s [%s]: expand_sk", n, im);
    TCHECK(w, pqsig_expand_pk(a, epk, epkn, an->pk) == PQSIG_OK, "%s [%s]: expand_pk", n, im);
    for (j = 0; j < NMSG; j++) {
        const uint8_t *m = an->msg[j];
        size_t ml = an->mlen[j];
        len = cap;
        TCHECK(w, pqsig_sign_derand(a, sig, &len, m, ml, an->sk, an->rnd[j]) == PQSIG_OK &&
                      same(sig, len, an->sig[j], an->siglen[j]),
               "%s [%s]: sign_derand, message %zu", n, im, j);
        len = cap;
        TCHECK(w, pqsig_sign_derand_temp(a, sig, &len, m, ml, an->sk, an->rnd[j], tmp, tmpn) == PQSIG_OK &&
                      same(sig, len, an->sig[j], an->siglen[j]),
               "%s [%s]: sign_derand_temp, message %zu", n, im, j);
        len = cap;
        TCHECK(w, pqsig_sign_expanded_derand(a, sig, &len, m, ml, esk, an->rnd[j]) == PQSIG_OK &&
                      same(sig, len, an->sig[j], an->siglen[j]),
               "%s [%s]: sign_expanded_derand, message %zu", n, im, j);
        TCHECK(w, pqsig_verify(a, an->sig[j], an->siglen[j], m, ml, an->pk) == PQSIG_OK &&
                      pqsig_verify_temp(a, an->sig[j], an->siglen[j], m, ml, an->pk, tmp, tmpn) == PQSIG_OK &&
                      pqsig_verify_expanded(a, an->sig[j], an->siglen[j], m, ml, epk) == PQSIG_OK,
               "%s [%s]: verify (plain, _temp, expanded), message %zu", n, im, j);
        memcpy(sig, an->sig[j], an->siglen[j]);
        sig[(j * 97 + w->id) % an->siglen[j]] ^= 0x10;
        TCHECK(w, pqsig_verify(a, sig, an->siglen[j], m, ml, an->pk) != PQSIG_OK &&
                      pqsig_verify_expanded(a, sig, an->siglen[j], m, ml, epk) != PQSIG_OK,
               "%s [%s]: altered signature refused, message %zu", n, im, j);
    }
    /* Fresh randomness: the plain forms, expanded and _temp signing. */
    len = cap;
    TCHECK(w, pqsig_sign(a, sig, &len, an->msg[1], an->mlen[1], an->sk) == PQSIG_OK &&
                  pqsig_verify(a, sig, len, an->msg[1], an->mlen[1], an->pk) == PQSIG_OK,
           "%s [%s]: sign, verify", n, im);
    len = cap;
    TCHECK(w, pqsig_sign_expanded(a, sig, &len, an->msg[2], an->mlen[2], esk) == PQSIG_OK &&
                  pqsig_verify_expanded(a, sig, len, an->msg[2], an->mlen[2], epk) == PQSIG_OK,
           "%s [%s]: sign_expanded, verify_expanded", n, im);
    len = cap;
    TCHECK(w, pqsig_sign_temp(a, sig, &len, an->msg[0], an->mlen[0], an->sk, tmp, tmpn) == PQSIG_OK &&
                  pqsig_verify(a, sig, len, an->msg[0], an->mlen[0], an->pk) == PQSIG_OK,
           "%s [%s]: sign_temp, verify", n, im);
    TCHECK(w, pqsig_keypair(a, pk, sk) == PQSIG_OK, "%s [%s]: keypair", n, im);
    len = cap;
    TCHECK(w, pqsig_sign(a, sig, &len, an->msg[2], an->mlen[2], sk) == PQSIG_OK &&
                  pqsig_verify(a, sig, len, an->msg[2], an->mlen[2], pk) == PQSIG_OK &&
                  pqsig_verify(a, sig, len, an->msg[2], an->mlen[2], an->pk) != PQSIG_OK,
           "%s [%s]: fresh key pair signs, and only its own key verifies", n, im);
    TCHECK(w, pqsig_keypair_temp(a, pk, sk, tmp, tmpn) == PQSIG_OK && !same(pk, pkn, an->pk, pkn),
           "%s [%s]: keypair_temp", n, im);
    pqsig_wipe(esk, eskn);
    free(eskraw);
    free(epkraw);
    free(pk);
    free(sk);
    free(sig);
    free(tmp);
}

static void *run(void *arg)
{
    worker *w = arg;
    unsigned r;
    size_t i, k;
    for (r = 0; r < rounds; r++) {
        /* Each thread starts at another algorithm, so that all run at once. */
        for (i = 0; i < nanswers; i++) {
            const answer *an = &answers[(i + w->id) % nanswers];
            for (k = 0; k < an->nimpl; k++) {
                exercise(w, an, an->impl[k]);
            }
        }
    }
    return NULL;
}

int main(int argc, char **argv)
{
    const char **names = default_names;
    size_t nnames = sizeof default_names / sizeof default_names[0], i, j;
    pthread_t tid[NTHREADS];
    worker w[NTHREADS];
    unsigned long checks = 0, failures = 0;
    int argi = 1;

    if (argc > 2 && strcmp(argv[1], "--rounds") == 0) {
        rounds = (unsigned)strtoul(argv[2], NULL, 10);
        argi = 3;
    }
    if (argi < argc) {
        names = (const char **)(argv + argi);
        nnames = (size_t)(argc - argi);
    } else {
        for (i = 0; i < nnames; i++) {
            default_names[i] = in_this_build(default_names[i], default_schemes[i]);
        }
    }
    for (i = 0; i < nnames && nanswers < MAX_ALGS; i++) {
        answer *an = &answers[nanswers];
        const pqsig_alg *opt = pqsig_find_impl(names[i], "opt"), *best = pqsig_find(names[i]);
        an->name = names[i];
        an->nimpl = 0;
        if (opt != NULL) {
            an->impl[an->nimpl++] = opt;
        }
        if (best != NULL && best != opt) {
            an->impl[an->nimpl++] = best;
        }
        if (an->nimpl == 0) {
            printf("test_threads: %s not in this build, skipped\n", names[i]);
            continue;
        }
        if (prepare(an) != 0) {
            fprintf(stderr, "FAIL: %s: the single-threaded answer\n", names[i]);
            return 1;
        }
        nanswers++;
    }
    for (i = 0; i < NTHREADS; i++) {
        w[i].id = (unsigned)i;
        w[i].checks = w[i].failures = 0;
        if (pthread_create(&tid[i], NULL, run, &w[i]) != 0) {
            fprintf(stderr, "FAIL: pthread_create\n");
            return 1;
        }
    }
    for (i = 0; i < NTHREADS; i++) {
        pthread_join(tid[i], NULL);
        checks += w[i].checks;
        failures += w[i].failures;
    }
    for (i = 0; i < nanswers; i++) {
        free(answers[i].pk);
        free(answers[i].sk);
        for (j = 0; j < NMSG; j++) {
            free(answers[i].sig[j]);
        }
    }
    printf("test_threads: %zu algorithms, %d threads, %u rounds: %lu passed, %lu failed\n", nanswers,
           NTHREADS, rounds, checks - failures, failures);
    return failures == 0 && checks > 0 ? 0 : 1;
}
