// hls_mul: W-bit integer multiplier, p = (a * b) mod 2**W. The low W bits of a product are the
// same for signed and unsigned operands, so one module serves both.
//
// Timing: fully pipelined with a clock enable (no reset): the product of the operands presented
// in cycle t (ce high) is on p LATENCY enabled cycles later; new operands may enter every cycle.
//   LATENCY = 0  combinational (clk unused)
//   LATENCY = 1  product register                       (DSP48 MREG or PREG)
//   LATENCY = 2  product register, output register      (MREG, PREG)
//   LATENCY >= 3 input registers, then for W <= 17 a product register and LATENCY - 2 output
//                registers (AREG/BREG, MREG, PREG); for wider operands the product is split
//                into 17 x 17-bit partial products (one DSP multiplier each: MULT18X18D on
//                ECP5, DSP48 on 7-series), registered, then summed by an adder tree whose
//                LATENCY - 2 levels are each a register stage (pairs of sums per stage, the
//                last stage adds what is left). Synthesis does not move registers into a wide
//                multiplier's fabric adders, so this placement is what makes a 32- or 64-bit
//                product meet the clock.
// The datapath registers have no reset so that they can be absorbed into the DSP slices.
`default_nettype none

module hls_mul #(
    parameter int W = 32,
    parameter int LATENCY = 2
) (
    input  logic         clk,
    input  logic         ce,
    input  logic [W-1:0] a,
    input  logic [W-1:0] b,
    output logic [W-1:0] p
);
  localparam int C = 17;  // partial product operand bits
  localparam int N = (W + C - 1) / C;  // operand chunks

  localparam int D = (W - 1) / C;  // partial products (i, j) reach the low W bits when i + j <= D

  if (LATENCY <= 0) begin : g_comb
    logic unused_clk_ce;
    assign unused_clk_ce = &{1'b0, clk, ce};
    assign p = a * b;
  end else if (LATENCY <= 2) begin : g_prod
    // product register, then (LATENCY = 2) the output register
    logic [W-1:0] pipe[LATENCY];
    always_ff @(posedge clk) begin
      if (ce) begin
        pipe[0] <= a * b;
        for (int k = 1; k < LATENCY; k++) pipe[k] <= pipe[k-1];
      end
    end
    assign p = pipe[LATENCY-1];
  end else if (W <= C) begin : g_full
    // input registers, product register, output register chain of LATENCY - 2 stages
    logic [W-1:0] a_r;
    logic [W-1:0] b_r;
    logic [W-1:0] pipe[LATENCY-1];
    always_ff @(posedge clk) begin
      if (ce) begin
        a_r <= a;
        b_r <= b;
        pipe[0] <= a_r * b_r;
        for (int k = 1; k < LATENCY - 1; k++) pipe[k] <= pipe[k-1];
      end
    end
    assign p = pipe[LATENCY-2];
  end else begin : g_split
    logic [N*C-1:0] a_r;
    logic [N*C-1:0] b_r;
    always_ff @(posedge clk) begin
      if (ce) begin
        a_r <= (N * C)'(a);
        b_r <= (N * C)'(b);
      end
    end
    // level 0: the partial products a_i * b_j (term i * N + j), shifted into place and
    // registered (zero where i + j > D); level s: the terms of level s - 1 added in pairs, or
    // all of them at the last level, registered
    for (genvar s = 0; s < LATENCY - 1; s++) begin : g_level
      localparam int T = s == LATENCY - 2 ? 1 : (N * N + (1 << s) - 1) >> s;  // terms at level s
      localparam int TP = s == 0 ? 0 : (N * N + (1 << (s - 1)) - 1) >> (s - 1);  // at level s - 1
      logic [W-1:0] v[T];
      for (genvar t = 0; t < T; t++) begin : g_term
        logic [W-1:0] sum;
        if (s == 0) begin : g_product
          localparam int I = t / N;
          localparam int J = t % N;
          if (I + J > D) begin : g_zero
            assign sum = '0;
          end else begin : g_chunks
            logic [2*C-1:0] full;
            assign full = a_r[I*C+:C] * b_r[J*C+:C];
            if (C * (I + J) + 2 * C > W) begin : g_high
              logic unused_high;
              assign sum = W'(full[W-C*(I+J)-1:0]) << (C * (I + J));
              assign unused_high = &{1'b0, full};
            end else begin : g_pad
              assign sum = W'(full) << (C * (I + J));
            end
          end
        end else if (s == LATENCY - 2) begin : g_all
          always_comb begin
            sum = '0;
            for (int u = 0; u < TP; u++) sum = sum + g_level[s-1].v[u];
          end
        end else if (2 * t + 1 < TP) begin : g_pair
          assign sum = g_level[s-1].v[2*t] + g_level[s-1].v[2*t+1];
        end else begin : g_single
          assign sum = g_level[s-1].v[2*t];
        end
        always_ff @(posedge clk) begin
          if (ce) v[t] <= sum;
        end
      end
    end
    assign p = g_level[LATENCY-2].v[0];
  end
endmodule

`default_nettype wire
