"""The `spell` ability: what an instant or sorcery does as it resolves."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.model.card import SpellAbility
from cardgen.vocab.construct import AbilityConstruct
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.xmage.lower import Block, CardLowering
    from cardgen.model.card import Card
    from cardgen.validate.context import CardReport

CONSTRUCT = AbilityConstruct("spell", SpellAbility)


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {"ability": [Form("{b:sentences}", {"kind": "spell", "sentences": V("b")})]})
CONSTRUCT.put("text_order", 6)
"""Last: any line of sentences reads as a spell's, so every other ability's form goes first."""


@CONSTRUCT.slot("text_compose")
def _text_compose(result: dict[str, Any], line: str, spell: bool, taken: set[str], compose: Any) -> Any:
    if not spell:
        return None
    return {"kind": CONSTRUCT.kind, "text": line, "effects": compose(result["sentences"], taken)}


@CONSTRUCT.slot("text_render")
def _text_render(ability: dict[str, Any], sentences_of: Any) -> dict[str, Any] | None:
    sentences = sentences_of(ability["effects"])
    return None if sentences is None else {"kind": CONSTRUCT.kind, "sentences": sentences}


# ------------------------------------------------------------------------------------------------ Forge

CONSTRUCT.put("forge_spell_part", True)
"""Its effects are part of the card's one `A:SP$` chain (every spell line of the card in order)."""


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_spell_part", True)
"""Its effects and targets go on the card's spell ability (`this.getSpellAbility()`)."""


@CONSTRUCT.slot("xmage_block")
def _xmage(w: CardLowering, ability: SpellAbility) -> Block:
    return w.spell_part_block(ability)


# --------------------------------------------------------------------------------------- canonical form

CONSTRUCT.put("canonical_order", 4)
CONSTRUCT.put("canonical_joined", True)
"""A card's spell lines are one spell ability: how they are cut into lines is layout."""
CONSTRUCT.put("canonical_chain", True)

@CONSTRUCT.slot("canonical")
def _canonical(c: Any, ability: dict[str, Any]) -> dict[str, Any] | None:
    """Without the effects derived anyway; an ability of nothing else is the derived gift trigger itself."""
    ability["effects"] = [effect for effect in ability["effects"] if not c.derived(effect)]
    return ability if ability["effects"] else None


# ------------------------------------------------------------------------------------------- validation

@CONSTRUCT.slot("validate_structure")
def _validate(report: CardReport, card: Card, indexes: list[int]) -> None:
    """CG110: an instant or sorcery does something as it resolves; a permanent is never cast as a spell of
    effects."""
    if card.is_instant_or_sorcery and not indexes:
        report.add("CG110", "an instant or sorcery needs at least one `kind: spell` ability (what it does as "
                   "it resolves)", ("abilities",) if card.abilities else ("types",))
    if card.is_permanent:
        for index in indexes:
            report.add("CG110", "a permanent has no `kind: spell` ability; use `triggered`, `static` or "
                       "`keyword` abilities", ("abilities", index, "kind"))


CONSTRUCT.put("validate_spell_part", True)
"""Its effects are the spell's as it resolves: the gift of an instant or sorcery is the first of them."""
CONSTRUCT.put("validate_promise_words", True)
"""Its text saying "if the gift was promised" must be a test in its structure (CG304)."""


# --------------------------------------------------------------------------------------------- scaffold

@CONSTRUCT.slot("scaffold_guess")
def _scaffold_guess(line: str, spell: bool) -> str | bool:
    """Any other line of an instant or sorcery."""
    return spell
