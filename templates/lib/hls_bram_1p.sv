// hls_bram_1p: single-port RAM, read latency 1, read-first (a read and a write in the same cycle
// return the old data), in Xilinx's block-RAM inference style. q0 holds while ce0 is low.
`default_nettype none

module hls_bram_1p #(
    parameter int WIDTH = 32,
    parameter int DEPTH = 16,
    parameter int AW = 4
) (
    input  logic             clk,
    input  logic             ce0,
    input  logic             we0,
    input  logic [   AW-1:0] address0,
    input  logic [WIDTH-1:0] d0,
    output logic [WIDTH-1:0] q0
);
  (* ram_style = "block" *) logic [WIDTH-1:0] ram[DEPTH];

  always_ff @(posedge clk) begin
    if (ce0) begin
      if (we0) ram[address0] <= d0;
      q0 <= ram[address0];
    end
  end
endmodule

`default_nettype wire
