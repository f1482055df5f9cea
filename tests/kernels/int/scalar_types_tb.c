#include <stdio.h>
#include <stdint.h>

long scalar_types(char c, signed char sc, unsigned char uc, short s, unsigned short us, int i, unsigned u, long l,
                  unsigned long ul, long long ll, unsigned long long ull, long out[12]);

int main(void)
{
  long out[12];
  for (int run = 0; run < 3; run++) {
    long r;
    if (run == 0)
      r = scalar_types('A', -5, 200, -1234, 60000, -100000, 4000000000u, -5000000000L, 18000000000000000000ul,
                       -9000000000000000000LL, 17000000000000000000ull, out);
    else if (run == 1)
      r = scalar_types((char)-128, -128, 255, -32768, 65535, -2147483647 - 1, 0xffffffffu, -9223372036854775807L - 1,
                       0xfffffffffffffffful, -1LL, 0xffffffffffffffffull, out);
    else
      r = scalar_types(127, 127, 0, 32767, 0, 2147483647, 0, 9223372036854775807L, 0ul, 9223372036854775807LL, 0ull, out);
    printf("run %d: r=%ld", run, r);
    for (int k = 0; k < 12; k++) printf(" %ld", out[k]);
    printf("\n");
  }
  return 0;
}
