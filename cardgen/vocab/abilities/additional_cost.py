"""The `additional_cost` ability: "As an additional cost to cast this spell, discard a card." (601.2b, f-h)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from cardgen.model.parts import AbilityBase, ObjectFilter, OracleLine
from cardgen.vocab.construct import AbilityCanonical, AbilityConstruct, AbilityText, ForgeAbility, XMageAbility
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.xmage.lower import Block, CardLowering
    from cardgen.engines.xmage.reader import ClassReader


# ------------------------------------------------------------------------------------------ the spec model

class AdditionalCost(AbilityBase):
    """"As an additional cost to cast this spell, discard a card." (rule 601.2b, f-h)."""

    kind: Literal["additional_cost"]
    text: OracleLine
    discard: Annotated[int, Field(ge=1, le=20)]


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {"ability": [
    Form("as an additional cost to cast this spell, discard {n:cards}.",
         {"kind": "additional_cost", "discard": V("n")}),
]}


def _text_compose(result: dict[str, Any], line: str, spell: bool, taken: set[str], compose: Any) -> Any:
    """A cost to cast a spell: read on an instant or sorcery only."""
    return {"kind": CONSTRUCT.kind, "text": line, "discard": result["discard"]} if spell else None


def _text_render(ability: dict[str, Any], sentences_of: Any) -> dict[str, Any] | None:
    return {key: item for key, item in ability.items() if key != "text"}


# ------------------------------------------------------------------------------------------------ Forge

def _forge_cost(b: ScriptBuilder, ability: AdditionalCost) -> tuple[str, str]:
    """A part of the spell's `Cost$` (`Discard<1/Card>`) and of its `CostDesc$`."""
    return f"Discard<{ability.discard}/Card>", b.describe(ability.text, "an additional cost text")


def _forge_deck_hints(ability: AdditionalCost) -> tuple[tuple[str, str, str], ...]:
    return (("DeckHas", "Ability", "Discard"),)


def _forge_read_cost(r: ScriptReader, part: str, description: str) -> dict[str, Any] | None:
    """`Discard<N/Card>` of the spell's `Cost$`, its text the `CostDesc$`."""
    match = re.fullmatch(r"Discard<([0-9]+)/Card>", part)
    if not match:
        return None
    return {"kind": CONSTRUCT.kind, "discard": int(match.group(1)),
            "text": description or "As an additional cost to cast this spell, discard a card."}


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, ability: AdditionalCost) -> Block:
    """`this.getSpellAbility().addCost(new DiscardCardCost());` (`DiscardTargetCost` for more cards)."""
    block = w.Block(ability.text, rules=ability.text)
    if ability.discard == 1:
        cost = w.new(w.use("DiscardCardCost"))
    else:
        hand = w.Raw(w.filters.add(ObjectFilter(zone="hand"), plural=True))
        cost = w.new(w.use("DiscardTargetCost"),
                     w.new(w.use("TargetCardInHand"), ability.discard, ability.discard, hand))
    block.body.append(w.stmt(w.call("this.getSpellAbility()", "addCost", cost)))
    return block


def _xmage_read(r: ClassReader, value: Any, comment: str, node: Any) -> dict[str, Any] | None:
    """`new DiscardCardCost()`, `new DiscardTargetCost(new TargetCardInHand(N, N, filter))`."""
    cost = value.args[0] if value.args else None
    if isinstance(cost, r.New) and cost.cls == "DiscardCardCost" and not cost.args:
        return {"kind": CONSTRUCT.kind, "text": comment, "discard": 1}
    if isinstance(cost, r.New) and cost.cls == "DiscardTargetCost" and len(cost.args) == 1:
        hand = cost.args[0]
        if isinstance(hand, r.New) and hand.cls == "TargetCardInHand" and len(hand.args) >= 2:
            return {"kind": CONSTRUCT.kind, "text": comment, "discard": r.int_of(hand.args[1], node)}
    return None


# --------------------------------------------------------------------------------------------- scaffold

def _scaffold_guess(line: str, spell: bool) -> str | bool:
    return line.startswith("As an additional cost to cast this spell")


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AbilityConstruct(
    kind="additional_cost", model=AdditionalCost,
    text=AbilityText(
        phrasings=_PHRASINGS,
        order=3,
        compose=_text_compose,
        render=_text_render,
        guess=_scaffold_guess,
    ),
    canonical=AbilityCanonical(order=3),
    forge=ForgeAbility(
        spell_cost=_forge_cost,
        deck_hints=_forge_deck_hints,
        read_cost=_forge_read_cost,
    ),
    xmage=XMageAbility(
        block=_xmage,
        read_cost=_xmage_read,
    ),
)
