// hls-tops: kern nest_beside
// Found by the fuzzer (seed 8800, kernel 237): two independent loops merged into one pipeline of
// the longer trip count; the shorter loop's assignment to a scalar ran in every iteration of the
// merged loop (t = 18 after the loops, C gives 8), because only its memory accesses were
// predicated on the loop still being active.
#include <stdint.h>
#include <stdio.h>

void kern(float a[12], int b[2]) {
  uint64_t t = 8;
  for (int i = 0; i < 9; i += 2) {
    t = i;
  }
  for (int j = 10; j >= 1; j--) {
    a[j] = a[j] + 1.0f;
  }
  b[0] = (int)t;
}

// the shorter unit a nest with statements beside its inner loop
void nest_beside(int a[16], int b[4]) {
  int s = 0, u = 0;
  for (int i = 0; i < 2; i++) {
    s += i;
    for (int k = 0; k < 3; k++) {
      u = u * 3 + k;
    }
    s = s * 5 + u;
  }
  for (int j = 0; j < 16; j++) {
    a[j] = a[j] * 2 + j;
  }
  b[0] = s;
  b[1] = u;
}

int main(void) {
  float a[12];
  int b[2] = {0, 0}, c[16], d[4] = {0, 0, 0, 0};
  for (int i = 0; i < 12; i++) a[i] = i * 0.5f;
  for (int i = 0; i < 16; i++) c[i] = i - 3;
  kern(a, b);
  nest_beside(c, d);
  printf("%d %d %d %g %d\n", b[0], d[0], d[1], a[5], c[7]);
  return 0;
}
