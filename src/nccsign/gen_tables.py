#!/usr/bin/env python3
"""Generate src/nccsign/ntt_tables.h: twiddle factors and constants of the
NTT of every NCC-Sign-T ring, derived from one primitive root per ring.

The NTT is the CRT map of R_q = Z_q[X]/(X^n - X^(n/2) + 1) that the
specification fixes (the matrix a is sampled directly in this domain, so
the order of the factors is part of the scheme):

  1. X^n - X^(n/2) + 1 = (X^(n/2) - w6)(X^(n/2) - w6^5), w6 = rho^(M/6);
  2. radix-2 splits X^(2L) - rho^e = (X^L - rho^(e/2))(X^L + rho^(e/2));
  3. radix-3 splits X^(3L) - rho^e = prod_i (X^L - rho^(e/3) w^i), w = rho^(M/3);

where rho has order M (3n, or n at n = 1536 where q = 1 mod 3n fails and the
transform stops at factors X^3 - zeta), every exponent e is taken in
[0, M), and the factors of a block are stored in the order written. The
script checks the transform against schoolbook products before writing.

That is the specification's order. In the rings with radix-3 layers (n =
1152 and 2304) the code runs those right after the first split instead, at
large strides where its loops vectorise, and the radix-2 layers last: the
same factors, in another memory order. ncc_ntt_perm[i] is where the code's
transform keeps the residue that the specification's keeps at i (a-hat is
sampled in the specification's order and stored through it).

Usage: python3 gen_tables.py > ntt_tables.h
"""
import random
import sys

R = 1 << 32

# n: (q, rho, M, radix-2 layers after the first split, radix-3 layers)
RINGS = {
    1152: (8401537, 174396, 3456, 6, 2),
    1536: (8397313, 86054, 1536, 8, 0),
    2304: (8404993, 4184677, 6912, 7, 2),
    2048: (8380417, 834, 6144, 10, 0),
}


def factor_tree(n, q, rho, M, nr2, nr3, r3_first=False):
    """Twiddles of the forward transform in order of use, and the exponents
    e of the final factors X^base - rho^e in memory order."""
    assert pow(rho, M, q) == 1 and pow(rho, M // 2, q) != 1 and pow(rho, M // 3, q) != 1
    layers = [("split", n // 2, [pow(rho, M // 6, q)])]
    blocks = [M // 6, 5 * M // 6]
    length = n // 2
    kinds = ["r3"] * nr3 + ["r2"] * nr2 if r3_first else ["r2"] * nr2 + ["r3"] * nr3
    for kind in kinds:
        tw, nxt = [], []
        if kind == "r2":
            length //= 2
            for e in blocks:
                assert e % 2 == 0
                tw.append(pow(rho, e // 2, q))
                nxt += [e // 2, e // 2 + M // 2]
        else:
            length //= 3
            for e in blocks:
                assert e % 3 == 0
                tw += [pow(rho, e // 3, q), pow(rho, 2 * e // 3, q)]
                nxt += [e // 3 + i * M // 3 for i in range(3)]
        layers.append((kind, length, tw))
        blocks = nxt
    return layers, blocks, length


def ntt_model(f, n, q, layers, w):
    a = list(f)
    for kind, length, tw in layers:
        k = 0
        if kind == "split":
            z = tw[0]
            for j in range(length):
                lo, hi = a[j], a[j + length]
                a[j], a[j + length] = (lo + z * hi) % q, (lo + (1 - z) * hi) % q
        elif kind == "r2":
            for start in range(0, n, 2 * length):
                z = tw[k]; k += 1
                for j in range(start, start + length):
                    t = z * a[j + length]
                    a[j], a[j + length] = (a[j] + t) % q, (a[j] - t) % q
        else:
            for start in range(0, n, 3 * length):
                z1, z2 = tw[k], tw[k + 1]; k += 2
                for j in range(start, start + length):
                    f0, t1, t2 = a[j], z1 * a[j + length], z2 * a[j + 2 * length]
                    a[j] = (f0 + t1 + t2) % q
                    a[j + length] = (f0 + w * t1 + w * w * t2) % q
                    a[j + 2 * length] = (f0 + w * w * t1 + w * t2) % q
    return a


def schoolbook(a, b, n, q):
    c = [0] * (2 * n)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                c[i + j] += x * y
    for k in range(2 * n - 1, n - 1, -1):  # X^n = X^(n/2) - 1
        c[k - n // 2] += c[k]
        c[k - n] -= c[k]
    return [x % q for x in c[:n]]


def check(n, q, layers, finals, base, rho, w):
    rnd = random.Random(n)
    f = [rnd.randrange(q) for _ in range(n)]
    g = [rnd.randrange(q) for _ in range(n)]
    F, G = ntt_model(f, n, q, layers, w), ntt_model(g, n, q, layers, w)
    H = ntt_model(schoolbook(f, g, n, q), n, q, layers, w)
    for i, e in enumerate(finals):
        z = pow(rho, e, q)
        a, b = F[base * i:base * i + base], G[base * i:base * i + base]
        prod = [0] * (2 * base - 1)
        for u in range(base):
            for v in range(base):
                prod[u + v] += a[u] * b[v]
        for k in range(2 * base - 2, base - 1, -1):  # X^base = zeta
            prod[k - base] += z * prod[k]
        assert [x % q for x in prod[:base]] == H[base * i:base * i + base], "NTT check failed"


def mont(x, q):
    return x * R % q


def emit(n, out):
    q, rho, M, nr2, nr3 = RINGS[n]
    r3_first = nr3 > 0
    layers, finals, base = factor_tree(n, q, rho, M, nr2, nr3, r3_first)
    w = pow(rho, M // 3, q)
    check(n, q, layers, finals, base, rho, w)
    _, spec_finals, _ = factor_tree(n, q, rho, M, nr2, nr3)
    assert base == 1 or not r3_first
    where = {e: i for i, e in enumerate(finals)}
    perm = [where[e] for e in spec_finals]
    assert sorted(perm) == list(range(len(finals)))
    w6 = pow(rho, M // 6, q)
    scale = 2 ** nr2 * 3 ** nr3  # what the inverse layers multiply by
    inv = lambda x: pow(x, -1, q)

    fwd = []
    for _, _, tw in layers:
        fwd += tw
    # Inverse twiddles in order of use: the layers backwards, blocks in order.
    invtw = []
    for _, _, tw in reversed(layers[1:]):
        invtw += [inv(z) for z in tw]
    # Final split: f_hi = (A1 - A2) / (2 w6 - 1), f_lo = A1 - w6 f_hi, both
    # times R / scale (R undoes the R^-1 of the pointwise product).
    k_hi = inv((2 * w6 - 1) * scale % q) * R * R % q
    k_lo = inv(scale) * R * R % q
    barrett = (1 << 54) // q
    qinv = (-pow(q, -1, R)) % R  # -q^-1 mod 2^32

    p = out.append
    p("#if NCCSIGN_N == %d" % n)
    p("/* q = %d, rho = %d of order %d, w = rho^%d, w6 = rho^%d. */" % (q, rho, M, M // 3, M // 6))
    p("#define NCC_NTT_R2_LAYERS %d" % nr2)
    p("#define NCC_NTT_R3_LAYERS %d" % nr3)
    p("#define NCC_NTT_R3_FIRST %d /* radix-3 layers right after the split */" % int(r3_first))
    p("#if NCC_NTT_ROOT != %d || NCC_NTT_ORDER != %d || NCC_NTT_BASE != %d" % (rho, M, base))
    p("#error \"params.h and ntt_tables.h disagree\"")
    p("#endif")
    p("#define NCC_QINV_NEG %du /* -q^-1 mod 2^32 */" % qinv)
    p("#define NCC_BARRETT_V %du /* floor(2^54 / q) */" % barrett)
    p("#define NCC_NTT_W_MONT %du /* w R mod q */" % mont(w, q))
    p("#define NCC_NTT_W6_MONT %du /* w6 R mod q */" % mont(w6, q))
    p("#define NCC_INTT_K_HI %du /* R^2 / ((2 w6 - 1) scale) */" % k_hi)
    p("#define NCC_INTT_K_LO %du /* R^2 / scale */" % k_lo)
    p("#define NCC_NTT_FWD_COUNT %d" % len(fwd))

    def arr(name, vals):
        p("static const uint32_t %s[%d] = {" % (name, len(vals)))
        for i in range(0, len(vals), 8):
            p("    " + ", ".join("%du" % v for v in vals[i:i + 8]) + ",")
        p("};")

    p("/* Forward twiddles (Montgomery form), in order of use. */")
    arr("ncc_ntt_fwd", [mont(z, q) for z in fwd])
    p("/* Inverse twiddles (Montgomery form): the layers in reverse, blocks in order. */")
    arr("ncc_ntt_inv", [mont(z, q) for z in invtw])
    if r3_first:
        p("/* Position in this transform's output of the specification's residue i. */")
        p("static const uint16_t ncc_ntt_perm[%d] = {" % len(perm))
        for i in range(0, len(perm), 12):
            p("    " + ", ".join("%d" % v for v in perm[i:i + 12]) + ",")
        p("};")
    p("#endif")


def main():
    out = ["/* Generated by gen_tables.py: do not edit. NTT twiddles and constants of",
           " * each NCC-Sign-T ring (see gen_tables.py for the factor order). */",
           "#ifndef PQSIG_NCCSIGN_NTT_TABLES_H", "#define PQSIG_NCCSIGN_NTT_TABLES_H", "",
           "#include <stdint.h>", "", '#include "nccsign/params.h"', ""]
    for n in (1152, 1536, 2304, 2048):
        emit(n, out)
        out.append("")
    out.append("#endif")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
