/* Stack use of every registered variant: each operation runs in a thread
 * whose stack we provide, painted with a pattern and guarded by an
 * inaccessible page below it (an overflow faults instead of corrupting
 * memory). After the operation the untouched pattern tells the depth used,
 * less what the thread's start-up alone uses (measured once).
 *
 *   pqsig-stack [--fast] [--limit-kib N] [--ref-limit-kib N] [--json] [NAME...]
 *
 * Fails when an operation fails or needs more than its limit (default:
 * 256 KiB; the ref oracle 1 MiB), or when a caller-scratch (_temp) form
 * needs more than 16 KiB or gives another signature than the plain form. */
#define _DEFAULT_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "registry.h"
#include "select.h"

#define PATTERN 0x5Bu

typedef struct {
    const pqsig_alg *a;
    int op; /* 0 keypair, 1 sign, 2 verify; with expanded keys also
             * 3 expand sk, 4 sign expanded, 5 expand pk, 6 verify expanded;
             * with _temp forms 7 keypair, 8 sign, 9 verify on scratch */
    uint8_t *pk, *sk, *sig, *esk, *epk, *tmp;
    size_t siglen, eskn, epkn, tmpn;
    int ret;
} job;

static void *run_op(void *arg)
{
    job *j = arg;
    static const uint8_t seed[128] = {1}, rnd[128] = {2}, msg[33] = {3};
    switch (j->op) {
    case -1: /* nothing: the thread's own start-up, subtracted from every figure */
        j->ret = PQSIG_OK;
        break;
    case 0:
        j->ret = pqsig_keypair_derand(j->a, j->pk, j->sk, seed);
        break;
    case 1:
        j->siglen = j->a->d.signature_bytes;
        j->ret = pqsig_sign_derand(j->a, j->sig, &j->siglen, msg, sizeof msg, j->sk, rnd);
        break;
    case 2:
        j->ret = pqsig_verify(j->a, j->sig, j->siglen, msg, sizeof msg, j->pk);
        break;
    case 3:
        j->ret = pqsig_expand_sk(j->a, j->esk, j->eskn, j->sk);
        break;
    case 4:
        j->siglen = j->a->d.signature_bytes;
        j->ret = pqsig_sign_expanded_derand(j->a, j->sig, &j->siglen, msg, sizeof msg, j->esk, rnd);
        break;
    case 5:
        j->ret = pqsig_expand_pk(j->a, j->epk, j->epkn, j->pk);
        break;
    case 6:
        j->ret = pqsig_verify_expanded(j->a, j->sig, j->siglen, msg, sizeof msg, j->epk);
        break;
    case 7:
        j->ret = pqsig_keypair_derand_temp(j->a, j->pk, j->sk, seed, j->tmp, j->tmpn);
        break;
    case 8:
        j->siglen = j->a->d.signature_bytes;
        j->ret = pqsig_sign_derand_temp(j->a, j->sig, &j->siglen, msg, sizeof msg, j->sk, rnd, j->tmp,
                                        j->tmpn);
        break;
    default:
        j->ret = pqsig_verify_temp(j->a, j->sig, j->siglen, msg, sizeof msg, j->pk, j->tmp, j->tmpn);
        break;
    }
    return NULL;
}

/* Runs the job on a painted stack of `limit` bytes; returns bytes used or -1. */
static long measure(job *j, size_t limit)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE), total = limit + page, i;
    uint8_t *mem = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    pthread_attr_t attr;
    pthread_t t;
    long used = -1;
    if (mem == MAP_FAILED) {
        return -1;
    }
    mprotect(mem, page, PROT_NONE); /* guard below the stack (it grows down) */
    memset(mem + page, PATTERN, limit);
    pthread_attr_init(&attr);
    if (pthread_attr_setstack(&attr, mem + page, limit) == 0 && pthread_create(&t, &attr, run_op, j) == 0) {
        pthread_join(t, NULL);
        for (i = 0; i < limit && mem[page + i] == PATTERN; i++) {
        }
        used = (long)(limit - i);
    }
    pthread_attr_destroy(&attr);
    munmap(mem, total);
    return used;
}

int main(int argc, char **argv)
{
    size_t limit = 256 * 1024, ref_limit = 1024 * 1024, k;
    int json = 0, fast = 0, i, nnames = 0, failed = 0, tested = 0;
    char **names = malloc((size_t)argc * sizeof(char *));
    static const char *ops[10] = {"keypair",       "sign",        "verify",     "expand sk",
                                  "sign expanded", "expand pk",   "verify expanded",
                                  "keypair temp",  "sign temp",   "verify temp"};
#if defined(__SANITIZE_ADDRESS__)
    /* AddressSanitizer puts redzones around every stack object: the 16 KiB
     * promise is about the code that ships, which the release build checks;
     * here only gross growth is caught. */
    const long temp_limit = 64 * 1024;
#else
    const long temp_limit = 16 * 1024;
#endif
    long base;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--limit-kib") == 0 && i + 1 < argc) {
            limit = 1024 * strtoul(argv[++i], NULL, 10);
        } else if (strcmp(argv[i], "--ref-limit-kib") == 0 && i + 1 < argc) {
            ref_limit = 1024 * strtoul(argv[++i], NULL, 10);
        } else if (strcmp(argv[i], "--json") == 0) {
            json = 1;
        } else if (strcmp(argv[i], "--fast") == 0) {
            fast = 1;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: pqsig-stack [--fast] [--limit-kib N] [--ref-limit-kib N] [--json] [NAME...]\n");
            return 2;
        } else {
            names[nnames++] = argv[i];
        }
    }
    {
        job idle;
        memset(&idle, 0, sizeof idle);
        idle.op = -1;
        base = measure(&idle, limit);
    }
    for (k = 0; k < pqsig_count(); k++) {
        const pqsig_alg *a = pqsig_at(k);
        size_t lim = strcmp(a->d.impl, "ref") == 0 ? ref_limit : limit, siglen0 = 0;
        uint8_t *sig0;
        int op;
        job j;
        if (!select_variant(a, fast, names, nnames)) {
            continue;
        }
        memset(&j, 0, sizeof j);
        j.a = a;
        j.pk = malloc(a->d.public_key_bytes);
        j.sk = malloc(a->d.secret_key_bytes);
        j.sig = malloc(a->d.signature_bytes);
        sig0 = malloc(a->d.signature_bytes);
        j.tmpn = pqsig_temp_bytes(a);
        j.tmp = malloc(j.tmpn + 1);
        j.eskn = pqsig_expanded_sk_bytes(a);
        j.epkn = pqsig_expanded_pk_bytes(a);
        if (posix_memalign((void **)&j.esk, PQSIG_EXPANDED_ALIGN, j.eskn) != 0 ||
            posix_memalign((void **)&j.epk, PQSIG_EXPANDED_ALIGN, j.epkn) != 0) {
            fprintf(stderr, "pqsig-stack: out of memory\n");
            return 2;
        }
        /* The expanded forms where the variant has its own (otherwise they
         * are the plain operations on a copy of the key). */
        for (op = 0; op < 10; op++) {
            long used;
            if ((op >= 3 && op < 7 && a->expand_sk == NULL) || (op >= 7 && j.tmpn == 0)) {
                continue;
            }
            j.op = op;
            used = measure(&j, lim);
            /* An operation may use less than the idle thread (ASan moves
             * frames to its fake stack): count 0, not "could not run". */
            used = used < 0 ? used : (used > base ? used - base : 0);
            if (json) {
                printf("{\"kind\":\"stack\",\"name\":\"%s\",\"impl\":\"%s\",\"op\":\"%s\",\"bytes\":%ld}\n",
                       a->d.name, a->d.impl, ops[op], used);
            }
            if (used < 0 || j.ret != PQSIG_OK) {
                fprintf(stderr, "FAIL %s %s %s: %s\n", a->d.name, a->d.impl, ops[op],
                        used < 0 ? "could not run" : pqsig_strerror(j.ret));
                failed++;
                break;
            }
            if (op >= 7 && used > temp_limit) {
                fprintf(stderr, "FAIL %s %s %s: %ld bytes of stack (limit %ld)\n", a->d.name, a->d.impl,
                        ops[op], used, temp_limit);
                failed++;
                break;
            }
            if (op == 1) {
                memcpy(sig0, j.sig, j.siglen); /* the plain form's, for op 8 */
                siglen0 = j.siglen;
            }
            if (op == 8 && (j.siglen != siglen0 || memcmp(sig0, j.sig, siglen0) != 0)) {
                fprintf(stderr, "FAIL %s %s: the _temp signature differs\n", a->d.name, a->d.impl);
                failed++;
                break;
            }
        }
        free(sig0);
        free(j.tmp);
        free(j.pk);
        free(j.sk);
        free(j.sig);
        free(j.esk);
        free(j.epk);
        tested++;
    }
    if (!json) {
        printf("pqsig-stack: %d variants within their stack limit, %d failed\n", tested - failed, failed);
    }
    free(names);
    return failed ? 1 : 0;
}
