// hls_bram_2p: true dual-port RAM, both ports read/write, read latency 1, read-first per port,
// in Xilinx's block-RAM inference style. Writing one address from both ports in one cycle is
// undefined (as in the device).
`default_nettype none

module hls_bram_2p #(
    parameter int WIDTH = 32,
    parameter int DEPTH = 16,
    parameter int AW = 4
) (
    input  logic             clk,
    input  logic             ce0,
    input  logic             we0,
    input  logic [   AW-1:0] address0,
    input  logic [WIDTH-1:0] d0,
    output logic [WIDTH-1:0] q0,
    input  logic             ce1,
    input  logic             we1,
    input  logic [   AW-1:0] address1,
    input  logic [WIDTH-1:0] d1,
    output logic [WIDTH-1:0] q1
);
  (* ram_style = "block" *) logic [WIDTH-1:0] ram[DEPTH];

  always_ff @(posedge clk) begin
    if (ce0) begin
      if (we0) ram[address0] <= d0;
      q0 <= ram[address0];
    end
  end

  always_ff @(posedge clk) begin
    if (ce1) begin
      if (we1) ram[address1] <= d1;
      q1 <= ram[address1];
    end
  end
endmodule

`default_nettype wire
