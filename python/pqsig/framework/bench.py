"""./pqsig bench: the KAT check and the speed table of this machine."""
import datetime
import glob
import json
import os
import platform
import re
import shutil
import subprocess
import tempfile
import time

from . import build as B


def run_bench(build_dir, names, counter, primitives_only, impl=None, progress=False, seconds=None,
              emulator=(), extra=()):
    """Rows of pqsig-bench. progress: a line per algorithm measured, as the
    rows arrive (pqsig-bench writes one row per line). emulator: the command
    that runs it on an emulated platform."""
    exe = os.path.join(build_dir, "bench", "pqsig-bench")
    args = list(emulator) + [exe] + (["--primitives"] if primitives_only else []) + \
        (["--impl", impl] if impl else []) + list(extra) + list(names)
    if seconds and counter != "callgrind":
        args += ["--seconds", str(seconds)]
    if counter == "callgrind":
        return run_callgrind(args)
    rows, seen = [], set()
    t0 = time.time()
    with subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as p:
        for line in p.stdout:
            if not line.startswith("{"):
                continue
            r = json.loads(line)
            rows.append(r)
            key = (r.get("name"), r.get("impl"))
            if progress and r.get("kind") == "scheme" and key not in seen:
                seen.add(key)
                print(f"  [{time.time() - t0:5.0f}s] {key[0]} ({key[1]})", flush=True)
        err = p.stderr.read()
    if p.returncode != 0:
        raise B.BuildError("pqsig-bench failed: " + err[-2000:])
    return rows


def run_stack(build_dir, names, impl=None, emulator=()):
    """Stack bytes per operation (painted thread stacks; includes the few KiB of
    thread-local storage glibc places at the top of a thread's stack)."""
    p = subprocess.run(list(emulator) + [os.path.join(build_dir, "test", "pqsig-stack"), "--json"] + list(names),
                       capture_output=True, text=True)
    rows = [json.loads(l) for l in p.stdout.splitlines() if l.startswith("{")]
    return [r for r in rows if impl is None or r.get("impl") == impl]


def code_sizes(build_dir, wanted=None, size_tool="size"):
    """text + data + bss of each variant's own objects and of the shape
    kernels it calls (the shared primitives excluded: SHAKE, AES); wanted:
    only these targets (NIST prefixes without the last _). size_tool: the
    platform's `size` (arm-none-eabi-size, ...)."""
    rows = []
    manifest = os.path.join(build_dir, "variants.tsv")
    if not os.path.exists(manifest) or shutil.which(size_tool) is None:
        return rows
    for line in open(manifest):
        if not line.strip():
            continue
        target, objs, kernels, nss = (line.rstrip("\n").split("\t") + ["", ""])[:4]
        # a frontend shared by kernel sets (src/common/kset.h) counts for each
        # of its implementations, with every kernel it can call
        targets = [ns[:-1] for ns in nss.split(";") if ns] or [target]
        targets = [t for t in targets if wanted is None or t in wanted]
        if not targets:
            continue
        objs = [o for o in objs.split(";") + kernels.split(";") if o]
        out = subprocess.run([size_tool, "-t"] + objs, capture_output=True, text=True).stdout.splitlines()
        total = out[-1].split() if out else []
        if len(total) >= 4:
            rows += [{"kind": "size", "target": t, "text": int(total[0]), "data": int(total[1]),
                      "bss": int(total[2])} for t in targets]
    return rows


def run_callgrind(args):
    if shutil.which("valgrind") is None:
        raise B.BuildError("valgrind not found (apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        p = subprocess.run(["valgrind", "--tool=callgrind", "--collect-atstart=no",
                            f"--callgrind-out-file={out}"] + args + ["--callgrind"],
                           capture_output=True, text=True)
        if p.returncode != 0:
            raise B.BuildError("pqsig-bench under callgrind failed: " + p.stderr[-2000:])
        rows = [json.loads(l) for l in p.stdout.splitlines() if l.startswith("{")]
        counts = {}
        for f in glob.glob(out + "*"):
            text = open(f, errors="replace").read()
            m = re.search(r"^desc: Trigger: Client Request: (.*)$", text, re.M)
            n = re.search(r"^(?:summary|totals): (\d+)", text, re.M)
            if m and n:
                counts[m.group(1).strip()] = int(n.group(1))
        for r in rows:
            if "label" not in r:  # not a measurement (the variant's target name)
                continue
            n = counts.get(r["label"])
            r["median"] = None if n is None else n / r["per"]
            r["unit"] = r["unit"].replace("cycles", "instructions")
        return rows


def unit_label(unit, counter):
    """speed.c names its unit "cycles"; rdtsc counts ticks of a constant-rate
    clock, not core cycles, and is labelled so; the emulated M4 counts
    instructions."""
    if counter == "rdtsc":
        return unit.replace("cycles", "ticks")
    if counter == "icount":
        return unit.replace("cycles", "instructions")
    if counter in ("cntvct", "ns"):
        return unit.replace("cycles", "cntvct ticks" if counter == "cntvct" else "ns")
    return unit


def counter_label(rows, counter):
    if counter == "callgrind":
        return "valgrind callgrind: exact instruction counts (one run after a warm-up)"
    c = next((r for r in rows if r.get("kind") == "counter"), None)
    if c is None:
        return "unknown counter"
    if c["name"] == "icount":
        return ("emulated instructions (qemu-system-arm -M mps2-an386 -icount shift=0, read from SysTick "
                "in steps of 40): exact and repeatable, not Cortex-M4 cycles (real cycles are 1.1 to 1.7 "
                "times as many)")
    if c["name"] == "rdtsc":
        flags = ""
        if os.path.exists("/proc/cpuinfo"):
            with open("/proc/cpuinfo") as f:
                flags = f.read()
        const = "constant_tsc" in flags
        return (f"rdtsc at {c['hz'] / 1e9:.2f} GHz" +
                (": a constant-rate clock (constant_tsc), i.e. time at that rate, not core cycles"
                 if const else ""))
    return f"{c['name']} at {c['hz'] / 1e6:.1f} MHz"


def fmt(v):
    if v is None:
        return "n/a"
    if v >= 1000:
        return f"{v:,.0f}"
    return f"{v:.2f}"


def render(rows, counter):
    lines = [f"Counter: {counter_label(rows, counter)}.", ""]
    prim = [r for r in rows if r.get("kind") == "primitive"]
    if prim:
        lines += ["| primitive | engine | operation | median | unit |", "|---|---|---|---:|---|"]
        for r in prim:
            lines.append(f"| {r['name']} | {r['impl']} | {r['op']} | {fmt(r.get('median'))} | {unit_label(r['unit'], counter)} |")
        lines.append("")
    sch = [r for r in rows if r.get("kind") == "scheme"]
    if sch:
        table = {}
        for r in sch:
            table.setdefault((r["name"], r["impl"]), {})[r["op"]] = r
        unit = unit_label(sch[0]["unit"], counter)
        lines += ["| algorithm | impl | keypair | sign (median) | sign (min–max) | verify |",
                  "|---|---|---:|---:|---:|---:|"]
        for (name, impl), ops in table.items():
            s = ops.get("sign", {})
            spread = (f"{fmt(s.get('min'))}–{fmt(s.get('max'))}" if s.get("min") is not None else "")
            lines.append(f"| {name} | {impl} | {fmt(ops.get('keypair', {}).get('median'))} | "
                         f"{fmt(s.get('median'))} | {spread} | {fmt(ops.get('verify', {}).get('median'))} |")
        exp = [(k, ops) for k, ops in table.items() if "sign expanded" in ops]
        if exp:
            lines += ["", "Expanded keys (`pqsig_expand_sk` / `pqsig_expand_pk` once, then repeated use):", "",
                      "| algorithm | impl | expand sk | sign expanded (median) | expand pk | verify expanded |",
                      "|---|---|---:|---:|---:|---:|"]
            for (name, impl), ops in exp:
                lines.append(f"| {name} | {impl} | " + " | ".join(
                    fmt(ops.get(o, {}).get("median"))
                    for o in ("expand sk", "sign expanded", "expand pk", "verify expanded")) + " |")
        lines.append(f"\n(scheme figures in {unit}; medians over repeated runs)" if counter != "callgrind"
                     else "\n(scheme figures in instructions)")
    else:
        lines.append("No signature scheme is registered yet: the table covers the primitives.")
    stack = [r for r in rows if r.get("kind") == "stack"]
    if stack:
        table = {}
        for r in stack:
            table.setdefault((r["name"], r["impl"]), {})[r["op"]] = r["bytes"]
        lines += ["", "| algorithm | impl | stack keypair | stack sign | stack verify |", "|---|---|---:|---:|---:|"]
        for (name, impl), ops in table.items():
            lines.append(f"| {name} | {impl} | " + " | ".join(fmt(ops.get(o)) for o in ("keypair", "sign", "verify"))
                         + " |")
        lines.append("\n(stack in bytes, measured by painting the stack of a thread)")
    sizes = [r for r in rows if r.get("kind") == "size"]
    if sizes:
        names = {r["target"]: f"{r['name']} | {r['impl']}" for r in rows if r.get("kind") == "variant"}
        lines += ["", "| code size of | impl | text | data | bss |", "|---|---|---:|---:|---:|"]
        for r in sizes:
            lines.append(f"| {names.get(r['target'], r['target'] + ' | ')} | {r['text']:,} | {r['data']:,} | "
                         f"{r['bss']:,} |")
    return "\n".join(lines)


def render_pqm4(rows, counter):
    """The tables of pqm4's benchmarks.md: speed (mean, min and max over the
    runs), stack, hashing share and code size per (scheme, implementation)."""
    lines = [f"Counter: {counter_label(rows, counter)}.", ""]
    table, runs = {}, {}
    for r in rows:
        if r.get("kind") in ("scheme", "stack") and r.get("op") in ("keypair", "sign", "verify"):
            table.setdefault((r["name"], r["impl"]), {}).setdefault(r["op"], {}).update(
                {"bytes": r["bytes"]} if r["kind"] == "stack" else r)
            if r["kind"] == "scheme":
                runs[(r["name"], r["impl"])] = r.get("runs")
    unit = "instructions" if counter == "icount" else counter
    ops = ("keypair", "sign", "verify")
    heads = "key generation", "sign", "verify"

    def block(title, col_unit, cell):
        out = [f"## {title}", "", "| scheme | implementation | " + " | ".join(f"{h} [{col_unit}]" for h in heads) + " |",
               "| ------ | -------------- | " + " | ".join("-" * 10 for _ in heads) + " |"]
        for (name, impl), o in table.items():
            out.append(f"| {name} ({runs.get((name, impl), '?')} executions) | {impl} | "
                       + " | ".join(cell(o.get(op, {})) for op in ops) + " |")
        return out + [""]

    def speed(r):
        if r.get("mean") is None:
            return "n/a"
        return f"AVG: {r['mean']:,.0f} <br /> MIN: {r['min']:,.0f} <br /> MAX: {r['max']:,.0f}"

    lines += block("Speed Evaluation", unit, speed)
    lines += block("Memory Evaluation", "bytes", lambda r: f"{r['bytes']:,}" if "bytes" in r else "n/a")
    lines += block("Hashing Evaluation", "%", lambda r: f"{100 * r['hashing']:.1f}%" if "hashing" in r else "n/a")
    sizes = [r for r in rows if r.get("kind") == "size"]
    if sizes:
        names = {r["target"]: (r["name"], r["impl"]) for r in rows if r.get("kind") == "variant"}
        lines += ["## Size Evaluation", "",
                  "| scheme | implementation | .text [bytes] | .data [bytes] | .bss [bytes] | Total [bytes] |",
                  "| ------ | -------------- | ------------- | ------------- | ------------ | ------------- |"]
        for r in sizes:
            name, impl = names.get(r["target"], (r["target"], ""))
            lines.append(f"| {name} | {impl} | {r['text']:,} | {r['data']:,} | {r['bss']:,} | "
                         f"{r['text'] + r['data'] + r['bss']:,} |")
        lines += ["", "(code size: the variant's own objects and its shape kernels; SHAKE, AES and the "
                  "platform layer excluded)"]
    lines += ["", "(stack: painted below the caller's frame, one run; hashing: time inside SHAKE/SHA-3 and "
              "AES, one run)"]
    return "\n".join(lines)


def available(build_dir, names=(), level=None):
    """{name: [impl, ...]} of what pqsig-bench would measure on this CPU."""
    exe = os.path.join(build_dir, "bench", "pqsig-bench")
    p = subprocess.run([exe, "--list"] + (["--level", str(level)] if level else []) + list(names),
                       capture_output=True, text=True)
    out = {}
    for line in p.stdout.splitlines():
        if line.startswith("{"):
            r = json.loads(line)
            out.setdefault(r["name"], []).append(r["impl"])
    return out


def compare(build_dir, names, impls, rounds, seconds, level=None, progress=True):
    """Implementations side by side in one run: for every name that has all
    of impls on this CPU, `rounds` rounds, each measuring the implementations
    of one name back to back (their order alternating between rounds), so
    that a slow spell of a shared machine falls on both. Keeps, per (name,
    impl, op), the lowest median of the rounds. Returns (rows, skipped
    names): the rows as pqsig-bench's, median the lowest, "rounds" added."""
    have = available(build_dir, names, level)
    use = [n for n, got in have.items() if all(i in got for i in impls)]
    skipped = sorted(set(names or have) - set(use))
    best, counter = {}, None
    t0 = time.time()
    if len(impls) == 2 and use:
        return compare_paired(build_dir, use, impls, rounds, seconds, progress), skipped
    for r in range(rounds):
        for name in use:
            for impl in (impls if r % 2 == 0 else impls[::-1]):
                for row in run_bench(build_dir, [name], "rdtsc", False, impl, seconds=seconds,
                                     extra=["--schemes"]):
                    if row.get("kind") == "counter":
                        counter = counter or row
                    elif row.get("kind") == "scheme":
                        key = (name, impl, row["op"])
                        if key not in best or row["median"] < best[key]["median"]:
                            best[key] = dict(row, rounds=rounds)
        if progress:
            print(f"  [{time.time() - t0:5.0f}s] round {r + 1} of {rounds}", flush=True)
    return ([counter] if counter else []) + list(best.values()), skipped


def compare_paired(build_dir, names, impls, rounds, seconds, progress=True):
    """Two implementations sample by sample (pqsig-bench --pair): keypair,
    sign and verify alternate between them call by call, so the slow spells
    of a shared machine fall on both sides of nearly every pair; identical
    code measures 1.00 +- 0.01 where whole runs in alternation differ by up
    to 30 % on the same machine. Per (name, op): the lowest median of each
    side over the rounds, and the median over the rounds of each round's
    median ratio of the pairs ("ratio" in the rows of the second side)."""
    best, ratios, counter = {}, {}, None
    t0 = time.time()
    for r in range(rounds):
        for row in run_bench(build_dir, names, "rdtsc", False, seconds=seconds,
                             extra=["--pair", ",".join(impls)]):
            if row.get("kind") == "counter":
                counter = counter or row
            elif row.get("kind") == "scheme":
                key = (row["name"], row["impl"], row["op"])
                if key not in best or row["median"] < best[key]["median"]:
                    best[key] = dict(row, rounds=rounds)
            elif row.get("kind") == "pair":
                ratios.setdefault((row["name"], row["op"]), []).append(row["ratio"])
        if progress:
            print(f"  [{time.time() - t0:5.0f}s] round {r + 1} of {rounds}", flush=True)
    for (name, op), rs in ratios.items():
        key = (name, impls[1], op)
        if key in best:
            best[key]["ratio"] = sorted(rs)[len(rs) // 2]
    return ([counter] if counter else []) + list(best.values())


def render_compare(rows, impls):
    """One table: per (name, op), the lowest median of each implementation
    and its ratio to the first one's."""
    med = {(r["name"], r["impl"], r["op"]): r["median"] for r in rows if r.get("kind") == "scheme"}
    paired = {(r["name"], r["op"]): r["ratio"] for r in rows if r.get("kind") == "scheme" and "ratio" in r}
    rounds = next((r["rounds"] for r in rows if r.get("kind") == "scheme"), 0)
    how = (f"the lowest median of {rounds} rounds of calls alternating one by one; ratio: the median of "
           "the pairs' ratios" if paired else f"the lowest median of {rounds} interleaved rounds")
    lines = [f"Counter: {counter_label(rows, 'rdtsc')}; {how}.", "",
             "| algorithm | op | " + " | ".join(impls) + " | " + " | ".join(f"{i} / {impls[0]}" for i in impls[1:])
             + " |", "|---|---|" + "---:|" * (2 * len(impls) - 1)]
    seen = []
    for (name, _, op) in med:
        if (name, op) not in seen:
            seen.append((name, op))
    for name, op in seen:
        vals = [med.get((name, i, op)) for i in impls]
        ratios = [f"{v / vals[0]:.2f}" if v is not None and vals[0] else "n/a" for v in vals[1:]]
        if (name, op) in paired:
            ratios = [f"{paired[(name, op)]:.2f}"]
        lines.append(f"| {name} | {op} | " + " | ".join(fmt(v) for v in vals) + " | " + " | ".join(ratios) + " |")
    return "\n".join(lines)


def save(rows, counter, where="host", machine=None, cc=None):
    """build/results/bench-MACHINE-COUNTER-DATE.json, and the same rows as
    CSV beside it (cc: the compiler, if not the host's). Returns the JSON path."""
    from . import report
    machine = machine or platform.machine()
    d = os.path.join(B.ROOT, "build", "results")
    os.makedirs(d, exist_ok=True)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = os.path.join(d, f"bench-{machine}-{counter}-{stamp}.json")
    with open(path, "w") as f:
        json.dump({"machine": machine, "platform": where, "counter": counter, "date": stamp,
                   "compiler": compiler_version(cc), "rows": rows}, f, indent=1)
    report.write_csv([report.load(path)], path[:-len(".json")] + ".csv")
    return path


# What ./pqsig bench builds: the library and the three programs it runs.
BENCH_TARGETS = ["pqsig-kat", "pqsig-bench", "pqsig-stack"]
FAST_KAT_RECORDS = 2  # per variant in the default run: judged by the records' digests


def main(args):
    """The main job: known answers first, then this machine's table."""
    if getattr(args, "platform", None) not in (None, "host"):
        from . import platforms
        return platforms.bench(args)
    t_start = time.time()
    d = B.build("release", werror=None, targets=BENCH_TARGETS, progress=True)
    print(f"== built in {time.time() - t_start:.0f}s", flush=True)
    status = 0
    impl = args.impl or (None if args.all_impls else "fastest")
    level = ["--level", str(args.level)] if getattr(args, "level", None) else []
    if args.kat != "none" and not args.primitives:
        records = 100 if args.kat == "full" else FAST_KAT_RECORDS
        what = ("the whole official files" if records == 100 else
                f"the first {records} records of each official file, against their digests")
        print(f"== Known answers: every variant, {what} (--kat full for the whole files)", flush=True)
        t0 = time.time()
        kat = os.path.join(d, "test", "pqsig-kat")
        status = subprocess.run([kat, "--kat-dir", B.KAT_DIR, "--records", str(records), "--progress"] +
                                (["--impl", args.impl] if args.impl else []) +
                                (args.names if args.names else ["--all"] + level)).returncode
        print(f"== known answers checked in {time.time() - t0:.0f}s", flush=True)
    if getattr(args, "compare", None):
        impls = [i for i in args.compare.split(",") if i]
        if len(impls) < 2:
            print("pqsig bench: --compare takes two implementations or more, e.g. avx2,avx512")
            return 2
        print(f"== Side by side ({', '.join(impls)}): {args.rounds} rounds, rdtsc", flush=True)
        rows, skipped = compare(d, args.names, impls, args.rounds, args.seconds, getattr(args, "level", None))
        if skipped:
            print(f"(not on this CPU or not built with all of {', '.join(impls)}: {', '.join(skipped)})")
        if not [r for r in rows if r.get("kind") == "scheme"]:
            print("nothing to compare: no algorithm has all of these implementations on this CPU")
            return 2
        print(render_compare(rows, impls))
        path = save(rows, "rdtsc")
        print(f"\n(results saved in {os.path.relpath(path)} and .csv; {time.time() - t_start:.0f}s in all)")
        return status
    which = (f"implementation {args.impl}" if args.impl else "every implementation" if args.all_impls
             else "the fastest implementation of each algorithm on this CPU (--all-impls for every one)")
    print(f"== Speed ({args.counter}): {which}", flush=True)
    rows = run_bench(d, args.names, args.counter, args.primitives, impl, progress=True, seconds=args.seconds,
                     extra=level)
    if not args.primitives:
        chosen = {(r["name"], r["impl"]) for r in rows if r.get("kind") == "scheme"}
        rows += [r for r in run_stack(d, args.names) if (r["name"], r["impl"]) in chosen]
        rows += code_sizes(d, {r["target"] for r in rows if r.get("kind") == "variant"})
    print(render(rows, args.counter))
    path = save(rows, args.counter)
    print(f"\n(results saved in {os.path.relpath(path)} and .csv: ./pqsig report renders them as markdown, "
          f"CSV and plots; {time.time() - t_start:.0f}s in all)")
    return status


def compiler_version(cc=None):
    try:
        return subprocess.run([cc or os.environ.get("CC", "cc"), "--version"], capture_output=True,
                              text=True).stdout.splitlines()[0]
    except (OSError, IndexError):
        return "unknown"
