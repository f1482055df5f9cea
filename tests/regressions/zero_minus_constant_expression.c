// hls-tops: top
// Found reviewing the fix of hls.progen seed 180311: gcc folds constant arithmetic before the
// 0.0 - x -> -x fold, so (0.0 * 5.0) - (double)u is -0.0 for u == 0 as 0.0 - (double)u is; the
// frontend recognised only a literal zero and gave +0.0.
#include <stdio.h>
#include <string.h>

void top(double r[3], float f[1], const unsigned u[1]) {
  r[0] = (0.0 * 5.0) - (double)u[0];
  r[1] = (1.0 - 1.0) - (double)u[0];
  r[2] = (double)u[0] * (3.0 - 2.0);
  f[0] = (0.5f - 0.5f) - (float)u[0];
}

int main(void) {
  double r[3];
  float f[1];
  unsigned u[1] = {0};
  top(r, f, u);
  for (int k = 0; k < 3; k++) {
    unsigned long long bits;
    memcpy(&bits, &r[k], 8);
    printf("%016llx\n", bits);
  }
  unsigned fb;
  memcpy(&fb, &f[0], 4);
  printf("%08x\n", fb);
  return 0;
}
