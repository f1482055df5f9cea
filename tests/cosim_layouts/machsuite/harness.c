#include "gemm.h"

int main(void) {
  struct bench_args_t *args = (struct bench_args_t *)malloc(sizeof(struct bench_args_t));
  for (int seed = 1; seed <= 2; seed++) {
    input_to_data(seed, args);
    run_benchmark(args);
    data_to_output(stdout, args);
  }
  free(args);
  return 0;
}
