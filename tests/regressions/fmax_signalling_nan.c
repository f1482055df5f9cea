/* hls.progen seed 20001: fmaxf over an array holding signalling NaNs. glibc's fmin/fmax return
   x + y when an argument is a signalling NaN (a quiet NaN, not the other argument); the
   operator model treated every NaN as missing data. */
// hls-tops: kern
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
void kern(float r[16], const float a[16], const float b[16], double d[4]) {
  for (int i = 0; i < 16; i++) r[i] = (i & 1) ? fminf(a[i], b[i]) : fmaxf(a[i], b[i]);
  d[2] = fmax(d[0], d[1]);
  d[3] = fmin(d[1], d[0]);
}

int main(void) {
  /* signalling NaNs of both signs against quiet NaNs, numbers and zeros, in both orders */
  static const uint32_t va[16] = {0xFF800001u, 0x7FA00001u, 0xFF800001u, 0x41B00000u, 0x7FC00005u, 0xFF800001u, 0x7FA00001u, 0x80000000u,
                                  0x7FA00001u, 0xFFC00007u, 0x00000000u, 0xFF800001u, 0x41B00000u, 0x7FC00005u, 0x80000000u, 0x00000000u};
  static const uint32_t vb[16] = {0x41B00000u, 0x41B00000u, 0x7FC00005u, 0xFF800001u, 0xFF800001u, 0x7FA00001u, 0xFF800001u, 0x7FA00001u,
                                  0x7FA00001u, 0x7FA00001u, 0xFF800001u, 0x00000000u, 0x7FC00005u, 0xFFC00007u, 0x00000000u, 0x80000000u};
  static const uint64_t vd[2] = {0x7FF4000000000001ull, 0x4008000000000000ull};
  float a[16], b[16], r[16];
  double d[4] = {0, 0, 0, 0};
  uint32_t out[16];
  uint64_t dout[4];
  memcpy(a, va, sizeof a);
  memcpy(b, vb, sizeof b);
  memcpy(d, vd, sizeof vd);
  kern(r, a, b, d);
  memcpy(out, r, sizeof out);
  memcpy(dout, d, sizeof dout);
  for (int i = 0; i < 16; i++) printf("%08x\n", (unsigned)out[i]);
  printf("%016llx %016llx\n", (unsigned long long)dout[2], (unsigned long long)dout[3]);
  return 0;
}
