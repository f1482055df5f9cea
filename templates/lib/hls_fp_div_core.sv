// hls_fp_div_core: written by hls. a / b in the IEEE-754 format of EW exponent and MW fraction
// bits, combinational (restoring division, one quotient bit per row), exactly as an x86-64 C
// program computes it: round to nearest, ties to even; subnormal operands and results; a NaN
// operand comes back quieted (a's when both are NaN); 0 / 0 and inf / inf are the default NaN
// (negative, quiet); x / 0 is infinity. The operator modules (hls_fdiv, hls_ddiv) pipeline it.
`default_nettype none

module hls_fp_div_core #(
    parameter int EW = 8,
    parameter int MW = 23
) (
    input  logic [EW+MW:0] a,
    input  logic [EW+MW:0] b,
    output logic [EW+MW:0] r
);
  localparam int W = EW + MW + 1;
  localparam logic [EW-1:0] EMAX = '1;
  localparam int LW = $clog2(MW + 2);
  localparam int XW = EW + 3;
  localparam int QW = MW + 3;  // quotient bits: ma / mb is in (1/2, 2), kept to MW + 2 places
  localparam logic signed [XW-1:0] BIAS = XW'((1 << (EW - 1)) - 1);

  function automatic logic [LW-1:0] clz(input logic [MW:0] x);
    clz = LW'(MW + 1);
    for (int i = 0; i <= MW; i++) if (x[i]) clz = LW'(MW - i);
  endfunction

  logic s, a_nan, b_nan, a_inf, b_inf, a_zero, b_zero, sticky;
  logic [EW-1:0] ea, eb, ea_eff, eb_eff;
  logic [MW-1:0] fa, fb;
  logic [MW:0] ma, mb;
  logic [LW-1:0] lza, lzb;
  logic [MW+1:0] rem;
  logic [QW-1:0] q;
  logic signed [XW-1:0] e;
  logic [MW+2:0] sig;
  logic [EW+MW:0] rounded;

  assign s = a[W-1] ^ b[W-1];
  assign ea = a[W-2:MW];
  assign eb = b[W-2:MW];
  assign fa = a[MW-1:0];
  assign fb = b[MW-1:0];
  assign a_nan = ea == EMAX && fa != 0;
  assign b_nan = eb == EMAX && fb != 0;
  assign a_inf = ea == EMAX && fa == 0;
  assign b_inf = eb == EMAX && fb == 0;
  assign a_zero = a[W-2:0] == 0;
  assign b_zero = b[W-2:0] == 0;
  // both significands with their leading one at bit MW (subnormals normalised)
  assign lza = clz({ea != 0, fa});
  assign lzb = clz({eb != 0, fb});
  assign ma = {ea != 0, fa} << lza;
  assign mb = {eb != 0, fb} << lzb;
  assign ea_eff = ea == 0 ? EW'(1) : ea;
  assign eb_eff = eb == 0 ? EW'(1) : eb;

  // q = floor(ma * 2^(MW + 2) / mb), most significant bit first; the remainder stays below 2 mb
  always_comb begin
    logic [MW+1:0] partial;
    partial = {1'b0, ma};
    for (int i = QW - 1; i >= 0; i--) begin
      q[i] = partial >= {1'b0, mb};
      if (q[i]) partial = partial - {1'b0, mb};
      partial = partial << 1;
    end
    rem = partial;
  end
  assign sticky = rem != 0;
  // ma / mb >= 1: the leading one is q[QW-1]; otherwise q[QW-2] and the exponent is one less
  assign sig = q[QW-1] ? {q[QW-1:1], q[0] | sticky} : {q[QW-2:0], sticky};
  assign e = XW'(ea_eff) - XW'(lza) - XW'(eb_eff) + XW'(lzb) + BIAS - XW'(!q[QW-1]);
  hls_fp_round_core #(EW, MW, XW) u_round (.s(s), .e(e), .sig(sig), .r(rounded));

  always_comb begin
    if (a_nan) r = {a[W-1], EMAX, 1'b1, fa[MW-2:0]};
    else if (b_nan) r = {b[W-1], EMAX, 1'b1, fb[MW-2:0]};
    else if ((a_inf && b_inf) || (a_zero && b_zero)) r = {1'b1, EMAX, 1'b1, {(MW - 1) {1'b0}}};
    else if (a_inf || b_zero) r = {s, EMAX, {MW{1'b0}}};
    else if (a_zero || b_inf) r = {s, {(W - 1) {1'b0}}};
    else r = rounded;
  end
endmodule

`default_nettype wire
