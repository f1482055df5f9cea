"""Pass ``emit-sv``: renders the RTL model with the Jinja templates in ``hls.templates``."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import jinja2

from hls.backend.rtl import RtlModule


def _range_decl(width: int) -> str:
    return f"[{width - 1}:0] " if width > 1 else ""


def _env() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("hls.templates", ""),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["range_decl"] = _range_decl
    return env


def render_module(m: RtlModule) -> str:
    """The SystemVerilog text of one module."""
    return _env().get_template("module.sv.j2").render(m=m)


def library_file(name: str) -> str:
    """The text of a helper module shipped in ``templates/lib``."""
    return (resources.files("hls.templates") / "lib" / name).read_text()


def write_rtl(m: RtlModule, rtl_dir: Path) -> list[Path]:
    """Writes the module and the helper modules it needs; returns the files (top first)."""
    rtl_dir.mkdir(parents=True, exist_ok=True)
    files = [rtl_dir / f"{m.name}.sv"]
    files[0].write_text(render_module(m))
    for lib in m.library_files:
        path = rtl_dir / lib
        path.write_text(library_file(lib))
        if lib.endswith("_pkg.sv"):
            files.insert(0, path)  # packages before the modules that import them
        else:
            files.append(path)
    env = _env()
    for unit in m.fp_units:
        path = rtl_dir / f"{unit.module}.sv"  # type: ignore[attr-defined]
        path.write_text(env.get_template("fp_unit.sv.j2").render(u=unit))
        files.append(path)
    for ram in m.rams:
        path = rtl_dir / f"{ram.module}.sv"
        path.write_text(env.get_template("ram.sv.j2").render(r=ram))
        files.append(path)
    if any(u.dpi_imports for u in m.fp_units):  # type: ignore[attr-defined]
        path = rtl_dir / "hls_libm_dpi.c"
        path.write_text(library_file("hls_libm_dpi.c"))
        files.append(path)
    if m.fp_units:
        with_ip = [u for u in m.fp_units if u.ip_config]  # type: ignore[attr-defined]
        (rtl_dir / "xilinx_fp_ip.tcl").write_text(env.get_template("xilinx_fp_ip.tcl.j2").render(units=with_ip))
    (rtl_dir / "filelist.f").write_text("".join(f"{f.name}\n" for f in files))
    return files
