/* Casts between integer types: truncation of int64 to int16/uint8/int8 (wrapping),
   sign extension of negative narrow values to uint64, zero extension of unsigned
   to long long, (unsigned)(signed char) chains, !!x and conversions of comparison
   results. */
#include <stdint.h>

void casts_chain(const int64_t a[24], int o8[24], unsigned o16[24], long long o32[24], uint64_t ou[24], int ob[24])
{
  for (int i = 0; i < 24; i++) {
    int64_t v = a[i];
    int16_t s16 = (int16_t)v;
    uint8_t u8 = (uint8_t)s16;
    int8_t s8 = (int8_t)u8;
    o8[i] = s8 * 1000 + u8;
    o16[i] = (unsigned)(signed char)v + (unsigned short)v;
    o32[i] = (long long)(uint32_t)v - (long long)(int32_t)v;
    ou[i] = (uint64_t)s16 ^ (uint64_t)(int32_t)(v >> 32) ^ (uint64_t)(uint16_t)s8;
    ob[i] = !!v + (int)(v < 0) * 2 + (int)((uint64_t)v > 0x8000000000000000ull) * 4 + (int)(int8_t)(v >> 8) * 8;
  }
}
