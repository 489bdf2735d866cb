"""The `control` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import Control
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
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


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
