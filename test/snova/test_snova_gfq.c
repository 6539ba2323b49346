/* Unit tests of the SNOVA odd-q opt kernels (src/snova/gfq/kern.h) and
 * scalar helpers against plain integer arithmetic mod q: reductions, the
 * matrix product kernel in every orientation used, the constant-time
 * solver (regular and singular systems), the packing, and the masked T12
 * sampler against straightforward rejection sampling. A backend that
 * replaces the kernels must pass the same checks. */
#include <stdio.h>
#include <string.h>

#include "common/fips202.h"
#include "snova/gfq/gfq.h"
#include "unit.h"

static uint32_t rnd32(void)
{
    return (uint32_t)(rnd64() >> 16);
}

static uint8_t rnd_elem(void)
{
    return (uint8_t)(rnd32() % SNOVA_Q);
}

static void test_scalars(void)
{
    uint32_t x, bad = 0;
    for (x = 0; x < 65536; x++) {
        bad |= gfq_red16((uint16_t)x) != x % SNOVA_Q;
        bad |= gfq_red32(x) != x % SNOVA_Q;
        bad |= gfq_fold16((uint16_t)x) % SNOVA_Q != x % SNOVA_Q || gfq_fold16((uint16_t)x) > GFQ_FOLD_MAX;
    }
    for (x = 0; x < 4000000; x++) {
        uint32_t y = rnd32() & 0x7fffffffu;
        bad |= gfq_red32(y) != y % SNOVA_Q;
    }
    CHECK(!bad, "reductions");
    bad = 0;
    for (x = 1; x < SNOVA_Q; x++) {
        bad |= (x * gfq_inv(x)) % SNOVA_Q != 1;
    }
    CHECK(!bad && gfq_inv(0) == 0, "inverse");
}

#define MAXR 300u
#define MAXC 48u

static uint8_t ma[MAXR * MAXR];
static uint16_t mx[MAXR * MAXC], mo[MAXR * MAXC], mref[MAXR * MAXC];

static void test_mul(void)
{
    static const unsigned shapes[][3] = {{1, 1, 1},   {3, 7, 16},  {104, 104, 16}, {20, 104, 20},
                                         {16, 280, 16}, {40, 240, 40}, {5, 300, 33}, {2, 9, 48}};
    unsigned sh, orient, r, m, c;
    for (sh = 0; sh < sizeof(shapes) / sizeof(shapes[0]); sh++) {
        for (orient = 0; orient < 2; orient++) {
            unsigned rows = shapes[sh][0], inner = shapes[sh][1], cols = shapes[sh][2];
            size_t a_rs = orient ? 1 : inner, a_cs = orient ? rows : 1;
            unsigned bad = 0, worst;
            for (worst = 0; worst < 2; worst++) {
                for (r = 0; r < rows * inner; r++) {
                    ma[r] = worst ? (uint8_t)(SNOVA_Q - 1) : rnd_elem();
                }
                for (r = 0; r < inner * cols; r++) {
                    mx[r] = worst ? (uint16_t)(SNOVA_Q - 1) : rnd_elem();
                }
                for (r = 0; r < rows * cols; r++) {
                    mo[r] = worst ? (uint16_t)(SNOVA_Q - 1) : rnd_elem();
                    mref[r] = mo[r];
                }
                for (r = 0; r < rows; r++) {
                    for (c = 0; c < cols; c++) {
                        uint64_t s = mref[r * cols + c];
                        for (m = 0; m < inner; m++) {
                            s += (uint64_t)ma[r * a_rs + m * a_cs] * mx[m * cols + c];
                        }
                        mref[r * cols + c] = (uint16_t)(s % SNOVA_Q);
                    }
                }
                PQSIG_NS(gfq_k_mul)(mo, ma, a_rs, a_cs, rows, inner, mx, cols);
                bad |= memcmp(mo, mref, (size_t)rows * cols * sizeof(uint16_t)) != 0;
            }
            CHECK(!bad, "gfq_k_mul");
        }
    }
}

#define NS 160u
static uint16_t gs[NS * (NS + 8)];
static uint8_t a0[NS * (NS + 8)];

static void test_solve(void)
{
    unsigned trial, r, c;
    for (trial = 0; trial < 12; trial++) {
        unsigned n = trial < 4 ? 16 + trial : (trial < 8 ? 80 : NS), w = (n + 8) & ~7u;
        uint32_t sing;
        int make_singular = trial % 4 == 3;
        for (r = 0; r < n; r++) {
            for (c = 0; c < w; c++) { /* columns after n: scratch */
                a0[r * w + c] = rnd_elem();
            }
        }
        if (trial % 4 == 1) {
            /* zero leading columns force pivot swaps */
            for (r = 0; r + 1 < n; r++) {
                a0[r * w] = 0;
                a0[r * w + 1] = 0;
            }
        }
        if (make_singular) {
            /* row n-1 = row 0 + row 1 on the left side */
            for (c = 0; c < n; c++) {
                a0[(n - 1) * w + c] = (uint8_t)((a0[c] + a0[w + c]) % SNOVA_Q);
            }
        }
        for (r = 0; r < n * w; r++) {
            gs[r] = a0[r];
        }
        sing = PQSIG_NS(gfq_k_solve)(gs, n, w);
        if (make_singular) {
            CHECK(sing != 0, "singular system detected");
            continue;
        }
        if (sing != 0) {
            /* a random regular-looking system can be singular; rare */
            continue;
        }
        for (r = 0; r < n; r++) {
            uint64_t s = 0;
            for (c = 0; c < n; c++) {
                s += (uint64_t)a0[r * w + c] * gs[c * w + n];
            }
            CHECK(s % SNOVA_Q == a0[r * w + n] && gs[r * w + n] < SNOVA_Q, "solution");
        }
    }
}

static void test_pack(void)
{
    uint8_t x[200], y[200], buf[SNOVA_BYTES_GF(200)];
    unsigned n, k;
    for (n = 1; n <= 200; n += 13) {
        for (k = 0; k < n; k++) {
            x[k] = rnd_elem();
        }
        PQSIG_NS(gfq_pack)(buf, x, n);
        CHECK(PQSIG_NS(gfq_unpack)(y, buf, n) == 0 && memcmp(x, y, n) == 0, "pack round trip");
        /* the top byte of the last group all ones is never canonical */
        buf[SNOVA_BYTES_GF(n) - 1] = 0xff;
        CHECK(PQSIG_NS(gfq_unpack)(y, buf, n) != 0, "non-canonical rejected");
    }
}

static void test_t12(void)
{
    uint8_t seed[SNOVA_SEED_PRIVATE_BYTES], t12[GFQ_VL * GFQ_OL];
    gfq_blk spow[SNOVA_L];
    unsigned trial;
    PQSIG_NS(gfq_spow)(spow);
    for (trial = 0; trial < 20; trial++) {
        pqsig_shake_ctx ctx;
        unsigned j, k, a, r, c, bad = 0;
        uint8_t cf[SNOVA_L];
        for (k = 0; k < sizeof(seed); k++) {
            seed[k] = (uint8_t)rnd32();
        }
        PQSIG_NS(gfq_gen_t12)(t12, seed, spow);
        pqsig_shake256_init(&ctx);
        pqsig_shake_absorb(&ctx, seed, sizeof(seed));
        for (j = 0; j < SNOVA_V; j++) {
            for (k = 0; k < SNOVA_O; k++) {
                for (a = 0; a < SNOVA_L; a++) {
                    uint8_t b;
                    do {
                        pqsig_shake_squeeze(&ctx, &b, 1);
                    } while (b >= (256 / SNOVA_Q) * SNOVA_Q);
                    cf[a] = (uint8_t)(b % SNOVA_Q);
                }
                if (cf[SNOVA_L - 1] == 0) {
                    cf[SNOVA_L - 1] = (uint8_t)(SNOVA_Q - (cf[0] == 0 ? 1 : cf[0]));
                }
                for (r = 0; r < SNOVA_L; r++) {
                    for (c = 0; c < SNOVA_L; c++) {
                        unsigned s = 0;
                        for (a = 0; a < SNOVA_L; a++) {
                            s += (unsigned)cf[a] * spow[a].e[r][c];
                        }
                        bad |= t12[(j * SNOVA_L + r) * GFQ_OL + k * SNOVA_L + c] != s % SNOVA_Q;
                    }
                }
            }
        }
        pqsig_shake_release(&ctx);
        CHECK(!bad, "T12 sampling");
    }
}

int main(void)
{
    test_scalars();
    test_mul();
    test_solve();
    test_pack();
    test_t12();
    printf("test_snova_gfq (q = %d): %s\n", SNOVA_Q, failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
