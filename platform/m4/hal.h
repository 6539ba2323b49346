/* The Cortex-M4 platform layer for qemu-system-arm -M mps2-an386: console,
 * exit status, time, stack measurement and the stand-in entropy source.
 * Test and benchmark programs link it; the library itself never calls it
 * (but for pqsig_platform_entropy, the bare-metal randombytes). */
#ifndef PQSIG_M4_HAL_H
#define PQSIG_M4_HAL_H

#include <stddef.h>
#include <stdint.h>

/* Console: CMSDK UART0, which QEMU writes to its standard output. */
void hal_putc(char c);
void hal_write(const char *s, size_t len);

/* ARM semihosting (QEMU's -semihosting): the host's files and command
 * line, and an exit that carries the status to QEMU's. */
uintptr_t hal_semihost(uint32_t op, const void *arg);
void hal_exit(int status) __attribute__((noreturn));

/* SysTick counts at the core clock, 25 MHz on this board. Under
 * qemu-system-arm -icount shift=0 each instruction takes 1 ns of virtual
 * time, so one tick is exactly 40 executed instructions: hal_instructions()
 * is an emulated instruction count, deterministic, and not M4 cycles (real
 * cycles are 1.1 to 1.7 times as many). */
void hal_time_init(void);
uint64_t hal_ticks(void);
uint64_t hal_instructions(void);
#define HAL_TICK_HZ 25000000u

/* Stack measurement by painting: hal_stack_paint() fills the unused stack
 * below the caller's frame with a pattern; hal_stack_used() returns how many
 * bytes below that frame were written since (4-byte granularity). */
void hal_stack_paint(void);
size_t hal_stack_used(void);

#endif
