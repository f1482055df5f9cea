/* Shifts: arithmetic right shift of negative signed values vs logical right shift
   of the same bits as unsigned, left shifts done in unsigned and converted back,
   variable shift amounts kept in range by masking, 64-bit shifts, shifts of
   promoted narrow types, and >>= / <<= compound forms. */
#include <stdint.h>

void shift_mix(const int a[32], const uint8_t s[32], int sra[32], unsigned srl[32], int shl[32],
               long long w[32], int narrow[32])
{
  for (int i = 0; i < 32; i++) {
    int k = s[i] & 31;
    sra[i] = a[i] >> k;
    srl[i] = (unsigned)a[i] >> k;
    shl[i] = (int)((unsigned)a[i] << k);
    int k64 = s[i] & 63;
    long long x = (long long)((unsigned long long)(long long)a[i] << k64);
    x >>= s[i] % 7;
    w[i] = x ^ (long long)(1ULL << k64);
    int8_t b8 = (int8_t)a[i];
    uint16_t u16 = (uint16_t)a[i];
    int t = (b8 >> 2) + (u16 << 15 >> (k & 15));
    unsigned v = (unsigned)a[i];
    v <<= 3;
    v >>= (k & 7) + 1;
    t ^= (int)v;
    t >>= 1;
    narrow[i] = t + ((a[i] < 0) ? (-(a[i] >> 24) >> 1) : (a[i] >> 31));
  }
}
