/* fuzzer (hls.fuzz seed 1000 kernel 0, reduced): -(x <= y) converted to double gave about 2**67.
   The int-to-float unit sign-extended its operand with {{32{a[31]}}, a}, which Verilator 5.006
   miscompiles when a is the negation of a zero-extended bit (as tests/kernels/neg_cmp_sext.c). */
// hls-tops: kern
#include <stdio.h>
double kern(double a[4], int b[4]) {
  double s = 0;
  for (int i = 0; i < 4; i++) s -= -(a[i] <= b[i]);
  return s;
}

int main(void) {
  double a[4] = {1, 2, 3, 4};
  int b[4] = {0, 5, 1, 9};
  printf("%g\n", kern(a, b));
  return 0;
}
