/* Loops that end on data (#15): a while search, a do/while iteration that stops on its value
   or a count, and a for loop whose test reads an array beside its count. */
#include <stdio.h>
int search_while(int a[32], int key, int out[4]) {
  int i = 0;
  while (i < 32 && a[i] != key)
    i++;
  int n = 0, v = key & 1023;
  do {
    v = (v & 1) ? v + 3 : v >> 1;
    n++;
  } while (v > 3 && n < 40);
  int j;
  for (j = 31; j >= 0 && a[j] < key; j -= 2)
    out[j & 3] += a[j] >> 4;
  out[0] = n;
  return i * 1000 + j;
}
int main(void) {
  int a[32], out[4] = {0, 0, 0, 0};
  for (int i = 0; i < 32; i++) a[i] = (i * 29 + 3) % 50;
  int keys[4] = {3, 20, 49, -7};
  for (int k = 0; k < 4; k++) {
    int r = search_while(a, keys[k], out);
    printf("%d: %d %d %d %d %d\n", keys[k], r, out[0], out[1], out[2], out[3]);
  }
  return 0;
}
