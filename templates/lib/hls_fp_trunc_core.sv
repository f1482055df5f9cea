// hls_fp_trunc_core: written by hls. Narrows a float of EWI exponent and MWI fraction bits to
// one with fewer of each (binary64 to binary32: C's (float)d), rounded to nearest even as
// cvtsd2ss does: overflow to infinity, subnormal results, a NaN quieted with its fraction's top
// bits. Subnormal inputs are far below the narrow format's range and give a signed zero.
// Pipelined: the result of the operand presented in cycle t (ce high) is on r LATENCY enabled
// cycles later; LATENCY = 0 is combinational. From LATENCY 2 the rounding is cut in two
// (hls_fp_round_core's register between its shift and its increment); the rest of the latency
// is output registers.
`default_nettype none

module hls_fp_trunc_core #(
    parameter int EWI = 11,
    parameter int MWI = 52,
    parameter int EWO = 8,
    parameter int MWO = 23,
    parameter int LATENCY = 0
) (
    input  logic             clk,
    input  logic             ce,
    input  logic [EWI+MWI:0] a,
    output logic [EWO+MWO:0] r
);
  localparam int WI = EWI + MWI + 1;
  localparam int WO = EWO + MWO + 1;
  localparam int XW = EWI + 2;
  localparam logic [EWI-1:0] EMAXI = '1;
  localparam logic [EWO-1:0] EMAXO = '1;
  localparam logic signed [XW-1:0] REBIAS = XW'((1 << (EWI - 1)) - (1 << (EWO - 1)));
  localparam int RC = LATENCY >= 2 ? 1 : 0;  // the rounding's own cut
  localparam int OL = LATENCY - RC;  // output registers

  logic [EWI-1:0] ea;
  logic [MWI-1:0] fa;
  logic [EWO+MWO:0] rounded, special, special2, result;
  logic is_special, is_special2;

  assign ea = a[WI-2:MWI];
  assign fa = a[MWI-1:0];
  hls_fp_round_core #(EWO, MWO, XW, RC) u_round (
      .clk(clk), .ce(ce),
      .s(a[WI-1]),
      .e(XW'(ea) - REBIAS),
      .sig({1'b1, fa[MWI-1-:MWO], fa[MWI-MWO-1], fa[MWI-MWO-2:0] != 0}),
      .pre_tiny(1'b0), .pre_sh('0), .pre_lost(1'b0),
      .r(rounded)
  );
  // infinity, NaN and zero (or a subnormal input) wait beside the rounding
  assign is_special = ea == EMAXI || ea == 0;
  assign special = ea == EMAXI ? {a[WI-1], EMAXO, fa != 0 || fa[MWI-1], fa[MWI-2-:(MWO-1)]} : {a[WI-1], {(EWO + MWO) {1'b0}}};
  hls_fp_pipe #(1 + WO, RC) u_special (.clk(clk), .ce(ce), .d({is_special, special}), .q({is_special2, special2}));
  assign result = is_special2 ? special2 : rounded;
  hls_fp_pipe #(WO, OL) u_out (.clk(clk), .ce(ce), .d(result), .q(r));
endmodule

`default_nettype wire
