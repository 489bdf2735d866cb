"""The `damage` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import Damage, RefSubject
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("damage", Damage, subjects=("to",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

CONSTRUCT.put("forge_damage_map", True)
"""Damage marked `simultaneous` joins the damage before it in one Forge damage map (one damage event)."""


@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Damage) -> tuple[str, Params]:
    if (selector := w.all_of(e.to)) is not None:
        return "DamageAll", [("ValidCards", w.valid(selector)), ("NumDmg", str(e.amount))]
    if isinstance(e.to, str):  # DealDamage has no obvious default: always say who
        word = w.player_word(e.to) or w.object_word(e.to)
        if word is None:
            raise w.error(f"unknown subject {e.to!r}")
        defined: Params = [("Defined", word)]
    else:
        defined = w.defined(e.to, player=isinstance(e.to, RefSubject) and e.to.relation != "it")
    return "DealDamage", [*defined, ("NumDmg", str(e.amount))]


@CONSTRUCT.slot("forge_read:DealDamage")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    amount = r.bag.take_int("NumDmg", 0)
    return _forge_event(r, [{"effect": "damage", "amount": amount, "to": to}
                            for to in r.subject(player=False, default=None)])


@CONSTRUCT.slot("forge_read:DamageAll")
def _forge_read_all(r: NodeReader) -> list[dict[str, Any]]:
    return _forge_event(r, [{"effect": "damage", "amount": r.bag.take_int("NumDmg", 0), "to": r.all_of("ValidCards")}])


def _forge_event(r: NodeReader, effects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Damage dealt in the damage event of the damage before it (a Forge damage map) is `simultaneous`."""
    for effect, joined in zip(effects, r.damage_event(len(effects)), strict=True):
        if joined:
            effect["simultaneous"] = True
    return effects


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
