/* pqsig-fuzz-corpus KAT_DIR OUT_DIR [--records N]: seed corpora for the
 * fuzz harnesses from the first N (default 3) records of each algorithm's
 * official KAT file (as shipped: the whole file or its first records),
 * in the input layouts of test/fuzz/{verify,decode,diff}.c:
 *   OUT_DIR/verify_<scheme>/<name>-<count>     name, 0, pk, sig, msg
 *   OUT_DIR/decode_<scheme>/<name>-sk-<count>  name, 0, sk, zero rnd, msg
 *   OUT_DIR/decode_<scheme>/<name>-pk-<count>  name, 1, pk, sig, msg
 *   OUT_DIR/diff_<scheme>/<name>-<count>       name, count, seed, zero rnd, msg
 * The signed message sm is split into signature and message by the
 * variant's layout (sig || m or m || sig); for a scheme's own layout
 * (Falcon's) the seed signature is made afresh from the record's secret key
 * and message (derandomised with zero rnd), zero-padded to the maximum. The name byte is the index of
 * the name among the scheme's names in this build, as the harnesses count
 * them (fuzz.h), so a corpus belongs to the build that wrote it. */
#include <errno.h>
#include <sys/stat.h>

#include "common/drbg.h"
#include "fuzz/fuzz.h"
#include "kat/rsp.h"

static int make_dir(const char *path)
{
    return mkdir(path, 0755) == 0 || errno == EEXIST ? 0 : -1;
}

typedef struct {
    uint8_t *p;
    size_t len, cap;
} buf;

static void put(buf *b, const uint8_t *p, size_t len)
{
    if (b->len + len > b->cap) {
        b->cap = 2 * (b->len + len);
        b->p = realloc(b->p, b->cap);
        if (b->p == NULL) {
            abort();
        }
    }
    if (len != 0) {
        memcpy(b->p + b->len, p, len);
    }
    b->len += len;
}

static void put_zeros(buf *b, size_t len)
{
    uint8_t *z = calloc(1, len + 1);
    put(b, z, len);
    free(z);
}

/* Writes b to dir/name-tag-count ('/' and '@' in names become '_'). */
static int save(const char *dir, const char *name, const char *tag, unsigned count, const buf *b)
{
    char path[1024], clean[256];
    size_t i;
    FILE *f;
    snprintf(clean, sizeof clean, "%s", name);
    for (i = 0; clean[i] != 0; i++) {
        if (clean[i] == '/' || clean[i] == '@') {
            clean[i] = '_';
        }
    }
    snprintf(path, sizeof path, "%s/%s%s-%u", dir, clean, tag, count);
    f = fopen(path, "wb");
    if (f == NULL || fwrite(b->p, 1, b->len, f) != b->len) {
        fprintf(stderr, "pqsig-fuzz-corpus: cannot write %s\n", path);
        if (f != NULL) {
            fclose(f);
        }
        return -1;
    }
    return fclose(f) == 0 ? 0 : -1;
}

static int drbg_fill(void *state, uint8_t *out, size_t len)
{
    return pqsig_drbg_randombytes((pqsig_drbg *)state, out, len);
}

/* The secret key of a record whose shipped file leaves it out (MQ-Sign's
 * first records: 0.3 to 2 MB of hex), made again as the KAT made it, from
 * the record's seed, and checked against the record's public key; NULL if
 * that fails. */
static uint8_t *secret_key_again(const pqsig_alg *a, const uint8_t seed[48], const uint8_t *pk)
{
    uint8_t *sk = malloc(a->d.secret_key_bytes), *pk2 = malloc(a->d.public_key_bytes);
    pqsig_drbg st;
    pqsig_rng rng = {drbg_fill, &st};
    int ok = pqsig_drbg_init(&st, seed, NULL, 256) == 0;
    ok = ok && sk != NULL && pk2 != NULL && pqsig_keypair_rng(a, pk2, sk, &rng) == PQSIG_OK &&
         memcmp(pk2, pk, a->d.public_key_bytes) == 0;
    pqsig_drbg_release(&st);
    free(pk2);
    if (!ok) {
        fprintf(stderr, "pqsig-fuzz-corpus: %s: the record's seed does not give its public key\n", a->d.name);
        free(sk);
        return NULL;
    }
    return sk;
}

/* The seeds of one record of group gi; 1 if written, 0 if the record is
 * not there, -1 on error. */
static int record(const char *out, const fuzz_group *g, size_t gi, const char *rsp, unsigned count)
{
    const pqsig_alg *a = g->impl[0];
    const pqsig_details *d = g->d;
    size_t smlen = rsp_shipped_size(rsp, count, "smlen"), siglen = d->signature_bytes, mlen;
    uint8_t *pk, *sk, *sm, *seed, *sig, *msg, *own, *rnd = NULL;
    uint8_t head[2];
    char dir[1024];
    buf b = {NULL, 0, 0};
    int ret = -1;

    pk = rsp_shipped_bytes(rsp, count, "pk", d->public_key_bytes);
    sk = rsp_shipped_bytes(rsp, count, "sk", d->secret_key_bytes);
    seed = rsp_shipped_bytes(rsp, count, "seed", 48);
    if (sk == NULL && pk != NULL && seed != NULL) {
        sk = secret_key_again(a, seed, pk);
    }
    sm = NULL;
    own = NULL;
    if (a->sm_layout == PQSIG_SM_CUSTOM) {
        size_t len = siglen;
        mlen = rsp_shipped_size(rsp, count, "mlen");
        sm = mlen != 0 ? rsp_shipped_bytes(rsp, count, "msg", mlen) : NULL;
        own = calloc(1, siglen + 1);
        rnd = calloc(1, d->sign_rnd_bytes + 1);
        if (pk == NULL || sk == NULL || sm == NULL || seed == NULL || own == NULL || rnd == NULL ||
            pqsig_sign_derand(a, own, &len, sm, mlen, sk, rnd) != PQSIG_OK) {
            ret = 0;
            goto done;
        }
        sig = own;
        msg = sm;
    } else {
        if (smlen < siglen) {
            ret = 0;
            goto done;
        }
        mlen = smlen - siglen;
        sm = rsp_shipped_bytes(rsp, count, "sm", smlen);
        if (pk == NULL || sk == NULL || sm == NULL || seed == NULL) {
            ret = 0;
            goto done;
        }
        sig = a->sm_layout == PQSIG_SM_MSG_SIG ? sm + mlen : sm;
        msg = a->sm_layout == PQSIG_SM_MSG_SIG ? sm : sm + siglen;
    }
    head[0] = (uint8_t)gi;

    head[1] = 0;
    snprintf(dir, sizeof dir, "%s/verify_%s", out, d->scheme);
    put(&b, head, 2);
    put(&b, pk, d->public_key_bytes);
    put(&b, sig, siglen);
    put(&b, msg, mlen);
    if (make_dir(dir) != 0 || save(dir, d->name, "", count, &b) != 0) {
        goto done;
    }
    snprintf(dir, sizeof dir, "%s/decode_%s", out, d->scheme);
    b.len = 0;
    put(&b, head, 2);
    put(&b, sk, d->secret_key_bytes);
    put_zeros(&b, d->sign_rnd_bytes);
    put(&b, msg, mlen);
    if (make_dir(dir) != 0 || save(dir, d->name, "-sk", count, &b) != 0) {
        goto done;
    }
    head[1] = 1;
    b.len = 0;
    put(&b, head, 2);
    put(&b, pk, d->public_key_bytes);
    put(&b, sig, siglen);
    put(&b, msg, mlen);
    if (save(dir, d->name, "-pk", count, &b) != 0) {
        goto done;
    }
    head[1] = (uint8_t)count;
    snprintf(dir, sizeof dir, "%s/diff_%s", out, d->scheme);
    b.len = 0;
    put(&b, head, 2);
    put(&b, seed, d->keypair_seed_bytes < 48 ? d->keypair_seed_bytes : 48);
    put_zeros(&b, d->keypair_seed_bytes > 48 ? d->keypair_seed_bytes - 48 : 0);
    put_zeros(&b, d->sign_rnd_bytes);
    put(&b, msg, mlen);
    ret = make_dir(dir) != 0 || save(dir, d->name, "", count, &b) != 0 ? -1 : 1;
done:
    free(pk);
    free(sk);
    free(sm);
    free(seed);
    free(own);
    free(rnd);
    free(b.p);
    return ret;
}

int main(int argc, char **argv)
{
    static fuzz_group groups[FUZZ_MAX_NAMES];
    const char *schemes[16];
    size_t nschemes = 0, s, i, n;
    unsigned records = 3, c, written = 0;
    char rsp[1200];

    if (argc == 5 && strcmp(argv[3], "--records") == 0) {
        records = (unsigned)strtoul(argv[4], NULL, 10);
    } else if (argc != 3) {
        fprintf(stderr, "usage: pqsig-fuzz-corpus KAT_DIR OUT_DIR [--records N]\n");
        return 2;
    }
    if (make_dir(argv[2]) != 0) {
        fprintf(stderr, "pqsig-fuzz-corpus: cannot create %s\n", argv[2]);
        return 1;
    }
    for (i = 0; i < pqsig_count(); i++) {
        const char *sch = pqsig_at(i)->d.scheme;
        for (s = 0; s < nschemes && strcmp(schemes[s], sch) != 0; s++) {
        }
        if (s == nschemes && nschemes < sizeof schemes / sizeof schemes[0]) {
            schemes[nschemes++] = sch;
        }
    }
    for (s = 0; s < nschemes; s++) {
        n = fuzz_groups(groups, FUZZ_MAX_NAMES, schemes[s]);
        for (i = 0; i < n; i++) {
            const pqsig_alg *a = groups[i].impl[0];
            unsigned mine = 0;
            if (a->kat_file == NULL || rsp_shipped_path(rsp, sizeof rsp, argv[1], a->kat_file) != 0) {
                printf("pqsig-fuzz-corpus: %s has no shipped KAT file: no seeds\n", a->d.name);
                continue;
            }
            for (c = 0; c < records; c++) {
                int r = record(argv[2], &groups[i], i, rsp, c);
                if (r < 0) {
                    return 1;
                }
                mine += (unsigned)r;
                if (r == 0) {
                    break;
                }
            }
            /* A shipped file that gives no seed (MQ-Sign's, without their
             * secret keys, until the fourteenth session) left the harnesses
             * to fuzz the name from nothing: an error. */
            if (mine == 0) {
                fprintf(stderr, "pqsig-fuzz-corpus: no seed from %s for %s\n", rsp, a->d.name);
                return 1;
            }
            written += mine;
        }
    }
    printf("pqsig-fuzz-corpus: %u records in %s\n", written, argv[2]);
    return written > 0 ? 0 : 1;
}
