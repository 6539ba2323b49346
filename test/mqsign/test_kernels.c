/* MQ-Sign kernels, one shape (v, o) per binary (built by
 * pqsig_kernel_test), one kernel set per run (--kset): every kernel of
 * src/mqsign/native/api.h that the set opts in to is compared with its portable twin on random and edge
 * inputs, and a decline must leave the outputs untouched. Every build, the
 * one without a backend too, checks the twins themselves against plain
 * byte-by-byte computations (field products by mqs_gf_mul) and the
 * solver's acceptance rule on constructed systems. Test data come from
 * SHAKE256 of a fixed string: every run checks the same cases. */
#include <stdlib.h>

#include "common/kset.h"
#include "check.h"
#include "common/fips202.h"
#include "mqsign/arith.h"
#include "mqsign/native/api.h"

#define O MQS_O
#define V MQS_V
#define N MQS_N
#define H MQS_H
#define CANARY 0xA5

static pqsig_shake_ctx rng;

static void fill(uint8_t *p, size_t len)
{
    pqsig_shake_squeeze(&rng, p, len);
}

static uint8_t *alloc64(size_t len, uint8_t **raw)
{
    return check_aligned_alloc(len, 64, raw);
}

/* One call of each kernel: the native one where the backend opts in (1
 * when it did the work, 0 when it declined), else -1. */
static int masks_native(uint64_t (*mk)[8][2], const uint8_t *s, size_t count)
{
#if defined(PQSIG_MQS_NATIVE_MASKS)
    return mqs_masks_native(mk, s, count) == PQSIG_NATIVE_OK;
#else
    (void)mk, (void)s, (void)count;
    return -1;
#endif
}

static int matvec_native(uint8_t *out, const uint8_t *vecs, size_t stride, ptrdiff_t dstride,
                         const uint64_t (*mk)[8][2], size_t count, size_t len)
{
#if defined(PQSIG_MQS_NATIVE_MATVEC)
    return mqs_matvec_native(out, vecs, stride, dstride, mk, count, len) == PQSIG_NATIVE_OK;
#else
    (void)out, (void)vecs, (void)stride, (void)dstride, (void)mk, (void)count, (void)len;
    return -1;
#endif
}

static int solve_native(uint8_t *x, const uint8_t *lin, const uint8_t *rhs, void *work, uint64_t *ok)
{
#if defined(PQSIG_MQS_NATIVE_SOLVE)
    return mqs_solve_native(x, lin, rhs, work, ok) == PQSIG_NATIVE_OK;
#else
    (void)x, (void)lin, (void)rhs, (void)work, (void)ok;
    return -1;
#endif
}

static int pubmap_native(uint8_t *z, const uint8_t *p, const uint8_t *w, void *work)
{
#if defined(PQSIG_MQS_NATIVE_PUBMAP)
    return mqs_pubmap_native(z, p, w, work) == PQSIG_NATIVE_OK;
#else
    (void)z, (void)p, (void)w, (void)work;
    return -1;
#endif
}

static int all_bytes(const uint8_t *p, size_t len, uint8_t b)
{
    size_t i;
    for (i = 0; i < len; i++) {
        if (p[i] != b) {
            return 0;
        }
    }
    return 1;
}

/* A native result: equal to the twin's, or nothing written on a decline. */
static void check_native(int r, const uint8_t *nat, const uint8_t *twin, size_t len, const char *what)
{
    if (r == 1) {
        CHECK_MEM(nat, twin, len, "%s: native and portable differ", what);
    } else if (r == 0) {
        CHECK(all_bytes(nat, len, CANARY), "%s: a decline wrote its output", what);
    }
}

static void test_field(void)
{
    unsigned a;
    for (a = 1; a < 256; a++) {
        CHECK(mqs_gf_mul((uint8_t)a, mqs_gf_inv((uint8_t)a)) == 1, "inverse of %u", a);
    }
    CHECK(mqs_gf_inv(0) == 0, "inverse of 0 is 0");
}

static void test_masks(void)
{
    uint8_t s[V + 2], *raw;
    uint64_t (*c)[8][2] = (uint64_t(*)[8][2])alloc64(sizeof *c * (V + 2), &raw), (*nat)[8][2];
    size_t i;
    unsigned t;
    int r;
    nat = malloc(sizeof *nat * (V + 2));
    fill(s, V);
    s[V] = 0x00;
    s[V + 1] = 0xff;
    mqs_masks_c(c, s, V + 2);
    for (i = 0; i < V + 2; i++) {
        for (t = 0; t < 8; t++) {
            uint64_t m = ((s[i] >> t) & 1) ? ~(uint64_t)0 : 0;
            CHECK(c[i][t][0] == m && c[i][t][1] == m, "masks: scalar %zu bit %u", i, t);
        }
    }
    memset(nat, CANARY, sizeof *nat * (V + 2));
    r = masks_native(nat, s, V + 2);
    check_native(r, (const uint8_t *)nat, (const uint8_t *)c, sizeof *c * (V + 2), "masks");
    free(nat);
    free(raw);
}

#if defined(PQSIG_MQS_NATIVE_TABLES)
/* The two products of mqs_matvec_tab2: tab0 (whose product is want0) and
 * the tables of a second, random set of scalars, against the portable
 * product of each. */
static void matvec_tab2_case(const uint8_t *vecs, size_t stride, ptrdiff_t dstride, const uint8_t (*tab0)[32],
                             const uint8_t *want0, size_t count, size_t len, const char *what)
{
    uint8_t *s = malloc(count + 1), *want1 = malloc(len), *nat0 = malloc(len), *nat1 = malloc(len);
    uint8_t(*tab1)[32] = malloc(32 * (count + 1));
    uint64_t(*mk)[8][2] = malloc(sizeof *mk * (count + 1));
    fill(s, count + 1);
    mqs_masks_c(mk, s, count);
    mqs_matvec_c(want1, vecs, stride, dstride, (const uint64_t(*)[8][2])mk, count, len);
    if (mqs_tables_native(tab1, (const uint64_t(*)[8][2])mk, count) == PQSIG_NATIVE_OK) {
        memset(nat0, CANARY, len);
        memset(nat1, CANARY, len);
        if (mqs_matvec_tab2_native(nat0, nat1, vecs, stride, dstride, tab0, (const uint8_t(*)[32])tab1, count,
                                   len) == PQSIG_NATIVE_OK) {
            CHECK_MEM(nat0, want0, len, "matvec_tab2 %s: first product", what);
            CHECK_MEM(nat1, want1, len, "matvec_tab2 %s: second product", what);
        } else {
            CHECK(all_bytes(nat0, len, CANARY) && all_bytes(nat1, len, CANARY),
                  "matvec_tab2 %s: declined after writing", what);
        }
    }
    free(s);
    free(want1);
    free(nat0);
    free(nat1);
    free(tab1);
    free(mk);
}
#endif

/* One matvec case: count scalars (random, or all equal to `fixed` when
 * fixed >= 0), vectors at off_i in vecs, length len. */
static void matvec_case(const uint8_t *vecs, size_t stride, ptrdiff_t dstride, size_t count, size_t len,
                        int fixed, const char *what)
{
    uint8_t *s = malloc(count + 1), *want = calloc(len, 1), *c = malloc(len + 16), *nat = malloc(len);
    uint64_t(*mk)[8][2] = malloc(sizeof *mk * (count + 1));
    size_t i, k, off = 0;
    ptrdiff_t st = (ptrdiff_t)stride;
    int r;
    if (fixed >= 0) {
        memset(s, fixed, count + 1);
    } else {
        fill(s, count + 1);
    }
    mqs_masks_c(mk, s, count);
    for (i = 0; i < count; i++) {
        for (k = 0; k < len; k++) {
            want[k] ^= mqs_gf_mul(s[i], vecs[off + k]);
        }
        off = (size_t)((ptrdiff_t)off + st);
        st += dstride;
    }
    memset(c, CANARY, len + 16);
    mqs_matvec_c(c, vecs, stride, dstride, (const uint64_t(*)[8][2])mk, count, len);
    CHECK_MEM(c, want, len, "matvec %s: portable against bytes", what);
    CHECK(all_bytes(c + len, 16, CANARY), "matvec %s: written past len", what);
    memset(nat, CANARY, len);
    r = matvec_native(nat, vecs, stride, dstride, (const uint64_t(*)[8][2])mk, count, len);
    check_native(r, nat, c, len, what);
#if defined(PQSIG_MQS_NATIVE_TABLES)
    {
        /* the prepared scalars, where the kernel set makes them */
        uint8_t(*tab)[32] = malloc(32 * (count + 1));
        if (mqs_tables_native(tab, (const uint64_t(*)[8][2])mk, count) == PQSIG_NATIVE_OK) {
            memset(nat, CANARY, len);
            r = mqs_matvec_tab_native(nat, vecs, stride, dstride, (const uint8_t(*)[32])tab, count, len) ==
                PQSIG_NATIVE_OK;
            check_native(r, nat, c, len, what);
            matvec_tab2_case(vecs, stride, dstride, (const uint8_t(*)[32])tab, c, count, len, what);
        }
        free(tab);
    }
#endif
    free(s);
    free(want);
    free(c);
    free(nat);
    free(mk);
}

static void test_matvec(void)
{
    /* Room for the largest case: v vectors of o^2 bytes (L of signing), or
     * a column of v vectors of the public key (its last at offset tri). */
    size_t big = (size_t)V * O * O, tri = 0, i, len;
    uint8_t *vecs, *ones;
    /* around the blocks of 32 bytes and the paired 16-byte lanes (odd lane
     * counts: 33..48, 65..80, 97..112), avx512's 64-byte blocks and its
     * limit of four in registers (256) */
    const size_t lens[] = {16,  17,  31,  32,  33,  48,  49,  63,  64,  65,    80,    81,   112,
                           113, 127, 128, 129, 192, 193, 255, 256, 257, O - 1, O, O + 1};
    for (i = 0; i + 1 < V; i++) {
        tri += (size_t)(N - 1 - i) * O;
    }
    if (tri + O > big) {
        big = tri + O;
    }
    vecs = malloc(big);
    ones = malloc(big);
    CHECK(vecs != NULL && ones != NULL, "memory for 2 x %lu bytes", (unsigned long)big);
    if (vecs == NULL || ones == NULL) { /* a small target (the M4 has 4 MiB) */
        free(vecs);
        free(ones);
        return;
    }
    fill(vecs, big);
    memset(ones, 0xff, big);
    /* The uses of the frontend: F2 (L), rows of F1, T1, the windows of LR. */
    matvec_case(vecs, (size_t)O * O, 0, V, (size_t)O * O, -1, "L");
    matvec_case(vecs, O, 0, V, O, -1, "rows");
    matvec_case(vecs, V, 0, O, V, -1, "T1");
    matvec_case(vecs, 1, 0, V, O, -1, "windows");
    /* Key generation: columns of the upper-triangular public key. */
    matvec_case(vecs, (size_t)(N - 1) * O, -(ptrdiff_t)O, V, O, -1, "column");
    matvec_case(vecs, (size_t)(N - 1) * O, -(ptrdiff_t)O, 1, O, -1, "column of 1");
    /* Long vectors (the table form, four scalars a pass) on strides that
     * change from row to row, counts not a multiple of four. */
    matvec_case(vecs, 200, 8, 11, 128, -1, "long, growing stride");
    matvec_case(vecs, 300, -8, 13, 100, -1, "long, shrinking stride");
    /* Long vectors, term counts that are not a multiple of avx512's group
     * of eight, strides that change. */
    matvec_case(vecs, 260, 0, 200, 600, -1, "long, many terms");
    matvec_case(vecs, 400, -1, 170, 300, -1, "long, many terms, shrinking stride");
    /* Edges: no vector, one, an odd count, every length around a block,
     * scalars 0 and 0xff, vectors of 0xff. */
    matvec_case(vecs, O, 0, 0, O, -1, "count 0");
    matvec_case(vecs, O, 0, 1, O, -1, "count 1");
    matvec_case(vecs, O, 0, 7, O, -1, "count 7");
    for (i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        len = lens[i];
        matvec_case(vecs, len, 0, 9, len, -1, "lengths");
        matvec_case(vecs, 3, 0, 9, len, -1, "overlapping");
    }
    matvec_case(vecs, O, 0, V, O, 0, "scalars 0");
    matvec_case(vecs, O, 0, V, O, 0xff, "scalars 0xff");
    matvec_case(ones, O, 0, V, O, 0xff, "all 0xff");
    free(vecs);
    free(ones);
}

/* rhs = L x, L by columns (entry (e, c) at lin[c * o + e]). */
static void apply(uint8_t *rhs, const uint8_t *lin, const uint8_t *x)
{
    unsigned e, c;
    for (e = 0; e < O; e++) {
        uint8_t acc = 0;
        for (c = 0; c < O; c++) {
            acc ^= mqs_gf_mul(lin[c * O + e], x[c]);
        }
        rhs[e] = acc;
    }
}

/* Solves L x = L x0 with both kernels: the portable one must accept as
 * `expect` says (1 yes, 0 no, -1 either) and then find x0; the native
 * one must agree with it. Returns whether the portable one accepted. */
static int solve_case(const uint8_t *lin, const uint8_t *x0, int expect, void *work, const char *what)
{
    uint8_t rhs[O], x[O], xn[O];
    uint64_t ok, okn = 0;
    int r;
    apply(rhs, lin, x0);
    memset(work, CANARY, MQS_SOLVE_WORK_BYTES);
    ok = mqs_solve_c(x, lin, rhs, work);
    CHECK(ok == 0 || ok == ~(uint64_t)0, "solve %s: not a mask", what);
    if (expect >= 0) {
        CHECK((ok != 0) == (expect != 0), "solve %s: accepted %d, expected %d", what, ok != 0, expect);
    }
    if (ok != 0) {
        CHECK_MEM(x, x0, O, "solve %s: wrong solution", what);
    }
    memset(xn, CANARY, O);
    fill(work, MQS_SOLVE_WORK_BYTES);
    r = solve_native(xn, lin, rhs, work, &okn);
    if (r == 1) {
        CHECK(okn == ok, "solve %s: native and portable accept differently", what);
        if (ok != 0) {
            CHECK_MEM(xn, x, O, "solve %s: native and portable differ", what);
        }
    } else if (r == 0) {
        CHECK(all_bytes(xn, O, CANARY), "solve %s: a decline wrote x", what);
    }
    return ok != 0;
}

static void set(uint8_t *lin, unsigned e, unsigned c, uint8_t b)
{
    lin[c * O + e] = b;
}

static void test_solve(void)
{
    uint8_t *raw, *lin = malloc((size_t)O * O), x0[O];
    void *work = alloc64(MQS_SOLVE_WORK_BYTES, &raw);
    unsigned i, k, accepted = 0;
    for (i = 0; i < 24; i++) {
        fill(lin, (size_t)O * O);
        fill(x0, O);
        accepted += (unsigned)solve_case(lin, x0, -1, work, "random");
    }
    /* Random systems are nearly always solvable (A and S invertible, the
     * windows finding their pivots with probability about 1 - 2^-60). */
    CHECK(accepted >= 20, "solve: %u of 24 random systems accepted", accepted);

    /* The identity; then zero pivots the searches must fix: A with a zero
     * diagonal (pivots from later columns / rows), S with its pivot in the
     * last row of the window; then the rule's rejections: A singular, and
     * an invertible L whose S has its first pivot just beyond the window. */
    fill(x0, O);
    memset(lin, 0, (size_t)O * O);
    for (i = 0; i < O; i++) {
        set(lin, i, i, 1);
    }
    solve_case(lin, x0, 1, work, "identity");
    /* Diagonal systems whose pivots take every nonzero value: the solution
     * checks each pivot's inverse (a backend may have its own inversion). */
    for (k = 0; k < 255; k += O) {
        memset(lin, 0, (size_t)O * O);
        for (i = 0; i < O; i++) {
            set(lin, i, i, (uint8_t)(1 + (k + i) % 255));
        }
        solve_case(lin, x0, 1, work, "diagonal");
    }
    memset(lin, 0, (size_t)O * O);
    for (i = 0; i < O; i++) {
        set(lin, i, i, 1);
    }
    for (i = 0; i < H; i++) {
        set(lin, i, i, 0);
        set(lin, i, (i + 1) % H, 0x53);
    }
    solve_case(lin, x0, 1, work, "A without diagonal");
    for (i = 0; i < H; i++) {
        set(lin, i, (i + 1) % H, 0);
        set(lin, i, i, 1);
    }
    set(lin, H, H, 0);
    set(lin, H + MQS_SCHUR_WINDOW - 1, H + MQS_SCHUR_WINDOW - 1, 0);
    set(lin, H + MQS_SCHUR_WINDOW - 1, H, 1);
    set(lin, H, H + MQS_SCHUR_WINDOW - 1, 1);
    solve_case(lin, x0, 1, work, "S pivot at the end of the window");
    set(lin, H + MQS_SCHUR_WINDOW - 1, H + MQS_SCHUR_WINDOW - 1, 1);
    set(lin, H + MQS_SCHUR_WINDOW - 1, H, 0);
    set(lin, H, H + MQS_SCHUR_WINDOW - 1, 0);
    set(lin, H + MQS_SCHUR_WINDOW, H + MQS_SCHUR_WINDOW, 0);
    set(lin, H + MQS_SCHUR_WINDOW, H, 1);
    set(lin, H, H + MQS_SCHUR_WINDOW, 1);
    solve_case(lin, x0, 0, work, "S pivot beyond the window");
    fill(lin, (size_t)O * O);
    for (i = 0; i < H; i++) {
        set(lin, i, H - 1, 0);
    }
    solve_case(lin, x0, 0, work, "A singular");
    free(lin);
    free(raw);
}

static void pubmap_case(const uint8_t *p, const uint8_t *w, void *work, const char *what)
{
    uint8_t want[O], z[O], zn[O];
    unsigned i, j, k;
    size_t mono = 0;
    int r;
    memset(want, 0, O);
    for (i = 0; i < N; i++) {
        for (j = i; j < N; j++, mono++) {
            uint8_t ww = mqs_gf_mul(w[i], w[j]);
            for (k = 0; k < O; k++) {
                want[k] ^= mqs_gf_mul(ww, p[mono * O + k]);
            }
        }
    }
    fill(work, MQS_PUBMAP_WORK_BYTES);
    mqs_pubmap_c(z, p, w, work);
    CHECK_MEM(z, want, O, "pubmap %s: portable against bytes", what);
    memset(zn, CANARY, O);
    fill(work, MQS_PUBMAP_WORK_BYTES);
    r = pubmap_native(zn, p, w, work);
    check_native(r, zn, z, O, what);
}

static void test_pubmap(void)
{
    size_t plen = (size_t)MQS_TRI(N) * O;
    uint8_t *raw, *p = malloc(plen), w[N];
    void *work = alloc64(MQS_PUBMAP_WORK_BYTES, &raw);
    fill(p, plen);
    fill(w, N);
    pubmap_case(p, w, work, "random");
    w[0] = w[N / 2] = w[N - 1] = 0;
    pubmap_case(p, w, work, "zero entries");
    memset(w, 0, N);
    pubmap_case(p, w, work, "w = 0");
    memset(w, 0xff, N);
    pubmap_case(p, w, work, "w = 0xff..");
    memset(p, 0xff, plen);
    pubmap_case(p, w, work, "all 0xff");
    free(p);
    free(raw);
}

int main(int argc, char **argv)
{
    const char *kset = check_kset(argc, argv);
    char name[80];
    pqsig_shake256_init(&rng);
    pqsig_shake_absorb(&rng, (const uint8_t *)"mqsign kernels", 14);
    test_field();
    test_masks();
    test_matvec();
    test_solve();
    test_pubmap();
    pqsig_shake_release(&rng);
    snprintf(name, sizeof name, "test_mqsign_kernels (" PQSIG_STR(MQS_V) ", " PQSIG_STR(MQS_O) ") %s", kset);
    return check_done(name);
}
