/* data-dependent swaps in fixed loops (triangular), char arrays */
#include <stdio.h>
void bubble(signed char a[10]) {
  for (int i = 0; i < 9; i++)
    for (int j = 0; j < 9 - i; j++)
      if (a[j] > a[j + 1]) { signed char t = a[j]; a[j] = a[j + 1]; a[j + 1] = t; }
}
int main(void) {
  signed char a[10];
  for (int i = 0; i < 10; i++) a[i] = (signed char)((i * 73) % 101 - 50);
  bubble(a);
  for (int i = 0; i < 10; i++) printf("%d ", a[i]);
  printf("\n");
  return 0;
}
