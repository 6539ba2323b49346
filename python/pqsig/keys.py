"""Key files of the command line: the raw NIST key bytes behind a one-line
header that names the algorithm, so that `sign` and `verify` need no --alg
and a truncated or foreign file is recognised:

    PQSIG-PUBLIC-KEY <algorithm> <length>\\n<length raw bytes>
    PQSIG-SECRET-KEY <algorithm> <length>\\n<length raw bytes>

The header is ASCII; the bytes are exactly those of the NIST API (crypto_sign_
keypair), the same for every implementation of the algorithm. `tail -c LENGTH`
gives them back. --raw reads and writes the bare bytes; then --alg names the
algorithm. Signatures are always the bare bytes of the scheme's encoding."""
import os
import re

MAGIC = {"pk": "PQSIG-PUBLIC-KEY", "sk": "PQSIG-SECRET-KEY"}
WHAT = {"pk": "public key", "sk": "secret key"}
_HEADER = re.compile(rb"(PQSIG-(?:PUBLIC|SECRET)-KEY) ([A-Za-z0-9_@.()+,-]{1,100}) ([0-9]{1,10})\n")


class KeyFileError(Exception):
    pass


def encode(kind, alg, key):
    return f"{MAGIC[kind]} {alg} {len(key)}\n".encode("ascii") + bytes(key)


def decode(kind, data, alg=None, raw=False):
    """(algorithm, key bytes) of a key file's contents; alg, when given, must agree."""
    if raw:
        if alg is None:
            raise KeyFileError("a raw key needs --alg")
        return alg, bytes(data)
    m = _HEADER.match(data)
    if m is None:
        raise KeyFileError(f"not a pqsig {WHAT[kind]} file (use --raw for bare key bytes)")
    magic, name, n = m.group(1).decode(), m.group(2).decode(), int(m.group(3))
    if magic != MAGIC[kind]:
        other = "pk" if kind == "sk" else "sk"
        raise KeyFileError(f"expected a {WHAT[kind]} file, found a {WHAT[other]} file")
    if alg is not None and alg != name:
        raise KeyFileError(f"the key is for {name}, not {alg}")
    key = data[m.end():]
    if len(key) != n:
        raise KeyFileError(f"the {WHAT[kind]} file is {'truncated' if len(key) < n else 'too long'}: "
                           f"{len(key)} key bytes, its header says {n}")
    return name, key


def write_file(path, data, secret=False):
    """Write data to path ("-": stdout); a secret file gets mode 0600 (also
    when it existed before), set before any byte is written."""
    if path == "-":
        os.write(1, data)
        return
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600 if secret else 0o644)
    if secret:
        os.fchmod(fd, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)


def read_file(path):
    """The bytes of path ("-": stdin)."""
    if path == "-":
        return sys_stdin_bytes()
    with open(path, "rb") as f:
        return f.read()


def sys_stdin_bytes():
    chunks = []
    while True:
        b = os.read(0, 1 << 20)
        if not b:
            return b"".join(chunks)
        chunks.append(b)
