"""The `control` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import Control
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.read_model import Bag
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("control", Control, subjects=("affected",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_static")
def _forge(b: ScriptBuilder, e: Control) -> Params:
    return [("GainControl", "You")]


@CONSTRUCT.slot("forge_hints")
def _forge_hints(b: ScriptBuilder, e: Control) -> list[tuple[str, str]]:
    """An Aura that steals what it enchants (Kitnap): the AI attaches it to steal."""
    return [("AttachAILogic", "GainControl")] if e.affected == "enchanted" and b.enchants else []


@CONSTRUCT.slot("forge_read_continuous")
def _forge_read(r: ScriptReader, bag: Bag, affected: Any) -> dict[str, Any] | None:
    control = bag.get("GainControl")
    if control is None:
        return None
    if control != "You":
        raise r.error("FG201", f"S: GainControl$ {control}")
    return {"effect": "control", "affected": affected}


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
