/* Maximum-sum subarray (Kadane) with a long long running sum, data-dependent
   resets and the start/end indices of the best run; returns the best sum. */
long long kadane(const int a[48], int se[2])
{
  long long best = a[0];
  long long cur = 0;
  int start = 0;
  int bs = 0;
  int be = 0;
  for (int i = 0; i < 48; i++) {
    if (cur <= 0) {
      cur = a[i];
      start = i;
    } else {
      cur += a[i];
    }
    if (cur > best) {
      best = cur;
      bs = start;
      be = i;
    }
  }
  se[0] = bs;
  se[1] = be;
  return best;
}
