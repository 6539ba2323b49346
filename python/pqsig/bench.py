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

from . import build as B


def run_bench(build_dir, names, counter, primitives_only, impl=None):
    exe = os.path.join(build_dir, "bench", "pqsig-bench")
    args = [exe] + (["--primitives"] if primitives_only else []) + (["--impl", impl] if impl else []) + list(names)
    if counter == "callgrind":
        return run_callgrind(args)
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode != 0:
        raise B.BuildError("pqsig-bench failed: " + p.stderr[-2000:])
    return [json.loads(l) for l in p.stdout.splitlines() if l.startswith("{")]


def run_stack(build_dir, names, impl=None):
    """Stack bytes per operation (painted thread stacks; includes the few KiB of
    thread-local storage glibc places at the top of a thread's stack)."""
    p = subprocess.run([os.path.join(build_dir, "test", "pqsig-stack"), "--json"] + list(names),
                       capture_output=True, text=True)
    rows = [json.loads(l) for l in p.stdout.splitlines() if l.startswith("{")]
    return [r for r in rows if impl is None or r.get("impl") == impl]


def code_sizes(build_dir):
    """text + data + bss of each variant's own objects (shared primitives excluded)."""
    rows = []
    manifest = os.path.join(build_dir, "variants.tsv")
    if not os.path.exists(manifest) or shutil.which("size") is None:
        return rows
    for line in open(manifest):
        if not line.strip():
            continue
        target, objs = line.rstrip("\n").split("\t")
        objs = [o for o in objs.split(";") if o]
        out = subprocess.run(["size", "-t"] + objs, capture_output=True, text=True).stdout.splitlines()
        total = out[-1].split() if out else []
        if len(total) >= 4:
            rows.append({"kind": "size", "target": target, "text": int(total[0]), "data": int(total[1]),
                         "bss": int(total[2])})
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
            n = counts.get(r["label"])
            r["median"] = None if n is None else n / r["per"]
            r["unit"] = r["unit"].replace("cycles", "instructions")
        return rows


def counter_label(rows, counter):
    if counter == "callgrind":
        return "valgrind callgrind: exact instruction counts (one run after a warm-up)"
    c = next((r for r in rows if r.get("kind") == "counter"), None)
    if c is None:
        return "unknown counter"
    if c["name"] == "rdtsc":
        flags = open("/proc/cpuinfo").read() if os.path.exists("/proc/cpuinfo") else ""
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
            lines.append(f"| {r['name']} | {r['impl']} | {r['op']} | {fmt(r.get('median'))} | {r['unit']} |")
        lines.append("")
    sch = [r for r in rows if r.get("kind") == "scheme"]
    if sch:
        table = {}
        for r in sch:
            table.setdefault((r["name"], r["impl"]), {})[r["op"]] = r
        unit = sch[0]["unit"]
        lines += [f"| algorithm | impl | keypair | sign (median) | sign (min–max) | verify |",
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
        lines += ["", "| variant objects | text | data | bss |", "|---|---:|---:|---:|"]
        for r in sizes:
            lines.append(f"| {r['target']} | {r['text']:,} | {r['data']:,} | {r['bss']:,} |")
    return "\n".join(lines)


def save(rows, counter):
    d = os.path.join(B.ROOT, "build", "results")
    os.makedirs(d, exist_ok=True)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = os.path.join(d, f"bench-{platform.machine()}-{counter}-{stamp}.json")
    with open(path, "w") as f:
        json.dump({"machine": platform.machine(), "counter": counter, "date": stamp,
                   "compiler": compiler_version(), "rows": rows}, f, indent=1)
    return path


def compiler_version():
    try:
        return subprocess.run([os.environ.get("CC", "cc"), "--version"], capture_output=True,
                              text=True).stdout.splitlines()[0]
    except (OSError, IndexError):
        return "unknown"
