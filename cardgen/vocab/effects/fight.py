"""The `fight` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import Fight, TargetSubject
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("fight", Fight, subjects=("what", "other"))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Fight) -> tuple[str, Params]:
    if isinstance(e.what, TargetSubject) or not isinstance(e.other, TargetSubject):
        raise w.error("fight is written as `what` (not a target) fighting `other` (a target)")
    fighter = [("Defined", "Self")] if e.what == "self" else w.defined(e.what)
    return "Fight", [*fighter, *w.target(e.other.target)]


@CONSTRUCT.slot("forge_read:Fight")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    defined = r.bag.get("Defined")
    target = r.targets()
    if defined is None or target is None:
        raise r.error("FG201", "Fight is read as Defined$ (one fighter) against a target")
    (what,) = r.defined(defined, player=False)
    return [{"effect": "fight", "what": what, "other": target}]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
