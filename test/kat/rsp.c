#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/drbg.h"
#include "rsp.h"

void rsp_init(rsp_sink *s, FILE *copy)
{
    s->copy = copy;
    pqsig_sha256_init(&s->file);
    s->in_record = 0;
}

static void emit(rsp_sink *s, const char *data, size_t len)
{
    pqsig_sha256_update(&s->file, (const uint8_t *)data, len);
    if (s->in_record) {
        pqsig_sha256_update(&s->record, (const uint8_t *)data, len);
    }
    if (s->copy != NULL && len > 0) {
        fwrite(data, 1, len, s->copy);
    }
}

void rsp_text(rsp_sink *s, const char *text)
{
    emit(s, text, strlen(text));
}

void rsp_uint(rsp_sink *s, const char *label, unsigned long long v)
{
    char line[96];
    int n = snprintf(line, sizeof line, "%s = %llu\n", label, v);
    emit(s, line, (size_t)n);
}

void rsp_hex(rsp_sink *s, const char *label, const uint8_t *data, size_t len)
{
    static const char digits[] = "0123456789ABCDEF";
    char buf[2 * 512];
    size_t i = 0;
    rsp_text(s, label);
    rsp_text(s, " = ");
    if (len == 0) {
        rsp_text(s, "00");
    }
    while (i < len) {
        size_t n = 0;
        while (i < len && n < sizeof buf) {
            buf[n++] = digits[data[i] >> 4];
            buf[n++] = digits[data[i] & 15];
            i++;
        }
        emit(s, buf, n);
    }
    rsp_text(s, "\n");
}

void rsp_record_begin(rsp_sink *s)
{
    pqsig_sha256_init(&s->record);
    s->in_record = 1;
}

void rsp_record_end(rsp_sink *s, uint8_t rec32[32])
{
    s->in_record = 0;
    pqsig_sha256_final(&s->record, rec32);
    rsp_text(s, "\n");
}

void rsp_finish(rsp_sink *s, uint8_t file32[32])
{
    pqsig_sha256_final(&s->file, file32);
    if (s->copy != NULL) {
        fflush(s->copy);
    }
}

int rsp_write_req(rsp_sink *s, unsigned records)
{
    uint8_t entropy[48], seed[48], msg[33 * 100];
    pqsig_drbg d;
    unsigned i;
    if (records > 100) {
        return -1;
    }
    for (i = 0; i < 48; i++) {
        entropy[i] = (uint8_t)i;
    }
    if (pqsig_drbg_init(&d, entropy, NULL, 256) != 0) {
        return -1;
    }
    for (i = 0; i < records; i++) {
        size_t mlen = 33 * (size_t)(i + 1);
        uint8_t rec[32];
        rsp_record_begin(s);
        rsp_uint(s, "count", i);
        if (pqsig_drbg_randombytes(&d, seed, 48) != 0 || pqsig_drbg_randombytes(&d, msg, mlen) != 0) {
            return -1;
        }
        rsp_hex(s, "seed", seed, 48);
        rsp_uint(s, "mlen", mlen);
        rsp_hex(s, "msg", msg, mlen);
        rsp_text(s, "pk =\nsk =\nsmlen =\nsm =\n");
        rsp_record_end(s, rec);
    }
    pqsig_drbg_release(&d);
    return 0;
}

int rsp_parse_digest(uint8_t out[32], const char *hex)
{
    unsigned i;
    for (i = 0; i < 32; i++) {
        unsigned v;
        char pair[3] = {hex[2 * i], hex[2 * i + 1], 0};
        char *end;
        if (pair[0] == 0 || pair[1] == 0) {
            return -1;
        }
        v = (unsigned)strtoul(pair, &end, 16);
        if (*end != 0) {
            return -1;
        }
        out[i] = (uint8_t)v;
    }
    return 0;
}

void rsp_digest_hex(char out[65], const uint8_t d[32])
{
    unsigned i;
    for (i = 0; i < 32; i++) {
        snprintf(out + 2 * i, 3, "%02x", d[i]);
    }
}

static FILE *open_in(const char *dir, const char *scheme, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s/%s", dir, scheme, name);
    return fopen(path, "r");
}

int rsp_load_expected(rsp_expected *e, const char *kat_dir, const char *scheme, const char *relpath)
{
    char line[4096];
    size_t rl = strlen(relpath);
    FILE *f;
    int k;
    memset(e, 0, sizeof *e);
    /* SHA256SUMS: "<hex>  <relpath>" */
    f = open_in(kat_dir, scheme, "SHA256SUMS");
    if (f != NULL) {
        while (fgets(line, sizeof line, f) != NULL) {
            line[strcspn(line, "\r\n")] = 0;
            if (strlen(line) > 66 && strcmp(line + 66, relpath) == 0 && rsp_parse_digest(e->file, line) == 0) {
                e->have_file = 1;
            }
        }
        fclose(f);
    }
    /* RECORDS.sha256: "<hex>  <relpath> count=N"; RECORDS.interop.sha256,
     * the same for files that have no official KAT but a published
     * digest elsewhere (kept by ./pqsig kat-import). */
    for (k = 0; k < 2; k++) {
        f = open_in(kat_dir, scheme, k == 0 ? "RECORDS.sha256" : "RECORDS.interop.sha256");
        if (f == NULL) {
            continue;
        }
        while (fgets(line, sizeof line, f) != NULL) {
            unsigned count;
            line[strcspn(line, "\r\n")] = 0;
            if (line[0] == '#' || strlen(line) < 66 + rl || strncmp(line + 66, relpath, rl) != 0 ||
                sscanf(line + 66 + rl, " count=%u", &count) != 1 || count >= 100) {
                continue;
            }
            if (rsp_parse_digest(e->records[count], line) == 0 && count + 1 > e->nrecords) {
                e->nrecords = count + 1;
            }
        }
        fclose(f);
    }
    return e->have_file || e->nrecords > 0 ? 0 : -1;
}

int rsp_shipped_path(char *out, size_t cap, const char *kat_dir, const char *kat_file)
{
    static const char *suffixes[] = {".rsp", ".first3.rsp", ".first1.rsp", ".first1.rsp.gz"};
    size_t i, n = strlen(kat_file);
    for (i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
        FILE *f;
        snprintf(out, cap, "%s/%.*s%s", kat_dir, (int)(n > 4 ? n - 4 : n), kat_file, suffixes[i]);
        f = fopen(out, "r");
        if (f != NULL) {
            fclose(f);
            return 0;
        }
    }
    out[0] = 0;
    return -1;
}

static int is_gz(const char *path)
{
    size_t n = strlen(path);
    return n > 3 && strcmp(path + n - 3, ".gz") == 0;
}

/* A .gz file is read through `gzip -dc` (the path is quoted for the shell;
 * a path containing a quote is refused). */
#if defined(__unix__) || defined(__APPLE__)
static FILE *open_text(const char *path)
{
    char cmd[4200];
    if (!is_gz(path)) {
        return fopen(path, "r");
    }
    if (strchr(path, '\'') != NULL || strlen(path) > 4000) {
        return NULL;
    }
    snprintf(cmd, sizeof cmd, "gzip -dc '%s' 2>/dev/null", path);
    return popen(cmd, "r");
}

static void close_text(FILE *f, const char *path)
{
    if (is_gz(path)) {
        pclose(f);
    } else {
        fclose(f);
    }
}
#else
/* Without processes (bare metal) only the plain record files open. */
static FILE *open_text(const char *path)
{
    return is_gz(path) ? NULL : fopen(path, "r");
}

static void close_text(FILE *f, const char *path)
{
    (void)path;
    fclose(f);
}
#endif

char *rsp_shipped_field(const char *path, unsigned count, const char *label)
{
    FILE *f = open_text(path);
    char *line = NULL, *result = NULL;
    size_t cap = 0, ll = strlen(label);
    long current = -1;
    if (f == NULL) {
        return NULL;
    }
    while (getline(&line, &cap, f) > 0) {
        unsigned c;
        if (sscanf(line, "count = %u", &c) == 1) {
            current = (long)c;
            if (current > (long)count) {
                break;
            }
            continue;
        }
        if (current == (long)count && strncmp(line, label, ll) == 0 && strncmp(line + ll, " = ", 3) == 0) {
            line[strcspn(line, "\r\n")] = 0;
            result = malloc(strlen(line + ll + 3) + 1);
            if (result != NULL) {
                strcpy(result, line + ll + 3);
            }
            break;
        }
    }
    if (is_gz(path)) {
        /* Drain the pipe so gzip ends without a broken-pipe message. */
        while (getline(&line, &cap, f) > 0) {
        }
    }
    free(line);
    close_text(f, path);
    return result;
}

uint8_t *rsp_shipped_bytes(const char *path, unsigned count, const char *label, size_t len)
{
    char *hex = rsp_shipped_field(path, count, label);
    uint8_t *out = malloc(len > 0 ? len : 1);
    size_t i;
    int ok = hex != NULL && out != NULL && strlen(hex) == 2 * len;
    for (i = 0; ok && i < len; i++) {
        unsigned v;
        ok = sscanf(hex + 2 * i, "%2x", &v) == 1;
        out[i] = (uint8_t)v;
    }
    free(hex);
    if (!ok) {
        free(out);
        return NULL;
    }
    return out;
}

size_t rsp_shipped_size(const char *path, unsigned count, const char *label)
{
    char *text = rsp_shipped_field(path, count, label);
    size_t v = text != NULL ? (size_t)strtoull(text, NULL, 10) : 0;
    free(text);
    return v;
}
