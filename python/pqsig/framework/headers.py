"""include/pqsig/<scheme>.h: the sizes and NIST API of every parameter set,
generated from the registry of a build (`./pqsig headers`). The suite
regenerates them and fails when the committed headers are stale."""
import os

from .. import binding
from . import build as B

TITLES = {"snova": "SNOVA", "mqsign": "MQ-Sign", "nccsign": "NCC-Sign", "falcon": "Falcon"}


def _set_prefix(v):
    p = v["nist_prefix"]
    return p[: len(p) - len(v["impl"]) - 1]


def render(variants):
    """{scheme: header text} for the given registry rows (test backends left out)."""
    by_scheme = {}
    for v in variants:
        if v["impl"] == "decline":
            continue
        by_scheme.setdefault(v["scheme"], {}).setdefault(_set_prefix(v), []).append(v)
    out = {}
    for scheme, sets in by_scheme.items():
        guard = f"PQSIG_{scheme.upper()}_H"
        lines = [f"/* {TITLES.get(scheme, scheme)}: the sizes and NIST API of every parameter set.",
                 " * Generated from the registry by `./pqsig headers`; do not edit.",
                 " * PQSIG_NIST_SET_API: libpqsig.so, the fastest implementation this CPU has;",
                 " * PQSIG_NIST_API: one implementation, libpqsig.a (include/pqsig/nist_api.h).",
                 " * <IMPL>_CRYPTO_TEMPBYTES: scratch of its _temp forms (0: it has none). */",
                 f"#ifndef {guard}", f"#define {guard}", "", '#include "nist_api.h"', ""]
        for prefix, impls in sets.items():
            v = impls[0]
            m = prefix.upper()
            lines += [f"/* {v['name']}: NIST level {v['level']}, version {v['version']}"
                      f"{', ' + ', '.join(v['flags']) if v['flags'] else ''} */",
                      f'#define {m}CRYPTO_ALGNAME "{v["name"]}"',
                      f"#define {m}CRYPTO_PUBLICKEYBYTES {v['public_key_bytes']}",
                      f"#define {m}CRYPTO_SECRETKEYBYTES {v['secret_key_bytes']}",
                      f"#define {m}CRYPTO_BYTES {v['signature_bytes']}",
                      f"#define {m}CRYPTO_SEEDBYTES {v['keypair_seed_bytes']}",
                      f"#define {m}CRYPTO_RNDBYTES {v['sign_rnd_bytes']}",
                      f"PQSIG_NIST_SET_API({prefix})"]
            for w in impls:
                lines += [f"PQSIG_NIST_API({w['nist_prefix']})",
                          f"#define {w['nist_prefix'].upper()}CRYPTO_TEMPBYTES {w['temp_bytes']}"]
            lines.append("")
        lines.append("#endif")
        out[scheme] = "\n".join(lines) + "\n"
    return out


def header_path(scheme):
    return os.path.join(B.ROOT, "include", "pqsig", f"{scheme}.h")


def write(variants):
    written = []
    for scheme, text in render(variants).items():
        path = header_path(scheme)
        with open(path, "w") as f:
            f.write(text)
        written.append(path)
    return written


def stale(variants):
    """Schemes whose committed header differs from the registry's."""
    bad = []
    for scheme, text in render(variants).items():
        path = header_path(scheme)
        if not os.path.exists(path):
            bad.append(scheme)
            continue
        with open(path) as f:
            if f.read() != text:
                bad.append(scheme)
    return bad


def main(build_dir=None):
    binding.library(os.path.join(build_dir or B.build("release"), "libpqsig.so"))
    for path in write(binding.variants()):
        print(f"wrote {os.path.relpath(path)}")
    return 0
