/* hls.fuzz seed 710000 kernel 5 (reduced by hand; the while_loops feature, new in this version):
   'loop has bounds that are not affine' for a counted inner loop whose initial value reads the
   variable of an outer loop with a data-dependent test (a plain scalar there, not an iterator
   of the affine model). The inner loop is such a loop now too. */
// hls-tops: f
void f(long long a[10][10], double s) {
  for (int i = 0; i <= 9 && a[5][3]; i++) {
    for (int j = 2 * i + 1; j < 8; j++) {
      a[j][9 - j] ^= (s < a[i][j + 2]) || (j == 4);
    }
  }
}
int main(void) {
  long long a[10][10];
  for (int i = 0; i < 100; i++) a[i / 10][i % 10] = (i * 37) % 11 - 3;
  f(a, 0.5);
  a[5][3] = 0;
  f(a, 2.0);
  return 0;
}
