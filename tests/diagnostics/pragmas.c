/* pragma checks: every directive hls does not apply gets a located warning */
#define N 16
static void helper(int x[N]) {
#pragma HLS inline
  for (int i = 0; i < N; i++) {
#pragma HLS pipeline II=1 rewind
    x[i] += 1;
  }
}

void pragmas(int a[N], int b[N]) {
#pragma HLS interface mode=ap_memory port=a storage_type=ram_1p
#pragma HLS INTERFACE m_axi port=b bundle=gmem
#pragma HLS array_partition variable=b type=cyclic factor=2
#pragma HLS dataflow
  int buf[N];
#pragma HLS bind_storage variable=buf type=ram_2p impl=lutram latency=2
  for (int i = 0; i < N; i++) {
#pragma HLS pipelin II=1
#pragma HLS unroll factor=2
#pragma HLS loop_tripcount mn=4 max=16
    buf[i] = a[i] * 2;
  }
  for (int i = 0; i < N; i++) {
#pragma HLS PIPELINE II=2 stlye=flp
    b[i] = buf[N - 1 - i];
  }
#pragma HLS unroll
  helper(b);
}
