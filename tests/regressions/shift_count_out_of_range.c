/* CHStone motion (getbits.c, Flush_Buffer) shifts its 32-bit bit buffer by 200: a count outside
   [0, width) is undefined in C, and gcc on the host shifts by the count's low 5 bits (6 for a
   64-bit operand), constant or not. The RTL gave 0 (a shift past the end), so the buffer's final
   value differed from the program's; shifts of ints and longs now take the count's low bits. */
// hls-tops: shifts
#include <stdio.h>
void shifts(unsigned x, int s, int n, unsigned long long u, unsigned r[4], unsigned long long w[2]) {
  r[0] = x << n;
  r[1] = x >> (n + 1);
  r[2] = (unsigned)(s >> n);
  r[3] = x << 40;
  w[0] = u << (n + 30);
  w[1] = (unsigned long long)((long long)u >> (n + 29));
}

int main(void) {
  unsigned r[4];
  unsigned long long w[2];
  int counts[5] = {40, 200, 31, 3, -1};
  for (int k = 0; k < 5; k++) {
    shifts(0x80000003u, -256, counts[k], 0x8000000000000003ull, r, w);
    printf("%u %u %u %u %llu %llu\n", r[0], r[1], r[2], r[3], w[0], w[1]);
  }
  return 0;
}
