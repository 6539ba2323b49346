/* SNOVA, odd prime q, l = 4: the block stage of the signing system
 * (snova_gfq_rows of native/api.h) and the 4 x 4 block products it shares
 * with the final combination, for one vector width: included by
 * gfq_blocks_avx2.c (256-bit vectors, a block to a vector) and by
 * x86_64_avx512/gfq_rows_avx512.c (512-bit vectors, blocks t and t + 1 in
 * the two halves: every operation here works within 256-bit halves). The
 * includer defines, before including it:
 *   GV                   the vector type, GR_STEP the blocks it holds (1, 2);
 *   GR_ROWS              the kernel's name;
 *   gv_mullo, gv_mulhi, gv_add, gv_sub (16-bit lanes), gv_set1 (a word
 *   broadcast), gv_zero(), gv_load(p), gv_store(p, v), gv_red16 (gfq_red16
 *   lane by lane), gv_shuf (vpshufb), gv_row(x, k) (row k of the block
 *   in every row: 64-bit word k of each half spread over it), gv_ctl(c)
 *   (a 32-byte vpshufb control, in each half), gv_widen(x) (16 bytes to
 *   words, in each half), gv_transpose(v) (the 4 x 4 64-bit words of each
 *   half transposed), gv_load_r(r4, k) (words 16 k of R's rows for the
 *   block(s) from r4), gv_store_blocks(dst, v, both) (a row of 16 words of
 *   each block held, the second only when `both`).
 * Sums and reductions are those of the file comment of gfq_blocks_avx2.c,
 * so the results are the twin's bit for bit. */

/* x mod q up to q: below 2 q, the same class (gfq_red16 without its last
 * correction). Products of such values by elements, four at a time, and
 * 20 terms' coefficients of two such products stay below 2^16 (checked
 * above); only the sums leave the kernel, reduced by gv_red16. */
static inline GV part_v(GV x)
{
    const GV t = gv_mulhi(x, gv_set1((short)(65536u / SNOVA_Q)));
    return gv_sub(x, gv_mullo(t, gv_set1(SNOVA_Q)));
}

/* vpshufb controls: column k of each row spread along it (COL), and for a
 * matrix whose rows all hold row k of X, X[k][r] along row r (TRN). */
static const uint8_t col_ctl[4][32] = {
    {0, 1, 0, 1, 0, 1, 0, 1, 8, 9, 8, 9, 8, 9, 8, 9, 0, 1, 0, 1, 0, 1, 0, 1, 8, 9, 8, 9, 8, 9, 8, 9},
    {2, 3, 2, 3, 2, 3, 2, 3, 10, 11, 10, 11, 10, 11, 10, 11, 2, 3, 2, 3, 2, 3, 2, 3, 10, 11, 10, 11, 10, 11, 10, 11},
    {4, 5, 4, 5, 4, 5, 4, 5, 12, 13, 12, 13, 12, 13, 12, 13, 4, 5, 4, 5, 4, 5, 4, 5, 12, 13, 12, 13, 12, 13, 12, 13},
    {6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15, 6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15}};
static const uint8_t trn_ctl[32] = {0, 1, 0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3, 2, 3,
                                    4, 5, 4, 5, 4, 5, 4, 5, 6, 7, 6, 7, 6, 7, 6, 7};
/* bytes of a 4 x 4 byte matrix transposed */
static const uint8_t byte_trn[16] = {0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15};

static inline uint32_t load32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static inline GV widen16(const uint8_t *p)
{
    return gv_widen(_mm_loadu_si128((const __m128i *)(const void *)p));
}

/* x y unreduced, x's columns given spread (xc) */
static inline GV mul_xc_sum(const GV xc[4], GV y)
{
    GV s = gv_mullo(xc[0], gv_row(y, 0));
    s = gv_add(s, gv_mullo(xc[1], gv_row(y, 1)));
    s = gv_add(s, gv_mullo(xc[2], gv_row(y, 2)));
    return gv_add(s, gv_mullo(xc[3], gv_row(y, 3)));
}

/* x y unreduced, y's rows given spread (yr) */
static inline GV mul_yr_sum(GV x, const GV yr[4])
{
    GV s = gv_mullo(gv_shuf(x, gv_ctl(col_ctl[0])), yr[0]);
    s = gv_add(s, gv_mullo(gv_shuf(x, gv_ctl(col_ctl[1])), yr[1]));
    s = gv_add(s, gv_mullo(gv_shuf(x, gv_ctl(col_ctl[2])), yr[2]));
    return gv_add(s, gv_mullo(gv_shuf(x, gv_ctl(col_ctl[3])), yr[3]));
}

/* x^t y with y's rows given spread (yr) */
static inline GV tmul_yr(GV x, const GV yr[4])
{
    const GV tc = gv_ctl(trn_ctl);
    GV s = gv_mullo(gv_shuf(gv_row(x, 0), tc), yr[0]);
    s = gv_add(s, gv_mullo(gv_shuf(gv_row(x, 1), tc), yr[1]));
    s = gv_add(s, gv_mullo(gv_shuf(gv_row(x, 2), tc), yr[2]));
    return part_v(gv_add(s, gv_mullo(gv_shuf(gv_row(x, 3), tc), yr[3])));
}

/* x's rows, each spread down the columns */
static inline void rows_of(GV out[4], GV x)
{
    out[0] = gv_row(x, 0);
    out[1] = gv_row(x, 1);
    out[2] = gv_row(x, 2);
    out[3] = gv_row(x, 3);
}

/* 8 rows of 8 lanes transposed */
static inline void transpose8(__m128i r[8])
{
    __m128i a[8], b[8];
    unsigned k;
    for (k = 0; k < 4; k++) {
        a[2 * k] = _mm_unpacklo_epi16(r[2 * k], r[2 * k + 1]);
        a[2 * k + 1] = _mm_unpackhi_epi16(r[2 * k], r[2 * k + 1]);
    }
    for (k = 0; k < 2; k++) {
        b[4 * k] = _mm_unpacklo_epi32(a[4 * k], a[4 * k + 2]);
        b[4 * k + 1] = _mm_unpackhi_epi32(a[4 * k], a[4 * k + 2]);
        b[4 * k + 2] = _mm_unpacklo_epi32(a[4 * k + 1], a[4 * k + 3]);
        b[4 * k + 3] = _mm_unpackhi_epi32(a[4 * k + 1], a[4 * k + 3]);
    }
    for (k = 0; k < 4; k++) {
        r[2 * k] = _mm_unpacklo_epi64(b[k], b[k + 4]);
        r[2 * k + 1] = _mm_unpackhi_epi64(b[k], b[k + 4]);
    }
}

/* Oil blocks t0 .. t0 + 7 of R_p (lanes, rl as api.h lays it out) into
 * rows: rt[t - t0][u l^2 + k] = R_p[(t, u)][k]. */
static void lay_out(uint16_t rt[8][64], const uint16_t *rl, unsigned p, unsigned t0, size_t tp)
{
    const uint16_t *src = rl + (size_t)p * 64 * tp + t0;
    unsigned j0, k;
    for (j0 = 0; j0 < 64; j0 += 8) { /* rows u l^2 + k of R_p, eight at a time */
        __m128i r[8];
        for (k = 0; k < 8; k++) {
            r[k] = _mm_loadu_si128((const __m128i *)(const void *)(src + k * tp));
        }
        transpose8(r);
        for (k = 0; k < 8; k++) {
            _mm_storeu_si128((__m128i *)(void *)(&rt[k][j0]), r[k]);
        }
        src += 8 * tp;
    }
}

/* What a term alpha fixes (public): q1, q2 broadcast, A's columns, B's
 * rows, Q1's columns, Q2's rows spread, Bt and A's rows spread. */
typedef struct {
    GV q1[4], q2[4], ac[4], br[4], q1c[4], q2r[4], bt, ar[4];
} term_consts;

/* s1 = sum_k w1[k] x[k] and s2 = sum_k w2[k] x[k], lane by lane (unreduced). */
static inline void wsum2(GV *s1, GV *s2, const GV w1[4], const GV w2[4], const GV x[4])
{
    GV m1 = gv_mullo(w1[0], x[0]), m2 = gv_mullo(w2[0], x[0]);
    unsigned k;
    for (k = 1; k < 4; k++) {
        m1 = gv_add(m1, gv_mullo(w1[k], x[k]));
        m2 = gv_add(m2, gv_mullo(w2[k], x[k]));
    }
    *s1 = m1;
    *s2 = m2;
}

static void term_prepare(term_consts *tc, const uint8_t *abq, const GV sp[4], unsigned o, size_t it)
{
    const uint8_t *am = abq + it * 16, *bm = abq + ((size_t)o * ALPHA_L4 + it) * 16;
    const uint8_t *q1 = abq + (size_t)o * ALPHA_L4 * 32 + it * 4, *q2 = q1 + (size_t)o * ALPHA_L4 * 4;
    const GV a = widen16(am), b = widen16(bm);
    GV m1, m2;
    unsigned k;
    for (k = 0; k < 4; k++) {
        tc->q1[k] = gv_set1((short)q1[k]);
        tc->q2[k] = gv_set1((short)q2[k]);
        tc->ac[k] = gv_shuf(a, gv_ctl(col_ctl[k]));
    }
    wsum2(&m1, &m2, tc->q1, tc->q2, sp); /* Q = sum_a q[a] S^a */
    m1 = gv_red16(m1);
    m2 = gv_red16(m2);
    for (k = 0; k < 4; k++) {
        tc->q1c[k] = gv_shuf(m1, gv_ctl(col_ctl[k]));
    }
    rows_of(tc->br, b);
    rows_of(tc->q2r, m2);
    rows_of(tc->ar, a);
    tc->bt = gv_widen(_mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)bm),
                                       _mm_loadu_si128((const __m128i *)(const void *)byte_trn)));
}

/* One coefficient of term alpha for oil block t (and t + 1 in the upper
 * half of 512-bit vectors): acc (16 vectors, (r, x)) += Bt (A M_t)[r][x] +
 * A_r (N_t B)[x][.] spread, from R_i' (r4: the four rows u, 16 elements
 * each, of block t; block t + 1's 64 elements later). */
static inline void term_block(GV *acc, const term_consts *tc, const uint16_t *r4)
{
    GV rk[4], l_t, k_t, am, nb, nbx[4], amr[4];
    unsigned k, r;
    for (k = 0; k < 4; k++) {
        rk[k] = gv_load_r(r4, k);
    }
    gv_transpose(rk); /* rk[k][u][x] = R[(t, u)][k l + x] */
    wsum2(&l_t, &k_t, tc->q1, tc->q2, rk); /* l_t = L_t^t, k_t = K_t */
    l_t = part_v(l_t);
    k_t = part_v(k_t);
    am = part_v(mul_xc_sum(tc->ac, tmul_yr(l_t, tc->q2r)));    /* A (L_t Q2) */
    nb = part_v(mul_yr_sum(part_v(mul_xc_sum(tc->q1c, k_t)), tc->br)); /* (Q1 K_t) B */
    rows_of(nbx, nb);
    rows_of(amr, am);
    for (k = 0; k < 4; k++) {
        nbx[k] = gv_shuf(nbx[k], gv_ctl(trn_ctl)); /* lanes (c, y): (N_t B)[k][c] */
    }
    for (r = 0; r < 4; r++) {
        for (k = 0; k < 4; k++) {
            const GV s = gv_shuf(amr[r], gv_ctl(col_ctl[k]));
            const GV d = gv_add(gv_mullo(tc->bt, s), gv_mullo(tc->ar[r], nbx[k]));
            gv_store(acc + 4 * r + k, gv_add(gv_load(acc + 4 * r + k), d));
        }
    }
}

void GR_ROWS(uint16_t *g, size_t gw, const uint16_t *rl, const uint8_t *abq, const uint8_t *spow, const uint8_t *rhs,
             unsigned i, unsigned o, uint16_t *work)
{
    const unsigned tp = (o + 7u) & ~7u, nu = o * 16;
    uint16_t rt[8][64];
    /* work: l^4 tp lanes; 256 o used, 256 (o + 1) for pairs of blocks
     * (tp > o when o is odd) */
    GV sp[4], *acc = (GV *)(void *)work;
    unsigned p, t0, t, a, r, c, k;

    for (k = 0; k < 4; k++) {
        sp[k] = widen16(spow + 16 * k);
    }
    for (k = 0; k < 16 * ((o + GR_STEP - 1) / GR_STEP); k++) {
        gv_store(acc + k, gv_zero());
    }
    for (p = 0; p < o; p++) {
        /* the terms alpha with i + alpha = p mod o */
        const unsigned a0 = (p + o - i % o) % o;
        for (t0 = 0; t0 < o; t0 += 8) {
            lay_out(rt, rl, p, t0, tp);
            for (a = a0; a < ALPHA_L4; a += o) {
                term_consts tc;
                term_prepare(&tc, abq, sp, o, (size_t)i * ALPHA_L4 + a);
                for (t = t0; t < o && t < t0 + 8; t += GR_STEP) {
                    term_block(acc + 16 * (t / GR_STEP), &tc, rt[t - t0]);
                }
            }
        }
    }
    /* row (r, c) of the equation, columns t l^2 + x l + y: word c of the
     * sums of (t, r, x) */
    for (t = 0; t < o; t += GR_STEP) {
        for (r = 0; r < 4; r++) {
            GV v[4];
            for (k = 0; k < 4; k++) {
                v[k] = gv_red16(gv_load(acc + 16 * (t / GR_STEP) + 4 * r + k));
            }
            gv_transpose(v);
            for (c = 0; c < 4; c++) {
                gv_store_blocks(g + (size_t)(i * 16 + r * 4 + c) * gw + t * 16, v[c], t + 1 < o);
            }
        }
    }
    for (r = 0; r < 16; r++) {
        uint16_t *grow = g + (size_t)(i * 16 + r) * gw;
        grow[nu] = rhs[r];
        for (c = nu + 1; c < gw; c++) {
            grow[c] = 0;
        }
    }
    /* R is secret: its rows wiped, the stores kept by an asm that claims
     * to read them (work is the caller's to wipe) */
    for (k = 0; k < 8 * 64; k += 16 * GR_STEP) {
        gv_store(&rt[0][0] + k, gv_zero());
    }
    __asm__ __volatile__("" : : "r"(&rt[0][0]) : "memory");
}

