"""The `reveal_and_exile` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import RevealAndExile, TargetSubject
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
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


@CONSTRUCT.slot("forge_read:ChangeZone")
def _forge_read(r: NodeReader) -> list[dict[str, Any]] | None:
    """You choose cards from a player's hand to exile (ChangeZone is shared: see `read_apis`)."""
    move = r.zone_change()
    bag = r.bag
    if not (move.hidden and move.origin == "hand" and move.destination == "exile" and bag.peek("Chooser") == "You"):
        return None
    bag.get("Chooser")
    target = r.targets()
    defined_player = bag.get("DefinedPlayer")
    if target is not None:
        if defined_player != "Targeted" or "player" not in target["target"]:
            raise r.error("FG201", "a hand to choose from must be a targeted player's (DefinedPlayer$ Targeted)")
        who: Any = target
    elif (player := r.player_word(defined_player)) is not None:
        who = player
    else:
        raise r.error("FG203", f"DefinedPlayer$ {defined_player}")
    if bag.get("Mandatory") != "True":
        raise r.error("FG201", "choosing from a hand without Mandatory$ True ('up to') has no spec form")
    parsed = r.valid(bag.get("ChangeType") or "Card", "hand")
    amount = bag.take_int("ChangeNum", 1)
    return [r.with_amount({"effect": "reveal_and_exile", "who": who, "filter": {"zone": "hand", **parsed.fields}},
                          amount=amount)]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
