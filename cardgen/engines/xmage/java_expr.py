"""A tiny Java expression tree: what the context builder produces and the formatter lays out.

Building expressions as trees (never by pasting strings) keeps three things right at once: every class
an expression names is registered with the import collector as it is used, string literals always go
through `java_text.escape`, and long expressions are wrapped the way XMage sources wrap them.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.engines.xmage.java_text import java_string

WIDTH = 120
CONTINUATION = 8


class Expr:
    """A Java expression."""

    def flat(self) -> str:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Raw(Expr):
    """Source text that needs no escaping: numbers, `null`, local names, `CardType.CREATURE`."""

    text: str

    def flat(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Str(Expr):
    """A string literal; the value is escaped when written."""

    value: str

    def flat(self) -> str:
        return java_string(self.value)


@dataclass(frozen=True, slots=True)
class New(Expr):
    """`new Cls(args)`."""

    cls: str
    args: tuple[Expr, ...] = ()

    def flat(self) -> str:
        return f"new {self.cls}({', '.join(arg.flat() for arg in self.args)})"


@dataclass(frozen=True, slots=True)
class Call(Expr):
    """`receiver.method(args)`, or `method(args)` when there is no receiver."""

    receiver: Expr | None
    method: str
    args: tuple[Expr, ...] = ()

    def flat(self) -> str:
        head = f"{self.receiver.flat()}." if self.receiver is not None else ""
        return f"{head}{self.method}({', '.join(arg.flat() for arg in self.args)})"


def new(cls: str, *args: Expr | int | str | bool | None) -> New:
    return New(cls, tuple(_expr(arg) for arg in args))


def call(receiver: Expr | str | None, method: str, *args: Expr | int | str | bool | None) -> Call:
    target = Raw(receiver) if isinstance(receiver, str) else receiver
    return Call(target, method, tuple(_expr(arg) for arg in args))


def _expr(value: Expr | int | str | bool | None) -> Expr:
    """Python values as Java literals; a `str` is a *name* (use `Str` for a string literal)."""
    if isinstance(value, Expr):
        return value
    if value is None:
        return Raw("null")
    if isinstance(value, bool):
        return Raw("true" if value else "false")
    if isinstance(value, int):
        return Raw(str(value))
    return Raw(value)


def fmt(expr: Expr, column: int, force: bool = False, offset: int = 0, chain: bool = True) -> str:
    """`expr` written starting at `column`, wrapped the way XMage sources wrap: a chained call
    (`new X(...).setText(...)`) that doesn't fit on one line keeps its receiver whole on the first line and
    puts the chained call on the next, at the continuation indent (a receiver too long for its line is
    wrapped itself and keeps the tail on its last line); an argument list that would
    pass `WIDTH` goes on the following lines, packed, indented by the continuation indent, with the
    closing parenthesis back at `column`; a string literal is never cut, however long.
    `force` wraps even when the expression would fit; `offset` says how far after `column` the first line
    starts (an argument hugged by its call: `addEffect(new X(`), continuation lines still keep `column`;
    `chain` False keeps a chained call on the line before it (inside a receiver, whose own chained call
    follows its last line: `new X(new Y().setText("...")).withInterveningIf(...)` breaks at `new X(`)."""
    flat = expr.flat()
    fits = column + offset + len(flat) <= WIDTH and not force
    if fits:
        return flat
    if isinstance(expr, Str):
        return split_string(expr.value, column + offset, column + CONTINUATION)
    if not isinstance(expr, New | Call):
        return flat
    if isinstance(expr, Call) and expr.receiver is not None:
        for forced in (False, True):
            if forced and not isinstance(expr.receiver, New | Call):
                break
            receiver = fmt(expr.receiver, column, force=forced, offset=offset, chain=False)
            last = receiver.split("\n")[-1] if "\n" in receiver else " " * (column + offset) + receiver
            tail_column = len(last) + len(expr.method) + 2
            args = ", ".join(a.flat() for a in expr.args)
            if tail_column + len(args) + 3 <= WIDTH:  # room for the `);` that usually follows
                return f"{receiver}.{expr.method}({args})"
            lone_literal = len(expr.args) == 1 and isinstance(expr.args[0], Str)
            chained = column + CONTINUATION + len(expr.method) + 2
            whole = "\n" not in receiver and column + offset + len(receiver) <= WIDTH
            if chain and whole and receiver.startswith("new ") and (lone_literal or chained + len(args) + 3 <= WIDTH):
                # XMage's own break in a chain on a new object: the receiver whole on its line, the chained
                # call on the next (`addEffect(new DestroyTargetEffect()` / `.setText("...")`), a literal
                # never cut; a chain on anything else (`this.getSpellAbility().addTarget(...)`) stays whole
                return f"{receiver}\n{' ' * (column + CONTINUATION)}.{expr.method}({args})"
            if len(expr.args) == 1 and isinstance(expr.args[0], Str) and tail_column + 20 <= WIDTH:
                indent = len(last) - len(last.lstrip()) + CONTINUATION if "\n" in receiver else column + CONTINUATION
                return f"{receiver}.{expr.method}({split_string(expr.args[0].value, tail_column, indent)})"
        if chain and isinstance(expr.receiver, Call):
            # a chain of calls on a new object (`new X().setText("...").setTargetPointer(...)`): each chained
            # call on a line of its own, as XMage's own classes break them
            receiver = fmt(expr.receiver, column, offset=offset, chain=True)
            args = ", ".join(a.flat() for a in expr.args)
            tail = receiver.split("\n")[-1]
            if "\n" in receiver and tail.lstrip().startswith(".") \
                    and column + CONTINUATION + len(expr.method) + len(args) + 5 <= WIDTH:
                return f"{receiver}\n{' ' * (column + CONTINUATION)}.{expr.method}({args})"
    if not expr.args:
        return flat
    if isinstance(expr, New):
        head = f"new {expr.cls}"
    else:
        head = (f"{fmt(expr.receiver, column)}." if expr.receiver is not None else "") + expr.method
    if len(expr.args) == 1 and isinstance(expr.args[0], New | Call) and "\n" not in head:
        hugged = fmt(expr.args[0], column, offset=offset + len(head) + 1, chain=chain)  # `addEffect(new X(` ... `));`
        first = hugged.split("\n")[0]
        if "\n" in hugged and column + offset + len(head) + 1 + len(first) <= WIDTH:
            return f"{head}({hugged})"
    inner = column + CONTINUATION
    return head + "(\n" + _pack(expr.args, inner) + "\n" + " " * column + ")"


def _pack(args: tuple[Expr, ...], inner: int) -> str:
    """Arguments on lines starting at `inner`, as many to a line as fit."""
    lines: list[str] = []
    current = ""
    for index, arg in enumerate(args):
        comma = "," if index < len(args) - 1 else ""
        flat = arg.flat()
        start = inner + len(current) + (1 if current else 0)
        if current and start + len(flat) + len(comma) <= WIDTH:
            current += " " + flat + comma
            continue
        if current:
            lines.append(current)
        text = fmt(arg, inner) + comma
        if "\n" in text:
            first, *rest = text.split("\n")
            lines.append(first)
            lines.extend(rest[:-1])
            current = rest[-1]
        else:
            current = text
    if current:
        lines.append(current)
    return "\n".join(line if line.startswith(" ") else " " * inner + line for line in lines)


def split_string(value: str, column: int, indent: int) -> str:
    """A string literal written whole: XMage's classes never cut a literal into `"a " +` / `"b"` pieces
    (one literal per `setText`, even past `WIDTH`); lines break between arguments instead, so a long
    literal goes whole onto its own continuation line. `column` and `indent` are kept for callers that
    lay out around it."""
    del column, indent
    return java_string(value)
