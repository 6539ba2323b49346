"""ctypes bindings over libpqsig.so (the generic API of include/pqsig.h).

Importing this module loads nothing; the library is loaded on first use, from
PQSIG_LIBRARY, else from the installed package, else from the release build of
a source checkout (build/release). Nothing is ever built here."""
import ctypes
import os

OK = 0


class PqsigError(Exception):
    """An error of the library: code is the negative pqsig_error of include/pqsig.h."""
    code = None

    def __init__(self, code, what):
        text = library().pqsig_strerror(code).decode() if _lib is not None else f"error {code}"
        super().__init__(f"{what}: {text}")
        self.code = code


class BadArgument(PqsigError, ValueError):
    code = -1


class BadLength(PqsigError, ValueError):
    code = -2


class MalformedKey(PqsigError, ValueError):
    code = -3


class InvalidSignature(PqsigError):
    code = -4


class RngError(PqsigError):
    code = -5


class SignAttemptsExhausted(PqsigError):
    code = -6


class Unsupported(PqsigError):
    code = -7


class BadConfig(PqsigError):
    """PQSIG_IMPL names an implementation that cannot be forced."""
    code = -8


_ERROR_CLASSES = {c.code: c for c in (BadArgument, BadLength, MalformedKey, InvalidSignature,
                                      RngError, SignAttemptsExhausted, Unsupported, BadConfig)}


def _error(code, what):
    """The typed exception of a pqsig_error code."""
    return _ERROR_CLASSES.get(code, PqsigError)(code, what)


def _buffer(x, what):
    """x as bytes; only bytes-like objects (bytes(5) would be five zero bytes)."""
    if not isinstance(x, (bytes, bytearray, memoryview)):
        raise TypeError(f"{what} must be bytes-like, not {type(x).__name__}")
    return bytes(x)


def _key(x, size, what):
    """A key of exactly `size` bytes: the C API reads that many, so a shorter
    buffer would be read past its end."""
    b = _buffer(x, what)
    if len(b) != size:
        raise BadLength(-2, f"{what} is {len(b)} bytes, the algorithm's is {size}")
    return b


class _Details(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("scheme", ctypes.c_char_p), ("impl", ctypes.c_char_p),
                ("version", ctypes.c_char_p), ("level", ctypes.c_int),
                ("public_key_bytes", ctypes.c_size_t), ("secret_key_bytes", ctypes.c_size_t),
                ("signature_bytes", ctypes.c_size_t), ("keypair_seed_bytes", ctypes.c_size_t),
                ("sign_rnd_bytes", ctypes.c_size_t), ("flags", ctypes.c_uint32),
                ("cpu_features", ctypes.c_uint32), ("nist_prefix", ctypes.c_char_p)]


_lib = None


class LibraryNotFound(OSError):
    """libpqsig.so is neither installed with the package nor built."""


def library_candidates():
    """Where libpqsig.so is looked for, in order."""
    if os.environ.get("PQSIG_LIBRARY"):
        return [os.environ["PQSIG_LIBRARY"]]
    here = os.path.dirname(os.path.abspath(__file__))
    return [os.path.join(here, "libpqsig.so"),  # installed by pip
            os.path.join(os.path.dirname(os.path.dirname(here)), "build", "release", "libpqsig.so")]


def library(path=None):
    """The loaded libpqsig.so (path, or the first of library_candidates())."""
    global _lib
    if _lib is not None:
        return _lib
    if path is None:
        path = next((c for c in library_candidates() if os.path.exists(c)), None)
        if path is None:
            raise LibraryNotFound("libpqsig.so not found (looked for " + ", ".join(library_candidates()) +
                                  "): install the package with `pip install .`, or build it with "
                                  "`./pqsig build` in a source checkout")
    lib = ctypes.CDLL(path)
    vp, sz, u8p = ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p
    lib.pqsig_find.restype = vp
    lib.pqsig_find.argtypes = [ctypes.c_char_p]
    lib.pqsig_find_checked.argtypes = [ctypes.c_char_p, ctypes.POINTER(vp)]
    lib.pqsig_find_impl.restype = vp
    lib.pqsig_find_impl.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    lib.pqsig_count.restype = sz
    lib.pqsig_at.restype = vp
    lib.pqsig_at.argtypes = [sz]
    lib.pqsig_runs_here.argtypes = [vp]
    lib.pqsig_get_details.restype = ctypes.POINTER(_Details)
    lib.pqsig_get_details.argtypes = [vp]
    lib.pqsig_keypair.argtypes = [vp, u8p, u8p]
    lib.pqsig_sign.argtypes = [vp, u8p, ctypes.POINTER(sz), u8p, sz, u8p]
    lib.pqsig_verify.argtypes = [vp, u8p, sz, u8p, sz, u8p]
    lib.pqsig_expanded_sk_bytes.restype = sz
    lib.pqsig_expanded_sk_bytes.argtypes = [vp]
    lib.pqsig_expanded_pk_bytes.restype = sz
    lib.pqsig_expanded_pk_bytes.argtypes = [vp]
    lib.pqsig_expand_sk.argtypes = [vp, vp, sz, u8p]
    lib.pqsig_expand_pk.argtypes = [vp, vp, sz, u8p]
    lib.pqsig_sign_expanded.argtypes = [vp, u8p, ctypes.POINTER(sz), u8p, sz, vp]
    lib.pqsig_verify_expanded.argtypes = [vp, u8p, sz, u8p, sz, vp]
    lib.pqsig_wipe.argtypes = [vp, sz]
    lib.pqsig_wipe.restype = None
    lib.pqsig_temp_bytes.restype = sz
    lib.pqsig_temp_bytes.argtypes = [vp]
    lib.pqsig_check_public_key.argtypes = [vp, u8p, sz]
    lib.pqsig_strerror.restype = ctypes.c_char_p
    lib.pqsig_strerror.argtypes = [ctypes.c_int]
    lib.pqsig_flag_name.restype = ctypes.c_char_p
    lib.pqsig_flag_name.argtypes = [ctypes.c_uint32]
    _lib = lib
    return lib


def _details(handle):
    d = library().pqsig_get_details(handle).contents
    return {
        "name": d.name.decode(), "scheme": d.scheme.decode(), "impl": d.impl.decode(),
        "version": d.version.decode(), "level": d.level, "public_key_bytes": d.public_key_bytes,
        "secret_key_bytes": d.secret_key_bytes, "signature_bytes": d.signature_bytes,
        "flags": flag_names(d.flags),
        "nist_prefix": d.nist_prefix.decode(), "temp_bytes": library().pqsig_temp_bytes(handle),
        "sign_rnd_bytes": d.sign_rnd_bytes, "keypair_seed_bytes": d.keypair_seed_bytes,
        "runs_here": bool(library().pqsig_runs_here(handle)),
    }


def flag_names(flags):
    """Names of the PQSIG_FLAG_* bits set in flags, as the library names them."""
    lib = library()
    return [lib.pqsig_flag_name(1 << b).decode() for b in range(32)
            if flags >> b & 1 and lib.pqsig_flag_name(1 << b) is not None]


def variants():
    """Every registered (algorithm, implementation), as dicts."""
    lib = library()
    return [_details(lib.pqsig_at(i)) for i in range(lib.pqsig_count())]


def algorithms():
    """Names of the algorithms this machine runs."""
    seen = []
    for v in variants():
        if v["runs_here"] and v["name"] not in seen:
            seen.append(v["name"])
    return seen


class Signature:
    """with Signature("SNOVA_24_5_16_4") as s: pk = s.generate_keypair(); sig = s.sign(m)"""

    def __init__(self, name, impl=None):
        lib = library()
        if impl:
            h = lib.pqsig_find_impl(name.encode(), impl.encode())
            if not h:
                raise _error(-7 if name in [v["name"] for v in variants()] else -1,
                             f"algorithm {name} ({impl})")
        else:
            out = ctypes.c_void_p()
            ret = lib.pqsig_find_checked(name.encode(), ctypes.byref(out))
            if ret != OK:
                raise _error(ret, f"algorithm {name}")
            h = out.value
        self._h = h
        self.details = _details(h)
        self._sk = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self._sk is not None:
            ctypes.memset(ctypes.addressof(self._sk), 0, len(self._sk))
            self._sk = None

    def generate_keypair(self):
        d = self.details
        pk = ctypes.create_string_buffer(d["public_key_bytes"])
        self._sk = ctypes.create_string_buffer(d["secret_key_bytes"])
        ret = library().pqsig_keypair(self._h, pk, self._sk)
        if ret != OK:
            raise _error(ret, "keypair")
        return pk.raw

    def export_secret_key(self):
        return None if self._sk is None else self._sk.raw

    def sign(self, message, secret_key=None):
        sk = self._secret_key(secret_key, "sign")
        message = _buffer(message, "message")
        cap = self.details["signature_bytes"]
        sig = ctypes.create_string_buffer(cap)
        n = ctypes.c_size_t(cap)
        ret = library().pqsig_sign(self._h, sig, ctypes.byref(n), message, len(message), sk)
        if ret != OK:
            raise _error(ret, "sign")
        return sig.raw[: n.value]

    def _secret_key(self, secret_key, what):
        if secret_key is None:
            if self._sk is None:
                raise BadArgument(-1, f"{what} without a secret key")
            return self._sk.raw
        return _key(secret_key, self.details["secret_key_bytes"], "secret key")

    def expanded_signer(self, secret_key=None):
        """A signer that keeps the expanded secret key (for many signatures)."""
        return ExpandedSigner(self, self._secret_key(secret_key, "expanded signer"))

    def expanded_verifier(self, public_key):
        """A verifier that keeps the expanded public key (for many signatures)."""
        return ExpandedVerifier(self, _key(public_key, self.details["public_key_bytes"], "public key"))

    def check_public_key(self, public_key):
        """Raises MalformedKey (or BadLength) unless the key passes what can be
        checked of a public key alone (pqsig_check_public_key)."""
        pk = _buffer(public_key, "public key")
        ret = library().pqsig_check_public_key(self._h, pk, len(pk))
        if ret != OK:
            raise _error(ret, "public key")

    def verify_strict(self, message, signature, public_key, *, raise_invalid=False):
        """verify() after check_public_key(): a malformed key raises."""
        self.check_public_key(public_key)
        return self.verify(message, signature, public_key, raise_invalid=raise_invalid)

    def verify(self, message, signature, public_key, *, raise_invalid=False):
        """True for a valid signature, False for an invalid one (with
        raise_invalid=True: raises InvalidSignature instead of returning False).
        A public key of the wrong length raises BadLength."""
        pk = _key(public_key, self.details["public_key_bytes"], "public key")
        signature = _buffer(signature, "signature")
        message = _buffer(message, "message")
        ret = library().pqsig_verify(self._h, signature, len(signature), message, len(message), pk)
        return _verdict(ret, raise_invalid)


_ALIGN = 64  # PQSIG_EXPANDED_ALIGN


class _Expanded:
    """An expanded key in an aligned ctypes buffer, wiped on close."""

    def __init__(self, handle, size_fn, expand_fn, key):
        lib = library()
        self._h = handle
        self._n = size_fn(handle)
        self._buf = ctypes.create_string_buffer(self._n + _ALIGN)
        base = ctypes.addressof(self._buf)
        self._p = base + (-base % _ALIGN)
        ret = expand_fn(handle, self._p, self._n, key)
        if ret != OK:
            raise _error(ret, "expand key")

    def close(self):
        if self._buf is not None:
            library().pqsig_wipe(self._p, self._n)
            self._buf = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class ExpandedSigner(_Expanded):
    """Signs many messages with one secret key expanded once (pqsig_expand_sk)."""

    def __init__(self, sig, secret_key):
        lib = library()
        super().__init__(sig._h, lib.pqsig_expanded_sk_bytes, lib.pqsig_expand_sk, secret_key)
        self._cap = sig.details["signature_bytes"]

    def sign(self, message):
        if self._buf is None:
            raise BadArgument(-1, "closed expanded key")
        message = _buffer(message, "message")
        out = ctypes.create_string_buffer(self._cap)
        n = ctypes.c_size_t(self._cap)
        ret = library().pqsig_sign_expanded(self._h, out, ctypes.byref(n), message, len(message), self._p)
        if ret != OK:
            raise _error(ret, "sign")
        return out.raw[: n.value]


class ExpandedVerifier(_Expanded):
    """Verifies many signatures under one public key expanded once (pqsig_expand_pk)."""

    def __init__(self, sig, public_key):
        lib = library()
        super().__init__(sig._h, lib.pqsig_expanded_pk_bytes, lib.pqsig_expand_pk, public_key)

    def verify(self, message, signature, *, raise_invalid=False):
        if self._buf is None:
            raise BadArgument(-1, "closed expanded key")
        signature = _buffer(signature, "signature")
        message = _buffer(message, "message")
        return _verdict(library().pqsig_verify_expanded(self._h, signature, len(signature), message,
                                                        len(message), self._p), raise_invalid)


def _verdict(ret, raise_invalid):
    """A verification's result: True, or False / InvalidSignature for a
    signature that does not verify (any other code is an invalid signature
    too: verification reports no other failure for well-sized inputs)."""
    if ret == OK:
        return True
    if raise_invalid:
        raise InvalidSignature(-4, "verify")
    return False


def verify(name, message, signature, public_key, *, raise_invalid=False):
    """One verification under the fastest implementation of name."""
    with Signature(name) as s:
        return s.verify(message, signature, public_key, raise_invalid=raise_invalid)
