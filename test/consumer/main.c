/* A user's first program against an installed pqsig: the generic API of
 * <pqsig.h> only. Looks up SNOVA_24_5_16_4, makes a key pair, signs a
 * message, verifies it, and checks that a signature with one byte flipped
 * is refused. Prints "ok" and exits 0, or says what failed and exits 1. */
#include <pqsig.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(const char *what, int err) {
    fprintf(stderr, "FAILED: %s (%d: %s)\n", what, err, pqsig_strerror(err));
    return 1;
}

int main(void) {
    static const char name[] = "SNOVA_24_5_16_4";
    static const uint8_t msg[] = "a message to sign";
    const pqsig_alg *alg = pqsig_find(name);
    if (alg == NULL) {
        fprintf(stderr, "FAILED: pqsig_find(\"%s\") returned NULL\n", name);
        return 1;
    }
    const pqsig_details *d = pqsig_get_details(alg);
    if (d == NULL || d->name == NULL || strcmp(d->name, name) != 0 || d->signature_bytes == 0) {
        fprintf(stderr, "FAILED: pqsig_get_details gave no sensible details\n");
        return 1;
    }
    printf("%s (%s, implementation %s): pk %zu B, sk %zu B, signature %zu B\n", d->name, d->scheme,
           d->impl, d->public_key_bytes, d->secret_key_bytes, d->signature_bytes);

    uint8_t *pk = malloc(d->public_key_bytes);
    uint8_t *sk = malloc(d->secret_key_bytes);
    uint8_t *sig = malloc(d->signature_bytes);
    size_t siglen = d->signature_bytes;
    int status = 1, err;
    if (pk == NULL || sk == NULL || sig == NULL) {
        fprintf(stderr, "FAILED: out of memory\n");
        goto done;
    }

    err = pqsig_keypair(alg, pk, sk);
    if (err != PQSIG_OK) {
        status = fail("pqsig_keypair", err);
        goto done;
    }
    err = pqsig_sign(alg, sig, &siglen, msg, sizeof msg, sk);
    if (err != PQSIG_OK) {
        status = fail("pqsig_sign", err);
        goto done;
    }
    if (siglen == 0 || siglen > d->signature_bytes) {
        fprintf(stderr, "FAILED: signature length %zu outside 1..%zu\n", siglen, d->signature_bytes);
        goto done;
    }
    err = pqsig_verify(alg, sig, siglen, msg, sizeof msg, pk);
    if (err != PQSIG_OK) {
        status = fail("pqsig_verify of a fresh signature", err);
        goto done;
    }
    sig[siglen / 2] ^= 0x01;
    err = pqsig_verify(alg, sig, siglen, msg, sizeof msg, pk);
    if (err == PQSIG_OK) {
        fprintf(stderr, "FAILED: pqsig_verify accepted a signature with a flipped byte\n");
        goto done;
    }
    printf("flipped signature byte refused: %s\n", pqsig_strerror(err));
    puts("ok");
    status = 0;

done:
    if (sk != NULL) {
        pqsig_wipe(sk, d->secret_key_bytes);
    }
    free(pk);
    free(sk);
    free(sig);
    return status;
}
