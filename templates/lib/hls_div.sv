// hls_div: W-bit integer division with C semantics: the quotient is truncated toward zero and
// the remainder has the sign of the dividend (a == q * b + r). SIGNED = 1: two's complement
// operands; SIGNED = 0: unsigned operands.
//
// Timing: fully pipelined radix-2 restoring divider, free-running (no enable, no reset). The
// operands presented in cycle t give q and r in cycle t + LATENCY, LATENCY = W + 2, and a new
// division may enter every cycle:
//   1 input stage   magnitudes of the operands and the signs of the results
//   W bit stages    stage k brings down dividend bit W-1-k and decides quotient bit W-1-k
//                   (trial subtraction of the divisor from the partial remainder)
//   1 output stage  applies the signs to quotient and remainder
// Every stage carries its division's operands, so the stages work on W + 2 divisions at once.
//
// Cases C leaves undefined give defined values, never X (do not rely on them): x / 0 gives
// r = x and q = all ones (-1), or q = 1 when SIGNED and x < 0; INT_MIN / -1 gives q = INT_MIN
// and r = 0. There is no reset: q and r are unknown for the first LATENCY cycles.
`default_nettype none

module hls_div #(
    parameter int W = 32,
    parameter bit SIGNED = 1'b1
) (
    input  logic         clk,
    input  logic [W-1:0] a,
    input  logic [W-1:0] b,
    output logic [W-1:0] q,
    output logic [W-1:0] r
);
  localparam int LATENCY = W + 2;  // cycles from a, b to q, r
  localparam int STAGES = LATENCY - 2;  // bit stages: one per quotient bit (W)

  // State after bit stage k (index 0: after the input stage). nq holds the dividend bits not yet
  // brought down in its upper W - k bits and the quotient bits found so far in its lower k bits.
  logic [W-1:0] rem [STAGES+1];  // partial remainder (always < den)
  logic [W-1:0] nq  [STAGES+1];
  logic [W-1:0] den [STAGES];    // divisor magnitude (not needed after the last bit stage)
  logic         qneg[STAGES+1];  // the quotient is negative
  logic         rneg[STAGES+1];  // the remainder is negative

  // input stage: magnitudes (INT_MIN's magnitude 2**(W-1) is right as an unsigned number)
  always_ff @(posedge clk) begin
    rem[0]  <= '0;
    nq[0]   <= (SIGNED && a[W-1]) ? -a : a;
    den[0]  <= (SIGNED && b[W-1]) ? -b : b;
    qneg[0] <= SIGNED && (a[W-1] ^ b[W-1]);
    rneg[0] <= SIGNED && a[W-1];
  end

  // bit stages
  for (genvar k = 0; k < STAGES; k++) begin : g_stage
    logic [W:0] shifted;  // partial remainder with the next dividend bit brought down
    logic [W:0] trial;    // shifted - divisor; bit W set when negative
    logic       qbit;
    assign shifted = {rem[k], nq[k][W-1]};
    assign trial   = shifted - {1'b0, den[k]};
    assign qbit    = ~trial[W];
    always_ff @(posedge clk) begin
      rem[k+1]  <= qbit ? trial[W-1:0] : shifted[W-1:0];
      nq[k+1]   <= (nq[k] << 1) | W'(qbit);
      qneg[k+1] <= qneg[k];
      rneg[k+1] <= rneg[k];
    end
    if (k + 1 < STAGES) begin : g_carry
      always_ff @(posedge clk) den[k+1] <= den[k];
    end
  end

  // output stage: after the W bit stages nq holds the whole quotient magnitude
  always_ff @(posedge clk) begin
    q <= qneg[STAGES] ? -nq[STAGES] : nq[STAGES];
    r <= rneg[STAGES] ? -rem[STAGES] : rem[STAGES];
  end
endmodule

`default_nettype wire
