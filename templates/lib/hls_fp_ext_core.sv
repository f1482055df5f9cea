// hls_fp_ext_core: written by hls. Widens a float of EWI exponent and MWI fraction bits to a
// format with at least as many of each (binary32 to binary64: C's (double)f), exactly;
// subnormal inputs become normal; a NaN comes back quieted (cvtss2sd). Combinational.
`default_nettype none

module hls_fp_ext_core #(
    parameter int EWI = 8,
    parameter int MWI = 23,
    parameter int EWO = 11,
    parameter int MWO = 52
) (
    input  logic [EWI+MWI:0] a,
    output logic [EWO+MWO:0] r
);
  localparam int WI = EWI + MWI + 1;
  localparam int LW = $clog2(MWI + 1);
  localparam logic [EWI-1:0] EMAXI = '1;
  localparam logic [EWO-1:0] EMAXO = '1;
  // the exponent bias changes by this much
  localparam logic [EWO-1:0] REBIAS = EWO'((1 << (EWO - 1)) - (1 << (EWI - 1)));


  logic [EWI-1:0] ea;
  logic [MWI-1:0] fa, fa_norm, fsub;
  logic [LW-1:0] lz;

  assign ea = a[WI-2:MWI];
  assign fa = a[MWI-1:0];
  // a subnormal 0.f * 2^(1 - bias): its leading one becomes the implicit bit
  hls_fp_clz #(MWI, LW) u_clz (.x(fa), .n(lz), .shifted(fa_norm));
  assign fsub = fa_norm << 1;

  always_comb begin
    if (ea == EMAXI) r = {a[WI-1], EMAXO, fa != 0 || fa[MWI-1], fa[MWI-2:0], {(MWO - MWI) {1'b0}}};
    else if (ea != 0) r = {a[WI-1], EWO'(ea) + REBIAS, fa, {(MWO - MWI) {1'b0}}};
    else if (fa == 0) r = {a[WI-1], {(EWO + MWO) {1'b0}}};
    else r = {a[WI-1], REBIAS - EWO'(lz), fsub, {(MWO - MWI) {1'b0}}};
  end
endmodule

`default_nettype wire
