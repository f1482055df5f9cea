// hls_int_to_fp_core: written by hls. The IW-bit integer a (two's complement when SIGNED) as a
// float of EW exponent and MW fraction bits, rounded to nearest even as C's conversion is on
// x86-64 (cvtsi2ss/sd, and gcc's sequence for unsigned 64-bit); 0 is +0. Combinational.
`default_nettype none

module hls_int_to_fp_core #(
    parameter int IW = 32,
    parameter bit SIGNED = 1'b1,
    parameter int EW = 8,
    parameter int MW = 23
) (
    input  logic [IW-1:0]    a,
    output logic [EW+MW:0]   r
);
  localparam int LW = $clog2(IW + 1);
  localparam int XW = EW + 3;
  localparam int NX = IW > MW + 3 ? IW : MW + 3;  // the normalised magnitude, padded below
  localparam logic signed [XW-1:0] TOP = XW'((1 << (EW - 1)) - 1 + IW - 1);  // exponent of bit IW-1


  logic neg;
  logic [IW-1:0] mag, mag_norm;
  logic [LW-1:0] lz;
  logic [NX-1:0] norm;
  logic [EW+MW:0] rounded;

  assign neg = SIGNED && a[IW-1];
  assign mag = neg ? -a : a;  // the most negative value's magnitude fits unsigned
  hls_fp_clz #(IW, LW) u_clz (.x(mag), .n(lz), .shifted(mag_norm));
  assign norm = {mag_norm, {(NX - IW) {1'b0}}};
  hls_fp_round_core #(EW, MW, XW) u_round (
      .clk(1'b0), .ce(1'b0), .s(neg), .e(TOP - XW'(lz)), .sig({norm[NX-1-:(MW+2)], norm[NX-MW-3:0] != 0}), .pre_tiny(1'b0), .pre_sh('0), .pre_lost(1'b0), .r(rounded));
  assign r = mag == 0 ? '0 : rounded;
endmodule

`default_nettype wire
