/* hls.fuzz seed 1 kernel 0 (after the generator learnt unroll and partition pragmas): isl's
   scheduler took minutes on the uncoalesced dependences of the i4/i5 nest (30 ms coalesced). */
// hls-tops: kern
/* hls fuzz seed=1 index=0; hls options: (none) */
#include <stdint.h>
#include <math.h>
#include <string.h>
#include <stdio.h>
static uint16_t h0(float p0, int16_t p1, unsigned long long p2) {
  unsigned long t1 = ((p1 <= p2) - p2);
  return (fminf((-1.0f), p0) == (t1 * p1));
}
unsigned kern(uint16_t a0[10][11]) {
  #pragma HLS interface mode=ap_memory port=a0 storage_type=ram_1p
  int32_t l2[11];
  #pragma HLS bind_storage variable=l2 type=ram_s2p impl=reg
  for (int i3 = 0; i3 < 11; i3++)
    l2[i3] = ((((float)a0[9][i3]) * ((double)a0[4][10 - i3])) != (a0[2][i3] <= 2147483648u));
  for (int i4 = 0; i4 < 11; i4++) {
    l2[i4] = ((l2[i4] & 32767) + ((l2[i4] >> (a0[1][10 - i4] & 31)) & 32767));
    for (int i5 = i4; i5 < 10; i5++) {
      a0[9 - i5][i5] = ((unsigned short)fminf(fmaxf((((float)l2[10 - i5]) + ((float)l2[i5])), 0.0f), 100.0f));
      a0[i5][i5] = i4;
      a0[i5][i5 + 1] = ((((float)a0[9 - i5][8]) >= 0.0f) ? ((((float)a0[9 - i5][8]) <= 100.0f) ? ((unsigned char)((float)a0[9 - i5][8])) : ((unsigned char)100)) : ((unsigned char)0));
    }
  }
  for (int i6 = 9; i6 > 0; i6--) {
    l2[(unsigned)(((a0[i6][8] != ((double)8)) && (15000000000.0 <= ((float)i6)))) % 11u] = (l2[10 - i6] * ((i6 != l2[10 - i6]) && ((-7.75f) > ((float)i6))));
    if (((a0[i6][i6] & (-32768ULL)) <= fmax(0.0, ((double)220ll)))) {
      a0[i6 - 1][i6 + 1] = (((unsigned)a0[i6 - 1][10 - i6]) * ((unsigned)(a0[(unsigned)(l2[i6]) % 10u][10 - i6] / ((0 & 127) | 1))));
      a0[i6 - 1][i6] -= 183ll;
    }
    l2[i6 - 1] = ((l2[i6] < a0[i6][i6 - 1]) ? 0x11a : i6);
  }
  int32_t acc7 = ((int32_t)0);
  for (int i8 = 0; i8 <= 10; i8 += 3) {
    #pragma HLS pipeline II=2
    acc7 = (((int)fminf(fmaxf(((float)9223372036854775808ul), (-1073741824.0f)), 1073741824.0f)) > acc7) ? ((int)fminf(fmaxf(((float)9223372036854775808ul), (-1073741824.0f)), 1073741824.0f)) : acc7;
  }
  acc7 = acc7;
  return (((unsigned)((-1.0f) > l2[5])) + ((unsigned)(l2[10] & l2[3])));
}

static uint64_t fz_hash = 1469598103934665603ULL;
static void fz_mix(const void *p, unsigned long n) {
  const unsigned char *c = (const unsigned char *)p;
  for (unsigned long k = 0; k < n; k++) fz_hash = (fz_hash ^ c[k]) * 1099511628211ULL;
}
int main(void) {
  static const uint16_t fz_a0[3][110] = {{((uint16_t)69), ((uint16_t)54191), ((uint16_t)15538), ((uint16_t)59), ((uint16_t)55), ((uint16_t)58397), ((uint16_t)89), ((uint16_t)62952), ((uint16_t)10865), ((uint16_t)18), ((uint16_t)20614), ((uint16_t)20664), ((uint16_t)48130), ((uint16_t)20435), ((uint16_t)33418), ((uint16_t)34648), ((uint16_t)58071), ((uint16_t)75), ((uint16_t)32188), ((uint16_t)35306), ((uint16_t)42), ((uint16_t)89), ((uint16_t)41), ((uint16_t)96), ((uint16_t)29710), ((uint16_t)32), ((uint16_t)55), ((uint16_t)35), ((uint16_t)68), ((uint16_t)8), ((uint16_t)96), ((uint16_t)4870), ((uint16_t)11471), ((uint16_t)14480), ((uint16_t)40688), ((uint16_t)32664), ((uint16_t)29443), ((uint16_t)91), ((uint16_t)706), ((uint16_t)41), ((uint16_t)52), ((uint16_t)63), ((uint16_t)61005), ((uint16_t)78), ((uint16_t)33), ((uint16_t)97), ((uint16_t)50788), ((uint16_t)15), ((uint16_t)5346), ((uint16_t)50336), ((uint16_t)78), ((uint16_t)49360), ((uint16_t)58657), ((uint16_t)56421), ((uint16_t)34006), ((uint16_t)57563), ((uint16_t)85), ((uint16_t)12), ((uint16_t)46143), ((uint16_t)65), ((uint16_t)84), ((uint16_t)51), ((uint16_t)56), ((uint16_t)25), ((uint16_t)60337), ((uint16_t)32), ((uint16_t)59032), ((uint16_t)99), ((uint16_t)70), ((uint16_t)65501), ((uint16_t)63797), ((uint16_t)29), ((uint16_t)60237), ((uint16_t)36), ((uint16_t)64654), ((uint16_t)68), ((uint16_t)62133), ((uint16_t)35388), ((uint16_t)58), ((uint16_t)49), ((uint16_t)44323), ((uint16_t)52677), ((uint16_t)60186), ((uint16_t)25764), ((uint16_t)65535), ((uint16_t)7), ((uint16_t)54), ((uint16_t)0), ((uint16_t)72), ((uint16_t)23963), ((uint16_t)47), ((uint16_t)63), ((uint16_t)55), ((uint16_t)40117), ((uint16_t)19733), ((uint16_t)48553), ((uint16_t)9147), ((uint16_t)89), ((uint16_t)45181), ((uint16_t)23786), ((uint16_t)42), ((uint16_t)15), ((uint16_t)33), ((uint16_t)26961), ((uint16_t)62087), ((uint16_t)40), ((uint16_t)76), ((uint16_t)77), ((uint16_t)3136), ((uint16_t)48)}, {((uint16_t)1), ((uint16_t)52), ((uint16_t)0), ((uint16_t)36929), ((uint16_t)13061), ((uint16_t)29957), ((uint16_t)2), ((uint16_t)65534), ((uint16_t)65090), ((uint16_t)1), ((uint16_t)51154), ((uint16_t)20402), ((uint16_t)97), ((uint16_t)79), ((uint16_t)63326), ((uint16_t)67), ((uint16_t)1), ((uint16_t)26), ((uint16_t)10313), ((uint16_t)1), ((uint16_t)7), ((uint16_t)25), ((uint16_t)65534), ((uint16_t)65534), ((uint16_t)8730), ((uint16_t)65534), ((uint16_t)10), ((uint16_t)11218), ((uint16_t)2), ((uint16_t)32), ((uint16_t)68), ((uint16_t)57613), ((uint16_t)51589), ((uint16_t)37102), ((uint16_t)14624), ((uint16_t)79), ((uint16_t)19), ((uint16_t)55097), ((uint16_t)71), ((uint16_t)73), ((uint16_t)47732), ((uint16_t)2), ((uint16_t)1), ((uint16_t)0), ((uint16_t)88), ((uint16_t)64111), ((uint16_t)3), ((uint16_t)42711), ((uint16_t)1), ((uint16_t)1), ((uint16_t)25), ((uint16_t)2), ((uint16_t)20), ((uint16_t)59), ((uint16_t)75), ((uint16_t)19436), ((uint16_t)46132), ((uint16_t)45380), ((uint16_t)70), ((uint16_t)42383), ((uint16_t)56), ((uint16_t)7), ((uint16_t)2), ((uint16_t)26), ((uint16_t)5822), ((uint16_t)15251), ((uint16_t)1), ((uint16_t)7), ((uint16_t)46085), ((uint16_t)2), ((uint16_t)85), ((uint16_t)65535), ((uint16_t)7), ((uint16_t)93), ((uint16_t)59), ((uint16_t)44611), ((uint16_t)55313), ((uint16_t)36), ((uint16_t)28341), ((uint16_t)77), ((uint16_t)29), ((uint16_t)33285), ((uint16_t)68), ((uint16_t)79), ((uint16_t)79), ((uint16_t)42), ((uint16_t)0), ((uint16_t)99), ((uint16_t)0), ((uint16_t)2), ((uint16_t)31346), ((uint16_t)16), ((uint16_t)89), ((uint16_t)52447), ((uint16_t)25658), ((uint16_t)16413), ((uint16_t)79), ((uint16_t)4), ((uint16_t)42), ((uint16_t)50378), ((uint16_t)0), ((uint16_t)6), ((uint16_t)5456), ((uint16_t)2), ((uint16_t)10941), ((uint16_t)0), ((uint16_t)29865), ((uint16_t)17), ((uint16_t)9), ((uint16_t)10)}, {((uint16_t)59), ((uint16_t)65534), ((uint16_t)65535), ((uint16_t)7), ((uint16_t)1), ((uint16_t)2), ((uint16_t)2), ((uint16_t)39447), ((uint16_t)97), ((uint16_t)98), ((uint16_t)1), ((uint16_t)27227), ((uint16_t)98), ((uint16_t)2), ((uint16_t)65535), ((uint16_t)74), ((uint16_t)1), ((uint16_t)0), ((uint16_t)54500), ((uint16_t)18119), ((uint16_t)51151), ((uint16_t)65535), ((uint16_t)0), ((uint16_t)88), ((uint16_t)1), ((uint16_t)0), ((uint16_t)65534), ((uint16_t)1), ((uint16_t)67), ((uint16_t)65534), ((uint16_t)65535), ((uint16_t)10131), ((uint16_t)65534), ((uint16_t)49620), ((uint16_t)1), ((uint16_t)72), ((uint16_t)1), ((uint16_t)65534), ((uint16_t)16246), ((uint16_t)0), ((uint16_t)1), ((uint16_t)11196), ((uint16_t)52307), ((uint16_t)0), ((uint16_t)1), ((uint16_t)17793), ((uint16_t)11), ((uint16_t)8700), ((uint16_t)2402), ((uint16_t)0), ((uint16_t)65534), ((uint16_t)0), ((uint16_t)1), ((uint16_t)52081), ((uint16_t)65534), ((uint16_t)2), ((uint16_t)91), ((uint16_t)1), ((uint16_t)2), ((uint16_t)26), ((uint16_t)65130), ((uint16_t)14019), ((uint16_t)65535), ((uint16_t)2), ((uint16_t)4), ((uint16_t)65535), ((uint16_t)11790), ((uint16_t)65534), ((uint16_t)65534), ((uint16_t)65535), ((uint16_t)87), ((uint16_t)19), ((uint16_t)65534), ((uint16_t)7386), ((uint16_t)65534), ((uint16_t)2), ((uint16_t)0), ((uint16_t)7), ((uint16_t)4888), ((uint16_t)0), ((uint16_t)29), ((uint16_t)53957), ((uint16_t)4), ((uint16_t)0), ((uint16_t)2), ((uint16_t)53253), ((uint16_t)65535), ((uint16_t)1), ((uint16_t)28489), ((uint16_t)7), ((uint16_t)30105), ((uint16_t)0), ((uint16_t)65535), ((uint16_t)0), ((uint16_t)2), ((uint16_t)41338), ((uint16_t)37), ((uint16_t)52349), ((uint16_t)0), ((uint16_t)24), ((uint16_t)50), ((uint16_t)89), ((uint16_t)2), ((uint16_t)7), ((uint16_t)0), ((uint16_t)0), ((uint16_t)2), ((uint16_t)72), ((uint16_t)0), ((uint16_t)17)}};
  uint16_t a0[10][11];
  for (int fz_r = 0; fz_r < 3; fz_r++) {
    memcpy(a0, fz_a0[fz_r], sizeof a0);
    unsigned fz_ret = kern(a0);
    fz_mix(&fz_ret, sizeof fz_ret);
    fz_mix(a0, sizeof a0);
    printf("hash %d: %016llx\n", fz_r, (unsigned long long)fz_hash);
  }
  return 0;
}
