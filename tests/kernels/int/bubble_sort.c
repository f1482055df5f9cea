/* Bubble sort with fixed (triangular) loop bounds and data-dependent swaps through
   memory; returns the number of swaps; a second array is permuted alongside as a
   key-value payload, and a final pass checks the order. */
int bubble_sort(int a[24], unsigned short tag[24], int ok[1])
{
  int swaps = 0;
  for (int i = 0; i < 23; i++) {
    for (int j = 0; j < 23 - i; j++) {
      if (a[j] > a[j + 1]) {
        int t = a[j];
        a[j] = a[j + 1];
        a[j + 1] = t;
        unsigned short u = tag[j];
        tag[j] = tag[j + 1];
        tag[j + 1] = u;
        swaps++;
      }
    }
  }
  int good = 1;
  for (int i = 1; i < 24; i++) {
    good = good && a[i - 1] <= a[i];
  }
  ok[0] = good;
  return swaps;
}
