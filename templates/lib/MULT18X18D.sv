// MULT18X18D: hls's simulation model of the Lattice ECP5 18 x 18-bit multiplier primitive, for
// cosim and the library's tests (the vendor's library is not at hand) and for the 7-series
// resource estimate of hls impl.
// Synthesis for the ECP5 does not read it (SYNTHESIS is defined): there the name is the device's
// cell. Modelled as far as hls_mul uses the primitive: A and B (SIGNEDA, SIGNEDB), P = A * B in 36
// bits, and the input, pipeline and output registers on CLK0 with CE0 and a synchronous RST0
// (REG_*_CLK "CLK0"; "NONE" leaves a register out). The cascade, C and shift ports are not modelled.
`ifndef SYNTHESIS
`default_nettype none

module MULT18X18D #(
    parameter REG_INPUTA_CLK = "NONE",
    parameter REG_INPUTB_CLK = "NONE",
    parameter REG_PIPELINE_CLK = "NONE",
    parameter REG_OUTPUT_CLK = "NONE"
) (
    input  wire A0, A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15, A16, A17,
    input  wire B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17,
    input  wire SIGNEDA, SIGNEDB, SOURCEA, SOURCEB,
    input  wire CLK0, CE0, RST0,
    output wire P0, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18, P19, P20, P21, P22, P23, P24, P25, P26, P27, P28, P29, P30, P31, P32, P33, P34, P35
);
  localparam bit IN_A = REG_INPUTA_CLK != "NONE";
  localparam bit IN_B = REG_INPUTB_CLK != "NONE";
  localparam bit PIPE = REG_PIPELINE_CLK != "NONE";
  localparam bit OUT = REG_OUTPUT_CLK != "NONE";
  logic [17:0] a, b, a_q, b_q, a_m, b_m;
  logic [35:0] prod, prod_q, prod_p, out_q, p;
  logic sa_q, sb_q, sa_m, sb_m;
  logic unused_source;
  assign unused_source = &{1'b0, SOURCEA, SOURCEB};
  assign a = {A17, A16, A15, A14, A13, A12, A11, A10, A9, A8, A7, A6, A5, A4, A3, A2, A1, A0};
  assign b = {B17, B16, B15, B14, B13, B12, B11, B10, B9, B8, B7, B6, B5, B4, B3, B2, B1, B0};
  always_ff @(posedge CLK0) begin
    if (RST0) begin
      a_q <= '0;
      b_q <= '0;
      sa_q <= 1'b0;
      sb_q <= 1'b0;
      prod_q <= '0;
      out_q <= '0;
    end else if (CE0) begin
      a_q <= a;
      b_q <= b;
      sa_q <= SIGNEDA;
      sb_q <= SIGNEDB;
      prod_q <= prod;
      out_q <= prod_p;
    end
  end
  assign a_m = IN_A ? a_q : a;
  assign sa_m = IN_A ? sa_q : SIGNEDA;
  assign b_m = IN_B ? b_q : b;
  assign sb_m = IN_B ? sb_q : SIGNEDB;
  // the 36-bit product of the operands, each signed or not
  logic signed [18:0] a_x, b_x;
  logic signed [37:0] prod_x;
  assign a_x = {sa_m & a_m[17], a_m};
  assign b_x = {sb_m & b_m[17], b_m};
  assign prod_x = a_x * b_x;
  assign prod = prod_x[35:0];
  logic unused_prod;
  assign unused_prod = &{1'b0, prod_x[37:36]};
  assign prod_p = PIPE ? prod_q : prod;
  assign p = OUT ? out_q : prod_p;
  assign {P35, P34, P33, P32, P31, P30, P29, P28, P27, P26, P25, P24, P23, P22, P21, P20, P19, P18, P17, P16, P15, P14, P13, P12, P11, P10, P9, P8, P7, P6, P5, P4, P3, P2, P1, P0} = p;
endmodule

`default_nettype wire
`endif
