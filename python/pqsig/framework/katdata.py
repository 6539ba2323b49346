"""./pqsig kat-import: the known-answer data of the tests, copied into
test/data/kat from where it comes from (../shared/kat, the official files'
digests and first records).

What is kept, per scheme folder:
- SHA256SUMS (SHA-256 of each full official file) and RECORDS.sha256 (of each
  of its records), verbatim: the tests judge by them;
- the README that says where each file comes from, verbatim;
- record files: a file of at most SMALL bytes as it is (first records, as
  shipped); a larger one as its first record only, gzipped
  (<name>.first1.rsp.gz), without its `sk` line when that line alone is longer
  than BIG_SK characters (SNOVA round-2 expanded keys, MQ-Sign): no test reads
  those keys, whose bytes RECORDS.sha256 still pins through the record digest;
- Falcon's sampler and signing vectors (test-vector-sampler-*.txt, one
  signature each, every SamplerZ call of it), whole and gzipped: the
  sampler test reads them all.
Anything else is left for the issue that needs it."""
import gzip
import os
import shutil

from . import build as B

SMALL = 128 * 1024
BIG_SK = 64 * 1024
DIGESTS = ("SHA256SUMS", "RECORDS.sha256", "README.txt", "README.md")


def first_record(text):
    """The header lines and the first record of a .rsp text."""
    out, seen = [], 0
    for line in text.splitlines(keepends=True):
        if line.startswith("count = "):
            seen += 1
            if seen > 1:
                break
        out.append(line)
    return "".join(out)


def drop_big_sk(record):
    return "".join(l for l in record.splitlines(keepends=True)
                   if not (l.startswith("sk = ") and len(l) > BIG_SK))


def read_text(path):
    if path.endswith(".gz"):
        with gzip.open(path, "rt") as f:
            return f.read()
    with open(path) as f:
        return f.read()


def write_gz(out, text):
    # mtime 0: the same input gives the same bytes
    with open(out, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as f:
        f.write(text.encode())


# Files of ours in the folder, which an import keeps: digests published outside
# the official KAT files (RECORDS.interop.sha256 in a scheme's folder) and the
# folder's README.
INTEROP = "RECORDS.interop.sha256"
KEEP = (INTEROP, "README.md")


def import_kat(src, dst):
    """Rebuild dst from src (keeping the INTEROP files); returns (files written, bytes written)."""
    kept = {}
    if os.path.isdir(dst):
        for root, _, names in os.walk(dst):
            rel = os.path.relpath(root, dst)
            for name in names:
                if name == INTEROP or (rel == "." and name in KEEP):
                    with open(os.path.join(root, name), "rb") as f:
                        kept[os.path.join(rel, name)] = f.read()
        shutil.rmtree(dst)
    for rel, data in kept.items():
        os.makedirs(os.path.dirname(os.path.join(dst, rel)), exist_ok=True)
        with open(os.path.join(dst, rel), "wb") as f:
            f.write(data)
    files = size = 0
    for root, _, names in sorted(os.walk(src)):
        rel = os.path.relpath(root, src)
        for name in sorted(names):
            path = os.path.join(root, name)
            out_dir = os.path.join(dst, rel)
            if name in DIGESTS or (".rsp" in name and os.path.getsize(path) <= SMALL and
                                   not name.endswith(".gz")):
                os.makedirs(out_dir, exist_ok=True)
                out = os.path.join(out_dir, name)
                shutil.copyfile(path, out)
            elif ".rsp" in name:
                base = name.split(".")[0]
                os.makedirs(out_dir, exist_ok=True)
                out = os.path.join(out_dir, base + ".first1.rsp.gz")
                write_gz(out, drop_big_sk(first_record(read_text(path))))
            elif name.startswith("test-vector-sampler-") and name.endswith(".txt"):
                os.makedirs(out_dir, exist_ok=True)
                out = os.path.join(out_dir, name + ".gz")
                write_gz(out, read_text(path))
            else:
                continue
            files += 1
            size += os.path.getsize(out)
    return files, size


def main(args):
    src = os.path.abspath(args.source)
    if not os.path.isdir(src):
        print(f"pqsig: {src}: no such folder", flush=True)
        return 2
    files, size = import_kat(src, B.KAT_DIR)
    print(f"{files} files, {size / 1e6:.1f} MB in {os.path.relpath(B.KAT_DIR)}")
    return 0
