"""Emulated platforms: cross builds run under QEMU (user mode for aarch64
and rv64; the Cortex-M4 bare metal on qemu-system-arm's mps2-an386, through
platform/m4/run.py).

`./pqsig test --platform P` builds the portable implementations for P with
the toolchain file cmake/toolchain/P.cmake (CMake puts the emulator in front
of every test command: CMAKE_CROSSCOMPILING_EMULATOR) and runs there:
- the unit tests of the shared primitives and the kernel tests;
- the functional test of every variant built (test_func);
- the cross-implementation test vectors, whose hashes must equal the host's;
- the official known answers: the first 2 records of every set (--full:
  every record);
- with --full also the record, stack and thread tests.
The fast form builds `opt` only; --full builds `ref` too. On the M4 the
functional tests and KATs of the fast form cover the level-1 sets, the test
vectors every set; a set whose keys do not fit its 4 MiB of RAM (MQ-Sign
level 5) is listed with the reason and skipped. The M4 also checks the pqm4
export (export.py): three folders built alone and run.

RISC-V runs once per vector length (VLEN): 128 and 256 by default; a
platform name "rv64:512" asks for another. The binaries do not change with
VLEN, only the emulated CPU does; the functional tests run at the first.
"""
import os
import shutil
import subprocess
import time

from .. import binding
from . import build as B

# Per platform: its toolchain file, the packages (Debian) that give its
# compiler, C library and emulator, and the tools that must be there.
PLATFORMS = {
    "aarch64": {
        "toolchain": "cmake/toolchain/aarch64.cmake",
        "packages": ["gcc-aarch64-linux-gnu", "libc6-dev-arm64-cross", "qemu-user"],
        "tools": ["aarch64-linux-gnu-gcc", "qemu-aarch64"],
        "size": "aarch64-linux-gnu-size",
    },
    "rv64": {
        "toolchain": "cmake/toolchain/rv64.cmake",
        "packages": ["clang", "gcc-riscv64-linux-gnu", "libc6-dev-riscv64-cross", "qemu-user"],
        "tools": ["clang", "riscv64-linux-gnu-ld", "qemu-riscv64"],
        "size": "riscv64-linux-gnu-size",
        "vlens": [128, 256],
    },
    "m4": {
        "toolchain": "cmake/toolchain/m4.cmake",
        "packages": ["gcc-arm-none-eabi", "libnewlib-arm-none-eabi", "qemu-system-arm"],
        "tools": ["arm-none-eabi-gcc", "qemu-system-arm"],
        "size": "arm-none-eabi-size",
        # 4 MiB of RAM: 512 KiB of stack, the programs' data, the rest heap.
        "ram": {"board": "mps2-an386 (4 MiB of RAM)", "heap": 3 * 1024 * 1024},
        # ./pqsig bench: runs of each operation (the emulated count does
        # not vary but for signing's rejections).
        "bench_iterations": 10,
        # Bare metal under qemu-system-arm runs 15 to 20 times slower than
        # native code: the fast form covers the level-1 sets only.
        "fast_levels": [1],
        # What does not fit, with the reason (pqm4's skip list).
        "skip": {"test_mqsign_kernels_v148o96_c": "the level-5 mat-vec test needs 2 x 2.4 MB of heap; "
                                                  "mps2-an386 has 4 MiB of RAM"},
    },
}

# The tests of the fast form, by CTest name (a prefix ending in "_" takes
# every test that starts with it); --full adds FULL_TESTS.
FAST_TESTS = ["test_fips202", "test_fips202xn", "test_sha2", "test_aes", "test_drbg", "test_common",
              "test_registry", "test_tiny_static", "test_func", "test_snova_kernels_",
              "test_mqsign_kernels_", "test_nccsign_kernels_"]
FULL_TESTS = ["test_records", "test_stack", "test_threads", "test_func_full"]
# The sets whose pqm4 export the M4 tests build and run (ref and opt).
EXPORT_CHECKED = ["SNOVA_24_5_16_4", "MQLR-256_72_46", "NCC-Sign-1"]
# Emulated code runs at a fraction of native speed: timeouts grow by this.
SLOWDOWN = 10


def parse(spec):
    """'rv64:512' -> ('rv64', [512]); 'aarch64' -> ('aarch64', [None])."""
    name, _, vlen = spec.partition(":")
    if name not in PLATFORMS:
        raise B.BuildError(f"unknown platform '{name}' (host, {', '.join(PLATFORMS)})")
    if vlen:
        if "vlens" not in PLATFORMS[name]:
            raise B.BuildError(f"platform '{name}' has no vector length to choose")
        return name, [int(vlen)]
    return name, PLATFORMS[name].get("vlens", [None])


def check_tools(name):
    missing = [t for t in PLATFORMS[name]["tools"] if shutil.which(t) is None]
    if missing:
        raise B.BuildError(f"platform {name} needs {', '.join(missing)}: apt-get install "
                           + " ".join(PLATFORMS[name]["packages"]))


def build(name, full, patterns, werror=True, programs=("test/pqsig-vectors", "test/pqsig-kat")):
    """The cross build of a platform in build/<name>: the library, the
    programs of the tests that run there and `programs` (with ninja; else
    everything). full adds ref to opt. Returns the build directory and its
    tests {name: (name, command, timeout)}."""
    from .testing import ctest_list
    check_tools(name)
    B.FLAVOURS.setdefault(name, [f"-DCMAKE_TOOLCHAIN_FILE={os.path.join(B.ROOT, PLATFORMS[name]['toolchain'])}",
                                 "-DCMAKE_BUILD_TYPE=Release", "-DPQSIG_TEST_BACKENDS=OFF"])
    extra = [f"-DPQSIG_IMPLS={'ref;opt' if full else 'opt'}"]
    d = B.build(name, werror=werror, extra=extra, configure_only=True)
    tests = {t[0]: t for t in ctest_list(d, ["fast", "full"] if full else ["fast"])}
    targets = None
    if os.path.exists(os.path.join(d, "build.ninja")):
        progs = {c for t, c, _ in tests.values() if _wanted(t, patterns) for c in c if c.startswith(d)}
        progs |= {os.path.join(d, p) for p in programs}
        targets = sorted(os.path.relpath(p, d) for p in progs)
    B.build(name, werror=werror, extra=extra, targets=targets)
    return d, tests


def fitting(name):
    """(names of the sets that fit the platform's memory, [(name, reason)]
    of those that do not); every set fits a platform without "ram"."""
    ram = PLATFORMS[name].get("ram")
    fit, too_big = [], {}
    for v in binding.variants():
        need = v["public_key_bytes"] + v["secret_key_bytes"] + 2 * v["signature_bytes"]
        if ram is None or need <= ram["heap"]:
            if v["name"] not in fit:
                fit.append(v["name"])
        else:
            too_big[v["name"]] = (f"skipped: its keys and signatures need {need // 1024} KiB of heap; "
                                  f"{ram['board']} leaves {ram['heap'] // 1024} KiB")
    return fit, sorted(too_big.items())


def emulator_of(tests):
    """The emulator and its options: what CMake puts before a test program
    that takes no arguments."""
    return tests["test_fips202"][1][:-1]


def with_vlen(cmd, vlen):
    """The test command with the emulated RISC-V CPU at this VLEN."""
    if vlen is None:
        return cmd
    return [f"rv64,v=true,vlen={vlen},elen=64,vext_spec=v1.0" if a.startswith("rv64,v=true") else a
            for a in cmd]


def _wanted(name, patterns):
    return any(name == p or (p.endswith("_") and name.startswith(p)) for p in patterns)


def vector_hashes(text):
    """{(name, impl): hash} from pqsig-vectors' "NAME IMPL HASH" lines."""
    out = {}
    for line in text.splitlines():
        f = line.split()
        if len(f) == 3 and len(f[2]) == 64:
            out[(f[0], f[1])] = f[2]
    return out


def run(res, spec, full, host_dir):
    """Build for the platform, then run its tests under the emulator, once
    per VLEN. host_dir is the host's release build (its test vectors)."""
    from .testing import run_commands  # testing imports this module
    name, vlens = parse(spec)
    patterns = FAST_TESTS + (FULL_TESTS if full else [])
    if full:
        patterns.remove("test_func")
    t0 = time.time()
    try:
        d, tests = build(name, full, patterns)
    except B.BuildError as e:
        res.add(f"{name}: build", False, time.time() - t0, str(e))
        return
    res.add(f"{name}: build ({'ref, opt' if full else 'opt'})", True, time.time() - t0)
    # The host's transcript hashes, once for all VLENs.
    vec_args = ["--count", "26"] if full else ["--fast", "--count", "4"]
    host = subprocess.run([os.path.join(host_dir, "test", "pqsig-vectors")] + vec_args,
                          capture_output=True, text=True)
    host_hashes = vector_hashes(host.stdout)
    emulator = emulator_of(tests)
    # A slow platform's fast form: the sets of some levels only.
    names, levels = [], PLATFORMS[name].get("fast_levels")
    binding.library(os.path.join(host_dir, "libpqsig.so"))
    if levels and not full:
        names = sorted({v["name"] for v in binding.variants() if v["level"] in levels})
    # Sets too big for the platform's memory: listed with the reason and
    # left out everywhere; the test vectors run for every other set.
    fit, too_big = fitting(name)
    for n, why in too_big:
        res.add(f"{name}: {n}: {why}", True, 0, skipped=True)
    # The test vectors in shards (each one emulator process, one thread), every
    # fifth set each: more shards than cores even out the sets' costs (an odd
    # count, since the sets come in SHAKE/AES pairs and software AES is the
    # slow half on the M4).
    shards = [fit[k::5] for k in range(5)]
    names = [n for n in names if n in fit] if too_big and names else (fit if too_big else names)
    for k, vlen in enumerate(vlens):
        where = name if vlen is None else f"{name} vlen={vlen}"
        # At a second VLEN the kernel tests, test vectors and KATs run again;
        # the functional tests (minutes under emulation) only at the first
        # while no kernel of this platform depends on VLEN.
        again = [p for p in patterns if not p.startswith("test_func")] if k else patterns
        specs = []
        for test, (tname, cmd, timeout) in sorted(tests.items()):
            if tname in PLATFORMS[name].get("skip", {}):
                res.add(f"{where}: {tname}: {PLATFORMS[name]['skip'][tname]}", True, 0, skipped=True)
            elif _wanted(tname, again):
                kw = {"timeout": timeout * SLOWDOWN, "cwd": d}
                if tname not in ("test_func", "test_func_full"):
                    specs.append((f"{where}: {tname}", with_vlen(cmd, vlen), kw))
                    continue
                # The functional tests (the longest here) in two halves of
                # the sets, side by side.
                label = f"{where}: {tname}" + (f" (level {', '.join(map(str, levels))})" if names and not full
                                               else " (the sets that fit)" if names else "")
                sets = names or fit
                for j, part in enumerate((sets[0::2], sets[1::2])):
                    specs.append((f"{label} (half {j + 1})", with_vlen(cmd, vlen) + part, dict(kw, cost=100)))
        # Test vectors: every variant's transcript hash equals the host's.
        vectors = len(specs)
        for j, part in enumerate(shards):
            specs.append((f"{where}: pqsig-vectors {' '.join(vec_args)} (run, shard {j + 1} of {len(shards)})",
                          with_vlen(emulator, vlen) + [os.path.join(d, "test", "pqsig-vectors")] + vec_args + part,
                          {"timeout": 3600, "cwd": d, "cost": 200}))
        # Official known answers.
        kat = with_vlen(emulator, vlen) + [os.path.join(d, "test", "pqsig-kat"), "--kat-dir", B.KAT_DIR]
        kat += [] if full else ["--records", "2"]
        if levels and not full:
            kat += ["--all"] + [a for lv in levels for a in ("--level", str(lv))]
            sets = f"level-{', '.join(map(str, levels))} sets"
        else:
            kat += names or ["--all"]
            sets = "every set that fits" if names else "every set"
        specs.append((f"{where}: official KATs ({'every record' if full else 'the first 2 records'} of {sets})",
                      kat, {"timeout": 7200, "cwd": d, "cost": 50}))
        # Under QEMU too, each program is one thread: as many at once as
        # there are cores.
        runs = run_commands(res, specs)[vectors:vectors + len(shards)]
        ok = all(r[0] for r in runs)
        mine = vector_hashes("\n".join(r[1] for r in runs))
        differ = [f"{n} [{i}]: {h} here, {host_hashes.get((n, i))} on the host"
                  for (n, i), h in sorted(mine.items()) if host_hashes.get((n, i)) != h]
        # every variant built here that fits: as many as the host has of those sets
        built = ("ref", "opt") if full else ("opt",)
        want = sum(1 for (n, i) in host_hashes if i in built and n in fit)
        if len(mine) != want:
            differ.append(f"{len(mine)} variants here, {want} expected")
        res.add(f"{where}: test vectors of {len(mine)} variants equal the host's", bool(ok and mine and not differ
                and host.returncode == 0), 0, "\n".join(differ) or host.stderr)
    if name == "m4":
        # ./pqsig export --pqm4: one level-1 set of each scheme, ref and opt,
        # each folder built alone and run.
        import tempfile
        from . import export
        with tempfile.TemporaryDirectory(prefix="pqsig-pqm4-") as tmp:
            export.check(res, EXPORT_CHECKED, tmp)


def bench(args):
    """./pqsig bench --platform P: the main job on an emulated platform. The
    cross build, the first KAT records of the sets measured, then the speed,
    stack and code-size table: pqm4's tables on the M4 (emulated instruction
    counts, hashing share), the host's table elsewhere (QEMU user-mode time:
    the emulator's speed on this host, only good for ratios within one run)."""
    from . import bench as BE
    t_start = time.time()
    name, vlens = parse(args.platform)
    conf = PLATFORMS[name]
    want_ref = args.all_impls or args.impl == "ref"
    print(f"== {name}: cross build ({'ref, opt' if want_ref else 'opt'})", flush=True)
    programs = ["test/pqsig-kat", "bench/pqsig-bench", "test/test_fips202"]
    if name != "m4":  # the M4's bench measures its stack itself
        programs.append("test/pqsig-stack")
    d, tests = build(name, want_ref, [], werror=None, programs=programs)
    emulator = with_vlen(emulator_of(tests), vlens[0])
    print(f"== built in {time.time() - t_start:.0f}s", flush=True)
    level = args.level or (None if args.names else (conf.get("fast_levels") or [None])[0])
    select = list(args.names) if args.names else (["--level", str(level)] if level else [])
    status = 0
    if args.kat != "none":
        records = 100 if args.kat == "full" else BE.FAST_KAT_RECORDS
        print(f"== Known answers under emulation: the first {records} records of "
              f"{'the sets named' if args.names else f'every level-{level} set' if level else 'every set'}",
              flush=True)
        kat = emulator + [os.path.join(d, "test", "pqsig-kat"), "--kat-dir", B.KAT_DIR, "--records", str(records)]
        kat += (["--impl", args.impl] if args.impl else [])
        kat += list(args.names) if args.names else (["--all"] + (["--level", str(level)] if level else []))
        status = subprocess.run(kat, cwd=d).returncode
    impl = args.impl or (None if args.all_impls else "fastest")
    runs = ["--iterations", str(args.iterations or conf["bench_iterations"])] if "bench_iterations" in conf \
        else ["--seconds", str(args.seconds)]
    print(f"== Speed on {name}{f' (VLEN {vlens[0]})' if vlens[0] else ''}", flush=True)
    rows = BE.run_bench(d, select, "platform", False, impl, progress=True, emulator=emulator,
                        extra=["--schemes"] + runs)
    counter = next((r["name"] for r in rows if r.get("kind") == "counter"), "platform")
    if name != "m4":
        chosen = {(r["name"], r["impl"]) for r in rows if r.get("kind") == "scheme"}
        rows += [r for r in BE.run_stack(d, args.names, emulator=emulator) if (r["name"], r["impl"]) in chosen]
    rows += BE.code_sizes(d, {r["target"] for r in rows if r.get("kind") == "variant"}, conf["size"])
    if counter == "icount":
        print(BE.render_pqm4(rows, counter))
    else:
        print(f"(QEMU user mode: {counter} is the time the emulator takes on this host, not the speed of "
              f"an {name} CPU; compare figures within one run only)\n")
        print(BE.render(rows, counter))
    path = BE.save(rows, counter, where=args.platform, machine=name, cc=conf["tools"][0])
    print(f"\n(results saved in {os.path.relpath(path)} and .csv; {time.time() - t_start:.0f}s in all)")
    return status
