/* CRC-like bit mixing: a bitwise reflected CRC-32 (poly 0xEDB88320) over the first
   n bytes with a data-dependent xor per bit selected by ?:, an MSB-first
   CRC-16-CCITT recorded after every byte, and an init value parameter. */
#include <stdint.h>

uint32_t crc_mix(const uint8_t data[48], uint16_t c16[48], int n, uint32_t init)
{
  uint32_t crc = ~init;
  uint16_t crc16 = 0xffff;
  for (int i = 0; i < n; i++) {
    crc ^= data[i];
    for (int b = 0; b < 8; b++) {
      crc = (crc & 1u) ? (crc >> 1) ^ 0xedb88320u : crc >> 1;
    }
    crc16 ^= (uint16_t)(data[i] << 8);
    for (int b = 0; b < 8; b++) {
      if (crc16 & 0x8000) {
        crc16 = (uint16_t)((crc16 << 1) ^ 0x1021);
      } else {
        crc16 = (uint16_t)(crc16 << 1);
      }
    }
    c16[i] = crc16;
  }
  return ~crc;
}
