"""Local arrays: RAM module by size or by bind_storage; ports by storage type."""

from __future__ import annotations

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
