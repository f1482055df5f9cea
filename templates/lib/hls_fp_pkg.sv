// hls_fp_pkg: bit-exact IEEE-754 helpers for the portable floating-point operator models.
// Doubles are computed with SystemVerilog `real` (IEEE binary64 in Verilator and Icarus). Floats
// are widened exactly to double, computed in double and rounded once to float (round to nearest
// even), which is correctly rounded for + - * / and sqrt (53 >= 2*24 + 2). Conversions follow
// what gcc generates on x86-64 (cvtt* for float-to-integer, including its out-of-range results).
`default_nettype none

package hls_fp_pkg;

  localparam logic [63:0] F64_INDEFINITE = 64'h8000_0000_0000_0000;

  function automatic logic is_nan64(input logic [62:0] d);  // the bits below the sign
    return d[62:52] == 11'h7ff && d[51:0] != 52'd0;
  endfunction

  // float bits -> double bits, exact (NaNs are quieted, as cvtss2sd does)
  function automatic logic [63:0] f32_to_f64(input logic [31:0] f);
    logic [10:0] e;
    logic [51:0] m;
    int p;
    if (f[30:23] == 8'hff) return {f[31], 11'h7ff, (f[22:0] != 23'd0) | f[22], f[21:0], 29'd0};
    if (f[30:23] == 8'd0) begin
      if (f[22:0] == 23'd0) return {f[31], 63'd0};
      p = 22;
      while (!f[p]) p--;
      e = 11'(p + 874);  // value = 1.x * 2^(p - 149)
      m = 52'(f[22:0]) << (52 - p);
      return {f[31], e, m};
    end
    e = 11'(int'(f[30:23]) + 896);
    return {f[31], e, f[22:0], 29'd0};
  endfunction

  // double bits -> float bits, rounded to nearest even (overflow to infinity, subnormals kept)
  function automatic logic [31:0] f64_to_f32(input logic [63:0] d);
    logic [52:0] mant;
    logic [52:0] kept;
    logic [52:0] rest;
    logic [52:0] half;
    int ex;
    int sh;
    logic inc;
    if (d[62:52] == 11'h7ff) return d[51:0] != 52'd0 ? {d[63], 8'hff, 1'b1, d[50:29]} : {d[63], 8'hff, 23'd0};
    if (d[62:52] == 11'd0) return {d[63], 31'd0};  // zero, or a double subnormal (far below float's range)
    ex = int'(d[62:52]) - 1023 + 127;
    mant = {1'b1, d[51:0]};
    sh = ex >= 1 ? 29 : 29 + 1 - ex;
    // below a half of the smallest subnormal (mant < 2**53 <= half): zero; also keeps half in range
    if (sh > 53) return {d[63], 31'd0};
    kept = mant >> sh;
    rest = mant & ((53'd1 << sh) - 53'd1);
    half = 53'd1 << (sh - 1);
    inc = rest > half || (rest == half && kept[0]);
    kept = kept + 53'(inc);
    if (ex < 1) return {d[63], kept[30:0]};  // subnormal (or rounded up to the smallest normal)
    if (kept[24]) begin
      kept = kept >> 1;
      ex = ex + 1;
    end
    if (ex >= 255) return {d[63], 8'hff, 23'd0};
    return {d[63], 8'(ex), kept[22:0]};
  endfunction

  // |integer| -> float or double bits (rounded to nearest even), then the sign
  function automatic logic [63:0] int_to_fp(input logic neg, input logic [63:0] mag, input bit dbl);
    int mbits;
    int bias;
    int p;
    int sh;
    logic [63:0] kept;
    logic [63:0] rest;
    logic [63:0] half;
    logic inc;
    mbits = dbl ? 52 : 23;
    bias = dbl ? 1023 : 127;
    if (mag == 64'd0) return 64'd0;
    p = 63;
    while (!mag[p]) p--;
    if (p <= mbits) begin
      kept = mag << (mbits - p);
    end else begin
      sh = p - mbits;
      kept = mag >> sh;
      rest = mag & ((64'd1 << sh) - 64'd1);
      half = 64'd1 << (sh - 1);
      inc = rest > half || (rest == half && kept[0]);
      kept = kept + 64'(inc);
      if (kept[mbits+1]) begin
        kept = kept >> 1;
        p = p + 1;
      end
    end
    if (dbl) return {neg, 11'(p + bias), kept[51:0]};
    return {32'd0, neg, 8'(p + bias), kept[22:0]};
  endfunction

  function automatic real trunc_real(input real x);
    return x < 0.0 ? $ceil(x) : $floor(x);
  endfunction

  // double -> integer of `width` bits as gcc on x86-64 does it (cvttsd2si; out of range and NaN
  // give the "integer indefinite" value); unsigned 64-bit uses gcc's two-step sequence
  function automatic logic [63:0] fp_to_int(input logic [63:0] d, input int width, input bit unsigned_dst);
    real x;
    real t;
    x = $bitstoreal(d);
    t = trunc_real(x);
    if (unsigned_dst && width == 64) begin
      if (!is_nan64(d[62:0]) && x < 9223372036854775808.0) return (t >= -9223372036854775808.0) ? 64'(longint'(t)) : F64_INDEFINITE;
      t = trunc_real(x - 9223372036854775808.0);
      if (is_nan64(d[62:0]) || t >= 9223372036854775808.0) return 64'd0;
      return 64'(longint'(t)) ^ F64_INDEFINITE;
    end
    if (width == 64 || (unsigned_dst && width == 32)) begin
      if (is_nan64(d[62:0]) || t >= 9223372036854775808.0 || t < -9223372036854775808.0) return F64_INDEFINITE;
      return 64'(longint'(t));
    end
    if (is_nan64(d[62:0]) || t >= 2147483648.0 || t < -2147483648.0) return 64'h0000_0000_8000_0000;
    return {32'd0, 32'(longint'(t))};
  endfunction

endpackage

`default_nettype wire
