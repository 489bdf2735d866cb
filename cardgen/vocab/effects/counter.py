"""The `counter` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import CounterSpell, TargetSubject
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("counter", CounterSpell, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: CounterSpell) -> tuple[str, Params]:
    if not isinstance(e.what, TargetSubject) or e.what.target.zone != "stack":
        raise w.error("counter needs a target on the stack")
    return "Counter", [("TargetType", "Spell"), *w.target(e.what.target, implied_zone="stack")]


@CONSTRUCT.slot("forge_read:Counter")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    if not r.bag.has("TargetType"):
        r.bag.values["TargetType"] = "Spell"
    target = r.targets("stack")
    if target is None:
        raise r.error("FG201", "Counter without a target")
    return [{"effect": "counter", "what": target}]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
