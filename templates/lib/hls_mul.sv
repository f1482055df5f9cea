// hls_mul: W-bit multiplier, p = (a * b) mod 2**W (the same bits for signed and unsigned operands).
// Fully pipelined and free-running: the product of the operands presented in cycle t is on p in
// cycle t + LATENCY (LATENCY = 0: combinational). Written as a product register followed by a
// register chain so Vivado maps it onto DSP48 slices with their pipeline registers.
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
  if (LATENCY == 0) begin : g_comb
    assign p = a * b;
  end else begin : g_pipe
    logic [W-1:0] stage[LATENCY];
    always_ff @(posedge clk) begin
      stage[0] <= a * b;
      for (int k = 1; k < LATENCY; k++) stage[k] <= stage[k-1];
    end
    assign p = stage[LATENCY-1];
  end
endmodule

`default_nettype wire
