/* int8_t / char array parameters: plain char (signed under gcc on x86-64),
   signed char and unsigned char arrays; character-class tests with && and ||,
   case conversion, products truncated back to signed char, a negative char added
   to an unsigned char (wraps), and sums of the same bytes read as signed and as
   unsigned. */
#include <stdint.h>

int char_ops(const char s[32], signed char t[32], unsigned char u[32], int8_t o[32], int sums[3])
{
  int ssum = 0;
  int usum = 0;
  int nalpha = 0;
  for (int i = 0; i < 32; i++) {
    char ch = s[i];
    if (ch >= 'a' && ch <= 'z') {
      o[i] = (int8_t)(ch - 32);
      nalpha++;
    } else if ((ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9')) {
      o[i] = (int8_t)(ch + 1);
      nalpha++;
    } else {
      o[i] = (int8_t)(ch < 0 ? -ch : ch);
    }
    t[i] = (signed char)(t[i] * ch);
    u[i] = (unsigned char)(u[i] + ch);
    ssum += ch;
    usum += (unsigned char)ch;
  }
  sums[0] = ssum;
  sums[1] = usum;
  sums[2] = (char)0x80 < 0;
  return nalpha;
}
