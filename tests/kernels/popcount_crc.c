/* bit manipulation: popcount via shifts and a CRC-like mixer on unsigned 32-bit words */
#include <stdint.h>
#include <stdio.h>
uint32_t popcount_crc(const uint32_t w[8], uint8_t pop[8]) {
  uint32_t crc = 0xffffffffu;
  for (int i = 0; i < 8; i++) {
    uint32_t x = w[i];
    int c = 0;
    for (int b = 0; b < 32; b++) c += (x >> b) & 1u;
    pop[i] = (uint8_t)c;
    crc ^= x;
    for (int b = 0; b < 8; b++) crc = (crc & 1u) ? (crc >> 1) ^ 0xedb88320u : crc >> 1;
  }
  return ~crc;
}
int main(void) {
  uint32_t w[8]; uint8_t p[8];
  for (int i = 0; i < 8; i++) w[i] = 0x9e3779b9u * (uint32_t)(i + 1);
  uint32_t c = popcount_crc(w, p);
  printf("%08x", c);
  for (int i = 0; i < 8; i++) printf(" %u", p[i]);
  printf("\n");
  return 0;
}
