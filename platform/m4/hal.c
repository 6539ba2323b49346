/* Board support for the mps2-an386 model: see hal.h. */
#include "hal.h"

#include <stdint.h>

#define MMIO(addr) (*(volatile uint32_t *)(uintptr_t)(addr))

/* CMSDK APB UART0 of the AN386 memory map. */
#define UART0_DATA MMIO(0x40004000u)
#define UART0_STATE MMIO(0x40004004u) /* bit 0: transmit buffer full */
#define UART0_CTRL MMIO(0x40004008u)  /* bit 0: transmit enable */
#define UART0_BAUDDIV MMIO(0x40004010u)

/* SysTick of the System Control Space. */
#define SYST_CSR MMIO(0xE000E010u)
#define SYST_RVR MMIO(0xE000E014u)
#define SYST_CVR MMIO(0xE000E018u)

static int uart_ready;

void hal_putc(char c)
{
    if (!uart_ready) {
        UART0_BAUDDIV = HAL_TICK_HZ / 115200u; /* QEMU only wants it >= 16 */
        UART0_CTRL = 1u;
        uart_ready = 1;
    }
    while (UART0_STATE & 1u) {
    }
    UART0_DATA = (uint8_t)c;
}

void hal_write(const char *s, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++) {
        hal_putc(s[i]);
    }
}

uintptr_t hal_semihost(uint32_t op, const void *arg)
{
    register uintptr_t r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

void hal_exit(int status)
{
    /* SYS_EXIT_EXTENDED with ADP_Stopped_ApplicationExit: QEMU exits with
     * the status. */
    uint32_t block[2] = {0x20026u, (uint32_t)status};
    for (;;) {
        hal_semihost(0x20u, block);
    }
}

/* SysTick wraps every 2^24 ticks; its interrupt counts the wraps. */
static volatile uint32_t wraps;

void pqsig_m4_systick(void);
void pqsig_m4_systick(void)
{
    wraps++;
}

void hal_time_init(void)
{
    SYST_RVR = 0xFFFFFFu;
    SYST_CVR = 0;
    SYST_CSR = 7u; /* core clock, interrupt, enable */
    /* The write to CVR leaves it 0 until the first reload, which raises no
     * interrupt: a reading taken before would be a whole period late. */
    while (SYST_CVR == 0) {
    }
}

uint64_t hal_ticks(void)
{
    uint32_t w, v;
    do {
        w = wraps;
        v = SYST_CVR;
    } while (w != wraps);
    return ((uint64_t)w + 1u) * 0x1000000u - v;
}

uint64_t hal_instructions(void)
{
    return hal_ticks() * 40u;
}

#define PAINT 0x5AC3A55Cu
extern uint32_t __stack_limit;
static uintptr_t painted_top;

void hal_stack_paint(void)
{
    volatile uint32_t *p = &__stack_limit;
    uintptr_t sp;
    __asm__ volatile("mov %0, sp" : "=r"(sp));
    painted_top = (sp - 64u) & ~(uintptr_t)3; /* spare this function's own frame */
    while ((uintptr_t)p < painted_top) {
        *p++ = PAINT;
    }
}

size_t hal_stack_used(void)
{
    const volatile uint32_t *p = &__stack_limit;
    while ((uintptr_t)p < painted_top && *p == PAINT) {
        p++;
    }
    return painted_top - (uintptr_t)p;
}

/* The library's entropy on bare metal. The AN386 model has no random
 * source, so this is a fixed stream (splitmix64 from a constant): enough to
 * run and measure the code under emulation, useless for keys. A real board
 * must provide its TRNG here. */
int pqsig_platform_entropy(uint8_t *out, size_t len);
int pqsig_platform_entropy(uint8_t *out, size_t len)
{
    static uint64_t state = 0x7071736967u; /* "pqsig" */
    size_t i;
    for (i = 0; i < len; i++) {
        uint64_t z;
        if (i % 8 == 0) {
            state += 0x9E3779B97F4A7C15u;
        }
        z = state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
        z ^= z >> 31;
        out[i] = (uint8_t)(z >> (8 * (i % 8)));
    }
    return 0;
}
