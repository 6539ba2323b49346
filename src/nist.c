/* The NIST/SUPERCOP conventions on top of the generic API: capacities the
 * NIST API leaves implicit, unsigned long long lengths. */
#include "nist.h"

int pqsig_nist_sign(const pqsig_alg *alg, uint8_t *sm, unsigned long long *smlen, const uint8_t *m,
                    unsigned long long mlen, const uint8_t *sk)
{
    size_t len;
    int ret;
    if (alg == NULL || smlen == NULL) {
        return PQSIG_ERR_BAD_ARGUMENT;
    }
    if (mlen > (unsigned long long)(SIZE_MAX - alg->d.signature_bytes)) {
        return PQSIG_ERR_BAD_LENGTH;
    }
    /* The NIST API gives no capacity: sm must hold mlen + CRYPTO_BYTES. */
    len = (size_t)mlen + alg->d.signature_bytes;
    ret = pqsig_sign_message_rng(alg, sm, &len, m, (size_t)mlen, sk, NULL);
    *smlen = ret == PQSIG_OK ? (unsigned long long)len : 0;
    return ret;
}

int pqsig_nist_open(const pqsig_alg *alg, uint8_t *m, unsigned long long *mlen, const uint8_t *sm,
                    unsigned long long smlen, const uint8_t *pk)
{
    size_t len;
    int ret;
    if (mlen == NULL || smlen > (unsigned long long)SIZE_MAX) {
        return PQSIG_ERR_BAD_LENGTH;
    }
    /* The message is never longer than the signed message. */
    len = (size_t)smlen;
    ret = pqsig_open(alg, m, &len, sm, (size_t)smlen, pk);
    *mlen = ret == PQSIG_OK ? (unsigned long long)len : 0;
    return ret;
}

int pqsig_nist_signature(const pqsig_alg *alg, uint8_t *sig, size_t *siglen, const uint8_t *m,
                         size_t mlen, const uint8_t *sk, int derand, const uint8_t *rnd,
                         void *tmp, size_t tmplen)
{
    size_t cap;
    int ret;
    if (alg == NULL || siglen == NULL) {
        return PQSIG_ERR_BAD_ARGUMENT;
    }
    cap = alg->d.signature_bytes;
    if (tmp != NULL) {
        ret = derand ? pqsig_sign_derand_temp(alg, sig, &cap, m, mlen, sk, rnd, tmp, tmplen)
                     : pqsig_sign_temp(alg, sig, &cap, m, mlen, sk, tmp, tmplen);
    } else {
        ret = derand ? pqsig_sign_derand(alg, sig, &cap, m, mlen, sk, rnd)
                     : pqsig_sign(alg, sig, &cap, m, mlen, sk);
    }
    *siglen = ret == PQSIG_OK ? cap : 0;
    return ret;
}
