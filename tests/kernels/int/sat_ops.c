/* ?: chains: int16 saturating add and subtract, min/max, absolute difference
   clamped into a uint8_t, and a median of three; returns the saturation count. */
#include <stdint.h>

int sat_ops(const int16_t a[32], const int16_t b[32], const int16_t c[32], int16_t add[32], int16_t sub[32],
            uint8_t absd[32], int16_t med[32])
{
  int nsat = 0;
  for (int i = 0; i < 32; i++) {
    int s = a[i] + b[i];
    int d = a[i] - b[i];
    add[i] = (int16_t)(s > 32767 ? 32767 : s < -32768 ? -32768 : s);
    sub[i] = (int16_t)(d > 32767 ? 32767 : d < -32768 ? -32768 : d);
    nsat += (s > 32767 || s < -32768) + (d > 32767 || d < -32768 ? 2 : 0);
    int ad = d < 0 ? -d : d;
    absd[i] = (uint8_t)(ad > 255 ? 255 : ad);
    int lo = a[i] < b[i] ? a[i] : b[i];
    int hi = a[i] < b[i] ? b[i] : a[i];
    med[i] = (int16_t)(c[i] < lo ? lo : (c[i] > hi ? hi : c[i]));
  }
  return nsat;
}
