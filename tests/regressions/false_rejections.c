/* issue #11: valid C that was rejected: a whole 1-D array passed to a 1-D parameter, constant
   loop bounds with division, loop bounds from an inlined function's scalar parameter */
// hls-tops: top
#include <stdint.h>
#include <stdio.h>
static void add_ramp(int x[64], int n, int off) { for (int i = 0; i < n; i++) x[i + off] += i; }
static int sum(const int x[], int n) { int s = 0; for (int i = 0; i < n; i++) s += x[i]; return s; }
static void scale(int *x, int k) { for (int i = 0; i < 2048 / 128; i++) x[i] *= k; }
void top(int a[64], uint32_t m, unsigned char c[32], int out[4]) {
  for (int i = 0; i < 2048 / 64; i++) a[i] = i;
  for (unsigned j = 1; j < 16; j++) c[j - 1] = c[j] + 1;
  for (int i = 0; i < 64; i++) a[i / 2] += a[(i + 3) % 64];
  add_ramp(a, 8, 4);
  for (int k = 0; k < 4; k++) add_ramp(a, k + 1, 2 * k);
  for (uint32_t j = 0; j < m; j++) c[(uint8_t)(j + 5) & 31] = 3;
  scale(a, 3);
  out[0] = sum(a, 64);
  for (int k = 1; k < 4; k++) out[k] = sum(a, 16 * k);
}

int main(void) {
  int a[64], out[4];
  unsigned char c[32];
  for (int i = 0; i < 64; i++) a[i] = i * 7 - 100;
  for (int i = 0; i < 32; i++) c[i] = (unsigned char)(i * 13);
  top(a, 40, c, out);
  for (int i = 0; i < 64; i++) printf("%d\n", a[i]);
  for (int i = 0; i < 32; i++) printf("%d\n", c[i]);
  for (int i = 0; i < 4; i++) printf("%d\n", out[i]);
  return 0;
}
