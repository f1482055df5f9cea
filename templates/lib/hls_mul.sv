// hls_mul: W-bit integer multiplier, p = (a * b) mod 2**W. The low W bits of a product are the
// same for signed and unsigned operands, so one module serves both.
//
// Timing: fully pipelined with a clock enable (no reset): the product of the operands presented
// in cycle t (ce high) is on p LATENCY enabled cycles later; new operands may enter every cycle.
//   LATENCY = 0  combinational (clk unused)
//   LATENCY = 1  product register                       (DSP48 MREG or PREG)
//   LATENCY = 2  product register, output register      (MREG, PREG)
//   LATENCY >= 3 input registers, then for W <= 17 a product register and LATENCY - 2 output
//                registers (AREG/BREG, MREG, PREG); for wider operands the product is split
//                into 17 x 17-bit partial products of the AW and BW low bits that can be
//                nonzero (one DSP multiplier each: MULT18X18D on ECP5, DSP48 on 7-series),
//                registered, wired into rows (the products of every other diagonal occupy
//                disjoint bits: no logic), then summed by an adder tree whose LATENCY - 2 levels
//                are each a register stage, the first levels adding the smallest groups.
//                Synthesis does not move registers into a wide multiplier's fabric adders, so
//                this placement is what makes a 32- or 64-bit product meet the clock.
// With SPREAD (LATENCY >= 4, a split product) each partial product gets its own copy of its
// operand chunks, registered a cycle after the input registers (one adder level fewer): the copy
// sits by its DSP multiplier, so the route across the multipliers (a 53 x 53-bit significand
// product takes 16, spread over the ECP5's DSP rows: 5 ns from one input register to the
// farthest) is a cycle of its own rather than the start of the multiplier's.
// With ECP5_DSP (LATENCY >= 3) each 17 x 17-bit product is an hls_mul_dsp, an ECP5 MULT18X18D
// whose input and output registers are the operand registers (or their copies, with SPREAD) and
// the product register (level 0) above: Yosys puts no register into the primitive itself.
// Without SPREAD each primitive registers its own chunks of the operands.
// The datapath registers have no reset so that they can be absorbed into the DSP slices.
`default_nettype none

module hls_mul #(
    parameter int W = 32,
    parameter int LATENCY = 2,
    parameter int AW = W,  // the operands' low bits that can be nonzero (the rest are zero)
    parameter int BW = W,
    parameter bit SPREAD = 1'b0,
    parameter bit ECP5_DSP = 1'b0
) (
    input  logic         clk,
    input  logic         ce,
    input  logic [W-1:0] a,
    input  logic [W-1:0] b,
    output logic [W-1:0] p
);
  localparam int C = 17;  // partial product operand bits
  localparam int NA = (AW + C - 1) / C;  // operand chunks
  localparam int NB = (BW + C - 1) / C;
  localparam int SP = SPREAD && LATENCY >= 4 && W > C ? 1 : 0;  // the operand copies' cycle
  localparam int L = LATENCY - 2 - SP;  // adder levels of a split product
  // the partial products of one diagonal (chunk i + j = d) lie at bit 17d, 34 bits wide: those
  // of diagonals d, d + 2, d + 4 ... are disjoint, so a row (its bits a wiring of theirs) holds
  // one of each. Rows H * (d % 2) + k hold the k-th product of each even or odd diagonal, where a
  // diagonal has at most H products: 2H rows, of which the adder tree adds groups
  localparam int H = NA < NB ? NA : NB;
  localparam int R = NA * NB < 2 * H ? NA * NB : 2 * H;
  // the L levels reduce R rows to one term, each adding groups of a power of two: KT doublings in
  // all, KB per level and one more in each of the last KX levels. The smaller groups come first:
  // level 1's inputs are routed from the multipliers, the later levels' from registers beside
  // them (no constant functions: Icarus mis-simulates a module that declares one)
  localparam int KT = $clog2(R);
  localparam int KB = L > 0 ? KT / L : 0;
  localparam int KX = L > 0 ? KT % L : 0;

  if (LATENCY <= 0) begin : g_comb
    logic unused_clk_ce;
    assign unused_clk_ce = &{1'b0, clk, ce};
    assign p = a * b;
  end else if (LATENCY <= 2) begin : g_prod
    // product register, then (LATENCY = 2) the output register
    logic [W-1:0] pipe[LATENCY];
    always_ff @(posedge clk) begin
      if (ce) begin
        pipe[0] <= a * b;
        for (int k = 1; k < LATENCY; k++) pipe[k] <= pipe[k-1];
      end
    end
    assign p = pipe[LATENCY-1];
  end else if (W <= C) begin : g_full
    // input registers, product register, output register chain of LATENCY - 2 stages
    logic [W-1:0] prod;  // the product register's
    if (ECP5_DSP) begin : g_dsp
      logic [2*W-1:0] full;
      hls_mul_dsp #(.W(W)) u_dsp (.clk(clk), .ce(ce), .a(a), .b(b), .p(full));
      assign prod = full[W-1:0];
      logic unused_high;
      assign unused_high = &{1'b0, full};
    end else begin : g_fabric
      logic [W-1:0] a_r;
      logic [W-1:0] b_r;
      logic [W-1:0] prod_r;
      always_ff @(posedge clk) begin
        if (ce) begin
          a_r <= a;
          b_r <= b;
          prod_r <= a_r * b_r;
        end
      end
      assign prod = prod_r;
    end
    logic [W-1:0] pipe[LATENCY-2];
    always_ff @(posedge clk) begin
      if (ce) begin
        pipe[0] <= prod;
        for (int k = 1; k < LATENCY - 2; k++) pipe[k] <= pipe[k-1];
      end
    end
    assign p = pipe[LATENCY-3];
  end else begin : g_split
    // the operands' chunks, registered here, or (ECP5_DSP without SPREAD) in each MULT18X18D
    logic [NA*C-1:0] a_r;
    logic [NB*C-1:0] b_r;
    if (ECP5_DSP && SP == 0) begin : g_dsp_inputs
      assign a_r = (NA * C)'(a[AW-1:0]);
      assign b_r = (NB * C)'(b[BW-1:0]);
    end else begin : g_inputs
      always_ff @(posedge clk) begin
        if (ce) begin
          a_r <= (NA * C)'(a[AW-1:0]);
          b_r <= (NB * C)'(b[BW-1:0]);
        end
      end
    end
    if (AW < W || BW < W) begin : g_narrow
      logic unused_high_operands;
      assign unused_high_operands = &{1'b0, a, b};
    end
    // level 0: the partial products a_i * b_j (term i * NB + j), shifted into place and
    // registered (zero where they lie above the product); the rows of level 0's terms; level s:
    // groups of G consecutive rows or terms of level s - 1 added, registered (a product of 4 x 4
    // chunks, 8 rows, in two levels adds pairs, then the four sums)
    for (genvar s = 0; s < LATENCY - 1 - SP; s++) begin : g_level
      // doublings up to level s and up to level s - 1; level s adds groups of G
      localparam int CS = s * KB + (s > L - KX ? s - (L - KX) : 0);
      localparam int CP = s == 0 ? 0 : (s - 1) * KB + (s - 1 > L - KX ? s - 1 - (L - KX) : 0);
      localparam int G = 1 << (CS - CP);
      localparam int T = s == 0 ? NA * NB : (R + (1 << CS) - 1) >> CS;  // terms at level s
      localparam int TP = s == 0 ? 0 : (R + (1 << CP) - 1) >> CP;  // at level s - 1
      logic [W-1:0] v[T];
      for (genvar t = 0; t < T; t++) begin : g_term
        logic [W-1:0] sum;
        if (s == 0) begin : g_product
          localparam int I = t / NB;
          localparam int J = t % NB;
          if (C * (I + J) >= W) begin : g_zero
            assign sum = '0;
          end else begin : g_chunks
            logic [2*C-1:0] full;
            if (ECP5_DSP) begin : g_dsp
              // the copies (or the chunks) and the product registered inside the primitive
              hls_mul_dsp #(.W(C)) u_dsp (.clk(clk), .ce(ce), .a(a_r[I*C+:C]), .b(b_r[J*C+:C]), .p(full));
            end else if (SP == 1) begin : g_copy
              // (keep on the registers: synthesis would merge the copies, which have the same inputs)
              logic [C-1:0] a_t;
              logic [C-1:0] b_t;
              (* keep *) always_ff @(posedge clk) begin
                if (ce) begin
                  a_t <= a_r[I*C+:C];
                  b_t <= b_r[J*C+:C];
                end
              end
              assign full = a_t * b_t;
            end else begin : g_direct
              assign full = a_r[I*C+:C] * b_r[J*C+:C];
            end
            if (C * (I + J) + 2 * C > W) begin : g_high
              logic unused_high;
              assign sum = W'(full[W-C*(I+J)-1:0]) << (C * (I + J));
              assign unused_high = &{1'b0, full};
            end else begin : g_pad
              assign sum = W'(full) << (C * (I + J));
            end
          end
        end else begin : g_sum
          localparam int HI = G * t + G < TP ? G * t + G : TP;  // past the group's last term
          logic [W-1:0] src[G];  // the group (level 1 adds rows), 0 past the last term
          for (genvar u = 0; u < G; u++) begin : g_src
            if (G * t + u >= HI) begin : g_none
              assign src[u] = '0;
            end else if (s == 1) begin : g_rows
              assign src[u] = g_level[0].g_rows.row[G*t+u];
            end else begin : g_terms
              assign src[u] = g_level[s-1].v[G*t+u];
            end
          end
          always_comb begin
            sum = '0;
            for (int u = 0; u < G; u++) sum = sum + src[u];
          end
        end
        if (ECP5_DSP && s == 0) begin : g_in_dsp  // (the primitive's output register)
          assign v[t] = sum;
        end else begin : g_register
          always_ff @(posedge clk) begin
            if (ce) v[t] <= sum;
          end
        end
      end
      if (s == 0) begin : g_rows
        logic [W-1:0] row[R];
        for (genvar r = 0; r < R; r++) begin : g_row
          for (genvar t = 0; t < NA * NB; t++) begin : g_place
            localparam int D = t / NB + t % NB;
            localparam int ROW = (D % 2) * H + t / NB - (D >= NB ? D - NB + 1 : 0);
            logic [W-1:0] upto;  // the row's products among terms 0 .. t
            logic [W-1:0] own;
            if (ROW == r) begin : g_in
              assign own = v[t];
            end else begin : g_out
              assign own = '0;
            end
            if (t == 0) begin : g_first
              assign upto = own;
            end else begin : g_next
              assign upto = g_place[t-1].upto | own;
            end
          end
          assign row[r] = g_place[NA*NB-1].upto;
        end
      end
    end
    assign p = g_level[LATENCY-2-SP].v[0];
  end
endmodule

`default_nettype wire
