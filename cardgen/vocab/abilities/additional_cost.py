"""The `additional_cost` ability: "As an additional cost to cast this spell, discard a card." (601.2b, f-h)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from cardgen.model.card import AdditionalCost, ObjectFilter
from cardgen.vocab.construct import AbilityConstruct
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.xmage.lower import Block, CardLowering
    from cardgen.engines.xmage.reader import ClassReader

CONSTRUCT = AbilityConstruct("additional_cost", AdditionalCost)


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {"ability": [
    Form("as an additional cost to cast this spell, discard {n:cards}.",
         {"kind": "additional_cost", "discard": V("n")}),
]})
CONSTRUCT.put("text_order", 3)


@CONSTRUCT.slot("text_compose")
def _text_compose(result: dict[str, Any], line: str, spell: bool, taken: set[str], compose: Any) -> Any:
    """A cost to cast a spell: read on an instant or sorcery only."""
    return {"kind": CONSTRUCT.kind, "text": line, "discard": result["discard"]} if spell else None


@CONSTRUCT.slot("text_render")
def _text_render(ability: dict[str, Any], sentences_of: Any) -> dict[str, Any] | None:
    return {key: item for key, item in ability.items() if key != "text"}


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_spell_cost")
def _forge_cost(b: ScriptBuilder, ability: AdditionalCost) -> tuple[str, str]:
    """A part of the spell's `Cost$` (`Discard<1/Card>`) and of its `CostDesc$`."""
    return f"Discard<{ability.discard}/Card>", b.describe(ability.text, "an additional cost text")


@CONSTRUCT.slot("forge_deck_hints")
def _forge_deck_hints(ability: AdditionalCost) -> tuple[tuple[str, str, str], ...]:
    return (("DeckHas", "Ability", "Discard"),)


@CONSTRUCT.slot("forge_read_cost")
def _forge_read_cost(r: ScriptReader, part: str, description: str) -> dict[str, Any] | None:
    """`Discard<N/Card>` of the spell's `Cost$`, its text the `CostDesc$`."""
    match = re.fullmatch(r"Discard<([0-9]+)/Card>", part)
    if not match:
        return None
    return {"kind": CONSTRUCT.kind, "discard": int(match.group(1)),
            "text": description or "As an additional cost to cast this spell, discard a card."}


# ------------------------------------------------------------------------------------------------ XMage

@CONSTRUCT.slot("xmage_block")
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


@CONSTRUCT.slot("xmage_read_cost")
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


# --------------------------------------------------------------------------------------- canonical form

CONSTRUCT.put("canonical_order", 3)


# --------------------------------------------------------------------------------------------- scaffold

@CONSTRUCT.slot("scaffold_guess")
def _scaffold_guess(line: str, spell: bool) -> str | bool:
    return line.startswith("As an additional cost to cast this spell")
