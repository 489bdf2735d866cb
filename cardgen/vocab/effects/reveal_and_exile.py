"""The `reveal_and_exile` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import RevealAndExile, TargetSubject
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("reveal_and_exile", RevealAndExile, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

CONSTRUCT.put("forge_remembers", True)
CONSTRUCT.put("forge_moves_to", "exile")


@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: RevealAndExile) -> tuple[str, Params]:
    if e.filter.zone != "hand":
        raise w.error("reveal_and_exile chooses from the hand")
    params: Params = [("Origin", "Hand"), ("Destination", "Exile")]
    if isinstance(e.who, TargetSubject):
        params += [("DefinedPlayer", "Targeted"), *w.target(e.who.target)]
    elif (player := w.player_word(e.who)) is not None:
        params.append(("DefinedPlayer", player))
    else:
        raise w.error("reveal_and_exile needs a player")
    params += [("Chooser", "You"), ("ChangeType", w.valid(e.filter)), *w.number("ChangeNum", e.amount)]
    if isinstance(e.who, TargetSubject):
        params.append(("IsCurse", "True"))  # ChangeZoneAi: the targeted player is hurt, not helped
    params.append(("Mandatory", "True"))
    return "ChangeZone", params


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
