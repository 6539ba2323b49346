/* Falcon test backend "decline": the one answer of every hook of meta.h,
 * kept out of line so that the core really takes the fallback path. */
#include "falcon/native/decline/meta.h"

int falcon_decline(void)
{
    return PQSIG_NATIVE_FALLBACK;
}
