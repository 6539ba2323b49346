/* A 64 MiB message signed and verified (MQ-Sign), each operation on a
 * thread stack of the framework's limit: 256 KiB for opt, 1 MiB for ref.
 * The message is hashed as a stream, so nothing depends on its length but
 * the time; ref and opt must also give the same signature. */
#define _DEFAULT_SOURCE
#include <pthread.h>
#include <stdlib.h>

#include "check.h"
#include "common/fips202.h"
#include "pqsig.h"
#include "registry.h"

#define MSG_BYTES ((size_t)64 << 20)

typedef struct {
    const pqsig_alg *a;
    int op; /* 0 keypair, 1 sign, 2 verify */
    uint8_t *pk, *sk, *sig, *msg;
    size_t siglen;
    int ret;
} job;

static void *run(void *arg)
{
    job *j = arg;
    static const uint8_t seed[32] = {7}, rnd[32] = {9};
    if (j->op == 0) {
        j->ret = pqsig_keypair_derand(j->a, j->pk, j->sk, seed);
    } else if (j->op == 1) {
        j->siglen = j->a->d.signature_bytes;
        j->ret = pqsig_sign_derand(j->a, j->sig, &j->siglen, j->msg, MSG_BYTES, j->sk, rnd);
    } else {
        j->ret = pqsig_verify(j->a, j->sig, j->siglen, j->msg, MSG_BYTES, j->pk);
    }
    return NULL;
}

static int on_stack(job *j, size_t stack)
{
    pthread_attr_t attr;
    pthread_t t;
    int ok;
    pthread_attr_init(&attr);
    ok = pthread_attr_setstacksize(&attr, stack) == 0 && pthread_create(&t, &attr, run, j) == 0;
    if (ok) {
        pthread_join(t, NULL);
    }
    pthread_attr_destroy(&attr);
    return ok;
}

int main(void)
{
    static const char *names[] = {"MQRR-s-256_72_46", "MQRR-m-256_72_46", "MQRR-o-256_72_46", "MQLR-256_72_46"};
    static const char *impls[] = {"opt", "ref"};
    uint8_t *msg = malloc(MSG_BYTES), first_sig[512];
    size_t n, k;
    if (msg == NULL) {
        fprintf(stderr, "no memory for the message\n");
        return 1;
    }
    pqsig_shake256(msg, MSG_BYTES, (const uint8_t *)"long message", 12);
    for (n = 0; n < sizeof names / sizeof names[0]; n++) {
        for (k = 0; k < 2; k++) {
            const pqsig_alg *a = pqsig_find_impl(names[n], impls[k]);
            job j;
            size_t stack = k == 0 ? 256 * 1024 : 1024 * 1024;
            if (a == NULL) {
                continue;
            }
            j.a = a;
            j.msg = msg;
            j.pk = malloc(a->d.public_key_bytes);
            j.sk = malloc(a->d.secret_key_bytes);
            j.sig = malloc(a->d.signature_bytes);
            j.op = 0;
            CHECK(on_stack(&j, stack) && j.ret == PQSIG_OK, "%s %s: keypair", names[n], impls[k]);
            j.op = 1;
            CHECK(on_stack(&j, stack) && j.ret == PQSIG_OK, "%s %s: sign 64 MiB", names[n], impls[k]);
            if (k == 0) {
                memcpy(first_sig, j.sig, j.siglen);
            } else {
                CHECK_MEM(first_sig, j.sig, j.siglen, "%s: ref signature = opt signature", names[n]);
            }
            j.op = 2;
            CHECK(on_stack(&j, stack) && j.ret == PQSIG_OK, "%s %s: verify 64 MiB", names[n], impls[k]);
            msg[MSG_BYTES - 1] ^= 0x80;
            CHECK(on_stack(&j, stack) && j.ret != PQSIG_OK, "%s %s: last byte changed", names[n], impls[k]);
            msg[MSG_BYTES - 1] ^= 0x80;
            msg[0] ^= 1;
            CHECK(on_stack(&j, stack) && j.ret != PQSIG_OK, "%s %s: first byte changed", names[n], impls[k]);
            msg[0] ^= 1;
            free(j.pk);
            free(j.sk);
            free(j.sig);
            /* ref only for the first set: it hashes the same way. */
            if (n > 0) {
                break;
            }
        }
    }
    free(msg);
    return check_done("test_mqsign_longmsg");
}
