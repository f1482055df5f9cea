/* Loops that end on data (#15): a while search, a do/while iteration that stops on its value
   or a count, and a for loop whose test reads an array beside its count. */
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
