/* Falcon round 3: key generation (src/falcon/keygen*.c).
 *
 *  - Every record of the given round-3 KAT files (.rsp): the NIST DRBG
 *    seeded with the record's seed gives the 48-byte keygen seed, SHAKE256
 *    of it drives falcon_keygen, and (f, g, F) must encode to the record's
 *    sk, h to its pk (the degree comes from the pk header byte).
 *  - For a few other seeds and every degree 2^1 .. 2^10: f G - g F = q
 *    exactly in Z[x]/(x^n + 1), all of f, g, F, G within [-127, 127], h =
 *    g/f mod q, the same keys when G or h is not asked for, and the work
 *    area: FALCON_KEYGEN_TMP_BYTES covers what the solver uses, and nothing
 *    past it is written.
 *  - For those keys of degree 2^2 .. 2^10, the two signers give the same
 *    s2 from the same random stream, and read as much of it: sign.c (the
 *    LDL tree built on the way down, opt) and sign_tree.c (the expanded key
 *    and ffSampling over the whole tree, ref), each within its work area.
 * Usage: test_falcon_keygen PATH [PATH ...]: a PATH ending in .rsp is a
 * KAT file; any other is a directory holding falcon512-KAT.first3.rsp and
 * falcon1024-KAT.first3.rsp (test/data/kat/falcon). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "common/drbg.h"
#include "common/fips202.h"
#include "falcon/codec.h"
#include "falcon/keygen.h"
#include "falcon/keygen_int.h"
#include "falcon/params.h"
#include "falcon/sign.h"

#define MAX_N 1024
#define TMP_CANARY 64

static uint8_t *tmp_raw;
static uint8_t *tmp_area;

static void keygen_seeded(const uint8_t *seed, size_t seedlen, int8_t *f, int8_t *g, int8_t *F, int8_t *G,
                          uint16_t *h, unsigned logn)
{
    pqsig_shake_ctx sc;
    size_t i, len = FALCON_KEYGEN_TMP_BYTES(logn);
    memset(tmp_area + len, 0xA5, TMP_CANARY);
    pqsig_shake256_init(&sc);
    pqsig_shake_absorb(&sc, seed, seedlen);
    CHECK(falcon_keygen(&sc, f, g, F, G, h, logn, tmp_area) == 1, "keygen logn %u", logn);
    pqsig_shake_release(&sc);
    for (i = 0; i < TMP_CANARY; i++) {
        if (tmp_area[len + i] != 0xA5) {
            break;
        }
    }
    CHECK(i == TMP_CANARY, "keygen logn %u wrote past FALCON_KEYGEN_TMP_BYTES", logn);
}

/* ---- KAT records ---- */

static int hexval(int c)
{
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    return -1;
}

/* The hex value after "name = " on a line of text; returns its length in
 * bytes, or 0. */
static size_t field(const char *line, const char *name, uint8_t *out, size_t cap)
{
    size_t nl = strlen(name), len = 0;
    const char *p;
    if (strncmp(line, name, nl) != 0 || strncmp(line + nl, " = ", 3) != 0) {
        return 0;
    }
    for (p = line + nl + 3; hexval(p[0]) >= 0 && hexval(p[1]) >= 0 && len < cap; p += 2) {
        out[len++] = (uint8_t)(hexval(p[0]) * 16 + hexval(p[1]));
    }
    return len;
}

static void check_record(const uint8_t *seed, const uint8_t *pk, size_t pklen, const uint8_t *sk, size_t sklen,
                         const char *where)
{
    static int8_t f[MAX_N], g[MAX_N], F[MAX_N];
    static uint16_t h[MAX_N];
    static uint8_t mysk[FALCON_SK_BYTES(10)], mypk[FALCON_PK_BYTES(10)];
    pqsig_drbg d;
    uint8_t kseed[48];
    unsigned logn = pk[0];
    size_t u, v;

    if (logn < 9 || logn > 10 || pklen != FALCON_PK_BYTES(logn) || sklen != FALCON_SK_BYTES(logn)) {
        CHECK(0, "%s: unexpected record sizes", where);
        return;
    }
    pqsig_drbg_init(&d, seed, NULL, 256);
    pqsig_drbg_randombytes(&d, kseed, sizeof kseed);
    pqsig_drbg_release(&d);
    keygen_seeded(kseed, sizeof kseed, f, g, F, NULL, h, logn);

    mysk[0] = (uint8_t)(0x50 + logn);
    u = 1;
    v = falcon_trim_i8_encode(mysk + u, sklen - u, f, logn, FALCON_FG_BITS(logn));
    u += v;
    v = v ? falcon_trim_i8_encode(mysk + u, sklen - u, g, logn, FALCON_FG_BITS(logn)) : 0;
    u += v;
    v = v ? falcon_trim_i8_encode(mysk + u, sklen - u, F, logn, FALCON_BIG_FG_BITS) : 0;
    u += v;
    CHECK(v != 0 && u == sklen, "%s: secret key does not encode", where);
    CHECK_MEM(mysk, sk, sklen, "%s: sk (f, g, F) differs", where);
    mypk[0] = (uint8_t)logn;
    v = falcon_modq_encode(mypk + 1, pklen - 1, h, logn);
    CHECK(v == pklen - 1, "%s: public key does not encode", where);
    CHECK_MEM(mypk, pk, pklen, "%s: pk (h) differs", where);
}

static void check_rsp(const char *path)
{
    static uint8_t pk[2048], sk[4096];
    uint8_t seed[48];
    char where[256];
    FILE *fp = fopen(path, "r");
    static char line[1 << 16];
    size_t pklen = 0, sklen = 0, records = 0;
    int have_seed = 0, count = -1;

    if (fp == NULL) {
        CHECK(0, "cannot open %s", path);
        return;
    }
    while (fgets(line, sizeof line, fp) != NULL) {
        size_t len;
        if (sscanf(line, "count = %d", &count) == 1) {
            have_seed = 0;
            pklen = sklen = 0;
        } else if (field(line, "seed", seed, sizeof seed) == sizeof seed) {
            have_seed = 1;
        } else if ((len = field(line, "pk", pk, sizeof pk)) != 0) {
            pklen = len;
        } else if ((len = field(line, "sk", sk, sizeof sk)) != 0) {
            sklen = len;
            if (have_seed && pklen != 0) {
                snprintf(where, sizeof where, "%s count %d", path, count);
                check_record(seed, pk, pklen, sk, sklen, where);
                records++;
            }
        }
    }
    fclose(fp);
    CHECK(records > 0, "%s: no records", path);
    printf("%s: %zu records\n", path, records);
}

/* ---- properties ---- */

/* f G - g F in Z[x]/(x^n + 1), exactly: must be the constant q. */
static int ntru_equation_holds(const int8_t *f, const int8_t *g, const int8_t *F, const int8_t *G, unsigned logn)
{
    size_t n = (size_t)1 << logn, i, j;
    static int64_t r[MAX_N];
    memset(r, 0, sizeof r);
    for (i = 0; i < n; i++) {
        for (j = 0; j < n; j++) {
            int64_t t = (int64_t)f[i] * G[j] - (int64_t)g[i] * F[j];
            if (i + j < n) {
                r[i + j] += t;
            } else {
                r[i + j - n] -= t;
            }
        }
    }
    if (r[0] != FALCON_Q) {
        return 0;
    }
    for (i = 1; i < n; i++) {
        if (r[i] != 0) {
            return 0;
        }
    }
    return 1;
}

/* h f = g mod (q, x^n + 1). */
static int public_key_holds(const int8_t *f, const int8_t *g, const uint16_t *h, unsigned logn)
{
    size_t n = (size_t)1 << logn, i, j;
    static int64_t r[MAX_N];
    memset(r, 0, sizeof r);
    for (i = 0; i < n; i++) {
        if (h[i] >= FALCON_Q) {
            return 0;
        }
        for (j = 0; j < n; j++) {
            int64_t t = (int64_t)h[i] * f[j];
            if (i + j < n) {
                r[i + j] += t;
            } else {
                r[i + j - n] -= t;
            }
        }
    }
    for (i = 0; i < n; i++) {
        if ((((r[i] - g[i]) % FALCON_Q) + FALCON_Q) % FALCON_Q != 0) {
            return 0;
        }
    }
    return 1;
}

/* Both signers on the same hashed messages (random values mod q) and the
 * same SHAKE256 stream: equal s2, and each leaves the stream at the same
 * place (it took as many attempts). */
static void check_signers(const int8_t *f, const int8_t *g, const int8_t *F, const int8_t *G, unsigned logn,
                          unsigned s)
{
    static uint16_t hm[MAX_N];
    static int16_t s2a[MAX_N], s2b[MAX_N];
    size_t n = (size_t)1 << logn, i, la = FALCON_SIGN_TMP_BYTES(logn), lb = FALCON_SIGN_TREE_TMP_BYTES(logn);
    uint8_t *rawa, *rawb, *a, *b, nexta[8], nextb[8];
    unsigned m;

    a = check_aligned_alloc(la + TMP_CANARY, 8, &rawa);
    b = check_aligned_alloc(lb + TMP_CANARY, 8, &rawb);
    memset(a + la, 0xA5, TMP_CANARY);
    memset(b + lb, 0xA5, TMP_CANARY);
    for (m = 0; m < 2; m++) {
        uint8_t in[10] = {'s', 'i', 'g', 'n', 'e', 'r', 's', (uint8_t)logn, (uint8_t)s, (uint8_t)m};
        pqsig_shake_ctx ra, rb;
        pqsig_shake256((uint8_t *)hm, sizeof hm, in, sizeof in);
        for (i = 0; i < n; i++) {
            hm[i] = (uint16_t)(hm[i] % FALCON_Q);
        }
        pqsig_shake256_init(&ra);
        pqsig_shake_absorb(&ra, in, sizeof in);
        rb = ra;
        falcon_sign_dyn(s2a, &ra, f, g, F, G, hm, logn, a);
        falcon_sign_tree(s2b, &rb, f, g, F, G, hm, logn, b);
        CHECK(memcmp(s2a, s2b, n * sizeof *s2a) == 0, "logn %u seed %u message %u: sign_dyn and sign_tree differ",
              logn, s, m);
        pqsig_shake_squeeze(&ra, nexta, sizeof nexta);
        pqsig_shake_squeeze(&rb, nextb, sizeof nextb);
        CHECK(memcmp(nexta, nextb, sizeof nexta) == 0,
              "logn %u seed %u message %u: the signers read different amounts of randomness", logn, s, m);
        pqsig_shake_release(&ra);
        pqsig_shake_release(&rb);
    }
    for (i = 0; i < TMP_CANARY; i++) {
        if (a[la + i] != 0xA5 || b[lb + i] != 0xA5) {
            break;
        }
    }
    CHECK(i == TMP_CANARY, "logn %u: a signer wrote past its work area", logn);
    free(rawa);
    free(rawb);
}

static int small(const int8_t *a, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (a[i] < -127) {
            return 0;
        }
    }
    return 1;
}

static void check_properties(void)
{
    static int8_t f[MAX_N], g[MAX_N], F[MAX_N], G[MAX_N], f2[MAX_N], g2[MAX_N], F2[MAX_N];
    static uint16_t h[MAX_N];
    unsigned logn, s;

    for (logn = 1; logn <= 10; logn++) {
        size_t n = (size_t)1 << logn;
        unsigned seeds = logn >= 9 ? 3 : 6;
        /* The solver's own accounting fits in the advertised area. */
        CHECK(4 * falcon_kg_solve_words(logn) <= FALCON_KEYGEN_TMP_BYTES(logn), "logn %u: tmp size", logn);
        for (s = 0; s < seeds; s++) {
            uint8_t seed[8] = {'k', 'e', 'y', 'g', 'e', 'n', (uint8_t)logn, (uint8_t)s};
            keygen_seeded(seed, sizeof seed, f, g, F, G, h, logn);
            CHECK(ntru_equation_holds(f, g, F, G, logn), "logn %u seed %u: f G - g F != q", logn, s);
            CHECK(small(f, n) && small(g, n) && small(F, n) && small(G, n), "logn %u seed %u: range", logn, s);
            CHECK(public_key_holds(f, g, h, logn), "logn %u seed %u: h f != g", logn, s);
            /* Without G and h: the same f, g, F. */
            keygen_seeded(seed, sizeof seed, f2, g2, F2, NULL, NULL, logn);
            CHECK(memcmp(f, f2, n) == 0 && memcmp(g, g2, n) == 0 && memcmp(F, F2, n) == 0,
                  "logn %u seed %u: keys change without G and h", logn, s);
            if (logn >= 2 && s < 2) {
                check_signers(f, g, F, G, logn, s);
            }
        }
    }
}

int main(int argc, char **argv)
{
    int i;
    tmp_area = check_aligned_alloc(FALCON_KEYGEN_TMP_BYTES(10) + TMP_CANARY, 8, &tmp_raw);
    for (i = 1; i < argc; i++) {
        size_t len = strlen(argv[i]);
        if (len >= 4 && strcmp(argv[i] + len - 4, ".rsp") == 0) {
            check_rsp(argv[i]);
        } else {
            static const char *const names[2] = {"falcon512-KAT.first3.rsp", "falcon1024-KAT.first3.rsp"};
            char path[4096];
            int k;
            for (k = 0; k < 2; k++) {
                snprintf(path, sizeof path, "%s/%s", argv[i], names[k]);
                check_rsp(path);
            }
        }
    }
    check_properties();
    free(tmp_raw);
    return check_done("test_falcon_keygen");
}
