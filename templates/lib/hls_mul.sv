// hls_mul: W-bit integer multiplier, p = (a * b) mod 2**W. The low W bits of a product are the
// same for signed and unsigned operands, so one module serves both.
//
// Timing: fully pipelined and free-running (no enable, no reset): the product of the operands
// presented in cycle t is on p in cycle t + LATENCY, and new operands may enter every cycle.
//   LATENCY = 0  combinational (clk unused)
//   LATENCY = 1  product register                       (DSP48 MREG or PREG)
//   LATENCY = 2  product register, output register      (MREG, PREG)
//   LATENCY >= 3 input registers, product register, LATENCY - 2 output registers
//                (AREG/BREG, MREG, PREG; further stages are fabric registers, which
//                 synthesis may pull into the DSP cascade of a wide multiplier)
// This is the register placement of Vivado's DSP inference templates (UG901); the datapath
// registers have no reset so that they can be absorbed into the DSP48 slices.
`default_nettype none

module hls_mul #(
    parameter int W = 32,
    parameter int LATENCY = 2
) (
    input  logic         clk,
    input  logic [W-1:0] a,
    input  logic [W-1:0] b,
    output logic [W-1:0] p
);
  if (LATENCY <= 0) begin : g_comb
    logic unused_clk;
    assign unused_clk = clk;
    assign p = a * b;
  end else if (LATENCY <= 2) begin : g_prod
    // product register, then (LATENCY = 2) the output register
    logic [W-1:0] pipe[LATENCY];
    always_ff @(posedge clk) begin
      pipe[0] <= a * b;
      for (int k = 1; k < LATENCY; k++) pipe[k] <= pipe[k-1];
    end
    assign p = pipe[LATENCY-1];
  end else begin : g_full
    // input registers, product register, output register chain of LATENCY - 2 stages
    logic [W-1:0] a_r;
    logic [W-1:0] b_r;
    logic [W-1:0] pipe[LATENCY-1];
    always_ff @(posedge clk) begin
      a_r <= a;
      b_r <= b;
      pipe[0] <= a_r * b_r;
      for (int k = 1; k < LATENCY - 1; k++) pipe[k] <= pipe[k-1];
    end
    assign p = pipe[LATENCY-2];
  end
endmodule

`default_nettype wire
