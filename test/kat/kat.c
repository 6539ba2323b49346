/* pqsig-kat: writes the NIST KAT .rsp of registered variants exactly as the
 * official generators (PQCgenKAT_sign) do, hashes it as a stream, and
 * compares it with the official digests in test/data/kat.
 *
 *   pqsig-kat [--kat-dir DIR] [--records N] [--impl IMPL] [--out PATH] NAME...|--all [--level L]
 *   pqsig-kat --list
 *   pqsig-kat --req FILE
 *
 * One line per variant on stdout: PASS / FAIL / SKIP, then key=value facts.
 * Exit status 0 when nothing failed. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/cpu.h"
#include "common/drbg.h"
#include "pqsig.h"
#include "registry.h"
#include "rsp.h"

typedef struct {
    const char *kat_dir;
    unsigned records;
    const char *impl;
    const char *out;
    int several;
    int progress;
} options;

static int drbg_fill(void *state, uint8_t *out, size_t len)
{
    return pqsig_drbg_randombytes((pqsig_drbg *)state, out, len);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static char *hex_upper(const uint8_t *d, size_t len)
{
    static const char digits[] = "0123456789ABCDEF";
    char *s = malloc(2 * len + 3);
    size_t i;
    if (s == NULL) {
        return NULL;
    }
    for (i = 0; i < len; i++) {
        s[2 * i] = digits[d[i] >> 4];
        s[2 * i + 1] = digits[d[i] & 15];
    }
    strcpy(s + 2 * len, len == 0 ? "00" : "");
    return s;
}

typedef struct {
    uint8_t seed[48];
    size_t mlen;
    uint8_t *msg, *pk, *sk, *sm, *m2;
    size_t smlen;
} record;

/* Which field of record `count` first differs from the shipped file. */
static const char *diff_field(const char *path, unsigned count, const record *r, const pqsig_alg *a)
{
    struct {
        const char *label;
        const uint8_t *data;
        size_t len;
    } f[5] = {{"seed", r->seed, 48},
              {"msg", r->msg, r->mlen},
              {"pk", r->pk, a->d.public_key_bytes},
              {"sk", r->sk, a->d.secret_key_bytes},
              {"sm", r->sm, r->smlen}};
    unsigned i;
    char *smlen = rsp_shipped_field(path, count, "smlen");
    const char *result = NULL;
    if (smlen == NULL) {
        return "unknown (record not shipped)";
    }
    for (i = 0; i < 5 && result == NULL; i++) {
        char *theirs = rsp_shipped_field(path, count, f[i].label);
        char *ours = hex_upper(f[i].data, f[i].len);
        if (i == 4 && strtoull(smlen, NULL, 10) != r->smlen) {
            result = "smlen";
        } else if (theirs == NULL || ours == NULL || strcmp(theirs, ours) != 0) {
            result = f[i].label;
        }
        free(theirs);
        free(ours);
    }
    free(smlen);
    return result != NULL ? result : "none (record equal, digest differs: formatting)";
}

static FILE *open_out(const options *o, const pqsig_alg *a, char *path, size_t cap)
{
    const char *base;
    if (o->out == NULL) {
        return NULL;
    }
    if (!o->several) {
        snprintf(path, cap, "%s", o->out);
    } else {
        base = strrchr(a->kat_file, '/');
        base = base != NULL ? base + 1 : a->kat_file;
        snprintf(path, cap, "%s/%s.%s", o->out, base, a->d.impl);
    }
    return fopen(path, "w");
}

static int run_kat(const options *o, const pqsig_alg *a)
{
    rsp_expected exp;
    rsp_sink sink;
    record r;
    pqsig_drbg master, rng_state;
    pqsig_rng rng = {drbg_fill, &rng_state};
    uint8_t entropy[48], digest[32];
    char hex[65], scheme[256], outpath[4096];
    const char *rel, *bad_field = NULL, *error = NULL;
    FILE *copy;
    unsigned i, bad = 0, have_bad = 0, records = o->records;
    double t0 = now();
    size_t smcap;

    if (a->kat_file == NULL) {
        printf("SKIP %s %s reason=no-official-kat\n", a->d.name, a->d.impl);
        return 0;
    }
    if (!pqsig_runs_here(a)) {
        printf("SKIP %s %s reason=cpu-lacks-features\n", a->d.name, a->d.impl);
        return 0;
    }
    rel = strchr(a->kat_file, '/');
    snprintf(scheme, sizeof scheme, "%.*s", (int)(rel - a->kat_file), a->kat_file);
    if (rsp_load_expected(&exp, o->kat_dir, scheme, rel + 1) != 0) {
        printf("FAIL %s %s error=no-expected-digests kat=%s/%s\n", a->d.name, a->d.impl, o->kat_dir,
               a->kat_file);
        return 1;
    }
    /* A file known only by the digests of its first records (no official
     * file: a published single-record KAT): those records are what there is
     * to check. */
    if (!exp.have_file && records > exp.nrecords) {
        records = exp.nrecords;
    }
    smcap = 33 * 100 + a->d.signature_bytes;
    r.msg = malloc(33 * 100);
    r.m2 = malloc(smcap);
    r.pk = malloc(a->d.public_key_bytes);
    r.sk = malloc(a->d.secret_key_bytes);
    r.sm = malloc(smcap);
    if (r.msg == NULL || r.m2 == NULL || r.pk == NULL || r.sk == NULL || r.sm == NULL) {
        printf("FAIL %s %s error=out-of-memory\n", a->d.name, a->d.impl);
        return 1;
    }
    copy = open_out(o, a, outpath, sizeof outpath);
    rsp_init(&sink, copy);
    rsp_text(&sink, "# ");
    rsp_text(&sink, a->kat_header);
    rsp_text(&sink, "\n\n");
    for (i = 0; i < 48; i++) {
        entropy[i] = (uint8_t)i;
    }
    pqsig_drbg_init(&master, entropy, NULL, 256);
    for (i = 0; i < records && error == NULL; i++) {
        size_t mlen2 = smcap;
        /* The request file's seed and message come from the master DRBG;
         * the scheme's randomness from a DRBG seeded with that seed. */
        r.mlen = 33 * (size_t)(i + 1);
        pqsig_drbg_randombytes(&master, r.seed, 48);
        pqsig_drbg_randombytes(&master, r.msg, r.mlen);
        pqsig_drbg_init(&rng_state, r.seed, NULL, 256);
        rsp_record_begin(&sink);
        rsp_uint(&sink, "count", i);
        rsp_hex(&sink, "seed", r.seed, 48);
        rsp_uint(&sink, "mlen", r.mlen);
        rsp_hex(&sink, "msg", r.msg, r.mlen);
        r.smlen = smcap;
        if (pqsig_keypair_rng(a, r.pk, r.sk, &rng) != PQSIG_OK) {
            error = "keypair";
        } else if (pqsig_sign_message_rng(a, r.sm, &r.smlen, r.msg, r.mlen, r.sk, &rng) != PQSIG_OK) {
            error = "sign";
        } else if (pqsig_open(a, r.m2, &mlen2, r.sm, r.smlen, r.pk) != PQSIG_OK || mlen2 != r.mlen ||
                   memcmp(r.m2, r.msg, r.mlen) != 0) {
            error = "open";
        }
        rsp_hex(&sink, "pk", r.pk, a->d.public_key_bytes);
        rsp_hex(&sink, "sk", r.sk, a->d.secret_key_bytes);
        rsp_uint(&sink, "smlen", r.smlen);
        rsp_hex(&sink, "sm", r.sm, r.smlen);
        rsp_record_end(&sink, digest);
        if (!have_bad && i < exp.nrecords && memcmp(digest, exp.records[i], 32) != 0) {
            char path[4096];
            have_bad = 1;
            bad = i;
            rsp_shipped_path(path, sizeof path, o->kat_dir, a->kat_file);
            bad_field = path[0] ? diff_field(path, i, &r, a) : "unknown (no shipped file)";
        }
        if (o->progress) {
            fprintf(stderr, "\r  %s %s: record %u/%u", a->d.name, a->d.impl, i + 1, records);
            fflush(stderr);
        }
    }
    if (o->progress) {
        fprintf(stderr, "\r%*s\r", 60, "");
    }
    rsp_finish(&sink, digest);
    if (copy != NULL) {
        fclose(copy);
    }
    rsp_digest_hex(hex, digest);
    free(r.msg);
    free(r.m2);
    free(r.pk);
    free(r.sk);
    free(r.sm);
    pqsig_drbg_release(&master);
    pqsig_drbg_release(&rng_state);

    if (error != NULL) {
        printf("FAIL %s %s error=%s-failed record=%u\n", a->d.name, a->d.impl, error, i - 1);
        return 1;
    }
    if (have_bad) {
        printf("FAIL %s %s records=%u first-bad-record=%u field=%s\n", a->d.name, a->d.impl, records,
               bad, bad_field);
        return 1;
    }
    if (records == 100) {
        int ok = exp.have_file && memcmp(digest, exp.file, 32) == 0;
        printf("%s %s %s records=100 sha256=%s%s time=%.2fs\n", ok ? "PASS" : "FAIL", a->d.name, a->d.impl,
               hex, exp.have_file ? "" : " error=no-full-file-digest", now() - t0);
        return ok ? 0 : 1;
    }
    if (records > exp.nrecords) {
        printf("FAIL %s %s records=%u error=only-%u-record-digests\n", a->d.name, a->d.impl, records,
               exp.nrecords);
        return 1;
    }
    printf("PASS %s %s records=%u matched=record-digests time=%.2fs\n", a->d.name, a->d.impl, records,
           now() - t0);
    return 0;
}

static int usage(FILE *f)
{
    fprintf(f, "usage: pqsig-kat [--kat-dir DIR] [--records N] [--impl IMPL] [--out PATH] [--progress]\n"
               "                 [--cpu-traits detected|none|all|zmm-halves] NAME... | --all [--level L]\n"
               "       pqsig-kat --list\n"
               "       pqsig-kat --req FILE   (write the NIST request file; prints its sha256)\n");
    return f == stderr ? 2 : 0;
}

int main(int argc, char **argv)
{
    options o = {"test/data/kat", 100, NULL, NULL, 0, 0};
    const char *names[4096];
    int nnames = 0, all = 0, level = 0, i, failed = 0, ran = 0;
    size_t k;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            return usage(stdout);
        } else if (strcmp(argv[i], "--kat-dir") == 0 && i + 1 < argc) {
            o.kat_dir = argv[++i];
        } else if (strcmp(argv[i], "--records") == 0 && i + 1 < argc) {
            long n = strtol(argv[++i], NULL, 10);
            if (n < 1 || n > 100) {
                fprintf(stderr, "pqsig-kat: --records takes 1..100\n");
                return 2;
            }
            o.records = (unsigned)n;
        } else if (strcmp(argv[i], "--impl") == 0 && i + 1 < argc) {
            o.impl = argv[++i];
        } else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc) {
            o.out = argv[++i];
        } else if (strcmp(argv[i], "--progress") == 0) {
            o.progress = 1;
        } else if (strcmp(argv[i], "--cpu-traits") == 0 && i + 1 < argc) {
            /* the kernels of every trait (none) or each trait's declines (all), on any CPU */
            uint32_t t;
            if (pqsig_cpu_traits_parse(argv[++i], &t) != 0) {
                fprintf(stderr, "pqsig-kat: --cpu-traits takes detected, none, all or a trait's name\n");
                return 2;
            }
            pqsig_cpu_traits_force(t);
        } else if (strcmp(argv[i], "--all") == 0) {
            all = 1;
        } else if (strcmp(argv[i], "--level") == 0 && i + 1 < argc) {
            level = atoi(argv[++i]); /* --all: only the sets of this NIST level */
        } else if (strcmp(argv[i], "--list") == 0) {
            for (k = 0; k < pqsig_count(); k++) {
                const pqsig_alg *a = pqsig_at(k);
                printf("%s %s %s\n", a->d.name, a->d.impl, a->kat_file != NULL ? a->kat_file : "-");
            }
            return 0;
        } else if (strcmp(argv[i], "--req") == 0 && i + 1 < argc) {
            FILE *f = fopen(argv[++i], "w");
            rsp_sink s;
            uint8_t d[32];
            char hex[65];
            if (f == NULL) {
                perror(argv[i]);
                return 1;
            }
            rsp_init(&s, f);
            if (rsp_write_req(&s, 100) != 0) {
                return 1;
            }
            rsp_finish(&s, d);
            fclose(f);
            rsp_digest_hex(hex, d);
            printf("%s  %s\n", hex, argv[i]);
            return 0;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "pqsig-kat: unknown option %s\n", argv[i]);
            return usage(stderr);
        } else if (nnames < (int)(sizeof names / sizeof names[0])) {
            names[nnames++] = argv[i];
        }
    }
    if (!all && nnames == 0) {
        return usage(stderr);
    }
    o.several = all || nnames > 1 || o.impl == NULL;
    for (i = 0; i < nnames; i++) {
        int found = 0;
        for (k = 0; k < pqsig_count(); k++) {
            if (strcmp(pqsig_at(k)->d.name, names[i]) == 0) {
                found = 1;
            }
        }
        if (!found) {
            fprintf(stderr, "pqsig-kat: unknown algorithm %s (see --list)\n", names[i]);
            return 2;
        }
    }
    for (k = 0; k < pqsig_count(); k++) {
        const pqsig_alg *a = pqsig_at(k);
        int wanted = all && (level == 0 || a->d.level == level);
        for (i = 0; i < nnames; i++) {
            wanted |= strcmp(a->d.name, names[i]) == 0;
        }
        if (!wanted || (o.impl != NULL ? strcmp(a->d.impl, o.impl) != 0 : strcmp(a->d.impl, "decline") == 0)) {
            continue; /* the test backend only with --impl decline */
        }
        failed += run_kat(&o, a);
        ran++;
        fflush(stdout);
    }
    printf("%d variants: %d passed or skipped, %d failed\n", ran, ran - failed, failed);
    return failed ? 1 : 0;
}
