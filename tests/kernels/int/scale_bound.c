/* Loop bounds that are scalar parameters: i < n, a loop from m to n - 1 with step
   += 2, a decreasing loop from n - 1 down to m, and a triangular pair loop
   j from i + 1 to n - 1. The tb keeps 0 <= m <= n <= 32. */
int scale_bound(int n, int m, short a, int x[32], long long y[32])
{
  int inv = 0;
  for (int i = 0; i < n; i++) {
    y[i] = (long long)x[i] * a + i;
  }
  for (int i = m; i <= n - 1; i += 2) {
    x[i] = x[i] >> 1;
  }
  for (int i = n - 1; i >= m; i--) {
    y[i] -= x[i];
  }
  for (int i = 0; i < n; i++) {
    for (int j = i + 1; j < n; j++) {
      if (x[i] > x[j]) {
        inv++;
      }
    }
  }
  return inv;
}
