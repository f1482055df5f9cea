// hls_fp_trunc_core: written by hls. Narrows a float of EWI exponent and MWI fraction bits to
// one with fewer of each (binary64 to binary32: C's (float)d), rounded to nearest even as
// cvtsd2ss does: overflow to infinity, subnormal results, a NaN quieted with its fraction's top
// bits. Subnormal inputs are far below the narrow format's range and give a signed zero.
`default_nettype none

module hls_fp_trunc_core #(
    parameter int EWI = 11,
    parameter int MWI = 52,
    parameter int EWO = 8,
    parameter int MWO = 23
) (
    input  logic [EWI+MWI:0] a,
    output logic [EWO+MWO:0] r
);
  localparam int WI = EWI + MWI + 1;
  localparam int XW = EWI + 2;
  localparam logic [EWI-1:0] EMAXI = '1;
  localparam logic [EWO-1:0] EMAXO = '1;
  localparam logic signed [XW-1:0] REBIAS = XW'((1 << (EWI - 1)) - (1 << (EWO - 1)));

  logic [EWI-1:0] ea;
  logic [MWI-1:0] fa;
  logic [EWO+MWO:0] rounded;

  assign ea = a[WI-2:MWI];
  assign fa = a[MWI-1:0];
  hls_fp_round_core #(EWO, MWO, XW) u_round (
      .clk(1'b0), .ce(1'b0),
      .s(a[WI-1]),
      .e(XW'(ea) - REBIAS),
      .sig({1'b1, fa[MWI-1-:MWO], fa[MWI-MWO-1], fa[MWI-MWO-2:0] != 0}),
      .pre_tiny(1'b0), .pre_sh('0), .pre_lost(1'b0),
      .r(rounded)
  );

  always_comb begin
    if (ea == EMAXI) r = {a[WI-1], EMAXO, fa != 0 || fa[MWI-1], fa[MWI-2-:(MWO-1)]};
    else if (ea == 0) r = {a[WI-1], {(EWO + MWO) {1'b0}}};
    else r = rounded;
  end
endmodule

`default_nettype wire
