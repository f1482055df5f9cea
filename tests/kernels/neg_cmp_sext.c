/* sign extension of a negated comparison, -(x >= y) widened to 64 bits (found by hls.fuzz):
   Verilator 5.006 miscompiled the replication {{32{v[31]}}, v} of v = -{31'b0, bit} into
   0x1ffffffff; hls now writes sign extensions as $signed casts */
#include <stdint.h>
#include <stdio.h>
uint64_t neg_cmp_sext(const unsigned a[4], long long out[4], int16_t s[4]) {
  for (int i = 0; i < 4; i++) {
    out[i] = -(a[i] <= 280u);
    s[i] = (int16_t)(-(a[i] > 7u));
  }
  return -(280 >= a[0]);
}
int main(void) {
  unsigned a[4] = {1, 300, 280, 4000000000u};
  long long out[4];
  int16_t s[4];
  for (int r = 0; r < 2; r++) {
    uint64_t v = neg_cmp_sext(a, out, s);
    printf("%llx", (unsigned long long)v);
    for (int i = 0; i < 4; i++) printf(" %lld %d", out[i], s[i]);
    printf("\n");
    a[0] = 281;
  }
  return 0;
}
