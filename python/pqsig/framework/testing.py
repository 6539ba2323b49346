"""./pqsig test: every suite, one closing line "N passed, N failed"."""
import json
import os
import re
import shutil
import subprocess
import sys
import time

from .. import binding
from . import build as B
from . import platforms


class Results:
    def __init__(self):
        self.passed = 0
        self.failed = 0
        self.skipped = 0
        self.failures = []

    def add(self, name, ok, secs, output="", skipped=False):
        if skipped:
            self.skipped += 1
            status = "skip"
        elif ok:
            self.passed += 1
            status = "ok"
        else:
            self.failed += 1
            self.failures.append(name)
            status = "FAIL"
        print(f"  {status:4} {name} ({secs:.1f}s)", flush=True)
        if not ok and not skipped and output:
            tail = output[-4000:]
            print("    " + tail.replace("\n", "\n    "), flush=True)


T_START = time.time()


def stage(title):
    """A stage's heading, with the time since the suite started (where CI's minutes go)."""
    print(f"== {title} [at {time.time() - T_START:.0f}s]", flush=True)


# The exit status of a test that cannot run here (ctest's and automake's
# convention): a kernel test of a kernel set whose features this CPU lacks.
SKIP_STATUS = 77


def execute_status(args, **kw):
    """(exit status, output) of one command; a timeout or a program that
    cannot start gives status None, not an exception."""
    kw.setdefault("timeout", 1800)
    try:
        p = subprocess.run(args, capture_output=True, text=True, **kw)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return None, f"timed out after {kw['timeout']:.0f}s"
    except OSError as e:
        return None, str(e)


def execute(args, **kw):
    """(ok, output) of one command (ok: exit status 0)."""
    status, out = execute_status(args, **kw)
    return status == 0, out


def run_command(res, name, args, t0=None, **kw):
    """Run one command as one result. Returns (ok, output)."""
    t0 = t0 or time.time()
    ok, out = execute(args, **kw)
    res.add(name, ok, time.time() - t0, out)
    return ok, out


def run_commands(res, specs, jobs=None):
    """Run the commands of specs, (name, args, kwargs[, finish]), as many at a
    time as the machine has cores (most tests are one thread), each one
    result, reported in the order given. kwargs may hold "cost" (seconds
    expected, CTest's COST): the costliest start first, so that no long test
    runs alone at the end while a core idles. finish(ok, output) may rename
    the result: it returns (name, ok, skipped). Without it, exit status 77 is
    a skip (SKIP_STATUS). Returns [(ok, output)]."""
    def one(args, kw):
        t0 = time.time()
        status, out = execute_status(args, **kw)
        return status, out, time.time() - t0

    kws = [dict(spec[2]) for spec in specs]
    costs = [kw.pop("cost", 0) for kw in kws]
    outs = []
    calls = [lambda args=spec[1], kw=kw: one(args, kw) for spec, kw in zip(specs, kws)]
    for spec, (status, out, secs) in zip(specs, run_ordered(calls, costs, jobs)):
        ok = status == 0
        if len(spec) > 3:
            name, shown_ok, skipped = spec[3](ok, out)
        elif status == SKIP_STATUS:
            name, shown_ok, skipped = spec[0], True, True
        else:
            name, shown_ok, skipped = spec[0], ok, False
        res.add(name, shown_ok, secs, out, skipped=skipped)
        outs.append((ok, out))
    return outs


def run_ordered(calls, priority=None, jobs=None):
    """Run the callables `calls` (no arguments) as many at a time as the machine has
    cores, those of the highest priority (a number per call) first; yields their
    results in the order given, each as soon as it and those before it are done."""
    from concurrent.futures import ThreadPoolExecutor
    priority = priority or [0] * len(calls)
    with ThreadPoolExecutor(jobs or os.cpu_count() or 1) as pool:
        futures = [None] * len(calls)
        for i in sorted(range(len(calls)), key=lambda i: -priority[i]):
            futures[i] = pool.submit(calls[i])
        for fut in futures:
            yield fut.result()


def ctest_list(build_dir, labels, with_cost=False, match=None):
    """The tests CTest knows in build_dir with one of the labels: (name, command, timeout[, cost]).
    With both "fast" and "full", a fast test whose NAME_full exists gives way to it. match (a
    regular expression) keeps the tests whose names it matches, in a build that made only their
    programs (CTest gives the others no command)."""
    p = subprocess.run(["ctest", "--test-dir", build_dir, "--show-only=json-v1"],
                       capture_output=True, text=True, check=True)
    out = []
    for t in json.loads(p.stdout).get("tests", []):
        props = {x["name"]: x["value"] for x in t.get("properties", [])}
        if match is not None and not re.match(match, t["name"]):
            continue
        if set(props.get("LABELS", [])) & set(labels):
            out.append((t["name"], t["command"], float(props.get("TIMEOUT", 600)))
                       + ((float(props.get("COST", 0)),) if with_cost else ()))
    names = {t[0] for t in out}
    return [t for t in out if t[0] + "_full" not in names]


def run_ctests(res, build_dir, labels, prefix, exclude=()):
    run_commands(res, [(f"{prefix}{name}", cmd, {"timeout": timeout, "cwd": build_dir, "cost": cost})
                       for name, cmd, timeout, cost in ctest_list(build_dir, labels, True)
                       if name not in exclude])


def run_python(res, build_dir):
    """The framework's own tests (commands, rendering, ctypes bindings)."""
    t0 = time.time()
    env = dict(os.environ, PQSIG_LIBRARY=os.path.join(build_dir, "libpqsig.so"))
    for test in ("test_framework.py", "test_report.py"):
        t0 = time.time()
        p = subprocess.run([sys.executable, os.path.join(B.ROOT, "test", "python", test), "-v"],
                           capture_output=True, text=True, env=env, cwd=B.ROOT)
        res.add(f"python {test}", p.returncode == 0, time.time() - t0, p.stdout + p.stderr)


def ref_records_fast(scheme, level):
    """Records of the official file the ref oracle checks in fast mode (never
    fewer sets), against the records' digests: the whole file where ref is
    quick (NCC-Sign: under 1 s a set; MQ-Sign level 1: 4 s), the first 10
    for MQ-Sign level 3 (3 s; 30 to 45 s the whole file), the first 3 for
    MQ-Sign level 5 (2 s a record), the first one for SNOVA (up to 8 s a
    record, 80 sets: 3 records were 150 s of CI's 2 cores; test_agree and
    test_vectors hold ref to opt on many more inputs), the first 10 for
    Falcon (ref emulates its floating point: 0.2 to 0.6 G instructions a
    record). The optimised implementations check every whole file, and
    --full makes ref do so too."""
    if scheme == "snova":
        return 1
    if scheme == "mqsign" and level >= 5:
        return 3
    if (scheme == "mqsign" and level >= 3) or scheme == "falcon":
        return 10
    return 100


# (scheme, implementation) whose kernels decline by a CPU trait (src/common/
# cpu.h): their known answers are checked with every kernel (--cpu-traits
# none) and with every trait's declines (all), whatever CI's CPU is.
TRAIT_KERNELS = {("snova", "avx512")}


def run_kat(res, build_dir, full):
    """One result per (algorithm, implementation) that has official known answers."""
    kat = os.path.join(build_dir, "test", "pqsig-kat")
    listing = subprocess.run([kat, "--list"], capture_output=True, text=True, check=True).stdout
    binding.library(os.path.join(build_dir, "libpqsig.so"))
    info = {(v["name"], v["impl"]): v for v in binding.variants()}
    specs = []
    for line in listing.splitlines():
        name, impl, katfile = line.split(" ", 2)
        if katfile == "-":
            continue
        # Fast mode: every implementation but ref and the test backend checks
        # the whole file. The test backend (every kernel declines) runs the
        # portable twins that opt's whole-file check already runs where no
        # backend takes them: its first 10 records, against their digests.
        v = info[(name, impl)]
        if full or impl not in ("ref", "decline"):
            records = "100"
        else:
            records = "10" if impl == "decline" else str(ref_records_fast(v["scheme"], v["level"]))
        cmd = [kat, "--kat-dir", B.KAT_DIR, "--records", records, "--impl", impl, name]
        if (v["scheme"], impl) in TRAIT_KERNELS:
            # Kernels that decline by a CPU trait: both choices, on any CPU.
            for traits in ("none", "all"):
                specs.append((name, cmd + ["--cpu-traits", traits], {"timeout": 7200},
                              kat_result(name, f"{impl}, cpu traits {traits}")))
        else:
            specs.append((name, cmd, {"timeout": 7200}, kat_result(name, impl)))
    run_commands(res, specs)


def kat_result(name, impl):
    def finish(ok, out):
        first = out.splitlines()[0] if out else ""
        return f"kat {name} [{impl}] {first.split(' ', 3)[-1] if first else ''}", ok, first.startswith("SKIP")
    return finish


# The constant-time matrix (issue 16): test_ct under valgrind memcheck for
# gcc and clang at every optimisation level, since compilers turn
# constant-time C into branches or table lookups at some levels and not
# others. Each configuration builds the sets of CT_MATRIX_SETS (one per
# field and shape family: GF(16) and odd-q SNOVA, an expanded-key SNOVA,
# MQ-Sign, NCC-Sign, Falcon) and signs 3 messages under each of 3 keys.
# The ct step above covers REPRESENTATIVE_SETS (build.py) at gcc -O3, and
# every set with --full. CI runs CT_MATRIX_SLICE;
# --full runs every configuration.
CT_MATRIX_COMPILERS = ("gcc", "clang")
CT_MATRIX_LEVELS = ("-O0", "-O1", "-O2", "-O3", "-Os")
CT_MATRIX_SLICE = (("clang", "-O3"), ("gcc", "-Os"))
CT_MATRIX_SETS = ("snova_24_5_16_4", "snova_24_5_23_4", "snova_24_5_4_esk", "mqsign_rr_s_256_72_46",
                  "nccsign_1", "nccsign_5p_aes", "falcon_512")
CT_MATRIX_SEEDS = 3


def ct_matrix_configs(full):
    if full:
        return [(cc, lv) for cc in CT_MATRIX_COMPILERS for lv in CT_MATRIX_LEVELS]
    return list(CT_MATRIX_SLICE)


def build_step(res, flavour, label):
    """Build a flavour (-Werror) as one result, "build <label>"; its
    directory, or None when it failed."""
    t0 = time.time()
    try:
        d = B.build(flavour, werror=True)
    except B.BuildError as e:
        res.add(f"build {label}", False, time.time() - t0, str(e))
        return None
    res.add(f"build {label}", True, time.time() - t0)
    return d


def run_ct_matrix(res, full):
    valgrind = shutil.which("valgrind")
    for cc, level in ct_matrix_configs(full):
        what = f"ct {cc} {level}"
        if shutil.which(cc) is None:
            res.add(f"{what} ({cc} not installed)", False, 0)
            continue
        d = build_step(res, B.ct_matrix_flavour(cc, level, ";".join(CT_MATRIX_SETS)), what)
        if d is None:
            continue
        run_command(res, f"{what}: test_ct --seeds {CT_MATRIX_SEEDS}",
                    [valgrind, "-q", "--error-exitcode=3", "--track-origins=yes", "--max-stackframe=33554432",
                     os.path.join(d, "test", "test_ct"), "--seeds", str(CT_MATRIX_SEEDS)], timeout=3600)
        if cc == "clang":
            run_kernel_tests(res, d, f"ct-{cc}{level}", what)


def kernel_targets(build_dir):
    """The kernel tests a configured build defines (test_<scheme>_kernels_<shape>[_emu])."""
    p = subprocess.run(["cmake", "--build", build_dir, "--target", "help"], capture_output=True, text=True)
    names = set(re.findall(r"\b(test_[a-z0-9]+_kernels_[a-z0-9_]+?)(?=:|\s|$)", p.stdout))
    return sorted(n for n in names if not n.endswith(("_c", ".o")))


def run_kernel_tests(res, build_dir, flavour, what):
    """The kernel tests (every backend against its portable twins, natively
    where the CPU has the kernel set, the avx512 kernels also over AVX-512
    emulated in C) in a clang build: the release build is gcc's, and clang
    can compile the same intrinsics otherwise (clang 14 once read the
    wrong GFNI matrices of MQ-Sign's avx512 kernels, which gcc compiled
    right and the gcc build's tests passed)."""
    targets = kernel_targets(build_dir)
    t0 = time.time()
    try:
        B.build(flavour, werror=True, targets=targets)
    except B.BuildError as e:
        res.add(f"build {what} kernel tests", False, time.time() - t0, str(e))
        return
    res.add(f"build {what} kernel tests", True, time.time() - t0)
    run_commands(res, [(f"{what} {name}", cmd, {"timeout": timeout, "cwd": build_dir, "cost": cost})
                       for name, cmd, timeout, cost in ctest_list(build_dir, ["fast"], True,
                                                                  r"test_[a-z0-9]+_kernels_")])


def main(args):
    full = args.full
    # --full: every fast test, the full form instead where one exists (release
    # build only; the sanitizer build always runs the fast set).
    labels = ["fast", "full"] if full else ["fast"]
    global T_START
    res = Results()
    t_start = T_START = time.time()
    only = getattr(args, "platform", None) or []
    host = not only or "host" in only
    emulated = [p for p in only if p != "host"] or ([] if only or getattr(args, "no_platforms", False)
                                                    else list(platforms.PLATFORMS))
    steps = [("release", "unit, functional, symbol and KAT-harness tests")] if host else []
    if host and not args.no_asan:
        steps.append(("asan", "the same tests under AddressSanitizer + UBSan"))
    if host and not args.no_ct:
        # CI's slice builds the representative sets (build.py); --full every set.
        steps.append(("ct-all" if full else "ct", "constant-time test under valgrind memcheck"))
    for flavour, what in steps:
        stage(f"{flavour}: {what}")
        d = build_step(res, flavour, flavour)
        if d is None:
            continue
        if flavour == "release":
            run_ctests(res, d, labels, "")
            run_python(res, d)
            if not getattr(args, "no_user", False):
                stage("user: README examples, CMake package, pip install, a clone alone")
                from . import usercheck
                usercheck.run(res, d)
            stage("KAT: official known answers")
            run_kat(res, d, full)
        elif flavour == "asan":
            run_ctests(res, d, ["fast"], "asan ")
        else:
            if shutil.which("valgrind") is None:
                res.add("ct (valgrind not installed: apt-get install valgrind)", False, 0)
                continue
            run_ctests(res, d, ["ct_full"] if full else ["ct"], "ct ")
            stage("ct matrix: test_ct for gcc and clang at -O0 .. -Os"
                  + ("" if full else " (CI's slice; --full: all 10)"))
            run_ct_matrix(res, full)
    if host and not getattr(args, "no_fuzz", False):
        from . import fuzz
        fuzz.smoke(res, full)
    if emulated:
        # The host's transcript hashes are the reference of every platform.
        try:
            host_dir = B.build("release", werror=None, targets=["test_vectors", "pqsig_shared"])
        except B.BuildError as e:
            res.add("build release (the host's test vectors)", False, 0, str(e))
            host_dir = None
        for spec in emulated:
            stage(f"{spec}: cross build, tests under QEMU")
            if host_dir:
                platforms.run(res, spec, full, host_dir)
    print(f"== {time.time() - t_start:.0f}s; skipped {res.skipped}; failures: "
          f"{', '.join(res.failures) if res.failures else 'none'}")
    print(f"{res.passed} passed, {res.failed} failed")
    return 1 if res.failed else 0
