#include "gemm.h"
#include <string.h>

void run_benchmark( void *vargs ) {
  struct bench_args_t *args = (struct bench_args_t *)vargs;
  gemm( args->m1, args->m2, args->prod );
}

void input_to_data(int seed, void *vdata) {
  struct bench_args_t *data = (struct bench_args_t *)vdata;
  memset(data, 0, sizeof(*data));
  for (int i = 0; i < N; i++) {
    data->m1[i] = (i * 7 + seed) % 11 - 5.25;
    data->m2[i] = (i * 3 + 2 * seed) % 13 * 0.125;
  }
}

void data_to_output(FILE *f, void *vdata) {
  struct bench_args_t *data = (struct bench_args_t *)vdata;
  for (int i = 0; i < N; i++) fprintf(f, "%.17g\n", data->prod[i]);
}
