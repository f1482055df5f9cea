"""File-scope structs (#15): each member is file-scope state like a global array (a port of
the RTL standing for ``s.m`` in the C program's memory, a scalar member one element), nested
structs member by member, a const struct read-only. Co-simulated bit-exactly under the file's
own main (the testbench changes members between calls) and with the random testbench."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import cosim_with_main, run_hls

KERNEL = r"""
#include <stdio.h>
typedef struct { unsigned int P[18]; unsigned int S[64]; } BF_KEY;  /* blowfish's key schedule */
struct stats { long calls; double level; struct { int lo, hi; } range; };
BF_KEY key;
struct stats st = { 0, 1.5, { -3, 9 } };
const struct { int scale; short bias[4]; } cfg = { 3, { 1, -2, 3, -4 } };
static void bf_init(const unsigned int d[18]) {
  int i;
  for (i = 0; i < 18; i++) key.P[i] = d[i] ^ (unsigned)cfg.bias[i & 3];
  for (i = 0; i < 64; i++) key.S[i] = key.S[i] * 7u + (unsigned)i;
}
unsigned int bf(const unsigned int d[18], unsigned int x) {
  bf_init(d);
  unsigned int acc = x;
  for (int i = 0; i < 18; i++) acc = (acc ^ key.P[i]) + key.S[acc & 63];
  st.calls++;
  st.level = st.level * 0.5 + (double)(acc & 255) * cfg.scale;
  if ((int)(acc & 15) < st.range.lo) st.range.lo = (int)(acc & 15);
  if ((int)(acc & 15) > st.range.hi) st.range.hi = (int)(acc & 15);
  return acc + (unsigned)st.calls;
}
int main(void) {
  unsigned int d[18];
  for (int i = 0; i < 18; i++) d[i] = 0x9e3779b9u * (unsigned)(i + 1);
  for (int r = 0; r < 3; r++) {
    if (r == 1) { key.S[5] = 77; st.range.hi = 100; }
    unsigned int v = bf(d, 12345u + (unsigned)r);
    printf("%u %u %u %ld %.17g %d %d\n", v, key.P[3], key.S[5], st.calls, st.level, st.range.lo, st.range.hi);
  }
  return 0;
}
"""


def test_global_struct_members_are_state(tmp_path: Path) -> None:
    out, result = cosim_with_main(tmp_path, KERNEL, "bf")
    assert result["status"] == "pass" and len(result["calls"]) == 3
    iface = json.loads((out / "interface.json").read_text())
    ports = {p["name"]: p.get("global_name", "") for p in iface["params"] if "global_name" in p or p["name"] == "d"}
    assert ports == {
        "d": "", "key_P": "key.P", "key_S": "key.S", "st_calls": "st.calls", "st_level": "st.level",
        "st_range_lo": "st.range.lo", "st_range_hi": "st.range.hi", "cfg_scale": "cfg.scale", "cfg_bias": "cfg.bias",
    }  # fmt: skip
    rtl = (out / "rtl" / "bf.sv").read_text()
    assert re.search(r"key_S_we\d", rtl) and re.search(r"st_calls_we\d", rtl) and "cfg_bias_address0" in rtl
    assert not re.search(r"cfg_\w+_we\d", rtl)  # (the const struct: read only)


def test_global_struct_random_testbench(tmp_path: Path) -> None:
    src = tmp_path / "k.c"
    src.write_text(KERNEL)
    proc = run_hls("cosim", str(src), "--top", "bf", "-o", str(tmp_path / "out"), "--runs", "3", "--quick-build")
    assert proc.returncode == 0, proc.stdout + proc.stderr


ARRAYS_OF_STRUCTS = r"""
#include <stdio.h>
struct node { int v; short w[3]; double d; };
struct node nodes[6];
struct { unsigned char tag; int cnt; } table[2][3] = { { {1, 2}, {3, 4}, {5, 6} }, { {7, 8}, {9, 10}, {11, 12} } };
int f(const int in[6], int k) {
  int s = 0;
  for (int i = 0; i < 6; i++) {
    nodes[i].v += in[i];
    nodes[i].w[i % 3] = (short)(nodes[i].v * 3);
    nodes[i].d = nodes[i].d * 0.5 + in[i];
    s += nodes[i].w[(i + k) % 3] + table[i & 1][i % 3].cnt;
  }
  table[k & 1][k % 3].cnt++;
  return s;
}
int main(void) {
  int in[6];
  for (int i = 0; i < 6; i++) { in[i] = i * 9 - 20; nodes[i].d = i; }
  for (int r = 0; r < 3; r++) {
    int v = f(in, r + 1);
    printf("%d %d %d %.17g %d\n", v, nodes[2].v, nodes[4].w[1], nodes[5].d, table[0][2].cnt);
  }
  return 0;
}
"""


def test_global_arrays_of_structs(tmp_path: Path) -> None:
    """A file-scope array of structs (and a 2-D one with an initializer): its members interleave
    in the C program's memory, so each is a port like a struct pointer parameter's member, which
    cosim packs before each call and unpacks after it."""
    out, result = cosim_with_main(tmp_path, ARRAYS_OF_STRUCTS, "f")
    assert result["status"] == "pass" and len(result["calls"]) == 3
    iface = json.loads((out / "interface.json").read_text())
    members = {p["name"]: (p.get("global_name"), p.get("struct_param"), p.get("member")) for p in iface["params"] if p.get("struct_param")}
    assert members == {
        "nodes_v": ("nodes", "nodes", "[].v"), "nodes_w": ("nodes", "nodes", "[].w"), "nodes_d": ("nodes", "nodes", "[].d"),
        "table_tag": ("table", "table", "[][].tag"), "table_cnt": ("table", "table", "[][].cnt"),
    }  # fmt: skip
    (tmp_path / "random").mkdir()
    src = tmp_path / "random" / "k.c"
    src.write_text(ARRAYS_OF_STRUCTS.split("int main")[0])
    proc = run_hls("cosim", str(src), "--top", "f", "-o", str(tmp_path / "random" / "o"), "--runs", "3", "--quick-build")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_array_of_structs_inside_a_global_struct_is_a_located_error(tmp_path: Path) -> None:
    src = tmp_path / "k.c"
    src.write_text("struct { struct { int a; } items[4]; int n; } g;\nint f(int i) { return g.items[i & 3].a + g.n; }\n")
    proc = run_hls("synth", str(src), "--top", "f", "-o", str(tmp_path / "out"))
    assert proc.returncode == 1
    assert "error: array of structs 'items' inside the file-scope struct 'g' is not supported" in proc.stderr
