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

  // the tree as a heap, each node assigned once (a loop updating the nodes in place turned a
  // double adder's simulation model into megabytes of C++): node j's children are 2j+1 (the
  // upper half) and 2j+2; the leaves, from the top bit of the window down, are nodes P-1 .. 2P-2
  logic [P-1:0] window;
  logic [2*P-2:0] zero  /*verilator split_var*/;
  logic [2*P-2:0][CW-1:0] count  /*verilator split_var*/;

  assign window = P'(x) << (P - N);
  for (genvar i = 0; i < P; i++) begin : g_leaf
    assign zero[P-1+i] = !window[P-1-i];
    assign count[P-1+i] = '0;
  end
  for (genvar j = 0; j < P - 1; j++) begin : g_node
    // node j is at depth floor(log2(j + 1)): its halves have 2^(K - depth - 1) bits each
    localparam int HALF = 1 << (K - $clog2(j + 2));
    assign count[j] = zero[2*j+1] ? count[2*j+2] | CW'(HALF) : count[2*j+1];
    assign zero[j] = zero[2*j+1] & zero[2*j+2];
  end
  assign n = zero[0] ? LW'(N) : LW'(count[0]);
  assign shifted = x << n;
endmodule

`default_nettype wire
