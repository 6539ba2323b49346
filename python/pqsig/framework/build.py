"""Configure and build pqsig with CMake into build/<flavour>."""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
# The official known answers the tests need (digests and first records), in the repository.
KAT_DIR = os.path.join(ROOT, "test", "data", "kat")

# The sets of the builds that check properties of the code rather than its
# answers (the sanitizer build, and the constant-time build of CI's slice):
# every set of MQ-Sign, NCC-Sign and Falcon, and of SNOVA's 80 the 12 its
# tests name (PQSIG_SANITIZE_NAMES in test/CMakeLists.txt, test_snova_flips'
# slice, the unit tests in test/snova/CMakeLists.txt): every field, l,
# version, key form and expansion. SNOVA's other 68 sets are the same C
# with other sizes; compiling them (twice with ASan, with ref) was most of
# those builds. The release build and the KATs take every set; so does the
# constant-time build of --full ("ct-all").
REPRESENTATIVE_SETS = ("falcon", "mqsign", "nccsign",
                       "snova_24_5_16_4", "snova_26_5_19_4_aes", "snova_24_5_23_4_v21", "snova_24_5_16_5",
                       "snova_25_8_3_shake_ssk", "snova_24_5_4_esk", "snova_37_17_2_shake_esk",
                       "snova_26_5_19_4", "snova_97_33_16_2_aes", "snova_29_6_5_esk", "snova_48_17_16_2",
                       "snova_24_5_23_4")

# Build flavours: CMake options of each.
# The sanitizer build is compiled at -O1 with line tables only (-g1, enough
# for the sanitizers' reports): compile time, not test time, is its cost.
# The constant-time builds check what ships (-O3) but leave out ref, which
# is not constant time by design.
FLAVOURS = {
    "release": ["-DCMAKE_BUILD_TYPE=Release"],
    # Without Falcon's test backend `decline` (the release build tests it);
    # the other schemes have none: their backends share opt's frontend, and
    # opt runs every hook's fallback (src/common/kset.h). The avx2 backends
    # run here as in the release build.
    "asan": ["-DCMAKE_BUILD_TYPE=Debug", "-DCMAKE_C_FLAGS_DEBUG=-O1 -g1", "-DPQSIG_SANITIZE=ON",
             "-DPQSIG_TEST_BACKENDS=OFF", "-DPQSIG_SETS=" + ";".join(REPRESENTATIVE_SETS)],
    "ct": ["-DCMAKE_BUILD_TYPE=Release", "-DPQSIG_CT_TESTING=ON", "-DPQSIG_SKIP_REF=ON",
           "-DPQSIG_TEST_BACKENDS=OFF", "-DPQSIG_SETS=" + ";".join(REPRESENTATIVE_SETS)],
    "ct-all": ["-DCMAKE_BUILD_TYPE=Release", "-DPQSIG_CT_TESTING=ON", "-DPQSIG_SKIP_REF=ON",
               "-DPQSIG_TEST_BACKENDS=OFF", "-DPQSIG_SETS="],
    # libFuzzer harnesses (test/fuzz): clang, every object with coverage and
    # ASan + UBSan, -O1 as OSS-Fuzz builds; the harnesses link only the sets
    # of PQSIG_FUZZ_SETS (test/fuzz/CMakeLists.txt).
    "fuzz": ["-DCMAKE_C_COMPILER=clang", "-DCMAKE_BUILD_TYPE=Debug",
             "-DCMAKE_C_FLAGS_DEBUG=-O1 -gline-tables-only", "-DCMAKE_C_FLAGS=-fsanitize=fuzzer-no-link",
             "-DPQSIG_SANITIZE=ON", "-DPQSIG_FUZZ=ON"],
    # The same harnesses for long runs (./pqsig fuzz --fast): UBSan without
    # ASan, -O2, several times the executions a second; ./pqsig fuzz then
    # replays the corpus such a run grew under the ASan build above.
    "fuzz-fast": ["-DCMAKE_C_COMPILER=clang", "-DCMAKE_BUILD_TYPE=Release",
                  "-DCMAKE_C_FLAGS_RELEASE=-O2 -gline-tables-only",
                  "-DCMAKE_C_FLAGS=-fsanitize=fuzzer-no-link,undefined -fno-sanitize-recover=all",
                  "-DPQSIG_FUZZ=ON"],
}
# Targets a flavour needs (None: everything).
TARGETS = {"release": None, "asan": None, "ct": ["test_ct"], "ct-all": ["test_ct"]}
TARGETS["fuzz"] = ["pqsig-fuzz"]
TARGETS["fuzz-fast"] = ["pqsig-fuzz"]


def ct_matrix_flavour(cc, level, sets):
    """A flavour of the constant-time matrix (testing.py): the ct build with
    compiler cc at optimisation level (-O0 .. -Os), of the sets named
    (PQSIG_SETS ids, ';'-separated; empty: all). Returns its name, which is
    also its directory under build/."""
    name = f"ct-{cc}{level}"
    FLAVOURS[name] = [f"-DCMAKE_C_COMPILER={cc}", "-DCMAKE_BUILD_TYPE=Release",
                      f"-DCMAKE_C_FLAGS_RELEASE={level} -DNDEBUG", "-DPQSIG_CT_TESTING=ON",
                      "-DPQSIG_SKIP_REF=ON", "-DPQSIG_TEST_BACKENDS=OFF", f"-DPQSIG_SETS={sets}"]
    TARGETS[name] = ["test_ct"]
    return name


class BuildError(Exception):
    pass


def need(tool, hint):
    if shutil.which(tool) is None:
        raise BuildError(f"'{tool}' not found: {hint}")


def build_dir(flavour):
    return os.path.join(ROOT, "build", flavour)


def build(flavour="release", werror=False, quiet=True, extra=(), targets=None, progress=False,
          configure_only=False):
    """Configure (once) and build; returns the build directory.

    werror=None keeps what the build directory has (so that ./pqsig bench does
    not rebuild a tree that ./pqsig test configured with -Werror). targets
    narrows the flavour's targets. progress streams the build tool's own
    progress lines (ninja's [n/N]) instead of capturing them."""
    need("cmake", "install CMake (Debian: apt-get install cmake)")
    cc = os.environ.get("CC", "cc")
    need(cc, "install a C compiler (Debian: apt-get install gcc)")
    out = build_dir(flavour)
    args = ["cmake", "-S", ROOT, "-B", out, f"-DPQSIG_KAT_DIR={KAT_DIR}"] + FLAVOURS[flavour] + list(extra)
    if werror is not None:
        args.append(f"-DPQSIG_WERROR={'ON' if werror else 'OFF'}")
    if shutil.which("ninja") and not os.path.exists(os.path.join(out, "Makefile")):
        args += ["-G", "Ninja"]
    if progress:
        print(f"configuring the {flavour} build in {os.path.relpath(out)}", flush=True)
    run(args, True, f"configuring {flavour} build")
    if configure_only:
        return out
    targets = targets or TARGETS.get(flavour)
    cmd = ["cmake", "--build", out, "--parallel", str(os.cpu_count() or 2)] + (["--target"] + targets if targets else [])
    if progress:
        print(f"building ({os.cpu_count() or 2} jobs; a first build takes a few minutes)", flush=True)
        if subprocess.run(cmd).returncode != 0:
            raise BuildError(f"building {flavour} failed")
    else:
        run(cmd, quiet, f"building {flavour}")
    return out


def run(args, quiet, what):
    if not quiet:
        print("+", " ".join(args), flush=True)
    p = subprocess.run(args, capture_output=quiet, text=True)
    if p.returncode != 0:
        if quiet:
            sys.stderr.write(p.stdout[-20000:] + p.stderr[-20000:])
        raise BuildError(f"{what} failed (exit {p.returncode})")


def tool(flavour, name):
    """Path of a built program (test/pqsig-kat, bench/pqsig-bench, ...)."""
    return os.path.join(build_dir(flavour), name)
