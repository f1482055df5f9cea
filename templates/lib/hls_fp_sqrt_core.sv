// hls_fp_sqrt_core: written by hls. The square root of a in the IEEE-754 format of EW exponent
// and MW fraction bits, combinational (digit by digit, one result bit per row), exactly as
// sqrtss/sqrtsd compute it: correctly rounded to nearest even; sqrt(-0) = -0; a NaN comes back
// quieted; any other negative operand (-inf included) gives the default NaN (negative, quiet).
`default_nettype none

module hls_fp_sqrt_core #(
    parameter int EW = 8,
    parameter int MW = 23
) (
    input  logic [EW+MW:0] a,
    output logic [EW+MW:0] r
);
  localparam int W = EW + MW + 1;
  localparam logic [EW-1:0] EMAX = '1;
  localparam int LW = $clog2(MW + 2);
  localparam int XW = EW + 3;
  localparam int RW = MW + 2;  // result bits: sqrt of a significand in [1, 4) to MW + 1 places
  localparam int NW = 2 * RW;  // radicand bits
  localparam logic signed [XW-1:0] BIAS = XW'((1 << (EW - 1)) - 1);

  function automatic logic [LW-1:0] clz(input logic [MW:0] x);
    clz = LW'(MW + 1);
    for (int i = 0; i <= MW; i++) if (x[i]) clz = LW'(MW - i);
  endfunction

  logic a_nan, a_inf, a_zero;
  logic [EW-1:0] ea, ea_eff;
  logic [MW-1:0] fa;
  logic [MW:0] ma;
  logic [LW-1:0] lz;
  logic signed [XW-1:0] ex;  // unbiased exponent of the normalised operand
  logic [NW-1:0] radicand;
  logic [RW-1:0] root;
  logic [RW+1:0] rem;
  logic signed [XW-1:0] e;
  logic [EW+MW:0] rounded;

  assign ea = a[W-2:MW];
  assign fa = a[MW-1:0];
  assign a_nan = ea == EMAX && fa != 0;
  assign a_inf = ea == EMAX && fa == 0;
  assign a_zero = a[W-2:0] == 0;
  assign lz = clz({ea != 0, fa});
  assign ma = {ea != 0, fa} << lz;
  assign ea_eff = ea == 0 ? EW'(1) : ea;
  assign ex = XW'(ea_eff) - XW'(lz) - BIAS;
  // an even exponent: the significand (1 <= m < 4) times 2^(MW + 2) is the radicand, whose
  // integer square root has RW bits with its leading one at the top
  assign radicand = ex[0] ? {1'b0, ma, {(MW + 2) {1'b0}}} << 1 : {1'b0, ma, {(MW + 2) {1'b0}}};

  always_comb begin
    logic [RW+1:0] partial;
    logic [RW+1:0] trial;
    partial = '0;
    root = '0;
    for (int i = RW - 1; i >= 0; i--) begin
      partial = {partial[RW-1:0], radicand[2*i+1-:2]};
      trial = {root, 2'b01};
      root = root << 1;
      if (partial >= trial) begin
        partial = partial - trial;
        root[0] = 1'b1;
      end
    end
    rem = partial;
  end
  assign e = (ex >>> 1) + BIAS;
  hls_fp_round_core #(EW, MW, XW) u_round (.s(1'b0), .e(e), .sig({root, rem != 0}), .r(rounded));

  always_comb begin
    if (a_nan) r = {a[W-1], EMAX, 1'b1, fa[MW-2:0]};
    else if (a_zero) r = a;
    else if (a[W-1]) r = {1'b1, EMAX, 1'b1, {(MW - 1) {1'b0}}};
    else if (a_inf) r = a;
    else r = rounded;
  end
endmodule

`default_nettype wire
