/* a local array: histogram of 4-bit values, then prefix sums copied out (non-affine subscripts) */
#include <stdio.h>
void local_hist(const unsigned char data[32], int out[16]) {
  int hist[16];
  for (int i = 0; i < 16; i++) hist[i] = 0;
  for (int i = 0; i < 32; i++) hist[data[i] & 15] += 1;
  int run = 0;
  for (int i = 0; i < 16; i++) { run += hist[i]; out[i] = run; }
}
int main(void) {
  unsigned char d[32]; int out[16];
  for (int i = 0; i < 32; i++) d[i] = (unsigned char)(i * i * 7 + 3);
  local_hist(d, out);
  for (int i = 0; i < 16; i++) printf("%d ", out[i]);
  printf("\n");
  return 0;
}
