// hls-tops: down up
// hls.progen seed 260229 (cosim mismatch, reads out of range): the line buffers of a stencil
// widen its column loop's range (extra first iterations, a fill loop over one more column on
// each side); with an unsigned iterator the widened bound wrapped: the fill loop of a loop down
// to j >= 1 ran to j >= 0, always true. Stencils with unsigned iterators are left as written.
#include <stdint.h>
#include <stdio.h>

void down(uint32_t in0[7][8], char a0[8][8]) {
  for (int k0 = 1; k0 < 6; ++k0) {
    for (unsigned j = 6; j >= 1; j--) {
#pragma HLS pipeline II=1
      a0[k0][j] = ((((in0[k0 - 1][j] + in0[k0 + 1][j]) + (in0[k0][j - 1] + in0[k0][j + 1])) + in0[k0][j]) / 5);
    }
  }
}

void up(uint32_t in0[7][8], char a0[8][8]) {
  for (unsigned k0 = 1; k0 < 6; ++k0) {
    for (unsigned j = 1; j < 7; j++) {
      a0[k0][j] = (char)(in0[k0 - 1][j] + in0[k0 + 1][j] + in0[k0][j - 1] + in0[k0][j + 1]);
    }
  }
}

int main(void) {
  static uint32_t in0[7][8];
  static char a0[8][8], b0[8][8];
  for (int i = 0; i < 56; i++) ((uint32_t *)in0)[i] = (uint32_t)i * 2654435761u;
  down(in0, a0);
  up(in0, b0);
  for (int i = 0; i < 64; i++) printf("%d %d\n", ((char *)a0)[i], ((char *)b0)[i]);
  return 0;
}
