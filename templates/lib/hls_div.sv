// hls_div: W-bit division with C semantics (quotient truncated toward zero, remainder with the
// sign of the dividend), signed (SIGNED = 1, two's complement) or unsigned.
// Fully pipelined radix-2 restoring divider, free-running: operands presented in cycle t give q
// and r in cycle t + LATENCY, LATENCY = W + 2 (an input stage taking magnitudes, one stage per
// quotient bit, an output stage applying signs). Division by zero gives all-ones quotients.
`default_nettype none

module hls_div #(
    parameter int W = 32,
    parameter bit SIGNED = 1'b1  // latency is W + 2 cycles
) (
    input  logic         clk,
    input  logic [W-1:0] a,
    input  logic [W-1:0] b,
    output logic [W-1:0] q,
    output logic [W-1:0] r
);
  logic [W-1:0] num[W];  // dividend bits still to bring down, MSB first
  logic [W-1:0] den[W];
  logic [W-1:0] rem[W+1];
  logic [W-1:0] quo[W+1];
  logic         qneg[W+1];
  logic         rneg[W+1];

  // input stage: magnitudes and result signs
  always_ff @(posedge clk) begin
    num[0]  <= (SIGNED && a[W-1]) ? -a : a;
    den[0]  <= (SIGNED && b[W-1]) ? -b : b;
    rem[0]  <= '0;
    quo[0]  <= '0;
    qneg[0] <= SIGNED && (a[W-1] ^ b[W-1]);
    rneg[0] <= SIGNED && a[W-1];
  end

  for (genvar k = 0; k < W; k++) begin : g_stage
    logic [W:0] shifted;
    logic [W:0] diff;
    assign shifted = {rem[k], num[k][W-1]};
    assign diff = shifted - {1'b0, den[k]};
    always_ff @(posedge clk) begin
      rem[k+1]  <= diff[W] ? shifted[W-1:0] : diff[W-1:0];
      quo[k+1]  <= {quo[k][W-2:0], ~diff[W]};
      qneg[k+1] <= qneg[k];
      rneg[k+1] <= rneg[k];
    end
    if (k + 1 < W) begin : g_carry
      always_ff @(posedge clk) begin
        num[k+1] <= num[k] << 1;
        den[k+1] <= den[k];
      end
    end
  end

  // output stage
  always_ff @(posedge clk) begin
    q <= qneg[W] ? -quo[W] : quo[W];
    r <= rneg[W] ? -rem[W] : rem[W];
  end

endmodule

`default_nettype wire
