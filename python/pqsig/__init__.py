"""pqsig: post-quantum signatures (SNOVA, MQ-Sign, NCC-Sign, Falcon) over libpqsig.

    import pqsig
    with pqsig.Signature("SNOVA_24_5_16_4") as s:
        pk = s.generate_keypair()
        sig = s.sign(b"message")
    assert pqsig.verify("SNOVA_24_5_16_4", b"message", sig, pk)

Importing builds and loads nothing: libpqsig.so is loaded on first use (see
binding.library_candidates). Errors are typed: every one is a PqsigError.
The framework of a source checkout (build, test, bench) lives in
pqsig.framework, which the installed package does not carry."""
from .binding import (BadArgument, BadConfig, BadLength, ExpandedSigner, ExpandedVerifier,  # noqa: F401
                      InvalidSignature, LibraryNotFound, MalformedKey, PqsigError, RngError,
                      Signature, SignAttemptsExhausted, Unsupported, algorithms, variants, verify)

__version__ = "0.1.0"
__all__ = ["Signature", "ExpandedSigner", "ExpandedVerifier", "algorithms", "variants", "verify",
           "PqsigError", "BadArgument", "BadLength", "MalformedKey", "InvalidSignature", "RngError",
           "SignAttemptsExhausted", "Unsupported", "BadConfig", "LibraryNotFound"]
