#!/usr/bin/env python3
"""Runs a Cortex-M4 program of this platform under qemu-system-arm
(mps2-an386) as if it were a host program: run.py PROGRAM.elf ARGS...

The arguments reach main() through semihosting, the host's files are
readable through it, the UART is standard output, and QEMU exits with the
program's status. -icount shift=0 makes time deterministic: one SysTick tick
is 40 executed instructions (platform/m4/hal.h)."""
import os
import subprocess
import sys


def command(elf, args):
    # In -semihosting-config a comma is written twice.
    argv = [os.path.basename(elf)] + list(args)
    if any(" " in a for a in argv):
        sys.exit("run.py: arguments cannot contain spaces (semihosting joins them with spaces)")
    config = "enable=on,target=native" + "".join(",arg=" + a.replace(",", ",,") for a in argv)
    return ["qemu-system-arm", "-M", "mps2-an386", "-nographic", "-monitor", "none", "-serial", "stdio",
            "-icount", "shift=0", "-semihosting-config", config, "-kernel", elf]


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: run.py PROGRAM.elf [ARGS...]")
    try:
        return subprocess.run(command(sys.argv[1], sys.argv[2:]), stdin=subprocess.DEVNULL).returncode
    except OSError as e:
        sys.exit(f"run.py: {e} (Debian: apt-get install qemu-system-arm)")


if __name__ == "__main__":
    sys.exit(main())
