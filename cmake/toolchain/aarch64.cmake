# AArch64 Linux, cross-compiled with Debian's gcc-aarch64-linux-gnu and run
# under qemu-user. The emulated CPU is a Cortex-A72 (Armv8.0-A + NEON): code
# that used a later extension (SHA3, SVE) would trap instead of passing.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64;-cpu;cortex-a72;-L;/usr/aarch64-linux-gnu)
