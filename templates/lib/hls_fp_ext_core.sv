// hls_fp_ext_core: written by hls. Widens a float of EWI exponent and MWI fraction bits to a
// format with at least as many of each (binary32 to binary64: C's (double)f), exactly;
// subnormal inputs become normal; a NaN comes back quieted (cvtss2sd).
// Pipelined: the result of the operand presented in cycle t (ce high) is on r LATENCY enabled
// cycles later; LATENCY = 0 is combinational. From LATENCY 2 the operand is registered first
// (a shared unit's operand multiplexer, then the normalisation of a subnormal: 11 ns on ECP5);
// from 3 a register after the leading-zero count and its shift (the count, the shift and the
// result's selection were 7 LUT levels, 10.1 ns on ECP5: fp_dot_mixed); from 4 another between
// the count and the shift (the operand's register, the count and the shift were then 10.07 ns,
// 7.4 ns of it routing); the rest of the latency is output registers.
`default_nettype none

module hls_fp_ext_core #(
    parameter int EWI = 8,
    parameter int MWI = 23,
    parameter int EWO = 11,
    parameter int MWO = 52,
    parameter int LATENCY = 0
) (
    input  logic             clk,
    input  logic             ce,
    input  logic [EWI+MWI:0] a,
    output logic [EWO+MWO:0] r
);
  localparam int WI = EWI + MWI + 1;
  localparam int WO = EWO + MWO + 1;
  localparam int IC = LATENCY >= 2 ? 1 : 0;  // the input register
  localparam int NC = LATENCY >= 3 ? 1 : 0;  // after the count and its shift
  localparam int CC = LATENCY >= 4 ? 1 : 0;  // between the count and the shift
  localparam int LW = $clog2(MWI + 1);
  localparam logic [EWI-1:0] EMAXI = '1;
  localparam logic [EWO-1:0] EMAXO = '1;
  // the exponent bias changes by this much
  localparam logic [EWO-1:0] REBIAS = EWO'((1 << (EWO - 1)) - (1 << (EWI - 1)));


  logic [MWI-1:0] fa, fa_norm, fsub;
  logic [LW-1:0] lz;
  logic [WI-1:0] ai;
  logic [WO-1:0] result;

  hls_fp_pipe #(WI, IC, 1'b1) u_in (.clk(clk), .ce(ce), .d(a), .q(ai));
  assign fa = ai[MWI-1:0];
  // a subnormal 0.f * 2^(1 - bias): its leading one becomes the implicit bit
  // (with the cut the count's own shift goes unused, and synthesis drops it)
  /* verilator lint_off UNUSEDSIGNAL */
  logic [MWI-1:0] fa_shifted;
  /* verilator lint_on UNUSEDSIGNAL */
  hls_fp_clz #(MWI, LW) u_clz (.x(fa), .n(lz), .shifted(fa_shifted));
  logic [WI-1:0] ai_s;
  logic [LW-1:0] lz_s;
  hls_fp_pipe #(WI + LW, CC) u_shift (.clk(clk), .ce(ce), .d({ai, lz}), .q({ai_s, lz_s}));
  // with the cut, the shift by the registered count; without it, the count's own shift
  if (CC > 0) begin : g_cut
    assign fa_norm = ai_s[MWI-1:0] << lz_s;
  end else begin : g_no_cut
    assign fa_norm = fa_shifted;
  end
  logic [WI-1:0] ai_c;
  logic [LW-1:0] lz_c;
  logic [MWI-1:0] fa_norm_c, fa_c;
  logic [EWI-1:0] ea_c;
  hls_fp_pipe #(WI + LW + MWI, NC) u_count (.clk(clk), .ce(ce), .d({ai_s, lz_s, fa_norm}), .q({ai_c, lz_c, fa_norm_c}));
  assign ea_c = ai_c[WI-2:MWI];
  assign fa_c = ai_c[MWI-1:0];
  assign fsub = fa_norm_c << 1;

  always_comb begin
    if (ea_c == EMAXI) result = {ai_c[WI-1], EMAXO, fa_c != 0 || fa_c[MWI-1], fa_c[MWI-2:0], {(MWO - MWI) {1'b0}}};
    else if (ea_c != 0) result = {ai_c[WI-1], EWO'(ea_c) + REBIAS, fa_c, {(MWO - MWI) {1'b0}}};
    else if (fa_c == 0) result = {ai_c[WI-1], {(EWO + MWO) {1'b0}}};
    else result = {ai_c[WI-1], REBIAS - EWO'(lz_c), fsub, {(MWO - MWI) {1'b0}}};
  end
  hls_fp_pipe #(WO, LATENCY - IC - CC - NC) u_out (.clk(clk), .ce(ce), .d(result), .q(r));
endmodule

`default_nettype wire
