// hls_fp_pipe: written by hls. DEPTH registers with a clock enable in a row (a wire at DEPTH 0):
// the cuts inside the floating-point cores and their output registers, so one core source
// serves every latency. KEEP marks the first register keep, so that Yosys does not merge it with
// another unit's register of the same operand: a core's operand registers (on ECP5 one merged
// register drove the class tests of five units, shared between them, then a float min's
// comparison: fp_ops_float at 98.42 MHz, 7.5 ns of its 10.2 ns routing).
`default_nettype none

module hls_fp_pipe #(
    parameter int W = 1,
    parameter int DEPTH = 1,
    parameter bit KEEP = 1'b0
) (
    input  logic         clk,
    input  logic         ce,
    input  logic [W-1:0] d,
    output logic [W-1:0] q
);
  if (DEPTH <= 0) begin : g_wire
    logic unused_clk_ce;
    assign unused_clk_ce = &{1'b0, clk, ce};
    assign q = d;
  end else begin : g_regs
    logic [W-1:0] stage[DEPTH];
    if (KEEP) begin : g_keep
      (* keep *) always_ff @(posedge clk) begin
        if (ce) stage[0] <= d;
      end
    end else begin : g_first
      always_ff @(posedge clk) begin
        if (ce) stage[0] <= d;
      end
    end
    // one always_ff per stage: simulators unroll procedural loops only so far
    for (genvar k = 1; k < DEPTH; k++) begin : g_stage
      always_ff @(posedge clk) begin
        if (ce) stage[k] <= stage[k-1];
      end
    end
    assign q = stage[DEPTH-1];
  end
endmodule

`default_nettype wire
