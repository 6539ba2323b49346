# RISC-V 64 Linux (RV64GCV), cross-compiled with clang and Debian's riscv64
# cross binutils and sysroot (gcc 12 has no RVV intrinsics), run under
# qemu-user with the vector extension at VLEN PQSIG_RVV_VLEN (128 unless set).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR riscv64)
set(CMAKE_C_COMPILER clang)
set(CMAKE_C_COMPILER_TARGET riscv64-linux-gnu)
set(CMAKE_C_FLAGS_INIT "-march=rv64gcv")
set(CMAKE_FIND_ROOT_PATH /usr/riscv64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
if(NOT PQSIG_RVV_VLEN)
  set(PQSIG_RVV_VLEN 128)
endif()
set(CMAKE_CROSSCOMPILING_EMULATOR
    qemu-riscv64;-cpu;rv64,v=true,vlen=${PQSIG_RVV_VLEN},elen=64,vext_spec=v1.0;-L;/usr/riscv64-linux-gnu)
