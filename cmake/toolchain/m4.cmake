# Cortex-M4F, bare metal: Debian's gcc-arm-none-eabi with newlib, for the
# mps2-an386 board that qemu-system-arm models. Programs link the platform
# layer of platform/m4 (startup, console, SysTick, semihosting) and run
# through platform/m4/run.py.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)
set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(PQSIG_PLATFORM m4)
set(CMAKE_C_FLAGS_INIT "-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 -ffunction-sections -fdata-sections")
set(CMAKE_EXE_LINKER_FLAGS_INIT
    "-T ${CMAKE_CURRENT_LIST_DIR}/../../platform/m4/mps2-an386.ld -nostartfiles -Wl,--gc-sections -Wl,--no-warn-rwx-segments")
find_program(PQSIG_PYTHON3 python3)
set(CMAKE_CROSSCOMPILING_EMULATOR ${PQSIG_PYTHON3};${CMAKE_CURRENT_LIST_DIR}/../../platform/m4/run.py)
