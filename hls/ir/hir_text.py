"""Parser of the HIR-like IR's textual form (what ``print_hir`` writes), so a printed schedule
can be read back and verified again.

Source locations, the C parameter order and the scheduling facts kept only for reports
(``target_ii``, MII, recorded dependences) are not part of the text; the parsed function has the
printed signature order as its parameter order.
"""

from __future__ import annotations

import re

from hls.ir.hir import (
    CombOp,
    ConstOp,
    DelayOp,
    ForOp,
    HirFunc,
    IfOp,
    LoadOp,
    MemRef,
    Op,
    ReturnOp,
    ScalarArgInfo,
    StoreOp,
    Time,
    TimeVar,
    UnitOp,
    Value,
)


class HirParseError(Exception):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line


_TIME = r"%(\w+)(?: \+ (\d+))?"
_MEMTYPE = re.compile(r"!memref<(?:([\dx]+)x)?([iu])(\d+), (\w+), ports (\d+), r(\d+)w(\d+)(, inreg)?>")
_FUNC = re.compile(r"hir\.func @(\w+) at %(\w+) \((.*)\)(?: -> i(\d+))? \{$")
_ALLOCA = re.compile(r"%(\w+) = hir\.alloca : (.*)$")
_CONST = re.compile(r"%(\w+) = hw\.constant (\d+) : i(\d+)$")
_COMB = re.compile(rf"%(\w+) = comb\.(\w+) (.*) at {_TIME} : i(\d+)$")
_UNIT = re.compile(rf"%(\w+) = hir\.unit\.(\w+) (.*) at {_TIME} delay (\d+)(?: on (\w+))? : i(\d+)$")
_INDEX = r"%(\w+)\[port (\d+)\]\[(.*?)\]"
_LOAD = re.compile(rf"%(\w+) = hir\.load {_INDEX} at {_TIME}(?: if %(\w+))?( bypass)? : i(\d+)$")
_STORE = re.compile(rf"hir\.store %(\w+) to {_INDEX} at {_TIME}(?: if %(\w+))?$")
_DELAY = re.compile(rf"%(\w+) = hir\.delay %(\w+) by (\d+) at {_TIME} : i(\d+)$")
_FOR = re.compile(
    rf"%(\w+) = hir\.for %(\w+) : ([iu])(\d+) = %(\w+) while (<=|>=|<|>) %(\w+) : ([su])(\d+) step (-?\d+) "
    rf"iter_time\(%(\w+) = {_TIME}\)(?: ii (\d+) latency (\d+))? \"(\w+)\"((?: flattens \"\w+\")*)((?: until %\w+)*) \{{$"
)
_NEXT = re.compile(rf"hir\.next_iter at {_TIME}$")
_IF = re.compile(rf"%(\w+) = hir\.if %(\w+) at {_TIME} then\(%(\w+)\) \{{$")
_ELSE = re.compile(r"\} else\(%(\w+)\) \{$")
_YIELD = re.compile(rf"hir\.yield at {_TIME}$")
_RETURN = re.compile(rf"hir\.return(?: %(\w+))? at {_TIME}$")


class _Parser:
    def __init__(self, text: str) -> None:
        self.lines = [(n + 1, ln.strip()) for n, ln in enumerate(text.splitlines()) if ln.strip()]
        self.pos = 0
        self.values: dict[str, Value] = {}
        self.times: dict[str, TimeVar] = {}
        self.mems: dict[str, MemRef] = {}

    def fail(self, message: str) -> HirParseError:
        line = self.lines[min(self.pos, len(self.lines) - 1)][0] if self.lines else 0
        return HirParseError(line, message)

    def next_line(self) -> str:
        if self.pos >= len(self.lines):
            raise self.fail("unexpected end of input")
        self.pos += 1
        return self.lines[self.pos - 1][1]

    def value(self, name: str) -> Value:
        if name not in self.values:
            raise self.fail(f"%{name} is not defined")
        return self.values[name]

    def define(self, name: str, width: int) -> Value:
        if name in self.values:
            raise self.fail(f"%{name} is defined twice")
        v = Value(name, width)
        self.values[name] = v
        return v

    def time(self, var: str, offset: str | None) -> Time:
        if var not in self.times:
            raise self.fail(f"time variable %{var} is not defined")
        return Time(self.times[var], int(offset or 0))

    def time_var(self, name: str) -> TimeVar:
        tv = TimeVar(name)
        self.times[name] = tv
        return tv

    def memref(self, name: str, text: str) -> MemRef:
        m = _MEMTYPE.fullmatch(text.strip())
        if m is None:
            raise self.fail(f"bad memref type '{text}'")
        dims = tuple(int(d) for d in m[1].split("x")) if m[1] else ()
        mem = MemRef(name, m[4], int(m[3]), dims, int(m[5]), int(m[6]), int(m[7]), m[2] == "i", input_register=m[8] is not None)
        self.mems[name] = mem
        return mem

    def exit_mem(self, name: str) -> MemRef:
        mem = self.mems.get(name)
        if mem is None:
            raise self.fail(f"unknown memref %{name}")
        return mem

    def operands(self, text: str) -> list[Value]:
        return [self.value(t.strip().lstrip("%")) for t in text.split(",") if t.strip()]

    def parse(self) -> HirFunc:
        head = _FUNC.match(self.next_line())
        if head is None:
            raise self.fail("expected 'hir.func @name at %t (...) {'")
        name, start, sig, ret = head[1], head[2], head[3], head[4]
        start_tv = self.time_var(start)
        args: list[ScalarArgInfo] = []
        order: list[str] = []
        memrefs: list[MemRef] = []
        for part in re.split(r",\s*(?=%)", sig) if sig else []:
            pname, _, ptype = part.partition(": ")
            pname = pname.strip().lstrip("%")
            order.append(pname)
            if ptype.startswith("!memref"):
                memrefs.append(self.memref(pname, ptype))
            else:
                m = re.fullmatch(r"([iu])(\d+)", ptype.strip())
                if m is None:
                    raise self.fail(f"bad argument type '{ptype}'")
                args.append(ScalarArgInfo(self.define(pname, int(m[2])), m[1] == "i"))
        while self.pos < len(self.lines) and _ALLOCA.match(self.lines[self.pos][1]):
            a = _ALLOCA.match(self.next_line())
            assert a is not None
            mtype, _, init = a[2].partition(" init [")
            mem = self.memref(a[1], mtype)
            if init:
                try:
                    mem.init = tuple(int(x) for x in init.rstrip().removesuffix("]").split(","))
                except ValueError:
                    raise self.fail(f"bad contents of %{a[1]}") from None
            memrefs.append(mem)
        body = self.block(end="}")
        return HirFunc(name, start_tv, args, memrefs, body, int(ret) if ret else None, None, order)

    def block(self, end: str) -> list[Op]:
        ops: list[Op] = []
        while True:
            if self.pos >= len(self.lines):
                raise self.fail("unexpected end of input")
            line = self.lines[self.pos][1]
            if line == end or line.startswith("hir.next_iter") or line.startswith("hir.yield") or line.startswith("} else"):
                if line == end:
                    self.pos += 1
                return ops
            ops.append(self.op(self.next_line()))

    def op(self, line: str) -> Op:
        if m := _CONST.match(line):
            v = self.define(m[1], int(m[3]))
            return ConstOp(v, int(m[2]))
        if m := _COMB.match(line):
            operands = self.operands(m[3])
            return CombOp(self.define(m[1], int(m[6])), m[2], operands, self.time(m[4], m[5]))
        if m := _UNIT.match(line):
            operands = self.operands(m[3])
            return UnitOp(self.define(m[1], int(m[8])), m[2], operands, int(m[6]), self.time(m[4], m[5]), unit=m[7])
        if m := _LOAD.match(line):
            idx = self.operands(m[4])
            pred = self.value(m[7]) if m[7] else None
            mem = self.mems.get(m[2])
            if mem is None:
                raise self.fail(f"memref %{m[2]} is not defined")
            op = LoadOp(self.define(m[1], int(m[9])), mem, int(m[3]), idx, pred, self.time(m[5], m[6]))
            op.bypass = bool(m[8])
            return op
        if m := _STORE.match(line):
            mem = self.mems.get(m[2])
            if mem is None:
                raise self.fail(f"memref %{m[2]} is not defined")
            pred = self.value(m[7]) if m[7] else None
            return StoreOp(mem, int(m[3]), self.operands(m[4]), self.value(m[1]), pred, self.time(m[5], m[6]))
        if m := _DELAY.match(line):
            src = self.value(m[2])
            return DelayOp(self.define(m[1], int(m[6])), src, int(m[3]), self.time(m[4], m[5]))
        if m := _FOR.match(line):
            init, bound = self.value(m[5]), self.value(m[7])
            at = self.time(m[12], m[13])
            iv = self.define(m[2], int(m[4]))
            ti = self.time_var(m[11])
            body = self.block(end="\0")
            nxt = _NEXT.match(self.next_line())
            if nxt is None:
                raise self.fail("expected 'hir.next_iter at ...'")
            next_iter = self.time(nxt[1], nxt[2])
            if self.next_line() != "}":
                raise self.fail("expected '}' after next_iter")
            tf = self.time_var(m[1])
            ii = int(m[14]) if m[14] else None
            latency = int(m[15]) if m[15] else None
            return ForOp(iv, m[3] == "i", init, bound, m[6], int(m[9]), m[8] == "s", int(m[10]), at, ti, body, next_iter, tf, m[16], ii, None, latency,
                flattened=tuple(re.findall(r'"(\w+)"', m[17])), exits=tuple(self.exit_mem(n) for n in re.findall(r"%(\w+)", m[18])))
        if m := _IF.match(line):
            cond = self.value(m[2])
            at = self.time(m[3], m[4])
            tt = self.time_var(m[5])
            then_body = self.block(end="\0")
            y = _YIELD.match(self.next_line())
            if y is None:
                raise self.fail("expected 'hir.yield at ...'")
            then_end = self.time(y[1], y[2])
            e = _ELSE.match(self.next_line())
            if e is None:
                raise self.fail("expected '} else(%t) {'")
            te = self.time_var(e[1])
            else_body = self.block(end="\0")
            y = _YIELD.match(self.next_line())
            if y is None:
                raise self.fail("expected 'hir.yield at ...'")
            else_end = self.time(y[1], y[2])
            if self.next_line() != "}":
                raise self.fail("expected '}' after the else branch")
            return IfOp(cond, at, tt, then_body, then_end, te, else_body, else_end, self.time_var(m[1]))
        if m := _RETURN.match(line):
            value = self.value(m[1]) if m[1] else None
            return ReturnOp(value, self.time(m[2], m[3]))
        raise self.fail(f"cannot parse '{line}'")


def parse_hir(text: str) -> HirFunc:
    """The function printed in ``text``; raises HirParseError with the line of the problem."""
    return _Parser(text).parse()
