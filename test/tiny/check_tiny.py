#!/usr/bin/env python3
"""The tiny static program (tiny.c) runs, and holds its one parameter set
alone: the descriptor of pqsig_nccsign_1_opt and of the backend
implementations that share its frontend object (kernel sets, e.g.
pqsig_nccsign_1_avx2: src/common/kset.h), the kernels of its shape (n1152),
no registry, no other set's code. Prints its size (text, data, bss) for
the README. Arguments: NM SIZE PROGRAM [EMULATOR...]."""
import re
import subprocess
import sys


def main():
    nm_tool, size_tool, exe = sys.argv[1:4]
    emulator = sys.argv[4:]  # e.g. qemu-aarch64 and its options, for a cross build
    run = subprocess.run(emulator + [exe], capture_output=True, text=True)
    print(run.stdout.strip())
    syms = subprocess.run([nm_tool, "--defined-only", exe], capture_output=True, text=True,
                          check=True).stdout.split()
    descriptors = sorted(s for s in syms if re.fullmatch(r"pqsig_\w+_alg", s))
    # the shape's kernels (pqsig_nccsign_n1152_..., any backend's) belong to the set
    variants = sorted({m.group(1) for s in syms if not s.startswith("pqsig_nccsign_n1152_")
                       for m in [re.match(r"(pqsig_(?:snova|mqsign|nccsign|falcon)_\w+?_(?:ref|opt|avx2|avx512|"
                                          r"neon|rvv|m4|decline)_)", s)] if m})
    ksets = ("avx2", "avx512", "neon", "rvv")
    size = subprocess.run([size_tool, exe], capture_output=True, text=True, check=True).stdout
    print(size.strip())
    failed = []
    if run.returncode != 0:
        failed.append("the program failed")
    allowed = {f"pqsig_nccsign_1_{impl}_" for impl in ("opt",) + ksets}
    if "pqsig_nccsign_1_opt_alg" not in descriptors or not {d[:-3] for d in descriptors} <= allowed:
        failed.append(f"variant descriptors linked: {descriptors}")
    if "pqsig_nccsign_1_opt_" not in variants or not set(variants) <= allowed:
        failed.append(f"variants linked: {variants}")
    if "pqsig_registry" in syms:
        failed.append("the registry is linked")
    for f in failed:
        print("FAIL", f)
    print(f"check_tiny: {0 if failed else 1} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
