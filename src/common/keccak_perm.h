/* The Keccak-f[1600] permutation (FIPS 202, algorithms 1-7), written once
 * over a lane type. Each inclusion defines one static function KECCAK_FN
 * (KECCAK_PARAMS); no include guard, the macros are undefined at the end.
 *
 * Includers: keccak.c and keccak_bmi2.c (scalar, the defaults below: one
 * state of 25 uint64_t), native/x86_64/keccakx4_avx2.c and
 * keccakx8_avx512.c (a vector holds lane i of 4 or 8 states). An includer
 * with another lane type defines KECCAK_LANE and every operation:
 *   KECCAK_LOAD(i), KECCAK_STORE(i, v)  lane i = x + 5y of the state(s)
 *   KECCAK_XOR(a, b), KECCAK_XOR5(a, b, c, d, e)
 *   KECCAK_ROL(x, n)    rotation left by a constant n, 0 < n < 64
 *   KECCAK_CHI(a, b, c) a ^ (~b & c)  (chi, algorithm 2)
 *   KECCAK_IOTA(x, r)   x ^ keccak_rc[r]  (iota, algorithm 6)
 *
 * Lanes live in locals (the compiler keeps what fits in registers). A round
 * is computed one output row at a time, since chi needs only the five
 * rho/pi outputs of its row; output lane (X, Y) reads input lane
 * ((X + 3Y) mod 5, X). Two rounds per iteration, a -> e -> a, each starting
 * with theta from the column parities c that the previous round computed
 * as it wrote its lanes. */
#include <stdint.h>

#ifndef PQSIG_KECCAK_RC
#define PQSIG_KECCAK_RC
/* Round constants of iota (FIPS 202, algorithm 5 and 6). */
static const uint64_t keccak_rc[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL, 0x8000000080008000ULL,
    0x000000000000808bULL, 0x0000000080000001ULL, 0x8000000080008081ULL, 0x8000000000008009ULL,
    0x000000000000008aULL, 0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL, 0x8000000000008003ULL,
    0x8000000000008002ULL, 0x8000000000000080ULL, 0x000000000000800aULL, 0x800000008000000aULL,
    0x8000000080008081ULL, 0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL};
#endif

#ifndef KECCAK_LANE
#define KECCAK_LANE uint64_t
#define KECCAK_PARAMS uint64_t s[25]
#define KECCAK_LOAD(i) s[i]
#define KECCAK_STORE(i, v) (s[i] = (v))
#define KECCAK_XOR(a, b) ((a) ^ (b))
#define KECCAK_XOR5(a, b, c, d, e) ((a) ^ (b) ^ (c) ^ (d) ^ (e))
#define KECCAK_ROL(x, n) (((x) << (n)) | ((x) >> (64 - (n))))
#define KECCAK_CHI(a, b, c) ((a) ^ (~(b) & (c)))
#define KECCAK_IOTA(x, r) ((x) ^ keccak_rc[r])
#endif

static void KECCAK_FN(KECCAK_PARAMS)
{
    KECCAK_LANE a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20,
        a21, a22, a23, a24;
    KECCAK_LANE e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12, e13, e14, e15, e16, e17, e18, e19, e20,
        e21, e22, e23, e24;
    KECCAK_LANE b0, b1, b2, b3, b4, c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;
    int round;

    a0 = KECCAK_LOAD(0);
    a1 = KECCAK_LOAD(1);
    a2 = KECCAK_LOAD(2);
    a3 = KECCAK_LOAD(3);
    a4 = KECCAK_LOAD(4);
    a5 = KECCAK_LOAD(5);
    a6 = KECCAK_LOAD(6);
    a7 = KECCAK_LOAD(7);
    a8 = KECCAK_LOAD(8);
    a9 = KECCAK_LOAD(9);
    a10 = KECCAK_LOAD(10);
    a11 = KECCAK_LOAD(11);
    a12 = KECCAK_LOAD(12);
    a13 = KECCAK_LOAD(13);
    a14 = KECCAK_LOAD(14);
    a15 = KECCAK_LOAD(15);
    a16 = KECCAK_LOAD(16);
    a17 = KECCAK_LOAD(17);
    a18 = KECCAK_LOAD(18);
    a19 = KECCAK_LOAD(19);
    a20 = KECCAK_LOAD(20);
    a21 = KECCAK_LOAD(21);
    a22 = KECCAK_LOAD(22);
    a23 = KECCAK_LOAD(23);
    a24 = KECCAK_LOAD(24);
    c0 = KECCAK_XOR5(a0, a5, a10, a15, a20);
    c1 = KECCAK_XOR5(a1, a6, a11, a16, a21);
    c2 = KECCAK_XOR5(a2, a7, a12, a17, a22);
    c3 = KECCAK_XOR5(a3, a8, a13, a18, a23);
    c4 = KECCAK_XOR5(a4, a9, a14, a19, a24);
    for (round = 0; round < 24; round += 2) {
        d0 = KECCAK_XOR(c4, KECCAK_ROL(c1, 1));
        d1 = KECCAK_XOR(c0, KECCAK_ROL(c2, 1));
        d2 = KECCAK_XOR(c1, KECCAK_ROL(c3, 1));
        d3 = KECCAK_XOR(c2, KECCAK_ROL(c4, 1));
        d4 = KECCAK_XOR(c3, KECCAK_ROL(c0, 1));
        b0 = KECCAK_XOR(a0, d0);
        b1 = KECCAK_ROL(KECCAK_XOR(a6, d1), 44);
        b2 = KECCAK_ROL(KECCAK_XOR(a12, d2), 43);
        b3 = KECCAK_ROL(KECCAK_XOR(a18, d3), 21);
        b4 = KECCAK_ROL(KECCAK_XOR(a24, d4), 14);
        e0 = KECCAK_IOTA(KECCAK_CHI(b0, b1, b2), round);
        e1 = KECCAK_CHI(b1, b2, b3);
        e2 = KECCAK_CHI(b2, b3, b4);
        e3 = KECCAK_CHI(b3, b4, b0);
        e4 = KECCAK_CHI(b4, b0, b1);
        b0 = KECCAK_ROL(KECCAK_XOR(a3, d3), 28);
        b1 = KECCAK_ROL(KECCAK_XOR(a9, d4), 20);
        b2 = KECCAK_ROL(KECCAK_XOR(a10, d0), 3);
        b3 = KECCAK_ROL(KECCAK_XOR(a16, d1), 45);
        b4 = KECCAK_ROL(KECCAK_XOR(a22, d2), 61);
        e5 = KECCAK_CHI(b0, b1, b2);
        e6 = KECCAK_CHI(b1, b2, b3);
        e7 = KECCAK_CHI(b2, b3, b4);
        e8 = KECCAK_CHI(b3, b4, b0);
        e9 = KECCAK_CHI(b4, b0, b1);
        b0 = KECCAK_ROL(KECCAK_XOR(a1, d1), 1);
        b1 = KECCAK_ROL(KECCAK_XOR(a7, d2), 6);
        b2 = KECCAK_ROL(KECCAK_XOR(a13, d3), 25);
        b3 = KECCAK_ROL(KECCAK_XOR(a19, d4), 8);
        b4 = KECCAK_ROL(KECCAK_XOR(a20, d0), 18);
        e10 = KECCAK_CHI(b0, b1, b2);
        e11 = KECCAK_CHI(b1, b2, b3);
        e12 = KECCAK_CHI(b2, b3, b4);
        e13 = KECCAK_CHI(b3, b4, b0);
        e14 = KECCAK_CHI(b4, b0, b1);
        b0 = KECCAK_ROL(KECCAK_XOR(a4, d4), 27);
        b1 = KECCAK_ROL(KECCAK_XOR(a5, d0), 36);
        b2 = KECCAK_ROL(KECCAK_XOR(a11, d1), 10);
        b3 = KECCAK_ROL(KECCAK_XOR(a17, d2), 15);
        b4 = KECCAK_ROL(KECCAK_XOR(a23, d3), 56);
        e15 = KECCAK_CHI(b0, b1, b2);
        e16 = KECCAK_CHI(b1, b2, b3);
        e17 = KECCAK_CHI(b2, b3, b4);
        e18 = KECCAK_CHI(b3, b4, b0);
        e19 = KECCAK_CHI(b4, b0, b1);
        b0 = KECCAK_ROL(KECCAK_XOR(a2, d2), 62);
        b1 = KECCAK_ROL(KECCAK_XOR(a8, d3), 55);
        b2 = KECCAK_ROL(KECCAK_XOR(a14, d4), 39);
        b3 = KECCAK_ROL(KECCAK_XOR(a15, d0), 41);
        b4 = KECCAK_ROL(KECCAK_XOR(a21, d1), 2);
        e20 = KECCAK_CHI(b0, b1, b2);
        e21 = KECCAK_CHI(b1, b2, b3);
        e22 = KECCAK_CHI(b2, b3, b4);
        e23 = KECCAK_CHI(b3, b4, b0);
        e24 = KECCAK_CHI(b4, b0, b1);
        c0 = KECCAK_XOR5(e0, e5, e10, e15, e20);
        c1 = KECCAK_XOR5(e1, e6, e11, e16, e21);
        c2 = KECCAK_XOR5(e2, e7, e12, e17, e22);
        c3 = KECCAK_XOR5(e3, e8, e13, e18, e23);
        c4 = KECCAK_XOR5(e4, e9, e14, e19, e24);
        d0 = KECCAK_XOR(c4, KECCAK_ROL(c1, 1));
        d1 = KECCAK_XOR(c0, KECCAK_ROL(c2, 1));
        d2 = KECCAK_XOR(c1, KECCAK_ROL(c3, 1));
        d3 = KECCAK_XOR(c2, KECCAK_ROL(c4, 1));
        d4 = KECCAK_XOR(c3, KECCAK_ROL(c0, 1));
        b0 = KECCAK_XOR(e0, d0);
        b1 = KECCAK_ROL(KECCAK_XOR(e6, d1), 44);
        b2 = KECCAK_ROL(KECCAK_XOR(e12, d2), 43);
        b3 = KECCAK_ROL(KECCAK_XOR(e18, d3), 21);
        b4 = KECCAK_ROL(KECCAK_XOR(e24, d4), 14);
        a0 = KECCAK_IOTA(KECCAK_CHI(b0, b1, b2), round + 1);
        a1 = KECCAK_CHI(b1, b2, b3);
        a2 = KECCAK_CHI(b2, b3, b4);
        a3 = KECCAK_CHI(b3, b4, b0);
        a4 = KECCAK_CHI(b4, b0, b1);
        b0 = KECCAK_ROL(KECCAK_XOR(e3, d3), 28);
        b1 = KECCAK_ROL(KECCAK_XOR(e9, d4), 20);
        b2 = KECCAK_ROL(KECCAK_XOR(e10, d0), 3);
        b3 = KECCAK_ROL(KECCAK_XOR(e16, d1), 45);
        b4 = KECCAK_ROL(KECCAK_XOR(e22, d2), 61);
        a5 = KECCAK_CHI(b0, b1, b2);
        a6 = KECCAK_CHI(b1, b2, b3);
        a7 = KECCAK_CHI(b2, b3, b4);
        a8 = KECCAK_CHI(b3, b4, b0);
        a9 = KECCAK_CHI(b4, b0, b1);
        b0 = KECCAK_ROL(KECCAK_XOR(e1, d1), 1);
        b1 = KECCAK_ROL(KECCAK_XOR(e7, d2), 6);
        b2 = KECCAK_ROL(KECCAK_XOR(e13, d3), 25);
        b3 = KECCAK_ROL(KECCAK_XOR(e19, d4), 8);
        b4 = KECCAK_ROL(KECCAK_XOR(e20, d0), 18);
        a10 = KECCAK_CHI(b0, b1, b2);
        a11 = KECCAK_CHI(b1, b2, b3);
        a12 = KECCAK_CHI(b2, b3, b4);
        a13 = KECCAK_CHI(b3, b4, b0);
        a14 = KECCAK_CHI(b4, b0, b1);
        b0 = KECCAK_ROL(KECCAK_XOR(e4, d4), 27);
        b1 = KECCAK_ROL(KECCAK_XOR(e5, d0), 36);
        b2 = KECCAK_ROL(KECCAK_XOR(e11, d1), 10);
        b3 = KECCAK_ROL(KECCAK_XOR(e17, d2), 15);
        b4 = KECCAK_ROL(KECCAK_XOR(e23, d3), 56);
        a15 = KECCAK_CHI(b0, b1, b2);
        a16 = KECCAK_CHI(b1, b2, b3);
        a17 = KECCAK_CHI(b2, b3, b4);
        a18 = KECCAK_CHI(b3, b4, b0);
        a19 = KECCAK_CHI(b4, b0, b1);
        b0 = KECCAK_ROL(KECCAK_XOR(e2, d2), 62);
        b1 = KECCAK_ROL(KECCAK_XOR(e8, d3), 55);
        b2 = KECCAK_ROL(KECCAK_XOR(e14, d4), 39);
        b3 = KECCAK_ROL(KECCAK_XOR(e15, d0), 41);
        b4 = KECCAK_ROL(KECCAK_XOR(e21, d1), 2);
        a20 = KECCAK_CHI(b0, b1, b2);
        a21 = KECCAK_CHI(b1, b2, b3);
        a22 = KECCAK_CHI(b2, b3, b4);
        a23 = KECCAK_CHI(b3, b4, b0);
        a24 = KECCAK_CHI(b4, b0, b1);
        c0 = KECCAK_XOR5(a0, a5, a10, a15, a20);
        c1 = KECCAK_XOR5(a1, a6, a11, a16, a21);
        c2 = KECCAK_XOR5(a2, a7, a12, a17, a22);
        c3 = KECCAK_XOR5(a3, a8, a13, a18, a23);
        c4 = KECCAK_XOR5(a4, a9, a14, a19, a24);
    }
    KECCAK_STORE(0, a0);
    KECCAK_STORE(1, a1);
    KECCAK_STORE(2, a2);
    KECCAK_STORE(3, a3);
    KECCAK_STORE(4, a4);
    KECCAK_STORE(5, a5);
    KECCAK_STORE(6, a6);
    KECCAK_STORE(7, a7);
    KECCAK_STORE(8, a8);
    KECCAK_STORE(9, a9);
    KECCAK_STORE(10, a10);
    KECCAK_STORE(11, a11);
    KECCAK_STORE(12, a12);
    KECCAK_STORE(13, a13);
    KECCAK_STORE(14, a14);
    KECCAK_STORE(15, a15);
    KECCAK_STORE(16, a16);
    KECCAK_STORE(17, a17);
    KECCAK_STORE(18, a18);
    KECCAK_STORE(19, a19);
    KECCAK_STORE(20, a20);
    KECCAK_STORE(21, a21);
    KECCAK_STORE(22, a22);
    KECCAK_STORE(23, a23);
    KECCAK_STORE(24, a24);
}

#undef KECCAK_FN
#undef KECCAK_LANE
#undef KECCAK_PARAMS
#undef KECCAK_LOAD
#undef KECCAK_STORE
#undef KECCAK_XOR
#undef KECCAK_XOR5
#undef KECCAK_ROL
#undef KECCAK_CHI
#undef KECCAK_IOTA
