/* hls.fuzz seed 140000 kernel 110: a loop reading a0[0] in every iteration, with more accesses
   to a0 than its ports, whose only write to a0[0] is in a loop inside an else branch: the
   invariant read was loaded once before the loop (the loads pass looked for inner loops only
   among the loop's own statements, not inside its ifs), so the if never saw the new value. */
// hls-tops: kern
#include <stdio.h>
void kern(double a0[3], unsigned int s1) {
  for (int i6 = 4; i6 > 0; i6--) {
    if (a0[0] < -1.0) {
      a0[1] = i6 * 2.0 + a0[2] + a0[i6 % 3];
    } else {
      for (int i7 = 0; i7 < i6; i7 += 3) {
        a0[0] = a0[2] - s1;
      }
    }
  }
}
int main(void) {
  double a0[3] = {84.0, -16.0, 13.0};
  kern(a0, 100);
  printf("%f %f %f\n", a0[0], a0[1], a0[2]);
  return 0;
}
