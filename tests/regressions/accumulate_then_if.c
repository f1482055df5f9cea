/* issue #11: AssertionError on an accumulation followed by an if in the same loop */
// hls-tops:  kern
#include <stdio.h>
void kern(int B[1], int A[8]) { for (int j = 0; j < 8; j++) { B[0] += A[j]; if (A[j] > 0) A[j] = 0; } }

int main(void) {
  int B[1] = {10}, A[8] = {1, -2, 3, -4, 0, 6, -7, 8};
  kern(B, A);
  printf("%d\n", B[0]);
  for (int i = 0; i < 8; i++) printf("%d\n", A[i]);
  return 0;
}
