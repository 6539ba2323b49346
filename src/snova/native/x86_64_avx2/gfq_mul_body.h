/* SNOVA, odd prime q: the body of the vpmaddubsw product kernels
 * (snova_gfq_mul and snova_gfq_mul_pairs of native/api.h) for one vector
 * width. gfq_mul_avx2.c includes it for 256-bit vectors, and
 * x86_64_avx512/gfq_mul_avx512.c for 512-bit ones; the includer defines,
 * before including it:
 *   GM_V, GM_L          the vector type and its 16-bit lanes (16, 32);
 *   MUL_VECS, MUL_STRIP vectors of a strip and its columns (GM_L MUL_VECS);
 *   MUL_PAIRS           pair rows of x packed per block;
 *   MUL_PAIRS_GIVEN     pair rows per block when they are given;
 *   GM_MUL, GM_MUL_PAIRS the two kernels' names;
 *   gm_zero(), gm_store(p, v);
 *   MAC_VEC(acc, b, xv) acc += vpmaddubsw(b, the vector at xv);
 *   pair_bytes(x0, x1, two, k): GM_L words x0[c] | x1[c] << 8 (x1 zero
 *                       when !two), the bytes from k on dropped;
 *   GM_TAIL_READ_OK(end): whether pair_bytes may read GM_L bytes up to end
 *                       for a partial vector (a masked load always may);
 *   finish_vec(o, c, width, acc, o_end): o[c .. width) = (o + acc mod q)
 *                       mod q for one vector from c, nothing past width
 *                       changed;
 *   pair_bcast(a, a_cs, two), load_pair(a): a pair of elements of a's row
 *                       broadcast as a word;
 * and may define GM_NARROW_COLS with GM_NARROW_MUL and GM_NARROW_MUL_PAIRS:
 * the kernels that take products of at most that many columns instead.
 * Every output is reduced to [0, q) as the portable twin's is, so the
 * results are equal bit for bit; no branch or address depends on an
 * element, only on the public sizes. */

/* xp[p][c] = x[2p][c] | x[2p + 1][c] << 8 for p < np (the second row zero
 * past the inner dimension), c < width, zero up to GM_L nv columns; rows
 * of x are xs bytes apart, and x_end ends the matrix. A strip's last
 * partial vector is read whole (its bytes past the strip dropped) where
 * GM_TAIL_READ_OK lets it, which is every row but the last few for a
 * plain load. */
static void pack_pairs(uint16_t xp[MUL_PAIRS][MUL_STRIP], const uint8_t *x, size_t xs, unsigned width,
                       unsigned rows_left, unsigned np, unsigned nv, const uint8_t *x_end)
{
    unsigned p, c;
    (void)x_end;
    for (p = 0; p < np; p++) {
        const uint8_t *x0 = x + 2 * p * xs, *x1 = x0 + xs;
        const int two = 2 * p + 1 < rows_left;
        for (c = 0; c + GM_L <= width; c += GM_L) {
            gm_store(xp[p] + c, pair_bytes(x0 + c, x1 + c, two, GM_L));
        }
        if (c < width && GM_TAIL_READ_OK((two ? x1 : x0) + c + GM_L <= x_end)) {
            gm_store(xp[p] + c, pair_bytes(x0 + c, x1 + c, two, width - c));
            c += GM_L;
        }
        for (; c < width; c++) {
            xp[p][c] = (uint16_t)(x0[c] | (two ? x1[c] : 0) << 8);
        }
        for (; c < GM_L * nv; c++) {
            xp[p][c] = 0;
        }
    }
}

#define MAC_ROW(b, xrow)                                                                                   \
    do {                                                                                                   \
        MAC_VEC(acc0, b, xrow);                                                                            \
        if (nv > 1)                                                                                        \
            MAC_VEC(acc1, b, xrow + GM_L);                                                                 \
        if (nv > 2)                                                                                        \
            MAC_VEC(acc2, b, xrow + 2 * GM_L);                                                             \
        if (nv > 3)                                                                                        \
            MAC_VEC(acc3, b, xrow + 3 * GM_L);                                                             \
        if (nv > 4)                                                                                        \
            MAC_VEC(acc4, b, xrow + 4 * GM_L);                                                             \
        if (nv > 5)                                                                                        \
            MAC_VEC(acc5, b, xrow + 5 * GM_L);                                                             \
        if (nv > 6)                                                                                        \
            MAC_VEC(acc6, b, xrow + 6 * GM_L);                                                             \
        if (nv > 7)                                                                                        \
            MAC_VEC(acc7, b, xrow + 7 * GM_L);                                                             \
    } while (0)

#define FINISH(j, acc)                                                                                     \
    do {                                                                                                   \
        if (nv > (j))                                                                                      \
            finish_vec(o, GM_L * (j), width, acc, o_end);                                                  \
    } while (0)

/* One output row's strip += the block of np pairs; PAIR(p) gives the pair
 * of a's row for x's pair row p broadcast over a vector. nv = vectors of
 * the strip (a constant in each instance). */
#define ROW_BODY(PAIR, PAIR1)                                                                              \
    do {                                                                                                   \
        GM_V acc0 = gm_zero(), acc1 = acc0, acc2 = acc0, acc3 = acc0;                                      \
        GM_V acc4 = acc0, acc5 = acc0, acc6 = acc0, acc7 = acc0;                                           \
        for (p = 0; p + 2 <= np; p += 2) { /* two pairs a step */                                         \
            const GM_V b0 = (PAIR), b1 = (PAIR1);                                                          \
            MAC_ROW(b0, xp + (size_t)p * xps);                                                             \
            MAC_ROW(b1, xp + (size_t)(p + 1) * xps);                                                       \
        }                                                                                                  \
        if (p < np) {                                                                                      \
            const GM_V b = (PAIR);                                                                         \
            MAC_ROW(b, xp + (size_t)p * xps);                                                              \
        }                                                                                                  \
        FINISH(0, acc0);                                                                                   \
        FINISH(1, acc1);                                                                                   \
        FINISH(2, acc2);                                                                                   \
        FINISH(3, acc3);                                                                                   \
        FINISH(4, acc4);                                                                                   \
        FINISH(5, acc5);                                                                                   \
        FINISH(6, acc6);                                                                                   \
        FINISH(7, acc7);                                                                                   \
    } while (0)

/* The strip (width columns from out, rows os apart) of out's rows +=
 * the block of np pairs from x row m0 on, their pair rows at xp, xps
 * words apart. */
static inline void mul_block(uint16_t *out, const uint16_t *o_end, size_t os, const uint8_t *a, size_t a_rs,
                             size_t a_cs, unsigned rows, unsigned m0, unsigned inner, unsigned np,
                             const uint16_t *xp, size_t xps, unsigned width, const unsigned nv)
{
    unsigned r, p;
    if (a_cs == 1 && m0 + 2 * np <= inner) {
        /* both elements of every pair lie in the row, next to each other */
        for (r = 0; r < rows; r++) {
            const uint8_t *ar = a + (size_t)r * a_rs + m0;
            uint16_t *o = out + (size_t)r * os;
            ROW_BODY(load_pair(ar + 2 * p), load_pair(ar + 2 * p + 2));
        }
        return;
    }
    for (r = 0; r < rows; r++) {
        const uint8_t *ar = a + (size_t)r * a_rs + (size_t)m0 * a_cs;
        uint16_t *o = out + (size_t)r * os;
        ROW_BODY(pair_bcast(ar + (size_t)2 * p * a_cs, a_cs, m0 + 2 * p + 1 < inner),
                 pair_bcast(ar + (size_t)(2 * p + 2) * a_cs, a_cs, m0 + 2 * p + 3 < inner));
    }
}

#define MUL_CASE(n)                                                                                        \
    case n:                                                                                                \
        mul_block(out, o_end, os, a, a_rs, a_cs, rows, m0, inner, np, xp, xps, width, n);                 \
        break

/* mul_block for a strip of nv vectors, a constant in each case. */
static inline __attribute__((always_inline)) void mul_block_nv(uint16_t *out, const uint16_t *o_end, size_t os,
                                                               const uint8_t *a, size_t a_rs, size_t a_cs,
                                                               unsigned rows, unsigned m0, unsigned inner,
                                                               unsigned np, const uint16_t *xp, size_t xps,
                                                               unsigned width, unsigned nv)
{
    switch (nv) {
        MUL_CASE(1);
#if MUL_VECS > 2
        MUL_CASE(2);
#endif
#if MUL_VECS > 3
        MUL_CASE(3);
#endif
#if MUL_VECS > 4
        MUL_CASE(4);
#endif
#if MUL_VECS > 5
        MUL_CASE(5);
#endif
#if MUL_VECS > 6
        MUL_CASE(6);
#endif
    default:
        mul_block(out, o_end, os, a, a_rs, a_cs, rows, m0, inner, np, xp, xps, width, MUL_VECS);
        break;
    }
}

void GM_MUL(uint16_t *out, size_t os, const uint8_t *a, size_t a_rs, size_t a_cs, unsigned rows, unsigned inner,
            const uint8_t *x, size_t xs, unsigned cols)
{
    uint16_t xb[MUL_PAIRS][MUL_STRIP], *const xp = &xb[0][0];
    const size_t xps = MUL_STRIP;
    /* the ends of what the call owns: the last rows' cols entries */
    const uint16_t *o_end = out + (size_t)(rows - 1) * os + cols;
    const uint8_t *x_end = x + (size_t)(inner - 1) * xs + cols;
    /* the part of xp written: rows, and vectors of the first (widest) strip */
    const unsigned packed = inner < 2 * MUL_PAIRS ? (inner + 1) / 2 : MUL_PAIRS;
    const unsigned packed_nv = cols < MUL_STRIP ? (cols + GM_L - 1) / GM_L : MUL_VECS;
    unsigned c0, m0, p, j;
#if defined(GM_NARROW_COLS)
    if (cols <= GM_NARROW_COLS) {
        GM_NARROW_MUL(out, os, a, a_rs, a_cs, rows, inner, x, xs, cols);
        return;
    }
#endif
    if (rows == 0 || inner == 0) {
        return;
    }
    for (c0 = 0; c0 < cols; c0 += MUL_STRIP) {
        const unsigned width = cols - c0 < MUL_STRIP ? cols - c0 : MUL_STRIP, nv = (width + GM_L - 1) / GM_L;
        for (m0 = 0; m0 < inner; m0 += 2 * MUL_PAIRS) {
            const unsigned left = inner - m0, np = left >= 2 * MUL_PAIRS ? MUL_PAIRS : (left + 1) / 2;
            pack_pairs(xb, x + (size_t)m0 * xs + c0, xs, width, left, np, nv, x_end);
            mul_block_nv(out + c0, o_end, os, a, a_rs, a_cs, rows, m0, inner, np, xp, xps, width, nv);
        }
    }
    /* x may be secret (T12, the whipped vinegar): the written part of xp
     * wiped, the stores kept by an asm that claims to read them. The asm
     * in the loop also keeps the stores vector stores: GCC turned each
     * row's into a `rep stosq` of a few hundred bytes, whose start-up cost
     * per row made the wipe 40 % of the kernel's time (SNOVA_24_5_23_4
     * signing, both widths). */
    for (p = 0; p < packed; p++) {
        for (j = 0; j < packed_nv; j++) {
            gm_store(xb[p] + GM_L * j, gm_zero());
            __asm__ __volatile__("" : : "r"(xb[p]) : "memory");
        }
    }
}

/* The same on pair rows given (api.h): the blocks of pairs read in place,
 * as many as 16-bit sums take (no packed block bounds them). */
void GM_MUL_PAIRS(uint16_t *out, size_t os, const uint8_t *a, size_t a_rs, unsigned rows, unsigned inner,
                  const uint16_t *xq, size_t xps, unsigned cols)
{
    const size_t a_cs = 1;
    const uint16_t *o_end; /* the end of what the call owns: the last row's cols entries */
    unsigned c0, m0;
#if defined(GM_NARROW_COLS)
    if (cols <= GM_NARROW_COLS) {
        GM_NARROW_MUL_PAIRS(out, os, a, a_rs, rows, inner, xq, xps, cols);
        return;
    }
#endif
    if (rows == 0) {
        return;
    }
    o_end = out + (size_t)(rows - 1) * os + cols;
    for (c0 = 0; c0 < cols; c0 += MUL_STRIP) {
        const unsigned width = cols - c0 < MUL_STRIP ? cols - c0 : MUL_STRIP, nv = (width + GM_L - 1) / GM_L;
        for (m0 = 0; m0 < inner; m0 += 2 * MUL_PAIRS_GIVEN) {
            const unsigned left = inner - m0, np = left >= 2 * MUL_PAIRS_GIVEN ? MUL_PAIRS_GIVEN : left / 2;
            const uint16_t *xp = xq + (size_t)(m0 / 2) * xps + c0;
            mul_block_nv(out + c0, o_end, os, a, a_rs, a_cs, rows, m0, inner, np, xp, xps, width, nv);
        }
    }
}
