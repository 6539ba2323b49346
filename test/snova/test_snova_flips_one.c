/* test_snova_flips, one SNOVA variant: every single-bit change of the
 * public key of the shipped official record is rejected.
 *
 * The bits of the public seed change every expanded matrix and the target;
 * they are run through the verifiers, all of them. The bits of P22 are too
 * many for that (the keys of l = 2 have up to 575,000, and one verification
 * evaluates the whole map), but they change only P22, and the target hash
 * reads only the public seed. For a fixed signature U the map is linear in
 * P22 (section 1.9.4): changing element (r, c) of block (j, k) of P_i' by d
 * changes output i by
 *   d * sum over t with i + t = i' (mod o) of  L_itj[., r] (x) R_itk[c, .],
 *   L_itj = A_it (Q1_it U_{v+j})^t,  R_itk = Q2_it U_{v+k} B_it.
 * A changed key is accepted iff it still decodes (odd q: the chunk of
 * PACK_GF elements is below q^PACK_GF) and this change is zero for every
 * output i. This file computes that for every bit, checks the formula
 * against the reference's own evaluation and the prediction against the
 * reference and opt verifiers on a sample of bits.
 *
 * For odd q, P22 is stored symmetric: element (r, c) of block (j, k) is
 * also element (c, r) of block (k, j), and a chunk of bytes holds several
 * elements, so one bit may change several elements. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flips.h"
#include "kat/rsp.h"
#include "registry.h"
#include "snova/ref/ref.h"

extern const pqsig_alg PQSIG_NS(alg);
void PQSIG_NS(flip_test)(const char *kat_dir, flip_tally *t);

#define SAMPLE_BITS 12u

/* Where an element of the P22 encoding sits: equation i, block (j, k),
 * entry (r, c). */
typedef struct {
    uint16_t i, j, k;
    uint8_t r, c;
} elem_at;

typedef struct {
    unsigned e; /* element index */
    gf d;       /* new - old */
} change;

typedef struct {
    blk l[SNOVA_O][SNOVA_ALPHA][SNOVA_O]; /* L_itj */
    blk r[SNOVA_O][SNOVA_ALPHA][SNOVA_O]; /* R_itk */
    elem_at at[SNOVA_PK_ELEMS];
    blk su[SNOVA_O][SNOVA_L]; /* S^a U_{v+j}, for the reference's evaluation */
    snova_abq abq;
} flip_state;

static void locate(elem_at *at)
{
    unsigned i, j, k, r, c, n = 0;
    for (i = 0; i < SNOVA_O; i++) {
        for (j = 0; j < SNOVA_O; j++) {
#if SNOVA_SYMMETRIC
            /* The upper triangle of the (o l) x (o l) matrix, by rows. */
            for (r = 0; r < SNOVA_L; r++) {
                for (k = j; k < SNOVA_O; k++) {
                    for (c = k == j ? r : 0; c < SNOVA_L; c++) {
                        elem_at x = {(uint16_t)i, (uint16_t)j, (uint16_t)k, (uint8_t)r, (uint8_t)c};
                        at[n++] = x;
                    }
                }
            }
#else
            for (k = 0; k < SNOVA_O; k++) {
                for (r = 0; r < SNOVA_L; r++) {
                    for (c = 0; c < SNOVA_L; c++) {
                        elem_at x = {(uint16_t)i, (uint16_t)j, (uint16_t)k, (uint8_t)r, (uint8_t)c};
                        at[n++] = x;
                    }
                }
            }
#endif
        }
    }
}

static void noop_visit(void *ctx, unsigned part, unsigned i, unsigned j, unsigned k, const blk *p)
{
    (void)ctx;
    (void)part;
    (void)i;
    (void)j;
    (void)k;
    (void)p;
}

/* ABQ from the public seed, L and R from the signature's oil blocks. */
static void prepare(flip_state *s, const uint8_t *pk, const gf *sig_elems)
{
    blk spow[SNOVA_L], u[SNOVA_O];
    snova_stream pub;
    unsigned i, t, j;

    PQSIG_NS(snova_s_powers)(spow);
    PQSIG_NS(snova_stream_public)(&pub, pk);
    PQSIG_NS(snova_walk_public)(&pub, noop_visit, NULL);
    PQSIG_NS(snova_abq_generate)(&s->abq, &pub, spow);
    PQSIG_NS(snova_stream_release)(&pub);
    for (j = 0; j < SNOVA_O; j++) {
        blk_from_elems(&u[j], &sig_elems[(SNOVA_V + j) * SNOVA_L2]);
        PQSIG_NS(snova_whip_point)(s->su[j], &u[j], spow);
    }
    for (i = 0; i < SNOVA_O; i++) {
        for (t = 0; t < SNOVA_ALPHA; t++) {
            blk q1, q2;
            PQSIG_NS(snova_fqs)(&q1, s->abq.q1[i][t], spow);
            PQSIG_NS(snova_fqs)(&q2, s->abq.q2[i][t], spow);
            for (j = 0; j < SNOVA_O; j++) {
                blk x, xt;
                blk_mul(&x, &q1, &u[j]);
                blk_transpose(&xt, &x);
                blk_mul(&s->l[i][t][j], &s->abq.a[i][t], &xt);
                blk_mul(&x, &q2, &u[j]);
                blk_mul(&s->r[i][t][j], &x, &s->abq.b[i][t]);
            }
        }
    }
}

/* One term d E_rc in block (j, k) of P_ip: its share of output i. */
static void add_term(blk *out, const flip_state *s, unsigned i, unsigned ip, unsigned j, unsigned k,
                     unsigned r, unsigned c, gf d)
{
    unsigned t, p, q;
    for (t = 0; t < SNOVA_ALPHA; t++) {
        if ((i + t) % SNOVA_O != ip) {
            continue;
        }
        for (p = 0; p < SNOVA_L; p++) {
            gf lp = gf_mul(d, s->l[i][t][j].e[p][r]);
            for (q = 0; q < SNOVA_L; q++) {
                out->e[p][q] = gf_add(out->e[p][q], gf_mul(lp, s->r[i][t][k].e[c][q]));
            }
        }
    }
}

/* Whether a block (j, k, r, c) has a mirror that the same element sets. */
static int mirrored(const elem_at *x)
{
    return SNOVA_SYMMETRIC && !(x->j == x->k && x->r == x->c);
}

/* The change of output i by the formula. */
static void delta(blk *out, const flip_state *s, unsigned i, const change *ch, unsigned nch)
{
    unsigned n;
    blk_zero(out);
    for (n = 0; n < nch; n++) {
        const elem_at *x = &s->at[ch[n].e];
        add_term(out, s, i, x->i, x->j, x->k, x->r, x->c, ch[n].d);
        if (mirrored(x)) {
            add_term(out, s, i, x->i, x->k, x->j, x->c, x->r, ch[n].d);
        }
    }
}

static int blk_nonzero(const blk *b)
{
    unsigned p, q;
    gf acc = 0;
    for (p = 0; p < SNOVA_L; p++) {
        for (q = 0; q < SNOVA_L; q++) {
            acc |= b->e[p][q];
        }
    }
    return acc != 0;
}

/* The changes of flipping bit `bit` of the P22 encoding p22; returns -1
 * when the changed chunk is not canonical, else the number of changes. */
static int flip_changes(change *ch, const uint8_t *p22, size_t bit)
{
    size_t byte = bit / 8, first = byte / SNOVA_PACK_BYTES * SNOVA_PACK_GF, b0 = SNOVA_BYTES_GF(first);
    size_t count = SNOVA_PK_ELEMS - first < SNOVA_PACK_GF ? SNOVA_PK_ELEMS - first : SNOVA_PACK_GF;
    uint8_t chunk[SNOVA_PACK_BYTES];
    gf old[SNOVA_PACK_GF], now[SNOVA_PACK_GF];
    size_t n;
    int nch = 0;
    memcpy(chunk, p22 + b0, SNOVA_BYTES_GF(first + count) - b0);
    (void)PQSIG_NS(snova_unpack)(old, chunk, count);
    chunk[byte - b0] ^= (uint8_t)(1u << (bit % 8));
    if (PQSIG_NS(snova_unpack)(now, chunk, count) != 0) {
        return -1;
    }
    for (n = 0; n < count; n++) {
        if (now[n] != old[n]) {
            ch[nch].e = (unsigned)(first + n);
            ch[nch].d = gf_sub(now[n], old[n]);
            nch++;
        }
    }
    return nch;
}

/* 1 when flipping the bit leaves the key accepted, 0 when the map changes,
 * -1 when the key no longer decodes. */
static int predict(const flip_state *s, const uint8_t *p22, size_t bit)
{
    change ch[SNOVA_PACK_GF];
    int nch = flip_changes(ch, p22, bit);
    unsigned i;
    if (nch < 0) {
        return -1;
    }
    for (i = 0; i < SNOVA_O; i++) {
        blk d;
        delta(&d, s, i, ch, (unsigned)nch);
        if (blk_nonzero(&d)) {
            return 0;
        }
    }
    return 1;
}

/* The formula against the reference's evaluation of the changed terms
 * (snova_whip_add/finish are linear in the blocks). 1 if they agree. */
static int formula_matches(const flip_state *s, const uint8_t *p22, size_t bit)
{
    change ch[SNOVA_PACK_GF];
    int nch = flip_changes(ch, p22, bit), n, ok = 1;
    snova_whip *w = calloc(1, sizeof(*w));
    blk out[SNOVA_O];
    unsigned i;
    if (w == NULL || nch < 0) {
        free(w);
        return w != NULL;
    }
    for (n = 0; n < nch; n++) {
        const elem_at *x = &s->at[ch[n].e];
        blk m;
        blk_zero(&m);
        m.e[x->r][x->c] = ch[n].d;
        PQSIG_NS(snova_whip_add)(w, x->i, s->su[x->j], &m, s->su[x->k]);
        if (mirrored(x)) {
            blk_zero(&m);
            m.e[x->c][x->r] = ch[n].d;
            PQSIG_NS(snova_whip_add)(w, x->i, s->su[x->k], &m, s->su[x->j]);
        }
    }
    PQSIG_NS(snova_whip_finish)(out, w, &s->abq);
    for (i = 0; i < SNOVA_O; i++) {
        blk d;
        delta(&d, s, i, ch, (unsigned)nch);
        ok &= memcmp(&d, &out[i], sizeof(d)) == 0;
    }
    free(w);
    return ok;
}

static int accepted(const pqsig_alg *a, const uint8_t *sig, const uint8_t *m, size_t mlen, const uint8_t *pk)
{
    return pqsig_verify(a, sig, SNOVA_SIGNATURE_BYTES, m, mlen, pk) == PQSIG_OK;
}

void PQSIG_NS(flip_test)(const char *kat_dir, flip_tally *t)
{
    const pqsig_alg *ref = &PQSIG_NS(alg), *opt = pqsig_find_impl(ref->d.name, "opt");
    const pqsig_alg *fast = opt != NULL ? opt : ref;
    const char *name = ref->d.name;
    const size_t seed_bits = 8 * SNOVA_SEED_PUBLIC_BYTES;
    const size_t p22_bits = 8 * (SNOVA_PUBLICKEY_BYTES - SNOVA_SEED_PUBLIC_BYTES);
    char path[4096];
    size_t mlen, smlen, bit, seed_rejected = 0, noncanonical = 0, changed = 0, agree = 0, k;
    uint8_t *msg = NULL, *pk = NULL, *sm = NULL, *p22;
    const uint8_t *sig, *m;
    gf *sig_elems = NULL;
    flip_state *s = NULL;

    if (ref->kat_file == NULL || rsp_shipped_path(path, sizeof path, kat_dir, ref->kat_file) != 0) {
        printf("skip %s: no shipped record\n", name);
        return;
    }
    mlen = rsp_shipped_size(path, 0, "mlen");
    smlen = rsp_shipped_size(path, 0, "smlen");
    msg = rsp_shipped_bytes(path, 0, "msg", mlen);
    pk = rsp_shipped_bytes(path, 0, "pk", SNOVA_PUBLICKEY_BYTES);
    sm = rsp_shipped_bytes(path, 0, "sm", smlen);
    s = malloc(sizeof(*s));
    sig_elems = malloc(SNOVA_SIG_ELEMS * sizeof(gf));
    FLIP_CHECK(t, msg != NULL && pk != NULL && sm != NULL && s != NULL && sig_elems != NULL &&
                      smlen == mlen + SNOVA_SIGNATURE_BYTES,
               "%s: record 0 of %s", name, path);
    if (msg == NULL || pk == NULL || sm == NULL || s == NULL || sig_elems == NULL ||
        smlen != mlen + SNOVA_SIGNATURE_BYTES) {
        goto done;
    }
    t->variants++;
    sig = ref->sm_layout == PQSIG_SM_SIG_MSG ? sm : sm + mlen;
    m = ref->sm_layout == PQSIG_SM_SIG_MSG ? sm + SNOVA_SIGNATURE_BYTES : sm;
    FLIP_CHECK(t, memcmp(m, msg, mlen) == 0 && accepted(ref, sig, m, mlen, pk) && accepted(fast, sig, m, mlen, pk),
               "%s: the record verifies", name);
    FLIP_CHECK(t, PQSIG_NS(snova_unpack)(sig_elems, sig, SNOVA_SIG_ELEMS) == 0, "%s: signature decodes", name);

    /* The public seed: through the verifier. */
    for (bit = 0; bit < seed_bits; bit++) {
        pk[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        seed_rejected += !accepted(fast, sig, m, mlen, pk);
        pk[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    }
    FLIP_CHECK(t, seed_rejected == seed_bits, "%s %s: %zu of %zu seed bits rejected", name, fast->d.impl,
               seed_rejected, seed_bits);

    /* P22: every bit by the formula. */
    p22 = pk + SNOVA_SEED_PUBLIC_BYTES;
    locate(s->at);
    prepare(s, pk, sig_elems);
    for (bit = 0; bit < p22_bits; bit++) {
        int p = predict(s, p22, bit);
        if (p < 0) {
            noncanonical++;
        } else if (p == 0) {
            changed++;
        } else {
            /* Accepted by the algebra: see whether the verifiers agree. */
            pk[SNOVA_SEED_PUBLIC_BYTES + bit / 8] ^= (uint8_t)(1u << (bit % 8));
            FLIP_CHECK(t, 0, "%s: P22 bit %zu changes no output (ref %s, opt %s it)", name, bit,
                       accepted(ref, sig, m, mlen, pk) ? "accepts" : "rejects",
                       accepted(fast, sig, m, mlen, pk) ? "accepts" : "rejects");
            pk[SNOVA_SEED_PUBLIC_BYTES + bit / 8] ^= (uint8_t)(1u << (bit % 8));
        }
    }
    FLIP_CHECK(t, noncanonical + changed == p22_bits, "%s: every P22 bit rejected", name);

    /* A sample spread over P22 (every bit position of a byte, the first and
     * the last byte): formula, reference and opt agree. */
    for (k = 0; k < SAMPLE_BITS; k++) {
        size_t byte = k * (p22_bits / 8 - 1) / (SAMPLE_BITS - 1);
        int p, r, o, ok;
        bit = 8 * byte + (k * 3) % 8;
        p = predict(s, p22, bit);
        pk[SNOVA_SEED_PUBLIC_BYTES + byte] ^= (uint8_t)(1u << (bit % 8));
        r = accepted(ref, sig, m, mlen, pk);
        o = accepted(fast, sig, m, mlen, pk);
        pk[SNOVA_SEED_PUBLIC_BYTES + byte] ^= (uint8_t)(1u << (bit % 8));
        ok = r == (p == 1) && o == (p == 1) && formula_matches(s, p22, bit);
        FLIP_CHECK(t, ok, "%s: P22 bit %zu: formula %d, ref %d, %s %d, formula against the reference's map",
                   name, bit, p, r, fast->d.impl, o);
        agree += (size_t)ok;
    }
    printf("%s: %zu seed bits rejected by %s; %zu P22 bits: %zu make a non-canonical key, %zu change the map "
           "(%zu sampled bits agree with ref and %s)\n",
           name, seed_rejected, fast->d.impl, p22_bits, noncanonical, changed, agree, fast->d.impl);
done:
    free(msg);
    free(pk);
    free(sm);
    free(s);
    free(sig_elems);
}
