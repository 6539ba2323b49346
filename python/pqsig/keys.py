"""Key and signature files for the command line.

A key file names its algorithm, so that `sign` and `verify` need no --alg:

    -----BEGIN PQSIG PUBLIC KEY-----
    Algorithm: SNOVA_24_5_16_4
    <base64 of the key bytes>
    -----END PQSIG PUBLIC KEY-----

(`SECRET KEY` likewise). --raw reads and writes the bare key bytes, as the
NIST API holds them; then --alg names the algorithm. Signatures are always
the bare bytes of the scheme's encoding."""
import base64
import os
import re

KINDS = {"pk": "PUBLIC KEY", "sk": "SECRET KEY"}
_ARMOR = re.compile(r"-----BEGIN PQSIG (PUBLIC|SECRET) KEY-----\s*\nAlgorithm: *(\S+)\s*\n(.*?)"
                    r"-----END PQSIG \1 KEY-----", re.S)


class KeyFileError(Exception):
    pass


def encode(kind, alg, key):
    body = base64.encodebytes(key).decode("ascii")
    return (f"-----BEGIN PQSIG {KINDS[kind]}-----\nAlgorithm: {alg}\n{body}"
            f"-----END PQSIG {KINDS[kind]}-----\n").encode("ascii")


def decode(kind, data, alg=None, raw=False):
    """(algorithm, key bytes) of a key file's contents; alg, when given, must agree."""
    if raw:
        if alg is None:
            raise KeyFileError("a raw key needs --alg")
        return alg, bytes(data)
    m = _ARMOR.search(data.decode("ascii", "replace"))
    if m is None:
        raise KeyFileError(f"not a pqsig {KINDS[kind].lower()} file (use --raw for bare key bytes)")
    if m.group(1) + " KEY" != KINDS[kind]:
        raise KeyFileError(f"expected a {KINDS[kind].lower()}, found a {m.group(1).lower()} key")
    name = m.group(2)
    if alg is not None and alg != name:
        raise KeyFileError(f"the key is for {name}, not {alg}")
    try:
        key = base64.b64decode("".join(m.group(3).split()), validate=True)
    except ValueError as e:
        raise KeyFileError(f"bad base64 in the key file: {e}") from None
    return name, key


def write_file(path, data, secret=False):
    """Write data to path ("-": stdout); a secret file is created 0600."""
    if path == "-":
        os.write(1, data)
        return
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
    fd = os.open(path, flags, 0o600 if secret else 0o644)
    with os.fdopen(fd, "wb") as f:
        f.write(data)


def read_file(path):
    """The bytes of path ("-": stdin)."""
    if path == "-":
        chunks = []
        while True:
            b = os.read(0, 1 << 20)
            if not b:
                return b"".join(chunks)
            chunks.append(b)
    with open(path, "rb") as f:
        return f.read()
