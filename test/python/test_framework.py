"""The ./pqsig framework: commands, errors, rendering, and the ctypes bindings
against the release build (PQSIG_LIBRARY points at its libpqsig.so)."""
import json
import os
import subprocess
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
from pqsig.framework import bench as BE  # noqa: E402
from pqsig.framework import export as EX  # noqa: E402
from pqsig.framework import platforms as PL  # noqa: E402
from pqsig.framework import testing as TE  # noqa: E402
from pqsig import binding  # noqa: E402

PQSIG = os.path.join(ROOT, "pqsig")


def run(*args):
    return subprocess.run([sys.executable, PQSIG] + list(args), capture_output=True, text=True)


class Commands(unittest.TestCase):
    def test_help(self):
        for cmd in ([], ["list"], ["test"], ["kat"], ["bench"], ["report"], ["keygen"], ["sign"],
                    ["verify"], ["headers"], ["build"], ["kat-import"], ["fuzz"], ["export"]):
            p = run(*(cmd + ["--help"]))
            self.assertEqual(p.returncode, 0, cmd)
            self.assertIn("usage", p.stdout)

    def test_unknown_algorithm_is_a_clear_error(self):
        p = run("kat", "NO_SUCH_ALGORITHM")
        self.assertEqual(p.returncode, 2)
        self.assertIn("unknown algorithm NO_SUCH_ALGORITHM", p.stderr)

    def test_list_json_matches_kat_listing(self):
        p = run("list", "--json")
        self.assertEqual(p.returncode, 0, p.stderr)
        rows = json.loads(p.stdout)
        kat = subprocess.run([os.path.join(ROOT, "build", "release", "test", "pqsig-kat"), "--list"],
                             capture_output=True, text=True, check=True).stdout.splitlines()
        self.assertEqual(len(rows), len(kat))
        for r, line in zip(rows, kat):
            self.assertEqual(line.split()[:2], [r["name"], r["impl"]])

    def test_report_renders_saved_results(self):
        rows = [{"kind": "counter", "name": "rdtsc", "hz": 2.6e9},
                {"kind": "primitive", "name": "shake128", "impl": "portable", "op": "squeeze",
                 "unit": "cycles/byte", "median": 5.5},
                {"kind": "scheme", "name": "X", "impl": "opt", "op": "sign", "unit": "cycles",
                 "median": 12345.0, "min": 12000.0, "max": 13000.0}]
        text = BE.render(rows, "rdtsc")
        self.assertIn("rdtsc at 2.60 GHz", text)
        self.assertIn("| shake128 | portable | squeeze | 5.50 | ticks/byte |", text)
        self.assertIn("| X | opt | n/a | 12,345 | 12,000–13,000 | n/a |", text)


class Compare(unittest.TestCase):
    """./pqsig bench --compare: implementations side by side, lowest medians."""

    def test_render_ratios(self):
        rows = [{"kind": "counter", "name": "rdtsc", "hz": 2.6e9}] + [
            {"kind": "scheme", "name": "X", "impl": i, "op": "sign", "unit": "cycles", "median": m, "rounds": 3}
            for i, m in (("avx2", 2000.0), ("avx512", 1500.0))]
        text = BE.render_compare(rows, ["avx2", "avx512"])
        self.assertIn("lowest median of 3 interleaved rounds", text)
        self.assertIn("| X | sign | 2,000 | 1,500 | 0.75 |", text)

    def test_compare_on_the_release_build(self):
        d = os.path.join(ROOT, "build", "release")
        rows, skipped = BE.compare(d, ["NCC-Sign-1", "NO_SUCH_ALGORITHM"], ["ref", "opt"], 2, 0.02,
                                   progress=False)
        self.assertEqual(skipped, ["NO_SUCH_ALGORITHM"])
        got = {(r["impl"], r["op"]): r for r in rows if r.get("kind") == "scheme"}
        for impl in ("ref", "opt"):
            for op in ("keypair", "sign", "verify"):
                self.assertGreater(got[(impl, op)]["median"], 0)
                self.assertEqual(got[(impl, op)]["rounds"], 2)
        self.assertEqual(BE.available(d, ["NCC-Sign-1"])["NCC-Sign-1"][:2], ["ref", "opt"])
        # two implementations go call by call: the second side carries the pairs' ratio
        for op in ("keypair", "sign", "verify"):
            self.assertGreater(got[("opt", op)]["ratio"], 0)
            self.assertEqual(got[("opt", op)].get("paired"), 1)

    def test_render_paired_ratio(self):
        rows = [{"kind": "counter", "name": "rdtsc", "hz": 2.6e9},
                {"kind": "scheme", "name": "X", "impl": "avx2", "op": "sign", "median": 2000.0, "rounds": 3},
                {"kind": "scheme", "name": "X", "impl": "avx512", "op": "sign", "median": 1500.0, "rounds": 3,
                 "ratio": 0.7}]
        text = BE.render_compare(rows, ["avx2", "avx512"])
        self.assertIn("the median of the pairs' ratios", text)
        self.assertIn("| X | sign | 2,000 | 1,500 | 0.70 |", text)


class M4Tables(unittest.TestCase):
    ROWS = [{"kind": "counter", "name": "icount", "hz": 1e9},
            {"kind": "variant", "name": "X", "impl": "opt", "target": "pqsig_x_opt"}] + [
        r for op, n in (("keypair", 100), ("sign", 200), ("verify", 50)) for r in (
            {"kind": "scheme", "name": "X", "impl": "opt", "op": op, "unit": "cycles", "runs": 10,
             "median": n, "mean": n + 0.4, "min": n - 1, "max": n + 2, "hashing": 0.25},
            {"kind": "stack", "name": "X", "impl": "opt", "op": op, "bytes": 1000 + n})] + [
        {"kind": "size", "target": "pqsig_x_opt", "text": 300, "data": 2, "bss": 1}]

    def test_pqm4_tables(self):
        text = BE.render_pqm4(self.ROWS, "icount")
        self.assertIn("emulated instructions", text)
        self.assertNotIn("cycles]", text)
        self.assertIn("| X (10 executions) | opt | AVG: 100 <br /> MIN: 99 <br /> MAX: 102 | AVG: 200", text)
        self.assertIn("| X (10 executions) | opt | 1,100 | 1,200 | 1,050 |", text)
        self.assertIn("| X (10 executions) | opt | 25.0% | 25.0% | 25.0% |", text)
        self.assertIn("| X | opt | 300 | 2 | 1 | 303 |", text)

    def test_csv_keeps_mean_and_hashing(self):
        from pqsig.framework import report as R
        rows = list(R.csv_rows({"file": "f", "counter": "icount", "platform": "m4", "rows": self.ROWS}))
        sign = next(r for r in rows if r["kind"] == "scheme" and r["op"] == "sign")
        self.assertEqual((sign["mean"], sign["hashing"], sign["unit"]), (200.4, 0.25, "instructions"))

    def test_export_names_and_fit(self):
        self.assertEqual(EX.folder_name("SNOVA_24_5_23_4_AES@2.1"), "snova-24-5-23-4-aes-v2.1")
        self.assertEqual(EX.folder_name("NCC-Sign-1"), "ncc-sign-1")
        small = {"public_key_bytes": 1016, "secret_key_bytes": 48, "signature_bytes": 248}
        big = {"public_key_bytes": 1200000, "secret_key_bytes": 1000000, "signature_bytes": 230}
        self.assertTrue(EX.fits(small))
        self.assertFalse(EX.fits(big))
        self.assertEqual(EX.define_lines(["A=1", "B", 'C="x"']), ["#define A 1", "#define B 1", '#define C "x"'])


class Platforms(unittest.TestCase):
    def test_platform_names(self):
        self.assertEqual(PL.parse("aarch64"), ("aarch64", [None]))
        self.assertEqual(PL.parse("rv64"), ("rv64", [128, 256]))
        self.assertEqual(PL.parse("rv64:1024"), ("rv64", [1024]))
        self.assertEqual(PL.parse("m4"), ("m4", [None]))
        for bad in ("sparc", "aarch64:256"):
            with self.assertRaises(PL.B.BuildError):
                PL.parse(bad)

    def test_vlen_replaces_the_emulated_cpu_only(self):
        cmd = ["qemu-riscv64", "-cpu", "rv64,v=true,vlen=128,elen=64,vext_spec=v1.0", "-L", "/x", "prog", "rv64"]
        self.assertEqual(PL.with_vlen(cmd, 512)[2], "rv64,v=true,vlen=512,elen=64,vext_spec=v1.0")
        self.assertEqual(PL.with_vlen(cmd, 512)[3:], cmd[3:])
        self.assertEqual(PL.with_vlen(cmd, None), cmd)

    def test_exit_77_is_a_skip(self):
        # A kernel test of a kernel set the CPU lacks exits with 77
        # (test/check.h): skipped, neither passed nor failed.
        res = TE.Results()
        TE.run_commands(res, [("lacks", [sys.executable, "-c", "raise SystemExit(77)"], {}),
                              ("fails", [sys.executable, "-c", "raise SystemExit(1)"], {}),
                              ("passes", [sys.executable, "-c", "pass"], {})], jobs=1)
        self.assertEqual((res.passed, res.failed, res.skipped), (1, 1, 1))
        self.assertEqual(res.failures, ["fails"])

    def test_vector_lines(self):
        h = "ab" * 32
        self.assertEqual(PL.vector_hashes(f"NCC-Sign-1 opt {h}\nnoise\n3 variants: ok\n"),
                         {("NCC-Sign-1", "opt"): h})


class KeyCommands(unittest.TestCase):
    """keygen / sign / verify for people and scripts: key files that name
    their algorithm, stdin and stdout, exit status 0 (valid) or 1 (invalid)."""

    def test_keygen_sign_verify(self):
        import tempfile
        with tempfile.TemporaryDirectory() as d:
            pk, sk, m, sig = (os.path.join(d, f) for f in ("pk", "sk", "m", "sig"))
            alg = binding.algorithms()[0]
            p = run("keygen", alg, "--pk", pk, "--sk", sk)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertEqual(os.stat(sk).st_mode & 0o777, 0o600)
            with open(m, "wb") as f:
                f.write(b"a message\n")
            p = subprocess.run([sys.executable, PQSIG, "sign", "--sk", sk, m], capture_output=True)
            self.assertEqual(p.returncode, 0, p.stderr)
            with open(sig, "wb") as f:
                f.write(p.stdout)
            self.assertEqual(run("verify", "--pk", pk, "--sig", sig, m).returncode, 0)
            self.assertEqual(run("verify", "--strict", "--pk", pk, "--sig", sig, m).returncode, 0)
            p = subprocess.run([sys.executable, PQSIG, "verify", "--quiet", "--pk", pk, "--sig", sig, "-"],
                               input=b"a message\n", capture_output=True)
            self.assertEqual(p.returncode, 0, p.stderr)
            p = subprocess.run([sys.executable, PQSIG, "verify", "--pk", pk, "--sig", sig, "-"],
                               input=b"another message\n", capture_output=True)
            self.assertEqual(p.returncode, 1)
            p = run("verify", "--pk", sk, "--sig", sig, m)
            self.assertEqual(p.returncode, 2)
            self.assertIn("found a secret key", p.stderr)
            p = run("sign", "--sk", sk, "--alg", "NO_SUCH", m)
            self.assertEqual(p.returncode, 2)
            self.assertIn("not NO_SUCH", p.stderr)
            # Raw keys: the bare bytes of the NIST API, with --alg.
            p = run("keygen", alg, "--raw", "--pk", pk, "--sk", sk)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertEqual(os.path.getsize(pk), binding.Signature(alg).details["public_key_bytes"])
            p = run("sign", "--raw", "--alg", alg, "--sk", sk, "--out", sig, m)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertEqual(run("verify", "--raw", "--alg", alg, "--pk", pk, "--sig", sig, m).returncode, 0)
            with open(pk, "r+b") as f:
                f.truncate(10)
            p = run("verify", "--raw", "--alg", alg, "--pk", pk, "--sig", sig, m)
            self.assertEqual(p.returncode, 2)
            self.assertIn("bad length", p.stderr)

    def test_key_files_are_raw_bytes_behind_a_header(self):
        import tempfile
        alg = binding.algorithms()[0]
        with tempfile.TemporaryDirectory() as d:
            pk, sk, m, sig, bad = (os.path.join(d, f) for f in ("pk", "sk", "m", "sig", "bad"))
            with open(sk, "wb") as f:  # an existing file keeps no wider mode
                f.write(b"old")
            os.chmod(sk, 0o644)
            self.assertEqual(run("keygen", alg, "--pk", pk, "--sk", sk).returncode, 0)
            self.assertEqual(os.stat(sk).st_mode & 0o777, 0o600)
            with open(pk, "rb") as f:
                data = f.read()
            with open(sk, "rb") as f:
                sk_data = f.read()
            n = binding.Signature(alg).details["public_key_bytes"]
            self.assertEqual(data[:data.index(b"\n") + 1], f"PQSIG-PUBLIC-KEY {alg} {n}\n".encode())
            self.assertEqual(len(data) - data.index(b"\n") - 1, n)
            with open(m, "wb") as f:
                f.write(b"x")
            self.assertEqual(run("sign", "--sk", sk, "--out", sig, m).returncode, 0)
            cases = {"truncated": data[:-1], "too long": data + b"\0", "not a pqsig public key": b"garbage",
                     "not a pqsig public key file": b"", "found a secret key": sk_data}
            for text, content in cases.items():
                with open(bad, "wb") as f:
                    f.write(content)
                p = run("verify", "--pk", bad, "--sig", sig, m)
                self.assertEqual(p.returncode, 2, text)
                self.assertIn(text, p.stderr)
                self.assertEqual(len(p.stderr.strip().splitlines()), 1, p.stderr)
                self.assertNotIn("Traceback", p.stderr)
            p = run("sign", "--sk", os.path.join(d, "missing"), m)
            self.assertEqual(p.returncode, 2)
            self.assertNotIn("Traceback", p.stderr)


class Bindings(unittest.TestCase):
    def test_package_api(self):
        import pqsig
        name = pqsig.algorithms()[0]
        with pqsig.Signature(name) as s:
            pk = s.generate_keypair()
            sig = s.sign(b"m")
        self.assertTrue(pqsig.verify(name, b"m", sig, pk))
        self.assertFalse(pqsig.verify(name, b"M", sig, pk))
        with self.assertRaises(pqsig.InvalidSignature):
            pqsig.verify(name, b"M", sig, pk, raise_invalid=True)
        for v in pqsig.variants():  # flag names come from the library
            self.assertTrue(set(v["flags"]) <= {"broken", "recommended", "legacy", "deterministic"})
        self.assertIn("recommended", {f for v in pqsig.variants() for f in v["flags"]})

    def test_import_builds_nothing(self):
        env = dict(os.environ, PQSIG_LIBRARY=os.path.join(ROOT, "no-such-dir", "libpqsig.so"))
        p = subprocess.run([sys.executable, "-c", "import pqsig, sys; sys.path; pqsig.algorithms()"],
                           capture_output=True, text=True, env=dict(env, PYTHONPATH=os.path.join(ROOT, "python")))
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("LibraryNotFound", p.stderr)
        self.assertFalse(os.path.exists(os.path.join(ROOT, "no-such-dir")))

    def test_variants_and_errors(self):
        vs = binding.variants()
        for v in vs:
            self.assertGreater(v["public_key_bytes"], 0)
        with self.assertRaises(binding.PqsigError):
            binding.Signature("NO_SUCH_ALGORITHM")

    def test_round_trip_one_algorithm_per_scheme(self):
        first = {}
        for v in binding.variants():
            if v["runs_here"]:
                first.setdefault(v["scheme"], v["name"])
        for name in first.values():
            with binding.Signature(name) as s:
                pk = s.generate_keypair()
                sig = s.sign(b"pqsig")
                self.assertTrue(s.verify(b"pqsig", sig, pk), name)
                self.assertFalse(s.verify(b"pqsiG", sig, pk), name)
                with s.expanded_signer() as signer, s.expanded_verifier(pk) as verifier:
                    for msg in (b"", b"one", b"two" * 100):
                        esig = signer.sign(msg)
                        self.assertTrue(verifier.verify(msg, esig), name)
                        self.assertTrue(s.verify(msg, esig, pk), name)
                        self.assertFalse(verifier.verify(msg + b"x", esig), name)
                    self.assertTrue(verifier.verify(b"pqsig", sig), name)

    def test_generated_headers_are_current(self):
        from pqsig.framework import headers
        vs = binding.variants()
        if {v["scheme"] for v in vs} < set(headers.TITLES) - {"falcon"}:
            self.skipTest("not a build of every scheme")
        self.assertEqual(headers.stale(vs), [], "run ./pqsig headers and commit include/pqsig/")

    def test_wrong_key_lengths_raise_before_reaching_c(self):
        # A short key used to be passed to C, which read the full key size
        # past its end (SIGSEGV for a 200,000-byte MQ-Sign level-5 key).
        with self.assertRaises(binding.BadLength):
            binding.verify("MQRR-s-256_148_96", b"hello", b"\x01" * 276, b"\x00" * 200000)
        names = {}
        for v in binding.variants():
            if v["runs_here"]:
                names.setdefault(v["scheme"], v["name"])
        for name in names.values():
            with binding.Signature(name) as s:
                pk = s.generate_keypair()
                sk = s.export_secret_key()
                sig = s.sign(b"m")
                for bad in (b"", pk[:-1], pk + b"\0"):
                    with self.assertRaises(binding.BadLength, msg=name):
                        s.verify(b"m", sig, bad)
                    with self.assertRaises(binding.BadLength, msg=name):
                        s.expanded_verifier(bad)
                for bad in (b"", sk[:-1], sk + b"\0"):
                    with self.assertRaises(binding.BadLength, msg=name):
                        s.sign(b"m", secret_key=bad)
                    with self.assertRaises(binding.BadLength, msg=name):
                        s.expanded_signer(bad)
                with self.assertRaises(TypeError):
                    s.sign(5, secret_key=sk)
                with self.assertRaises(TypeError):
                    s.verify(b"m", sig, len(pk))
                self.assertTrue(s.verify(b"m", sig, bytearray(pk)), name)
                self.assertIsInstance(binding.BadLength(-2, "x"), binding.PqsigError)


if __name__ == "__main__":
    unittest.main()
