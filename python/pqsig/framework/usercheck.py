"""The checks a new user's first hour would make, as part of ./pqsig test:
- the README's C, Python and command-line examples run exactly as written;
- `cmake --install` gives a tree that find_package(pqsig) and pkg-config use
  (test/consumer/check.py);
- `pip install .` in a fresh virtual environment, then the package's pytest
  tests (test/python/test_package.py) and the README's Python example;
- a copy of the repository with no ../shared beside it configures, builds
  and passes its known-answer tests.
Each gives one result line."""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from . import build as B
from .testing import run_command as _run

README = os.path.join(B.ROOT, "README.md")
_EXAMPLE = re.compile(r"<!-- example: (\w+) -->\s*\n```\w*\n(.*?)```", re.S)


def readme_examples(path=README):
    """{kind: code} of the README blocks marked <!-- example: kind -->."""
    with open(path) as f:
        return {m.group(1): m.group(2) for m in _EXAMPLE.finditer(f.read())}


def check_consumer(res, build_dir, examples, tmp):
    """The installed CMake package and pkg-config file build the README's C example."""
    src = os.path.join(tmp, "example.c")
    with open(src, "w") as f:
        f.write(examples["c"])
    _run(res, "user: cmake --install, find_package(pqsig) and pkg-config build the README's C example",
         [sys.executable, os.path.join(B.ROOT, "test", "consumer", "check.py"), build_dir, "--source", src])


def check_cli(res, build_dir, examples, tmp):
    """The README's command-line example, in a folder of its own: ./pqsig is
    the checkout's; an altered message then fails with exit status 1."""
    d = os.path.join(tmp, "cli")
    os.makedirs(d)
    os.symlink(os.path.join(B.ROOT, "pqsig"), os.path.join(d, "pqsig"))
    shutil.copy(README, os.path.join(d, "README.md"))
    env = dict(os.environ, PQSIG_LIBRARY=os.path.join(build_dir, "libpqsig.so"))
    script = examples["sh"] + "\necho altered >> README.md\n! ./pqsig verify --pk alice.pub --sig README.md.sig README.md\n" \
        "test \"$(stat -c %a alice.key)\" = 600\n"
    _run(res, "user: the README's command-line example (keygen, sign, verify; altered file: exit 1)",
         ["bash", "-euo", "pipefail", "-c", script], cwd=d, env=env)


# The sets the pip check builds: those the README's Python example and
# test/python/test_package.py use. A user's `pip install .` builds every
# set; the release build of the suite already compiles them all, so the
# pip check tests the packaging path (scikit-build-core, the wheel, the
# bindings, the command) without a second full compile.
PIP_SETS = ("snova_24_5_16_4", "mqsign_rr_s_256_72_46", "nccsign_1", "falcon_512")


def check_pip(res, examples, tmp):
    """pip install . into a fresh virtual environment (scikit-build-core builds
    the library, of PIP_SETS), then the package's tests and the README's
    Python example, run outside the checkout so that only the installed
    package is seen."""
    venv = os.path.join(tmp, "venv")
    t0 = time.time()
    ok, _ = _run(res, "user: python3 -m venv", [sys.executable, "-m", "venv", venv])
    if not ok:
        return
    py = os.path.join(venv, "bin", "python")
    env = {k: v for k, v in os.environ.items() if k not in ("PQSIG_LIBRARY", "PYTHONPATH")}
    ok, _ = _run(res, f"user: pip install . (and pytest) in a fresh virtual environment ({len(PIP_SETS)} sets)",
                 [py, "-m", "pip", "install", "--quiet", "--config-settings=cmake.define.PQSIG_SETS="
                  + ";".join(PIP_SETS), B.ROOT, "pytest"], t0=t0, env=env, cwd=tmp)
    if not ok:
        return
    with open(os.path.join(tmp, "example.py"), "w") as f:
        f.write(examples["python"])
    _run(res, "user: the README's Python example, with the installed package",
         [py, "example.py"], env=env, cwd=tmp)
    _run(res, "user: pytest test/python/test_package.py against the installed package",
         [py, "-m", "pytest", "-q", "-p", "no:cacheprovider", os.path.join(B.ROOT, "test", "python", "test_package.py")],
         env=env, cwd=tmp)


def tracked_files():
    """The files a clone has: git's list where there is one, else the tree
    without build/."""
    if os.path.isdir(os.path.join(B.ROOT, ".git")) and shutil.which("git"):
        p = subprocess.run(["git", "-C", B.ROOT, "ls-files", "-z"], capture_output=True)
        if p.returncode == 0:
            return [f for f in p.stdout.decode().split("\0") if f]
    out = []
    for root, dirs, files in os.walk(B.ROOT):
        dirs[:] = [x for x in dirs if x not in ("build", ".git") and not x.startswith(".")]
        out += [os.path.relpath(os.path.join(root, f), B.ROOT) for f in files]
    return out


def check_self_contained(res, tmp):
    """A copy with nothing beside it: configure, build NCC-Sign (opt) and its
    tests, run the KAT check on whole files and the record tests."""
    t0 = time.time()
    copy = os.path.join(tmp, "alone", "pqsig")
    for rel in tracked_files():
        src = os.path.join(B.ROOT, rel)
        if os.path.isfile(src):
            dst = os.path.join(copy, rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copy2(src, dst)
    assert not os.path.exists(os.path.join(tmp, "alone", "shared"))
    bd = os.path.join(copy, "build")
    gen = ["-G", "Ninja"] if shutil.which("ninja") else []
    steps = [["cmake", "-S", copy, "-B", bd, "-DPQSIG_SCHEMES=nccsign", "-DPQSIG_IMPLS=opt",
              "-DPQSIG_TEST_BACKENDS=OFF"] + gen,
             ["cmake", "--build", bd, "--parallel", str(os.cpu_count() or 2), "--target", "pqsig-kat",
              "test_kat_harness", "test_records"],
             [os.path.join(bd, "test", "pqsig-kat"), "--all"],
             [os.path.join(bd, "test", "test_kat_harness")],
             [os.path.join(bd, "test", "pqsig-records"), "--fast", os.path.join(copy, "test", "data", "kat")]]
    log = []
    for args in steps:
        try:
            p = subprocess.run(args, capture_output=True, text=True, cwd=copy)
            rc, out = p.returncode, p.stdout[-3000:] + p.stderr[-3000:]
        except OSError as e:
            rc, out = 127, str(e)
        log.append("$ " + " ".join(args) + "\n" + out)
        if rc != 0:
            res.add("user: a copy with no ../shared beside it builds and passes its KAT tests", False,
                    time.time() - t0, "\n".join(log))
            return
    text = "\n".join(log)
    ok = "PASS" in text and "../shared" not in text
    res.add("user: a copy with no ../shared beside it builds and passes its KAT tests", ok, time.time() - t0, text)


def run(res, build_dir):
    examples = readme_examples()
    missing = {"c", "python", "sh"} - set(examples)
    res.add("user: README has its C, Python and command-line examples", not missing, 0,
            f"missing <!-- example: ... --> blocks: {sorted(missing)}")
    with tempfile.TemporaryDirectory(prefix="pqsig-user-") as tmp:
        if not missing:
            check_consumer(res, build_dir, examples, tmp)
            check_cli(res, build_dir, examples, tmp)
            check_pip(res, examples, tmp)
        check_self_contained(res, tmp)
