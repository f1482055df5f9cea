/* hls.fuzz seed 720000 kernel 134 (reduced by hand): a cosim mismatch at c479ad9. The code after
   a pipelined loop may start while that loop's last iterations drain where it shares nothing
   with them, if it starts late enough; how late was reckoned from the minimum length of a loop
   in between, taken from its count (a while loop's is its hidden 64-bit counter's). A loop that
   may end early (a while, a break) runs at least one iteration, no more: here the while loop
   ends at once and the return read a[7] before the first loop's last store. */
// hls-tops: f
double f(double a[8], const int b[8], int k) {
  for (int i = 0; i < 8; i++)
    a[i] = a[i] * a[i] * 1.5 + a[i];
  int j = 0;
  while (j < 8 && b[j] != k)
    j++;
  return a[7] + j;
}
int main(void) {
  double a[8];
  int b[8];
  for (int i = 0; i < 8; i++) { a[i] = i * 0.25 - 1.0; b[i] = i * 3; }
  double r = f(a, b, 0) + f(a, b, 9) + f(a, b, 100);
  return r > 1e300 ? 1 : 0;
}
