/* Reset and exception entry for the mps2-an386 model: copies .data, clears
 * .bss, enables the FPU, starts SysTick, asks QEMU (semihosting
 * SYS_GET_CMDLINE) for the command line, runs main(argc, argv) and exits
 * QEMU with its status. A fault prints its name and exits with status 70. */
#include <stdint.h>
#include <string.h>

#include "hal.h"

extern uint32_t __data_start, __data_end, __data_load, __bss_start, __bss_end, __stack_top;
extern int main(int argc, char **argv);
extern void __libc_init_array(void);

void pqsig_m4_reset(void) __attribute__((noreturn));
void pqsig_m4_systick(void);
static void fault(void);
static void unexpected(void);

typedef void (*handler)(void);

__attribute__((section(".isr_vector"), used)) static const handler vectors[16] = {
    (handler)(uintptr_t)&__stack_top, /* initial main stack pointer */
    pqsig_m4_reset,
    unexpected, /* NMI */
    fault,      /* HardFault */
    fault,      /* MemManage */
    fault,      /* BusFault */
    fault,      /* UsageFault */
    0,
    0,
    0,
    0,
    unexpected, /* SVCall */
    unexpected, /* DebugMonitor */
    0,
    unexpected, /* PendSV */
    pqsig_m4_systick,
};

static void say(const char *s)
{
    hal_write(s, strlen(s));
}

static void fault(void)
{
    say("\npqsig-m4: fault (HardFault, MemManage, BusFault or UsageFault)\n");
    hal_exit(70);
}

static void unexpected(void)
{
    say("\npqsig-m4: unexpected exception\n");
    hal_exit(70);
}

/* The command line: QEMU's -semihosting-config arg=... (or -append). */
#define CMDLINE_BYTES 8192
#define MAX_ARGS 512
static char cmdline[CMDLINE_BYTES];
static char *args[MAX_ARGS + 1];

static int command_line(void)
{
    struct {
        char *buf;
        uint32_t len;
    } block = {cmdline, sizeof cmdline - 1};
    int argc = 0;
    char *p = cmdline;
    if (hal_semihost(0x15u, &block) != 0) { /* SYS_GET_CMDLINE: fails when it does not fit */
        static const char msg[] = "pqsig-m4: the command line does not fit its buffer\n";
        hal_write(msg, sizeof msg - 1);
        hal_exit(64);
    }
    cmdline[sizeof cmdline - 1] = 0;
    while (*p) {
        if (argc == MAX_ARGS) {
            static const char msg[] = "pqsig-m4: too many arguments\n";
            hal_write(msg, sizeof msg - 1);
            hal_exit(64);
        }
        while (*p == ' ') {
            *p++ = 0;
        }
        if (*p) {
            args[argc++] = p;
        }
        while (*p && *p != ' ') {
            p++;
        }
    }
    if (argc == 0) {
        static char name[] = "pqsig-m4";
        args[argc++] = name;
    }
    args[argc] = 0;
    return argc;
}

/* newlib's constructor walk calls these (crti.o would give them; the
 * programs are linked without the toolchain's start files). */
void _init(void);
void _fini(void);
void _init(void)
{
}
void _fini(void)
{
}

void pqsig_m4_reset(void)
{
    uint32_t *src = &__data_load, *dst = &__data_start;
    int argc;
    while (dst < &__data_end) {
        *dst++ = *src++;
    }
    for (dst = &__bss_start; dst < &__bss_end; dst++) {
        *dst = 0;
    }
    /* CPACR: full access to the FPU (CP10, CP11) for the hard-float ABI. */
    *(volatile uint32_t *)0xE000ED88u |= 0xFu << 20;
    __asm__ volatile("dsb\n\tisb" ::: "memory");
    hal_time_init();
    __libc_init_array();
    argc = command_line();
    hal_exit(main(argc, args));
}
