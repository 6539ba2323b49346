/* SNOVA reference: the field F_q and l x l matrices over it (section 1.8).
 *
 * An element is a byte holding 0..q-1. For q = 16 the byte holds the
 * polynomial a3 x^3 + a2 x^2 + a1 x + a0 over F_2 as the bits a3..a0, and
 * arithmetic is modulo f(x) = x^4 + x + 1; for prime q it is arithmetic
 * modulo q. No operation looks up a table or branches on an element. */
#ifndef PQSIG_SNOVA_REF_GF_H
#define PQSIG_SNOVA_REF_GF_H

#include <stdint.h>
#include <string.h>

#include "snova/params.h"

typedef uint8_t gf;

/* An element of R = Mat_{l x l}(F_q); e[row][column]. */
typedef struct {
    gf e[SNOVA_L][SNOVA_L];
} blk;

static inline gf gf_add(gf a, gf b)
{
#if SNOVA_Q == 16
    return (gf)(a ^ b);
#else
    return (gf)(((unsigned)a + b) % SNOVA_Q);
#endif
}

static inline gf gf_neg(gf a)
{
#if SNOVA_Q == 16
    return a;
#else
    return (gf)((SNOVA_Q - (unsigned)a) % SNOVA_Q);
#endif
}

static inline gf gf_sub(gf a, gf b)
{
    return gf_add(a, gf_neg(b));
}

static inline gf gf_mul(gf a, gf b)
{
#if SNOVA_Q == 16
    /* Carry-less product (degree <= 6), then x^4 = x + 1 folds the top
     * three coefficients h into h * (x + 1). */
    unsigned p = 0, h, i;
    for (i = 0; i < 4; i++) {
        p ^= ((unsigned)a << i) & (0u - (((unsigned)b >> i) & 1u));
    }
    h = p >> 4;
    return (gf)((p ^ h ^ (h << 1)) & 15u);
#else
    return (gf)(((unsigned)a * b) % SNOVA_Q);
#endif
}

/* a^(q-2): the inverse of a nonzero a (and 0 for 0), by a fixed ladder. */
static inline gf gf_inv(gf a)
{
    unsigned e = SNOVA_Q - 2;
    gf r = 1, sq = a;
    while (e != 0) {
        gf t = gf_mul(r, sq);
        unsigned take = 0u - (e & 1u);
        r = (gf)((t & take) | (r & ~take));
        sq = gf_mul(sq, sq);
        e >>= 1;
    }
    return r;
}

/* The element named by a small integer, as the specification writes
 * constants (the integer 2^3 a + 2^2 b + 2 c + d for q = 16). */
static inline gf gf_from_int(unsigned x)
{
#if SNOVA_Q == 16
    return (gf)(x & 15u);
#else
    return (gf)(x % SNOVA_Q);
#endif
}

/* ---- l x l matrices ---- */

static inline void blk_zero(blk *a)
{
    memset(a, 0, sizeof(*a));
}

/* a = x * identity */
static inline void blk_scalar(blk *a, gf x)
{
    unsigned i;
    blk_zero(a);
    for (i = 0; i < SNOVA_L; i++) {
        a->e[i][i] = x;
    }
}

/* acc += b */
static inline void blk_add(blk *acc, const blk *b)
{
    unsigned i, j;
    for (i = 0; i < SNOVA_L; i++) {
        for (j = 0; j < SNOVA_L; j++) {
            acc->e[i][j] = gf_add(acc->e[i][j], b->e[i][j]);
        }
    }
}

/* acc += x * b */
static inline void blk_add_scaled(blk *acc, gf x, const blk *b)
{
    unsigned i, j;
    for (i = 0; i < SNOVA_L; i++) {
        for (j = 0; j < SNOVA_L; j++) {
            acc->e[i][j] = gf_add(acc->e[i][j], gf_mul(x, b->e[i][j]));
        }
    }
}

/* acc += a * b */
static inline void blk_mul_add(blk *acc, const blk *a, const blk *b)
{
    unsigned i, j, k;
    for (i = 0; i < SNOVA_L; i++) {
        for (j = 0; j < SNOVA_L; j++) {
            gf s = acc->e[i][j];
            for (k = 0; k < SNOVA_L; k++) {
                s = gf_add(s, gf_mul(a->e[i][k], b->e[k][j]));
            }
            acc->e[i][j] = s;
        }
    }
}

/* acc += a^t * b */
static inline void blk_tmul_add(blk *acc, const blk *a, const blk *b)
{
    unsigned i, j, k;
    for (i = 0; i < SNOVA_L; i++) {
        for (j = 0; j < SNOVA_L; j++) {
            gf s = acc->e[i][j];
            for (k = 0; k < SNOVA_L; k++) {
                s = gf_add(s, gf_mul(a->e[k][i], b->e[k][j]));
            }
            acc->e[i][j] = s;
        }
    }
}

/* c = a * b (c may not alias a or b) */
static inline void blk_mul(blk *c, const blk *a, const blk *b)
{
    blk_zero(c);
    blk_mul_add(c, a, b);
}

static inline void blk_transpose(blk *t, const blk *a)
{
    unsigned i, j;
    for (i = 0; i < SNOVA_L; i++) {
        for (j = 0; j < SNOVA_L; j++) {
            t->e[j][i] = a->e[i][j];
        }
    }
}

static inline int blk_is_symmetric(const blk *a)
{
    unsigned i, j;
    int sym = 1;
    for (i = 0; i < SNOVA_L; i++) {
        for (j = i + 1; j < SNOVA_L; j++) {
            sym &= a->e[i][j] == a->e[j][i];
        }
    }
    return sym;
}

/* Row-major element order: e[r][c] is element r * l + c. */
static inline void blk_from_elems(blk *a, const gf *x)
{
    unsigned i, j;
    for (i = 0; i < SNOVA_L; i++) {
        for (j = 0; j < SNOVA_L; j++) {
            a->e[i][j] = x[i * SNOVA_L + j];
        }
    }
}

static inline void blk_to_elems(gf *x, const blk *a)
{
    unsigned i, j;
    for (i = 0; i < SNOVA_L; i++) {
        for (j = 0; j < SNOVA_L; j++) {
            x[i * SNOVA_L + j] = a->e[i][j];
        }
    }
}

#endif
