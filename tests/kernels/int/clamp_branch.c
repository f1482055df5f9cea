/* Data-dependent if / else-if / else chains inside a loop, && and || with
   short-circuit guards (the division is only evaluated when it is defined),
   nested ?: and scalar parameters used in conditions. Returns packed counters. */
int clamp_branch(int a[32], int flags[32], int lo, int hi)
{
  int nlo = 0;
  int nhi = 0;
  int nmid = 0;
  int ndiv = 0;
  for (int i = 0; i < 32; i++) {
    int v = a[i];
    int f = 0;
    if (v < lo) {
      a[i] = lo;
      nlo++;
      f = 1;
    } else if (v > hi) {
      a[i] = hi;
      nhi++;
      f = 2;
    } else if (((v & 1) && v > 0) || v % 3 == 0) {
      a[i] = ~v;
      nmid++;
      f = 3;
    } else {
      a[i] = v < 0 ? (v > -100 ? 0 : -1) : (v < 100 ? 1 : v & 0xff);
    }
    if (i > 0 && a[i - 1] != 0 && a[i - 1] != -1 && v / a[i - 1] > 2) {
      ndiv++;
      f |= 4;
    }
    if (!(v >= lo) || (hi > lo && v == hi) || (i == 31 && !f)) {
      f |= 8;
    }
    flags[i] = f;
  }
  return (nlo << 24) | (nhi << 16) | (nmid << 8) | ndiv;
}
