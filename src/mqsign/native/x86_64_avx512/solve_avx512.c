/* MQ-Sign, AVX-512 + GFNI: mqs_solve (contract in ../api.h) in the AES
 * representation of GF(256).
 *
 * The tower field of the specification and GF(2)[z]/(z^8+z^4+z^3+z+1),
 * the field of vgf2p8mulb and vgf2p8affineinvqb, are the same field in
 * two bases: the tower element 0x41 is a root of the AES polynomial, and
 * the map sending z^k to 0x41^k is a field isomorphism (linear, so one
 * vgf2p8affineqb a register each way; the matrices below). The system is
 * mapped into the AES basis once, solved there with one vgf2p8mulb a
 * register for every product and vgf2p8affineinvqb for every pivot's
 * inverse, and the solution is mapped back. A field isomorphism keeps
 * zero and nonzero apart, so every pivot decision is the twin's.
 *
 * The elimination is the twin's (solve.c): the columns of A with pivots
 * from the rows of A (each row i gains rows i + 1 .. h - 1 while its pivot
 * is zero), then the windowed pivots of S (rows i + 1 .. i + 7); the rows
 * it adds and the rows it tests are the same, so the acceptance is the
 * same. Each pivot's column is cleared in every other row (Gauss-Jordan),
 * not only below, so that the rows end as the unit matrix beside x and no
 * back substitution follows: when the twin accepts, the solution is
 * unique and the same.
 *
 * Each row of [L | r] is o + 1 bytes in one or two 64-byte registers
 * (MQS_SW). A scalar of a row (its entry in the pivot's column) is
 * broadcast by vpermq and vpshufb at a public index; the pivot window's conditional
 * additions are masked XORs whose mask comes from vptestnmq of the
 * broadcast pivot. No secret reaches a branch or an address: every
 * instruction and address follows o and the step only. */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "mqsign/native/api.h"
#include "mqsign/native/x86_64_avx512/meta.h"

/* Registers per row, and the work area: the rows, then x. */
#define MQS_SW ((MQS_O + 1 + 63) / 64)
typedef struct {
    uint8_t rows[MQS_O][64 * MQS_SW];
    uint8_t x[64 * MQS_SW];
} gj_work;

typedef char mqs_check_gj_work[sizeof(gj_work) <= MQS_SOLVE_WORK_BYTES ? 1 : -1];
typedef char mqs_check_gj_regs[MQS_SW <= 2 ? 1 : -1]; /* pivot_at's two copies */

/* The isomorphism, tower to AES and back, as vgf2p8affineqb matrices
 * (the image of bit j of the input is column j; byte 7 - i holds output
 * bit i). Checked by the kernel tests: every product and inverse of the
 * solver goes through them. */
#define MQS_TO_AES 0xf1f0a6869e3ab4baull
#define MQS_FROM_AES 0x03349c68700cdea0ull
/* The identity: vgf2p8affineinvqb with it is the inverse alone. */
#define MQS_GF2_IDENTITY 0x0102040810204080ull

typedef struct {
    __m512i z[MQS_SW];
} row;

/* Registers k0 .. MQS_SW - 1 of row r (the others are not read). */
static inline row load_row(const gj_work *w, unsigned r, const unsigned k0)
{
    row v;
    unsigned k;
    for (k = k0; k < MQS_SW; k++) {
        v.z[k] = _mm512_loadu_si512((const void *)(w->rows[r] + 64 * k));
    }
    return v;
}

static inline void store_row(gj_work *w, unsigned r, const row *v, const unsigned k0)
{
    unsigned k;
    for (k = k0; k < MQS_SW; k++) {
        _mm512_storeu_si512((void *)(w->rows[r] + 64 * k), v->z[k]);
    }
}

/* The index vectors of column c (public): its 128-bit lane in every lane
 * (vpermq), then its byte in every byte (vpshufb). */
typedef struct {
    __m512i lane, byte;
    unsigned reg;
} column;

static inline column column_of(unsigned c)
{
    column k;
    const long long q = (long long)(2 * ((c % 64) / 16));
    k.lane = _mm512_set_epi64(q + 1, q, q + 1, q, q + 1, q, q + 1, q);
    k.byte = _mm512_set1_epi8((char)(c % 16));
    k.reg = c / 64;
    return k;
}

/* The row's entry in column k, in every byte. */
static inline __m512i entry(const row *v, const column *k)
{
    return _mm512_shuffle_epi8(_mm512_permutexvar_epi64(k->lane, v->z[k->reg]), k->byte);
}

/* One pivot: row p (its entry in column c) gains rows p + 1 .. stop - 1
 * while that entry is zero, is scaled to a unit pivot, and column c is
 * cleared in every other row. The pivot row is zero left of column c (each
 * earlier column is cleared everywhere but in its own pivot's row), so
 * only the registers from k0 = c / 64 on change. Returns all-ones when the
 * pivot was found. */
static inline uint64_t pivot(gj_work *w, unsigned p, unsigned c, unsigned stop, const unsigned k0)
{
    const __m512i id = _mm512_set1_epi64((long long)MQS_GF2_IDENTITY);
    const column col = column_of(c);
    row rp = load_row(w, p, k0), rj;
    __m512i e, inv;
    unsigned j, k;
    for (j = p + 1; j < stop; j++) {
        /* all eight words when the pivot is still zero, else none */
        const __mmask8 zero = _mm512_testn_epi64_mask(entry(&rp, &col), entry(&rp, &col));
        rj = load_row(w, j, k0);
        for (k = k0; k < MQS_SW; k++) {
            rp.z[k] = _mm512_mask_xor_epi64(rp.z[k], zero, rp.z[k], rj.z[k]);
        }
    }
    e = entry(&rp, &col);
    inv = _mm512_gf2p8affineinv_epi64_epi8(e, id, 0);
    for (k = k0; k < MQS_SW; k++) {
        rp.z[k] = _mm512_gf2p8mul_epi8(rp.z[k], inv);
    }
    store_row(w, p, &rp, k0);
    for (j = 0; j < MQS_O; j++) {
        if (j == p) { /* public: the step */
            continue;
        }
        rj = load_row(w, j, k0);
        e = entry(&rj, &col);
        for (k = k0; k < MQS_SW; k++) {
            rj.z[k] = _mm512_xor_si512(rj.z[k], _mm512_gf2p8mul_epi8(e, rp.z[k]));
        }
        store_row(w, j, &rj, k0);
    }
    /* the pivot's test (the scaled pivot is 1 or 0): one bit of a mask
     * register, turned to a word without a branch */
    e = entry(&rp, &col);
    return 0 - (uint64_t)((unsigned)_mm512_test_epi64_mask(e, e) & 1u);
}

/* pivot() with k0 a constant in each copy (c public). */
static inline uint64_t pivot_at(gj_work *w, unsigned p, unsigned c, unsigned stop)
{
#if MQS_SW > 1
    if (c >= 64) {
        return pivot(w, p, c, stop, 1);
    }
#endif
    return pivot(w, p, c, stop, 0);
}

uint64_t mqs_avx512_solve(uint8_t x[MQS_O], const uint8_t *lin, const uint8_t rhs[MQS_O], void *work)
{
    gj_work *w = MQS_WORK(work);
    const __m512i to = _mm512_set1_epi64((long long)MQS_TO_AES);
    const __m512i from = _mm512_set1_epi64((long long)MQS_FROM_AES);
    const __mmask64 kx = MQS_O % 64 == 0 ? ~(__mmask64)0 : (((__mmask64)1 << (MQS_O % 64)) - 1);
    uint64_t ok = ~(uint64_t)0;
    unsigned r, c, k;

    /* [L | r] row by row, zero-padded, into the AES basis. */
    memset(w->rows, 0, sizeof w->rows);
    for (c = 0; c < MQS_O; c++) {
        for (r = 0; r < MQS_O; r++) {
            w->rows[r][c] = lin[c * MQS_O + r];
        }
    }
    for (r = 0; r < MQS_O; r++) {
        row v;
        w->rows[r][MQS_O] = rhs[r];
        v = load_row(w, r, 0);
        for (k = 0; k < MQS_SW; k++) {
            v.z[k] = _mm512_gf2p8affine_epi64_epi8(v.z[k], to, 0);
        }
        store_row(w, r, &v, 0);
    }

    /* The pivots of A (window: every row of A), then those of S. */
    for (r = 0; r < MQS_H; r++) {
        ok &= pivot_at(w, r, r, MQS_H);
    }
    for (r = MQS_H; r < MQS_O; r++) {
        const unsigned stop = r + MQS_SCHUR_WINDOW < MQS_O ? r + MQS_SCHUR_WINDOW : MQS_O;
        ok &= pivot_at(w, r, r, stop);
    }

    /* x in the last column, back to the tower basis. */
    memset(w->x, 0, sizeof w->x);
    for (r = 0; r < MQS_O; r++) {
        w->x[r] = w->rows[r][MQS_O];
    }
    for (k = 0; k < MQS_SW; k++) {
        const __m512i v = _mm512_gf2p8affine_epi64_epi8(_mm512_loadu_si512((const void *)(w->x + 64 * k)), from, 0);
        if (64 * k + 64 <= MQS_O) {
            _mm512_storeu_si512((void *)(x + 64 * k), v);
        } else if (64 * k < MQS_O) {
            _mm512_mask_storeu_epi8(x + 64 * k, kx, v);
        }
    }
    return ok;
}
