/* issue #11: AssertionError on a compound shift beside an empty if */
// hls-tops:  kern
#include <stdint.h>
#include <stdio.h>
int32_t kern(uint16_t B[1]) { for (int j0 = 1; j0 <= 10; j0 += 3) { B[0] <<= 0; if (0) { } } return 0; }

int main(void) {
  uint16_t B[1] = {40000};
  printf("%d %d\n", kern(B), B[0]);
  return 0;
}
