"""A small pattern language whose every form is read both ways: structure -> English and English -> structure.

A `Form` pairs a pattern (`"return {what:object} to your hand"`: literal words and typed slots) with a
shape (the structure it stands for, with `V("what")` where a slot's value goes). Rendering unifies a value
with the shape to bind the slots, then spells each slot with its type's forms; parsing matches the words,
then builds the shape from the slots. So a construct's text is declared once and serves both directions.

A slot's type is the name of a rule of the `Grammar`: either a list of forms or a `Primitive` (a pair
of Python functions for things with open-ended spelling, such as numbers or a target's noun phrase).
Parsing is backtracking over all forms, memoised per (rule, position); literals match case-insensitively
(sentence capitals are a matter of layout, not meaning). The parser remembers how far it got, so a
sentence it cannot read is reported with the words it stopped at.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any


class _Missing:
    """A key that is absent from a structure (its default applies)."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


@dataclass(frozen=True, slots=True)
class V:
    """A slot's place in a shape. `default`: the value an absent key means (the built structure leaves
    the key out when the slot's value equals it, as spec files leave defaults out)."""

    name: str
    default: Any = MISSING


@dataclass(frozen=True, slots=True)
class Cat:
    """A list made of two slots' lists, one after the other (`"{a:clause} and {b:clauses}"`)."""

    left: str
    right: str


@dataclass(frozen=True, slots=True)
class Cons:
    """A list: one slot's item, then another slot's list (`"{a:sentence} {b:sentences}"`)."""

    head: str
    tail: str


@dataclass(frozen=True, slots=True)
class With:
    """A slot's mapping with `fields` added: "another {f:filter_sg}" is the filter the slot reads with
    `other: true` (and a mapping holding those fields is that slot's value without them)."""

    name: str
    fields: tuple[tuple[str, Any], ...]


@dataclass(frozen=True, slots=True)
class Primitive:
    """A slot type spelled by code: `parse(text, lowered, pos, ctx)` yields (value, end) pairs,
    `render(value, ctx)` gives the words or None when the value is not of this type."""

    parse: Callable[[str, str, int, Any], Iterator[tuple[Any, int]]]
    render: Callable[[Any, Any], str | None]


_SLOT = re.compile(r"\{(\w+):(\w+)(?:@(\w+))?\}")


@dataclass(slots=True)
class Form:
    """One way to say one construct. `parse_only` forms are accepted spellings that are never written
    (the first renderable form of a rule is the canonical spelling)."""

    pattern: str
    shape: Any
    parse_only: bool = False
    tokens: list[tuple[str, str, str, str]] = field(default_factory=list)
    """("lit", text, "", "") or ("slot", name, rule, mode), from `pattern`; a mode (`{b:clauses@front}`)
    is added to the context while that slot is read or written."""

    def __post_init__(self) -> None:
        position = 0
        for match in _SLOT.finditer(self.pattern):
            if match.start() > position:
                self.tokens.append(("lit", self.pattern[position:match.start()].lower(), "", ""))
            self.tokens.append(("slot", match.group(1), match.group(2), match.group(3) or ""))
            position = match.end()
        if position < len(self.pattern):
            self.tokens.append(("lit", self.pattern[position:].lower(), "", ""))


# ---------------------------------------------------------------------------------------- shapes


def unify(shape: Any, value: Any, bindings: dict[str, Any]) -> list[dict[str, Any]]:
    """Every way `value` fits `shape`, as slot bindings (several only where a `Cat` can split)."""
    if isinstance(shape, V):
        if value is MISSING:
            if shape.default is MISSING:
                return []
            value = shape.default
        if shape.name in bindings and bindings[shape.name] != value:
            return []
        return [{**bindings, shape.name: value}]
    if isinstance(shape, Cat):
        if not isinstance(value, list):
            return []
        return [{**bindings, shape.left: value[:cut], shape.right: value[cut:]} for cut in range(1, len(value))]
    if isinstance(shape, Cons):
        if not isinstance(value, list) or len(value) < 2:
            return []
        return [{**bindings, shape.head: value[0], shape.tail: value[1:]}]
    if isinstance(shape, With):
        if not isinstance(value, dict) or any(value.get(key, MISSING) != item for key, item in shape.fields):
            return []
        rest = {key: item for key, item in value.items() if key not in dict(shape.fields)}
        if shape.name in bindings and bindings[shape.name] != rest:
            return []
        return [{**bindings, shape.name: rest}]
    if isinstance(shape, dict):
        if not isinstance(value, dict) or not set(value) <= set(shape):
            return []
        results = [bindings]
        for key, part in shape.items():
            results = [found for done in results for found in unify(part, value.get(key, MISSING), done)]
        return results
    if isinstance(shape, list):
        if not isinstance(value, list) or len(value) != len(shape):
            return []
        results = [bindings]
        for part, item in zip(shape, value, strict=True):
            results = [found for done in results for found in unify(part, item, done)]
        return results
    return [bindings] if value == shape else []


def build(shape: Any, bindings: dict[str, Any]) -> Any:
    """The structure a shape stands for, with its slots filled; defaults are left out of mappings."""
    if isinstance(shape, V):
        value = bindings.get(shape.name, MISSING)
        return MISSING if value == shape.default else value
    if isinstance(shape, Cat):
        return [*bindings[shape.left], *bindings[shape.right]]
    if isinstance(shape, Cons):
        return [bindings[shape.head], *bindings[shape.tail]]
    if isinstance(shape, With):
        return {**bindings[shape.name], **dict(shape.fields)}
    if isinstance(shape, dict):
        built = {key: build(part, bindings) for key, part in shape.items()}
        return {key: value for key, value in built.items() if value is not MISSING}
    if isinstance(shape, list):
        return [build(part, bindings) for part in shape]
    return shape


# --------------------------------------------------------------------------------------- grammar


@dataclass(frozen=True, slots=True)
class Context:
    """What a primitive may need besides the words: modes set by an enclosing form (`front`: a duration
    said once before several clauses; `also`: the sentence adds to what an earlier one did)."""

    modes: frozenset[str] = frozenset()

    def with_mode(self, mode: str) -> Context:
        return self if not mode else _with_mode(self, mode)


@functools.lru_cache(maxsize=256)
def _with_mode(ctx: Context, mode: str) -> Context:
    """Contexts are few and immutable: one object per (context, mode) keeps the memo keys cheap to hash."""
    return Context(ctx.modes | {mode})


class Grammar:
    """Named rules (lists of forms, or primitives), rendered and parsed in a `Context`."""

    def __init__(self, rules: dict[str, list[Form] | Primitive]) -> None:
        self.rules = rules
        self._openings: dict[str, list[tuple[Form, str]]] = {}

    def openings(self, rule: str) -> list[tuple[Form, str]]:
        """The forms of a list rule, each with its leading literal ("" when it starts with a slot): a
        form whose first words are not at the position cannot match there, so the parser skips it
        without starting a match. Built on first use (not at import)."""
        found = self._openings.get(rule)
        if found is None:
            definition = self.rules[rule]
            assert not isinstance(definition, Primitive)
            found = [(form, form.tokens[0][1] if form.tokens and form.tokens[0][0] == "lit" else "")
                     for form in definition]
            self._openings[rule] = found
        return found

    # ------------------------------------------------------------------------------ rendering

    def render(self, rule: str, value: Any, ctx: Context = Context()) -> str | None:
        """The canonical words for `value` as a `rule`, or None when no form of the rule fits it."""
        definition = self.rules[rule]
        if isinstance(definition, Primitive):
            return definition.render(value, ctx)
        for form in definition:
            if form.parse_only:
                continue
            for bindings in unify(form.shape, value, {}):
                words = self._spell(form, bindings, ctx)
                if words is not None:
                    return words
        return None

    def _spell(self, form: Form, bindings: dict[str, Any], ctx: Context) -> str | None:
        out = []
        for kind, text, rule, mode in form.tokens:
            if kind == "lit":
                out.append(text)
                continue
            words = self.render(rule, bindings.get(text, MISSING), ctx.with_mode(mode))
            if words is None:
                return None
            out.append(words)
        return "".join(out)

    # -------------------------------------------------------------------------------- parsing

    def parse(self, rule: str, text: str, ctx: Context = Context()) -> Parse:
        """All readings of the whole `text` as a `rule` (`.results`), and how far any got (`.furthest`)."""
        return Parse(self, text).whole(rule, ctx)


class Parse:
    """One parse of one text: memo table and the furthest position any form reached."""

    def __init__(self, grammar: Grammar, text: str) -> None:
        self.grammar = grammar
        self.text = text
        self.lowered = text.lower()
        self.memo: dict[tuple[str, int, frozenset[str]], list[tuple[Any, int]]] = {}
        self.furthest = 0
        self.results: list[Any] = []

    def whole(self, rule: str, ctx: Context) -> Parse:
        self.results = [value for value, end in self.at(rule, 0, ctx) if end == len(self.text)]
        return self

    def at(self, rule: str, pos: int, ctx: Context) -> list[tuple[Any, int]]:
        key = (rule, pos, ctx.modes)  # a context is its modes: the frozenset's hash is cached
        known = self.memo.get(key)
        if known is not None:
            return known
        self.memo[key] = []  # left recursion guard: a rule re-entered at the same place finds nothing
        definition = self.grammar.rules[rule]
        found: list[tuple[Any, int]] = []
        if isinstance(definition, Primitive):
            found = list(definition.parse(self.text, self.lowered, pos, ctx))
        else:
            lowered = self.lowered
            for form, opening in self.grammar.openings(rule):
                if opening and not lowered.startswith(opening, pos):
                    continue  # what _match would find at its first token, without starting a match
                matches: list[tuple[dict[str, Any], int]] = []
                self._match(form.tokens, 0, pos, {}, ctx, matches)
                for bindings, end in matches:
                    found.append((build(form.shape, bindings), end))
        if found:
            self.furthest = max(self.furthest, *(end for _, end in found))
        unique: list[tuple[Any, int]] = []
        for item in found:
            if item not in unique:
                unique.append(item)
        self.memo[key] = unique
        return unique

    def _match(self, tokens: list[tuple[str, str, str, str]], index: int, pos: int, bindings: dict[str, Any],
               ctx: Context, out: list[tuple[dict[str, Any], int]]) -> None:
        """Append to `out` every (bindings, end) of `tokens[index:]` read from `pos`, depth first (the
        order the memo table is filled in matters for left recursion, so it is the order of the tokens).
        Literals are stepped over in a loop; only a slot with several readings recurses."""
        count = len(tokens)
        lowered = self.lowered
        while index < count:
            kind, text, rule, mode = tokens[index]
            if kind == "lit":
                if not lowered.startswith(text, pos):
                    return
                pos += len(text)
                if index:  # a literal after a slot: this form got that far
                    self.furthest = max(self.furthest, pos)
                index += 1
                continue
            inner = ctx.with_mode(mode) if mode else ctx
            readings = self.memo.get((rule, pos, inner.modes))
            if readings is None:
                readings = self.at(rule, pos, inner)
            for value, end in readings:
                if text in bindings and bindings[text] != value:
                    continue
                self._match(tokens, index + 1, end, {**bindings, text: value}, ctx, out)
            return
        out.append((bindings, pos))


def words_primitive(table: dict[str, Any], *, boundary: bool = True) -> Primitive:
    """A closed word list read both ways: `{"creature": "creature", ...}` (first spelling of a value
    is the one written)."""
    spellings = sorted(table.items(), key=lambda item: -len(item[0]))

    def parse(text: str, lowered: str, pos: int, ctx: Any) -> Iterator[tuple[Any, int]]:
        for words, value in spellings:
            end = pos + len(words)
            if lowered.startswith(words, pos) and (not boundary or end == len(lowered) or not lowered[end].isalnum()):
                yield value, end

    def render(value: Any, ctx: Any) -> str | None:
        return next((words for words, known in table.items() if known == value), None)

    return Primitive(parse, render)


__all__ = ["MISSING", "Cat", "Cons", "Context", "Form", "Grammar", "Parse", "Primitive", "V", "With", "build", "unify",
           "words_primitive"]
