/* The official records shipped with the known answers, against every
 * variant that has a KAT file: record 0's public key opens record 0's
 * signed message, and single-bit changes are rejected:
 *  - of the signed message (signature and message bits alike);
 *  - of the public key.
 * Fast mode (CI) changes a spread of bits per field, always including the
 * first and last bytes; full mode changes every bit of the signed message
 * and every bit of the public key up to --pk-bits (default 65536 bits;
 * a larger key gets that many bits spread over all its bytes).
 *
 *   pqsig-records [--fast] [--pk-bits N] [--scheme S] [--impl I] KAT_DIR [NAME...]
 *
 * Variants whose file has no shipped copy are listed as skipped. */
#include <stdlib.h>

#include "check.h"
#include "kat/rsp.h"
#include "registry.h"
#include "select.h"

#define FAST_BITS 64u /* per field in fast mode */

/* The k-th of `count` bits altered in a field of nbits bits: every bit when
 * count >= nbits, else a spread that starts at bit 0 and ends in the last
 * byte, stepping through all bit positions within a byte. */
static size_t pick(size_t k, size_t count, size_t nbits)
{
    size_t byte, nbytes = nbits / 8;
    if (count >= nbits) {
        return k;
    }
    byte = count > 1 ? k * (nbytes - 1) / (count - 1) : 0;
    return 8 * byte + (k % 8);
}

static void flips(const pqsig_alg *a, const uint8_t *sm, size_t smlen, uint8_t *pk, size_t sm_bits,
                  size_t pk_bits)
{
    const char *n = a->d.name;
    size_t k, cap = smlen, rejected_sm = 0, rejected_pk = 0, nsm, npk;
    uint8_t *copy = malloc(smlen), *m = malloc(smlen + 1);
    memcpy(copy, sm, smlen);
    nsm = sm_bits < 8 * smlen ? sm_bits : 8 * smlen;
    for (k = 0; k < nsm; k++) {
        size_t bit = pick(k, sm_bits, 8 * smlen), mlen = cap;
        copy[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        if (pqsig_open(a, m, &mlen, copy, smlen, pk) != PQSIG_OK) {
            rejected_sm++;
        } else {
            CHECK(0, "%s %s: signed-message bit %zu changed, still accepted", n, a->d.impl, bit);
        }
        copy[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    }
    npk = pk_bits < 8 * a->d.public_key_bytes ? pk_bits : 8 * a->d.public_key_bytes;
    for (k = 0; k < npk; k++) {
        size_t bit = pick(k, pk_bits, 8 * a->d.public_key_bytes), mlen = cap;
        pk[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        if (pqsig_open(a, m, &mlen, sm, smlen, pk) != PQSIG_OK) {
            rejected_pk++;
        } else {
            CHECK(0, "%s %s: public-key bit %zu changed, still accepted", n, a->d.impl, bit);
        }
        pk[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    }
    CHECK(rejected_sm == nsm && rejected_pk == npk, "%s %s: every altered record rejected", n, a->d.impl);
    printf("%s %s: %zu of %zu signed-message bits, %zu of %zu public-key bits changed: all rejected\n", n,
           a->d.impl, nsm, 8 * smlen, npk, 8 * a->d.public_key_bytes);
    free(copy);
    free(m);
}

static int one(const pqsig_alg *a, const char *kat_dir, int fast, size_t pk_bits)
{
    char path[4096];
    size_t mlen, smlen, olen;
    uint8_t *msg, *pk, *sm, *out;
    if (a->kat_file == NULL || rsp_shipped_path(path, sizeof path, kat_dir, a->kat_file) != 0) {
        printf("skip %s %s: no shipped record\n", a->d.name, a->d.impl);
        return 0;
    }
    mlen = rsp_shipped_size(path, 0, "mlen");
    smlen = rsp_shipped_size(path, 0, "smlen");
    msg = rsp_shipped_bytes(path, 0, "msg", mlen);
    pk = rsp_shipped_bytes(path, 0, "pk", a->d.public_key_bytes);
    sm = rsp_shipped_bytes(path, 0, "sm", smlen);
    CHECK(msg != NULL && pk != NULL && sm != NULL, "%s: record 0 of %s", a->d.name, path);
    if (msg == NULL || pk == NULL || sm == NULL) {
        free(msg);
        free(pk);
        free(sm);
        return 1;
    }
    out = malloc(smlen + 1);
    olen = smlen;
    CHECK(pqsig_open(a, out, &olen, sm, smlen, pk) == PQSIG_OK && olen == mlen && memcmp(out, msg, mlen) == 0,
          "%s %s: the official record opens to its message", a->d.name, a->d.impl);
    flips(a, sm, smlen, pk, fast ? FAST_BITS : 8 * smlen, fast ? FAST_BITS : pk_bits);
    olen = smlen;
    CHECK(pqsig_open(a, out, &olen, sm, smlen, pk) == PQSIG_OK, "%s %s: restored record opens", a->d.name,
          a->d.impl);
    free(out);
    free(msg);
    free(pk);
    free(sm);
    return 1;
}

int main(int argc, char **argv)
{
    size_t i, pk_bits = 65536, tested = 0;
    int fast = 0, arg = 1;
    const char *kat_dir, *scheme = NULL, *impl = NULL;
    while (arg < argc && argv[arg][0] == '-') {
        if (strcmp(argv[arg], "--fast") == 0) {
            fast = 1;
        } else if (strcmp(argv[arg], "--pk-bits") == 0 && arg + 1 < argc) {
            pk_bits = (size_t)strtoull(argv[++arg], NULL, 10);
        } else if (strcmp(argv[arg], "--scheme") == 0 && arg + 1 < argc) {
            scheme = argv[++arg];
        } else if (strcmp(argv[arg], "--impl") == 0 && arg + 1 < argc) {
            impl = argv[++arg];
        } else {
            break;
        }
        arg++;
    }
    if (arg >= argc) {
        fprintf(stderr, "usage: pqsig-records [--fast] [--pk-bits N] [--scheme S] [--impl I] KAT_DIR [NAME...]\n");
        return 2;
    }
    kat_dir = argv[arg++];
    for (i = 0; i < pqsig_count(); i++) {
        const pqsig_alg *a = pqsig_at(i);
        if ((scheme == NULL || strcmp(a->d.scheme, scheme) == 0) &&
            (impl == NULL || strcmp(a->d.impl, impl) == 0) && select_variant(a, fast, argv + arg, argc - arg)) {
            tested += (size_t)one(a, kat_dir, fast, pk_bits);
        }
    }
    printf("pqsig-records: %zu variants checked against their shipped record\n", tested);
    return check_done("test_records");
}
