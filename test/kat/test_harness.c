/* The KAT harness's pieces on real data: the DRBG reproduces the NIST request
 * file; the record writer, fed the fields of shipped official records,
 * reproduces their per-record digests; the expected-digest loader reads
 * SHA256SUMS and RECORDS.sha256. Argument: the kat directory. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>

#include "check.h"
#include "rsp.h"

static const char *kat_dir;

static void request_file(void)
{
    rsp_sink s;
    uint8_t d[32], want[32];
    rsp_init(&s, NULL);
    CHECK(rsp_write_req(&s, 100) == 0, "req written");
    rsp_finish(&s, d);
    check_unhex(want, 32, "81ff60e3ef698751e5572f0bb7f831f069605229c220ee1cf27a92572d6ebc7e");
    CHECK_MEM(d, want, 32, "PQCsignKAT .req sha256");
}

static void hex_format(void)
{
    const uint8_t data[3] = {0x0a, 0xbc, 0xff};
    uint8_t d1[32], d2[32];
    rsp_sink s;
    /* Same bytes through the writer and through SHA-256 directly. */
    rsp_init(&s, NULL);
    rsp_hex(&s, "x", data, 3);
    rsp_hex(&s, "e", data, 0);
    rsp_finish(&s, d1);
    pqsig_sha256(d2, (const uint8_t *)"x = 0ABCFF\ne = 00\n", 18);
    CHECK_MEM(d1, d2, 32, "upper-case hex, empty value as 00");
}

static size_t unhex_alloc(uint8_t **out, const char *hex)
{
    size_t n = strlen(hex) / 2, i;
    *out = malloc(n + 1);
    for (i = 0; i < n; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        (*out)[i] = (uint8_t)v;
    }
    return n;
}

/* Re-emit records 0..2 of a shipped file field by field; compare digests. */
static void shipped_records(const char *scheme, const char *rel, const char *shipped)
{
    rsp_expected e;
    char path[4096];
    unsigned c;
    snprintf(path, sizeof path, "%s/%s/%s", kat_dir, scheme, shipped);
    CHECK(rsp_load_expected(&e, kat_dir, scheme, rel) == 0 && e.have_file && e.nrecords == 100,
          "expected digests of %s", rel);
    for (c = 0; c < 3; c++) {
        static const char *hexfields[] = {"seed", "msg", "pk", "sk", "sm"};
        char *v[5], *mlen = rsp_shipped_field(path, c, "mlen"), *smlen = rsp_shipped_field(path, c, "smlen");
        uint8_t *b[5], d[32];
        size_t n[5];
        rsp_sink s;
        unsigned k;
        int have = mlen != NULL && smlen != NULL;
        for (k = 0; k < 5; k++) {
            v[k] = rsp_shipped_field(path, c, hexfields[k]);
            have = have && v[k] != NULL;
        }
        CHECK(have, "record %u of %s shipped", c, shipped);
        if (!have) {
            return;
        }
        for (k = 0; k < 5; k++) {
            n[k] = unhex_alloc(&b[k], v[k]);
        }
        rsp_init(&s, NULL);
        rsp_record_begin(&s);
        rsp_uint(&s, "count", c);
        rsp_hex(&s, "seed", b[0], n[0]);
        rsp_uint(&s, "mlen", strtoull(mlen, NULL, 10));
        rsp_hex(&s, "msg", b[1], n[1]);
        rsp_hex(&s, "pk", b[2], n[2]);
        rsp_hex(&s, "sk", b[3], n[3]);
        rsp_uint(&s, "smlen", strtoull(smlen, NULL, 10));
        rsp_hex(&s, "sm", b[4], n[4]);
        rsp_record_end(&s, d);
        CHECK_MEM(d, e.records[c], 32, "record %u digest of %s", c, shipped);
        for (k = 0; k < 5; k++) {
            free(v[k]);
            free(b[k]);
        }
        free(mlen);
        free(smlen);
    }
}

static void loader(void)
{
    rsp_expected e;
    uint8_t want[32];
    CHECK(rsp_load_expected(&e, kat_dir, "snova", "v2.2/PQCsignKAT_SNOVA_24_5_16_4.rsp") == 0, "load");
    check_unhex(want, 32, "45d90303a1e3e4fc0be8b6164ecca2c40483dd1a9b5ca7467908d38d45b025e2");
    CHECK(e.have_file && memcmp(e.file, want, 32) == 0, "full-file digest read");
    CHECK(rsp_load_expected(&e, kat_dir, "snova", "v2.2/no-such-file.rsp") != 0, "unknown file rejected");
    CHECK(rsp_shipped_field("/nonexistent", 0, "pk") == NULL, "missing shipped file");
}

int main(int argc, char **argv)
{
    kat_dir = argc > 1 ? argv[1] : "test/data/kat";
    request_file();
    hex_format();
    loader();
    shipped_records("snova", "v2.2/PQCsignKAT_SNOVA_24_5_16_4.rsp", "v2.2/PQCsignKAT_SNOVA_24_5_16_4.rsp");
    shipped_records("snova", "v2.1/PQCsignKAT_SNOVA_37_8_19_4.rsp", "v2.1/PQCsignKAT_SNOVA_37_8_19_4.rsp");
    shipped_records("nccsign", "SHAKE/PQCsignKAT_2688.rsp", "SHAKE/PQCsignKAT_2688.rsp");
    shipped_records("falcon", "falcon512-KAT.rsp", "falcon512-KAT.first3.rsp");
    return check_done("test_kat_harness");
}
