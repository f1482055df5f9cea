/* a kernel file without main, #included by the testbench (tb.c) */
#define TAPS 4
#define LEN 12

void conv(const float x[LEN + TAPS - 1], const float h[TAPS], float y[LEN]) {
  for (int i = 0; i < LEN; i++) {
    float s = 0.0f;
    for (int t = 0; t < TAPS; t++)
      s += x[i + t] * h[t];
    y[i] = s;
  }
}
