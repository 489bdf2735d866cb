"""The `enters_tapped` ability: "This land enters tapped." (rule 614.1c: a replacement effect that says how
the permanent enters the battlefield; it applies as the permanent enters, not after, 614.12, so the permanent
is tapped before any "when this enters" ability triggers, and it applies however the permanent enters)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import AbilityBase, OracleLine
from cardgen.vocab.construct import (
    AbilityCanonical,
    AbilityChecks,
    AbilityConstruct,
    AbilityRule,
    AbilityText,
    ForgeAbility,
    XMageAbility,
)
from cardgen.vocab.pattern import Form

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.forge.script import Replacement
    from cardgen.engines.xmage.lower import Block, CardLowering
    from cardgen.engines.xmage.reader import ClassReader
    from cardgen.model.card import Card
    from cardgen.validate.context import CardReport


NOUNS = ("land", "creature", "artifact", "enchantment", "permanent")
"""What the line calls the permanent ("This land enters tapped.")."""
_LINE = re.compile(r"(This (?P<noun>[a-z]+)|~) enters tapped\.")
"""The printed line: "This land enters tapped." (the card's name, `~`, in older text)."""


# ------------------------------------------------------------------------------------------ the spec model

class EntersTappedAbility(AbilityBase):
    """"This land enters tapped.": the permanent enters the battlefield tapped, however it enters (614.1c)."""

    kind: Literal["enters_tapped"]
    text: OracleLine


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "ability": [Form(f"this {noun} enters tapped.", {"kind": "enters_tapped"}) for noun in NOUNS]
    + [Form("~ enters tapped.", {"kind": "enters_tapped"}, parse_only=True)],
}


def _text_compose(result: dict[str, Any], line: str, spell: bool, taken: set[str], compose: Any) -> Any:
    """A permanent's "This land enters tapped.": no reading on an instant or sorcery."""
    return None if spell else {"kind": CONSTRUCT.kind, "text": line}


def _text_render(ability: dict[str, Any], sentences_of: Any) -> dict[str, Any] | None:
    return {"kind": CONSTRUCT.kind}


# ------------------------------------------------------------------------------------------------ Forge

FORGE_SVAR = "ETBTapped"
FORGE_EVENT = [("ValidCard", "Card.Self"), ("Destination", "Battlefield"), ("ReplacementResult", "Updated")]
"""`R:Event$ Moved | ValidCard$ Card.Self | Destination$ Battlefield | ReplacementResult$ Updated | ReplaceWith$
ETBTapped`, as Forge's own scripts say "enters tapped" (forge-game replacement/ReplaceMoved.java: the card itself
moving to the battlefield; `Updated`: the move goes on, changed)."""
FORGE_TAP = [("Defined", "Self"), ("ETB", "True")]
"""`SVar:ETBTapped:DB$ Tap | Defined$ Self | ETB$ True` (forge-game ability/effects/TapEffect.java: `ETB$ True`
taps the card as it enters)."""


def _forge(b: ScriptBuilder, ability: EntersTappedAbility) -> Replacement:
    """The `R:` line and its `SVar:ETBTapped:DB$ Tap | Defined$ Self | ETB$ True`."""
    name = b.ability_svar(FORGE_SVAR, b.Ability("DB", "Tap", list(FORGE_TAP)))
    return b.Replacement("Moved", [*FORGE_EVENT, ("ReplaceWith", name)], b.describe(ability.text, "an ability text"))


def _forge_read(r: ScriptReader, params: list[tuple[str, str]]) -> dict[str, Any] | None:
    """An `R:Event$ Moved` line `_forge` writes, its SVar a `DB$ Tap | Defined$ Self | ETB$ True`."""
    values = dict(params)
    if values.get("Event") != "Moved" or any(values.get(key) != value for key, value in FORGE_EVENT):
        return None
    extra = set(values) - {"Event", "ReplaceWith", "Description", *(key for key, _ in FORGE_EVENT)}
    svar = values.get("ReplaceWith")
    if extra or svar is None:
        return None
    tap = dict(r.svar_params(svar))
    if tap != {"DB": "Tap", **dict(FORGE_TAP)}:
        return None
    return {"kind": CONSTRUCT.kind, "text": r.undescribe(values.get("Description", "CARDNAME enters tapped."))}


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, ability: EntersTappedAbility) -> Block:
    """`this.addAbility(new EntersBattlefieldTappedAbility());` (its rules text: "{this} enters tapped.")."""
    block = w.Block(ability.text, rules="{this} enters tapped.")
    block.body.append(w.stmt(w.call("this", "addAbility", w.new(w.use("EntersBattlefieldTappedAbility")))))
    return block


def _xmage_read_start(r: ClassReader, value: Any, comment: str, node: Any) -> tuple[dict[str, Any], Any] | None:
    """`new EntersBattlefieldTappedAbility()`."""
    if value.cls != "EntersBattlefieldTappedAbility" or value.args:
        return None
    return {"kind": CONSTRUCT.kind, "text": comment}, None


# ------------------------------------------------------------------------------------------- validation

def _validate(report: CardReport, card: Card, indexes: list[int]) -> None:
    """CG147: the line says "This <permanent> enters tapped." of a permanent card."""
    for index in indexes:
        ability = card.abilities[index]
        assert isinstance(ability, EntersTappedAbility)
        match = _LINE.fullmatch(ability.text.replace(card.name, "~"))
        if match is None or (match.group("noun") not in (None, *NOUNS)) or card.is_instant_or_sorcery:
            report.add("CG147", f"an `enters_tapped` ability is a permanent's line \"This land enters tapped.\" "
                       f"(\"This creature ...\"), not {ability.text!r}", ("abilities", index, "text"))


# --------------------------------------------------------------------------------------------- scaffold

def _scaffold_guess(line: str, spell: bool) -> str | bool:
    return not spell and _LINE.fullmatch(line) is not None


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AbilityConstruct(
    kind="enters_tapped", model=EntersTappedAbility,
    text=AbilityText(
        phrasings=_PHRASINGS,
        order=1,
        compose=_text_compose,
        render=_text_render,
        guess=_scaffold_guess,
    ),
    canonical=AbilityCanonical(order=1),
    checks=AbilityChecks(structure=_validate),
    forge=ForgeAbility(
        replacement=_forge,
        read_replacement=_forge_read,
    ),
    xmage=XMageAbility(
        block=_xmage,
        read_start=_xmage_read_start,
    ),
    rule=AbilityRule(enters_tapped=True),
)
