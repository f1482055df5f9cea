// hls_fp_trunc_core: written by hls. Narrows a float of EWI exponent and MWI fraction bits to
// one with fewer of each (binary64 to binary32: C's (float)d), rounded to nearest even as
// cvtsd2ss does: overflow to infinity, subnormal results, a NaN quieted with its fraction's top
// bits. Subnormal inputs are far below the narrow format's range and give a signed zero.
// Pipelined: the result of the operand presented in cycle t (ce high) is on r LATENCY enabled
// cycles later; LATENCY = 0 is combinational. From LATENCY 2 the rounding is cut in two
// (hls_fp_round_core's register between its shift and its increment), from 3 a register after
// the exponent's rebias and the rounding's exponent tests (hls_fp_round_prep), before the
// shift (deriche's shared conversion on ECP5: the rebias, the tests and the shift were three
// carry chains and a shifter in one cycle, 12.6 ns); the rest of the latency is output
// registers.
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
  localparam int PC = LATENCY >= 3 ? 1 : 0;  // the cut before the rounding's shift
  localparam int OL = LATENCY - RC - PC;  // output registers
  localparam int SHW = $clog2(MWO + 4);

  logic [EWI-1:0] ea;
  logic [MWI-1:0] fa;
  logic [EWO+MWO:0] rounded, special, special1, special2, result;
  logic is_special, is_special1, is_special2;

  assign ea = a[WI-2:MWI];
  assign fa = a[MWI-1:0];
  // the exponent in the narrow format's bias and its tests, then (from LATENCY 3) a register
  logic signed [XW-1:0] e0, e1;
  logic tiny0, tiny1, s1;
  logic [SHW-1:0] sh0, sh1;
  logic [MWO+2:0] sig0, sig1;
  assign e0 = XW'(ea) - REBIAS;
  assign sig0 = {1'b1, fa[MWI-1-:MWO], fa[MWI-MWO-1], fa[MWI-MWO-2:0] != 0};
  hls_fp_round_prep #(MWO, XW, SHW) u_prep (.e(e0), .tiny(tiny0), .sh(sh0));
  // infinity, NaN and zero (or a subnormal input) wait beside the rounding
  assign is_special = ea == EMAXI || ea == 0;
  assign special = ea == EMAXI ? {a[WI-1], EMAXO, fa != 0 || fa[MWI-1], fa[MWI-2-:(MWO-1)]} : {a[WI-1], {(EWO + MWO) {1'b0}}};
  hls_fp_pipe #(1 + XW + 1 + SHW + MWO + 3 + 1 + WO, PC) u_prep_cut (
      .clk(clk), .ce(ce), .d({a[WI-1], e0, tiny0, sh0, sig0, is_special, special}),
      .q({s1, e1, tiny1, sh1, sig1, is_special1, special1}));
  hls_fp_round_core #(.EW(EWO), .MW(MWO), .XW(XW), .LATENCY(RC), .PRE(1'b1), .SHW(SHW)) u_round (
      .clk(clk), .ce(ce), .s(s1), .e(e1), .sig(sig1), .pre_tiny(tiny1), .pre_sh(sh1), .pre_lost(1'b0), .r(rounded));
  hls_fp_pipe #(1 + WO, RC) u_special (.clk(clk), .ce(ce), .d({is_special1, special1}), .q({is_special2, special2}));
  assign result = is_special2 ? special2 : rounded;
  hls_fp_pipe #(WO, OL) u_out (.clk(clk), .ce(ce), .d(result), .q(r));
endmodule

`default_nettype wire
