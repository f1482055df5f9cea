/* main in the kernel file (--tb scale.c): a prototype of scale() first, spanning several
 * lines, main calling scale( before its definition, scale's name in comments, strings and
 * inside other identifiers (scale_helper, rescale, scale_count). */
#include <stdio.h>

#define LEN 8

int scale_helper(int v, int k) { return v * k + (v >> 2); }

int
scale(int a[LEN],
      const int b[LEN],
      int k);

static int rescale(int a[LEN], const int b[LEN], int k) { /* calls scale( twice */ return scale(a, b, k) + scale(a, b, -k); }

int main(void) {
  int a[LEN], b[LEN];
  int scale_count = 0;
  const char *name = "scale(a, b, k)";
  for (int r = 0; r < 2; r++) {
    for (int i = 0; i < LEN; i++) { a[i] = i * 11 - 30 + r; b[i] = 7 - i * r; }
    int s = scale(a, b, 3 + r);
    scale_count++;
    printf("%s = %d:", name, s);
    for (int i = 0; i < LEN; i++) printf(" %d", a[i]);
    printf("\n");
  }
  printf("rescale %d, scale_helper %d, %d calls of scale\n", rescale(a, b, 2), scale_helper(5, 6), scale_count + 2);
  return 0;
}

/* the definition of scale, after main */
int
scale
(
  int a[LEN],
  const int b[LEN],
  int k
)
{
  int s = 0;
  for (int i = 0; i < LEN; i++) {
    a[i] = scale_helper(a[i], k) - b[i];
    s += a[i];
  }
  return s;
}
