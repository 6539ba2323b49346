/* MQ-Sign: what follows from the shape (v, o) alone. The kernels
 * (native/api.h) are compiled once per shape with MQS_V and MQS_O given by
 * the build; a parameter set's frontend gets the same two from params.h
 * (and from the build too: a mismatch is a macro redefinition). */
#ifndef PQSIG_MQSIGN_SHAPE_H
#define PQSIG_MQSIGN_SHAPE_H

#if !defined(MQS_V) || !defined(MQS_O)
#error "MQS_V and MQS_O give the MQ-Sign shape"
#endif

#define MQS_N (MQS_V + MQS_O)
#define MQS_H (MQS_O / 2) /* block size of the Schur-complement solver */
#define MQS_TRI(k) ((k) * ((k) + 1) / 2)
/* Pivot search depth of the Schur-complement elimination (official rule:
 * the diagonal row and the 7 rows below it), for every shape. */
#define MQS_SCHUR_WINDOW 8

/* The scratch the kernels take (contracts in native/api.h), sized for any
 * backend: mqs_solve gets room for two copies of the system [L | r] with
 * rows of o + 1 bytes padded to whole 16-byte blocks; mqs_pubmap for 256
 * buckets of o bytes padded to whole 32-byte blocks. */
#define MQS_SOLVE_WORK_BYTES (2 * (MQS_O + 1) * 16 * ((MQS_O + 16) / 16))
#define MQS_PUBMAP_WORK_BYTES (256 * 32 * ((MQS_O + 31) / 32))

#endif
