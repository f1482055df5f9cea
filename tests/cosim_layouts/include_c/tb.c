/* the testbench includes the kernel's source file and is the only file given to cosim */
#include <stdio.h>
#include "conv.c"

int main(void) {
  float x[LEN + TAPS - 1], h[TAPS] = {0.25f, -0.5f, 1.5f, 0.125f}, y[LEN];
  for (int i = 0; i < LEN + TAPS - 1; i++) x[i] = i * 0.75f - 3.0f;
  conv(x, h, y);
  for (int i = 0; i < LEN; i++) printf("%.9g\n", y[i]);
  return 0;
}
