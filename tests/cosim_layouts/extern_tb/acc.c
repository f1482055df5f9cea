/* No header: each testbench file declares acc() itself. The kernel file has its own self-test
 * main, which cosim must ignore when the testbench is elsewhere. */
#include <stdio.h>

unsigned acc(const unsigned short v[16], const short w[16], int n) {
  unsigned s = 0;
  for (int i = 0; i < n; i++)
    s += (unsigned)(v[i] * w[i]) ^ (s >> 3);
  return s;
}

int main(void) {
  unsigned short v[16];
  short w[16];
  for (int i = 0; i < 16; i++) { v[i] = i * 4099; w[i] = 100 - i * 9; }
  printf("self-test %u\n", acc(v, w, 16));
  return 0;
}
