"""The text check that reads the effects: each ability's oracle line, read with the phrasing forms, must
mean what the ability's structure means.

`cardgen.validate.text` checks that the oracle lines are the abilities' `text` strings; that alone lets a
spec say one thing and do another (a clause dropped, a wrong amount, an effect swapped, a static ability
that does nothing standing in for an activated one). Here the same forms `cardgen new` drafts with read the
`text` back into an ability, and that reading is compared with the spec's ability in meaning
(`cardgen.canonical.meaning_diff`: ids, defaults and wording aside):

- a line read one or more ways, none of them the structure's meaning: CG305 (error), naming the fields
  that differ (what the text says, what the structure says) and, where the forms can write the
  structure, the words that differ between the line and the structure's own rules text;
- a line the forms cannot read: CG306 (warning; an error under `--strict`), naming the words not
  understood. A line shaped "[cost]: [effect]" on an ability that is not activated is CG305: the
  structure is not the kind of ability the text is (602.1).

Keyword, enchant and equip lines are derived from their structure, so they are compared by CG301 already.
"""

from __future__ import annotations

import difflib
import functools
import re
from typing import Any, get_args

from pydantic import BaseModel, TypeAdapter, ValidationError

from cardgen.canonical import meaning_diff
from cardgen.model.card import Ability, Card, type_adapter
from cardgen.naming import short_name
from cardgen.phrasing import Readings, render_ability
from cardgen.validate.context import CardReport

_LABELS = ("text", "structure")
_MAX_DIFFERENCES = 6
_ID_ONLY = re.compile(r"(^|\.)id: ")
"""A difference in an effect's id alone: a name one side gives because a later clause points at it, and
the other side's missing clause is reported by itself (ids aside, as `meaning_diff` compares)."""
_REMINDER = re.compile(r" ?\([^()]*\)")
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")
_COST_ITEM = r"(?:(?:\{[^{}]+\})+|(?:sacrifice|tap|untap|discard|pay|exile|remove|return|reveal|mill|put)\b[^,:.]*)"
_COST = re.compile(rf"^{_COST_ITEM}(?:, {_COST_ITEM})*: ", re.IGNORECASE)
"""An activated ability's line (602.1: "[Cost]: [Effect.]"): cost items (mana or tap symbols, or a phrase
starting with a cost verb) separated by commas, then a colon, outside reminder text and quoted abilities
(an Aura granting "{T}: ..." is a static ability)."""


@functools.cache
def _ability_adapter() -> TypeAdapter[Any]:
    """The validator for one ability, built on first use: building it costs a one-file validate ~30 ms
    at import, and a run whose abilities all skip the text check never needs it."""
    return type_adapter(Ability)


@functools.cache
def _ability_classes() -> dict[str, type[BaseModel]]:
    """Each ability model by its `kind`, the union's discriminator."""
    union = get_args(Ability)[0]
    return {get_args(model.model_fields["kind"].annotation)[0]: model for model in get_args(union)}


def _validate_ability(data: Any) -> Any:
    """`data` as an `Ability`. The discriminated union validates the member its `kind` names with that
    member's own validator, so a reading that fits is validated by the member class directly (already
    built with the card model); only a reading that does not fit goes through the union, whose error
    (its location path and message) is the one reported."""
    kind = data.get("kind") if isinstance(data, dict) else None
    model = _ability_classes().get(kind) if isinstance(kind, str) else None
    if model is not None:
        try:
            return model.model_validate(data)
        except ValidationError:
            pass
    return _ability_adapter().validate_python(data)


def check_meaning(report: CardReport) -> None:
    card = report.loaded.card
    taken: set[str] = set()
    for index, ability in enumerate(card.abilities):
        if not isinstance(getattr(ability, "text", None), str):  # a derived text (keywords, "Enchant ...")
            continue
        _check_ability(report, card, index, ability, taken)


def _check_ability(report: CardReport, card: Card, index: int, ability: Any, taken: set[str]) -> None:
    text: str = ability.text
    where = ("abilities", index)
    if ability.kind != "activated" and _COST.match(_QUOTED.sub("", _REMINDER.sub("", text))):
        report.add("CG305", f"abilities[{index}]: the text is an activated ability (\"[cost]: [effect]\", "
                   f"602.1), the structure is a {ability.kind} ability: the structure does not say what the card "
                   f"says ({text!r})", where)
        return
    readings = Readings(text, card.name, spell=card.is_instant_or_sorcery, taken=taken,
                        short=short_name(card.name) if "Legendary" in card.supertypes else None)
    candidates: list[tuple[list[str], Any]] = []
    refused: str | None = None
    for data, ids in readings:
        try:
            read = _validate_ability(data)
        except ValidationError as error:
            first = error.errors()[0]
            refused = (f"its reading does not fit the spec format ({'.'.join(map(str, first['loc']))}: "
                       f"{first['msg']})")
            continue
        differences = _differences(card, ability, read)
        if not differences:
            taken |= ids
            return
        candidates.append((differences, read))
    if not candidates:
        reason = refused or readings.problem() or "no reading"
        report.add("CG306", f"abilities[{index}]: the phrasing forms cannot read the text, so it was not compared "
                   f"with the structure: {reason}; reword `text` as the card prints it, or add the "
                   "form to its construct's `phrasings` (cardgen/vocab/)", where)
        return
    differences, read = min(candidates, key=lambda candidate: len(candidate[0]))
    shown = "; ".join(differences[:_MAX_DIFFERENCES]) + (
        f"; and {len(differences) - _MAX_DIFFERENCES} more" if len(differences) > _MAX_DIFFERENCES else "")
    message = f"abilities[{index}]: the structure does not mean what the text says: {shown}"
    words = _word_difference(read, ability, card.name)
    if words:
        message += f". {words}"
    report.add("CG305", message, where)


def _differences(card: Card, ability: Any, read: Any) -> list[str]:
    """The differences in meaning between the text's reading and the spec's ability, as "path: text X,
    structure Y" (paths relative to the ability). Equal models mean the same (the projection is a
    function of the model), so the common case, a line read back as exactly its ability, skips the diff."""
    if read == ability:
        return []
    said = card.model_copy(update={"abilities": [read]})
    built = card.model_copy(update={"abilities": [ability]})
    out = [re.sub(r"^abilities\[0\](?:\([^)]*\))?\.?", "", line) or "the ability"
           for line in meaning_diff(said, built, _LABELS)]
    return [line for line in out if not _ID_ONLY.search(line)] or out


def _word_difference(read: Any, ability: Any, name: str) -> str | None:
    """Where the text's reading and the structure differ, in words: both written back by the same forms,
    so only what differs in meaning differs in wording (not the printed line's own turns of phrase)."""
    said_line, built_line = (render_ability(item.model_dump(mode="json", exclude_defaults=True), name)
                             for item in (read, ability))
    if said_line is None or built_line is None:
        return None
    said, built = said_line.split(), built_line.split()
    parts: list[str] = []
    for tag, a, b, c, d in difflib.SequenceMatcher(a=said, b=built, autojunk=False).get_opcodes():
        text_words, structure_words = " ".join(said[a:b]), " ".join(built[c:d])
        if tag == "delete":
            parts.append(f"the text says {text_words!r}, the structure leaves it out")
        elif tag == "insert":
            parts.append(f"the structure adds {structure_words!r}")
        elif tag == "replace":
            parts.append(f"the text says {text_words!r}, the structure says {structure_words!r}")
    if not parts:
        return None
    return (f"In words: {'; '.join(parts[:_MAX_DIFFERENCES])} (the structure reads {built_line!r})")


__all__ = ["check_meaning"]
