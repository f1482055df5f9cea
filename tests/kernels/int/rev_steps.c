/* Decreasing loops and non-unit steps: a suffix maximum computed with i-- from N-1
   down to 0, a loop with step += 2, one with step -= 3, one with += 4 and <=,
   and one decreasing with -= 2 and >=. */
void rev_steps(const int a[40], int b[40], int c[40], int d[40])
{
  int run = -2147483647 - 1;
  for (int i = 39; i >= 0; i--) {
    run = (a[i] > run) ? a[i] : run;
    b[i] = run;
  }
  for (int i = 0; i < 40; i++) {
    c[i] = 0;
    d[i] = i;
  }
  for (int i = 0; i < 40; i += 2) {
    c[i] = a[i] ^ a[i + 1];
  }
  for (int i = 39; i > 0; i -= 3) {
    c[i] = (c[i - 1] & 0xffff) - (a[i] & 0xfff);
  }
  for (int i = 1; i <= 37; i += 4) {
    d[i] = d[i - 1] + d[i + 2] * 3 + (a[i] >> 20);
  }
  for (int i = 38; i >= 2; i -= 2) {
    d[i] = d[i + 1] - d[i - 2];
  }
}
