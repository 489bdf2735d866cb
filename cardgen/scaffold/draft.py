"""Draft the abilities of a scaffolded spec from its oracle lines, with `cardgen.phrasing`.

Each oracle line (after the gift line) is read into one ability; a line the forms cannot read, or whose
reading the spec model refuses, is left undrafted with the reason, never guessed: the spec file then
carries a TODO comment in its place and `cardgen validate` reports the oracle line no ability implements.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import TypeAdapter, ValidationError

from cardgen.model.card import Ability, type_adapter
from cardgen.model.derive import ability_text
from cardgen.phrasing import read_line
from cardgen.text.oracle import strip_reminder

_ABILITY: TypeAdapter[Any] = type_adapter(Ability)


@dataclass(frozen=True, slots=True)
class DraftLine:
    """One oracle line and its drafted ability (spec data), or why there is none."""

    text: str
    kind: str
    ability: dict[str, Any] | None
    problem: str | None = None


def draft_line(line: str, name: str, *, spell: bool, kind_guess: str, taken: set[str]) -> DraftLine:
    """Draft one line; `taken` holds the ids the card's other drafted abilities use."""
    reading = read_line(line, name, spell=spell, taken=taken)
    if reading.ability is None:
        return DraftLine(line, kind_guess, None, reading.problem)
    try:
        ability = _ABILITY.validate_python(reading.ability)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        return DraftLine(line, kind_guess, None, f"the reading does not fit the spec format ({where}: {first['msg']})")
    derived = ability_text(ability)
    # A keyword's line is derived ("Flying"); the printed line may add reminder text, which has no rules
    # meaning (207.2) and stays in the oracle.
    if derived != line and derived != strip_reminder(line):
        return DraftLine(line, kind_guess, None, f"the spec format writes this line as {derived!r}, the card "
                         f"prints {line!r}")
    return DraftLine(line, reading.ability["kind"], reading.ability)


__all__ = ["DraftLine", "draft_line"]
