/* hls.fuzz seed 70000 kernel 199: the dependence analysis took minutes finding the least and
   greatest distance of dependences whose sets carry modulo constraints ((i5 + n0) % 5u) in an
   unrolled nest (isl's parametric integer programming); each is now bounded in operations and
   an analysis stops trying after a few that run out (unknown distances are conservative). */
// hls-tops: kern
/* hls fuzz seed=70000 index=199; hls options: (none) */
#include <stdint.h>
#include <math.h>
#include <string.h>
#include <stdio.h>
static double h0(double p0, double p1) {
  return (p0 / ((float)p1));
}
void kern(int64_t a0[5][5], double a1[6][5], float a2[5], float s0, double s1, long n0) {
  #pragma HLS interface mode=ap_memory port=a2 storage_type=ram_1p
  #pragma HLS array_partition variable=a2 type=cyclic factor=4 dim=1
  int8_t l1[6];
  #pragma HLS array_partition variable=l1 type=block factor=2 dim=1
  #pragma HLS bind_storage variable=l1 type=ram_t2p impl=lutram
  for (int i2 = 0; i2 < 6; i2++)
    l1[i2] = ((n0 & 256) - (((unsigned long long)130) - ((unsigned long long)a0[1][1])));
  float acc3 = 0.0f;
  for (int i4 = n0; i4 < 6; i4++) {
    acc3 += a1[i4][2];
  }
  acc3 = acc3;
  for (int i5 = 1; i5 <= 5; i5++) {
    for (int i6 = n0; i6 < 6; i6++) {
      #pragma HLS unroll
      l1[i6] = ((a2[(unsigned)((i5 + n0)) % 5u] >= (-100.0f)) ? ((a2[(unsigned)((i5 + n0)) % 5u] <= 100.0f) ? ((short)a2[(unsigned)((i5 + n0)) % 5u]) : ((short)100)) : ((short)(-100)));
      for (int i7 = 5; i7 >= n0; i7 -= 3) {
        #pragma HLS pipeline II=3
        acc3 += ((n0 << i7) >= fminf(0.1f, a2[i5 - 1]));
        a2[i5 - 1] = fabs(h0(l1[i6], ((double)n0)));
        double t8 = a2[i5 - 1];
      }
      if ((54 > ((n0 <= a1[i6][i5 - 1]) || (a2[(unsigned)((-n0)) % 5u] == acc3)))) {
        a0[i5 - 1][1] = ((i5 + n0) - (n0 + 65535));
      }
    }
    acc3 += (((a1[i5][i5 - 1] > n0) ? s0 : acc3) * (a1[5 - i5][i5 - 1] * a1[i5][i5 - 1]));
    l1[i5] = ((a1[i5][i5 - 1] >= 0.0) ? ((a1[i5][i5 - 1] <= 100.0) ? ((unsigned long long)a1[i5][i5 - 1]) : 100ULL) : 0ULL);
  }
}

static uint64_t fz_hash = 1469598103934665603ULL;
static void fz_mix(const void *p, unsigned long n) {
  const unsigned char *c = (const unsigned char *)p;
  for (unsigned long k = 0; k < n; k++) fz_hash = (fz_hash ^ c[k]) * 1099511628211ULL;
}
int main(void) {
  static const int64_t fz_a0[3][25] = {{((int64_t)17LL), ((int64_t)(-12LL)), ((int64_t)213268996750336818LL), ((int64_t)(-3856301649684120956LL)), ((int64_t)7LL), ((int64_t)84LL), ((int64_t)(-5853159063155118501LL)), ((int64_t)(-841196861452444591LL)), ((int64_t)8058270979766068403LL), ((int64_t)558355696746790833LL), ((int64_t)2480312662454136223LL), ((int64_t)50LL), ((int64_t)43LL), ((int64_t)8236052742931518659LL), ((int64_t)3361217595216572719LL), ((int64_t)76LL), ((int64_t)(-7441412942274549314LL)), ((int64_t)2705158208721494029LL), ((int64_t)6108828794486821599LL), ((int64_t)4591879619209972492LL), ((int64_t)1220902056424862533LL), ((int64_t)295201844526784173LL), ((int64_t)47LL), ((int64_t)2156397070013990531LL), ((int64_t)(-3123576551562527011LL))}, {((int64_t)2LL), ((int64_t)(-7LL)), ((int64_t)(-4128539751558325448LL)), ((int64_t)58LL), ((int64_t)5473710321538071496LL), ((int64_t)38LL), ((int64_t)(-2504005064536478924LL)), ((int64_t)7LL), ((int64_t)2LL), ((int64_t)(-28LL)), ((int64_t)8479403043408352347LL), ((int64_t)5077106329537099843LL), ((int64_t)4190196553770572908LL), ((int64_t)0LL), ((int64_t)(-9223372036854775807LL)), ((int64_t)(-30LL)), ((int64_t)9223372036854775806LL), ((int64_t)(-2LL)), ((int64_t)82LL), ((int64_t)(-48LL)), ((int64_t)(-48LL)), ((int64_t)8436548624991848711LL), ((int64_t)1LL), ((int64_t)9223372036854775807LL), ((int64_t)2LL)}, {((int64_t)(-7905387876864386288LL)), ((int64_t)(-7871279482945368286LL)), ((int64_t)(-82LL)), ((int64_t)7LL), ((int64_t)(-2LL)), ((int64_t)(-1LL)), ((int64_t)0LL), ((int64_t)0LL), ((int64_t)46LL), ((int64_t)(-9223372036854775807LL)), ((int64_t)(-3524834622284199889LL)), ((int64_t)(-9223372036854775807LL)), ((int64_t)2LL), ((int64_t)0LL), ((int64_t)7LL), ((int64_t)(-1LL)), ((int64_t)2LL), ((int64_t)9223372036854775806LL), ((int64_t)0LL), ((int64_t)(-9223372036854775807LL)), ((int64_t)9223372036854775807LL), ((int64_t)9223372036854775807LL), ((int64_t)(-9223372036854775807LL)), ((int64_t)7LL), ((int64_t)(-2LL))}};
  int64_t a0[5][5];
  static const uint64_t fz_a1[3][30] = {{0x4055c00000000000ULL, 0xc04860312259457dULL, 0xc0551ad7d2c2ed30ULL, 0xc3a17540250e41f0ULL, 0xc47c527a41021be9ULL, 0x3d6d776b184bc62aULL, 0x3fe0000000000000ULL, 0xc29f22a4c50df51fULL, 0xc122d8a86a02c378ULL, 0x4058beeae00142e2ULL, 0xc028f4c838644b68ULL, 0xbff0000000000000ULL, 0xc044800000000000ULL, 0x4041800000000000ULL, 0x404cc0c8061a3018ULL, 0xc053400000000000ULL, 0xc040f83cb92e4dd0ULL, 0xc054c00000000000ULL, 0x4051cddb960c651aULL, 0x4040376a34890ab0ULL, 0xc3d66e123d32fcaaULL, 0x4055467f9d163c3cULL, 0xc1c1e40d19844dcdULL, 0x4055800000000000ULL, 0x40466977d7472e70ULL, 0x4048da21cbdbc4b0ULL, 0xbfe0000000000000ULL, 0x404d7772cb888af0ULL, 0xc0484d8ae89202d2ULL, 0xc03c7de019721518ULL}, {0x405662b46d282e86ULL, 0xfff0000000000000ULL, 0x404456f5efc6f974ULL, 0x440e3db01e2977abULL, 0x7ff8000000000000ULL, 0x43a1654e8707a44eULL, 0x3e2def2b0692ef7cULL, 0x404374e62b0d19f4ULL, 0x402e3972b08433b8ULL, 0x402ae9d372fb3bb0ULL, 0x800fffffffffffffULL, 0x3e71324f360008aeULL, 0x0ULL, 0x404682ae0426a888ULL, 0x43412039ff60fb2cULL, 0x41c0de394b31bab8ULL, 0xc052554dd06a0bf6ULL, 0xbfe0000000000000ULL, 0xc056149e76dc58acULL, 0xfff8000000000000ULL, 0x4040a66ca95e5020ULL, 0xbff0000000000000ULL, 0xc051000000000000ULL, 0x7ff8000000000000ULL, 0xc046663be9a4ca63ULL, 0x4038000000000000ULL, 0xc05532274dccc090ULL, 0xc056d66a82536b02ULL, 0xfff0000000000000ULL, 0x7ff0000000000000ULL}, {0x1ULL, 0xfff8000000000000ULL, 0xc053eade3ffe9b74ULL, 0x4008000000000000ULL, 0x7ff8000000000000ULL, 0x1ULL, 0x4055aa6dfb94e628ULL, 0xfff0000000000000ULL, 0x7ff0000000000000ULL, 0x4008000000000000ULL, 0x4000000000000000ULL, 0x8000000000000000ULL, 0xc054400000000000ULL, 0x800fffffffffffffULL, 0xfff0000000000001ULL, 0x7ff8000000000000ULL, 0x7ff8000000000000ULL, 0x7ff8000000000000ULL, 0x4055800000000000ULL, 0xfff0000000000001ULL, 0x3fe0000000000000ULL, 0x800fffffffffffffULL, 0xfff0000000000001ULL, 0x7ff8000000000000ULL, 0x0ULL, 0x40439c8fe4afae7cULL, 0xfff0000000000001ULL, 0x41c325459790a13eULL, 0xffefffffffffffffULL, 0x7fefffffffffffffULL}};
  double a1[6][5];
  static const uint32_t fz_a2[3][5] = {{0xa98dab8cu, 0xc28a0000u, 0x41401e61u, 0x42c61104u, 0xc10883c6u}, {0x428c0000u, 0x1u, 0x807fffffu, 0xbf0f2319u, 0x80000000u}, {0x423c0000u, 0xc1155d6au, 0xff800000u, 0xc2a795aeu, 0xd5e584b5u}};
  float a2[5];
  static const uint32_t fz_s0[3][1] = {{0x40000000u}, {0x3e800000u}, {0x1u}};
  float s0;
  static const uint64_t fz_s1[3][1] = {{0xc3a34cedb2ce9977ULL}, {0x4055400000000000ULL}, {0x1ULL}};
  double s1;
  static const long fz_n0[3][1] = {{((long)0LL)}, {((long)6LL)}, {((long)3LL)}};
  long n0;
  for (int fz_r = 0; fz_r < 3; fz_r++) {
    memcpy(a0, fz_a0[fz_r], sizeof a0);
    memcpy(a1, fz_a1[fz_r], sizeof a1);
    memcpy(a2, fz_a2[fz_r], sizeof a2);
    memcpy(&s0, &fz_s0[fz_r][0], sizeof s0);
    memcpy(&s1, &fz_s1[fz_r][0], sizeof s1);
    memcpy(&n0, &fz_n0[fz_r][0], sizeof n0);
    kern(a0, a1, a2, s0, s1, n0);
    fz_mix(a0, sizeof a0);
    fz_mix(a1, sizeof a1);
    fz_mix(a2, sizeof a2);
    printf("hash %d: %016llx\n", fz_r, (unsigned long long)fz_hash);
  }
  return 0;
}
