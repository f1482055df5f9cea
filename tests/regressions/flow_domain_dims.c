/* issue #11: isl compute_flow failed ("affine expression involves some of the domain dimensions") */
// hls-tops:  kern
#include <stdint.h>
#include <stdio.h>
int32_t kern(uint16_t n0) {
  uint32_t L0[6][11];
  #pragma HLS bind_storage variable=L0 type=ram_s2p impl=reg
  float acc1 = 0;
  for (int z0 = 0; z0 < 6; z0++) for (int z1 = 0; z1 < 11; z1++) L0[1][1] = 1;
  for (int j2 = 0; j2 < n0; j2 += 2) for (int k3 = 0; k3 <= j2; k3++) { acc1 = 1; acc1 -= 1; }
  return 0;
}

int main(void) {
  printf("%d %d %d\n", kern(0), kern(1), kern(7));
  return 0;
}
