/* 8/16/32/64-bit signed and unsigned arithmetic with wrap-around and truncation */
#include <stdint.h>
#include <stdio.h>
uint64_t widths(uint8_t u8[8], int8_t s8[8], uint16_t u16[8], int16_t s16[8], int64_t s64[8]) {
  uint8_t acc8 = 250;
  uint16_t acc16 = 65000;
  uint64_t h = 1469598103934665603ull;
  for (int i = 0; i < 8; i++) {
    acc8 += u8[i];
    acc16 = acc16 * 3 + u16[i];
    s8[i] = (int8_t)(s8[i] * 3 + 100);
    s16[i] = (int16_t)(s16[i] + 30000);
    u8[i] = (uint8_t)(u8[i] - 200);
    h = (h ^ (uint64_t)s64[i]) * 1099511628211ull;
    s64[i] = s64[i] / 7 + (int64_t)(u16[i] < s16[i]);
    u16[i] = (uint16_t)(-1 < 1u) + (uint16_t)(s8[i] < (int)u8[i]);
  }
  return h + acc8 + acc16;
}
int main(void) {
  uint8_t u8[8]; int8_t s8[8]; uint16_t u16[8]; int16_t s16[8]; int64_t s64[8];
  for (int i = 0; i < 8; i++) { u8[i] = (uint8_t)(i * 45); s8[i] = (int8_t)(i * 33 - 100); u16[i] = (uint16_t)(i * 9000); s16[i] = (int16_t)(i * 5000 - 20000); s64[i] = (int64_t)i * -123456789012345LL + 77; }
  uint64_t r = widths(u8, s8, u16, s16, s64);
  printf("%llu", (unsigned long long)r);
  for (int i = 0; i < 8; i++) printf(" %u %d %u %d %lld", u8[i], s8[i], u16[i], s16[i], (long long)s64[i]);
  printf("\n");
  return 0;
}
