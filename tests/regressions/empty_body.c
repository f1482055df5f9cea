/* fuzz seed 20000 #70: internal error in loop-transform on a function with no statements */
// hls-tops:  kern
#include <stdint.h>
#include <stdio.h>
void kern(uint64_t a0[6], const unsigned int a1[6][5], unsigned char s0, int32_t n0) {
}

int main(void) {
  uint64_t a0[6] = {1, 2, 3, 4, 5, 18446744073709551615ULL};
  unsigned int a1[6][5] = {{7}};
  kern(a0, a1, 3, -1);
  printf("%llu %u\n", (unsigned long long)a0[5], a1[0][0]);
  return 0;
}
