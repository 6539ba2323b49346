/* NCC-Sign-T scheme tests.
 *
 * 1. Hint weight: a signature with more than omega hint bits that passes
 *    every other check (the official verifier, which never counts hint bits,
 *    accepts it) is rejected by ref and opt. It is built as a signer would,
 *    but for a public key whose t1 is rounded up by one (t0 = t - 2^d t1 then
 *    lies around -2^d), so that c t0 is large and MakeHint sets many bits.
 * 2. ref and opt give identical keys and signatures on DRBG seeds, message
 *    lengths 0..200 and one long message, for every set (with --agree-fast:
 *    NCC-Sign-1 and NCC-Sign-5p-AES, the smallest ring and the radix-3 one,
 *    for the sanitizer build, where test_agree covers those two as well);
 *    each verifies the other's signatures.
 * 3. Every single-bit flip of sm and pk of the shipped KAT records is
 *    rejected: by default record 0 of the level-1 files (SHAKE and AES);
 *    with --all-records every record of every file (the "full" test).
 *
 * usage: test_nccsign --kat-dir DIR [--flips-only] [--agree-fast] [--all-records] */
#include <stdlib.h>

#include "check.h"
#include "common/drbg.h"
#include "common/fips202.h"
#include "kat/rsp.h"
#include "pqsig.h"

/* The reference's internals for NCC-Sign-1 (SHAKE). */
#define NCCSIGN_N 1152
#define NCCSIGN_AES 0
#define PQSIG_NAMESPACE pqsig_nccsign_1_ref_
#include "nccsign/ref/ref.h"

#define NS(x) PQSIG_NS(x)

static const char *const sets[] = {"NCC-Sign-1",     "NCC-Sign-3",     "NCC-Sign-5",     "NCC-Sign-5p",
                                   "NCC-Sign-1-AES", "NCC-Sign-3-AES", "NCC-Sign-5-AES", "NCC-Sign-5p-AES"};
static const char *const kat_files[] = {"SHAKE/PQCsignKAT_2688.rsp", "SHAKE/PQCsignKAT_3552.rsp",
                                        "SHAKE/PQCsignKAT_5568.rsp", "SHAKE/PQCsignKAT_4448.rsp",
                                        "AES/PQCsignKAT_2688.rsp",   "AES/PQCsignKAT_3552.rsp",
                                        "AES/PQCsignKAT_5568.rsp",   "AES/PQCsignKAT_4448.rsp"};

static void test_hint_bound(void)
{
    const pqsig_alg *ref = pqsig_find_impl("NCC-Sign-1", "ref"), *opt = pqsig_find_impl("NCC-Sign-1", "opt");
    static ncc_ref_poly a, ahat, s1, s2, t0, t1, y, w, w1, c, cs1, cs2, ct0, z, h, t;
    uint8_t seed[NCC_KEYPAIR_SEED_BYTES], pk[NCC_PK_BYTES], sk[NCC_SK_BYTES], pk2[NCC_PK_BYTES];
    uint8_t zeta[NCC_SEEDBYTES], key[NCC_SEEDBYTES], tr[NCC_SEEDBYTES], mu[NCC_CRHBYTES];
    uint8_t rho[NCC_CRHBYTES], ctilde[NCC_SEEDBYTES], sig[NCC_SIG_BYTES];
    static const uint8_t msg[] = "a signature with too many hints";
    unsigned over = 0, under = 0, attempts = 0;
    uint16_t nonce;
    size_t i;

    CHECK(ref != NULL && opt != NULL, "NCC-Sign-1 ref and opt registered");
    if (ref == NULL || opt == NULL) {
        return;
    }
    for (i = 0; i < sizeof seed; i++) {
        seed[i] = (uint8_t)(3 * i + 1);
    }
    CHECK(pqsig_keypair_derand(ref, pk, sk, seed) == PQSIG_OK, "keypair");
    CHECK(NS(ref_unpack_sk)(zeta, key, tr, &s1, &s2, &t0, sk) == 0, "unpack sk");
    CHECK(NS(ref_unpack_pk)(zeta, &t1, pk) == 0, "unpack pk");
    /* t1' = t1 + 1 (where it stays a valid encoding), t0' = t - 2^d t1'. */
    for (i = 0; i < NCC_N; i++) {
        t.c[i] = t1.c[i] * (1 << NCC_D) + t0.c[i];
        if (t1.c[i] < NCC_T1_MAX) {
            t1.c[i] += 1;
        }
        t0.c[i] = t.c[i] - t1.c[i] * (1 << NCC_D);
    }
    NS(ref_pack_pk)(pk2, zeta, &t1);
    pqsig_shake256(tr, NCC_SEEDBYTES, pk2, NCC_PK_BYTES);
    NS(ref_hash_mu)(mu, tr, msg, sizeof msg);
    pqsig_shake256(rho, sizeof rho, msg, sizeof msg);
    NS(ref_expand_a)(&ahat, zeta);
    NS(ref_ntt_inverse)(&a, &ahat);

    /* Until two signatures over the bound and one within it (a control:
     * the crafted key itself is fine) are found. */
    for (nonce = 0; nonce < 300 && (over < 2 || under < 1); nonce++) {
        int32_t weight = 0;
        int lenient, strict_ref, strict_opt;
        NS(ref_expand_mask)(&y, rho, nonce);
        NS(ref_mul)(&w, &a, &y);
        for (i = 0; i < NCC_N; i++) {
            w1.c[i] = NS(ref_highbits)(w.c[i]);
        }
        NS(ref_hash_challenge)(ctilde, mu, &w1);
        NS(ref_sample_in_ball)(&c, ctilde);
        NS(ref_mul)(&cs1, &c, &s1);
        NS(ref_mul)(&cs2, &c, &s2);
        NS(ref_mul)(&ct0, &c, &t0);
        for (i = 0; i < NCC_N; i++) {
            int32_t w0;
            NS(ref_decompose)(&w0, w.c[i]);
            cs2.c[i] = NS(ref_centered)(cs2.c[i]);
            ct0.c[i] = NS(ref_centered)(ct0.c[i]);
            z.c[i] = y.c[i] + NS(ref_centered)(cs1.c[i]);
            cs1.c[i] = w0 - cs2.c[i];
        }
        /* Every check of signing except the hint weight. */
        if (NS(ref_norm)(&cs1) >= NCC_GAMMA2 - NCC_BETA || NS(ref_norm)(&z) >= NCC_GAMMA1 - NCC_BETA ||
            NS(ref_norm)(&ct0) >= NCC_GAMMA2) {
            continue;
        }
        for (i = 0; i < NCC_N; i++) {
            h.c[i] = NS(ref_make_hint)(-ct0.c[i], w.c[i] - cs2.c[i] + ct0.c[i]);
            weight += h.c[i];
        }
        NS(ref_pack_sig)(sig, ctilde, &z, &h);
        attempts++;
        /* What the official verifier does (no hint count): accepts. */
        lenient = NS(ref_verify_internal)(sig, sizeof sig, msg, sizeof msg, pk2, 0);
        strict_ref = pqsig_verify(ref, sig, sizeof sig, msg, sizeof msg, pk2);
        strict_opt = pqsig_verify(opt, sig, sizeof sig, msg, sizeof msg, pk2);
        CHECK(lenient == PQSIG_OK, "crafted signature (weight %d) passes the official checks", (int)weight);
        if (weight > NCC_OMEGA) {
            over++;
            CHECK(strict_ref == PQSIG_ERR_INVALID_SIGNATURE, "ref rejects hint weight %d > omega", (int)weight);
            CHECK(strict_opt == PQSIG_ERR_INVALID_SIGNATURE, "opt rejects hint weight %d > omega", (int)weight);
        } else {
            under++;
            CHECK(strict_ref == PQSIG_OK && strict_opt == PQSIG_OK, "weight %d <= omega verifies", (int)weight);
        }
    }
    CHECK(over > 0, "a signature over the hint bound was built");
    printf("hint bound: %u crafted signatures, %u over omega (rejected), %u within (accepted)\n", attempts,
           over, under);
}

static int drbg_fill(void *state, uint8_t *out, size_t len)
{
    return pqsig_drbg_randombytes((pqsig_drbg *)state, out, len);
}

static void test_ref_equals_opt(const char *name)
{
    const pqsig_alg *ref = pqsig_find_impl(name, "ref"), *opt = pqsig_find_impl(name, "opt");
    const pqsig_details *d;
    enum { LONG_MESSAGE = 1 << 20 };
    uint8_t entropy[48], pk_r[8192], sk_r[8192], pk_o[8192], sk_o[8192], sig_r[8192], sig_o[8192];
    uint8_t *msg = malloc(LONG_MESSAGE);
    pqsig_drbg drbg;
    pqsig_rng rng = {drbg_fill, &drbg};
    size_t mlen, i, len_r, len_o, mismatches = 0;

    CHECK(ref != NULL && opt != NULL && msg != NULL, "%s: ref and opt registered", name);
    if (ref == NULL || opt == NULL || msg == NULL) {
        free(msg);
        return;
    }
    d = pqsig_get_details(ref);
    for (i = 0; i < sizeof entropy; i++) {
        entropy[i] = (uint8_t)(i + strlen(name));
    }
    pqsig_drbg_init(&drbg, entropy, NULL, 256);
    pqsig_drbg_randombytes(&drbg, msg, LONG_MESSAGE);
    for (mlen = 0; mlen <= 201; mlen++) {
        size_t len = mlen == 201 ? (size_t)LONG_MESSAGE : mlen;
        if (mlen % 40 == 0) { /* a fresh key now and then, from the same draws for both */
            pqsig_drbg state = drbg;
            CHECK(pqsig_keypair_rng(ref, pk_r, sk_r, &rng) == PQSIG_OK, "%s: ref keypair", name);
            drbg = state;
            CHECK(pqsig_keypair_rng(opt, pk_o, sk_o, &rng) == PQSIG_OK, "%s: opt keypair", name);
            CHECK(memcmp(pk_r, pk_o, d->public_key_bytes) == 0 && memcmp(sk_r, sk_o, d->secret_key_bytes) == 0,
                  "%s: ref and opt keys equal", name);
        }
        len_r = len_o = d->signature_bytes;
        CHECK(pqsig_sign(ref, sig_r, &len_r, msg, len, sk_r) == PQSIG_OK, "%s: ref sign %zu", name, len);
        CHECK(pqsig_sign(opt, sig_o, &len_o, msg, len, sk_o) == PQSIG_OK, "%s: opt sign %zu", name, len);
        if (len_r != len_o || memcmp(sig_r, sig_o, len_r) != 0) {
            mismatches++;
        }
        CHECK(pqsig_verify(ref, sig_o, len_o, msg, len, pk_r) == PQSIG_OK, "%s: ref verifies opt %zu", name, len);
        CHECK(pqsig_verify(opt, sig_r, len_r, msg, len, pk_o) == PQSIG_OK, "%s: opt verifies ref %zu", name, len);
    }
    CHECK(mismatches == 0, "%s: ref and opt signatures equal (%zu differ)", name, mismatches);
    free(msg);
}

static uint8_t *unhex_alloc(const char *hex, size_t *len)
{
    size_t n = strlen(hex) / 2, i;
    uint8_t *out = malloc(n + 1);
    if (out == NULL) {
        return NULL;
    }
    for (i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1) {
            free(out);
            return NULL;
        }
        out[i] = (uint8_t)v;
    }
    *len = n;
    return out;
}

/* Flip every bit of sm and of pk of one shipped record; open must fail. */
static void test_flips(const pqsig_alg *a, const char *path, unsigned count)
{
    char *pk_hex = rsp_shipped_field(path, count, "pk"), *sm_hex = rsp_shipped_field(path, count, "sm");
    uint8_t *pk = NULL, *sm = NULL, *m = NULL;
    const pqsig_details *d = pqsig_get_details(a);
    size_t pklen = 0, smlen = 0, mlen, bit;
    unsigned long accepted = 0;

    CHECK(pk_hex != NULL && sm_hex != NULL, "%s: record %u shipped", path, count);
    if (pk_hex != NULL && sm_hex != NULL) {
        pk = unhex_alloc(pk_hex, &pklen);
        sm = unhex_alloc(sm_hex, &smlen);
        m = malloc(smlen + 1);
    }
    if (pk == NULL || sm == NULL || m == NULL) {
        CHECK(0, "%s: record %u parses", path, count);
    } else {
        mlen = smlen;
        CHECK(pklen == d->public_key_bytes && pqsig_open(a, m, &mlen, sm, smlen, pk) == PQSIG_OK,
              "%s %s: record %u opens", d->name, d->impl, count);
        for (bit = 0; bit < 8 * smlen; bit++) {
            sm[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            mlen = smlen;
            accepted += pqsig_open(a, m, &mlen, sm, smlen, pk) == PQSIG_OK;
            sm[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        }
        for (bit = 0; bit < 8 * pklen; bit++) {
            pk[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            mlen = smlen;
            accepted += pqsig_open(a, m, &mlen, sm, smlen, pk) == PQSIG_OK;
            pk[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        }
        CHECK(accepted == 0, "%s %s record %u: %lu of %zu bit flips accepted", d->name, d->impl, count,
              accepted, 8 * (smlen + pklen));
    }
    free(pk_hex);
    free(sm_hex);
    free(pk);
    free(sm);
    free(m);
}

int main(int argc, char **argv)
{
    const char *kat_dir = NULL;
    int flips_only = 0, agree_fast = 0;
    unsigned records = 1, nsets = 1, s, r;
    int i;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--kat-dir") == 0 && i + 1 < argc) {
            kat_dir = argv[++i];
        } else if (strcmp(argv[i], "--flips-only") == 0) {
            flips_only = 1;
        } else if (strcmp(argv[i], "--agree-fast") == 0) {
            agree_fast = 1;
        } else if (strcmp(argv[i], "--all-records") == 0) {
            records = 3;
            nsets = 4;
        } else {
            fprintf(stderr, "usage: test_nccsign --kat-dir DIR [--flips-only] [--agree-fast] [--all-records]\n");
            return 2;
        }
    }
    if (!flips_only) {
        test_hint_bound();
        for (s = 0; s < sizeof sets / sizeof sets[0]; s++) {
            if (agree_fast && s != 0 && s != 7) {
                continue;
            }
            test_ref_equals_opt(sets[s]);
        }
    }
    CHECK(kat_dir != NULL, "--kat-dir given");
    for (s = 0; kat_dir != NULL && s < 8; s++) {
        const pqsig_alg *a = pqsig_find_impl(sets[s], "opt");
        if (s % 4 >= nsets) {
            continue;
        }
        char path[4096];
        snprintf(path, sizeof path, "%s/nccsign/%s", kat_dir, kat_files[s]);
        for (r = 0; a != NULL && r < records; r++) {
            test_flips(a, path, r);
        }
    }
    return check_done("test_nccsign");
}
