/* Scalar parameters named by SystemVerilog keywords (begin, end, time) or by signals of the
   generated module (busy, t_done) made RTL that did not compile. As Vitis HLS does, their ports
   now take the suffix _r (begin_r, ...); arrays keep their names (in_address0 is legal). */
// hls-tops: kern
#include <stdio.h>
int kern(const int in[4], int out[4], int begin, int end, int time, int busy, int t_done) {
  int logic = begin - end;
  for (int reg = 0; reg < 4; reg++) out[reg] = in[reg] * time + logic + busy * t_done;
  return logic;
}

int main(void) {
  int in[4] = {1, 2, 3, 4}, out[4];
  int r = kern(in, out, 7, 3, 5, 2, 11);
  printf("%d %d %d %d %d\n", r, out[0], out[1], out[2], out[3]);
  return 0;
}
