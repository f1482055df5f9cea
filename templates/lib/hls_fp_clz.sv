// hls_fp_clz: written by hls. The number of leading zeros of x (N when x is zero) and x shifted
// left by it (the normalised value). The count is a tree: each node of two halves is zero when
// both are, and counts the upper half's zeros, or all of them plus the lower half's; log2(N)
// levels of small multiplexers. Every floating-point core that normalises counts with it: a
// count written as a loop over the bits becomes a chain of one multiplexer per bit (106 for a
// double product), the slowest path of the cores on an FPGA.
`default_nettype none

module hls_fp_clz #(
    parameter int N = 8,
    parameter int LW = $clog2(N + 1)  // width of the count (at least $clog2(N + 1))
) (
    input  logic [N-1:0]  x,
    output logic [LW-1:0] n,
    output logic [N-1:0]  shifted
);
  localparam int K = $clog2(N);  // levels
  localparam int P = 1 << K;  // leaves: x and zeros below it
  localparam int CW = K > 0 ? K : 1;

  // node i of a level covers bits P-1-i*2^l .. of the window (node 0 the top); in place, level by level
  logic [P-1:0] window, zero;
  logic [P-1:0][CW-1:0] count;

  assign window = P'(x) << (P - N);
  always_comb begin
    for (int i = 0; i < P; i++) begin
      zero[i] = !window[P-1-i];
      count[i] = '0;
    end
    for (int l = 1; l <= K; l++) begin
      for (int i = 0; i < (P >> l); i++) begin
        count[i] = zero[2*i] ? count[2*i+1] | CW'(1 << (l - 1)) : count[2*i];
        zero[i] = zero[2*i] & zero[2*i+1];
      end
    end
  end
  assign n = zero[0] ? LW'(N) : LW'(count[0]);
  assign shifted = x << n;
endmodule

`default_nettype wire
