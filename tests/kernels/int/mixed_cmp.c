/* Mixed signed/unsigned comparisons under the usual arithmetic conversions:
   int vs unsigned (converted to unsigned, so -1 > 1u), short vs unsigned short
   (both promoted to int), long vs unsigned int (converted to long), long long vs
   unsigned long long, plus the constant cases like -1 < 1u. */
#include <stdint.h>

int mixed_cmp(const int a[16], const unsigned b[16], const short c[16], const unsigned short d[16],
              const long long e[16], const unsigned long long f[16], int out[16])
{
  int total = (-1 < 1u) + (-1L < 1u) * 2 + (-1LL < 1ULL) * 4 + ((short)-1 < (unsigned short)1) * 8;
  for (int i = 0; i < 16; i++) {
    int bits = 0;
    if (a[i] < b[i]) {
      bits |= 1;
    }
    if (c[i] < d[i]) {
      bits |= 2;
    }
    if ((long)a[i] < b[i]) {
      bits |= 4;
    }
    if (e[i] < f[i]) {
      bits |= 8;
    }
    if (a[i] < 1u) {
      bits |= 16;
    }
    if (a[i] == b[i]) {
      bits |= 32;
    }
    if (c[i] + d[i] > 0u) {
      bits |= 64;
    }
    if (e[i] >= (long long)a[i] * 3) {
      bits |= 128;
    }
    if ((unsigned char)c[i] > (signed char)d[i]) {
      bits |= 256;
    }
    if (a[i] > e[i] || b[i] <= (unsigned)c[i]) {
      bits |= 512;
    }
    out[i] = bits;
    total += bits;
  }
  return total;
}
