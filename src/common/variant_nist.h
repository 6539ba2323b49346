/* A template, included once per implementation by variant.c and
 * variant_kset.c (no include guard): the NIST/SUPERCOP API
 * (include/pqsig/nist_api.h) of the implementation whose namespace is
 * PQSIG_VN_PREFIX and whose descriptor is PQSIG_VN(alg). Static library
 * only: the build's hidden visibility keeps it out of the shared library,
 * which exports one dispatching API per set (src/dispatch.c). */
#define PQSIG_VN(name) PQSIG_CAT(PQSIG_VN_PREFIX, name)

PQSIG_NIST_API(PQSIG_VN_PREFIX)

int PQSIG_VN(crypto_sign_keypair)(unsigned char *pk, unsigned char *sk)
{
    return pqsig_keypair(&PQSIG_VN(alg), pk, sk);
}

int PQSIG_VN(crypto_sign_keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *seed)
{
    return pqsig_keypair_derand(&PQSIG_VN(alg), pk, sk, seed);
}

int PQSIG_VN(crypto_sign)(unsigned char *sm, unsigned long long *smlen, const unsigned char *m,
                          unsigned long long mlen, const unsigned char *sk)
{
    return pqsig_nist_sign(&PQSIG_VN(alg), sm, smlen, m, mlen, sk);
}

int PQSIG_VN(crypto_sign_open)(unsigned char *m, unsigned long long *mlen, const unsigned char *sm,
                               unsigned long long smlen, const unsigned char *pk)
{
    return pqsig_nist_open(&PQSIG_VN(alg), m, mlen, sm, smlen, pk);
}

int PQSIG_VN(crypto_sign_signature)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                                    const uint8_t *sk)
{
    return pqsig_nist_signature(&PQSIG_VN(alg), sig, siglen, m, mlen, sk, 0, NULL, NULL, 0);
}

int PQSIG_VN(crypto_sign_signature_derand)(uint8_t *sig, size_t *siglen, const uint8_t *m,
                                           size_t mlen, const uint8_t *sk, const uint8_t *rnd)
{
    return pqsig_nist_signature(&PQSIG_VN(alg), sig, siglen, m, mlen, sk, 1, rnd, NULL, 0);
}

int PQSIG_VN(crypto_sign_verify)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                                 const uint8_t *pk)
{
    return pqsig_verify(&PQSIG_VN(alg), sig, siglen, m, mlen, pk);
}

int PQSIG_VN(crypto_sign_keypair_temp)(uint8_t *pk, uint8_t *sk, void *tmp, size_t tmplen)
{
    return pqsig_keypair_temp(&PQSIG_VN(alg), pk, sk, tmp, tmplen);
}

int PQSIG_VN(crypto_sign_signature_temp)(uint8_t *sig, size_t *siglen, const uint8_t *m,
                                         size_t mlen, const uint8_t *sk, void *tmp, size_t tmplen)
{
    if (tmp == NULL) {
        return PQSIG_ERR_BAD_ARGUMENT;
    }
    return pqsig_nist_signature(&PQSIG_VN(alg), sig, siglen, m, mlen, sk, 0, NULL, tmp, tmplen);
}

int PQSIG_VN(crypto_sign_verify_temp)(const uint8_t *sig, size_t siglen, const uint8_t *m,
                                      size_t mlen, const uint8_t *pk, void *tmp, size_t tmplen)
{
    return pqsig_verify_temp(&PQSIG_VN(alg), sig, siglen, m, mlen, pk, tmp, tmplen);
}

#undef PQSIG_VN
