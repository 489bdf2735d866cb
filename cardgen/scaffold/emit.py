"""Write scaffolded data as YAML by hand, in the layout the shipped specs use.

A generic dumper would sort or reflow keys and fold long lines; contributors read and edit these files,
so the layout is fixed: spec keys in a fixed order, short lists in flow style, one printing per line,
the oracle as a `|-` block, the mana cost quoted. Every scalar is quoted only when YAML would otherwise
read it differently, and the finished text is parsed back and compared with the data, so the output
always means exactly what was intended.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

import yaml

from cardgen.scaffold.build import Scaffold, TodoLine

SPEC_KEYS = ("name", "mana_cost", "types", "supertypes", "subtypes", "pt", "gift", "printings", "author", "oracle",
             "abilities", "translations")
TRANSLATION_KEYS = ("name", "type_line", "text")
SET_KEYS = ("name", "code", "release_date", "type")
SPEC_FORMAT_DOC = "docs/spec-format.md"

_FLOW_UNSAFE = re.compile(r"[,\[\]{}#&*!|>'\"%@`]|: |^[-?:]|\s$|^\s")
_BLOCK_UNSAFE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u0085\u2028\u2029\ufeff]")


class EmitError(ValueError):
    """The data cannot be written faithfully (an internal error; reported, never silently wrong)."""


def _loads_as(text: str, value: Any, flow: bool = False) -> bool:
    """Whether `text` reads back as `value` where it will stand: a block value, or an item of a flow
    list and a value of a flow mapping (between neighbours)."""
    documents = [f"k: {text}\n"]
    if flow:
        documents = [f"k: [x, {text}, y]\n", f"k: {{a: {text}, b: y}}\n"]
        expected = [{"k": ["x", value, "y"]}, {"k": {"a": value, "b": "y"}}]
    else:
        expected = [{"k": value}]
    try:
        return all(yaml.safe_load(doc) == want for doc, want in zip(documents, expected, strict=True))
    except yaml.YAMLError:
        return False


def scalar(value: Any, *, flow: bool = False, quote: bool = False) -> str:
    """A YAML scalar for `value`: plain when it reads back unchanged, else single-quoted."""
    if isinstance(value, bool) or value is None:
        raise EmitError(f"unexpected scalar {value!r}")
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if not quote and text and not (flow and _FLOW_UNSAFE.search(text)) and _loads_as(text, value, flow):
        return text
    quoted = "'" + text.replace("'", "''") + "'"
    if "\n" in text or not _loads_as(quoted, value, flow):
        raise EmitError(f"cannot write {text!r} as a one-line YAML scalar")
    return quoted


def _number(number: str) -> str | int:
    """Collector numbers are written as YAML integers when they are plain numbers (`number: 86`), as
    the shipped specs do; `5a` or `007` stay strings."""
    return int(number) if number.isdigit() and str(int(number)) == number else number


def _flow_list(items: list[str]) -> str:
    return "[" + ", ".join(scalar(item, flow=True) for item in items) + "]"


def _flow_mapping(entry: dict[str, Any]) -> str:
    parts = []
    for key, value in entry.items():
        if key == "number":
            value = _number(value)
        parts.append(f"{key}: {scalar(value, flow=True)}")
    return "{" + ", ".join(parts) + "}"


def _block(text: str, indent: str = "  ") -> str | None:
    """`|-` block lines for multi-line text, or None when a block scalar would not keep it exactly."""
    lines = text.split("\n")
    if (
        not text
        or _BLOCK_UNSAFE.search(text)
        or any(line != line.strip() for line in lines)
        or any(not line for line in lines)
    ):
        return None
    return "|-\n" + "\n".join(indent + line for line in lines)


_EFFECT_KEY_ORDER = ("effect", "id")
_EFFECT_KEYS_LAST = ("condition", "only_if", "instead_if_promised")
_ABILITY_KEYS = ("kind", "text", "event", "intervening_if", "keyword", "filter", "cost", "discard", "mana", "effects",
                 "timing")
"""Ability keys in the order the shipped specs write them; any other key follows, in the data's order, so a
field of a new ability kind is written (and read back) rather than dropped."""
_FLOW_WIDTH = 110


def _ordered(mapping: dict[str, Any]) -> list[tuple[str, Any]]:
    """Effect keys as the shipped specs write them: `effect` and `id` first, gates last."""
    first = [key for key in _EFFECT_KEY_ORDER if key in mapping]
    last = [key for key in _EFFECT_KEYS_LAST if key in mapping]
    middle = [key for key in mapping if key not in first and key not in last]
    return [(key, mapping[key]) for key in first + middle + last]


def _flow(value: Any) -> str:
    """A value as YAML flow text (`{amount: 3, types: [creature]}`)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {_flow(item)}" for key, item in _ordered(value)) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(item) for item in value) + "]"
    return scalar(value, flow=True)


def _effect_lines(effect: dict[str, Any], indent: str) -> list[str]:
    """One effect: a flow mapping on one line, or a block when that line would be long."""
    line = f"{indent}- {_flow(effect)}"
    if len(line) <= _FLOW_WIDTH:
        return [line]
    out = []
    for number, (key, value) in enumerate(_ordered(effect)):
        lead = f"{indent}- " if number == 0 else f"{indent}  "
        if key == "modes" and isinstance(value, list):  # a modal effect's modes (700.2), one block each
            out.append(f"{lead}{key}:")
            for mode in value:
                for place, (mode_key, mode_value) in enumerate(mode.items()):
                    mode_lead = f"{indent}    - " if place == 0 else f"{indent}      "
                    if mode_key == "effects":
                        out.append(f"{mode_lead}effects:")
                        for inner in mode_value:
                            out.extend(_effect_lines(inner, indent + "        "))
                    else:
                        out.append(f"{mode_lead}{mode_key}: {scalar(mode_value)}")
            continue
        if key == "instead_if_promised" or (key == "effects" and isinstance(value, list)):
            if key == "effects":
                out.append(f"{lead}{key}:")
                for inner in value:
                    out.extend(_effect_lines(inner, indent + "    "))
                continue
            out.append(f"{lead}{key}:")
            out.extend(f"{indent}    {text}" for text in _mapping_lines(value))
            continue
        out.append(f"{lead}{key}: {_flow(value)}")
    return out


def _mapping_lines(mapping: dict[str, Any]) -> list[str]:
    return [f"{key}: {_flow(value)}" for key, value in _ordered(mapping)]


def _ability_lines(ability: dict[str, Any]) -> list[str]:
    if "text" not in ability and "effects" not in ability:  # keyword, enchant, equip: one line
        return [f"  - {_flow(ability)}"]
    out = []
    keys = [key for key in _ABILITY_KEYS if key in ability] + [key for key in ability if key not in _ABILITY_KEYS]
    for number, key in enumerate(keys):
        lead = "  - " if number == 0 else "    "
        if key == "effects":
            out.append(f"{lead}effects:")
            for effect in ability["effects"]:
                out.extend(_effect_lines(effect, "      "))
        else:
            out.append(f"{lead}{key}: {_flow(ability[key]) if key != 'text' else _text(ability[key], '      ')}")
    return out


def _text(text: str, indent: str) -> str:
    """An ability's or a mode's text: one line, or a modal ability's lines as a `|-` block (700.2)."""
    block = _block(text, indent) if "\n" in text else None
    return block if block is not None else scalar(text)


EFFECT_KINDS = frozenset({"spell", "triggered", "static", "activated"})
"""Ability kinds whose placeholder shows an `effects:` list (an example to replace)."""
EXAMPLE_FIELDS = {"triggered": "event: enters", "activated": "cost: {mana: '{1}', tap: true}"}
"""The other field a placeholder of these kinds needs, as an example."""


def _todo_comment(todo: TodoLine, key: bool = False) -> list[str]:
    """The TODO for a line not drafted: why, and a placeholder ability that is valid YAML (and the
    `abilities:` key, when no ability was drafted and the file has none) once its `# ` are removed."""
    lines = [f"  # TODO: not drafted: {todo.problem}." if todo.problem else "  # TODO: not drafted.",
             f"  # Write this line's ability ({SPEC_FORMAT_DOC}); remove the `# ` of the lines below to start"
             " from this:"]
    if key:
        lines.append("# abilities:")
    if todo.hint:
        lines.append(f"  #   - {todo.hint}")
        return lines
    lines.append(f"  #   - kind: {todo.kind}")
    text = _text(todo.text, "  #       ")
    lines.extend(f"  #     text: {text}".split("\n"))
    if todo.kind in EXAMPLE_FIELDS:
        lines.append(f"  #     {EXAMPLE_FIELDS[todo.kind]}   # an example")
    if todo.kind in EFFECT_KINDS:
        lines.append("  #     effects:")
        lines.append("  #       - effect: draw   # an example: the effects this line says, in its order")
    return lines


def _abilities(scaffold: Scaffold) -> list[str]:
    """The drafted abilities in oracle order, with a TODO comment where a line was not drafted. With no
    ability drafted the key is left out (a spec may have none) and the first TODO carries it commented."""
    abilities = list(scaffold.spec["abilities"])
    todo = {item.index: item for item in scaffold.todo}
    out = ["abilities:"] if abilities else []
    if scaffold.gift_line and (abilities or todo):
        gift = scaffold.spec.get("gift")
        out.append(f"  # The gift line is derived from `gift: {gift}` (rule 702.174); it has no ability here.")
    index = 0
    while abilities or index in todo:
        if index in todo:
            comment = _todo_comment(todo[index], key=not scaffold.spec["abilities"] and index == min(todo))
            # Without the key the comments start at column 0, or the oracle's block scalar would take them in.
            out.extend(comment if scaffold.spec["abilities"] else [line.removeprefix("  ") for line in comment])
        else:
            out.extend(_ability_lines(abilities.pop(0)))
        index += 1
    return out


def spec_yaml(scaffold: Scaffold, source_label: str) -> str:
    """The spec file's text (LF line ends, trailing newline)."""
    spec = scaffold.spec
    unknown = set(spec) - set(SPEC_KEYS)
    if unknown:
        raise EmitError(f"unexpected spec keys {sorted(unknown)}")
    todo = len(scaffold.todo)
    out = [
        f"# Drafted by `cardgen new` from {source_label}: the printed fields are copied, the abilities are read",
        "# from the oracle text" + (f"; {todo} line{'s' if todo != 1 else ''} could not be read (TODO below)"
                                    if todo else "") + ".",
        f"# Check the abilities against the card; see {SPEC_FORMAT_DOC}.",
    ]
    for key in SPEC_KEYS:
        if key not in spec:
            continue
        value = spec[key]
        if key == "mana_cost":
            out.append(f"{key}: {scalar(value, quote=True)}")
        elif key in ("types", "supertypes", "subtypes"):
            out.append(f"{key}: {_flow_list(value)}")
        elif key == "printings":
            out.append("printings:")
            out.extend(f"  - {_flow_mapping(entry)}" for entry in value)
        elif key == "oracle":
            block = _block(value)
            out.append(f"oracle: {block if block is not None else _double_quoted(value)}")
        elif key == "abilities":
            out.extend(_abilities(scaffold))
        elif key == "translations":
            out.extend(_translation_lines(value))
        else:
            out.append(f"{key}: {scalar(value)}")
    text = "\n".join(out) + "\n"
    _check_round_trip(text, {key: value for key, value in spec.items() if key != "abilities" or value})
    return text


def _translation_lines(translations: dict[str, dict[str, Any]]) -> list[str]:
    """`translations:` with a mapping per language and one entry per rules-text line, as printed."""
    out = ["translations:"]
    for language, translation in translations.items():
        out.append(f"  {scalar(language)}:")
        for key in TRANSLATION_KEYS:
            if key == "text":
                out.append("    text:" if translation["text"] else "    text: []")
                out.extend(f"      - {scalar(line)}" for line in translation["text"])
            else:
                out.append(f"    {key}: {scalar(translation[key])}")
    return out


def _double_quoted(text: str) -> str:
    """A one-line double-quoted scalar (escapes newlines and control characters)."""
    dumped = yaml.safe_dump(text, default_style='"', allow_unicode=True, width=1 << 16)
    return dumped.removesuffix("\n...\n").rstrip("\n")


def set_yaml(data: dict[str, Any], source_label: str) -> str:
    """A `set.yaml` text in the shipped layout."""
    out = [f"# Scaffolded by `cardgen new` from {source_label}; check the name, date and type."]
    for key in SET_KEYS:
        value = data[key]
        out.append(f"{key}: {value}" if key == "release_date" else f"{key}: {scalar(value)}")
    text = "\n".join(out) + "\n"
    expected = dict(data, release_date=datetime.date.fromisoformat(data["release_date"]))
    _check_round_trip(text, expected)
    return text


def _normalise(value: Any) -> Any:
    """Scaffold data as YAML will read it back (collector numbers may come back as ints)."""
    if isinstance(value, dict):
        return {key: _normalise(_number(item) if key == "number" else item) for key, item in value.items()}
    if isinstance(value, list):
        return [_normalise(item) for item in value]
    return value


def _check_round_trip(text: str, data: dict[str, Any]) -> None:
    loaded = yaml.safe_load(text)
    if loaded != _normalise(data):
        raise EmitError(f"written YAML does not read back as intended: {loaded!r} != {data!r}")
