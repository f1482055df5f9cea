"""The program model: typed variables, expressions, statements and functions.

Every operation that can have undefined behaviour carries a ``safe`` flag. The generator builds every node
unsafe (plain C); the interpreter sets ``safe`` on exactly the nodes that would misbehave on the testbench's
inputs, and the emitter then writes those in a guarded form that equals the plain form wherever the plain form
is defined (wrap-around through the unsigned type, masked shift counts, guarded division, clamped float to
integer conversion, reduced subscripts).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hls.progen.ctyping import DOUBLE, INT, CType, Value, promote, usual

# --- variables ------------------------------------------------------------------------------------------------------


@dataclass(eq=False)
class Scalar:
    """A scalar variable: argument, local or loop variable."""

    name: str
    ty: CType
    role: str = "local"  # 'arg' | 'local' | 'loop' | 'param' | 'global' (file scope, kept between calls)
    const: bool = False
    owner: str | None = None  # a member of this local struct variable
    initial: Value | None = None  # a file-scope scalar's initializer (None: zero)
    static: bool = False  # a file-scope scalar declared static


@dataclass(eq=False)
class Array:
    """An array: top argument, helper parameter, local array or file-scope array (role 'global')."""

    name: str
    elem: CType
    dims: list[int]
    role: str = "arg"  # 'arg' | 'local' | 'param'
    const: bool = False
    pragmas: list[str] = field(default_factory=list)
    style: str = "sized"  # helper parameters: 'sized' (T a[N]), 'open' (T a[] / T a[][M]) or 'pointer' (T *a / T (*a)[M])
    initial: list[Value] | None = None  # a file-scope array's initializer (row-major; None: zero)
    static: bool = False  # a file-scope or local array declared static (a local one keeps its values between calls)
    owner: str | None = None  # a member of this local struct variable

    @property
    def size(self) -> int:
        """Number of elements."""
        n = 1
        for d in self.dims:
            n *= d
        return n


# --- expressions ----------------------------------------------------------------------------------------------------


class Expr:
    """Base of expressions; ``ty`` is the C type of the value."""

    ty: CType

    def children(self) -> list[Expr]:
        """Sub-expressions in source order."""
        return []


@dataclass(eq=False)
class Const(Expr):
    """A literal (integers of a promoted type, float or double)."""

    ty: CType
    value: Value
    hex: bool = False
    macro: str | None = None  # written as this #define's name
    style: str = ""  # '' (decimal), 'oct', 'char' or 'suffix' (another spelling of the suffix)


@dataclass(eq=False)
class Var(Expr):
    """A scalar variable's value."""

    var: Scalar

    @property
    def ty(self) -> CType:  # type: ignore[override]
        return self.var.ty


@dataclass(eq=False)
class Elem(Expr):
    """``a[i][j]``; ``safe[d]`` reduces subscript ``d`` into range."""

    arr: Array
    idx: list[Expr]
    safe: list[bool] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.safe:
            self.safe = [False] * len(self.idx)

    @property
    def ty(self) -> CType:  # type: ignore[override]
        return self.arr.elem

    def children(self) -> list[Expr]:
        return list(self.idx)


@dataclass(eq=False)
class Deref(Expr):
    """``*v``: the element a walking pointer parameter (1-D, style 'pointer') points at."""

    ptr: Array

    @property
    def ty(self) -> CType:  # type: ignore[override]
        return self.ptr.elem


@dataclass(eq=False)
class Unary(Expr):
    """``-e``, ``~e``, ``!e``, ``+e``."""

    op: str
    e: Expr
    safe: bool = False

    @property
    def ty(self) -> CType:  # type: ignore[override]
        return INT if self.op == "!" else promote(self.e.ty)

    def children(self) -> list[Expr]:
        return [self.e]


ARITH = ("+", "-", "*", "/", "%")
BITS = ("&", "|", "^")
SHIFTS = ("<<", ">>")
CMPS = ("<", "<=", ">", ">=", "==", "!=")
LOGIC = ("&&", "||")


@dataclass(eq=False)
class Binary(Expr):
    """A binary operator (arithmetic, bitwise, shift, comparison, ``&&``/``||``)."""

    op: str
    a: Expr
    b: Expr
    safe: bool = False

    @property
    def ty(self) -> CType:  # type: ignore[override]
        if self.op in CMPS or self.op in LOGIC:
            return INT
        if self.op in SHIFTS:
            return promote(self.a.ty)
        return usual(self.a.ty, self.b.ty)

    @property
    def opty(self) -> CType:
        """The type the operation is carried out in."""
        if self.op in SHIFTS:
            return promote(self.a.ty)
        return usual(self.a.ty, self.b.ty)

    def children(self) -> list[Expr]:
        return [self.a, self.b]


@dataclass(eq=False)
class Cond(Expr):
    """``c ? a : b``."""

    c: Expr
    a: Expr
    b: Expr

    @property
    def ty(self) -> CType:  # type: ignore[override]
        return usual(self.a.ty, self.b.ty)

    def children(self) -> list[Expr]:
        return [self.c, self.a, self.b]


@dataclass(eq=False)
class Cast(Expr):
    """``(T)e``; ``safe`` clamps a float operand into ``T``'s range first."""

    ty: CType
    e: Expr
    safe: bool = False
    implicit: bool = False  # written without the cast (an assignment's or argument's own conversion)

    def children(self) -> list[Expr]:
        return [self.e]


MATH1 = ("sqrt", "fabs")
MATH2 = ("fmin", "fmax")


@dataclass(eq=False)
class Math(Expr):
    """``sqrt``/``fabs``/``fmin``/``fmax``/``exp``/``log``/``pow``/``sin``/``cos`` or their ``f`` forms (``ty`` float selects them)."""

    fn: str
    args: list[Expr]
    ty: CType = DOUBLE

    def children(self) -> list[Expr]:
        return list(self.args)


@dataclass(eq=False)
class Call(Expr):
    """A call of a helper; array arguments are ``Array`` objects, scalars expressions."""

    fn: Function
    args: list[Expr | Array]

    @property
    def ty(self) -> CType:  # type: ignore[override]
        return self.fn.ret if self.fn.ret is not None else INT

    def children(self) -> list[Expr]:
        return [a for a in self.args if isinstance(a, Expr)]


@dataclass(eq=False)
class AssignExpr(Expr):
    """``(lv = e)`` or ``(lv op= e)`` used as a value (inside a ``?:`` arm)."""

    target: LValue
    op: str
    value: Expr
    safe: bool = False

    @property
    def ty(self) -> CType:  # type: ignore[override]
        return self.target.ty

    def children(self) -> list[Expr]:
        return [self.target, self.value]


LValue = Var | Elem | Deref


# --- statements -----------------------------------------------------------------------------------------------------


class Stmt:
    """Base of statements."""


@dataclass(eq=False)
class Decl(Stmt):
    """``T v = init;`` (or ``T v;`` when ``init`` is None)."""

    var: Scalar
    init: Expr | None


@dataclass(eq=False)
class ArrayDecl(Stmt):
    """A local array with its pragmas, and its initializer: the first elements (row-major), the
    rest zero (``None``: no initializer)."""

    arr: Array
    init: list[Expr] | None = None


@dataclass(eq=False)
class StructDecl(Stmt):
    """A local struct variable ``name`` whose members are ``fields`` (each with ``owner`` = ``name``): its type
    defined at file scope (``struct tag {...};``, style 'tag', or ``typedef struct {...} tag;``, 'typedef') or in
    the declaration itself (``struct tag {...} name;``, 'inline'). The members start uninitialised. With ``union``
    a union instead: the members share their bytes (little-endian, as x86-64)."""

    name: str
    tag: str
    fields: list[Scalar | Array]
    style: str = "tag"
    union: bool = False

    @property
    def keyword(self) -> str:
        return "union" if self.union else "struct"


@dataclass(eq=False)
class Assign(Stmt):
    """``t1 = t2 = ... = value;`` or ``t op= value;``; ``safe`` writes a compound assignment out in full."""

    targets: list[LValue]
    op: str
    value: Expr
    safe: bool = False


@dataclass(eq=False)
class Incr(Stmt):
    """``x++;``, ``x--;``, ``++x;``, ``--x;``."""

    target: LValue
    op: str
    prefix: bool = False
    safe: bool = False


@dataclass(eq=False)
class PtrStep(Stmt):
    """``v++;`` or ``v += step;``: a walking pointer parameter moves on."""

    ptr: Array
    step: int = 1


@dataclass(eq=False)
class ExprStmt(Stmt):
    """A call as a statement."""

    e: Expr


@dataclass(eq=False)
class If(Stmt):
    """``if (c) {...} else {...}``."""

    c: Expr
    then: list[Stmt]
    els: list[Stmt] | None = None


@dataclass(eq=False)
class For(Stmt):
    """A canonical ``for`` loop; ``step`` is a non-zero constant, ``cmp`` one of < <= > >=."""

    var: Scalar
    init: Expr
    cmp: str
    bound: Expr
    step: int
    body: list[Stmt]
    declare: bool = True  # declare the variable in the for's init
    pragmas: list[str] = field(default_factory=list)
    step_style: str = "++"  # '++' (i++/i--), 'pre' (++i/--i) or '+=' (i += k)
    # more counters of the declaration and the comma increment: (int variable, first value, step)
    counters: list[tuple[Scalar, int, int]] = field(default_factory=list)


@dataclass(eq=False)
class While(Stmt):
    """``while (c) {...}``, or ``do {...} while (c);`` with ``do``: a loop whose exit depends on the data
    (the generator keeps a counter in ``c`` that bounds it)."""

    c: Expr
    body: list[Stmt]
    do: bool = False


@dataclass(eq=False)
class Break(Stmt):
    """``break;`` out of the innermost loop."""


@dataclass(eq=False)
class Continue(Stmt):
    """``continue;`` with the innermost (``for``) loop's next iteration."""


@dataclass(eq=False)
class Switch(Stmt):
    """``switch (e) { case ...: {...} [break;] ... default: ... }``: per case its labels (None: ``default``),
    its statements and whether a ``break`` ends them (else control falls through to the next case)."""

    e: Expr
    cases: list[tuple[list[int] | None, list[Stmt], bool]]


@dataclass(eq=False)
class Goto(Stmt):
    """``goto label;`` forward, out of loops (the error-exit pattern)."""

    label: str


@dataclass(eq=False)
class Label(Stmt):
    """``label: ;``, after the loops a ``goto`` leaves (in the same statement list as the outermost)."""

    name: str


@dataclass(eq=False)
class Return(Stmt):
    """``return e;``: the last statement, or early in a helper (``if (c) return e;``, not in a loop)."""

    e: Expr


@dataclass(eq=False)
class Comment(Stmt):
    """A comment naming the idiom that follows."""

    text: str


# --- functions and programs -----------------------------------------------------------------------------------------


@dataclass(eq=False)
class Function:
    """A function: the top or a helper (inlined by hls)."""

    name: str
    ret: CType | None
    params: list[Scalar | Array]
    body: list[Stmt]
    knr: bool = False
    static: bool = True
    writes: set[str] = field(default_factory=set)  # names of array parameters it writes

    @property
    def pure(self) -> bool:
        """True when the function writes no array."""
        return not self.writes


@dataclass
class Program:
    """A generated program: helpers, the top, the testbench inputs and the hls options."""

    seed: int
    top: Function
    helpers: list[Function]
    calls: list[dict[str, list[Value] | Value]]  # per call: argument name -> flat values
    defines: dict[str, int] = field(default_factory=dict)
    hls_opts: list[str] = field(default_factory=list)
    features: set[str] = field(default_factory=set)
    tb_separate: bool = False
    main_first: bool = False
    top_pragmas: list[str] = field(default_factory=list)
    typedefs: list[tuple[str, CType, str]] = field(default_factory=list)  # (name, type, 'typedef' | 'define')
    join_decls: bool = False  # consecutive declarations of one type written as one (int a = 1, b = 2;)
    # file-scope arrays the top reads (const tables) or reads and writes (state kept between calls, which the
    # testbench prints after each call)
    globals: list[Array] = field(default_factory=list)
    global_scalars: list[Scalar] = field(default_factory=list)  # file-scope scalars the top reads and writes


def is_constant(e: Expr) -> bool:
    """No variable, element (through a subscript or a pointer), call or assignment inside (gcc folds it at
    compile time, even at -O0)."""
    return not any(isinstance(x, (Var, Elem, Deref, Call, AssignExpr)) for x in walk_expr(e))


def walk_expr(e: Expr) -> list[Expr]:
    """All sub-expressions of ``e`` (pre-order), including ``e``; calls are not entered."""
    out = [e]
    for c in e.children():
        out.extend(walk_expr(c))
    return out


def stmt_exprs(s: Stmt) -> list[Expr]:
    """The expressions directly in statement ``s`` (not its nested statements)."""
    if isinstance(s, Decl):
        return [s.init] if s.init is not None else []
    if isinstance(s, Assign):
        return [*s.targets, s.value]
    if isinstance(s, Incr):
        return [s.target]
    if isinstance(s, ExprStmt):
        return [s.e]
    if isinstance(s, If):
        return [s.c]
    if isinstance(s, For):
        return [s.init, s.bound]
    if isinstance(s, While):
        return [s.c]
    if isinstance(s, Switch):
        return [s.e]
    if isinstance(s, Return):
        return [s.e]
    return []


def walk_stmts(body: list[Stmt]) -> list[Stmt]:
    """All statements of ``body``, nested ones included (pre-order)."""
    out: list[Stmt] = []
    for s in body:
        out.append(s)
        if isinstance(s, If):
            out.extend(walk_stmts(s.then))
            if s.els:
                out.extend(walk_stmts(s.els))
        elif isinstance(s, (For, While)):
            out.extend(walk_stmts(s.body))
        elif isinstance(s, Switch):
            for _, body, _ in s.cases:
                out.extend(walk_stmts(body))
    return out


def is_bool(t: CType) -> bool:
    """bool / _Bool."""
    return t.kind == "bool"
