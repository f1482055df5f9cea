/* Scalar parameters of every C integer type (their ports must sign- or
   zero-extend correctly): char, signed/unsigned char, short, unsigned short, int,
   unsigned, long, unsigned long, long long, unsigned long long; they are combined
   with each element of an array under the usual arithmetic conversions. */
long scalar_types(char c, signed char sc, unsigned char uc, short s, unsigned short us, int i, unsigned u, long l,
                  unsigned long ul, long long ll, unsigned long long ull, long out[12])
{
  long acc = 0;
  for (int k = 0; k < 12; k++) {
    out[k] = 0;
  }
  for (int k = 0; k < 12; k++) {
    long v = 0;
    if (k == 0) {
      v = c;
    } else if (k == 1) {
      v = sc;
    } else if (k == 2) {
      v = uc;
    } else if (k == 3) {
      v = s;
    } else if (k == 4) {
      v = us;
    } else if (k == 5) {
      v = i;
    } else if (k == 6) {
      v = (long)u;
    } else if (k == 7) {
      v = l >> 1;
    } else if (k == 8) {
      v = (long)(ul >> 1);
    } else if (k == 9) {
      v = ll >> 2;
    } else if (k == 10) {
      v = (long)(ull >> 3);
    } else {
      v = (c < uc) + (sc < u) * 2 + (s < us) * 4 + (i < ul) * 8 + (ll < ull) * 16;
    }
    out[k] = v;
    acc ^= (long)((unsigned long)v * (unsigned long)(k + 1));
  }
  return acc;
}
