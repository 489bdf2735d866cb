"""Every `new X(...)` of a generated class checked against XMage's constructors (`constructors.txt`).

The table holds, as data read from XMage's source (`refresh`, commit in its header), the public
constructors of the framework classes cardgen constructs with their parameter types, and the direct
supertypes of every framework class they name. `mismatches` parses a generated class (tree-sitter's Java
grammar) and, for each object creation of a framework class, infers what it can of each argument's type
(a nested `new`, a literal, a field or local of the class, an enum constant, a `StaticFilters` field) and
asks whether one constructor takes those arguments: `new ExileAllEffect(filter)` with a `FilterCard`
field is refused (XMage's only constructors take a `FilterPermanent`), so a class that cannot compile is
found before XMage's compiler sees it. An argument whose type is not inferred matches any parameter.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "constructors.txt"
_NUMERIC = {"int", "long", "double", "float", "Integer", "Long", "Double", "Float", "short", "byte"}
_ANY = "?"


@dataclass(frozen=True, slots=True)
class Table:
    constructors: dict[str, tuple[tuple[str, ...], ...]]
    """Class -> each public constructor's parameter types (`T...` for varargs)."""
    supertypes: dict[str, tuple[str, ...]]
    """Class -> its direct supertypes (framework classes and the JDK's)."""

    def ancestors(self, name: str) -> set[str]:
        out, todo = set(), [name]
        while todo:
            current = todo.pop()
            if current in out:
                continue
            out.add(current)
            todo.extend(self.supertypes.get(current, ()))
        return out


@functools.cache
def table(path: Path = DATA) -> Table:
    made: dict[str, list[tuple[str, ...]]] = {}
    supers: dict[str, tuple[str, ...]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        kind, name, rest = (line.split("\t") + [""])[:3]
        types = tuple(part.strip() for part in rest.split(",") if part.strip())
        if kind == "new":
            made.setdefault(name, []).append(types)
        elif kind == "extends":
            supers[name] = types
    return Table({name: tuple(sorted(lists)) for name, lists in made.items()}, supers)


@functools.cache
def _static_filter_types() -> dict[str, str]:
    from cardgen.engines.xmage.data import _rows

    return {row[0]: row[1] for row in _rows("static_filters.txt")}


@dataclass(frozen=True, slots=True)
class Mismatch:
    line: int
    cls: str
    arguments: tuple[str, ...]
    """The inferred argument types (`?`: not inferred)."""
    known: tuple[tuple[str, ...], ...]
    """The constructors the table lists for the class (empty: the class is not in the table)."""

    def __str__(self) -> str:
        given = ", ".join(self.arguments)
        if not self.known:
            return f"line {self.line}: new {self.cls}({given}): {self.cls} is not in the constructor table"
        options = "; ".join(f"({', '.join(params)})" for params in self.known)
        return f"line {self.line}: new {self.cls}({given}) matches none of XMage's constructors {options}"


@functools.cache
def _parser() -> Any:
    """One parser per process: the grammar is loaded once, not for every class checked."""
    import tree_sitter_java
    from tree_sitter import Language, Parser

    return Parser(Language(tree_sitter_java.language()))


_QUERY = """
(class_declaration name: (identifier) @own)
(enum_declaration name: (identifier) @own)
(interface_declaration name: (identifier) @own)
(field_declaration type: (_) @type declarator: (variable_declarator name: (identifier) @name)) @declaration
(local_variable_declaration type: (_) @type declarator: (variable_declarator name: (identifier) @name)) @declaration
(formal_parameter type: (_) @type name: (identifier) @name) @declaration
(object_creation_expression type: (_) @class arguments: (argument_list) @arguments) @new
"""
"""What `mismatches` reads of a class, found by tree-sitter's query engine in C: walking the thousands of
nodes of a class in Python to find these few was most of what checking a class cost."""


@functools.cache
def _query() -> Any:
    import tree_sitter_java
    from tree_sitter import Language, Query

    return Query(Language(tree_sitter_java.language()), _QUERY)


def _simple(text: str) -> str:
    return re.sub(r"<.*>", "", text).strip().rsplit(".", 1)[-1]


def mismatches(source: str, known: Table | None = None) -> list[Mismatch]:
    """The object creations of framework classes in `source` that no constructor of the table accepts.
    Classes the source declares itself (its card class, effects, abilities) are not checked."""
    from tree_sitter import QueryCursor

    data = known or table()
    root = _parser().parse(source.encode("utf-8")).root_node
    own: set[str] = set()
    declarations: list[tuple[int, int, str, str]] = []
    creations: list[tuple[int, Any, Any, Any]] = []
    found: list[tuple[int, dict[str, Any]]] = QueryCursor(_query()).matches(root)
    for _pattern, captures in found:
        if "own" in captures:
            own.add(captures["own"][0].text.decode())
        elif "declaration" in captures:
            name = captures["name"][0]
            declarations.append((captures["declaration"][0].start_byte, name.start_byte, name.text.decode(),
                                 _simple(captures["type"][0].text.decode())))
        else:
            node = captures["new"][0]
            if node.child_by_field_name("body") is None:
                creations.append((node.start_byte, node, captures["class"][0], captures["arguments"][0]))
    declared = {name: kind for _start, _at, name, kind in sorted(declarations)}  # the last in source order wins
    out = []
    for _start, node, type_node, arguments in sorted(creations, key=lambda found: found[0]):
        cls = _simple(type_node.text.decode())
        if cls in own or cls in ("ArrayList", "HashSet", "HashMap", "UUID"):
            continue
        args = tuple(_type_of(arg, declared, data) for arg in arguments.named_children)
        options = data.constructors.get(cls, ())
        if not any(_accepts(params, args, data) for params in options):
            out.append(Mismatch(node.start_point[0] + 1, cls, args, options))
    return out


def _type_of(node: Any, declared: dict[str, str], data: Table) -> str:
    """What the argument's type is, as far as the source says (`?` otherwise)."""
    kind = node.type
    text = node.text.decode()
    if kind == "object_creation_expression":
        return _simple(node.child_by_field_name("type").text.decode())
    if kind in ("decimal_integer_literal", "hex_integer_literal"):
        return "int"
    if kind in ("true", "false"):
        return "boolean"
    if kind == "string_literal":
        return "String"
    if kind == "null_literal":
        return "null"
    if kind == "identifier":
        return declared.get(text, _ANY)
    if kind == "field_access":
        holder: str = node.child_by_field_name("object").text.decode()
        name = node.child_by_field_name("field").text.decode()
        if holder == "StaticFilters":
            return _static_filter_types().get(name, _ANY)
        if holder[:1].isupper() and "." not in holder and holder in data.supertypes | data.constructors:
            return holder  # an enum constant or a static instance of its class
        return _ANY
    if kind == "method_invocation":
        owner = node.child_by_field_name("object")
        method = node.child_by_field_name("name").text.decode()
        if owner is not None and method == "getInstance" and owner.type == "identifier":
            instance_of: str = owner.text.decode()
            return instance_of
        if method == "createInstance" and owner is not None and owner.text.decode().startswith("CounterType."):
            return "Counter"
    return _ANY


def _accepts(params: tuple[str, ...], args: tuple[str, ...], data: Table) -> bool:
    varargs = bool(params) and params[-1].endswith("...")
    fixed = params[:-1] if varargs else params
    if len(args) < len(fixed) or (not varargs and len(args) != len(fixed)):
        return False
    for index, arg in enumerate(args):
        param = fixed[index] if index < len(fixed) else params[-1][:-3]
        if not _assignable(arg, param, data):
            if varargs and index == len(fixed) and len(args) == len(params) and _assignable(arg, params[-1][:-3] + "[]",
                                                                                             data):
                continue
            return False
    return True


def _assignable(arg: str, param: str, data: Table) -> bool:
    if arg == _ANY or param in ("Object", "T") or len(param) == 1:  # a type variable takes anything
        return True
    if arg == "null":
        return param not in _NUMERIC and param not in ("boolean", "char")
    if arg == "int":
        return param in _NUMERIC
    if arg == "boolean":
        return param in ("boolean", "Boolean")
    if arg == param:
        return True
    ancestors = data.ancestors(arg)
    if len(ancestors) == 1 and arg not in data.constructors:  # nothing known of the argument's class
        return True
    return param in ancestors
