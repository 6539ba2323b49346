/* Falcon key generation: what keygen_*.c share (not part of the API).
 *
 * The NTRU solver works with
 *  - arithmetic modulo the small primes p of keygen_primes.c (2^30 < p <
 *    2^31, p = 1 mod 2048), in Montgomery form with R = 2^32 where that
 *    helps, and the negacyclic NTT of every degree up to 1024;
 *  - big integers as little-endian arrays of 31-bit limbs in uint32_t
 *    words (bit 31 always clear), two's complement over 31 * len bits for
 *    signed values. The limbs of one integer are `st` words apart, so that
 *    a polynomial can be stored limb-major ("planes": limb j of coefficient
 *    i at x[j * n + i]) and the same routines serve single integers
 *    (st = 1).
 * The 31-bit limbs are not a free choice: the solver approximates big
 * integers by floating-point values built from whole limbs, so the limb
 * boundaries decide the roundings, hence the keys. */
#ifndef PQSIG_FALCON_KEYGEN_INT_H
#define PQSIG_FALCON_KEYGEN_INT_H

#include <stddef.h>
#include <stdint.h>

#include "falcon/fpr.h"
#include "falcon/ns.h"

/* ---- the prime table (keygen_primes.c) ---- */

typedef struct {
    uint32_t p;    /* the prime */
    uint32_t root; /* an element of order 2048 modulo p */
    uint32_t crt;  /* 2^32 / (product of the previous primes) mod p */
} falcon_kg_prime;

/* Degree 1024 needs 308 primes (the widest unreduced F and G). */
#define FALCON_KG_NPRIMES 308

#define falcon_kg_primes FALCON_NS(falcon_kg_primes)
extern const falcon_kg_prime falcon_kg_primes[FALCON_KG_NPRIMES];

/* ---- arithmetic modulo one prime ---- */

typedef struct {
    uint32_t p;   /* the prime */
    uint32_t pn;  /* -1/p mod 2^32 */
    uint32_t r2;  /* 2^64 mod p: mont_mul(x, r2) = x * 2^32 mod p */
    uint32_t r31; /* 2^63 mod p: mont_mul(x, r31) = x * 2^31 mod p */
    uint32_t r94; /* 2^94 mod p (two limbs at a time, see kg_zmod_u) */
} kg_mod;

static inline void kg_mod_init(kg_mod *m, uint32_t p)
{
    uint32_t y = p; /* p * p = 1 mod 8: three correct bits */
    int i;
    for (i = 0; i < 4; i++) {
        y *= 2u - p * y; /* Newton: the correct bits double */
    }
    m->p = p;
    m->pn = (uint32_t)0 - y;
    /* p is public: a division is fine here. */
    m->r31 = (uint32_t)(((uint64_t)1 << 63) % p);
    m->r2 = (uint32_t)(((uint64_t)m->r31 << 1) % p);
    m->r94 = (uint32_t)(((uint64_t)m->r31 << 31) % p);
}

/* z / 2^32 mod p, for z < 2^32 * p; result in [0, p). */
static inline uint32_t kg_redc(const kg_mod *m, uint64_t z)
{
    uint32_t k = (uint32_t)z * m->pn;
    uint32_t t = (uint32_t)((z + (uint64_t)k * m->p) >> 32);
    t -= m->p;
    return t + (m->p & (uint32_t)-(int32_t)(t >> 31));
}

/* a * b / 2^32 mod p, for a * b < 2^32 * p; result in [0, p). */
static inline uint32_t kg_mmul(const kg_mod *m, uint32_t a, uint32_t b)
{
    return kg_redc(m, (uint64_t)a * b);
}

/* a + b and a - b mod p for a, b in [0, p). */
static inline uint32_t kg_madd(const kg_mod *m, uint32_t a, uint32_t b)
{
    uint32_t t = a + b - m->p;
    return t + (m->p & (uint32_t)-(int32_t)(t >> 31));
}

static inline uint32_t kg_msub(const kg_mod *m, uint32_t a, uint32_t b)
{
    uint32_t t = a - b;
    return t + (m->p & (uint32_t)-(int32_t)(t >> 31));
}

/* A signed x with -p < x < p, as a residue in [0, p). */
static inline uint32_t kg_mset(const kg_mod *m, int32_t x)
{
    uint32_t t = (uint32_t)x;
    return t + (m->p & (uint32_t)-(int32_t)(t >> 31));
}

/* Any signed 32-bit x as a residue in [0, p) (p > 2^30, so x + 2p >= 0
 * for x < 0 and one correction suffices). */
static inline uint32_t kg_mset_i32(const kg_mod *m, int32_t x)
{
    uint32_t t = (uint32_t)x + ((m->p << 1) & (uint32_t)-(int32_t)((uint32_t)x >> 31));
    t -= m->p;
    return t + (m->p & (uint32_t)-(int32_t)(t >> 31));
}

/* A residue in [0, p) as the signed value of (-p/2, p/2]. */
static inline int32_t kg_mcentre(const kg_mod *m, uint32_t x)
{
    uint32_t over = (uint32_t)-(int32_t)(((m->p >> 1) - x) >> 31);
    return (int32_t)(x - (m->p & over));
}

/* x * 2^32 mod p (into the Montgomery domain). */
static inline uint32_t kg_mont(const kg_mod *m, uint32_t x)
{
    return kg_mmul(m, x, m->r2);
}

/* The unsigned integer x (len limbs, st apart) modulo p. Horner from the
 * top, two limbs a step: acc holds the value read so far times 2^-32, and
 * one reduction of acc 2^94 + hi 2^31 + lo (< 2^32 p) appends two limbs. */
static inline uint32_t kg_zmod_u(const uint32_t *x, size_t len, size_t st, const kg_mod *m)
{
    uint32_t acc = 0, b = ((uint32_t)1 << 31) - m->p; /* 2^31 mod p */
    size_t j = len;
    if (j & 1u) {
        j--;
        acc = kg_redc(m, x[j * st]);
    }
    while (j > 0) {
        j -= 2;
        acc = kg_redc(m, (uint64_t)acc * m->r94 + (uint64_t)x[(j + 1) * st] * b + x[j * st]);
    }
    return kg_mmul(m, acc, m->r2);
}

/* ---- NTT modulo one prime (keygen_ntt.c) ---- */

#define falcon_kg_ntt_tables FALCON_NS(falcon_kg_ntt_tables)
#define falcon_kg_ntt FALCON_NS(falcon_kg_ntt)
#define falcon_kg_intt FALCON_NS(falcon_kg_intt)
#define falcon_kg_pow2mod FALCON_NS(falcon_kg_pow2mod)

/* Twiddle tables for degree 2^logn modulo the prime pr (m initialised
 * with pr->p): fw[k] = psi^brv(k), iv[k] = psi^-brv(k) (Montgomery form),
 * psi a primitive 2^(logn+1)-th root, brv the reversal of logn bits. The
 * first 2^(logn-1) entries are the tables of degree 2^(logn-1). */
void falcon_kg_ntt_tables(uint32_t *fw, uint32_t *iv, unsigned logn, const falcon_kg_prime *pr, const kg_mod *m);
/* In place, 2^logn residues: coefficients to evaluations at the roots of
 * x^n + 1 (entries 2v and 2v+1 are at w and -w, and w^2 is the root of
 * entry v for degree n/2); and back. */
void falcon_kg_ntt(uint32_t *a, const uint32_t *fw, unsigned logn, const kg_mod *m);
void falcon_kg_intt(uint32_t *a, const uint32_t *iv, unsigned logn, const kg_mod *m);
/* 2^e mod p for any e (public). */
uint32_t falcon_kg_pow2mod(const kg_mod *m, uint32_t e);

/* ---- big integers (keygen_zint.c) ---- */

#define falcon_kg_zmod FALCON_NS(falcon_kg_zmod)
#define falcon_kg_crt FALCON_NS(falcon_kg_crt)
#define falcon_kg_bezout FALCON_NS(falcon_kg_bezout)
#define falcon_kg_zmul_small FALCON_NS(falcon_kg_zmul_small)
#define falcon_kg_zsub_shifted FALCON_NS(falcon_kg_zsub_shifted)
#define falcon_kg_poly_mulsub_small FALCON_NS(falcon_kg_poly_mulsub_small)
#define falcon_kg_poly_to_fpr FALCON_NS(falcon_kg_poly_to_fpr)

/* The signed integer x (len limbs, st apart) modulo p; top = 2^(31 len)
 * mod p (the weight of the sign). len may be 0. */
uint32_t falcon_kg_zmod(const uint32_t *x, size_t len, size_t st, const kg_mod *m, uint32_t top);

/* In place: count integers (the first at x, the next ones 1 word apart;
 * limb j of integer i at x[j * st + i]) whose "limb" j holds the residue
 * modulo prime j, j < len, become their value: in [0, P) or, when centred,
 * in [-(P-1)/2, (P-1)/2] (P the product of the len primes). tmp: len
 * words. */
void falcon_kg_crt(uint32_t *x, size_t count, size_t st, size_t len, int centred, uint32_t *tmp);

/* For odd positive x and y (len limbs, st = 1, len >= 1): when
 * gcd(x, y) = 1, sets u = 1/x mod y and v = (x u - 1) / y (so x u - y v =
 * 1, 0 <= u < y, 0 <= v < x) and returns 1; otherwise returns 0 (u and v
 * then unspecified). Constant time. tmp: 4 len words. */
int falcon_kg_bezout(uint32_t *u, uint32_t *v, const uint32_t *x, const uint32_t *y, size_t len, uint32_t *tmp);

/* x *= s (s < 2^31), unsigned, len limbs at stride 1; returns the carry. */
uint32_t falcon_kg_zmul_small(uint32_t *x, size_t len, uint32_t s);

/* x -= y * 2^(31 sch + scl) modulo 2^(31 xlen), both signed (y
 * sign-extended), limbs xst and yst apart; scl < 31. */
void falcon_kg_zsub_shifted(uint32_t *x, size_t xlen, size_t xst, const uint32_t *y, size_t ylen, size_t yst,
                            size_t sch, unsigned scl);

/* F -= (k * f) * 2^(31 sch + scl) in Z[x]/(x^n + 1), each coefficient of
 * F taken modulo 2^(31 Flen): F and f in planes (Flen limbs at stride
 * Fst, flen limbs at stride n), k of n signed 32-bit values. Exact,
 * schoolbook (small n). tmp: 8-byte aligned, (5 flen + 2) n words. */
void falcon_kg_poly_mulsub_small(uint32_t *F, size_t Flen, size_t Fst, const uint32_t *f, size_t flen,
                                 const int32_t *k, size_t sch, unsigned scl, unsigned logn, uint32_t *tmp);

/* d[i] = the value of the signed integer i of a plane polynomial (len
 * limbs, limb j of coefficient i at x[j * st + i]), summed in floating
 * point from the lowest limb up (each limb times 2^(31 j) is exact, each
 * addition rounds). len = 0 gives zeros. */
void falcon_kg_poly_to_fpr(fpr *d, const uint32_t *x, size_t len, size_t st, unsigned logn);

/* ---- the NTRU solver (keygen_solve.c) ---- */

#define falcon_kg_ntru_mismatch FALCON_NS(falcon_kg_ntru_mismatch)
/* Zero when f G - g F = q in Z[x]/(x^n + 1), checked modulo the first
 * prime (above 2^30): exact, since every coefficient of f G - g F is below
 * n 2 127^2 < 2^26 in size. Constant time. tmp: 6n words. */
uint32_t falcon_kg_ntru_mismatch(const int8_t *f, const int8_t *g, const int8_t *F, const int8_t *G,
                                 unsigned logn, uint32_t *tmp);

#define falcon_kg_solve FALCON_NS(falcon_kg_solve)
#define falcon_kg_solve_words FALCON_NS(falcon_kg_solve_words)

/* Words of work area falcon_kg_solve needs for degree 2^logn. */
size_t falcon_kg_solve_words(unsigned logn);
/* F and G (G may be NULL) with f G - g F = q and all coefficients in
 * [-127, 127], by round 3's algorithm. Returns 1, or 0 when (f, g) has no
 * such solution by this algorithm (then discard it). tmp: 8-byte aligned,
 * falcon_kg_solve_words(logn) words. Constant time but for the verdict. */
int falcon_kg_solve(unsigned logn, int8_t *F, int8_t *G, const int8_t *f, const int8_t *g, uint32_t *tmp);

#endif
