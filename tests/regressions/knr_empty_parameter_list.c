/* CHStone adpcm (found compiling it at d4540f2): a call of a function defined with an empty
   parameter list, 'void adpcm_main ()' (no prototype: K&R), was an internal error ('NoneType'
   object has no attribute 'params') in c-to-kernel. */
// hls-tops: top
int g;
void bump () { g = g + 3; }
int twice (x) int x; { return x + x; }
int top () {
  bump ();
  return twice (g) + twice (2);
}
int main (void) {
  int s = 0;
  for (int k = 0; k < 3; k++) s += top ();
  return s == 12345;
}
