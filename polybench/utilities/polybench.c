/* PolyBench/C 4.2.1 harness functions, written for hls (see polybench.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "polybench.h"

/* Zeroed, 64-byte aligned storage for n elements; exits when memory runs out, as PolyBench. */
void *polybench_alloc_data(unsigned long long int n, int elt_size) {
  size_t bytes = (size_t)n * (size_t)elt_size;
  void *ptr = NULL;
  if (posix_memalign(&ptr, 64, bytes ? bytes : 1) != 0 || ptr == NULL) {
    fprintf(stderr, "[PolyBench] posix_memalign: cannot allocate %zu bytes\n", bytes);
    exit(1);
  }
  memset(ptr, 0, bytes ? bytes : 1);
  return ptr;
}

void polybench_free_data(void *ptr) { free(ptr); }
