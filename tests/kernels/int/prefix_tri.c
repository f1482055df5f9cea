/* Triangular loops with a scalar return: prefix sums computed as sum over j <= i,
   suffix maxima over j >= i (lower bound i), and the sum of all prefix sums. */
long prefix_tri(const int a[32], long s[32], int m[32])
{
  long total = 0;
  for (int i = 0; i < 32; i++) {
    long acc = 0;
    for (int j = 0; j <= i; j++) {
      acc += a[j];
    }
    s[i] = acc;
    total += acc;
  }
  for (int i = 0; i < 32; i++) {
    int best = a[i];
    for (int j = i; j < 32; j++) {
      if (a[j] > best) {
        best = a[j];
      }
    }
    m[i] = best;
  }
  return total;
}
