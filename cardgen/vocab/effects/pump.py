"""The `pump` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import Pump
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.engines.xmage.reader import EffectReader

CONSTRUCT = EffectConstruct("pump", Pump, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "BoostTargetEffect", "power", "toughness", "duration"),
    form("all", "BoostAllEffect", "power", "toughness", "duration", "filter", "const:false"),
    form("self", "BoostSourceEffect", "power", "toughness", "duration"),
))
# XMage's shorter spellings: read, never written (the table lists them after every written form)
CONSTRUCT.put("xmage_read_forms", (
    form("target", "BoostTargetEffect", "power", "toughness", duration="end_of_turn"),
))
CONSTRUCT.put("xmage_continuous", True)
CONSTRUCT.put("xmage_pointer_stable", True)


@CONSTRUCT.slot("xmage_read:BoostControlledEffect")
def _xmage_read_boost_controlled(r: EffectReader, value: Any, index: int, node: Any, subject: Any,
                                 zone: str | None) -> dict[str, Any] | None:
    """XMage's boost of its controller's creatures (`BoostControlledEffect`): a pump of every creature (or
    every permanent of its filter) of yours. Read, never written."""
    args = value.args
    if len(args) not in (3, 4, 5):
        return None
    fields: dict[str, Any] = {"zone": "battlefield", "types": ["creature"]}
    if len(args) >= 4:
        fields, _ = r.filters.selector(args[3].flat(), node, "battlefield")
    effect = {"effect": CONSTRUCT.kind, "power": r.integer(args[0], node), "toughness": r.integer(args[1], node),
              "what": {"all": {**fields, "controller": "you"}}}
    if args[2].flat() not in r.durations:
        raise r.ReadError(f"duration {args[2].flat()} not read", node=node)
    effect["duration"] = r.durations[args[2].flat()]
    return effect


# framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
CONSTRUCT.put("xmage_phrased", frozenset({"BoostTargetEffect"}))

# --------------------------------------------------------------------------------------------- resolver
