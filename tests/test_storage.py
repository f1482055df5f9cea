"""Local arrays: RAM module by size or by bind_storage; ports by storage type."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import run_hls

SRC = """
void k(const int a[256], int b[256]) {
  int buf[256];
  {pragma}
  for (int i = 0; i < 256; i++) buf[i] = a[i] * 3;
  for (int i = 1; i < 255; i++) b[i] = buf[i - 1] + buf[i + 1];
}
"""


@pytest.mark.parametrize(
    ("pragma", "module"),
    [
        ("", "hls_bram_2p"),  # 8 Kbit: block RAM; two reads per iteration use both ports
        ("#pragma HLS bind_storage variable=buf type=ram_1p impl=bram", "hls_bram_1p"),
        ("#pragma HLS bind_storage variable=buf impl=lutram", "hls_lutram_2p"),
        ("#pragma HLS bind_storage variable=buf type=ram_1p impl=reg", "hls_regfile_1p"),
    ],
)
def test_ram_module_choice(tmp_path: Path, pragma: str, module: str) -> None:
    src = tmp_path / "k.c"
    src.write_text(SRC.replace("{pragma}", pragma))
    out = tmp_path / "o"
    proc = run_hls(str(src), "--top", "k", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    files = (out / "rtl" / "filelist.f").read_text().split()
    assert f"{module}.sv" in files
    proc = run_hls("cosim", str(src), "--top", "k", "-o", str(out), "--runs", "1")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_bad_storage_is_a_located_error(tmp_path: Path) -> None:
    src = tmp_path / "k.c"
    src.write_text(SRC.replace("{pragma}", "#pragma HLS bind_storage variable=buf impl=uram"))
    proc = run_hls(str(src), "--top", "k", "-o", str(tmp_path / "o"))
    assert proc.returncode == 1
    assert proc.stderr.startswith(f"{src}:4:3: error: storage implementation 'uram' is not supported")


HISTOGRAM = """
void hist(const unsigned char a[200], int out[64]) {
  int h[64];
  #pragma HLS bind_storage variable=h type=ram_1p impl=bram
  for (int i = 0; i < 64; i++) h[i] = 0;
  for (int i = 0; i < 200; i++) h[a[i] & 63] += a[i];
  for (int i = 0; i < 64; i++) out[i] = h[i];
}
"""


@pytest.mark.parametrize(
    ("source", "top", "pragma", "module", "latency"),
    [
        (SRC, "k", "", "hls_bram_2p_r2_in", 3),  # block RAM: input registers, the read and an output register
        (SRC, "k", "#pragma HLS bind_storage variable=buf impl=lutram", "hls_lutram_2p", 1),
        (HISTOGRAM, "hist", "", "hls_bram_1p_r2_in", 3),  # a read-modify-write recurrence through it
    ],
)
def test_ecp5_block_ram_reads_take_three_cycles(tmp_path: Path, source: str, top: str, pragma: str, module: str, latency: int) -> None:
    """On the ECP5 target a local array in block RAM registers each port's inputs and is read
    with an output register after the DP16KD (whose clock-to-output is most of a cycle); the
    schedule allows for the extra cycles and cosim stays exact, LUT RAM keeps its one-cycle read."""
    src = tmp_path / "k.c"
    src.write_text(source.replace("{pragma}", pragma))
    out = tmp_path / "o"
    proc = run_hls(str(src), "--top", top, "--target", "ecp5", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    files = (out / "rtl" / "filelist.f").read_text().split()
    assert f"{module}.sv" in files
    hir = (out / f"{top}.hir").read_text()
    local = re.search(r"= hir\.alloca : !memref<\d+xi32, bram, ports \d, r(\d)w1(, inreg)?>", hir)
    assert local is not None and int(local.group(1)) == latency and (local.group(2) is not None) == (latency == 3), hir[:400]
    ram = (out / "rtl" / f"{module}.sv").read_text()
    assert ("_ram <= ram[address0_i]" in ram) == (latency == 3)
    proc = run_hls("cosim", str(src), "--top", top, "-o", str(out), "--runs", "2")
    assert proc.returncode == 0, proc.stdout + proc.stderr
