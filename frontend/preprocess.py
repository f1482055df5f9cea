"""C preprocessing (gcc -E with pycparser's fake libc headers) and parsing with pycparser."""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pycparser_fake_libc
from pycparser import c_ast, c_parser

from hls.diagnostics import HlsError, SourceLoc

INCLUDE_DIR = Path(__file__).parent / "include"


@dataclass
class ParsedFile:
    """A preprocessed, parsed translation unit."""

    path: Path
    ast: c_ast.FileAST
    text: str  # the preprocessed text


def preprocess(path: Path, cpp_args: list[str]) -> str:
    """The file after ``gcc -E``: our own headers first (true stdint widths), then the fake libc."""
    gcc = shutil.which("gcc") or shutil.which("cc")
    if gcc is None:
        raise HlsError(SourceLoc(str(path), 0, 0), "no C preprocessor found (install gcc)")
    cmd = [
        gcc, "-E", "-std=c99", "-nostdinc",
        "-I", str(INCLUDE_DIR), "-I", pycparser_fake_libc.directory,
        "-D__attribute__(x)=", "-D__extension__=", "-D__restrict=", "-D__inline=inline",
        "-D__HLS__=1", "-D__SYNTHESIS__=1",
        *cpp_args, str(path),
    ]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise _gcc_error(path, proc.stderr)
    return proc.stdout


_GCC_MSG = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): (?:fatal )?error: (?P<msg>.*)$", re.MULTILINE)


def _gcc_error(path: Path, stderr: str) -> HlsError:
    m = _GCC_MSG.search(stderr)
    if m:
        return HlsError(SourceLoc(m["file"], int(m["line"]), int(m["col"])), m["msg"])
    return HlsError(SourceLoc(str(path), 0, 0), "preprocessing failed: " + stderr.strip()[-500:])


_PYC_MSG = re.compile(r"^(?P<file>.*?):(?P<line>\d+):(?:(?P<col>\d+):)?\s*(?P<msg>.*)$", re.DOTALL)


def parse_file(path: Path, cpp_args: list[str]) -> ParsedFile:
    """Preprocesses and parses ``path``; syntax errors become located diagnostics."""
    if not path.is_file():
        raise HlsError(SourceLoc(str(path), 0, 0), "no such file")
    text = preprocess(path, cpp_args)
    parser = c_parser.CParser()
    try:
        ast = parser.parse(text, str(path))
    except c_parser.ParseError as err:
        m = _PYC_MSG.match(str(err))
        if not m:
            # some pycparser 3 errors carry no position: take the token the parser stopped at
            tok = _current_token(parser)
            if tok is not None:
                coord = parser._tok_coord(tok)
                msg = str(err).split(": ", 1)[-1]
                raise HlsError(SourceLoc(str(coord.file), int(coord.line), int(coord.column or 1)), f"syntax error: {msg}") from None
        if m:
            loc = SourceLoc(m["file"], int(m["line"]), int(m["col"] or 1))
            raise HlsError(loc, f"syntax error: {m['msg']}") from None
        raise HlsError(SourceLoc(str(path), 0, 0), f"syntax error: {err}") from None
    return ParsedFile(path, ast, text)


def _current_token(parser: c_parser.CParser) -> object | None:
    try:
        return parser._peek()
    except Exception:  # noqa: BLE001 - best effort for a position only
        return None
