/* NCC-Sign-T test backend "decline": the one answer of every hook of
 * meta.h, kept out of line so the frontend really takes the fallback path. */
#include "nccsign/native/decline/meta.h"

int ncc_decline(void)
{
    return PQSIG_NATIVE_FALLBACK;
}
