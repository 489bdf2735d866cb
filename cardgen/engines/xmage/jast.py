"""A tiny Java expression tree: what the context builder produces and the formatter lays out.

Building expressions as trees (never by pasting strings) keeps three things right at once: every class
an expression names is registered with the import collector as it is used, string literals always go
through `java.escape`, and long expressions are wrapped the way XMage sources wrap them.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.engines.xmage.java import java_string

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


def fmt(expr: Expr, column: int, force: bool = False) -> str:
    """`expr` written starting at `column`; argument lists that would pass `WIDTH` go one per line,
    indented by the continuation indent, with the closing parenthesis back at `column`. A chained call
    (`new X(...).setTargetPointer(...)`) wraps its receiver first, as XMage sources do. `force` wraps
    even when the expression would fit."""
    flat = expr.flat()
    fits = column + len(flat) <= WIDTH and not force
    if fits or not isinstance(expr, New | Call):
        return flat
    if isinstance(expr, Call) and expr.receiver is not None:
        tail = f".{expr.method}({', '.join(a.flat() for a in expr.args)})"
        for forced in (False, True):
            if forced and not isinstance(expr.receiver, New | Call):
                break
            receiver = fmt(expr.receiver, column, force=forced)
            if len(receiver.split("\n")[-1]) + len(tail) <= WIDTH:
                return receiver + tail
    if not expr.args:
        return flat
    if isinstance(expr, New):
        head = f"new {expr.cls}"
    else:
        head = (f"{fmt(expr.receiver, column)}." if expr.receiver is not None else "") + expr.method
    inner = column + CONTINUATION
    lines = [" " * inner + fmt(arg, inner) for arg in expr.args]
    return head + "(\n" + ",\n".join(lines) + "\n" + " " * column + ")"
