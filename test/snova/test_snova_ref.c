/* Unit tests of the SNOVA reference's building blocks, for one (q, l):
 * field laws, the GF(16) multiplication table as the specification builds
 * it (section 1.8), the F_q <-> bytes conversion and its canonical-encoding
 * check (Algorithms 3, 4), and that S has an irreducible characteristic
 * polynomial, i.e. every nonzero element of F_q[S] is invertible.
 * Built once per configuration with the SNOVA_* and PQSIG_NAMESPACE of a
 * ref variant that the library contains. */
#include <stdio.h>
#include <string.h>

#include "snova/ref/ref.h"

static unsigned passed, failed;

static void check(int ok, const char *what)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("FAIL q=%d l=%d: %s\n", SNOVA_Q, SNOVA_L, what);
    }
}

static void test_field(void)
{
    unsigned a, b, c;
    int ok_comm = 1, ok_assoc = 1, ok_dist = 1, ok_inv = 1, ok_add = 1;
    for (a = 0; a < SNOVA_Q; a++) {
        gf x = (gf)a;
        if (a != 0) {
            ok_inv &= gf_mul(x, gf_inv(x)) == 1;
        }
        ok_add &= gf_add(x, gf_neg(x)) == 0;
        for (b = 0; b < SNOVA_Q; b++) {
            gf y = (gf)b;
            ok_comm &= gf_mul(x, y) == gf_mul(y, x);
            ok_add &= gf_sub(gf_add(x, y), y) == x;
            for (c = 0; c < SNOVA_Q; c++) {
                gf z = (gf)c;
                ok_assoc &= gf_mul(gf_mul(x, y), z) == gf_mul(x, gf_mul(y, z));
                ok_dist &= gf_mul(x, gf_add(y, z)) == gf_add(gf_mul(x, y), gf_mul(x, z));
            }
        }
    }
    check(gf_inv(0) == 0, "inv(0) = 0");
    check(ok_inv, "a * a^-1 = 1");
    check(ok_add, "addition, negation, subtraction");
    check(ok_comm, "multiplication commutes");
    check(ok_assoc, "multiplication associates");
    check(ok_dist, "multiplication distributes");
#if SNOVA_Q == 16
    {
        /* The table of section 1.8: the powers of the generator 2. */
        static const gf powers[15] = {1, 2, 4, 8, 3, 6, 12, 11, 5, 10, 7, 14, 15, 13, 9};
        int ok = 1;
        unsigned i, j;
        for (i = 0; i < 15; i++) {
            ok &= gf_mul(powers[i], 0) == 0 && gf_mul(0, powers[i]) == 0;
            for (j = 0; j < 15; j++) {
                ok &= gf_mul(powers[i], powers[j]) == powers[(i + j) % 15];
            }
        }
        check(ok, "GF(16) table of the specification");
    }
#endif
}

/* A small deterministic generator for test data. */
static uint32_t lcg(uint32_t *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}

static void test_packing(void)
{
    gf x[64], y[64];
    uint8_t bytes[SNOVA_BYTES_GF(64) + 1];
    uint32_t seed = 1;
    size_t n, i;
    int ok = 1;
    for (n = 1; n <= 64; n++) {
        for (i = 0; i < n; i++) {
            x[i] = (gf)(lcg(&seed) % SNOVA_Q);
        }
        PQSIG_NS(snova_pack)(bytes, x, n);
        ok &= PQSIG_NS(snova_unpack)(y, bytes, n) == 0 && memcmp(x, y, n) == 0;
    }
    check(ok, "pack/unpack round trip");

#if SNOVA_Q != 16
    /* 256^PACK_BYTES > q^PACK_GF: the largest value of a full group is
     * non-canonical (for q = 16 every byte is canonical). */
    memset(bytes, 0xff, sizeof(bytes));
    check(PQSIG_NS(snova_unpack)(y, bytes, SNOVA_PACK_GF) == -1, "all-ones group rejected");
#endif
    /* One element too many in the last, partial group. */
    memset(x, SNOVA_Q - 1, sizeof(x));
    PQSIG_NS(snova_pack)(bytes, x, SNOVA_PACK_GF + 1);
    check(PQSIG_NS(snova_unpack)(y, bytes, SNOVA_PACK_GF + 1) == 0, "largest canonical accepted");
    bytes[SNOVA_BYTES_GF(SNOVA_PACK_GF + 1) - 1] = 0xff;
    check(PQSIG_NS(snova_unpack)(y, bytes, SNOVA_PACK_GF + 1) == -1, "overfull last group rejected");
}

/* Every nonzero c0 + c1 S + ... + c_{l-1} S^{l-1} is invertible. */
static void test_s_irreducible(void)
{
    blk spow[SNOVA_L], m;
    gf c[SNOVA_L], g[SNOVA_L * (SNOVA_L + 1)];
    unsigned long total = 1, idx;
    unsigned a, r, k;
    int ok = 1, sym = 1;

    PQSIG_NS(snova_s_powers)(spow);
    for (a = 0; a < SNOVA_L; a++) {
        total *= SNOVA_Q;
        sym &= blk_is_symmetric(&spow[a]);
    }
    check(sym, "powers of S are symmetric");
    for (idx = 1; idx < total; idx++) {
        unsigned long t = idx;
        for (a = 0; a < SNOVA_L; a++) {
            c[a] = (gf)(t % SNOVA_Q);
            t /= SNOVA_Q;
        }
        PQSIG_NS(snova_fqs)(&m, c, spow);
        for (r = 0; r < SNOVA_L; r++) {
            for (k = 0; k < SNOVA_L; k++) {
                g[r * (SNOVA_L + 1) + k] = m.e[r][k];
            }
            g[r * (SNOVA_L + 1) + SNOVA_L] = 0;
        }
        ok &= PQSIG_NS(snova_solve)(g, SNOVA_L) == 0;
    }
    check(ok, "F_q[S] is a field");

    /* Algorithm 1: a zero leading coefficient becomes q - c0, or q - 1. */
    memset(c, 0, sizeof(c));
    c[0] = 3;
    PQSIG_NS(snova_fqs_fix)(c);
    check(c[SNOVA_L - 1] == gf_from_int(SNOVA_Q - 3), "leading coefficient fix, c0 != 0");
    c[0] = 0;
    c[SNOVA_L - 1] = 0;
    PQSIG_NS(snova_fqs_fix)(c);
    check(c[SNOVA_L - 1] == gf_from_int(SNOVA_Q - 1), "leading coefficient fix, c0 = 0");
    c[SNOVA_L - 1] = 5;
    PQSIG_NS(snova_fqs_fix)(c);
    check(c[SNOVA_L - 1] == 5, "nonzero leading coefficient kept");
}

/* A 3 x 3 system with a known solution (its first pivot is zero, which
 * exercises the row additions), and a singular one. */
static void test_solve(void)
{
    static const unsigned m[3][3] = {{0, 2, 3}, {0, 1, 4}, {5, 6, 0}};
    const gf x[3] = {2, 7, 1};
    gf g[3 * 4];
    unsigned r, k;
    int ok = 1;
    for (r = 0; r < 3; r++) {
        gf s = 0;
        for (k = 0; k < 3; k++) {
            g[r * 4 + k] = gf_from_int(m[r][k]);
            s = gf_add(s, gf_mul(g[r * 4 + k], x[k]));
        }
        g[r * 4 + 3] = s;
    }
    ok &= PQSIG_NS(snova_solve)(g, 3) == 0;
    for (k = 0; k < 3; k++) {
        ok &= g[k * 4 + 3] == x[k];
    }
    check(ok, "solution of a regular system");

    for (r = 0; r < 3; r++) {
        for (k = 0; k < 4; k++) {
            g[r * 4 + k] = gf_from_int(r == 2 ? m[0][k % 3] : m[r][k % 3]);
        }
    }
    check(PQSIG_NS(snova_solve)(g, 3) == -1, "singular system detected");
}

int main(void)
{
    test_field();
    test_packing();
    test_s_irreducible();
    test_solve();
    printf("test_snova_ref q=%d l=%d: %u passed, %u failed\n", SNOVA_Q, SNOVA_L, passed, failed);
    return failed != 0;
}
