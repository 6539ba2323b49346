/* Time spent hashing, for the "hashing" share of ./pqsig bench on the
 * Cortex-M4 (the figure pqm4's tables give).
 *
 * In a build with PQSIG_PROFILE_HASHING (the bare-metal builds) the Keccak
 * sponges and permutations and the AES entry points call
 * pqsig_profile_hash_hook(1) on entry and (0) on return, when a benchmark
 * has set the hook. The hook keeps a depth count and adds up the time from
 * the outermost entry to its return, so nested calls count once. With no
 * hook set the cost is a load and a branch per call; other builds compile
 * the marks away. The hook sees no data, only that hashing happens, which
 * is public. */
#ifndef PQSIG_COMMON_PROFILE_H
#define PQSIG_COMMON_PROFILE_H

#if defined(PQSIG_PROFILE_HASHING)
extern void (*volatile pqsig_profile_hash_hook)(int entering);
#define PQSIG_HASH_MARK(entering)                         \
    do {                                                  \
        void (*hook_)(int) = pqsig_profile_hash_hook;     \
        if (hook_ != 0) {                                 \
            hook_(entering);                              \
        }                                                 \
    } while (0)
#else
#define PQSIG_HASH_MARK(entering) ((void)0)
#endif
#define PQSIG_HASH_BEGIN() PQSIG_HASH_MARK(1)
#define PQSIG_HASH_END() PQSIG_HASH_MARK(0)

#endif
