"""./pqsig fuzz: build the libFuzzer harnesses of test/fuzz (clang) and run each for a while.

Harnesses (per scheme in the fuzz build): fuzz_verify_<scheme>, fuzz_decode_<scheme>,
fuzz_diff_<scheme>. Seeds come from the official KAT records (pqsig-fuzz-corpus); what a run
finds stays in build/fuzz/corpus/<harness>/ for the next run, crashes go to build/fuzz/crashes/.

--fast (the long runs): the harnesses of the fuzz-fast build (UBSan, no ASan, -O2) run, and
then every input of the corpus they grew runs once more under the ASan + UBSan harness. ASan
costs most of the time of an execution; what the fast run gives up is ASan on the inputs that
found nothing new (they are not kept), what it keeps is ASan on every input that did.
"""
import os
import re
import shutil
import subprocess
import tempfile
import time

from . import build as B

HARNESSES = ("verify", "decode", "diff")
PROBE = b"#include <stdint.h>\n#include <stddef.h>\n" \
        b"int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n"


def available():
    """(True, "") if clang links a libFuzzer program here, else (False, why)."""
    if shutil.which("clang") is None:
        return False, "clang not installed (Debian: apt-get install clang libclang-rt-dev)"
    with tempfile.TemporaryDirectory() as d:
        src, exe = os.path.join(d, "probe.c"), os.path.join(d, "probe")
        with open(src, "wb") as f:
            f.write(PROBE)
        p = subprocess.run(["clang", "-fsanitize=fuzzer,address,undefined", src, "-o", exe],
                           capture_output=True, text=True)
        if p.returncode != 0:
            return False, "clang cannot link libFuzzer (Debian: apt-get install libclang-rt-dev)"
    return True, ""


def harnesses(build_dir, names=(), harness=None):
    """The harness programs to run: [(name, path, scheme)]. names: schemes or algorithm names."""
    with open(os.path.join(build_dir, "test", "fuzz", "schemes.txt")) as f:
        schemes = [s for s in f.read().strip().split(";") if s]
    wanted = set(schemes)
    if names:
        wanted = {n for n in names if n in schemes} | {scheme_of(n) for n in names if n not in schemes}
        unknown = wanted - set(schemes)
        if unknown:
            raise B.BuildError(f"no fuzz harness for {', '.join(sorted(str(u) for u in unknown))} "
                               f"(the fuzz build has {', '.join(schemes)})")
    out = []
    for h in HARNESSES:
        if harness and h != harness:
            continue
        for s in schemes:
            if s in wanted:
                name = f"fuzz_{h}_{s}"
                out.append((name, os.path.join(build_dir, "test", "fuzz", name), s))
    return out


def scheme_of(name):
    """The scheme of an algorithm name, by the official naming."""
    if name.startswith("SNOVA"):
        return "snova"
    if name.startswith("MQ"):
        return "mqsign"
    if name.startswith("NCC-Sign"):
        return "nccsign"
    if name.startswith("Falcon"):
        return "falcon"
    return None


def seeds(build_dir, kat_dir, env):
    """Writes the seed corpora from the KAT records; returns their directory."""
    out = os.path.join(build_dir, "fuzz-seeds")
    shutil.rmtree(out, ignore_errors=True)
    tool = os.path.join(build_dir, "test", "fuzz", "pqsig-fuzz-corpus")
    p = subprocess.run([tool, kat_dir, out], capture_output=True, text=True, env=env)
    if p.returncode != 0:
        raise B.BuildError(f"pqsig-fuzz-corpus failed: {p.stdout}{p.stderr}")
    return out


def _largest(dirs):
    n = 0
    for d in dirs:
        if os.path.isdir(d):
            for f in os.listdir(d):
                n = max(n, os.path.getsize(os.path.join(d, f)))
    return n


# Inputs that once failed (test/fuzz/crashes/<harness>-<what>, for the default
# PQSIG_FUZZ_SETS): every run replays them first.
CRASHES = os.path.join(B.ROOT, "test", "fuzz", "crashes")


def replay(name, exe, env):
    """Runs the harness on its committed crash inputs; (ok, log)."""
    tag = name[len("fuzz_"):] + "-"
    files = sorted(os.path.join(CRASHES, f) for f in os.listdir(CRASHES) if f.startswith(tag)) \
        if os.path.isdir(CRASHES) else []
    if not files:
        return True, ""
    p = subprocess.run([exe] + files, capture_output=True, text=True, env=env)
    return p.returncode == 0, f"replaying {', '.join(os.path.basename(f) for f in files)}:\n" \
        + p.stdout + p.stderr


def run_one(build_dir, name, exe, seed_dir, seconds, env):
    """Replays the harness's committed crash inputs, then runs it for `seconds`; returns a
    dict of its figures and outcome."""
    replayed, replay_log = replay(name, exe, env)
    corpus = os.path.join(build_dir, "corpus", name)
    crashes = os.path.join(build_dir, "crashes")
    os.makedirs(corpus, exist_ok=True)
    os.makedirs(crashes, exist_ok=True)
    seed = os.path.join(seed_dir, name[len("fuzz_"):])
    # Room for the largest seed and 1 KiB more of message.
    max_len = _largest([seed, corpus]) + 1024
    cmd = [exe, f"-max_total_time={seconds}", "-print_final_stats=1", f"-max_len={max_len}",
           "-timeout=120", "-rss_limit_mb=4096", f"-artifact_prefix={crashes}/{name}-", corpus]
    if os.path.isdir(seed):
        cmd.append(seed)
    t0 = time.time()
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    secs = time.time() - t0
    log = p.stdout + p.stderr
    execs = re.findall(r"stat::number_of_executed_units: (\d+)", log)
    covs = re.findall(r"\bcov: (\d+) ft: (\d+)", log)
    artifact = re.findall(r"Test unit written to (\S+)", log)
    r = {"harness": name, "seconds": secs, "execs": int(execs[-1]) if execs else 0,
         "cov": int(covs[-1][0]) if covs else 0, "ft": int(covs[-1][1]) if covs else 0,
         "ok": p.returncode == 0 and not artifact and replayed,
         "artifact": artifact[-1] if artifact else (None if replayed else "a committed crash input"),
         "log": replay_log + log}
    r["execs_per_s"] = r["execs"] / secs if secs > 0 else 0.0
    return r


def line(r):
    outcome = "ok" if r["ok"] else f"CRASH {r['artifact'] or '(see log)'}"
    replay = f"  corpus of {r['replayed']:,} replayed under ASan" if "replayed" in r else ""
    return (f"{r['harness']:22} {r['execs']:>11,} execs {r['execs_per_s']:>9,.1f}/s  "
            f"cov {r['cov']:>6,}  ft {r['ft']:>6,}  {r['seconds']:.0f}s  {outcome}{replay}")


def replay_corpus(fast_dir, name, exe, env):
    """Runs the ASan harness exe once on every input of the corpus that the fast build's
    run of harness `name` grew; (ok, inputs, log)."""
    corpus = os.path.join(fast_dir, "corpus", name)
    n = len(os.listdir(corpus)) if os.path.isdir(corpus) else 0
    if n == 0:
        return True, 0, ""
    crashes = os.path.join(fast_dir, "crashes")
    p = subprocess.run([exe, "-runs=0", "-timeout=120", "-rss_limit_mb=4096",
                        f"-max_len={_largest([corpus])}", f"-artifact_prefix={crashes}/{name}-asan-", corpus],
                       capture_output=True, text=True, env=env)
    log = p.stdout + p.stderr
    return p.returncode == 0 and "Test unit written to" not in log, n, log


def run(names=(), seconds=30, harness=None, kat_dir=B.KAT_DIR, report=None, fast=False, impls=None):
    """Builds the fuzz flavour (fast: fuzz-fast, then the ASan one for the replay) and runs
    the harnesses; report(result) per harness (default: print its line). Returns the
    results."""
    d = B.build("fuzz-fast" if fast else "fuzz")
    asan = B.build("fuzz") if fast else d
    env = dict(os.environ)
    algs = [n for n in names if scheme_of(n)]
    if algs:
        env["PQSIG_FUZZ_NAMES"] = ",".join(algs)
    if impls:
        env["PQSIG_FUZZ_IMPLS"] = impls
    seed_dir = seeds(d, kat_dir, env)
    results = []
    for name, exe, _ in harnesses(d, names, harness):
        r = run_one(d, name, exe, seed_dir, seconds, env)
        if fast:
            ok, n, log = replay_corpus(d, name, os.path.join(asan, "test", "fuzz", name), env)
            r["replayed"] = n
            r["log"] += f"\n== ASan replay of the corpus ({n} inputs)\n" + log
            if not ok:
                r["ok"] = False
                r["artifact"] = r["artifact"] or f"the ASan replay of {n} corpus inputs"
        results.append(r)
        (report or (lambda x: print(line(x), flush=True)))(r)
    return results


# The smoke of ./pqsig test: seconds per harness (fast mode; --full).
SMOKE_SECONDS = (10, 120)


def smoke(res, full=False):
    """Every harness for a few seconds, as results of ./pqsig test; a visible skip where
    clang cannot link libFuzzer."""
    from .testing import stage
    stage("fuzz: libFuzzer smoke (clang, ASan + UBSan)")
    ok, why = available()
    if not ok:
        res.add(f"fuzz ({why})", True, 0, skipped=True)
        return
    t0 = time.time()
    try:
        d = B.build("fuzz")
        seed_dir = seeds(d, B.KAT_DIR, dict(os.environ))
    except B.BuildError as e:
        res.add("build fuzz", False, time.time() - t0, str(e))
        return
    res.add("build fuzz", True, time.time() - t0)
    # Each harness is one process of one thread: as many at once as there
    # are cores (each has its own corpus), reported in order; the
    # differential ones start first (one input can take seconds, so they
    # overrun their time the most).
    from .testing import run_ordered
    seconds = SMOKE_SECONDS[1 if full else 0]
    todo = harnesses(d)
    calls = [lambda name=name, exe=exe: run_one(d, name, exe, seed_dir, seconds, dict(os.environ))
             for name, exe, *_ in todo]
    first = [t[0].startswith("fuzz_diff") for t in todo]
    for r in run_ordered(calls, first):
        res.add(f"fuzz {line(r)}", r["ok"], r["seconds"], r["log"])


def main(args):
    ok, why = available()
    if not ok:
        print(f"pqsig fuzz: {why}")
        return 2
    algs = [n for n in args.names if scheme_of(n)]
    if algs and len(algs) != len(args.names):
        print("pqsig fuzz: give either schemes or algorithm names")
        return 2
    results = run(args.names, args.seconds, args.harness, args.kat_dir, fast=args.fast, impls=args.impl)
    bad = [r for r in results if not r["ok"]]
    for r in bad:
        print(f"\n== {r['harness']}\n" + r["log"][-6000:])
    return 1 if bad else 0
