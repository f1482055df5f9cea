// hls_fp_clz: written by hls. The number of leading zeros of x (N when x is zero) and x shifted
// left by it (the normalised value), in log2(N) steps: each step tests whether the upper half of
// the window still in question is zero and, if so, shifts it out. Every floating-point core that
// normalises counts with it: a count written as a loop over the bits becomes a chain of one
// multiplexer per bit (106 for a double product), the slowest path of the cores on an FPGA.
`default_nettype none

module hls_fp_clz #(
    parameter int N = 8,
    parameter int LW = $clog2(N + 1)  // width of the count (at least $clog2(N + 1))
) (
    input  logic [N-1:0]  x,
    output logic [LW-1:0] n,
    output logic [N-1:0]  shifted
);
  localparam int K = $clog2(N);  // steps
  localparam int P = 1 << K;  // the window: x and zeros below it

  logic [P-1:0] v;
  logic [LW-1:0] count;

  always_comb begin
    v = P'(x) << (P - N);
    count = '0;
    for (int s = K - 1; s >= 0; s--) begin
      if ((v >> (P - (1 << s))) == '0) begin
        count = count | LW'(1 << s);
        v = v << (1 << s);
      end
    end
  end
  // x = 0 leaves the window's top bit zero after every step
  assign n = v[P-1] ? count : LW'(N);
  assign shifted = v[P-1-:N];
endmodule

`default_nettype wire
