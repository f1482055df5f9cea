"""Located diagnostics in gcc format: ``file:line:col: error: message`` plus the source line and a caret."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class SourceLoc:
    """A position in the user's C source (1-based line and column)."""

    file: str
    line: int
    col: int = 1

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


UNKNOWN_LOC = SourceLoc("<unknown>", 0, 0)


@dataclass
class Diagnostic:
    """One message about the user's input."""

    loc: SourceLoc
    severity: str  # "error" | "warning" | "note"
    message: str

    def render(self) -> str:
        """The gcc-style text, with the source line and a caret when the file is readable."""
        head = f"{self.loc}: {self.severity}: {self.message}"
        line = _source_line(self.loc)
        if line is None:
            return head
        caret = " " * max(self.loc.col - 1, 0) + "^"
        return f"{head}\n{line}\n{caret}"


def _source_line(loc: SourceLoc) -> str | None:
    if loc.line <= 0:
        return None
    try:
        lines = Path(loc.file).read_text(errors="replace").splitlines()
    except OSError:
        return None
    if loc.line > len(lines):
        return None
    return lines[loc.line - 1].expandtabs(1)


class HlsError(Exception):
    """An error in the user's input; carries one or more located diagnostics."""

    def __init__(self, loc: SourceLoc, message: str, extra: list[Diagnostic] | None = None) -> None:
        super().__init__(message)
        self.diagnostics = [Diagnostic(loc, "error", message), *(extra or [])]

    @property
    def loc(self) -> SourceLoc:
        return self.diagnostics[0].loc

    def render(self) -> str:
        return "\n".join(d.render() for d in self.diagnostics)


class InternalError(Exception):
    """A bug in hls itself: a pass failed or a verifier rejected what a pass produced. Names the
    pass and, when known, the C source it was processing."""

    def __init__(self, message: str, pass_name: str | None = None, loc: SourceLoc | None = None) -> None:
        super().__init__(message)
        self.pass_name = pass_name
        self.loc = loc

    def render(self) -> str:
        where = f"in pass '{self.pass_name}': " if self.pass_name else ""
        text = f"{where}{self} (a bug in hls: please report it with the input; --debug shows the traceback)"
        if self.loc is None:
            return f"hls: internal error: {text}"
        return Diagnostic(self.loc, "internal error", text).render()

    @staticmethod
    def from_exception(err: BaseException, pass_name: str | None) -> InternalError:
        """The internal error for ``err`` raised in ``pass_name``, located where it was raised."""
        message = f"{type(err).__name__}: {err}" if str(err) else type(err).__name__
        return InternalError(message, pass_name, location_of(err))


@contextmanager
def processing(loc: SourceLoc | None) -> Iterator[None]:
    """Marks ``loc`` as the C source being processed: an exception escaping the block carries the
    innermost such location (``location_of``) for the internal-error report."""
    try:
        yield
    except Exception as err:
        if loc is not None and getattr(err, "hls_loc", None) is None:
            setattr(err, "hls_loc", loc)  # noqa: B010 - a dynamic attribute of any exception
        raise


def location_of(err: BaseException) -> SourceLoc | None:
    """The C location an exception escaped from (see ``processing``), if any."""
    loc = getattr(err, "hls_loc", None)
    return loc if isinstance(loc, SourceLoc) else None


def unsupported(loc: SourceLoc, what: str) -> HlsError:
    """The standard diagnostic for C the frontend does not handle."""
    return HlsError(loc, f"{what} is not supported")
