#include <stdint.h>
#include <stdio.h>

int64_t dot_product(const int16_t a[32], const int16_t b[32], int n);

int main(void)
{
  int16_t a[32], b[32];
  uint32_t seed = 12345;
  for (int run = 0; run < 3; run++) {
    for (int i = 0; i < 32; i++) {
      seed = seed * 1103515245u + 12345u;
      a[i] = (int16_t)(seed >> 8);
      seed = seed * 1103515245u + 12345u;
      b[i] = (int16_t)(seed >> 8);
    }
    int n = 32 - 7 * run;
    printf("dot_product(n=%d) = %lld\n", n, (long long)dot_product(a, b, n));
  }
  return 0;
}
