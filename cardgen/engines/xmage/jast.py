"""A tiny Java expression tree: what the context builder produces and the formatter lays out.

Building expressions as trees (never by pasting strings) keeps three things right at once: every class
an expression names is registered with the import collector as it is used, string literals always go
through `java.escape`, and long expressions are wrapped the way XMage sources wrap them.
"""

from __future__ import annotations

from collections.abc import Iterable
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


def fmt(expr: Expr, column: int) -> str:
    """`expr` written starting at `column`; argument lists that would pass `WIDTH` go one per line,
    indented by the continuation indent, with the closing parenthesis back at `column`."""
    flat = expr.flat()
    if column + len(flat) <= WIDTH or not isinstance(expr, New | Call) or not expr.args:
        if isinstance(expr, Call) and expr.receiver is not None and column + len(flat) > WIDTH:
            return f"{fmt(expr.receiver, column)}.{expr.method}({', '.join(a.flat() for a in expr.args)})"
        return flat
    if isinstance(expr, New):
        head = f"new {expr.cls}"
    else:
        head = (f"{fmt(expr.receiver, column)}." if expr.receiver is not None else "") + expr.method
    inner = column + CONTINUATION
    lines = [" " * inner + fmt(arg, inner) for arg in expr.args]
    return head + "(\n" + ",\n".join(lines) + "\n" + " " * column + ")"


def statement(expr: Expr | str, indent: int) -> str:
    """One statement line (possibly wrapped), indented by `indent` spaces, ending in `;`."""
    if isinstance(expr, str):
        return " " * indent + expr + ";"
    return " " * indent + fmt(expr, indent) + ";"


def assignment(declaration: str, expr: Expr, indent: int) -> str:
    """`Type name = expr;` with the expression formatted after the `=`."""
    prefix = f"{declaration} = "
    return " " * indent + prefix + fmt(expr, indent).lstrip() + ";" if _fits(prefix, expr, indent) else (
        " " * indent + prefix + fmt(expr, indent) + ";"
    )


def _fits(prefix: str, expr: Expr, indent: int) -> bool:
    return indent + len(prefix) + len(expr.flat()) <= WIDTH


def joined(parts: Iterable[str]) -> str:
    return "\n".join(parts)
