"""Merging our `cards.add(new SetCardInfo(...));` lines into an existing XMage set class.

XMage registers a set's printings in its set class constructor, one statement per printing, most sets
sorted as text (so by card name, then the number as written: `"Coiling Rebirth", 309` before `..., 86`),
some by collector number (Wizards Play Network 2026): the order the class already has is kept. The
backend renders, for a set XMage already has, only those lines (`<SetClass>.cards.txt`). Here tree-sitter
finds the constructor and its registrations - no regular expression reads the Java - and our missing lines
are inserted as whole rows before the first registration that sorts after them in the class's order,
indented like their neighbours, every other row kept byte for byte. The result is parsed again and must
still be valid Java holding every line; otherwise nothing is written.

A registration with our card name and number but another class or rarity is a conflict: refused, or its
row replaced with `force`. The same name, number and class is already there (its graphic argument, such
as `NON_FULL_USE_VARIOUS`, is XMage's to choose).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import tree_sitter_java
from tree_sitter import Language, Node, Parser

from cardgen.engines.xmage.java_text import JavaEscapeError, literal_value

DEFAULT_INDENT = " " * 8


class SetMergeError(ValueError):
    """The set class cannot be merged into safely (not Java, no constructor, unreadable lines)."""


@functools.cache
def _parser() -> Parser:
    return Parser(Language(tree_sitter_java.language()))


@dataclass(frozen=True, slots=True)
class Registration:
    """One `cards.add(new SetCardInfo(name, number, Rarity.X, pkg.Class.class[, graphic]))` statement."""

    name: str
    number: str
    rarity: str
    card_class: str
    text: str
    """The statement as written, on one row (also its sort key)."""
    first_row: int = 0
    last_row: int = 0

    @property
    def key(self) -> tuple[str, str]:
        return (self.name, self.number)


@dataclass(slots=True)
class Constructor:
    """The set class constructor: where its body ends and the registrations it holds."""

    open_row: int
    close_row: int
    first_statement_row: int | None
    registrations: list[Registration]


def _text(node: Node) -> str:
    return node.text.decode("utf-8") if node.text is not None else ""


def _registration(statement: Node) -> Registration | None:
    """The registration a statement makes, or None for any other statement."""
    if statement.type != "expression_statement" or not statement.named_children:
        return None
    call = statement.named_children[0]
    if call.type != "method_invocation":
        return None
    target, name, arguments = (call.child_by_field_name(f) for f in ("object", "name", "arguments"))
    if target is None or name is None or arguments is None or _text(target) != "cards" or _text(name) != "add":
        return None
    created = arguments.named_children
    if len(created) != 1 or created[0].type != "object_creation_expression":
        return None
    kind = created[0].child_by_field_name("type")
    values = created[0].child_by_field_name("arguments")
    if kind is None or values is None or _text(kind) not in ("SetCardInfo", "ExpansionSet.SetCardInfo"):
        return None
    args = [node for node in values.named_children if node.type not in ("line_comment", "block_comment")]
    if len(args) < 4:
        raise SetMergeError(f"line {statement.start_point[0] + 1}: a SetCardInfo with {len(args)} arguments")
    name_node, number_node, rarity_node, class_node = args[:4]
    try:
        card_name = literal_value(_text(name_node))
        number = (literal_value(_text(number_node)) if number_node.type == "string_literal"
                  else _text(number_node))
    except JavaEscapeError as error:
        raise SetMergeError(f"line {statement.start_point[0] + 1}: {error}") from error
    rarity = _text(rarity_node).removeprefix("Rarity.")
    card_class = _text(class_node).removesuffix(".class").replace(" ", "")
    return Registration(card_name, number, rarity, card_class, " ".join(_text(statement).split()),
                        statement.start_point[0], statement.end_point[0])


def _error_row(node: Node) -> int | None:
    """The row of the first syntax error, depth first. Iterative: a class nested 30,000 parentheses deep
    makes a tree deeper than Python's recursion limit."""
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type == "ERROR" or current.is_missing:
            return current.start_point[0]
        if current.has_error:  # only subtrees holding an error are searched
            stack.extend(reversed(current.children))
    return None


def read_constructor(source: str, set_class: str | None = None) -> Constructor:
    """The constructor of `set_class` (or of the file's first class) and its registrations."""
    root = _parser().parse(source.encode("utf-8")).root_node
    if root.has_error:
        row = _error_row(root)
        raise SetMergeError("not valid Java" + (f" (line {row + 1})" if row is not None else ""))
    classes = [node for node in root.named_children if node.type == "class_declaration"]
    if set_class is not None:
        classes = [node for node in classes if _text(node.child_by_field_name("name") or node) == set_class]
    if not classes:
        raise SetMergeError(f"no class {set_class or ''} declared".replace("  ", " "))
    declared = classes[0]
    class_name = _text(declared.child_by_field_name("name") or declared)
    body = declared.child_by_field_name("body")
    constructors = [node for node in (body.named_children if body else [])
                    if node.type == "constructor_declaration"
                    and _text(node.child_by_field_name("name") or node) == class_name]
    if len(constructors) != 1 or constructors[0].child_by_field_name("body") is None:
        raise SetMergeError(f"class {class_name} has {len(constructors)} constructors; expected exactly one")
    block = constructors[0].child_by_field_name("body")
    assert block is not None
    statements = [node for node in block.named_children if node.type not in ("line_comment", "block_comment")]
    registrations = [found for found in map(_registration, statements) if found is not None]
    return Constructor(block.start_point[0], block.end_point[0],
                       statements[0].start_point[0] if statements else None, registrations)


def read_lines(cards_txt: str) -> list[Registration]:
    """Our registrations from a rendered `.cards.txt` (bare statements plus a `// cardgen:` comment)."""
    wrapped = f"class Lines {{ Lines() {{\n{cards_txt}\n}} }}\n"
    return read_constructor(wrapped, "Lines").registrations


@dataclass(slots=True)
class SetMerge:
    """The merged class and what changed; `conflicts` are refused unless the merge was forced, in which
    case they are also listed in `replaced`."""

    text: str
    inserted: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.inserted or self.replaced)


def _indent(row: str) -> str:
    return row[:len(row) - len(row.lstrip(" \t"))]


def merge_set_lines(source: str, set_class: str, cards_txt: str, *, force: bool = False) -> SetMerge:
    """Insert the registrations of `cards_txt` that the set class in `source` lacks."""
    constructor = read_constructor(source, set_class)
    rows = source.split("\n")
    cr = "\r" if any(row.endswith("\r") for row in rows) else ""
    existing = constructor.registrations
    result = SetMerge(source)
    inserts: dict[int, list[tuple[tuple[object, ...], str]]] = {}
    order = _order_key(existing)
    replacements: dict[int, str] = {}
    lines = read_lines(cards_txt)
    for ours in lines:
        same = [old for old in existing if old.key == ours.key]
        if any(old.card_class == ours.card_class and old.rarity == ours.rarity for old in same):
            continue
        if same:
            for old in same:
                result.conflicts.append(f"line {old.first_row + 1}: {old.text} (ours: {ours.text})")
                if force:
                    if old.first_row != old.last_row or rows[old.first_row].strip().rstrip("\r") != old.text:
                        raise SetMergeError(f"line {old.first_row + 1}: cannot replace a registration that does "
                                            "not stand alone on its row; edit it by hand")
                    replacements[old.first_row] = _indent(rows[old.first_row]) + ours.text + cr
                    result.replaced.append(ours.text)
            continue
        row, indent = _place(constructor, rows, ours, order)
        inserts.setdefault(row, []).append((order(ours), indent + ours.text + cr))
        result.inserted.append(ours.text)
    if not result.changed:
        return result
    output: list[str] = []
    for index in range(len(rows) + 1):
        output.extend(text for _, text in sorted(inserts.get(index, [])))
        if index < len(rows):
            output.append(replacements.get(index, rows[index]))
    merged = "\n".join(output)
    _verify(merged, set_class, lines, len(existing) + len(result.inserted))
    result.text = merged
    return result


def _number_key(number: str) -> tuple[int, str]:
    match = re.match(r"(\d+)(.*)", number)
    return (int(match.group(1)), match.group(2)) if match else (1 << 30, number)


def _by_text(registration: Registration) -> tuple[object, ...]:
    return (registration.text,)


def _by_number(registration: Registration) -> tuple[object, ...]:
    return (_number_key(registration.number), registration.name)


def _order_key(registrations: list[Registration]) -> Callable[[Registration], tuple[object, ...]]:
    """How the class orders its registrations: by collector number when its rows are in number order and
    not in text order, else as text (XMage's usual order, and the one for an empty class)."""
    def ordered(key: Callable[[Registration], tuple[object, ...]]) -> bool:
        keys = [key(r) for r in sorted(registrations, key=lambda r: r.first_row)]
        return all(a <= b for a, b in zip(keys, keys[1:], strict=False))

    if len(registrations) > 1 and ordered(_by_number) and not ordered(_by_text):
        return _by_number
    return _by_text


def _place(constructor: Constructor, rows: list[str], ours: Registration,
           order: Callable[[Registration], tuple[object, ...]] = _by_text) -> tuple[int, str]:
    """The row to insert before, and the indentation: before the first registration sorting after ours in
    the class's order, else after the last registration, else at the end of the constructor body."""
    registrations = constructor.registrations
    for old in sorted(registrations, key=lambda r: r.first_row):
        if order(old) > order(ours):
            return old.first_row, _indent(rows[old.first_row])
    if registrations:
        last = max(registrations, key=lambda old: old.last_row)
        return last.last_row + 1, _indent(rows[last.first_row])
    if constructor.close_row == constructor.open_row:
        raise SetMergeError(f"the constructor body is on one line (line {constructor.open_row + 1}); "
                            "put its closing brace on a line of its own")
    indent = _indent(rows[constructor.first_statement_row]) if constructor.first_statement_row is not None \
        else DEFAULT_INDENT
    return constructor.close_row, indent


def _verify(merged: str, set_class: str, ours: list[Registration], count: int) -> None:
    """The merged class must parse, register every line of ours, and hold exactly `count` registrations
    (the edit is row based; this catches a row that was not where tree-sitter said)."""
    try:
        after = read_constructor(merged, set_class).registrations
    except SetMergeError as error:
        raise SetMergeError(f"inserting the lines would break the class ({error}); add them by hand") from error
    have = {(old.key, old.card_class) for old in after}
    missing = [line.text for line in ours if (line.key, line.card_class) not in have]
    if missing or len(after) != count:
        raise SetMergeError(f"after inserting, {len(missing)} lines are not registrations of the constructor "
                            f"(first: {missing[0] if missing else '?'}); add them by hand")
