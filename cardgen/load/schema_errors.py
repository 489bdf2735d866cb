"""Turn a pydantic ValidationError into diagnostics a contributor can act on.

Pydantic reports where an error is as a `loc` through the *model*: it contains union tags (`spell`,
`damage`, `target`, `word`, `TokenDef`, `literal[...]`) next to the keys and indices of the data. We walk
the loc alongside the parsed data to recover the real path, look that path up in the YAML positions, and
rewrite pydantic's generic messages in the spec's own vocabulary ("unknown key `amout` in effect `damage`;
did you mean `amount`?"). For unions, the error from the branch that got furthest into the data wins.
"""

from __future__ import annotations

import datetime
import difflib
import re
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ValidationError

from cardgen.diagnostics import Diagnostic, NodePath, Positions, locate, location_of
from cardgen.load.codes import diagnostic

__all__ = ["NodePath", "Positions", "locate", "location_of"]  # re-exported: they live in cardgen.diagnostics

TYPE_WORDS = {
    "string_type": "a string",
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "bool_type": "true or false",
    "list_type": "a list",
    "dict_type": "a mapping",
    "model_type": "a mapping",
    "model_attributes_type": "a mapping",
    "date_type": "a date written unquoted, like 2024-08-02",
    "date_parsing": "a date written unquoted, like 2024-08-02",
    "none_required": "nothing (null)",
}

_PATTERN_HINTS = {
    "pt": "power/toughness is written like '2/2', '0/4' or '*/3' (quoted)",
    "set_pt": "power/toughness is written like '1/1' (quoted)",
    "set": "a set code is 2-6 upper-case letters or digits, e.g. 'BLB'",
    "code": "a set code is 2-6 upper-case letters or digits, e.g. 'BLB'",
    "number": "a collector number is 1-4 digits and an optional lower-case letter, e.g. 126 or '5a'",
    "id": "an id is lower-case snake_case starting with a letter, at most 40 characters, e.g. `blasted`",
    "ref": "a ref is the id of an earlier effect: lower-case snake_case, e.g. `blasted`",
}


def resolve_path(loc: Sequence[str | int], data: Any) -> tuple[NodePath, bool]:
    """The data path a pydantic `loc` denotes, dropping union tags.

    Each loc element that is a key of the current mapping (or an index of the current list) is followed;
    any other element is a tag pydantic inserted for a union branch and is skipped. Returns the path and
    whether it reached an existing node (False for a missing key, whose last element is kept).
    """
    path: list[str | int] = []
    current = data
    exists = True
    for index, element in enumerate(loc):
        following = loc[index + 1] if index + 1 < len(loc) else None
        if _has_child(current, element) and not (
            # a tag spelled like a key of the same mapping (`counter` effect with a `counter:` key):
            # it is the tag when the next loc element belongs to this mapping, not to that key's value
            following is not None and _has_child(current, following)
            and not _has_child(current[element], following)
        ):
            path.append(element)
            current = current[element]
        elif index == len(loc) - 1 and isinstance(current, Mapping) and isinstance(element, str) \
                and not _looks_like_tag(element):
            path.append(element)
            exists = False
    return tuple(path), exists


def _has_child(current: Any, element: str | int) -> bool:
    if isinstance(element, bool):
        return False
    if isinstance(current, Mapping):
        return element in current
    return isinstance(current, list) and isinstance(element, int) and 0 <= element < len(current)


def _looks_like_tag(element: str) -> bool:
    """Whether a loc element is pydantic's name of a union branch (`literal['x']`, `list[...]`,
    `tagged-union[...]`, `function-after[...]`, `Draw`), never a key a spec could have."""
    return "[" in element or element[:1].isupper()


# ------------------------------------------------------------------------- model introspection


def _unwrap(annotation: Any) -> Any:
    while typing.get_origin(annotation) is typing.Annotated:
        annotation = typing.get_args(annotation)[0]
    return annotation


def _is_union(annotation: Any) -> bool:
    return typing.get_origin(annotation) in (typing.Union, types.UnionType)


def _branch(annotation: Any, tag: str | int) -> Any | None:
    """The member of a union that pydantic names `tag` in a loc."""
    for member in typing.get_args(annotation):
        for meta in getattr(member, "__metadata__", ()):
            if getattr(meta, "tag", None) == tag:  # Tag("word") of a callable discriminator
                return _unwrap(member)
        plain = _unwrap(member)
        if isinstance(plain, type) and issubclass(plain, BaseModel):
            if plain.__name__ == tag:
                return plain
            for name in ("effect", "kind"):
                field = plain.model_fields.get(name)
                if field is not None and tag in typing.get_args(field.annotation):
                    return plain
    return None


def annotation_at(root: type[BaseModel], loc: Sequence[str | int]) -> Any | None:
    """The type annotation reached by following `loc` (with its tags) from `root`, or None.

    Stops at the end of `loc`: a union there is returned as it is (its tag was not consumed)."""
    from cardgen.model.card import complete_annotations

    complete_annotations()  # the effect models' `Effect` fields, resolved on this first need
    current: Any = root
    elements = list(loc)
    while True:
        current = _unwrap(current)
        if not elements:
            return current
        if _is_union(current):
            args = [a for a in typing.get_args(current) if a is not type(None)]
            if len(args) == 1:  # Optional[X]: no loc element of its own
                current = args[0]
                continue
            current = _branch(current, elements.pop(0))
            if current is None:
                return None
            continue
        element = elements.pop(0)
        if isinstance(current, type) and issubclass(current, BaseModel):
            field = current.model_fields.get(str(element))
            if field is None:
                return None
            current = field.annotation
        elif typing.get_origin(current) is list:
            current = typing.get_args(current)[0]
        else:
            return None


def model_at(root: type[BaseModel], loc: Sequence[str | int]) -> type[BaseModel] | None:
    """The model class reached by following `loc` (with its tags) from `root`, or None."""
    current = annotation_at(root, loc)
    while current is not None and _is_union(current):  # Optional[Model]
        args = [a for a in typing.get_args(current) if a is not type(None)]
        current = _unwrap(args[0]) if len(args) == 1 else None
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def union_tags(root: type[BaseModel], loc: Sequence[str | int], discriminator: str) -> list[str]:
    """The discriminator values (`effect:` or `kind:` words) a union at `loc` accepts."""
    current = annotation_at(root, loc)
    tags: list[str] = []
    members = typing.get_args(current) if current is not None and _is_union(current) else ()
    for member in members:
        if member is type(None):
            continue
        if _is_union(_unwrap(member)):  # Optional[Annotated[Union[...]]]
            tags += [tag for inner in typing.get_args(_unwrap(member)) for tag in _tag_of(inner, discriminator)]
        else:
            tags += _tag_of(member, discriminator)
    return tags


def _tag_of(member: Any, discriminator: str) -> list[str]:
    plain = _unwrap(member)
    if isinstance(plain, type) and issubclass(plain, BaseModel):
        field = plain.model_fields.get(discriminator)
        if field is not None:
            return [str(value) for value in typing.get_args(field.annotation)]
    return []


def _describe(model: type[BaseModel] | None) -> str:
    """`effect `damage``, `ability `spell``, or the model's plain name, for messages."""
    if model is None:
        return "here"
    for name in ("effect", "kind"):
        field = model.model_fields.get(name)
        if field is not None:
            values = typing.get_args(field.annotation)
            if len(values) == 1:
                noun = "effect" if name == "effect" else "ability"
                return f"in {noun} `{values[0]}`"
    words = re.sub(r"(?<!^)([A-Z])", r" \1", model.__name__).lower()
    return f"in {words}"


# ------------------------------------------------------------------------------ messages


def show_value(value: Any) -> str:
    if isinstance(value, str):
        text = value if len(value) <= 60 else value[:57] + "..."
        return repr(text)
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, datetime.date):
        return value.isoformat()
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def kind_of(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "a string"
    if value is None:
        return "nothing (the value is empty)"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, datetime.date):
        return "a date"
    return type(value).__name__


def _expected_words(ctx: Mapping[str, Any] | None) -> list[str]:
    expected = (ctx or {}).get("expected") or (ctx or {}).get("expected_tags") or ""
    return re.findall(r"'([^']*)'", str(expected))


def _suggest(word: Any, choices: Sequence[str]) -> str:
    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    if not close:  # `fish` -> `tapped_fish`, `Treasure` -> `treasure`
        lowered = word.lower()
        close = [choice for choice in choices if lowered and (lowered in choice.lower() or choice in lowered)][:1]
    return f" (did you mean `{close[0]}`?)" if close else ""


def _key_name(path: NodePath) -> str:
    for element in reversed(path):
        if isinstance(element, str):
            return element
    return ""


def _dotted(path: NodePath) -> str:
    out = ""
    for element in path:
        out += f"[{element}]" if isinstance(element, int) else (f".{element}" if out else element)
    return out or "(top level)"


class _Issue:
    """One pydantic error with its resolved data path."""

    def __init__(self, error: Mapping[str, Any], data: Any) -> None:
        self.error = error
        self.loc: tuple[str | int, ...] = tuple(error["loc"])
        self.type: str = error["type"]
        self.path, self.exists = resolve_path(self.loc, data)


def _drop_shallow_union_errors(issues: list[_Issue]) -> list[_Issue]:
    """Keep, for a union, the branch that got furthest: an error at a path is dropped when another
    error lies strictly below that path (only a union reports both; a plain field that has the wrong type
    is never looked into)."""
    kept = []
    for issue in issues:
        deeper = any(
            other is not issue and len(other.path) > len(issue.path) and other.path[: len(issue.path)] == issue.path
            for other in issues
        )
        if not deeper:
            kept.append(issue)
    return kept


def schema_diagnostics(
    error: ValidationError,
    data: Any,
    file: str,
    positions: Positions,
    root: type[BaseModel],
) -> list[Diagnostic]:
    """One diagnostic per distinct schema problem, at the YAML position of the offending node."""
    issues = _drop_shallow_union_errors([_Issue(e, data) for e in error.errors(include_url=False)])
    # Errors of several union branches at the same node become one message.
    grouped: dict[tuple[NodePath, bool], list[_Issue]] = {}
    for issue in issues:
        grouped.setdefault((issue.path, issue.exists), []).append(issue)
    out: list[Diagnostic] = []
    for (path, _exists), group in grouped.items():
        out.append(_message(group, path, data, file, positions, root))
    return out


def _value_at(data: Any, path: NodePath) -> Any:
    for element in path:
        try:
            data = data[element]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _message(
    group: list[_Issue], path: NodePath, data: Any, file: str, positions: Positions, root: type[BaseModel]
) -> Diagnostic:
    first = group[0]
    kind = first.type
    key = _key_name(path)
    value = _value_at(data, path) if first.exists else None
    where = location_of(file, positions, path)
    label = f"`{_dotted(path)}`"

    if kind == "extra_forbidden":
        model = model_at(root, first.loc[:-1])
        allowed = sorted(model.model_fields) if model else []
        listing = f"; allowed here: {', '.join(allowed)}" if allowed else ""
        return diagnostic("CG101", f"unknown key `{key}` {_describe(model)}{_suggest(key, allowed)}{listing}", where)

    if kind == "string_unicode":  # a lone surrogate: YAML's "\ud800" escape makes half of a UTF-16 pair
        return diagnostic("CG002", f"{label}: holds a lone surrogate (a \\uD800-\\uDFFF escape, half of a UTF-16 "
                          "pair), which is no character; write the character itself", where)

    if kind == "invalid_key":
        return diagnostic("CG109", f"key {show_value(first.loc[-1])} is not a string", where)

    if kind == "missing":
        model = model_at(root, first.loc[:-1])
        return diagnostic("CG105", f"missing required key `{key}` {_describe(model)}", where)

    if kind in ("union_tag_invalid", "union_tag_not_found"):
        ctx = first.error.get("ctx") or {}
        discriminator = str(ctx.get("discriminator", "")).strip("'") or "kind"
        expected = _expected_words(ctx) or union_tags(root, first.loc, discriminator)
        if kind == "union_tag_not_found":
            return diagnostic(
                "CG105", f"missing `{discriminator}:`; expected one of: {', '.join(expected)}", where
            )
        tag = ctx.get("tag")
        tag_path = (*path, discriminator)
        return diagnostic(
            "CG106",
            f"unknown {discriminator} `{tag}`{_suggest(tag, expected)}; expected one of: {', '.join(expected)}",
            location_of(file, positions, tag_path),
        )

    if all(issue.type in ("literal_error", "enum") for issue in group):
        expected = [word for issue in group for word in _expected_words(issue.error.get("ctx"))]
        if path == ("gift",):
            return diagnostic(
                "CG201",
                f"unknown gift kind {show_value(value)}{_suggest(value, expected)}; rule 702.174d-i defines six: "
                f"{', '.join(expected)}",
                where,
            )
        subject_hint = ""
        if any("word" in issue.loc for issue in group):
            subject_hint = ", or a mapping with `target:`, `ref:` or `all:`"
        return diagnostic(
            "CG106",
            f"{label}: {show_value(value)} is not allowed{_suggest(value, expected)}; expected one of: "
            f"{', '.join(expected)}{subject_hint}",
            where,
        )

    if kind == "value_error":
        text = str(first.error.get("msg", "")).removeprefix("Value error, ")
        if key in ("mana_cost", "cost"):
            return diagnostic("CG104", f"{label}: {text} (found {show_value(value)})", where)
        return diagnostic("CG100", f"{label}: {text}", where)

    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        ctx = first.error.get("ctx") or {}
        bounds = _bounds(root, first.loc) or ctx
        return diagnostic("CG107", f"{label}: {show_value(value)} is out of range{_range_text(bounds)}", where)

    if kind == "string_pattern_mismatch":
        hint = _PATTERN_HINTS.get(key, f"it must match {first.error.get('ctx', {}).get('pattern')}")
        return diagnostic("CG108", f"{label}: {show_value(value)} has the wrong form; {hint}", where)

    if kind in ("too_short", "too_long", "string_too_short", "string_too_long"):
        ctx = first.error.get("ctx") or {}
        if kind == "too_short":
            need = f"at least {ctx.get('min_length')} item(s)"
        elif kind == "too_long":
            need = f"at most {ctx.get('max_length')} item(s)"
        elif kind == "string_too_short":
            need = f"at least {ctx.get('min_length')} character(s)"
        else:
            need = f"at most {ctx.get('max_length')} characters"
        return diagnostic("CG108", f"{label}: needs {need}", where)

    type_words = [TYPE_WORDS[issue.type] for issue in group if issue.type in TYPE_WORDS]
    literal_words = [word for issue in group for word in _expected_words(issue.error.get("ctx"))]
    if type_words or literal_words:
        wanted = " or ".join(dict.fromkeys([*(f"`{w}`" for w in literal_words), *type_words]))
        hint = ""
        if key in ("pt", "set_pt") and isinstance(value, int | float):
            hint = " (quote it: '2/2')"
        elif isinstance(value, str) and "a whole number" in type_words and value.strip().lstrip("-").isdigit():
            hint = " (write the number without quotes)"
        elif key in ("mana_cost", "cost"):
            return diagnostic("CG104", f"{label}: a mana cost is a quoted string such as '{{2}}{{R}}'", where)
        shown = "" if value is None or isinstance(value, Mapping | list) else f" {show_value(value)}"
        return diagnostic("CG103", f"{label}: expected {wanted}, found {kind_of(value)}{shown}{hint}", where)

    return diagnostic("CG100", f"{label}: {first.error.get('msg', kind)}", where)


def _bounds(root: type[BaseModel], loc: Sequence[str | int]) -> dict[str, Any] | None:
    """The full ge/le bounds of a numeric field (pydantic's error only names the violated one)."""
    parent = model_at(root, loc[:-1])
    if parent is None or not isinstance(loc[-1], str):
        return None
    field = parent.model_fields.get(loc[-1])
    if field is None:
        return None
    bounds: dict[str, Any] = {}
    metadata = list(field.metadata)
    annotation = field.annotation
    for arg in typing.get_args(annotation):  # `Annotated[int, Field(ge=..)] | None`
        metadata.extend(getattr(arg, "__metadata__", ()))
        for inner in getattr(arg, "__metadata__", ()):
            metadata.extend(getattr(inner, "metadata", ()))
    for meta in metadata:
        for name in ("ge", "le", "gt", "lt"):
            if getattr(meta, name, None) is not None:
                bounds[name] = getattr(meta, name)
    return bounds or None


def _range_text(bounds: Mapping[str, Any]) -> str:
    low = bounds.get("ge", bounds.get("gt"))
    high = bounds.get("le", bounds.get("lt"))
    if low is not None and high is not None:
        return f"; allowed {low} to {high}"
    if low is not None:
        return f"; allowed from {low}"
    if high is not None:
        return f"; allowed up to {high}"
    return ""
