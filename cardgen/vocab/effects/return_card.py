"""The `return_card` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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
