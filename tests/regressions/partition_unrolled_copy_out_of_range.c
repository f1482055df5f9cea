/* hls.fuzz seed 520000 kernel 27 (reduced by hand): internal error (IndexError in pass
   'partition'), at b8292ff too. Unrolled by 3, the inner loop's copies write a[i][j + 5] and
   a[i][j + 8] under guards (j + 3 < i, j + 6 < i) that never hold; isl proves their banks of the
   complete partition constant (j is 0 there) and out of range (8 of 6 banks). An access whose
   every execution would be out of bounds is now selected at run time like any other (it never
   runs). */
// hls-tops: f
void f(int a[5][6], int n) {
#pragma HLS array_partition variable=a type=complete dim=2
  for (int i = 0; i < 5; i += 3) {
    for (int j = 0; j < i; j += 3) {
#pragma HLS unroll factor=3
      a[i][j + 2] = n;
    }
  }
}
int main(void) {
  int a[5][6];
  for (int i = 0; i < 30; i++) a[i / 6][i % 6] = i;
  f(a, 77);
  f(a, -5);
  return 0;
}
