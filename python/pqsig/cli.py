"""The pqsig command.

In a source checkout (./pqsig) it is also the framework's entry point: build,
test, kat, bench, report. Installed with the Python package it offers the
commands of the library alone: list, keygen, sign, verify."""
import argparse
import json
import os
import sys

from . import binding
from . import keys

try:  # the framework of a source checkout; the installed package has none
    from .framework import build as B
except ImportError:
    B = None


class NeedsCheckout(Exception):
    pass


def framework():
    if B is None:
        raise NeedsCheckout("this command needs a source checkout of pqsig (./pqsig in the repository)")
    return B


def library():
    """Load libpqsig, building it first in a source checkout where it is missing."""
    try:
        return binding.library()
    except binding.LibraryNotFound:
        if B is None or os.environ.get("PQSIG_LIBRARY"):
            raise
        B.build("release", werror=None, targets=["pqsig_shared"], progress=True)
        return binding.library()


def cmd_list(args):
    library()
    rows = binding.variants()
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    if not rows:
        print("No algorithm is registered in this build yet.")
        return 0
    print(f"{'algorithm':32} {'impl':7} {'ver':7} {'lvl':>3} {'pk':>9} {'sk':>9} {'sig':>7}  notes")
    for r in rows:
        if not args.all and not r["runs_here"]:
            continue
        notes = ", ".join(r["flags"] + ([] if r["runs_here"] else ["needs CPU features"]))
        print(f"{r['name']:32} {r['impl']:7} {r['version']:7} {r['level']:>3} {r['public_key_bytes']:>9} "
              f"{r['secret_key_bytes']:>9} {r['signature_bytes']:>7}  {notes}")
    return 0


def cmd_kat(args):
    import subprocess
    d = framework().build("release", werror=None, targets=["pqsig-kat"], progress=True)
    kat = os.path.join(d, "test", "pqsig-kat")
    cmd = [kat, "--kat-dir", args.kat_dir, "--records", str(args.records), "--progress"]
    if args.impl:
        cmd += ["--impl", args.impl]
    if args.out:
        cmd += ["--out", args.out]
    cmd += args.names if args.names else ["--all"]
    return subprocess.run(cmd).returncode


def cmd_bench(args):
    from .framework import bench as BE
    return BE.main(args)


def cmd_export(args):
    from .framework import export
    return export.main(args)


def cmd_report(args):
    from .framework import report
    return report.main(args)


def _signature(name, impl=None):
    library()
    return binding.Signature(name, impl)


def cmd_keygen(args):
    with _signature(args.alg, args.impl) as s:
        pk = s.generate_keypair()
        sk = s.export_secret_key()
        if args.raw:
            keys.write_file(args.pk, pk)
            keys.write_file(args.sk, sk, secret=True)
        else:
            keys.write_file(args.pk, keys.encode("pk", args.alg, pk))
            keys.write_file(args.sk, keys.encode("sk", args.alg, sk), secret=True)
    return 0


def cmd_sign(args):
    name, sk = keys.decode("sk", keys.read_file(args.sk), args.alg, args.raw)
    message = keys.read_file(args.message)
    with _signature(name, args.impl) as s:
        sig = s.sign(message, secret_key=sk)
    keys.write_file(args.out, sig)
    return 0


def cmd_verify(args):
    name, pk = keys.decode("pk", keys.read_file(args.pk), args.alg, args.raw)
    message = keys.read_file(args.message)
    sig = keys.read_file(args.sig)
    with _signature(name, args.impl) as s:
        ok = s.verify_strict(message, sig, pk) if args.strict else s.verify(message, sig, pk)
    if not args.quiet:
        print("valid" if ok else "INVALID", file=sys.stderr)
    return 0 if ok else 1


def cmd_headers(args):
    framework()
    from .framework import headers
    return headers.main()


def cmd_kat_import(args):
    framework()
    from .framework import katdata
    return katdata.main(args)


def cmd_build(args):
    framework().build("release", werror=None, targets=None if args.all else ["pqsig_shared", "pqsig_static"],
                      progress=True)
    return 0


def cmd_test(args):
    framework()
    from .framework import testing
    return testing.main(args)


def cmd_fuzz(args):
    framework()
    from .framework import fuzz
    return fuzz.main(args)


def add_library_commands(sub):
    s = sub.add_parser("list", help="list the registered algorithms and implementations")
    s.add_argument("--all", action="store_true", help="include implementations this CPU cannot run")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_list)

    s = sub.add_parser("keygen", help="generate a key pair into two key files")
    s.add_argument("alg", help="algorithm name (pqsig list)")
    s.add_argument("--pk", required=True, help="public key file to write ('-': stdout)")
    s.add_argument("--sk", required=True, help="secret key file to write (created with mode 0600)")
    s.add_argument("--raw", action="store_true", help="bare key bytes instead of pqsig key files")
    s.add_argument("--impl", help="a given implementation (default: the fastest here)")
    s.set_defaults(func=cmd_keygen)

    s = sub.add_parser("sign", help="sign a file; the signature goes to stdout (or --out)")
    s.add_argument("message", help="file to sign ('-': stdin)")
    s.add_argument("--sk", required=True, help="secret key file")
    s.add_argument("--alg", help="algorithm (needed with --raw; else checked against the key file)")
    s.add_argument("--raw", action="store_true", help="the key file holds bare key bytes")
    s.add_argument("--out", default="-", help="signature file (default: stdout)")
    s.add_argument("--impl", help="a given implementation (default: the fastest here)")
    s.set_defaults(func=cmd_sign)

    s = sub.add_parser("verify", help="verify a signature; exit status 0 if valid, 1 if not")
    s.add_argument("message", help="signed file ('-': stdin)")
    s.add_argument("--pk", required=True, help="public key file")
    s.add_argument("--sig", required=True, help="signature file ('-': stdin)")
    s.add_argument("--alg", help="algorithm (needed with --raw; else checked against the key file)")
    s.add_argument("--raw", action="store_true", help="the key file holds bare key bytes")
    s.add_argument("--strict", action="store_true",
                   help="also validate the public key (pqsig_verify_strict)")
    s.add_argument("--quiet", action="store_true", help="no 'valid'/'INVALID' line on stderr")
    s.add_argument("--impl", help="a given implementation (default: the fastest here)")
    s.set_defaults(func=cmd_verify)


def add_framework_commands(sub):
    s = sub.add_parser("test", help="run the whole test suite (closing line: N passed, N failed)")
    g = s.add_mutually_exclusive_group()
    g.add_argument("--fast", action="store_true", help="the CI subset (default)")
    g.add_argument("--full", action="store_true", help="everything, all KAT records for every impl")
    s.add_argument("--no-asan", action="store_true", help="skip the sanitizer build")
    s.add_argument("--no-ct", action="store_true", help="skip the constant-time (valgrind) build")
    s.add_argument("--no-fuzz", action="store_true", help="skip the libFuzzer smoke (clang)")
    s.add_argument("--no-user", action="store_true",
                   help="skip the user-facing checks (pip install, CMake package, README examples)")
    s.add_argument("--platform", action="append", metavar="P",
                   help="only this platform: host, aarch64, rv64 (VLEN 128 and 256), rv64:VLEN or m4; "
                        "may be repeated (default: host, then every emulated platform)")
    s.add_argument("--no-platforms", action="store_true", help="skip the emulated platforms")
    s.set_defaults(func=cmd_test)

    s = sub.add_parser("bench", help="the main job: a KAT check and this machine's speed table")
    s.add_argument("names", nargs="*", help="algorithm names (default: all)")
    s.add_argument("--all-impls", action="store_true",
                   help="every implementation (default: the fastest this CPU runs, per algorithm)")
    s.add_argument("--impl", help="only this implementation (ref, opt, avx2, ...)")
    s.add_argument("--kat", choices=["fast", "full", "none"], default="fast",
                   help="known answers first: a few records of every variant (fast, default), "
                   "the whole official files (full), or none")
    s.add_argument("--counter", choices=["rdtsc", "callgrind"], default="rdtsc",
                   help="rdtsc / platform counter (default), or exact instruction counts")
    s.add_argument("--seconds", type=float, default=0.1,
                   help="sampling time per operation (default 0.1: a table in minutes; 1 for tighter medians)")
    s.add_argument("--primitives", action="store_true", help="only the primitives (SHAKE, AES, ...)")
    s.add_argument("--platform", default="host", metavar="P",
                   help="host (default), or an emulated platform: aarch64, rv64, rv64:VLEN, m4 "
                        "(m4: pqm4's tables in emulated instructions, stack, hashing share and code size)")
    s.add_argument("--level", type=int, help="only the sets of this NIST level (default: all; on m4: 1)")
    s.add_argument("--iterations", type=int, help="m4: runs of each operation (default 10)")
    s.add_argument("--compare", metavar="I1,I2,...",
                   help="implementations side by side (e.g. avx2,avx512): two of them alternate call by "
                        "call (the ratio is the median of the pairs'); more take interleaved rounds; the "
                        "lowest median of each and its ratio to the first")
    s.add_argument("--rounds", type=int, default=3, help="--compare: rounds (default 3)")
    s.set_defaults(func=cmd_bench)

    s = sub.add_parser("export", help="write pqm4 folders (crypto_sign/<scheme>/<impl>/) of what fits its boards")
    s.add_argument("names", nargs="*", help="algorithm names (default: every set that fits)")
    s.add_argument("--pqm4", metavar="DIR", help="pqm4's root (or any folder): DIR/crypto_sign/...")
    s.add_argument("--all", action="store_true", help="also the sets too big for pqm4's boards")
    s.set_defaults(func=cmd_export)

    s = sub.add_parser("kat", help="reproduce the official known answers (NIST .rsp SHA-256)")
    s.add_argument("names", nargs="*", help="algorithm names (default: all)")
    s.add_argument("--impl", help="only this implementation (ref, opt, avx2, ...)")
    s.add_argument("--records", type=int, default=100, help="records to generate (1..100)")
    s.add_argument("--out", help="keep the .rsp (a file, or a directory for several)")
    s.add_argument("--kat-dir", default=B.KAT_DIR, help="official known answers (default test/data/kat)")
    s.set_defaults(func=cmd_kat)

    s = sub.add_parser("report", help="render saved benchmark results: markdown, CSV, plots")
    s.add_argument("files", nargs="*", help="results (default: the latest run of build/results)")
    s.add_argument("--csv", help="write the rows as CSV to this file")
    s.add_argument("--plot", help="write plots: PREFIX-time.{png,svg} and PREFIX-speedup.{png,svg} "
                   "(needs matplotlib)")
    s.set_defaults(func=cmd_report)

    s = sub.add_parser("fuzz", help="build the libFuzzer harnesses (clang) and run each for a while")
    s.add_argument("names", nargs="*", help="schemes (snova, mqsign, nccsign) or algorithm names "
                   "(default: every scheme of the fuzz build)")
    s.add_argument("--seconds", type=int, default=30, help="per harness (default 30)")
    s.add_argument("--harness", choices=["verify", "decode", "diff"], help="only this harness")
    s.add_argument("--fast", action="store_true", help="long runs: UBSan without ASan (several times "
                   "the executions), then the grown corpus once under ASan")
    s.add_argument("--impl", help="only these implementations (comma-separated), for long runs; the "
                   "differential harness needs two or more")
    s.add_argument("--kat-dir", default=B.KAT_DIR, help="seed records (default test/data/kat)")
    s.set_defaults(func=cmd_fuzz)

    s = sub.add_parser("build", help="build the release library (build/release)")
    s.add_argument("--all", action="store_true", help="also the tests and benchmarks")
    s.set_defaults(func=cmd_build)

    s = sub.add_parser("headers", help="regenerate include/pqsig/<scheme>.h from the registry")
    s.set_defaults(func=cmd_headers)

    s = sub.add_parser("kat-import", help="refresh test/data/kat from the official files' folder")
    s.add_argument("--from", dest="source", default=os.path.join(B.ROOT, "..", "shared", "kat"),
                   help="folder of digests and first records (default ../shared/kat)")
    s.set_defaults(func=cmd_kat_import)


def parser():
    p = argparse.ArgumentParser(prog="pqsig", description="pqsig: post-quantum signatures"
                                + (" — build, test, known-answer checks and benchmarks." if B else "."))
    sub = p.add_subparsers(dest="command", required=True)
    add_library_commands(sub)
    if B is not None:
        add_framework_commands(sub)
    return p


def main(argv=None):
    args = parser().parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 1
    except (binding.PqsigError, keys.KeyFileError, OSError, TypeError, NeedsCheckout) as e:
        # typed errors of the library, of key files and of the system: one clear line
        print(f"pqsig: {e}", file=sys.stderr)
        return 2
    except Exception as e:
        if B is not None and isinstance(e, B.BuildError):
            print(f"pqsig: {e}", file=sys.stderr)
            return 2
        raise
