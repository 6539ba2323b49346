#!/usr/bin/env python3
"""Symbol hygiene of the built libraries.

- libpqsig.a: every defined external symbol starts with "pqsig_"; no object
  calls the heap (malloc, calloc, realloc, free, ...).
- each variant's objects (from variants.tsv): every defined external symbol
  carries that variant's namespace pqsig_<scheme>_<set>_<impl>_.
- libpqsig.so: exports only the generic API of include/pqsig.h and one
  NIST API per parameter set (src/dispatch.c); the per-implementation NIST
  APIs (libpqsig.a only) and everything internal are hidden.
Prints "check_symbols: N passed, N failed"; exit status 1 on any failure.
"""
import argparse
import os
import re
import subprocess
import sys

HEAP = {"malloc", "calloc", "realloc", "free", "aligned_alloc", "posix_memalign", "valloc",
        "memalign", "strdup", "strndup"}
# Markers AddressSanitizer emits beside instrumented globals.
SANITIZER = ("__odr_asan", "__asan_")
NIST = {"crypto_sign_keypair", "crypto_sign", "crypto_sign_open", "crypto_sign_signature",
        "crypto_sign_verify", "crypto_sign_keypair_derand", "crypto_sign_signature_derand"}


def nm(tool, args, path):
    out = subprocess.run([tool] + args + [path], capture_output=True, text=True, check=True).stdout
    syms = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 2 and len(parts[-2]) == 1:
            syms.append((parts[-2], parts[-1]))
    return syms


def public_api(header):
    text = open(header).read()
    return set(re.findall(r"PQSIG_API[^;(]*?\b(pqsig_\w+)\s*\(", text, re.S))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nm", default="nm")
    ap.add_argument("--manifest", required=True)
    ap.add_argument("static")
    ap.add_argument("shared")
    a = ap.parse_args()
    passed = failed = 0

    def check(ok, msg):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print("FAIL", msg)

    for kind, name in nm(a.nm, ["-g"], a.static):
        if kind == "U":
            check(name not in HEAP, f"libpqsig.a calls {name}")
        elif kind not in "wvW" and not name.startswith(SANITIZER):
            check(name.startswith("pqsig_"), f"libpqsig.a defines un-namespaced {name}")

    namespaces = []
    with open(a.manifest) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            target, objs, _, nss = line.split("\t")  # the shape kernels, the namespaces
            own = tuple(filter(None, nss.split(";")))
            check(own and own[0] == target + "_", f"{target}: its namespace comes first")
            namespaces += own
            for obj in filter(None, objs.split(";")):
                for kind, name in nm(a.nm, ["-g", "--defined-only"], obj):
                    if name.startswith(SANITIZER):
                        continue
                    check(name.startswith(own), f"{os.path.basename(obj)} of {target} defines {name}")

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    allowed = public_api(os.path.join(root, "include", "pqsig.h"))
    check(len(allowed) > 10, "public API parsed from include/pqsig.h")
    per_impl = set()
    for ns in namespaces:
        set_prefix = ns[: ns[:-1].rindex("_") + 1]  # pqsig_<scheme>_<set>_<impl>_ -> pqsig_<scheme>_<set>_
        allowed |= {set_prefix + f for f in NIST}
        per_impl |= {ns + f for f in NIST}
    exported = set()
    for kind, name in nm(a.nm, ["-D", "--defined-only"], a.shared):
        if kind in "TDRB":
            exported.add(name)
            check(name in allowed, f"libpqsig.so exports internal symbol {name}")
    check(not (exported & per_impl), "libpqsig.so exports no per-implementation NIST function")
    check(len(exported & {n for n in allowed if n.endswith("crypto_sign_keypair")}) ==
          len({n for n in allowed if n.endswith("crypto_sign_keypair")}),
          "libpqsig.so exports the NIST API of every parameter set")
    static_defined = {name for kind, name in nm(a.nm, ["-g", "--defined-only"], a.static)}
    check(per_impl <= static_defined, "libpqsig.a defines every per-implementation NIST function")
    print(f"check_symbols: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
