"""The installed Python package, as `pip install .` leaves it in a fresh
virtual environment (run by ./pqsig test from outside the checkout, with that
environment's python and pytest)."""
import os
import subprocess
import sys

import pytest

import pqsig

NAME = "SNOVA_24_5_16_4"


def test_the_installed_package_is_imported():
    here = os.path.dirname(os.path.abspath(__file__))
    assert not os.path.dirname(pqsig.__file__).startswith(os.path.dirname(here)), pqsig.__file__
    assert os.path.exists(os.path.join(os.path.dirname(pqsig.__file__), "libpqsig.so"))


def test_the_framework_is_not_installed():
    with pytest.raises(ImportError):
        import pqsig.framework  # noqa: F401


def test_algorithms():
    names = pqsig.algorithms()
    assert NAME in names and "NCC-Sign-1" in names and "MQRR-s-256_72_46" in names
    assert len(names) == len(set(names))


def test_sign_and_verify():
    with pqsig.Signature(NAME) as s:
        pk = s.generate_keypair()
        sig = s.sign(b"hello")
        assert len(sig) == s.details["signature_bytes"]
        assert s.verify(b"hello", sig, pk)
        assert not s.verify(b"hellO", sig, pk)
    assert pqsig.verify(NAME, b"hello", sig, pk)
    with pytest.raises(pqsig.InvalidSignature):
        pqsig.verify(NAME, b"hellO", sig, pk, raise_invalid=True)


def test_typed_errors_with_the_library_s_text():
    with pytest.raises(pqsig.BadArgument):
        pqsig.Signature("NO_SUCH_ALGORITHM")
    with pqsig.Signature(NAME) as s:
        with pytest.raises(pqsig.BadLength) as e:
            s.verify(b"m", b"\0" * 10, b"\0" * 3)
        assert isinstance(e.value, pqsig.PqsigError) and e.value.code == -2
        with pytest.raises(pqsig.BadArgument):
            s.sign(b"m")  # no key yet
        with pytest.raises(TypeError):
            s.sign("text, not bytes", secret_key=b"\0" * s.details["secret_key_bytes"])


def test_expanded_keys():
    with pqsig.Signature(NAME) as s:
        pk = s.generate_keypair()
        with s.expanded_signer() as signer, s.expanded_verifier(pk) as verifier:
            sig = signer.sign(b"many")
            assert verifier.verify(b"many", sig)
            assert s.verify(b"many", sig, pk)


def test_flags_come_from_the_library():
    flags = {f for v in pqsig.variants() for f in v["flags"]}
    assert "recommended" in flags and flags <= {"broken", "recommended", "legacy", "deterministic"}


def test_the_pqsig_command(tmp_path):
    exe = os.path.join(os.path.dirname(sys.executable), "pqsig")
    pk, sk, msg, sig = (str(tmp_path / f) for f in ("k.pub", "k.key", "m", "m.sig"))
    subprocess.run([exe, "keygen", NAME, "--pk", pk, "--sk", sk], check=True)
    assert os.stat(sk).st_mode & 0o777 == 0o600
    with open(msg, "wb") as f:
        f.write(b"signed by the installed command\n")
    subprocess.run([exe, "sign", "--sk", sk, "--out", sig, msg], check=True)
    assert subprocess.run([exe, "verify", "--pk", pk, "--sig", sig, msg]).returncode == 0
    with open(msg, "ab") as f:
        f.write(b"!")
    assert subprocess.run([exe, "verify", "--pk", pk, "--sig", sig, msg]).returncode == 1
    p = subprocess.run([exe, "test"], capture_output=True, text=True)
    assert p.returncode == 2 and "Traceback" not in p.stderr  # framework commands are not installed
