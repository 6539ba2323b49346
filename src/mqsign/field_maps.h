/* MQ-Sign: the maps a -> a * 2^t of the tower field (arith.h) on words of
 * 8 lanes, written once over a word type. Each inclusion defines
 * MQS_MAP(mul_x), MQS_MAP(mul_y), MQS_MAP(mul_bigx) and
 * MQS_MAP(expand_word) for MQS_MAP_WORD, a 64-bit integer or a vector of
 * them (GCC vector extensions: the same expressions, lane by lane); no
 * include guard, the two macros are undefined at the end. Includers:
 * arith.h (uint64_t), native/x86_64_avx2/recompiled_avx2.c (4 words). */

/* Times x (0x02) in every lane: on each bit pair h*x + l -> (h+l)*x + h. */
static inline MQS_MAP_WORD MQS_MAP(mul_x)(MQS_MAP_WORD a)
{
    MQS_MAP_WORD l = a & MQS_LANES_PAIRLO, h = (a >> 1) & MQS_LANES_PAIRLO;
    return ((h ^ l) << 1) | h;
}

/* Times y (0x04): on each nibble H*y + L -> (H+L)*y + x*H. */
static inline MQS_MAP_WORD MQS_MAP(mul_y)(MQS_MAP_WORD a)
{
    MQS_MAP_WORD l = a & MQS_LANES_NIBLO, h = (a >> 2) & MQS_LANES_NIBLO;
    return ((h ^ l) << 2) | MQS_MAP(mul_x)(h);
}

/* Times X (0x10): H*X + L -> (H+L)*X + xy*H, where on a nibble
 * xy*(h*y + l) = x(h+l)*y + (x+1)*h. */
static inline MQS_MAP_WORD MQS_MAP(mul_bigx)(MQS_MAP_WORD a)
{
    MQS_MAP_WORD l = a & MQS_LANES_BYTELO, h = (a >> 4) & MQS_LANES_BYTELO;
    MQS_MAP_WORD hl = h & MQS_LANES_NIBLO, hh = (h >> 2) & MQS_LANES_NIBLO;
    MQS_MAP_WORD xyh = (MQS_MAP(mul_x)(hl ^ hh) << 2) | (MQS_MAP(mul_x)(hh) ^ hh);
    return ((h ^ l) << 4) | xyh;
}

/* out[t] = a * 2^t (t = 0..7), each from one or two of the maps above. */
static inline void MQS_MAP(expand_word)(MQS_MAP_WORD out[8], MQS_MAP_WORD a)
{
    MQS_MAP_WORD a4 = MQS_MAP(mul_bigx)(a);
    out[0] = a;
    out[1] = MQS_MAP(mul_x)(a);
    out[2] = MQS_MAP(mul_y)(a);
    out[3] = MQS_MAP(mul_x)(out[2]);
    out[4] = a4;
    out[5] = MQS_MAP(mul_x)(a4);
    out[6] = MQS_MAP(mul_y)(a4);
    out[7] = MQS_MAP(mul_x)(out[6]);
}

#undef MQS_MAP_WORD
#undef MQS_MAP
