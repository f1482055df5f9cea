// hls_mul_dsp: written by hls. An unsigned product of two W-bit operands (W <= 17) in one ECP5
// MULT18X18D whose input and output registers are on: p is the product of the operands presented
// two enabled cycles earlier. Yosys's synth_ecp5 puts no register into the primitive it infers,
// so a pipelined product there routes from the fabric's registers into the multiplier and out
// again within a cycle (adi: 3.7 ns to it, 3.9 ns through it, 3.8 ns to the register after it);
// inside the primitive the registers leave one route per cycle. Simulated by MULT18X18D.sv.
`default_nettype none

module hls_mul_dsp #(
    parameter int W = 17
) (
    input  logic           clk,
    input  logic           ce,
    input  logic [W-1:0]   a,
    input  logic [W-1:0]   b,
    output logic [2*W-1:0] p
);
  logic [17:0] a_x, b_x;
  logic [35:0] p_x;
  assign a_x = 18'(a);
  assign b_x = 18'(b);
  MULT18X18D #(
      .REG_INPUTA_CLK("CLK0"),
      .REG_INPUTB_CLK("CLK0"),
      .REG_OUTPUT_CLK("CLK0")
  ) u_mult (
      .A0(a_x[0]), .A1(a_x[1]), .A2(a_x[2]), .A3(a_x[3]), .A4(a_x[4]), .A5(a_x[5]), .A6(a_x[6]),
      .A7(a_x[7]), .A8(a_x[8]), .A9(a_x[9]), .A10(a_x[10]), .A11(a_x[11]), .A12(a_x[12]),
      .A13(a_x[13]), .A14(a_x[14]), .A15(a_x[15]), .A16(a_x[16]), .A17(a_x[17]),
      .B0(b_x[0]), .B1(b_x[1]), .B2(b_x[2]), .B3(b_x[3]), .B4(b_x[4]), .B5(b_x[5]), .B6(b_x[6]),
      .B7(b_x[7]), .B8(b_x[8]), .B9(b_x[9]), .B10(b_x[10]), .B11(b_x[11]), .B12(b_x[12]),
      .B13(b_x[13]), .B14(b_x[14]), .B15(b_x[15]), .B16(b_x[16]), .B17(b_x[17]),
      .SIGNEDA(1'b0), .SIGNEDB(1'b0), .SOURCEA(1'b0), .SOURCEB(1'b0),
      .CLK0(clk), .CE0(ce), .RST0(1'b0),
      .P0(p_x[0]), .P1(p_x[1]), .P2(p_x[2]), .P3(p_x[3]), .P4(p_x[4]), .P5(p_x[5]), .P6(p_x[6]),
      .P7(p_x[7]), .P8(p_x[8]), .P9(p_x[9]), .P10(p_x[10]), .P11(p_x[11]), .P12(p_x[12]),
      .P13(p_x[13]), .P14(p_x[14]), .P15(p_x[15]), .P16(p_x[16]), .P17(p_x[17]), .P18(p_x[18]),
      .P19(p_x[19]), .P20(p_x[20]), .P21(p_x[21]), .P22(p_x[22]), .P23(p_x[23]), .P24(p_x[24]),
      .P25(p_x[25]), .P26(p_x[26]), .P27(p_x[27]), .P28(p_x[28]), .P29(p_x[29]), .P30(p_x[30]),
      .P31(p_x[31]), .P32(p_x[32]), .P33(p_x[33]), .P34(p_x[34]), .P35(p_x[35])
  );
  assign p = p_x[2*W-1:0];
  logic unused_high;
  assign unused_high = &{1'b0, p_x};
endmodule

`default_nettype wire
