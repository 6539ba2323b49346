/* The registry and implementation selection: a synthetic table exercises
 * every rule (fastest first, CPU requirements, forced implementation); the
 * real table must be consistent; the generic API rejects bad arguments. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>

#include "check.h"
#include "common/cpu.h"
#include "common/kset.h"
#include "registry.h"

static pqsig_alg fake(const char *name, const char *impl, uint32_t cpu)
{
    pqsig_alg a;
    memset(&a, 0, sizeof a);
    a.d.name = name;
    a.d.impl = impl;
    a.d.cpu_features = cpu;
    return a;
}

static void selection(void)
{
    pqsig_alg t[6];
    const pqsig_alg *table[7];
    unsigned i;
    const uint32_t all = PQSIG_CPU_AVX2 | PQSIG_CPU_AVX512BW | PQSIG_CPU_AVX512VL | PQSIG_CPU_GFNI;
    t[0] = fake("A", "ref", 0);
    t[1] = fake("A", "avx512", PQSIG_CPU_AVX512BW | PQSIG_CPU_GFNI);
    t[2] = fake("A", "opt", 0);
    t[3] = fake("A", "avx2", PQSIG_CPU_AVX2);
    t[4] = fake("B", "ref", 0);
    t[5] = fake("A@2.1", "opt", 0);
    for (i = 0; i < 6; i++) {
        table[i] = &t[i];
    }
    table[6] = NULL;
    CHECK(pqsig_registry_select(table, "A", NULL, all) == &t[1], "fastest: avx512");
    CHECK(pqsig_registry_select(table, "A", NULL, PQSIG_CPU_AVX2 | PQSIG_CPU_AVX512BW) == &t[3],
          "avx512 needs gfni too: avx2");
    CHECK(pqsig_registry_select(table, "A", NULL, 0) == &t[2], "plain CPU: opt, never ref");
    CHECK(pqsig_registry_select(table, "B", NULL, 0) == &t[4], "ref when alone");
    CHECK(pqsig_registry_select(table, "A", "ref", all) == &t[0], "forced ref");
    CHECK(pqsig_registry_select(table, "A", "avx2", 0) == NULL, "forced but unsupported");
    CHECK(pqsig_registry_select(table, "A", "neon", all) == NULL, "forced but absent");
    CHECK(pqsig_registry_select(table, "A@2.1", NULL, all) == &t[5], "versioned name");
    CHECK(pqsig_registry_select(table, "a", NULL, all) == NULL, "names are exact");
    CHECK(pqsig_registry_select(table, NULL, NULL, all) == NULL, "NULL name");
    CHECK(pqsig_impl_rank("ref") < pqsig_impl_rank("opt") && pqsig_impl_rank("opt") < pqsig_impl_rank("avx2") &&
              pqsig_impl_rank("avx2") < pqsig_impl_rank("avx512") && pqsig_impl_rank("bogus") < -1 &&
              pqsig_impl_rank("decline") == -1,
          "ranks");
}

static void real_table(void)
{
    size_t n = pqsig_count(), i, j;
    CHECK(pqsig_at(n) == NULL, "past the end");
    for (i = 0; i < n; i++) {
        const pqsig_alg *a = pqsig_at(i);
        const pqsig_details *d = pqsig_get_details(a);
        CHECK(d != NULL && d->name[0] && d->scheme[0] && d->version[0], "entry %zu named", i);
        CHECK(pqsig_impl_rank(d->impl) >= -1, "%s: known impl %s", d->name, d->impl);
        CHECK(strncmp(d->nist_prefix + strlen(d->nist_prefix) - strlen(d->impl) - 1, d->impl,
                      strlen(d->impl)) == 0,
              "%s %s: NIST prefix %s", d->name, d->impl, d->nist_prefix);
        CHECK((a->temp_bytes == 0) == (a->keypair_derand_temp == NULL) &&
                  (a->temp_bytes == 0) == (a->sign_derand_temp == NULL) &&
                  (a->temp_bytes == 0) == (a->verify_temp == NULL),
              "%s %s: temp forms", d->name, d->impl);
        CHECK(d->public_key_bytes && d->secret_key_bytes && d->signature_bytes, "%s: sizes", d->name);
        CHECK(d->level >= 1 && d->level <= 5, "%s: level", d->name);
        CHECK(a->keypair_derand && a->sign_derand && a->verify, "%s: operations", d->name);
        CHECK(a->sm_layout != PQSIG_SM_CUSTOM || (a->sign_message && a->open), "%s: sm forms", d->name);
        CHECK((a->kat_file == NULL) == (a->kat_header == NULL), "%s: kat fields", d->name);
        if (pqsig_runs_here(a)) {
            const pqsig_alg *best = pqsig_find(d->name);
            CHECK(pqsig_find_impl(d->name, d->impl) == a, "%s %s found", d->name, d->impl);
            CHECK(best != NULL && pqsig_impl_rank(best->d.impl) >= pqsig_impl_rank(d->impl),
                  "%s: default is the fastest", d->name);
            CHECK(best != NULL && pqsig_impl_rank(best->d.impl) >= 0, "%s: never a test backend",
                  d->name);
        }
        for (j = i + 1; j < n; j++) {
            const pqsig_details *e = pqsig_get_details(pqsig_at(j));
            CHECK(strcmp(d->name, e->name) != 0 || strcmp(d->impl, e->impl) != 0, "%s %s unique", d->name,
                  d->impl);
        }
    }
    printf("registry: %zu variants\n", n);
}

static void bad_arguments(void)
{
    uint8_t buf[64];
    size_t len = sizeof buf;
    const pqsig_alg *a = pqsig_at(0);
    CHECK(pqsig_find("no-such-algorithm") == NULL, "unknown name");
    CHECK(pqsig_find_checked("no-such-algorithm", &a) == PQSIG_ERR_BAD_ARGUMENT && a == NULL,
          "unknown name, checked");
    CHECK(pqsig_find_checked(NULL, &a) == PQSIG_ERR_BAD_ARGUMENT, "NULL name, checked");
    CHECK(pqsig_find_checked("x", NULL) == PQSIG_ERR_BAD_ARGUMENT, "NULL out");
    CHECK(pqsig_find(NULL) == NULL, "NULL name");
    CHECK(pqsig_find_impl("no-such-algorithm", NULL) == NULL, "NULL impl");
    CHECK(pqsig_get_details(NULL) == NULL, "details of NULL");
    CHECK(pqsig_keypair(NULL, buf, buf) == PQSIG_ERR_BAD_ARGUMENT, "keypair NULL alg");
    CHECK(pqsig_sign(NULL, buf, &len, buf, 1, buf) == PQSIG_ERR_BAD_ARGUMENT, "sign NULL alg");
    CHECK(pqsig_verify(NULL, buf, 1, buf, 1, buf) == PQSIG_ERR_BAD_ARGUMENT, "verify NULL alg");
    CHECK(pqsig_open(NULL, buf, &len, buf, 1, buf) == PQSIG_ERR_BAD_ARGUMENT, "open NULL alg");
    CHECK(strcmp(pqsig_strerror(PQSIG_ERR_INVALID_SIGNATURE), pqsig_strerror(PQSIG_ERR_BAD_LENGTH)) != 0 &&
              strcmp(pqsig_strerror(-100), "unknown error") == 0 && strcmp(pqsig_strerror(0), "success") == 0,
          "strerror");
    CHECK(strcmp(pqsig_flag_name(PQSIG_FLAG_BROKEN), "broken") == 0 &&
              strcmp(pqsig_flag_name(PQSIG_FLAG_DETERMINISTIC), "deterministic") == 0 &&
              pqsig_flag_name(0) == NULL && pqsig_flag_name(1u << 31) == NULL &&
              pqsig_flag_name(PQSIG_FLAG_BROKEN | PQSIG_FLAG_LEGACY) == NULL,
          "flag names");
}

/* Kernel sets (src/common/kset.h): an operation of a backend that shares
 * opt's frontend leaves the calling thread's kernel set as it found it,
 * from the portable set and from another one, and gives opt's answer. */
static void kernel_sets(void)
{
    static uint8_t pk[2][4096], sk[2][4096];
    uint8_t seed[128];
    size_t i;
    unsigned checked = 0;
    memset(seed, 0x5a, sizeof seed);
    for (i = 0; i < pqsig_count(); i++) {
        const pqsig_alg *a = pqsig_at(i), *o;
        unsigned saved;
        if (strcmp(a->d.impl, "avx2") != 0 || strcmp(a->d.scheme, "falcon") == 0 || a->d.public_key_bytes > 4096 ||
            a->d.secret_key_bytes > 4096 || !pqsig_runs_here(a)) {
            continue;
        }
        o = pqsig_find_impl(a->d.name, "opt");
        CHECK(o != NULL, "%s: opt beside avx2", a->d.name);
        if (o == NULL) {
            continue;
        }
        CHECK(pqsig_kset() == PQSIG_KSET_PORTABLE, "the thread starts portable");
        CHECK(a->keypair_derand(pk[0], sk[0], seed) == 0 && o->keypair_derand(pk[1], sk[1], seed) == 0,
              "%s: key pairs", a->d.name);
        CHECK(pqsig_kset() == PQSIG_KSET_PORTABLE, "%s: avx2 restores the portable set", a->d.name);
        CHECK(memcmp(pk[0], pk[1], a->d.public_key_bytes) == 0 && memcmp(sk[0], sk[1], a->d.secret_key_bytes) == 0,
              "%s: avx2 and opt agree", a->d.name);
        saved = pqsig_kset_enter(PQSIG_KSET_AVX512, 0);
        CHECK(a->keypair_derand(pk[0], sk[0], seed) == 0, "%s: key pair", a->d.name);
        CHECK(pqsig_kset() == PQSIG_KSET_AVX512, "%s: avx2 restores another set", a->d.name);
        pqsig_kset_leave(saved);
        checked++;
    }
    printf("kernel sets: %u avx2 variants checked\n", checked);
}

int main(void)
{
    selection();
    real_table();
    bad_arguments();
    kernel_sets();
    return check_done("test_registry");
}
