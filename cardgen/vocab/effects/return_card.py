"""The `return_card` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.game import zones
from cardgen.game.context import Context
from cardgen.game.objects import Entity
from cardgen.spec.model import ReturnCard
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.canonical import CanonicalForms

CONSTRUCT = EffectConstruct("return_card", ReturnCard, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("return {w:object} to your hand", {"effect": "return_card", "what": V("w"), "to": "hand"}),
        Form("return {w:object} to the battlefield{u:under}{c:with_counters}",
             {"effect": "return_card", "what": V("w"), "to": "battlefield", "under": V("u", "owner"),
              "counters": V("c", [])}),
    ],
    "under": [Form("", "owner"), Form(" under its owner's control", "owner", parse_only=True),
              Form(" under your control", "you")],
    "with_counters": [
        Form("", []), Form(" with a {c:counter_kind} counter on it", [{"counter": V("c")}]),
        Form(" with {n:count} {c:counter_kind} counters on it", [{"counter": V("c"), "amount": V("n")}]),
    ],
})


CONSTRUCT.put("text_antecedents", ("what",))


@CONSTRUCT.slot("canonical")
def _canonical(forms: CanonicalForms, effect: dict[str, Any]) -> None:
    if effect.get("under") == "you" and forms.owned_by_you(effect["what"]):
        effect["under"] = "owner"  # "under your control" of a card you own is "under its owner's control"


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: ReturnCard) -> list[Entity]:
    """From a graveyard or exile to a hand or the battlefield; only permanent cards can be put onto the
    battlefield."""
    state = ctx.state
    counters = {spec.counter: spec.amount for spec in effect.counters}
    moved: list[Entity] = []
    for obj in ctx.objects(effect.what, "what"):
        if obj.zone not in ("graveyard", "exile"):
            continue
        if effect.to == "battlefield":
            if not obj.chars.is_permanent_card:
                continue
            controller = ctx.controller if effect.under == "you" else obj.owner
            new = zones.move(state, obj.oid, "battlefield", controller=controller, counters=counters)
        else:
            new = zones.move(state, obj.oid, "hand")
        if new is not None:
            moved.append(new.oid)
    return moved
