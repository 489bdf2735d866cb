"""Java source to the small expression tree of `java_expr`, through tree-sitter (pinned in pyproject).

The reader never matches Java text with regular expressions: tree-sitter parses the file, and this
module turns the parts the reader needs - class declarations, fields, constructor and method bodies,
statements and expressions - into plain Python values (`New`, `Call`, `Raw`, `Str`), so the reader
compares structure, not spelling or layout.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import tree_sitter_java
from tree_sitter import Language, Node, Parser

from cardgen.engines.xmage.java_expr import Call, Expr, New, Raw, Str
from cardgen.engines.xmage.java_text import JavaEscapeError, literal_value


class ParseError(ValueError):
    """The file is not valid Java (tree-sitter found an error node)."""


@functools.cache
def _parser() -> Parser:
    return Parser(Language(tree_sitter_java.language()))


def parse(source: bytes) -> Node:
    tree = _parser().parse(source)
    root = tree.root_node
    if root.has_error:
        bad = _first_error(root)
        where = f" at line {bad.start_point[0] + 1}" if bad is not None else ""
        raise ParseError(f"not valid Java{where}")
    return root


def _first_error(node: Node) -> Node | None:
    if node.type == "ERROR" or node.is_missing:
        return node
    for child in node.children:
        found = _first_error(child)
        if found is not None:
            return found
    return None


def text(node: Node) -> str:
    return (node.text or b"").decode("utf-8")


class Unreadable(ValueError):
    """An expression outside the subset the reader understands."""


def child(node: Node, name: str) -> Node:
    """The child in field `name` of `node`, which the grammar requires there (a class that parsed without
    errors has it); a missing one is unreadable, not a crash."""
    found = node.child_by_field_name(name)
    if found is None:
        raise Unreadable(f"{node.type} without its {name}")
    return found


def expr(node: Node) -> Expr:
    """A Java expression node as a `java_expr` value."""
    kind = node.type
    if kind == "object_creation_expression":
        type_node = child(node, "type")
        name = text(type_node)
        if type_node.type == "generic_type":
            name = text(type_node.children[0])
        if node.child_by_field_name("body") is not None or any(c.type == "class_body" for c in node.children):
            raise Unreadable("anonymous classes are not read")
        return New(name, args(node.child_by_field_name("arguments")))
    if kind == "method_invocation":
        receiver = node.child_by_field_name("object")
        return Call(expr(receiver) if receiver is not None else None,
                    text(child(node, "name")), args(node.child_by_field_name("arguments")))
    if kind in ("identifier", "field_access", "this", "true", "false", "null_literal", "decimal_integer_literal",
                "scoped_identifier", "type_identifier"):
        return Raw(text(node))
    if kind == "unary_expression" and text(node).startswith("-"):
        operand = node.child_by_field_name("operand")
        if operand is not None and operand.type == "decimal_integer_literal":
            return Raw("-" + text(operand))
    if kind == "string_literal":
        try:
            return Str(literal_value(text(node)))
        except JavaEscapeError as error:
            raise Unreadable(f"bad string literal: {error}") from None
    if kind == "parenthesized_expression":
        inner = [c for c in node.named_children]
        if len(inner) == 1:
            return expr(inner[0])
    if kind == "binary_expression" and text(child(node, "operator")) == "+":
        left, right = expr(child(node, "left")), expr(child(node, "right"))
        if isinstance(left, Str) and isinstance(right, Str):
            return Str(left.value + right.value)  # a long rule text split over lines
    if kind == "class_literal":
        return Raw(text(node))
    raise Unreadable(f"{kind}: {text(node)[:80]}")


def args(node: Node | None) -> tuple[Expr, ...]:
    if node is None:
        return ()
    return tuple(expr(child) for child in node.named_children if child.type not in ("line_comment", "block_comment"))


@dataclass(slots=True)
class Statement:
    """One statement of a body, with the `//` comments written just before it."""

    node: Node
    comments: list[str] = field(default_factory=list)


def statements(block: Node) -> list[Statement]:
    """The statements of a block (constructor or method body), each with its preceding comments."""
    out: list[Statement] = []
    pending: list[str] = []
    for child in block.named_children:
        if child.type in ("line_comment", "block_comment"):
            pending.append(text(child))
            continue
        out.append(Statement(child, pending))
        pending = []
    if pending:
        out.append(Statement(block, pending))  # trailing comments: an empty marker statement
    return out


@dataclass(slots=True)
class ClassDecl:
    """A top-level class of the file: name, superclass, fields, constructors, methods."""

    name: str
    superclass: str | None
    node: Node
    fields: dict[str, tuple[str, Node | None]] = field(default_factory=dict)
    """name -> (declared type, initializer node)."""
    static_blocks: list[Node] = field(default_factory=list)
    constructors: list[Node] = field(default_factory=list)
    methods: dict[str, Node] = field(default_factory=dict)


def classes(root: Node) -> list[ClassDecl]:
    found = []
    for node in root.named_children:
        if node.type != "class_declaration":
            continue
        name = text(child(node, "name"))
        superclass_node = node.child_by_field_name("superclass")
        superclass = None
        if superclass_node is not None:
            type_nodes = [c for c in superclass_node.named_children]
            superclass = text(type_nodes[0]) if type_nodes else None
            if superclass and "<" in superclass:
                superclass = superclass.split("<", 1)[0]
        decl = ClassDecl(name, superclass, node)
        body = child(node, "body")
        for member in body.named_children:
            if member.type == "field_declaration":
                type_text = text(child(member, "type"))
                for declarator in member.children_by_field_name("declarator"):
                    value = declarator.child_by_field_name("value")
                    decl.fields[text(child(declarator, "name"))] = (type_text, value)
            elif member.type == "static_initializer":
                decl.static_blocks.extend(c for c in member.named_children if c.type == "block")
            elif member.type == "constructor_declaration":
                decl.constructors.append(member)
            elif member.type == "method_declaration":
                decl.methods[text(child(member, "name"))] = member
        found.append(decl)
    return found


def package_name(root: Node) -> str | None:
    for node in root.named_children:
        if node.type == "package_declaration":
            names = [c for c in node.named_children if c.type in ("scoped_identifier", "identifier")]
            return text(names[0]) if names else None
    return None
