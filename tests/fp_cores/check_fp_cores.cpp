// Drives tb_fp_cores with random and edge-case operands and compares every output bit-exactly
// with reference.c (the host's C; of two NaN operands any NaN). Usage: check_fp_cores N SEED
// [LATENCIES], LATENCIES as name=cycles,... for the pipelined operators (a new operand set
// enters every cycle; an output is compared with the set of its latency ago); prints the
// mismatches per operator and exits 1 on any.
#include <cstring>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "Vtb_fp_cores.h"

extern "C" {
uint32_t ref_add32(uint32_t, uint32_t);
uint32_t ref_sub32(uint32_t, uint32_t);
uint32_t ref_mul32(uint32_t, uint32_t);
uint32_t ref_div32(uint32_t, uint32_t);
uint32_t ref_sqrt32(uint32_t);
uint32_t ref_fma32(uint32_t, uint32_t, uint32_t);
uint64_t ref_fma64(uint64_t, uint64_t, uint64_t);
uint64_t ref_add64(uint64_t, uint64_t);
uint64_t ref_sub64(uint64_t, uint64_t);
uint64_t ref_mul64(uint64_t, uint64_t);
uint64_t ref_div64(uint64_t, uint64_t);
uint64_t ref_sqrt64(uint64_t);
uint64_t ref_ext(uint32_t);
uint32_t ref_trunc(uint64_t);
unsigned ref_cmp32(uint32_t, uint32_t);
unsigned ref_cmp64(uint64_t, uint64_t);
uint64_t ref_convert(int, int, uint64_t);
uint64_t ref_scale(int, int, uint64_t);
}

static uint64_t state;
static uint64_t next() {  // splitmix64
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

struct Format {
  int ew, mw;
  uint64_t mask(int bits) const { return bits >= 64 ? ~0ULL : (1ULL << bits) - 1; }
  uint64_t pack(uint64_t s, uint64_t e, uint64_t m) const { return (s << (ew + mw)) | ((e & mask(ew)) << mw) | (m & mask(mw)); }
  uint64_t emax() const { return mask(ew); }
  bool nan(uint64_t x) const { return (x >> mw & mask(ew)) == emax() && (x & mask(mw)) != 0; }
  uint64_t bias() const { return mask(ew - 1); }
  uint64_t edge() const {
    static const int limits[] = {7, 8, 15, 16, 31, 32, 63, 64};
    switch (next() % 18) {
      case 0: return pack(next() & 1, 0, 0);                          // +-0
      case 1: return pack(next() & 1, emax(), 0);                     // +-inf
      case 2: return pack(next() & 1, emax(), 1ULL << (mw - 1) | (next() & mask(mw - 1)));  // quiet NaN
      case 3: return pack(next() & 1, emax(), (next() & mask(mw - 1)) | 1);  // signalling NaN
      case 4: return pack(next() & 1, 0, 1);                          // smallest subnormal
      case 5: return pack(next() & 1, 0, mask(mw));                   // largest subnormal
      case 6: return pack(next() & 1, 1, 0);                          // smallest normal
      case 7: return pack(next() & 1, emax() - 1, mask(mw));          // largest finite
      case 8: return pack(next() & 1, bias(), 0);                     // +-1
      case 9: return pack(next() & 1, 0, next());                     // subnormal
      case 10: return pack(next() & 1, 1 + next() % 3, next());       // just above subnormal
      case 11: return pack(next() & 1, emax() - 1 - next() % 3, next());  // near overflow
      case 12: return pack(next() & 1, next() % 2 + bias(), next() & ~mask(mw / 2));  // short fractions: ties
      case 13: return pack(next() & 1, bias() + next() % 68 - 2, next() & ~mask(next() % (mw + 1)));  // integers
      case 14: {  // at the limits of the integer types
        uint64_t m = next() % 3 == 0 ? 0 : next() % 2 ? mask(mw) : next() & 3;
        return pack(next() & 1, bias() + limits[next() % 8] - next() % 2, m);
      }
      case 15: return pack(next() & 1, 1023 - 127 - next() % 30 + (ew == 11 ? 0 : 0), next());  // float's subnormals as doubles
      default: return pack(next() & 1, next(), next());
    }
  }
  // a second operand related to the first: cancellation, near-ties, products at the limits
  uint64_t related(uint64_t a) const {
    uint64_t s = a >> (ew + mw) & 1, e = a >> mw & mask(ew), m = a & mask(mw);
    switch (next() % 9) {
      case 0: return pack(s ^ 1, e, m ^ (next() & 7));                        // x - x(1 +- ulps)
      case 1: return pack(next() & 1, e - next() % 4 + 1, next());            // close exponents
      case 2: return pack(next() & 1, e - (mw + next() % 6), next());         // alignment at the edge
      case 3: return pack(next() & 1, 2 * bias() - e + next() % 5 - 2, next());  // product near 1
      case 4: return pack(next() & 1, bias() - e + next() % (mw + 8) - mw, next());  // product subnormal
      case 5: return pack(next() & 1, e - bias() + next() % (mw + 8), next());  // quotient subnormal
      case 6: {  // product subnormal, a short fraction: whether the shift drops a one (sticky)
        unsigned keep = next() % (mw + 1);
        return pack(next() & 1, bias() - e + next() % (mw + 8) - mw, next() & ~mask(mw - keep));
      }
      case 7: {  // quotient just below the normal range by a divisor of a short fraction (a power
                 // of two: exact), so that which low bits the shift drops decides the rounding
        unsigned keep = next() % 3;
        return pack(next() & 1, e - bias() + 1 + next() % 4, next() & ~mask(mw - keep));
      }
      default: return pack(next() & 1, emax() + bias() - e - next() % 4, next());  // product near overflow
    }
  }
  // the addend of a fused multiply-add: an edge case, the product's negation a few ulps off
  // (cancellation), a value near the product's exponent or far from it (alignment)
  uint64_t addend(uint64_t a, uint64_t b) const {
    uint64_t ea = a >> mw & mask(ew), eb = b >> mw & mask(ew);
    uint64_t e = ea + eb > bias() ? ea + eb - bias() : 0;
    switch (next() % 6) {
      case 0: return edge();
      case 1: {  // -(a * b) to the top bits of the product's significand, a few ulps off
        uint64_t s = (a ^ b) >> (ew + mw) & 1;
        uint64_t ma = (a & mask(mw)) | (1ULL << mw), mb = (b & mask(mw)) | (1ULL << mw);
        uint64_t top = mw == 23 ? (ma * mb) >> 23 : (uint64_t)(((unsigned __int128)ma * mb) >> 52);
        uint64_t carry = top >> (mw + 1) & 1;
        return pack(s ^ 1, e + carry, (top >> carry) ^ (next() & 3));
      }
      case 2: return pack(next() & 1, e + next() % 8 - 4, next());  // near the product
      case 3: return pack(next() & 1, e + next() % (3 * mw) - 3 * mw / 2, next());  // within the window
      case 4: return pack(next() & 1, e > 2 * mw ? e - 2 * mw - next() % 8 : next() % 4, next());  // below it
      default: return operand(a, false);
    }
  }
  uint64_t operand(uint64_t other, bool second) const {
    unsigned k = next() % 8;
    if (k < 3) return edge();
    if (second && k < 6) return related(other);
    return next() & mask(ew + mw + 1);
  }
};

static uint64_t integer() {
  int bits = 1 + next() % 64;
  uint64_t x = next() >> (64 - bits);
  switch (next() % 6) {
    case 0: return -x;                                     // small negative
    case 1: return x;                                      // small positive
    case 2: return 1ULL << (next() % 64) ^ (next() & 3);   // powers of two
    case 3: return (next() | 1) << (next() % 40);          // exact or tie in the float formats
    case 4: { static const uint64_t e[] = {0, ~0ULL, 0x7f, 0x80, 0x7fff, 0x8000, 0x7fffffff, 0x80000000ULL,
                                           0x7fffffffffffffffULL, 0x8000000000000000ULL, 0xffffffffULL};
              return e[next() % 11]; }
    default: return next();
  }
}

// lane k (of `bits` bits) of a packed array port
template <typename Wide>
static uint64_t lane(const Wide& w, int k, int bits) {
  if (bits == 32) return w[k];
  return (uint64_t)w[2 * k] | (uint64_t)w[2 * k + 1] << 32;
}

int main(int argc, char** argv) {
  long n = argc > 1 ? atol(argv[1]) : 100000;
  state = argc > 2 ? strtoull(argv[2], nullptr, 10) : 1;
  Vtb_fp_cores top;
  const Format f32{8, 23}, f64{11, 52};
  struct Check {
    std::string name;
    const Format* nan_format;  // results in this format: any NaN is right when both operands are NaN
    std::function<uint64_t()> want, got;
    long bad = 0;
    int latency = 0;
  };
  uint32_t a32 = 0, b32 = 0, c32 = 0;
  uint64_t a64 = 0, b64 = 0, c64 = 0, i = 0;
  struct Operands { uint32_t a32, b32, c32; uint64_t a64, b64, c64, i; };
  std::vector<Check> checks = {
      {"add32", &f32, [&] { return ref_add32(a32, b32); }, [&] { return top.add32; }},
      {"sub32", &f32, [&] { return ref_sub32(a32, b32); }, [&] { return top.sub32; }},
      {"mul32", &f32, [&] { return ref_mul32(a32, b32); }, [&] { return top.mul32; }},
      {"div32", &f32, [&] { return ref_div32(a32, b32); }, [&] { return top.div32; }},
      {"sqrt32", nullptr, [&] { return ref_sqrt32(a32); }, [&] { return top.sqrt32; }},
      {"fma32", &f32, [&] { return ref_fma32(a32, b32, c32); }, [&] { return top.fma32; }},
      {"cmp32", nullptr, [&] { return ref_cmp32(a32, b32); }, [&] { return top.cmp32; }},
      {"add64", &f64, [&] { return ref_add64(a64, b64); }, [&] { return top.add64; }},
      {"sub64", &f64, [&] { return ref_sub64(a64, b64); }, [&] { return top.sub64; }},
      {"mul64", &f64, [&] { return ref_mul64(a64, b64); }, [&] { return top.mul64; }},
      {"div64", &f64, [&] { return ref_div64(a64, b64); }, [&] { return top.div64; }},
      {"sqrt64", nullptr, [&] { return ref_sqrt64(a64); }, [&] { return top.sqrt64; }},
      {"fma64", &f64, [&] { return ref_fma64(a64, b64, c64); }, [&] { return top.fma64; }},
      {"cmp64", nullptr, [&] { return ref_cmp64(a64, b64); }, [&] { return top.cmp64; }},
      {"fpext", nullptr, [&] { return ref_ext(a32); }, [&] { return top.ext; }},
      {"fptrunc", nullptr, [&] { return ref_trunc(a64); }, [&] { return top.trunc; }},
  };
  const char* types[8] = {"i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64"};
  for (int k = 0; k < 8; k++) {
    checks.push_back({std::string(types[k]) + "tof32", nullptr, [&, k] { return ref_convert(0, k, i); }, [&, k] { return lane(top.itof32, k, 32); }});
    checks.push_back({std::string(types[k]) + "tof64", nullptr, [&, k] { return ref_convert(1, k, i); }, [&, k] { return lane(top.itof64, k, 64); }});
    checks.push_back({"f32to" + std::string(types[k]), nullptr, [&, k] { return ref_convert(2, k, a32); }, [&, k] { return lane(top.ftoi32, k, 64); }});
    checks.push_back({"f64to" + std::string(types[k]), nullptr, [&, k] { return ref_convert(3, k, a64); }, [&, k] { return lane(top.ftoi64, k, 64); }});
  }
  for (int k = 0; k < 8; k++) {
    checks.push_back({"scale32_" + std::to_string(k), nullptr, [&, k] { return ref_scale(0, k, a32); }, [&, k] { return lane(top.scale32, k, 32); }});
    checks.push_back({"scale64_" + std::to_string(k), nullptr, [&, k] { return ref_scale(1, k, a64); }, [&, k] { return lane(top.scale64, k, 64); }});
  }
  if (argc > 3) {  // name=cycles,...
    std::string spec = argv[3];
    size_t pos = 0;
    while (pos < spec.size()) {
      size_t end = spec.find(',', pos), eq = spec.find('=', pos);
      if (end == std::string::npos) end = spec.size();
      std::string name = spec.substr(pos, eq - pos);
      bool found = false;
      for (Check& c : checks)
        if (c.name == name) { c.latency = atoi(spec.substr(eq + 1, end - eq - 1).c_str()); found = true; }
      if (!found) { fprintf(stderr, "check_fp_cores: no operator %s\n", name.c_str()); return 2; }
      pos = end + 1;
    }
  }
  const int HISTORY = 64;
  std::vector<Operands> history(HISTORY);
  int shown = 0;
  top.ce = 1;
  for (long t = 0; t < n; t++) {
    a32 = f32.operand(0, false), b32 = f32.operand(a32, true);
    a64 = f64.operand(0, false), b64 = f64.operand(a64, true);
    if (next() & 1) { uint32_t x = a32; a32 = b32; b32 = x; }
    if (next() & 1) { uint64_t x = a64; a64 = b64; b64 = x; }
    c32 = f32.addend(a32, b32), c64 = f64.addend(a64, b64);
    i = integer();
    history[t % HISTORY] = {a32, b32, c32, a64, b64, c64, i};
    top.a32 = a32; top.b32 = b32; top.c32 = c32; top.a64 = a64; top.b64 = b64; top.c64 = c64; top.i = i;
    top.clk = 0;
    top.eval();
    for (Check& c : checks) {
      if (c.latency > t) continue;  // the pipeline is not full yet
      const Operands& o = history[(t - c.latency) % HISTORY];
      a32 = o.a32; b32 = o.b32; c32 = o.c32; a64 = o.a64; b64 = o.b64; c64 = o.c64; i = o.i;
      uint64_t want = c.want(), got = c.got();
      if (got == want) continue;
      // of two NaN operands, which one comes back depends on gcc's register allocation (SSE
      // returns its first source operand, which may be either C operand): then any NaN is right
      const Format* fm = c.nan_format;
      if (fm && fm->nan(got) && (fm == &f32 ? f32.nan(a32) && f32.nan(b32) : f64.nan(a64) && f64.nan(b64))) continue;
      c.bad++;
      if (shown++ < 20)
        printf("mismatch %s(a32 %08" PRIx32 " b32 %08" PRIx32 " c32 %08" PRIx32 " a64 %016" PRIx64 " b64 %016" PRIx64
               " c64 %016" PRIx64 " i %016" PRIx64 "): expected %016" PRIx64 ", got %016" PRIx64 "\n",
               c.name.c_str(), a32, b32, c32, a64, b64, c64, i, want, got);
    }
    top.clk = 1;  // the operands enter the pipelines
    top.eval();
  }
  long total = 0;
  printf("fp cores: %ld operand sets, %zu operators; mismatches:", n, checks.size());
  for (const Check& c : checks) { printf(" %s %ld", c.name.c_str(), c.bad); total += c.bad; }
  printf("\n");
  return total ? 1 : 0;
}
