"""./pqsig report: saved results as markdown, CSV and plots, and its errors."""
import csv
import io
import json
import os
import sys
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout
from types import SimpleNamespace

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
from pqsig.framework import report as R  # noqa: E402


def scheme(name, impl, op, median):
    return {"kind": "scheme", "name": name, "impl": impl, "op": op, "unit": "cycles", "counter": "rdtsc",
            "runs": 9, "median": median, "min": median * 0.9, "max": median * 1.2}


ROWS = ([{"kind": "counter", "name": "rdtsc", "hz": 2.5e9},
         {"kind": "primitive", "name": "shake128", "impl": "portable", "op": "squeeze 16 KiB",
          "unit": "cycles/byte", "median": 3.5, "min": 3.4, "max": 9.0},
         {"kind": "variant", "name": "ALG-1", "impl": "opt", "target": "pqsig_alg_1_opt"}] +
        [scheme("ALG-1", impl, op, m * (4 if impl == "ref" else 1))
         for impl in ("ref", "opt") for op, m in (("keypair", 1000.0), ("sign", 3000.0), ("verify", 500.0))] +
        [{"kind": "stack", "name": "ALG-1", "impl": "opt", "op": "sign", "bytes": 4096},
         {"kind": "size", "target": "pqsig_alg_1_opt", "text": 1000, "data": 20, "bss": 0}])


class Report(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.dir.name, "bench-x86_64-rdtsc-1.json")
        with open(self.path, "w") as f:
            json.dump({"machine": "x86_64", "platform": "host", "counter": "rdtsc", "date": "d",
                       "compiler": "cc", "rows": ROWS}, f)

    def tearDown(self):
        self.dir.cleanup()

    def run_main(self, files, csv_path=None, plot=None):
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            code = R.main(SimpleNamespace(files=files, csv=csv_path, plot=plot))
        return code, out.getvalue(), err.getvalue()

    def test_markdown(self):
        code, out, _ = self.run_main([self.path])
        self.assertEqual(code, 0)
        self.assertIn("| ALG-1 | opt | 1,000 | 3,000 | 2,700–3,600 | 500.00 |", out)
        self.assertIn("| ALG-1 | ref | 4,000 | 12,000 |", out)
        self.assertIn("rdtsc at 2.50 GHz", out)
        self.assertIn("ticks", out)
        self.assertIn("| ALG-1 | opt | 1,000 | 20 | 0 |", out)

    def test_csv_has_every_figure(self):
        target = os.path.join(self.dir.name, "r.csv")
        code, out, _ = self.run_main([self.path], csv_path=target)
        self.assertEqual(code, 0)
        with open(target) as f:
            rows = list(csv.DictReader(f))
        self.assertEqual(list(rows[0].keys()), R.CSV_COLUMNS)
        # 1 primitive + 6 timings + 1 stack + 3 size sections
        self.assertEqual(len(rows), 11)
        sign = [r for r in rows if r["kind"] == "scheme" and r["impl"] == "opt" and r["op"] == "sign"]
        self.assertEqual(len(sign), 1)
        self.assertEqual(float(sign[0]["median"]), 3000.0)
        self.assertEqual(sign[0]["unit"], "ticks")
        self.assertEqual(sign[0]["platform"], "host")
        text = [r for r in rows if r["kind"] == "size" and r["op"] == "text"]
        self.assertEqual((text[0]["name"], text[0]["impl"], text[0]["bytes"]), ("ALG-1", "opt", "1000"))
        self.assertEqual([r["bytes"] for r in rows if r["kind"] == "stack"], ["4096"])

    def test_speedup_over_ref(self):
        sp = R.speedups(R.timings([R.load(self.path)]))
        self.assertEqual(sp[("x86_64, rdtsc", "ALG-1", "opt", "sign")], 4.0)
        self.assertNotIn(("x86_64, rdtsc", "ALG-1", "ref", "sign"), sp)

    def test_plots(self):
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            self.skipTest("matplotlib is not installed")
        prefix = os.path.join(self.dir.name, "plots", "x")
        code, out, err = self.run_main([self.path], plot=prefix)
        self.assertEqual(code, 0, err)
        for what in ("time", "speedup"):
            for ext in ("png", "svg"):
                path = f"{prefix}-{what}.{ext}"
                self.assertGreater(os.path.getsize(path), 1000, path)
        with open(prefix + "-time.png", "rb") as f:
            self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")

    def test_plot_without_matplotlib_is_a_clear_error(self):
        saved = sys.modules.get("matplotlib", False)
        sys.modules["matplotlib"] = None  # makes `import matplotlib` raise ImportError
        try:
            code, _, err = self.run_main([self.path], plot=os.path.join(self.dir.name, "p"))
        finally:
            if saved is False:
                del sys.modules["matplotlib"]
            else:
                sys.modules["matplotlib"] = saved
        self.assertEqual(code, 2)
        self.assertIn("needs matplotlib", err)

    def test_bad_files_are_clear_errors(self):
        bad = os.path.join(self.dir.name, "bad.json")
        with open(bad, "w") as f:
            f.write("{not json")
        for path in (bad, os.path.join(self.dir.name, "missing.json")):
            code, out, err = self.run_main([path])
            self.assertEqual(code, 2)
            self.assertIn("not a results file", err)
            self.assertEqual(err.count("\n"), 1)


if __name__ == "__main__":
    unittest.main()
