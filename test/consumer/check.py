#!/usr/bin/env python3
"""Proves that `cmake --install` of a built pqsig tree is usable from C.

    python3 test/consumer/check.py BUILD_DIR [--source FILE]

BUILD_DIR is a pqsig build tree that is already built (build/release, ...).
In a temporary directory, removed at the end:
  1. cmake --install BUILD_DIR --prefix TMP/prefix;
  2. configure and build test/consumer (find_package(pqsig 0.1), which must
     take the package of the prefix) in
     TMP/consumer with CMAKE_PREFIX_PATH=TMP/prefix: `app` links
     pqsig::pqsig (libpqsig.so), `app_static` pqsig::pqsig_static;
  3. run both. LD_LIBRARY_PATH is removed from their environment: CMake
     gives an executable of the build tree an RPATH to the directories of
     the shared libraries it links by full path, the imported libpqsig.so
     among them, so `app` finds the installed library by itself, as a CMake
     user's program does. Setting LD_LIBRARY_PATH would hide a missing
     RPATH, and a leftover one could make `app` load some other libpqsig.so.
     Where ldd exists, it shows `app` resolving libpqsig.so.0 inside the
     prefix and `app_static` needing no libpqsig.so;
  4. pkg-config (PKG_CONFIG_PATH=the prefix's pkgconfig directory): the same
     source compiled with `cc $(pkg-config --cflags --libs pqsig)` against
     the .so (run with LD_LIBRARY_PATH=its libdir, since a .pc file gives
     no RPATH) and with `pkg-config --static --libs` inside -Wl,-Bstatic
     against the .a. Without pkg-config on PATH the installed pqsig.pc is
     read here instead (its variables expanded as pkg-config does) and the
     same two programs are built with what it says. Either way the
     directories named by its Cflags and Libs must exist and hold pqsig.h,
     libpqsig.so and libpqsig.a.
Without --source the program is test/consumer/main.c, which must print "ok";
with --source FILE (the README's example, ...) it must exit 0.

One line per step; exits 0 only when every step passed."""
import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TIMEOUT = 900


class Checker:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def step(self, name, ok, detail="", log=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        line = f"{'PASS' if ok else 'FAIL'} {name}"
        if detail:
            line += f": {detail}"
        print(line, flush=True)
        if not ok and log:
            tail = log.strip().splitlines()[-40:]
            print("\n".join("    " + x for x in tail), flush=True)
        return ok


def run(args, env=None, cwd=None):
    """(returncode, stdout, stderr); an exception is a failed run."""
    try:
        p = subprocess.run(args, capture_output=True, text=True, env=env, cwd=cwd, timeout=TIMEOUT)
        return p.returncode, p.stdout, p.stderr
    except (OSError, subprocess.TimeoutExpired) as e:
        return -1, "", f"{' '.join(args)}: {e}"


def command_step(chk, name, args, env=None, cwd=None):
    t0 = time.time()
    rc, out, err = run(args, env=env, cwd=cwd)
    ok = rc == 0
    chk.step(name, ok, f"{time.time() - t0:.1f} s" if ok else f"exit {rc}",
             "$ " + " ".join(shlex.quote(a) for a in args) + "\n" + out + err)
    return ok, out


def find_file(root, name):
    """The first file called `name` under root (sorted walk), or None."""
    for d, dirs, files in os.walk(root):
        dirs.sort()
        if name in files:
            return os.path.join(d, name)
    return None


def without_ld_path():
    return {k: v for k, v in os.environ.items() if k != "LD_LIBRARY_PATH"}


def run_program(chk, name, exe, want_ok, env):
    """Runs a built program: exit 0, and "ok" on its last line for main.c."""
    rc, out, err = run([exe], env=env)
    lines = out.strip().splitlines()
    ok = rc == 0 and (not want_ok or (lines and lines[-1].strip() == "ok"))
    detail = f"exit {rc}" + (f", last line {lines[-1].strip()!r}" if lines else ", no output")
    return chk.step(name, ok, detail, out + err)


def ldd_libpqsig(exe):
    """The path libpqsig.so.* resolves to for exe ('' if it needs none), or
    None without ldd."""
    if shutil.which("ldd") is None:
        return None
    rc, out, _ = run(["ldd", exe], env=without_ld_path())
    if rc != 0:
        return None
    for line in out.splitlines():
        m = re.match(r"\s*(libpqsig\.so\S*)\s*=>\s*(\S+)", line)
        if m:
            return m.group(2)
    return ""


def parse_pc(path):
    """The fields of a .pc file with its variables expanded: {field: value}."""
    variables, fields = {}, {}

    def expand(value):
        for _ in range(20):
            new = re.sub(r"\$\{(\w+)\}", lambda m: variables.get(m.group(1), ""), value)
            if new == value:
                break
            value = new
        return value

    with open(path) as f:
        for raw in f:
            line = raw.split("#", 1)[0].strip()
            m = re.match(r"([\w.]+)\s*([=:])\s*(.*)$", line)
            if not m:
                continue
            key, sep, value = m.group(1), m.group(2), expand(m.group(3).strip())
            (variables if sep == "=" else fields)[key] = value
    return fields


def check_pc_dirs(chk, fields):
    """Cflags and Libs name existing directories holding the headers and
    both libraries, and Libs links -lpqsig."""
    cflags, libs = shlex.split(fields.get("Cflags", "")), shlex.split(fields.get("Libs", ""))
    incs = [a[2:] for a in cflags if a.startswith("-I")]
    libdirs = [a[2:] for a in libs if a.startswith("-L")]
    problems = []
    if not any(os.path.isfile(os.path.join(d, "pqsig.h")) and
               os.path.isfile(os.path.join(d, "pqsig", "nist_api.h")) for d in incs):
        problems.append(f"no -I directory of Cflags {incs} holds pqsig.h and pqsig/nist_api.h")
    for lib in ("libpqsig.so", "libpqsig.a"):
        if not any(os.path.exists(os.path.join(d, lib)) for d in libdirs):
            problems.append(f"no -L directory of Libs {libdirs} holds {lib}")
    if "-lpqsig" not in libs:
        problems.append(f"Libs {libs} lacks -lpqsig")
    chk.step("pqsig.pc: Cflags and Libs name the installed include and lib directories",
             not problems, "; ".join(problems) or f"-I{incs[0]} -L{libdirs[0]}")


def pkg_config_flags(chk, pc_path, prefix):
    """(cflags, libs, static_libs, libdir) of pqsig as lists: from pkg-config
    when it is on PATH, else from the .pc file itself. None on failure."""
    fields = parse_pc(pc_path)
    check_pc_dirs(chk, fields)
    if shutil.which("pkg-config") is None:
        libs = shlex.split(fields.get("Libs", ""))
        static_libs = libs + shlex.split(fields.get("Libs.private", ""))
        libdir = next((a[2:] for a in libs if a.startswith("-L")), "")
        chk.step("pkg-config is not on PATH: flags read from pqsig.pc", True,
                 f"Cflags {fields.get('Cflags', '')!r}, Libs {fields.get('Libs', '')!r}")
        return shlex.split(fields.get("Cflags", "")), libs, static_libs, libdir
    env = dict(os.environ, PKG_CONFIG_PATH=os.path.dirname(pc_path))
    results = []
    for args in (["--cflags"], ["--libs"], ["--static", "--libs"], ["--variable=libdir"],
                 ["--variable=prefix"]):
        rc, out, err = run(["pkg-config"] + args + ["pqsig"], env=env)
        if rc != 0:
            chk.step(f"pkg-config {' '.join(args)} pqsig", False, f"exit {rc}", out + err)
            return None
        results.append(out.strip())
    found = os.path.realpath(results[4]) == os.path.realpath(prefix)
    if not chk.step("pkg-config finds the installed pqsig.pc", found,
                    f"prefix {results[4]}, Cflags {results[0]!r}, Libs {results[1]!r}"):
        return None
    return shlex.split(results[0]), shlex.split(results[1]), shlex.split(results[2]), results[3]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build_dir", help="a built pqsig build tree")
    ap.add_argument("--source", help="the C program to build (default: test/consumer/main.c)")
    a = ap.parse_args()
    build_dir = os.path.abspath(a.build_dir)
    source = os.path.abspath(a.source) if a.source else os.path.join(HERE, "main.c")
    want_ok = a.source is None
    chk = Checker()
    t_start = time.time()
    if not os.path.isfile(os.path.join(build_dir, "cmake_install.cmake")):
        chk.step(f"{build_dir} is a configured CMake build tree", False, "no cmake_install.cmake")
        return 1
    if not os.path.isfile(source):
        chk.step(f"{source} exists", False)
        return 1

    with tempfile.TemporaryDirectory(prefix="pqsig-consumer-") as tmp:
        prefix = os.path.join(tmp, "prefix")
        cbuild = os.path.join(tmp, "consumer")
        ok, _ = command_step(chk, f"cmake --install {a.build_dir} --prefix TMP/prefix",
                             ["cmake", "--install", build_dir, "--prefix", prefix])
        if not ok:
            return finish(chk, t_start)

        # What the prefix holds: no program of test/ or bench/.
        installed = sorted(os.path.relpath(os.path.join(d, f), prefix)
                           for d, _, files in os.walk(prefix) for f in files)
        wanted = ["pqsig.h", "libpqsig.a", "libpqsig.so", "pqsigConfig.cmake",
                  "pqsigConfigVersion.cmake", "pqsig.pc"]
        names = {os.path.basename(p) for p in installed}
        missing = [w for w in wanted if w not in names]
        programs = [p for p in installed if os.access(os.path.join(prefix, p), os.X_OK)
                    and not os.path.basename(p).startswith("libpqsig.so")]
        chk.step("the prefix holds the headers, both libraries, the CMake package and pqsig.pc, and no program",
                 not missing and not programs,
                 f"{len(installed)} files" + (f"; missing {missing}" if missing else "") +
                 (f"; programs {programs}" if programs else ""))

        gen = ["-G", "Ninja"] if shutil.which("ninja") else []
        configure = ["cmake", "-S", HERE, "-B", cbuild, f"-DCMAKE_PREFIX_PATH={prefix}"] + gen
        if a.source:
            configure.append(f"-DAPP_SOURCE={source}")
        ok, out = command_step(chk, "configure test/consumer: find_package(pqsig 0.1 REQUIRED)", configure)
        if ok:
            m = re.search(r"-- pqsig (\S+) from (.*)", out)
            ok = chk.step("find_package took the package of the prefix", bool(m) and os.path.realpath(
                m.group(2).strip()).startswith(os.path.realpath(prefix) + os.sep),
                f"version {m.group(1)} in {m.group(2).strip()}" if m else "no '-- pqsig ... from ...' line")
        if ok:
            ok, _ = command_step(chk, "build app (pqsig::pqsig) and app_static (pqsig::pqsig_static)",
                                 ["cmake", "--build", cbuild])
        if ok:
            app, app_static = os.path.join(cbuild, "app"), os.path.join(cbuild, "app_static")
            run_program(chk, "run app (libpqsig.so through its RPATH, LD_LIBRARY_PATH unset)", app, want_ok,
                        without_ld_path())
            run_program(chk, "run app_static (libpqsig.a)", app_static, want_ok, without_ld_path())
            where = ldd_libpqsig(app)
            if where is not None:
                inside = bool(where) and os.path.realpath(where).startswith(os.path.realpath(prefix) + os.sep)
                chk.step("ldd: app loads libpqsig.so from the prefix", inside, where or "no libpqsig.so")
                where = ldd_libpqsig(app_static)
                chk.step("ldd: app_static needs no libpqsig.so", where == "", where or "")

        pc = find_file(prefix, "pqsig.pc")
        if not chk.step("pqsig.pc installed", pc is not None, os.path.relpath(pc, prefix) if pc else ""):
            return finish(chk, t_start)
        flags = pkg_config_flags(chk, pc, prefix)
        if flags is None:
            return finish(chk, t_start)
        cflags, libs, static_libs, libdir = flags
        cc = os.environ.get("CC", "cc")
        if shutil.which("pkg-config"):
            shared_how = "$(pkg-config --cflags --libs pqsig)"
            static_how = "$(pkg-config --cflags pqsig) -Wl,-Bstatic $(pkg-config --static --libs pqsig)"
        else:
            shared_how = "with pqsig.pc's Cflags and Libs"
            static_how = "with pqsig.pc's Cflags, then -Wl,-Bstatic and its Libs and Libs.private"
        exe = os.path.join(tmp, "app_pc")
        ok, _ = command_step(chk, f"{cc} SOURCE {shared_how}: libpqsig.so",
                             [cc, source, "-o", exe] + cflags + libs)
        if ok:
            run_program(chk, "run it (LD_LIBRARY_PATH=pqsig.pc's libdir)", exe, want_ok,
                        dict(without_ld_path(), LD_LIBRARY_PATH=libdir))
        exe = os.path.join(tmp, "app_pc_static")
        ok, _ = command_step(chk, f"{cc} SOURCE {static_how}: libpqsig.a",
                             [cc, source, "-o", exe] + cflags + ["-Wl,-Bstatic"] + static_libs + ["-Wl,-Bdynamic"])
        if ok:
            run_program(chk, "run it (LD_LIBRARY_PATH unset)", exe, want_ok, without_ld_path())
    return finish(chk, t_start)


def finish(chk, t_start):
    print(f"took {time.time() - t_start:.1f} s", flush=True)
    print(f"consumer: {chk.passed} passed, {chk.failed} failed", flush=True)
    return 0 if chk.failed == 0 and chk.passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
