/* hls.fuzz seed 7900 kernel 50: fminf(fmaxf((-s) / (-1.0f), 0.0f), 100.0f) with s a signalling
   NaN. gcc folds x / -1 into -x (and x * 1, x / 1, x - 0, x + -0 into x, x * -1 into -x) at every
   optimisation level, so the C program keeps the NaN signalling and fmaxf returns a quiet NaN;
   the RTL divided, which quiets it, and fmaxf returned 0. */
// hls-tops: kern
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
void kern(float r[10], const float s[2], double d[3]) {
  for (int i = 0; i < 2; i++) {
    r[5 * i] = fminf(fmaxf((-s[i]) / (-1.0f), 0.0f), 100.0f);
    r[5 * i + 1] = fmaxf(s[i] * 1, 2.0f);
    r[5 * i + 2] = fmaxf(-0.0f + s[i], 2.0f);
    r[5 * i + 3] = fmaxf(s[i] - 0.0f, 2.0f);
    r[5 * i + 4] = fmaxf(-1 * s[i], 2.0f);
  }
  d[1] = fmax(d[0] / 1.0, 3.0);
  d[2] = fmax(d[0] * 2.0, 3.0); /* not an identity: the multiply quiets the NaN */
}

int main(void) {
  static const uint32_t vs[2] = {0xFF800001u, 0x7FA00003u};
  static const uint64_t vd = 0x7FF4000000000001ull;
  float s[2], r[10];
  double d[3] = {0, 0, 0};
  uint32_t out[10];
  uint64_t dout[3];
  memcpy(s, vs, sizeof s);
  memcpy(d, &vd, sizeof vd);
  kern(r, s, d);
  memcpy(out, r, sizeof out);
  memcpy(dout, d, sizeof dout);
  for (int i = 0; i < 10; i++) printf("%08x\n", (unsigned)out[i]);
  printf("%016llx %016llx\n", (unsigned long long)dout[1], (unsigned long long)dout[2]);
  return 0;
}
