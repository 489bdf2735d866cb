"""The `sacrifice` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import ObjectFilter, Sacrifice, TargetSubject
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("sacrifice", Sacrifice, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Sacrifice) -> tuple[str, Params]:
    extra = ("greatestPowerControlledByTargeted",) if e.choice == "greatest_power" else ()
    if extra and not isinstance(e.who, TargetSubject):
        raise w.error("'the greatest power' is written for a targeted player only")
    return "Sacrifice", [*w.defined(e.who, player=True), ("SacValid", w.valid(e.filter, extra=extra)),
                         ("SacMessage", _forge_message(w, e.filter, greatest_power=bool(extra))),
                         *w.number("Amount", e.amount)]


def _forge_message(w: EffectWriter, selector: ObjectFilter, greatest_power: bool) -> str:
    """`SacMessage$`, what the player is asked to sacrifice: a prompt Forge's own scripts carry (Consumed by
    Greed: "the creature with the greatest power")."""
    phrase = w.noun_phrase(selector)
    return f"the {phrase} with the greatest power" if greatest_power else phrase


@CONSTRUCT.slot("forge_read:Sacrifice")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    parsed = r.valid(r.bag.get("SacValid") or "Card", allowed={"greatestPowerControlledByTargeted"})
    choice = "greatest_power" if "greatestPowerControlledByTargeted" in parsed.flags else "any"
    amount = r.bag.take_int("Amount", 1)
    effects = []
    for who in r.subject(player=True, default="you"):
        if choice == "greatest_power" and not (isinstance(who, dict) and "target" in who):
            raise r.error("FG203", "greatestPowerControlledByTargeted without a targeted player")
        effect = r.with_amount({"effect": "sacrifice", "who": who, "filter": parsed.fields}, amount=amount)
        if choice != "any":
            effect["choice"] = choice
        effects.append(effect)
    return effects


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
