/* MQ-Sign: tampering with the official records (record 0 of the shipped
 * level-1 files of every variant, unpacked by CMake into the directory
 * given as argument).
 *  - Every single-bit change of the signature (the tail of sm: w || salt)
 *    and of the message must be rejected, by ref and by opt.
 *  - Every public-key bit: a change of the coefficient of x_i x_j changes
 *    P(w) by a nonzero multiple of w_i w_j, so it is rejected exactly when
 *    w_i w_j != 0 (GF(256) has no zero divisors). The test predicts this
 *    for every coefficient bit and requires all of them rejected for the
 *    shipped records (their signatures have no zero entry); a spread of
 *    them, every ph bit (RR-s, RR-m: the digest changes) and the last byte
 *    (a malformed key) go through the ref and opt verifiers, which must
 *    agree with the prediction (a bit with w_i w_j = 0 would be accepted
 *    by every verifier of the scheme, the official one included). */
#include <stdlib.h>

#include "check.h"
#include "kat/rsp.h"
#include "pqsig.h"
#include "registry.h"

static int verify_all(const pqsig_alg *const *impls, const uint8_t *sig, size_t siglen, const uint8_t *m,
                      size_t mlen, const uint8_t *pk, int expect_ok)
{
    unsigned k;
    for (k = 0; k < 2; k++) {
        int r = pqsig_verify(impls[k], sig, siglen, m, mlen, pk);
        if ((r == PQSIG_OK) != expect_ok) {
            return 0;
        }
    }
    return 1;
}

static void one_set(const char *dir, const char *file, const char *name)
{
    char path[4096];
    const pqsig_alg *impls[2];
    const pqsig_details *d;
    uint8_t *pk, *sm, *sig;
    size_t mlen, smlen, siglen, n, o, pbytes, bit, nmono, tested = 0, accepted = 0, invisible = 0;
    impls[0] = pqsig_find_impl(name, "opt");
    impls[1] = pqsig_find_impl(name, "ref");
    if (impls[0] == NULL || impls[1] == NULL) {
        printf("skip %s (needs ref and opt)\n", name);
        return;
    }
    d = &impls[0]->d;
    snprintf(path, sizeof path, "%s/%s", dir, file);
    mlen = rsp_shipped_size(path, 0, "mlen");
    smlen = rsp_shipped_size(path, 0, "smlen");
    siglen = d->signature_bytes;
    pk = rsp_shipped_bytes(path, 0, "pk", d->public_key_bytes);
    sm = rsp_shipped_bytes(path, 0, "sm", smlen);
    CHECK(pk != NULL && sm != NULL && smlen == mlen + siglen, "%s: record 0 in %s", name, path);
    if (pk == NULL || sm == NULL || smlen != mlen + siglen) {
        free(pk);
        free(sm);
        return;
    }
    sig = sm + mlen;
    n = siglen - 32;
    o = d->level == 1 ? 46 : d->level == 3 ? 72 : 96;
    nmono = n * (n + 1) / 2;
    pbytes = o * nmono;

    CHECK(verify_all(impls, sig, siglen, sm, mlen, pk, 1), "%s: official record verifies", name);
    /* The official key passes the key check (ph = H(P) or H(P23), LR's
     * lines, the last byte) and the strict verification. */
    for (bit = 0; bit < 2; bit++) {
        CHECK(pqsig_check_public_key(impls[bit], pk, d->public_key_bytes) == PQSIG_OK &&
                  pqsig_verify_strict(impls[bit], sig, siglen, sm, mlen, pk, d->public_key_bytes) == PQSIG_OK,
              "%s (%s): official key passes the key check", name, impls[bit]->d.impl);
    }
    for (bit = 0; bit < 8 * siglen; bit++) {
        sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        CHECK(verify_all(impls, sig, siglen, sm, mlen, pk, 0), "%s: signature bit %zu", name, bit);
        sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    }
    for (bit = 0; bit < 8 * mlen; bit++) {
        sm[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        CHECK(verify_all(impls, sig, siglen, sm, mlen, pk, 0), "%s: message bit %zu", name, bit);
        sm[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    }
    /* Public key: a spread of coefficient bits, each of them a monomial in
     * which some w_i is zero (if the signature has zero entries), all ph
     * bits and the last byte. */
    for (bit = 0; bit < 8 * d->public_key_bytes; bit++) {
        size_t byte = bit / 8, mono, i, j, row;
        int expect_ok, pick;
        if (byte < pbytes) {
            mono = byte / o;
            for (i = 0, row = 0; row + (n - i) <= mono; i++) {
                row += n - i;
            }
            j = i + (mono - row);
            expect_ok = sig[i] == 0 || sig[j] == 0;
            invisible += (size_t)expect_ok;
            pick = bit % 3989 == 0 || (expect_ok && byte % o == bit % 8 && bit % 31 == 0);
        } else {
            expect_ok = 0;
            pick = 1;
        }
        if (!pick) {
            continue;
        }
        pk[byte] ^= (uint8_t)(1u << (bit % 8));
        CHECK(verify_all(impls, sig, siglen, sm, mlen, pk, expect_ok), "%s: pk bit %zu (%s)", name, bit,
              expect_ok ? "w_i w_j = 0: accepted" : "rejected");
        pk[byte] ^= (uint8_t)(1u << (bit % 8));
        tested++;
        accepted += (size_t)expect_ok;
    }
    CHECK(verify_all(impls, sig, siglen, sm, mlen, pk, 1), "%s: restored record verifies", name);
    CHECK(invisible == 0, "%s: %zu of the %zu coefficient bits change nothing (w has a zero entry)", name,
          invisible, 8 * pbytes);
    printf("%s: %zu signature bits and %zu message bits rejected; public key: %zu coefficient bits "
           "rejected by the algebra, %zu bits through the verifiers (%zu of them predicted harmless)\n",
           name, 8 * siglen, 8 * mlen, 8 * pbytes - invisible, tested, accepted);
    free(pk);
    free(sm);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_mqsign_flips DIR (the unpacked official records)\n");
        return 2;
    }
    one_set(argv[1], "MQRR_s.rsp", "MQRR-s-256_72_46");
    one_set(argv[1], "MQRR_m.rsp", "MQRR-m-256_72_46");
    one_set(argv[1], "MQRR_o.rsp", "MQRR-o-256_72_46");
    one_set(argv[1], "MQLR.rsp", "MQLR-256_72_46");
    return check_done("test_mqsign_flips");
}
