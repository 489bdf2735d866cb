"""The `spell` ability: what an instant or sorcery does as it resolves."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, field_validator

from cardgen.model.parts import AbilityBase, OracleLine, expand_instead_groups
from cardgen.vocab.construct import (
    AbilityCanonical,
    AbilityChecks,
    AbilityConstruct,
    AbilityText,
    ForgeAbility,
    XMageAbility,
)
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.xmage.lower import Block, CardLowering
    from cardgen.model.card import Card, Effect
    from cardgen.validate.context import CardReport


# ------------------------------------------------------------------------------------------ the spec model

class SpellAbility(AbilityBase):
    """What an instant or sorcery does as it resolves; `text` is the oracle line it implements."""

    kind: Literal["spell"]
    text: OracleLine
    effects: Annotated[list[Effect], Field(min_length=1)]

    @field_validator("effects", mode="after")
    @classmethod
    def _groups(cls, effects: list[Any]) -> list[Any]:
        return expand_instead_groups(effects)


# ------------------------------------------------------------------------------------ text and phrasing


def _text_compose(result: dict[str, Any], line: str, spell: bool, taken: set[str], compose: Any) -> Any:
    if not spell:
        return None
    return {"kind": CONSTRUCT.kind, "text": line, "effects": compose(result["sentences"], taken)}


def _text_render(ability: dict[str, Any], sentences_of: Any) -> dict[str, Any] | None:
    sentences = sentences_of(ability["effects"])
    return None if sentences is None else {"kind": CONSTRUCT.kind, "sentences": sentences}


# ------------------------------------------------------------------------------------------------ XMage


def _xmage(w: CardLowering, ability: SpellAbility) -> Block:
    return w.spell_part_block(ability)


# --------------------------------------------------------------------------------------- canonical form


def _canonical(c: Any, ability: dict[str, Any]) -> dict[str, Any] | None:
    """Without the effects derived anyway; an ability of nothing else is the derived gift trigger itself."""
    ability["effects"] = [effect for effect in ability["effects"] if not c.derived(effect)]
    return ability if ability["effects"] else None


# ------------------------------------------------------------------------------------------- validation

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


# --------------------------------------------------------------------------------------------- scaffold

def _scaffold_guess(line: str, spell: bool) -> str | bool:
    """Any other line of an instant or sorcery."""
    return spell


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AbilityConstruct(
    kind="spell", model=SpellAbility,
    text=AbilityText(
        phrasings={"ability": [Form("{b:sentences}", {"kind": "spell", "sentences": V("b")})]},
        # Last: any line of sentences reads as a spell's, so every other ability's form goes first.
        order=6,
        compose=_text_compose,
        render=_text_render,
        guess=_scaffold_guess,
    ),
    canonical=AbilityCanonical(
        order=4,
        # A card's spell lines are one spell ability: how they are cut into lines is layout.
        joined=True,
        chain=True,
        rewrite=_canonical,
    ),
    checks=AbilityChecks(
        structure=_validate,
        # Its effects are the spell's as it resolves: the gift of an instant or sorcery is the first of them.
        spell_part=True,
        # Its text saying "if the gift was promised" must be a test in its structure (CG304).
        promise_words=True,
    ),
    forge=ForgeAbility(
        # Its effects are part of the card's one `A:SP$` chain (every spell line of the card in order).
        spell_part=True,
    ),
    xmage=XMageAbility(
        # Its effects and targets go on the card's spell ability (`this.getSpellAbility()`).
        spell_part=True,
        block=_xmage,
    ),
)
