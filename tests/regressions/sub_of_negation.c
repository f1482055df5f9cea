// hls-tops: kern
// Found by the fuzzer (seed 8800, kernel 177): x - (-x) co-simulated as 0. The RTL is right (the
// add/sub core's operands are x and x ^ 0x80000000); Verilator 5.006's bit-op-tree rewrite of
// that XOR pattern computed the wrong value (a known class of its bugs, verilator#4059 and
// others); cosim now builds its models with -fno-const-bit-op-tree.
#include <stdio.h>

void kern(float a[4], double b[4], float c[2][2]) {
  for (int i = 0; i < 4; i++) {
    a[i] -= -a[i];
    b[i] = b[i] - (-b[i]);
  }
  for (int i = 1; i >= 0; i--)
    for (int j = i; j >= 0; j--) {
      c[i][j] -= -c[i][j];
      c[i][i] /= 0.0;
    }
}

int main(void) {
  float a[4] = {-3.0f, 5.0f, 7.0f, -2.0f}, c[2][2] = {{-3.0f, 5.0f}, {7.0f, -2.0f}};
  double b[4] = {1.5, -2.25, 1e300, -0.0};
  kern(a, b, c);
  printf("%g %g %g %g | %g %g | %g %g %g %g\n", a[0], a[1], a[2], a[3], b[0], b[2], c[0][0], c[0][1], c[1][0], c[1][1]);
  return 0;
}
