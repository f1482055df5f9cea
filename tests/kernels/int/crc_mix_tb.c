#include <stdio.h>
#include <stdint.h>
#include <string.h>

uint32_t crc_mix(const uint8_t data[48], uint16_t c16[48], int n, uint32_t init);

static uint32_t seed = 10u;
static uint32_t lcg(void) { seed = seed * 1664525u + 1013904223u; return seed >> 24; }

int main(void)
{
  uint8_t data[48];
  uint16_t c16[48];
  const int ns[3] = {9, 48, 0};
  const uint32_t inits[3] = {0u, 0x12345678u, 0xffffffffu};
  for (int run = 0; run < 3; run++) {
    if (run == 0) { memset(data, 0, sizeof data); memcpy(data, "123456789", 9); }  /* CRC-32 check value cbf43926 */
    else for (int i = 0; i < 48; i++) data[i] = (uint8_t)lcg();
    for (int i = 0; i < 48; i++) c16[i] = 0;
    uint32_t r = crc_mix(data, c16, ns[run], inits[run]);
    printf("run %d n=%d: crc32=%08x", run, ns[run], r);
    for (int i = 0; i < 48; i++) printf(" %04x", c16[i]);
    printf("\n");
  }
  return 0;
}
