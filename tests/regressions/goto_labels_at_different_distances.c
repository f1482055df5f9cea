/* CHStone dfadd (softfloat.c, subFloat64Sigs): gotos out of one statement sequence to labels at
   different distances after it (goto bExpBigger / bBigger / aBigger / done). The flags of the
   gotos whose labels lie beyond the nearest one skipped everything after it, their own labels
   included: after 'goto aBigger' aBigger's statements never ran, so the function returned a
   stale value (dfadd: 4 of its 46 results wrong; this program: 13 of 64 calls). Each flag now
   skips only up to its own label. */
// hls-tops: f
#include <stdio.h>
typedef unsigned long long u64;
static u64 sub(u64 a, u64 b, int zSign) {
  short aExp = (a >> 52) & 0x7FF, bExp = (b >> 52) & 0x7FF, zExp;
  u64 aSig = a & 0xFFFFFFFFFFFFFULL, bSig = b & 0xFFFFFFFFFFFFFULL, zSig;
  short expDiff = aExp - bExp;
  aSig <<= 10; bSig <<= 10;
  if (0 < expDiff) goto aExpBigger;
  if (expDiff < 0) goto bExpBigger;
  if (aExp == 0x7FF) { if (aSig | bSig) return 1; return 2; }
  if (aExp == 0) { aExp = 1; bExp = 1; }
  if (bSig < aSig) goto aBigger;
  if (aSig < bSig) goto bBigger;
  return 3;
bExpBigger:
  if (bExp == 0x7FF) { if (bSig) return 4; return 5 + zSign; }
  if (aExp == 0) ++expDiff; else aSig |= 0x4000000000000000ULL;
  aSig >>= -expDiff;
  bSig |= 0x4000000000000000ULL;
bBigger:
  zSig = bSig - aSig;
  zExp = bExp;
  zSign ^= 1;
  goto done;
aExpBigger:
  if (aExp == 0x7FF) { if (aSig) return 7; return a; }
  if (bExp == 0) --expDiff; else bSig |= 0x4000000000000000ULL;
  bSig >>= expDiff;
  aSig |= 0x4000000000000000ULL;
aBigger:
  zSig = aSig - bSig;
  zExp = aExp;
done:
  --zExp;
  return (zSig >> 3) ^ ((u64)zExp << 52) ^ ((u64)zSign << 63);
}
u64 f(u64 a, u64 b, int s) { return sub(a, b, s & 1); }
int main(void) {
  u64 v[] = {0, 0xBFF0000000000000ULL, 0x3FF8000000000000ULL, 0xC000000000000000ULL, 0x8000000000000000ULL, 0x3FF0000000000000ULL, 0x7FF0000000000000ULL, 0x7FF8000000000000ULL};
  for (int i = 0; i < 8; i++) for (int j = 0; j < 8; j++) printf("%llx\n", f(v[i], v[j], i + j));
  return 0;
}
