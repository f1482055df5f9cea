// hls_fp_to_int_core: written by hls. A float of EW exponent and MW fraction bits converted to
// an OW-bit integer (unsigned when UNSIGNED) by truncation, as gcc's x86-64 code converts it,
// out-of-range values and NaN included (where C leaves the result undefined): cvttss2si or
// cvttsd2si at 32 bits for results narrower than 32 bits (and signed 32), at 64 bits for
// signed 64 and unsigned 32; the low OW bits are kept. Out of range or NaN gives the "integer
// indefinite" value (only the sign bit set). Unsigned 64 follows gcc's two-step sequence:
// values from 2^63 to 2^64 convert exactly, values of 2^64 or more give 0 (NaN the indefinite
// value).
// Combinational.
`default_nettype none

module hls_fp_to_int_core #(
    parameter int EW = 11,
    parameter int MW = 52,
    parameter int OW = 32,
    parameter bit UNSIGNED = 1'b0
) (
    input  logic [EW+MW:0] a,
    output logic [OW-1:0]  r
);
  localparam int W = EW + MW + 1;
  localparam int XW = EW + 2;
  localparam int CW = OW == 64 || (UNSIGNED && OW == 32) ? 64 : 32;  // cvtt* width
  localparam logic [EW-1:0] EMAX = '1;
  localparam logic signed [XW-1:0] BIAS = XW'((1 << (EW - 1)) - 1);
  localparam logic [63:0] LIMIT = 64'd1 << (CW - 1);

  logic nan, big, fits;
  logic [EW-1:0] ea;
  logic [MW-1:0] fa;
  logic signed [XW-1:0] k;  // the unbiased exponent
  logic [63:0] significand, mag, signed_result, result;

  assign ea = a[W-2:MW];
  assign fa = a[MW-1:0];
  assign nan = ea == EMAX && fa != 0;
  assign k = XW'(ea) - BIAS;
  // |a| truncated (64 bits); big when |a| >= 2^64 (infinity included)
  assign big = k >= 64;
  assign significand = 64'({ea != 0, fa});
  assign mag = k < 0 || big ? '0 : k >= XW'(MW) ? significand << (k - XW'(MW)) : significand >> (XW'(MW) - k);
  assign fits = !nan && !big && (a[W-1] ? mag <= LIMIT : mag < LIMIT);
  assign signed_result = fits ? (a[W-1] ? -mag : mag) : LIMIT;
  if (UNSIGNED && OW == 64) begin : g_u64
    assign result = nan ? signed_result : !a[W-1] && big ? '0 : !a[W-1] && mag[63] ? mag : signed_result;
  end else begin : g_cvtt
    assign result = signed_result;
  end
  assign r = result[OW-1:0];
  if (OW < 64) begin : g_high
    logic high_unused;  // the conversion's bits above OW (C drops them)
    assign high_unused = &{1'b0, result[63:OW]};
  end
endmodule

`default_nettype wire
