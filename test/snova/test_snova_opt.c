/* Unit tests of the SNOVA opt kernels (src/snova/native/api.h) against
 * plain element-by-element GF(16) arithmetic: tables, bitsliced linear
 * combinations, the public-matrix product (both orientations, even and odd
 * start nibbles) and the constant-time solver. A backend that replaces the
 * kernels must pass the same checks. */
#include <stdio.h>
#include <string.h>

#include "snova/opt.h"
#include "unit.h"

static uint8_t mul(uint8_t a, uint8_t b)
{
    unsigned p = 0, i;
    for (i = 0; i < 4; i++) {
        if ((b >> i) & 1u) {
            p ^= (unsigned)a << i;
        }
    }
    for (i = 6; i >= 4; i--) {
        if ((p >> i) & 1u) {
            p ^= 0x13u << (i - 4);
        }
    }
    return (uint8_t)p;
}

/* A packed row of n random elements. */
static void rnd_row(uint64_t *row, unsigned n)
{
    unsigned k;
    memset(row, 0, SNOVA_WORDS(n) * sizeof(uint64_t));
    for (k = 0; k < n; k++) {
        snova_row_xor(row, k, (uint8_t)(rnd64() & 15u));
    }
}

#define NMAX 48u
#define WMAX SNOVA_WORDS(NMAX)

static void test_table_lincomb(void)
{
    uint64_t x[8][WMAX], tab[16 * WMAX], out[WMAX];
    uint8_t s[8];
    unsigned n, e, k, m;
    for (n = 1; n <= NMAX; n += 7) {
        unsigned nw = SNOVA_WORDS(n);
        for (m = 0; m < 8; m++) {
            rnd_row(x[m], n);
            s[m] = (uint8_t)(rnd64() & 15u);
        }
        PQSIG_NS(snova_k_table)(tab, x[0], nw);
        for (e = 0; e < 16; e++) {
            for (k = 0; k < n; k++) {
                CHECK(snova_row_get(&tab[e * nw], k) == mul((uint8_t)e, snova_row_get(x[0], k)), "table");
            }
        }
        memset(out, 0, sizeof(out));
        PQSIG_NS(snova_k_lincomb)(out, s, 1, x[0], WMAX, 8, nw);
        for (k = 0; k < n; k++) {
            uint8_t want = 0;
            for (m = 0; m < 8; m++) {
                want ^= mul(s[m], snova_row_get(x[m], k));
            }
            CHECK(snova_row_get(out, k) == want, "lincomb");
        }
    }
}

#define RB 3u
#define CB 2u
#define XW 2u /* words of the X and Y rows */

static void test_pmat(void)
{
    uint8_t buf[RB * CB * SNOVA_L2 / 2 + 2];
    uint64_t x[CB * SNOVA_L][XW], y[RB * SNOVA_L][XW];
    uint64_t tabx[CB * SNOVA_L * 16 * XW], taby[RB * SNOVA_L * 16 * XW];
    uint64_t out[RB * SNOVA_L * XW], outt[CB * SNOVA_L * XW];
    unsigned nib0, i, j, k, r, c, col;
    for (nib0 = 0; nib0 < 2; nib0++) {
        for (i = 0; i < sizeof(buf); i++) {
            buf[i] = (uint8_t)rnd64();
        }
        for (i = 0; i < CB * SNOVA_L; i++) {
            rnd_row(x[i], 16 * XW);
            PQSIG_NS(snova_k_table)(&tabx[i * 16 * XW], x[i], XW);
        }
        for (i = 0; i < RB * SNOVA_L; i++) {
            rnd_row(y[i], 16 * XW);
            PQSIG_NS(snova_k_table)(&taby[i * 16 * XW], y[i], XW);
        }
        memset(out, 0, sizeof(out));
        memset(outt, 0, sizeof(outt));
        PQSIG_NS(snova_k_pmat)(buf, nib0, RB, CB, SNOVA_L, out, tabx, outt, taby, XW);
        for (col = 0; col < 16 * XW; col++) {
            uint8_t px[RB * SNOVA_L], pty[CB * SNOVA_L];
            memset(px, 0, sizeof(px));
            memset(pty, 0, sizeof(pty));
            for (j = 0; j < RB; j++) {
                for (k = 0; k < CB; k++) {
                    for (r = 0; r < SNOVA_L; r++) {
                        for (c = 0; c < SNOVA_L; c++) {
                            uint8_t p = snova_nib(buf, nib0 + ((j * CB + k) * SNOVA_L + r) * SNOVA_L + c);
                            px[j * SNOVA_L + r] ^= mul(p, snova_row_get(x[k * SNOVA_L + c], col));
                            pty[k * SNOVA_L + c] ^= mul(p, snova_row_get(y[j * SNOVA_L + r], col));
                        }
                    }
                }
            }
            for (i = 0; i < RB * SNOVA_L; i++) {
                CHECK(snova_row_get(&out[i * XW], col) == px[i], "pmat P X");
            }
            for (i = 0; i < CB * SNOVA_L; i++) {
                CHECK(snova_row_get(&outt[i * XW], col) == pty[i], "pmat P^t Y");
            }
        }
    }
}

#define SN 21u
#define SW SNOVA_WORDS(SN + 1)

static void test_solve(void)
{
    uint64_t g[SN * SW], g0[SN * SW];
    unsigned trial, r, k, solved = 0;
    for (trial = 0; trial < 40; trial++) {
        for (r = 0; r < SN; r++) {
            rnd_row(&g[r * SW], SN + 1);
        }
        if (trial % 10 == 9) {
            memcpy(&g[3 * SW], &g[5 * SW], SW * sizeof(uint64_t)); /* singular */
        }
        memcpy(g0, g, sizeof(g));
        if (PQSIG_NS(snova_k_solve)(g, SN, SW) != 0) {
            continue; /* a random system is singular with probability about 1/16 */
        }
        CHECK(trial % 10 != 9, "solve accepted a singular system");
        solved++;
        for (r = 0; r < SN; r++) {
            uint8_t acc = 0;
            for (k = 0; k < SN; k++) {
                acc ^= mul(snova_row_get(&g0[r * SW], k), snova_row_get(&g[k * SW], SN));
            }
            CHECK(acc == snova_row_get(&g0[r * SW], SN), "solve solution");
        }
    }
    CHECK(solved > 20, "solve: too many random systems singular");
}

int main(void)
{
    test_table_lincomb();
    test_pmat();
    test_solve();
    if (failures != 0) {
        printf("%u failures\n", failures);
        return 1;
    }
    printf("snova opt kernels (l = %u): ok\n", (unsigned)SNOVA_L);
    return 0;
}
