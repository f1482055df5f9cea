// hls_fp_round_prep: written by hls. The rounding core's exponent tests for a result of MW
// fraction bits with signed exponent e (see hls_fp_round_core): whether it is below the normal
// range (e < 1) and the right shift to the subnormal exponent: 1 - e when e < 1, 0 otherwise,
// and all ones (at least MW + 3: no bit of the significand stays) when 1 - e is that large.
// Cores whose exponent is known a cycle before the rounding compute these there (their PRE
// inputs), off the path through the shift.
`default_nettype none

module hls_fp_round_prep #(
    parameter int MW = 23,
    parameter int XW = 11,
    parameter int SHW = $clog2(MW + 4)  // the shift's width: all ones is at least MW + 3
) (
    input  logic signed [XW-1:0]  e,
    output logic                  tiny,
    output logic        [SHW-1:0] sh
);
  logic [XW-1:0] shift;
  assign tiny = e < 1;
  assign shift = XW'(1) - e;
  assign sh = !tiny ? '0 : shift >= XW'(MW + 3) ? '1 : shift[SHW-1:0];
endmodule

`default_nettype wire
