/* The Keccak-f[1600] permutation (FIPS 202, algorithms 1-7), included by
 * keccak.c (portable build) and keccak_bmi2.c (the same C compiled with
 * BMI1/BMI2, chosen at run time on x86-64: andn and rorx save a fifth of
 * the instructions). Generated code: lanes in locals (index x + 5y); a round
 * is computed one output row at a time, since chi needs only the five
 * rho/pi outputs of its row; output lane (X, Y) reads input lane
 * ((X + 3Y) mod 5, X). */
#ifndef PQSIG_KECCAK_PERM_H
#define PQSIG_KECCAK_PERM_H

#include <stdint.h>

#define ROTL64(x, n) (((x) << (n)) | ((x) >> (64 - (n))))

/* Round constants of iota (FIPS 202, algorithm 5 and 6). */
static const uint64_t keccak_rc[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL, 0x8000000080008000ULL,
    0x000000000000808bULL, 0x0000000080000001ULL, 0x8000000080008081ULL, 0x8000000000008009ULL,
    0x000000000000008aULL, 0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL, 0x8000000000008003ULL,
    0x8000000000008002ULL, 0x8000000000000080ULL, 0x000000000000800aULL, 0x800000008000000aULL,
    0x8000000080008081ULL, 0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL};

static void keccak_permute(uint64_t s[25])
{
    uint64_t a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24;
    uint64_t e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12, e13, e14, e15, e16, e17, e18, e19, e20, e21, e22, e23, e24;
    uint64_t b0, b1, b2, b3, b4, c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;
    int round;

    a0 = s[0];
    a1 = s[1];
    a2 = s[2];
    a3 = s[3];
    a4 = s[4];
    a5 = s[5];
    a6 = s[6];
    a7 = s[7];
    a8 = s[8];
    a9 = s[9];
    a10 = s[10];
    a11 = s[11];
    a12 = s[12];
    a13 = s[13];
    a14 = s[14];
    a15 = s[15];
    a16 = s[16];
    a17 = s[17];
    a18 = s[18];
    a19 = s[19];
    a20 = s[20];
    a21 = s[21];
    a22 = s[22];
    a23 = s[23];
    a24 = s[24];
    c0 = a0 ^ a5 ^ a10 ^ a15 ^ a20;
    c1 = a1 ^ a6 ^ a11 ^ a16 ^ a21;
    c2 = a2 ^ a7 ^ a12 ^ a17 ^ a22;
    c3 = a3 ^ a8 ^ a13 ^ a18 ^ a23;
    c4 = a4 ^ a9 ^ a14 ^ a19 ^ a24;
    /* Two rounds per iteration, a -> e -> a. Each round: theta from the
     * column parities c (computed as the previous round wrote its lanes),
     * then per output row the five rho/pi inputs b and chi; iota on lane 0. */
    for (round = 0; round < 24; round += 2) {
        d0 = c4 ^ ROTL64(c1, 1);
        d1 = c0 ^ ROTL64(c2, 1);
        d2 = c1 ^ ROTL64(c3, 1);
        d3 = c2 ^ ROTL64(c4, 1);
        d4 = c3 ^ ROTL64(c0, 1);
        b0 = a0 ^ d0;
        b1 = ROTL64(a6 ^ d1, 44);
        b2 = ROTL64(a12 ^ d2, 43);
        b3 = ROTL64(a18 ^ d3, 21);
        b4 = ROTL64(a24 ^ d4, 14);
        e0 = b0 ^ (~b1 & b2) ^ keccak_rc[round];
        e1 = b1 ^ (~b2 & b3);
        e2 = b2 ^ (~b3 & b4);
        e3 = b3 ^ (~b4 & b0);
        e4 = b4 ^ (~b0 & b1);
        b0 = ROTL64(a3 ^ d3, 28);
        b1 = ROTL64(a9 ^ d4, 20);
        b2 = ROTL64(a10 ^ d0, 3);
        b3 = ROTL64(a16 ^ d1, 45);
        b4 = ROTL64(a22 ^ d2, 61);
        e5 = b0 ^ (~b1 & b2);
        e6 = b1 ^ (~b2 & b3);
        e7 = b2 ^ (~b3 & b4);
        e8 = b3 ^ (~b4 & b0);
        e9 = b4 ^ (~b0 & b1);
        b0 = ROTL64(a1 ^ d1, 1);
        b1 = ROTL64(a7 ^ d2, 6);
        b2 = ROTL64(a13 ^ d3, 25);
        b3 = ROTL64(a19 ^ d4, 8);
        b4 = ROTL64(a20 ^ d0, 18);
        e10 = b0 ^ (~b1 & b2);
        e11 = b1 ^ (~b2 & b3);
        e12 = b2 ^ (~b3 & b4);
        e13 = b3 ^ (~b4 & b0);
        e14 = b4 ^ (~b0 & b1);
        b0 = ROTL64(a4 ^ d4, 27);
        b1 = ROTL64(a5 ^ d0, 36);
        b2 = ROTL64(a11 ^ d1, 10);
        b3 = ROTL64(a17 ^ d2, 15);
        b4 = ROTL64(a23 ^ d3, 56);
        e15 = b0 ^ (~b1 & b2);
        e16 = b1 ^ (~b2 & b3);
        e17 = b2 ^ (~b3 & b4);
        e18 = b3 ^ (~b4 & b0);
        e19 = b4 ^ (~b0 & b1);
        b0 = ROTL64(a2 ^ d2, 62);
        b1 = ROTL64(a8 ^ d3, 55);
        b2 = ROTL64(a14 ^ d4, 39);
        b3 = ROTL64(a15 ^ d0, 41);
        b4 = ROTL64(a21 ^ d1, 2);
        e20 = b0 ^ (~b1 & b2);
        e21 = b1 ^ (~b2 & b3);
        e22 = b2 ^ (~b3 & b4);
        e23 = b3 ^ (~b4 & b0);
        e24 = b4 ^ (~b0 & b1);
        c0 = e0 ^ e5 ^ e10 ^ e15 ^ e20;
        c1 = e1 ^ e6 ^ e11 ^ e16 ^ e21;
        c2 = e2 ^ e7 ^ e12 ^ e17 ^ e22;
        c3 = e3 ^ e8 ^ e13 ^ e18 ^ e23;
        c4 = e4 ^ e9 ^ e14 ^ e19 ^ e24;
        d0 = c4 ^ ROTL64(c1, 1);
        d1 = c0 ^ ROTL64(c2, 1);
        d2 = c1 ^ ROTL64(c3, 1);
        d3 = c2 ^ ROTL64(c4, 1);
        d4 = c3 ^ ROTL64(c0, 1);
        b0 = e0 ^ d0;
        b1 = ROTL64(e6 ^ d1, 44);
        b2 = ROTL64(e12 ^ d2, 43);
        b3 = ROTL64(e18 ^ d3, 21);
        b4 = ROTL64(e24 ^ d4, 14);
        a0 = b0 ^ (~b1 & b2) ^ keccak_rc[round + 1];
        a1 = b1 ^ (~b2 & b3);
        a2 = b2 ^ (~b3 & b4);
        a3 = b3 ^ (~b4 & b0);
        a4 = b4 ^ (~b0 & b1);
        b0 = ROTL64(e3 ^ d3, 28);
        b1 = ROTL64(e9 ^ d4, 20);
        b2 = ROTL64(e10 ^ d0, 3);
        b3 = ROTL64(e16 ^ d1, 45);
        b4 = ROTL64(e22 ^ d2, 61);
        a5 = b0 ^ (~b1 & b2);
        a6 = b1 ^ (~b2 & b3);
        a7 = b2 ^ (~b3 & b4);
        a8 = b3 ^ (~b4 & b0);
        a9 = b4 ^ (~b0 & b1);
        b0 = ROTL64(e1 ^ d1, 1);
        b1 = ROTL64(e7 ^ d2, 6);
        b2 = ROTL64(e13 ^ d3, 25);
        b3 = ROTL64(e19 ^ d4, 8);
        b4 = ROTL64(e20 ^ d0, 18);
        a10 = b0 ^ (~b1 & b2);
        a11 = b1 ^ (~b2 & b3);
        a12 = b2 ^ (~b3 & b4);
        a13 = b3 ^ (~b4 & b0);
        a14 = b4 ^ (~b0 & b1);
        b0 = ROTL64(e4 ^ d4, 27);
        b1 = ROTL64(e5 ^ d0, 36);
        b2 = ROTL64(e11 ^ d1, 10);
        b3 = ROTL64(e17 ^ d2, 15);
        b4 = ROTL64(e23 ^ d3, 56);
        a15 = b0 ^ (~b1 & b2);
        a16 = b1 ^ (~b2 & b3);
        a17 = b2 ^ (~b3 & b4);
        a18 = b3 ^ (~b4 & b0);
        a19 = b4 ^ (~b0 & b1);
        b0 = ROTL64(e2 ^ d2, 62);
        b1 = ROTL64(e8 ^ d3, 55);
        b2 = ROTL64(e14 ^ d4, 39);
        b3 = ROTL64(e15 ^ d0, 41);
        b4 = ROTL64(e21 ^ d1, 2);
        a20 = b0 ^ (~b1 & b2);
        a21 = b1 ^ (~b2 & b3);
        a22 = b2 ^ (~b3 & b4);
        a23 = b3 ^ (~b4 & b0);
        a24 = b4 ^ (~b0 & b1);
        c0 = a0 ^ a5 ^ a10 ^ a15 ^ a20;
        c1 = a1 ^ a6 ^ a11 ^ a16 ^ a21;
        c2 = a2 ^ a7 ^ a12 ^ a17 ^ a22;
        c3 = a3 ^ a8 ^ a13 ^ a18 ^ a23;
        c4 = a4 ^ a9 ^ a14 ^ a19 ^ a24;
    }
    s[0] = a0;
    s[1] = a1;
    s[2] = a2;
    s[3] = a3;
    s[4] = a4;
    s[5] = a5;
    s[6] = a6;
    s[7] = a7;
    s[8] = a8;
    s[9] = a9;
    s[10] = a10;
    s[11] = a11;
    s[12] = a12;
    s[13] = a13;
    s[14] = a14;
    s[15] = a15;
    s[16] = a16;
    s[17] = a17;
    s[18] = a18;
    s[19] = a19;
    s[20] = a20;
    s[21] = a21;
    s[22] = a22;
    s[23] = a23;
    s[24] = a24;
}

#endif
