"""The `sacrifice` effect."""

from __future__ import annotations

from typing import Any

from cardgen.spec.model import Sacrifice
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.forms import Form, form

CONSTRUCT = EffectConstruct("sacrifice", Sacrifice, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "SacrificeEffect", "sacrifice_filter", "amount", "pretext"),
    form("each_player", "SacrificeAllEffect", "amount", "sacrifice_filter"),
    form("each_opponent", "SacrificeOpponentsEffect", "amount", "sacrifice_filter"),
    form("you", "SacrificeControllerEffect", "sacrifice_filter", "amount", "text:"),
))

@CONSTRUCT.slot("xmage_read_finish")
def _xmage_read_finish(form: Form, effect: dict[str, Any], greatest: bool) -> None:
    """The sacrifice filter says whether the player chooses among the greatest power."""
    effect["choice"] = "greatest_power" if greatest else "any"

# --------------------------------------------------------------------------------------------- resolver
