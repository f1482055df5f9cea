"""Structs (#15): struct variables, arrays of structs, nested structs and array members,
flattened into one variable per member (an array of structs is a struct of arrays); member
access through ``.``, ``->``, ``p[i]``, ``*p``; struct copies (assignment, initialization, a
parameter passed by value); callees taking struct pointers (``&s``, ``&a[i]``, an array of
structs, a member array of an enclosing struct); struct pointer variables moving over an array
of structs. Co-simulated bit-exactly; what it cannot express gets located errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import cosim_random, first_error, run_hls

GRAPH = r"""
#include <stdint.h>
typedef struct { int x, y; } point_t;
struct node { int begin; int end; short w[3]; point_t at; };
typedef struct { uint8_t key[8]; uint8_t enc[8]; int rounds; } ctx_t;

static int dist(const point_t *a, const point_t *b) {
  int dx = a->x - b->x, dy = a->y - b->y;
  return dx * dx + dy * dy;
}
static void add_key(uint8_t *buf, const uint8_t *k) { for (int i = 0; i < 8; i++) buf[i] ^= k[i]; }
static void expand(ctx_t *c, uint8_t seed) {
  for (int i = 0; i < 8; i++) c->enc[i] = (uint8_t)(c->key[i] * 3 + seed);
  c->rounds++;
}
static int weight(struct node n) { n.w[0] += 5; return n.w[0] + n.w[1] + n.w[2]; }

int kern(const int in[16], int out[16], uint8_t buf[8]) {
  struct node nodes[4];
  point_t p = {1, 2}, q;
  ctx_t ctx = {{1, 2, 3, 4, 5, 6, 7, 8}};
  int i, s = 0;
  for (i = 0; i < 4; i++) {
    nodes[i].begin = in[i];
    nodes[i].end = in[i + 4];
    nodes[i].w[0] = (short)in[i + 8]; nodes[i].w[1] = 1; nodes[i].w[2] = (short)i;
    nodes[i].at.x = in[i + 12]; nodes[i].at.y = i;
  }
  q = nodes[2].at;
  nodes[3] = nodes[0];
  for (i = 0; i < 4; i++) {
    out[i] = dist(&nodes[i].at, &p) + nodes[i].end - nodes[i].begin;
    out[i + 4] = weight(nodes[i]);
    out[i + 8] = nodes[i].w[0];
  }
  expand(&ctx, (uint8_t)in[0]);
  add_key(buf, ctx.enc);
  add_key(buf, ctx.key);
  struct node *np = nodes;
  s = np[1].at.x + (np + 2)->end + (*np).begin;
  out[12] = q.x + q.y + ctx.rounds + s;
  return p.x;
}
"""

TABLE = r"""
typedef struct { int key; int val[2]; } item_t;
typedef struct { item_t items[6]; int count; } table_t;
static void insert(table_t *t, int k, int v) {
  item_t *it = &t->items[t->count];
  it->key = k; it->val[0] = v; it->val[1] = -v;
  t->count++;
}
static int lookup(const table_t *t, int k) {
  const item_t *p = t->items;
  for (int i = 0; i < t->count; i++, p++)
    if (p->key == k) return p->val[0] + p->val[1] * 2;
  return -1;
}
int kern2(const int keys[8], int out[8]) {
  table_t tab;
  tab.count = 0;
  for (int i = 0; i < 6; i++) insert(&tab, keys[i] & 7, keys[i]);
  item_t tmp = tab.items[0];
  tab.items[0] = tab.items[5];
  tab.items[5] = tmp;
  item_t *q = tab.items + 1;
  *q = tmp;
  q += 2;
  q->key = 99;
  for (int i = 0; i < 8; i++) out[i] = lookup(&tab, keys[i] & 7) + lookup(&tab, 99);
  return tab.count;
}
"""


# a call in a member's subscript (its static local declared once; sizeof does not run it)
CALL_IN_SUBSCRIPT = r"""
typedef struct { int v[4]; } S;
static int nxt(void) { static int k = 0; k = (k + 1) & 3; return k; }
int f(int out[4]) {
  S s = {{1, 2, 3, 4}};
  S t;
  t = s;
  out[0] = s.v[nxt()];
  out[1] = sizeof(s.v[nxt()]);
  s.v[nxt()] = 9;
  out[2] = s.v[2] + t.v[1];
  return nxt();
}
"""


# array members of structs in arrays, and rows of 2-D members, as callee arrays (read and
# written through): rows of the members' flattened variables, in the top's arrays of structs, a
# 2-D one, a local array of structs and a nested struct
MEMBER_ROWS = r"""
typedef struct { int w[3]; } inner_t;
typedef struct { int v[4]; int m[2][4]; inner_t in; int n; } node_t;
static int sum(const int x[4], int n) { int s = 0; for (int i = 0; i < 4; i++) if (i < n) s += x[i]; return s; }
static void fill(int x[4], int k) { for (int i = 0; i < 4; i++) x[i] = k * i + 1; }
static int sum3(const int x[3]) { return x[0] + x[1] * 2 + x[2] * 3; }
void rows(node_t nodes[8], node_t grid[2][3], int out[8]) {
  node_t local[2];
  for (int j = 0; j < 2; j++) { fill(local[j].v, j + 5); fill(local[j].m[1], j); local[j].n = 3; }
  for (int i = 0; i < 8; i++) {
    fill(nodes[i].m[i & 1], i);
    out[i] = sum(nodes[i].v, nodes[i].n) + sum(nodes[i].m[0], 4) + sum3(nodes[i].in.w)
           + sum(local[i & 1].v, local[i & 1].n) + sum(local[1].m[1], 2);
  }
  for (int a = 0; a < 2; a++) for (int b = 0; b < 3; b++) fill(grid[a][b].v, a + b);
}
"""


@pytest.mark.parametrize(("source", "top"), [(GRAPH, "kern"), (TABLE, "kern2"), (CALL_IN_SUBSCRIPT, "f"), (MEMBER_ROWS, "rows")])
def test_structs_cosim(tmp_path: Path, source: str, top: str) -> None:
    cosim_random(tmp_path, source, top)


def test_struct_members_are_variables(tmp_path: Path) -> None:
    src = tmp_path / "k.c"
    src.write_text(GRAPH)
    proc = run_hls(str(src), "--top", "kern", "-o", str(tmp_path / "o"), "--emit", "kernel")
    assert proc.returncode == 0, proc.stderr
    text = next((tmp_path / "o").glob("*.kernel")).read_text()
    # an array of structs: an array per member, nested members and array members too
    for decl in ("local i32[4] nodes_begin", "local i16[4][3] nodes_w", "local i32[4] nodes_at_x", "local u8[8] ctx_key", "local i32 p_x"):
        assert decl in text, decl


@pytest.mark.parametrize(
    ("decl", "use", "message"),
    [
        ("union u { int a[4]; double b; } v;", "v.a[0]", "union 'u' of 16 bytes (at most 8: one 64-bit word) is not supported"),
        ("struct s { int a : 3; } v;", "v.a", "bit-field 'a' is not supported"),
        ("struct s { int *p; } v;", "1", "pointer member 'p' is not supported"),
        ("struct s { int a; } v;", "v.b", "struct 's' has no member named 'b'"),
        ("struct s { int a; } v;", "v", "struct 'v' used as a value (only its members, copying it and passing it on) is not supported"),
    ],
)
def test_bad_structs_are_located(tmp_path: Path, decl: str, use: str, message: str) -> None:
    first = first_error(tmp_path, f"int f(int a[4]) {{\n  {decl}\n  a[0] = 1;\n  return {use};\n}}\n", "f")
    assert first.startswith("k.c:") and first.endswith(f"error: {message}"), first


CONTEXT = r"""
#include <stdint.h>
typedef struct { uint8_t key[8]; uint8_t enckey[8]; int rounds; } ctx_t;
typedef struct { int begin, end; } node_t;
static void add_key(uint8_t *buf, const uint8_t *k) { for (int i = 0; i < 8; i++) buf[i] ^= k[i]; }
int encrypt(ctx_t *ctx, uint8_t buf[8], const node_t nodes[4], int out[4]) {
  for (int i = 0; i < 8; i++) ctx->enckey[i] = (uint8_t)(ctx->key[i] + 1);
  add_key(buf, ctx->enckey);
  ctx->rounds += 1;
  for (int n = 0; n < 4; n++) out[n] = nodes[n].end - nodes[n].begin;
  return ctx->rounds;
}
int main(void) {
  ctx_t c = {{1, 2, 3, 4, 5, 6, 7, 8}, {0}, 5};
  uint8_t buf[8] = {9, 9, 9, 9, 9, 9, 9, 9};
  node_t nodes[4] = {{1, 5}, {2, 9}, {0, 0}, {-3, 3}};
  int out[4], r = 0;
  for (int k = 0; k < 3; k++) r += encrypt(&c, buf, nodes, out);
  return (r + out[0] + buf[0] + c.enckey[3]) == 0;
}
"""

SHAPES = r"""
typedef struct { short x, y; } pt_t;
typedef struct { pt_t pts[3]; double w; char tag; } shape_t;
void shapes(shape_t *s, double area[4], int bias) {
#pragma HLS interface mode=ap_memory port=s depth=4
  for (int i = 0; i < 4; i++) {
    double a = 0;
    for (int k = 0; k < 3; k++) {
      const pt_t *p = &s[i].pts[k], *q = &s[i].pts[(k + 1) % 3];
      a += (double)(p->x * q->y - q->x * p->y);
    }
    area[i] = a * s[i].w + bias;
    s[i].tag = (char)(a > 0);
    s[i].pts[0].x += 1;
  }
}
int main(void) {
  shape_t s[4] = {{{{0, 0}, {4, 0}, {0, 3}}, 0.5, 7}, {{{1, 1}, {-2, 5}, {3, -1}}, 1.5, 0}};
  double area[4];
  shapes(s, area, 1);
  shapes(s, area, -2);
  return s[0].tag == 99;
}
"""


@pytest.mark.parametrize(("source", "top"), [(CONTEXT, "encrypt"), (SHAPES, "shapes")])
def test_struct_parameters_of_the_top(tmp_path: Path, source: str, top: str) -> None:
    # under the file's main (its structs packed into the members' memories and unpacked after)
    # and under the random testbench (which fills the members' memories)
    src = tmp_path / "k.c"
    src.write_text(source)
    proc = run_hls("cosim", str(src), "--top", top, "-o", str(tmp_path / "o"), "--tb", str(src))
    assert proc.returncode == 0 and "PASS" in proc.stdout, proc.stdout + proc.stderr
    proc = run_hls("cosim", str(src), "--top", top, "-o", str(tmp_path / "r"), "--runs", "3")
    assert proc.returncode == 0 and "PASS: 3 calls" in proc.stdout, proc.stdout + proc.stderr
    iface = json.loads((tmp_path / "o" / "interface.json").read_text())
    members = {p["name"]: (p["struct_param"], p["member"], p["dims"]) for p in iface["params"] if p.get("struct_param")}
    if top == "encrypt":  # one struct: its members; an array of structs: a member over them
        assert members == {
            "ctx_key": ("ctx", "[0].key", [8]),
            "ctx_enckey": ("ctx", "[0].enckey", [8]),
            "ctx_rounds": ("ctx", "[0].rounds", [1]),
            "nodes_begin": ("nodes", "[].begin", [4]),
            "nodes_end": ("nodes", "[].end", [4]),
        }
    else:  # a nested array of structs, from the interface pragma's depth
        assert members["s_pts_x"] == ("s", "[].pts[].x", [4, 3]) and members["s_w"] == ("s", "[].w", [4])
