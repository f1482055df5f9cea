/* Histogram into a local array with data-dependent subscripts (hist[d & 15],
   hist2[d >> 4]), cleared by a loop first, then copied out; a weighted running sum
   truncated to uint8_t wraps around. */
#include <stdint.h>

void hist16(const uint8_t data[64], uint16_t hist[16], uint8_t hi_hist[16], uint8_t wsum[16])
{
  uint16_t h[16];
  uint8_t h2[16];
  for (int k = 0; k < 16; k++) {
    h[k] = 0;
    h2[k] = 0;
  }
  for (int i = 0; i < 64; i++) {
    h[data[i] & 15] += 1;
    h2[data[i] >> 4]++;
  }
  uint8_t acc = 0;
  for (int k = 0; k < 16; k++) {
    hist[k] = h[k];
    hi_hist[k] = h2[15 - k];
    acc += h[k] * (k + 7);
    wsum[k] = acc;
  }
}
