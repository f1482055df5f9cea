/* hls.fuzz seed 120000 kernel 250: an if with empty branches whose condition reads an array
   the loop writes: the dependence analysis saw no statement reading it, so the loop transform
   distributed the if into a loop of its own and the scheduler merged that loop with the
   writing nest as independent; its reads then met the nest's writes on the other port of the
   memory in the same cycle (cosim: "a1_0_0_0 ports 0 and 1 collide on address 8"). An if with
   nothing in either branch is dropped (side effects of its condition run before it). */
// hls-tops: kern
/* hls fuzz seed=120000 index=250; hls options: (none) */
#include <stdint.h>
#include <math.h>
#include <string.h>
#include <stdio.h>
static unsigned int h0(double p0, uint8_t p1, long long p2) {
  return p1;
}
static long h1(unsigned long long p0, double p1) {
  int32_t t1 = ((p0 < p0) || (p0 + 128));
  if ((0x5aL == p1)) t1 = p0;
  return ((fmin(((double)p0), p1) >= (-100.0)) ? ((fmin(((double)p0), p1) <= 100.0) ? ((long long)fmin(((double)p0), p1)) : 100LL) : (-100LL));
}
static uint16_t h2(uint16_t p0) {
  int32_t t2 = (((((double)p0) / ((float)p0)) >= (-32768.0)) ? (((((double)p0) / ((float)p0)) <= 32767.0) ? ((int16_t)(((double)p0) / ((float)p0))) : ((int16_t)32767)) : ((int16_t)(-32768)));
  return (((((double)p0) >= (-4.611686018427388e+18)) ? ((((double)p0) <= 4.611686018427388e+18) ? ((long)((double)p0)) : ((long)4611686018427387904LL)) : ((long)(-4611686018427387904LL))) * (-18446744073709551615ULL));
}
void kern(double a0[6], int a1[2][2][8]) {
  #pragma HLS array_partition variable=a1 type=block factor=4 dim=1
  for (int i3 = 0; i3 <= 7; i3++) {
    for (int i4 = 0; i4 <= i3; i4++) {
      #pragma HLS pipeline II=3
      a1[1][0][7 - i4] = (i3 - 263);
      a1[0][1][i4] |= (((unsigned)(113 | a1[1][1][i3])) + ((unsigned)(128 + (-65536))));
      a1[1][(272ll - (-0x96ULL)) & 1][i3] = (a1[1][0][7 - i3] - (i3 * 0));
    }
    a1[0][1][i3] = ((uint32_t)fminf(fmaxf(((float)128), 0.0f), 100.0f));
    if (((a1[0][(i3 + 1) & 1][(a1[0][0][7 - i3] | i3) & 7] <= 1.0f) == ((i3 & 255) * (a1[1][1][i3] & 255)))) {
    }
  }
  for (int i5 = 1; i5 <= 4; i5++) {
    unsigned int t6 = ((unsigned long long)fmin(fmax((a0[4] + (-7.75)), 0.0), 9.223372036854776e+18));
    t6 = (~a1[1][1][i5 + 2]);
  }
}

static uint64_t fz_hash = 1469598103934665603ULL;
static void fz_mix(const void *p, unsigned long n) {
  const unsigned char *c = (const unsigned char *)p;
  for (unsigned long k = 0; k < n; k++) fz_hash = (fz_hash ^ c[k]) * 1099511628211ULL;
}
int main(void) {
  static const uint64_t fz_a0[3][6] = {{0x3fd0000000000000ULL, 0x403b000000000000ULL, 0xc052c00000000000ULL, 0x4030000000000000ULL, 0x405790f259a14210ULL, 0x7ff4000000000001ULL}, {0xc233bb04974c12baULL, 0x4000000000000000ULL, 0xc02cd339e9a60a88ULL, 0x404a0fd1a7a02d58ULL, 0x0ULL, 0x402eedcf8873c000ULL}, {0x10000000000000ULL, 0xc040000000000000ULL, 0xc0441caee49d16f1ULL, 0x0ULL, 0x3ff0000000000000ULL, 0xffefffffffffffffULL}};
  double a0[6];
  static const int fz_a1[3][32] = {{(-83), 1055620153, (-1), (-31), (-752565511), (-127189085), (-816322391), 1840260221, 3, (-484923999), 88, (-874612634), 1560853850, (-75), (-1247832453), (-93), 0, 86, 38, (-1370588410), 4, 2135356046, 75, 1506526971, 1238108382, (-87), (-25), 1283892028, (-5), 1590224238, (-89), 49}, {(-1934547905), 2, (-1935204004), 2147483646, (-2), (-29), (-2147483647), (-2147483647 - 1), (-36), (-19), (-1855749963), 1, (-86656398), 1244556924, 142499257, 2147483646, 69, 7, (-91), 629011562, 11, (-95), 2, (-2), (-80), 1129277912, 0, (-1568882101), 920740456, (-2147483647), 2147483647, (-632601802)}, {(-1), (-1), 1, (-72), 0, (-61), 1, (-2147483647 - 1), 7, 2147483647, 2076393828, 444130929, (-87), 1049808818, 7, 7, 63, 2, 2147483646, 26, 2, (-577932816), 2147483647, (-96585627), 1347273694, 1, (-49), 89, (-703251562), 7, (-2147483647), (-334135826)}};
  int a1[2][2][8];
  for (int fz_r = 0; fz_r < 3; fz_r++) {
    memcpy(a0, fz_a0[fz_r], sizeof a0);
    memcpy(a1, fz_a1[fz_r], sizeof a1);
    kern(a0, a1);
    fz_mix(a0, sizeof a0);
    fz_mix(a1, sizeof a1);
    printf("hash %d: %016llx\n", fz_r, (unsigned long long)fz_hash);
  }
  return 0;
}
