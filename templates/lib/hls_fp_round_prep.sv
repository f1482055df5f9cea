// hls_fp_round_prep: written by hls. The rounding core's exponent tests for a result of MW
// fraction bits with signed exponent e (see hls_fp_round_core): whether it is below the normal
// range (e < 1), the right shift to the subnormal exponent (1 - e, else 0) and whether that
// shift leaves no bit of the significand. Cores whose exponent is known a cycle before the
// rounding compute these there (their PRE inputs), off the path through the shift.
`default_nettype none

module hls_fp_round_prep #(
    parameter int MW = 23,
    parameter int XW = 11
) (
    input  logic signed [XW-1:0] e,
    output logic                 tiny,
    output logic        [XW-1:0] shift,
    output logic                 far
);
  assign tiny = e < 1;
  assign shift = tiny ? XW'(1) - e : '0;
  assign far = shift >= XW'(MW + 3);
endmodule

`default_nettype wire
