/* MQ-Sign test backend "decline": the refusal every hook of meta.h returns. */
#include "mqsign/native/api.h"
#include "mqsign/native/decline/meta.h"

int mqs_decline(void)
{
    return PQSIG_NATIVE_FALLBACK;
}
