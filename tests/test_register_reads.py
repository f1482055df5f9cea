"""A register written once in a pipelined loop's body may be read in the cycle of that write,
where it still holds the previous iteration's value: a read whose uses all come that late moves
there after scheduling (``sink_register_reads``), with no bypass and no delay register after it
(#13: kadane's best, read a cycle early through its bypass and held, was a 64-bit compare and
selection chained through its own bypass on ECP5). A read the next iteration needs before the
write's cycle keeps its bypass. Checked on the scheduled IR and by cosim against gcc."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import run_hls, synth_for_targets

KADANE = Path(__file__).resolve().parent / "kernels" / "int" / "kadane.c"  # (the corpus kernel)


def _loop_body(hir: str) -> str:
    return hir[hir.index("hir.for") : hir.index("hir.next_iter")]


def test_a_register_read_in_its_write_cycle_has_no_bypass(tmp_path: Path) -> None:
    for target, out in synth_for_targets(tmp_path, KADANE, "kadane").items():
        body = _loop_body((out / "kadane.hir").read_text())
        reads = {m[1]: (m[2], bool(m[3])) for m in re.finditer(r"= hir\.load %(\w+)_reg\[port 0\]\[\] at (%ti0[^:]*?)( bypass)? :", body)}
        writes = {m[1]: m[2] for m in re.finditer(r"hir\.store %\w+ to %(\w+)_reg\[port 0\]\[\] at (%ti0[^\n]*)", body)}
        assert set(reads) == set(writes) == {"best", "be", "bs", "cur", "start"}, body
        # a read before the write's cycle, and only such a read, goes through the bypass: the
        # running sum's test needs it a cycle before its next value is written
        assert all(bypass == (when != writes[var]) for var, (when, bypass) in reads.items()), body
        assert reads["cur"][1], body
        for var in ("best", "be", "bs", "start"):
            assert reads[var] == (writes[var], False), (target, var, body)
            assert not re.search(rf"%{var}_reg_rd\d+_d\d+ = hir\.delay", body), (target, var, body)
        sv = (out / "rtl" / "kadane.sv").read_text()
        assert re.search(r"assign v_best_reg_rd\d+ = r_best_reg;", sv), sv
        proc = run_hls("cosim", str(KADANE), "--top", "kadane", "-o", str(out), "--runs", "6")
        assert proc.returncode == 0 and "PASS: 6 calls" in proc.stdout, proc.stdout + proc.stderr
