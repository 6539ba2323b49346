/* Writing NIST PQCgenKAT_sign files (.req and .rsp) as a stream: every byte
 * goes into a SHA-256 of the whole file and of the current record (the
 * lines "count = " through "sm = ", as test/data/kat/<scheme>/RECORDS.sha256
 * digests them), and optionally into a file. Nothing is held in memory. */
#ifndef PQSIG_KAT_RSP_H
#define PQSIG_KAT_RSP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "common/sha2.h"

typedef struct {
    FILE *copy; /* NULL: hash only */
    pqsig_sha256_ctx file;
    pqsig_sha256_ctx record;
    int in_record;
} rsp_sink;

void rsp_init(rsp_sink *s, FILE *copy);
void rsp_text(rsp_sink *s, const char *text);
/* "label = N\n" */
void rsp_uint(rsp_sink *s, const char *label, unsigned long long v);
/* "label = HEX\n" in upper case; an empty value prints "00" as NIST's fprintBstr does. */
void rsp_hex(rsp_sink *s, const char *label, const uint8_t *data, size_t len);
void rsp_record_begin(rsp_sink *s);
/* Ends the record (its digest to rec32) and writes the blank line after it. */
void rsp_record_end(rsp_sink *s, uint8_t rec32[32]);
void rsp_finish(rsp_sink *s, uint8_t file32[32]);

/* The NIST request file: 100 records of seeds and messages (mlen = 33 (i+1))
 * drawn from the DRBG instantiated with entropy bytes 0..47. Returns 0 or -1. */
int rsp_write_req(rsp_sink *s, unsigned records);

/* Digests shipped in test/data/kat/<scheme>/: full files and records. */
typedef struct {
    int have_file;
    uint8_t file[32];
    unsigned nrecords;
    uint8_t records[100][32];
} rsp_expected;

/* Reads SHA256SUMS and RECORDS.sha256 for `relpath` (e.g.
 * "v2.2/PQCsignKAT_SNOVA_24_5_16_4.rsp") in kat_dir/scheme. 0 or -1. */
int rsp_load_expected(rsp_expected *e, const char *kat_dir, const char *scheme, const char *relpath);

/* Parse a hex digest of 64 characters. 0 or -1. */
int rsp_parse_digest(uint8_t out[32], const char *hex);
void rsp_digest_hex(char out[65], const uint8_t d[32]);

/* The shipped, truncated copy of the official file kat_file (relative to
 * kat_dir): the file itself, or its .first3.rsp / .first1.rsp /
 * .first1.rsp.gz excerpt. 0 with the path in out, or -1. */
int rsp_shipped_path(char *out, size_t cap, const char *kat_dir, const char *kat_file);

/* The value (text after "label = ") of a field of record `count` in a
 * shipped .rsp file (or .rsp.gz), in a malloc'd string the caller frees; NULL if the file
 * or the record or the field is not there. */
char *rsp_shipped_field(const char *path, unsigned count, const char *label);
/* A field of hex digits as len bytes, malloc'd; NULL if it is missing, of
 * another length or not hex. */
uint8_t *rsp_shipped_bytes(const char *path, unsigned count, const char *label, size_t len);
/* A decimal field (mlen, smlen); 0 if it is missing. */
size_t rsp_shipped_size(const char *path, unsigned count, const char *label);

#endif
