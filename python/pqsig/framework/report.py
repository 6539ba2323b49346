"""./pqsig report: saved benchmark results (build/results/*.json, written by
./pqsig bench) as markdown tables, as CSV, and as plots.

One file is one run on one machine and platform. Several files side by side
(another machine, an emulated platform) go into one CSV and one plot, each
run a series of its own, labelled by its platform and counter: figures of
different counters (rdtsc ticks, emulated instruction counts) are never
merged into one series."""
import csv
import glob
import os
import sys

from . import bench
from . import build as B

RESULTS = os.path.join(B.ROOT, "build", "results")
CSV_COLUMNS = ["file", "machine", "platform", "counter", "kind", "name", "impl", "op",
               "median", "mean", "min", "max", "unit", "bytes", "hashing"]
OPS = ["keypair", "sign", "verify"]


class ReportError(Exception):
    """A one-line reason why the report cannot be made (exit status 2)."""


def latest():
    files = sorted(glob.glob(os.path.join(RESULTS, "bench-*.json")), key=os.path.getmtime)
    if not files:
        raise ReportError(f"no results in {RESULTS}: run ./pqsig bench first")
    return files[-1]


def load(path):
    import json
    try:
        with open(path) as f:
            run = json.load(f)
    except (OSError, ValueError) as e:
        raise ReportError(f"{path}: not a results file ({e})")
    if not isinstance(run, dict) or not isinstance(run.get("rows"), list):
        raise ReportError(f"{path}: not a results file (no rows)")
    run["file"] = os.path.basename(path)
    return run


def series_label(run):
    """How a run is told apart from the others in a plot: its platform and
    machine, and its counter."""
    where = run.get("platform", "host")
    machine = run.get("machine", "?")
    label = machine if where == "host" else f"{where} ({machine})"
    return f"{label}, {run.get('counter', '?')}"


def csv_rows(run):
    """One CSV row per figure: the timings of scheme operations and
    primitives, the stack of each operation and the code sizes (text, data
    and bss of each variant's objects, named by its algorithm and impl)."""
    base = {k: run.get(k, "") for k in ("file", "machine", "platform", "counter")}
    base["platform"] = base["platform"] or "host"
    targets = {r["target"]: r for r in run["rows"] if r.get("kind") == "variant"}
    for r in run["rows"]:
        kind = r.get("kind")
        if kind in ("scheme", "primitive"):
            yield dict(base, kind=kind, name=r["name"], impl=r["impl"], op=r["op"], median=r.get("median"),
                       mean=r.get("mean", ""), min=r.get("min"), max=r.get("max"),
                       unit=bench.unit_label(r.get("unit", ""), run.get("counter")), bytes="",
                       hashing=r.get("hashing", ""))
        elif kind == "stack":
            yield dict(base, kind=kind, name=r["name"], impl=r["impl"], op=r["op"], median="", mean="", min="",
                       max="", unit="bytes", bytes=r["bytes"], hashing="")
        elif kind == "size":
            v = targets.get(r["target"], {"name": r["target"], "impl": ""})
            for section in ("text", "data", "bss"):
                yield dict(base, kind=kind, name=v["name"], impl=v["impl"], op=section, median="", mean="",
                           min="", max="", unit="bytes", bytes=r[section], hashing="")


def write_csv(runs, path):
    out = sys.stdout if path == "-" else open(path, "w", newline="")
    try:
        w = csv.DictWriter(out, fieldnames=CSV_COLUMNS)
        w.writeheader()
        n = 0
        for run in runs:
            for row in csv_rows(run):
                w.writerow(row)
                n += 1
    finally:
        if out is not sys.stdout:
            out.close()
    return n


def timings(runs):
    """{(series, name, impl, op): median} of the scheme operations."""
    t = {}
    for run in runs:
        s = series_label(run)
        for r in run["rows"]:
            if r.get("kind") == "scheme" and r.get("op") in OPS and r.get("median") is not None:
                t[(s, r["name"], r["impl"], r["op"])] = r["median"]
    return t


def speedups(t):
    """{(series, name, impl, op): ref median / median} wherever the same run
    measured the ref implementation of that algorithm."""
    out = {}
    for (s, name, impl, op), v in t.items():
        ref = t.get((s, name, "ref", op))
        if impl != "ref" and ref and v:
            out[(s, name, impl, op)] = ref / v
    return out


def _pyplot():
    try:
        import matplotlib
    except ImportError:
        raise ReportError("--plot needs matplotlib: pip install matplotlib (or apt install python3-matplotlib)")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _bars(plt, values, title, xlabel, log):
    """One panel per operation; one row per algorithm; one bar per
    (implementation, run) series."""
    names = sorted({k[1] for k in values})
    series = sorted({(k[0], k[2]) for k in values})
    height = 0.8 / max(1, len(series))
    fig, axes = plt.subplots(1, len(OPS), figsize=(5 * len(OPS), 1.2 + 0.22 * len(names) * max(1, len(series)) ** 0.5),
                             sharey=True, squeeze=False)
    for ax, op in zip(axes[0], OPS):
        for i, (s, impl) in enumerate(series):
            ys, xs = [], []
            for j, n in enumerate(names):
                v = values.get((s, n, impl, op))
                if v is not None:
                    ys.append(j + (i - (len(series) - 1) / 2) * height)
                    xs.append(v)
            label = impl if len({x[0] for x in series}) == 1 else f"{impl}: {s}"
            ax.barh(ys, xs, height=height, label=label)
        if log:
            ax.set_xscale("log")
        ax.set_title(op)
        ax.set_xlabel(xlabel)
        ax.grid(axis="x", alpha=0.3)
    axes[0][0].set_yticks(range(len(names)))
    axes[0][0].set_yticklabels(names, fontsize=7)
    axes[0][0].set_ylim(len(names) - 0.5, -0.5)
    axes[0][-1].legend(fontsize=7, loc="lower right")
    fig.suptitle(title)
    fig.tight_layout(rect=(0, 0, 1, 0.96))
    return fig


def plot(runs, prefix):
    """PREFIX-time.{png,svg}: median per operation, log scale; and, where a
    run measured ref, PREFIX-speedup.{png,svg}: ref / impl. Returns the
    files written."""
    plt = _pyplot()
    t = timings(runs)
    if not t:
        raise ReportError("no scheme timings in these results")
    counters = sorted({run.get("counter", "?") for run in runs})
    unit = "rdtsc ticks" if counters == ["rdtsc"] else "instructions" if counters == ["callgrind"] \
        else "counter units (see legend)"
    written = []
    d = os.path.dirname(prefix)
    if d:
        os.makedirs(d, exist_ok=True)
    figs = [("time", _bars(plt, t, "median time per operation (lower is faster)", unit, True))]
    sp = speedups(t)
    if sp:
        figs.append(("speedup", _bars(plt, sp, "speed-up over ref in the same run (higher is faster)",
                                      "ref / impl", False)))
    for what, fig in figs:
        for ext in ("png", "svg"):
            path = f"{prefix}-{what}.{ext}"
            fig.savefig(path, dpi=110)
            written.append(path)
        plt.close(fig)
    return written


def markdown(run):
    head = (f"## {run['file']}: {run.get('machine', '?')}, platform {run.get('platform', 'host')}, "
            f"{run.get('date', '')}, {run.get('compiler', '')}")
    counter = run.get("counter", "rdtsc")
    render = bench.render_pqm4 if counter == "icount" else bench.render
    return head + "\n\n" + render(run["rows"], counter)


def main(args):
    try:
        paths = args.files or [latest()]
        runs = [load(p) for p in paths]
        if args.csv:
            n = write_csv(runs, args.csv)
            if args.csv != "-":
                print(f"wrote {n} rows to {args.csv}")
        if args.plot:
            for path in plot(runs, args.plot):
                print(f"wrote {path}")
        if not args.csv and not args.plot:
            print("\n\n".join(markdown(run) for run in runs))
    except ReportError as e:
        print(f"pqsig report: {e}", file=sys.stderr)
        return 2
    return 0
