// hls-tops: top0
// hls.progen seed 180284 (cosim mismatch): a nest flattened into one pipeline whose innermost
// level is padded (so a recurrence spans its latency) ran the statement after the inner loop in
// the last padding iteration, one iteration later than the dependence analysis, which sees the
// unpadded iterations, assumed: the store of b[1][3] came after the next iteration's load of it.
// The statement now runs in the last iteration that runs the body.
#include <stdio.h>

void top0(int b[2][4], const unsigned short a2[3][4]) {
  for (int j0 = 1; j0 > -1; j0 -= 1)
    for (int i1 = 1; i1 < 4; i1++) {
      int r = b[1 - j0][3 - j0] < 256;
      int acc = 0;
      for (int k = 0; k < 4; k++) {
#pragma HLS pipeline II=3
        acc += a2[r][k] * k;
      }
      b[j0][i1] = acc - b[j0][i1 - 1];
    }
}

int main(void) {
  int b[2][4] = {{0, 0, 1000, 0}, {0, 0, 0, 0}};
  unsigned short a2[3][4] = {{0, 100, 100, 100}, {0, 1, 1, 1}, {7, 7, 7, 7}};
  top0(b, a2);
  for (int k = 0; k < 8; k++) printf("%d\n", b[k / 4][k % 4]);
  return 0;
}
