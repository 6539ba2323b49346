/* Falcon round 3: the sampler and signing test vectors of the round-3
 * package (Supporting_Documentation/additional/test-vector-sampler-*.txt).
 *
 * Each file holds one signature: the key (f, g, F, G), the hashed message,
 * then every SamplerZ call in order, with its centre mu and 1/sigma (exact
 * hexadecimal floats), each attempt's random input (the 72-bit base
 * sampler value, the sign byte, the bytes of the Bernoulli trial) and the
 * result, and finally the signature vector s2. Checked here:
 *   - the base sampler on every 72-bit value;
 *   - SamplerZ on every call, fed with exactly the recorded bytes: its
 *     result, and that it reads all of them and no more;
 *   - one signing attempt (falcon_sign_attempt) whose SamplerZ replays the
 *     recorded calls: the centres and deviations it asks for must equal the
 *     recorded ones bit for bit, and the resulting s2 the signature vector.
 * Usage: test_falcon_sampler FILE[.gz] [FILE...] */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "falcon/fpr.h"
#include "falcon/kernels.h"
#include "falcon/prng.h"
#include "falcon/sampler.h"
#include "falcon/sign.h"

#define MAX_N 1024
#define MAX_BYTES 400

typedef struct {
    uint64_t mu, isigma; /* bit patterns of the binary64 values */
    int result;
    uint8_t bytes[MAX_BYTES];
    size_t nbytes;
    int bad; /* the record could not be parsed */
} zcall;

typedef struct {
    unsigned logn;
    int8_t f[MAX_N], g[MAX_N], F[MAX_N], G[MAX_N];
    uint16_t hm[MAX_N];
    int16_t sig[MAX_N];
    zcall *calls;
    size_t ncalls;
    /* base sampler inputs and outputs */
    uint8_t (*base_in)[9];
    int *base_out;
    size_t nbase;
} vectors;

/* The whole file; a .gz file through `gzip -dc` (the shipped copies in
 * test/data/kat/falcon are gzipped). */
static char *read_file(const char *path)
{
    size_t n = strlen(path), cap = (size_t)1 << 20, len = 0, got;
    int gz = n > 3 && strcmp(path + n - 3, ".gz") == 0;
    char cmd[4200], *buf = malloc(cap), *bigger;
    FILE *fp;
    if (buf == NULL) {
        return NULL;
    }
    if (gz) {
        snprintf(cmd, sizeof cmd, "gzip -dc '%s' 2>/dev/null", path);
        fp = popen(cmd, "r");
    } else {
        fp = fopen(path, "rb");
    }
    if (fp == NULL) {
        free(buf);
        return NULL;
    }
    while ((got = fread(buf + len, 1, cap - len - 1, fp)) > 0) {
        len += got;
        if (len + 1 == cap) {
            bigger = realloc(buf, 2 * cap);
            if (bigger == NULL) {
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    buf[len] = 0;
    if (gz) {
        pclose(fp);
    } else {
        fclose(fp);
    }
    if (len == 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

static uint64_t bits_of(double d)
{
    uint64_t b;
    memcpy(&b, &d, sizeof b);
    return b;
}

/* "name = v v v ..." into out; returns how many values were read. */
static size_t parse_ints(const char *s, long *out, size_t cap)
{
    size_t k = 0;
    char *end;
    while (k < cap) {
        long v = strtol(s, &end, 10);
        if (end == s) {
            break;
        }
        out[k++] = v;
        s = end;
    }
    return k;
}

/* The value after "key =" on a line starting (after blanks) with key. */
static const char *field(const char *line, const char *key)
{
    size_t kl = strlen(key);
    while (*line == ' ') {
        line++;
    }
    if (strncmp(line, key, kl) != 0) {
        return NULL;
    }
    line += kl;
    while (*line == ' ') {
        line++;
    }
    if (*line != '=') {
        return NULL;
    }
    return line + 1;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

/* The "0xNN" after "random byte:" in a line. */
static int random_byte(const char *line)
{
    const char *p = strstr(line, "random byte: 0x");
    int hi, lo;
    if (p == NULL) {
        return -1;
    }
    p += strlen("random byte: 0x");
    hi = hexval(p[0]);
    lo = hexval(p[1]);
    if (hi < 0 || lo < 0) {
        return -1;
    }
    return hi * 16 + lo;
}

static int parse_vectors(vectors *v, char *text)
{
    long tmp[MAX_N + 1];
    size_t n = 0, calls_cap = 4096, base_cap = 8192;
    zcall *cur = NULL;
    char *line = text;
    int have_sig = 0;

    memset(v, 0, sizeof *v);
    v->calls = calloc(calls_cap, sizeof *v->calls);
    v->base_in = calloc(base_cap, sizeof *v->base_in);
    v->base_out = calloc(base_cap, sizeof *v->base_out);
    if (v->calls == NULL || v->base_in == NULL || v->base_out == NULL) {
        return -1;
    }
    while (line != NULL && *line != 0) {
        char *next = strchr(line, '\n');
        const char *val;
        if (next != NULL) {
            *next++ = 0;
        }
        if (strstr(line, "FALCON-512") != NULL) {
            v->logn = 9;
        } else if (strstr(line, "FALCON-1024") != NULL) {
            v->logn = 10;
        }
        n = (size_t)1 << v->logn;
        if ((val = field(line, "f")) != NULL || (val = field(line, "g")) != NULL
            || (val = field(line, "F")) != NULL || (val = field(line, "G")) != NULL) {
            int8_t *dst = line[0] == 'f' ? v->f : line[0] == 'g' ? v->g : line[0] == 'F' ? v->F : v->G;
            size_t i;
            if (v->logn == 0 || parse_ints(val, tmp, MAX_N + 1) != n) {
                return -1;
            }
            for (i = 0; i < n; i++) {
                dst[i] = (int8_t)tmp[i];
            }
        } else if ((val = field(line, "hashed message")) != NULL) {
            size_t i;
            if (v->logn == 0 || parse_ints(val, tmp, MAX_N + 1) != n) {
                return -1;
            }
            for (i = 0; i < n; i++) {
                v->hm[i] = (uint16_t)tmp[i];
            }
        } else if ((val = field(line, "signature vector")) != NULL) {
            size_t i;
            if (v->logn == 0 || parse_ints(val, tmp, MAX_N + 1) != n) {
                return -1;
            }
            for (i = 0; i < n; i++) {
                v->sig[i] = (int16_t)tmp[i];
            }
            have_sig = 1;
        } else if (strncmp(line, "SamplerZ:", 9) == 0) {
            if (v->ncalls == calls_cap) {
                return -1;
            }
            cur = &v->calls[v->ncalls++];
            cur->bad = 1;
        } else if (cur != NULL && (val = field(line, "mu")) != NULL) {
            cur->mu = bits_of(strtod(val, NULL));
        } else if (cur != NULL && (val = field(line, "1/sigma")) != NULL) {
            cur->isigma = bits_of(strtod(val, NULL));
        } else if (cur != NULL && strstr(line, "BaseSampler: u = 0x") != NULL) {
            /* 72 bits, 18 hex digits: the top byte is read last (after the
             * 64-bit little-endian low part). */
            const char *p = strstr(line, "0x") + 2;
            uint8_t be[9];
            int i, z0;
            for (i = 0; i < 9; i++) {
                int hi = hexval(p[2 * i]), lo = hexval(p[2 * i + 1]);
                if (hi < 0 || lo < 0) {
                    return -1;
                }
                be[i] = (uint8_t)(hi * 16 + lo);
            }
            p = strstr(line, "z0 =");
            if (p == NULL || cur->nbytes + 9 > MAX_BYTES || v->nbase == base_cap) {
                return -1;
            }
            z0 = atoi(p + 4);
            for (i = 0; i < 8; i++) {
                cur->bytes[cur->nbytes + (size_t)i] = be[8 - i];
                v->base_in[v->nbase][i] = be[8 - i];
            }
            cur->bytes[cur->nbytes + 8] = be[0];
            v->base_in[v->nbase][8] = be[0];
            v->base_out[v->nbase++] = z0;
            cur->nbytes += 9;
        } else if (cur != NULL && strstr(line, "random byte:") != NULL) {
            int b = random_byte(line);
            if (b < 0 || cur->nbytes + 1 > MAX_BYTES) {
                return -1;
            }
            cur->bytes[cur->nbytes++] = (uint8_t)b;
        } else if (cur != NULL && strstr(line, "Accepted, ret =") != NULL) {
            cur->result = atoi(strstr(line, "=") + 1);
            cur->bad = 0;
            cur = NULL;
        }
        line = next;
    }
    return (v->logn != 0 && have_sig && v->ncalls > 0) ? 0 : -1;
}

static void load_prng(falcon_prng *p, const uint8_t *bytes, size_t len)
{
    memset(p, 0, sizeof *p);
    memcpy(p->buf.b, bytes, len);
    p->pos = 0;
}

/* The replaying SamplerZ of the signing check. */
typedef struct {
    const vectors *v;
    size_t next;
    size_t mismatches;
    fpr sigma_min;
} replay;

static int replay_sampler(void *ctx, fpr mu, fpr isigma)
{
    replay *rp = ctx;
    const zcall *c;
    falcon_sampler_ctx sc;
    if (rp->next >= rp->v->ncalls) {
        rp->mismatches++;
        return 0;
    }
    c = &rp->v->calls[rp->next++];
    if (fpr_to_bits(mu) != c->mu || fpr_to_bits(isigma) != c->isigma) {
        if (rp->mismatches++ < 5) {
            fprintf(stderr, "call %zu: mu %016llx / %016llx, isigma %016llx / %016llx\n", rp->next - 1,
                    (unsigned long long)fpr_to_bits(mu), (unsigned long long)c->mu,
                    (unsigned long long)fpr_to_bits(isigma), (unsigned long long)c->isigma);
        }
    }
    load_prng(&sc.p, c->bytes, c->nbytes);
    sc.sigma_min = rp->sigma_min;
    return falcon_sampler_z(&sc, mu, isigma);
}

static void run_file(const char *path)
{
    char *text = read_file(path);
    vectors *v = calloc(1, sizeof *v);
    size_t i, n, bad_base = 0, bad_z = 0, bad_pos = 0, bad_rec = 0;
    replay rp;
    int16_t s2[MAX_N];
    uint8_t *raw, *tmp;
    int ok;

    CHECK(text != NULL && v != NULL, "%s: cannot read", path);
    if (text == NULL || v == NULL) {
        free(text);
        free(v);
        return;
    }
    ok = parse_vectors(v, text);
    CHECK(ok == 0, "%s: cannot parse", path);
    if (ok != 0) {
        goto done;
    }
    n = (size_t)1 << v->logn;
    CHECK(v->ncalls >= 2 * n, "%s: %zu SamplerZ calls for n = %zu", path, v->ncalls, n);

    /* Base sampler. */
    for (i = 0; i < v->nbase; i++) {
        falcon_prng p;
        load_prng(&p, v->base_in[i], 9);
        if (falcon_gaussian0(&p) != v->base_out[i]) {
            bad_base++;
        }
    }
    CHECK(bad_base == 0 && v->nbase > 0, "%s: base sampler: %zu of %zu wrong", path, bad_base, v->nbase);

    /* SamplerZ on the recorded bytes. */
    for (i = 0; i < v->ncalls; i++) {
        const zcall *c = &v->calls[i];
        falcon_sampler_ctx sc;
        int z;
        if (c->bad) {
            bad_rec++;
            continue;
        }
        load_prng(&sc.p, c->bytes, c->nbytes);
        sc.sigma_min = fpr_sigma_min[v->logn];
        z = falcon_sampler_z(&sc, fpr_from_bits(c->mu), fpr_from_bits(c->isigma));
        bad_z += z != c->result;
        bad_pos += sc.p.pos != c->nbytes;
    }
    CHECK(bad_rec == 0, "%s: %zu incomplete SamplerZ records", path, bad_rec);
    CHECK(bad_z == 0, "%s: SamplerZ: %zu of %zu results wrong", path, bad_z, v->ncalls);
    CHECK(bad_pos == 0, "%s: SamplerZ: %zu of %zu calls read a wrong number of bytes", path, bad_pos,
          v->ncalls);

    /* One signing attempt replaying the calls. */
    tmp = check_aligned_alloc(FALCON_SIGN_TMP_BYTES(v->logn), 8, &raw);
    rp.v = v;
    rp.next = 0;
    rp.mismatches = 0;
    rp.sigma_min = fpr_sigma_min[v->logn];
    ok = falcon_sign_attempt(s2, replay_sampler, &rp, v->f, v->g, v->F, v->G, v->hm, v->logn, tmp);
    free(raw);
    CHECK(rp.mismatches == 0, "%s: signing: %zu SamplerZ inputs differ from the record", path,
          rp.mismatches);
    CHECK(rp.next == v->ncalls, "%s: signing made %zu SamplerZ calls, the record %zu", path, rp.next,
          v->ncalls);
    CHECK(ok == 1, "%s: signing attempt rejected", path);
    CHECK(ok == 1 && memcmp(s2, v->sig, n * sizeof *s2) == 0, "%s: s2 differs from the signature vector",
          path);
done:
    free(v->calls);
    free(v->base_in);
    free(v->base_out);
    free(v);
    free(text);
}

int main(int argc, char **argv)
{
    int i;
    if (argc < 2) {
        fprintf(stderr, "usage: %s test-vector-sampler-falconN.txt...\n", argv[0]);
        return 2;
    }
    for (i = 1; i < argc; i++) {
        run_file(argv[i]);
    }
    return check_done("test_falcon_sampler");
}
