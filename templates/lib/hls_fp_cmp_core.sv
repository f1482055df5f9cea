// hls_fp_cmp_core: written by hls. The C comparison OP of a and b in the IEEE-754 format of EW
// exponent and MW fraction bits, combinational: 0 a < b, 1 a <= b, 2 a > b, 3 a >= b, 4 a == b,
// 5 a != b. As in C, a NaN operand makes every comparison false but !=, and +0 == -0.
`default_nettype none

module hls_fp_cmp_core #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int OP = 0
) (
    input  logic [EW+MW:0] a,
    input  logic [EW+MW:0] b,
    output logic           r
);
  localparam int W = EW + MW + 1;

  logic unordered, zeros, lt, eq;
  logic [5:0] result;

  assign unordered = (&a[W-2:MW] && a[MW-1:0] != 0) || (&b[W-2:MW] && b[MW-1:0] != 0);
  assign zeros = a[W-2:0] == 0 && b[W-2:0] == 0;
  // sign and magnitude: the negative one is smaller; of two negatives, the larger magnitude
  assign lt = !zeros && (a[W-1] != b[W-1] ? a[W-1] : a[W-1] ? a[W-2:0] > b[W-2:0] : a[W-2:0] < b[W-2:0]);
  assign eq = zeros || a == b;
  assign result = {unordered || !eq, !unordered && eq, !unordered && !lt, !unordered && !(lt || eq),
                   !unordered && (lt || eq), !unordered && lt};
  assign r = result[OP];
endmodule

`default_nettype wire
