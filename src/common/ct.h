/* Constant-time helpers and the hooks of the constant-time test.
 *
 * Values that depend on secrets go through a value barrier before they are
 * turned into masks, so that the compiler cannot prove them boolean and
 * reintroduce a branch. With PQSIG_CT_TESTING the SECRET/DECLASSIFY hooks
 * become valgrind memcheck client requests: a secret is "undefined" memory,
 * and memcheck reports every branch or address that depends on it. Each
 * DECLASSIFY in the library marks a value the scheme makes public and must
 * carry a comment saying why that is safe. */
#ifndef PQSIG_CT_H
#define PQSIG_CT_H

#include <stddef.h>
#include <stdint.h>

#ifdef PQSIG_CT_TESTING
#include <valgrind/memcheck.h>
#define PQSIG_CT_SECRET(p, len) VALGRIND_MAKE_MEM_UNDEFINED((p), (len))
#define PQSIG_CT_DECLASSIFY(p, len) VALGRIND_MAKE_MEM_DEFINED((p), (len))
#else
#define PQSIG_CT_SECRET(p, len) ((void)(p), (void)(len))
#define PQSIG_CT_DECLASSIFY(p, len) ((void)(p), (void)(len))
#endif

#if defined(__GNUC__) || defined(__clang__)
#define PQSIG_BARRIER(x) __asm__ __volatile__("" : "+r"(x))
#else
#error "pqsig needs a compiler with GNU inline asm for its value barriers"
#endif

static inline uint32_t pqsig_ct_barrier_u32(uint32_t x)
{
    PQSIG_BARRIER(x);
    return x;
}

static inline uint64_t pqsig_ct_barrier_u64(uint64_t x)
{
    PQSIG_BARRIER(x);
    return x;
}

static inline uint8_t pqsig_ct_barrier_u8(uint8_t x)
{
    PQSIG_BARRIER(x);
    return x;
}

/* The masks below pass through a barrier on the way out as well: a
 * compiler that knows a value is 0 or all ones may turn `acc |= mask` into
 * a branch (clang -O1 did, in Falcon's key check: the constant-time matrix
 * of ./pqsig test found it). */

/* 0xFFFFFFFF if x != 0, else 0. */
static inline uint32_t pqsig_ct_nonzero_mask_u32(uint32_t x)
{
    uint64_t w = (uint64_t)pqsig_ct_barrier_u32(x);
    return pqsig_ct_barrier_u32((uint32_t)(0 - ((w | (0 - w)) >> 63)));
}

/* 0xFFFFFFFF if a == b, else 0. */
static inline uint32_t pqsig_ct_eq_mask_u32(uint32_t a, uint32_t b)
{
    return ~pqsig_ct_nonzero_mask_u32(a ^ b);
}

/* 0xFFFFFFFF if a < b (unsigned), else 0. */
static inline uint32_t pqsig_ct_lt_mask_u32(uint32_t a, uint32_t b)
{
    uint64_t d = (uint64_t)pqsig_ct_barrier_u32(a) - (uint64_t)b;
    return pqsig_ct_barrier_u32((uint32_t)(0 - (d >> 63)));
}

/* mask ? a : b, for a mask that is all ones or all zeros. */
static inline uint32_t pqsig_ct_select_u32(uint32_t mask, uint32_t a, uint32_t b)
{
    return b ^ (pqsig_ct_barrier_u32(mask) & (a ^ b));
}

/* dst = src when cond != 0; dst unchanged when cond == 0. */
static inline void pqsig_ct_cmov(uint8_t *dst, const uint8_t *src, size_t len, uint8_t cond)
{
    uint8_t mask = (uint8_t)pqsig_ct_nonzero_mask_u32(cond);
    size_t i;
    for (i = 0; i < len; i++) {
        dst[i] ^= (uint8_t)(mask & (dst[i] ^ src[i]));
    }
}

/* 0 if the buffers are equal, -1 otherwise; time depends on len only. */
static inline int pqsig_ct_memcmp(const uint8_t *a, const uint8_t *b, size_t len)
{
    uint8_t acc = 0;
    size_t i;
    for (i = 0; i < len; i++) {
        acc |= (uint8_t)(a[i] ^ b[i]);
    }
    return -(int)(1 & (pqsig_ct_nonzero_mask_u32(acc)));
}

/* Overwrite memory in a way the compiler may not remove. */
void pqsig_zeroize(void *p, size_t len);

#endif
