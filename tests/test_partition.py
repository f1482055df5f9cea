"""The partition pass: ``#pragma HLS array_partition`` (cyclic, block, complete; any dimension or
all) and ``array_reshape`` on local and top-level arrays. Banks the subscripts fix are accessed
directly, others through a selection; top-level banks get ports of their own, which cosim
serves from the C array; every kernel bit-exact in cosim."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import kernel_from_source, run_hls, synth_and_cosim
from hls.diagnostics import Diagnostic, HlsError
from hls.ir.kernel import ArrayRead, Assign, Binary, Cast, Expr, For, If, KernelFunction, Select, Stmt, Unary, VarRead
from hls.scheduler.partition import partition
from hls.scheduler.unroll import unroll

KERNELS = """
#define N 32
int local_sum(const int a[N]) {
  int buf[N];
#pragma HLS array_partition variable=buf type=cyclic factor=4
  for (int i = 0; i < N; i++) buf[i] = a[i] * 2;
  int s = 0;
  for (int i = 0; i < N; i++) {
#pragma HLS unroll factor=4
    s += buf[i];
  }
  return s;
}
int registers(const int a[8], int k) {
  int r[8];
#pragma HLS array_partition variable=r complete
  for (int i = 0; i < 8; i++) r[i] = a[i] + i;
  return r[k & 7];
}
void scale(const double a[N], double b[N]) {
#pragma HLS array_partition variable=a type=cyclic factor=4
#pragma HLS array_partition variable=b type=cyclic factor=4
  for (int i = 0; i < N; i++) {
#pragma HLS unroll factor=4
    b[i] = a[i] * 0.5;
  }
}
void scale_unpartitioned(const double a[N], double b[N]) {
  for (int i = 0; i < N; i++) {
#pragma HLS unroll factor=4
    b[i] = a[i] * 0.5;
  }
}
int corners(const int a[4][3]) {
#pragma HLS array_partition variable=a complete dim=0
  int s = 0;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 3; j++) s += a[i][j] * (i + j);
  return s;
}
void padded(const short a[10], short b[10], int k) {
#pragma HLS array_partition variable=a type=block factor=4
#pragma HLS array_partition variable=b type=cyclic factor=3
  for (int i = 0; i < 10; i++) b[i] = a[(i + k) % 10] + a[i];
}
void columns(float m[6][8], const float v[8]) {
#pragma HLS array_partition variable=m type=cyclic factor=2 dim=2
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 8; j++) {
#pragma HLS unroll factor=2
      m[i][j] = m[i][j] + v[j];
    }
}
int reshaped(const int a[16]) {
  int t[16];
#pragma HLS array_reshape variable=t type=cyclic factor=2
#pragma HLS bind_storage variable=t type=ram_1p impl=lutram
  for (int i = 0; i < 16; i++) t[i] = a[i] ^ 5;
  int s = 0;
  for (int i = 0; i < 16; i += 2) s += t[i] - t[i + 1];
  return s;
}
void indirect(long a[3][6], const int k[4]) {
#pragma HLS array_partition variable=a type=block factor=3 dim=2
  for (int i = 0; i < 4; i++)
    a[a[1][a[2][a[0][i] & 5] & 5] & 2][i] = a[i & 1][(k[i] & 3) + 1] + (k[i] > 0 ? a[2][a[1][i + 1] & 5] : 0);
}
"""


def _partitioned(tmp_path: Path, top: str) -> tuple[KernelFunction, list[Diagnostic]]:
    warnings: list[Diagnostic] = []
    fn = unroll(kernel_from_source(tmp_path, KERNELS, top), warnings)
    return partition(fn, warnings), warnings


def _run(tmp_path: Path, top: str, cosim: bool = True) -> dict[str, Any]:
    report, out = synth_and_cosim(tmp_path, KERNELS, top, cosim)
    report["interface"] = json.loads((out / "interface.json").read_text())
    return report


def _arrays_read(e: Expr) -> list[str]:
    """The arrays ``e`` reads, in order."""
    if isinstance(e, ArrayRead):
        return [e.array.name, *(n for i in e.indices for n in _arrays_read(i))]
    if isinstance(e, Binary):
        return _arrays_read(e.lhs) + _arrays_read(e.rhs)
    if isinstance(e, (Unary, Cast)):
        return _arrays_read(e.operand)
    if isinstance(e, Select):
        return _arrays_read(e.cond) + _arrays_read(e.if_true) + _arrays_read(e.if_false)
    return []


def test_unrolled_accesses_go_straight_to_their_banks(tmp_path: Path) -> None:
    """buf[i + k] with i stepping by 4 is always in bank k: the unrolled loop reads four banks,
    one each, without selection; the loop writing buf[i] one element per iteration selects."""
    fn, _ = _partitioned(tmp_path, "local_sum")
    assert [b.name for b in fn.partitions[0].banks] == ["buf_0", "buf_1", "buf_2", "buf_3"]
    fill, summing = [s for s in fn.body if isinstance(s, For)]
    assert any(isinstance(s, If) for s in fill.body)
    assert all(isinstance(s, Assign) for s in summing.body)
    assert [_arrays_read(s.value) for s in summing.body] == [["buf_0"], ["buf_1"], ["buf_2"], ["buf_3"]]  # type: ignore[union-attr]
    report = _run(tmp_path, "local_sum")
    assert report["transformations"][1] == "partitioned array 'buf' (dimension 1 cyclic 4) into 4 banks"
    assert all(lp["achieved_ii"] == 1 for lp in report["loops"])


def _bank_reads(stmts: list[Stmt]) -> int:
    count = 0
    for s in stmts:
        if isinstance(s, Assign):
            count += len(_arrays_read(s.value)) + sum(len(_arrays_read(i)) for i in s.indices or [])
        elif isinstance(s, If):
            count += len(_arrays_read(s.cond)) + _bank_reads(s.then_body) + _bank_reads(s.else_body)
        elif isinstance(s, For):
            count += _bank_reads(s.body)
    return count


def test_subscripts_that_read_memory_are_computed_once(tmp_path: Path) -> None:
    """A subscript reading memory, in an access that selects among banks, is computed once into a
    temporary, not repeated in every bank's access and condition: nested indirect subscripts
    (hls.fuzz seed 130000 kernel 134, 11,121 operations in one loop body) read each bank once per
    access. The one under ?: stays where it is (it must not run when the condition is false)."""
    fn, _ = _partitioned(tmp_path, "indirect")
    # every bank once for a[0][i], a[2][..], a[1][..], a[i & 1][..] and a[1][i + 1]; k[i] twice;
    # under ?:, a[2][a[1][i + 1] & 5]'s subscript in each of its 3 banks' conditions and
    # accesses (a[1][i + 1]: 3 reads each time) and its 3 banks: 3 * 5 + 2 + 6 * 3 - 3 (the
    # last bank needs no condition) = 32 (306 when every subscript was repeated)
    assert _bank_reads(fn.body) == 32
    _run(tmp_path, "indirect")


def test_complete_partition_of_a_local_array_gives_registers(tmp_path: Path) -> None:
    fn, _ = _partitioned(tmp_path, "registers")
    assert all(not b.is_array for b in fn.partitions[0].banks) and len(fn.partitions[0].banks) == 8
    ret = fn.body[-1]
    assert isinstance(ret.value, Select)  # type: ignore[union-attr]
    assert isinstance(ret.value.if_true, VarRead)  # type: ignore[union-attr]
    _run(tmp_path, "registers")


def test_top_level_banks_get_ports_of_their_own(tmp_path: Path) -> None:
    """Vitis's port names (a_0_address0, ...); four reads and four writes per iteration run at
    II 1 on the banks, II 2 on one array's two ports."""
    report = _run(tmp_path, "scale")
    ports = {i["port"] for i in report["interfaces"]}
    assert {f"a_{k}_address0" for k in range(4)} <= ports and {f"b_{k}_d0" for k in range(4)} <= ports
    assert "a_address0" not in ports
    (a, b) = report["interface"]["params"]
    assert [bank["name"] for bank in a["banks"]] == ["a_0", "a_1", "a_2", "a_3"]
    assert a["banks"][1]["elements"] == [1, 5, 9, 13, 17, 21, 25, 29]
    (lp,) = report["loops"]
    assert lp["achieved_ii"] == 1
    plain = _run(tmp_path, "scale_unpartitioned", cosim=False)
    assert plain["loops"][0]["achieved_ii"] == 2


def test_complete_partition_of_a_top_level_array_in_every_dimension(tmp_path: Path) -> None:
    report = _run(tmp_path, "corners")
    (a,) = report["interface"]["params"]
    assert len(a["banks"]) == 12 and a["banks"][5] == {"name": "a_1_2", "ports": a["banks"][5]["ports"], "elements": [5]}


def test_padded_banks_and_selected_banks(tmp_path: Path) -> None:
    """Ten elements in four blocks of three (the last bank holds one, then padding) and in three
    cyclic banks of four (two padded); a[(i + k) % 10] selects its bank at run time."""
    report = _run(tmp_path, "padded")
    a, b, _ = report["interface"]["params"]
    assert [bank["elements"] for bank in a["banks"]] == [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9, -1, -1]]
    assert b["banks"][2]["elements"] == [2, 5, 8, -1]


def test_one_dimension_of_a_matrix(tmp_path: Path) -> None:
    report = _run(tmp_path, "columns")
    (m, _) = report["interface"]["params"]
    assert [bank["name"] for bank in m["banks"]] == ["m_0_0", "m_0_1"]
    assert report["interface"]["params"][0]["banks"][1]["elements"][:3] == [1, 3, 5]


def test_reshape_of_a_local_array_is_a_partition_and_keeps_its_storage(tmp_path: Path) -> None:
    fn, warnings = _partitioned(tmp_path, "reshaped")
    assert not warnings
    names = {b.name for b in fn.partitions[0].banks}
    assert {p.options["variable"] for p in fn.pragmas if p.name == "bind_storage"} >= names
    _run(tmp_path, "reshaped")


@pytest.mark.parametrize(
    ("pragma", "message"),
    [
        ("#pragma HLS array_partition variable=x type=cyclic", "array_partition' of type cyclic needs 'factor=N'"),
        ("#pragma HLS array_partition variable=x type=cyclic factor=2 dim=3", "'x' has 2 dimensions: no dim=3"),
        ("#pragma HLS array_partition variable=x type=diagonal factor=2", "unknown partition type 'diagonal'"),
        ("#pragma HLS array_partition variable=x type=block factor=0", "array_partition factor must be a positive integer, not '0'"),
        ("#pragma HLS array_partition variable=s complete", "'s' in '#pragma HLS array_partition' is not an array"),
    ],
)
def test_bad_partitions_are_located_errors(tmp_path: Path, pragma: str, message: str) -> None:
    src = tmp_path / "bad.c"
    src.write_text(f"void f(int x[4][4], int s) {{\n{pragma}\n  for (int i = 0; i < 4; i++) x[i][i] = s;\n}}\n")
    proc = run_hls("synth", str(src), "--top", "f", "-o", str(tmp_path / "bad"))
    assert proc.returncode == 1, proc.stderr
    assert "bad.c:2:" in proc.stderr and message in proc.stderr
    with pytest.raises(HlsError):
        partition(kernel_from_source(tmp_path, src.read_text(), "f"), [])
