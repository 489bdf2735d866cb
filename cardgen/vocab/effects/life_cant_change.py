"""The `life_cant_change` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import EffectBase, Subject
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.read_model import Bag
    from cardgen.engines.forge.syntax import Params
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.model.card import Duration


# ------------------------------------------------------------------------------------------ the spec model

class LifeCantChange(EffectBase):
    effect: Literal["life_cant_change"]
    who: Subject = "you"
    duration: Duration = "end_of_turn"


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("your life total can't change{d:this_turn}",
             {"effect": "life_cant_change", "duration": V("d", "end_of_turn")}),
    ],
}


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: EffectWriter, e: LifeCantChange) -> tuple[str, Params]:
    """An Effect carrying Forge's `CantChangeLife` static (rule 119.7-8: no gain, no loss, no paying)."""
    players = w.player_group(e.who)
    if players is None:
        raise w.error("life_cant_change applies to you, each player or each opponent")
    name = w.defer_static("STCantChangeLife", "CantChangeLife", [("ValidPlayer", players)], "Life totals can't change.")
    return "Effect", [("StaticAbilities", name), *w.timing(e.duration)]


FORGE_KEYWORD = "Your life total can't change."
"""The same, as a keyword a Pump grants a player (Forge's own scripts of the Teferi's Protection kind)."""


def _forge_read_keyword(r: NodeReader, subject: Any, word: str, parts: list[dict[str, Any]],
                        timing: dict[str, str]) -> bool:
    if word != FORGE_KEYWORD:
        return False
    parts.append({"effect": "life_cant_change", "who": subject, **timing})
    return True


def _forge_read(r: NodeReader, static: Bag, duration: str | None) -> dict[str, Any] | None:
    if static.peek("Mode") != "CantChangeLife":
        return None
    players = r.player_group(static.get("ValidPlayer", "You"))
    if players is None:
        raise r.error("FG203", f"{static.where}: only CantChangeLife for you, each player or each opponent is read")
    timing = r.timing(duration)
    if timing is None:
        raise r.error("FG203", f"Duration$ {duration} for CantChangeLife")
    return {"effect": "life_cant_change", "who": players, **timing}


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("you", "LifeTotalCantChangeControllerEffect", "duration"),
)

# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: LifeCantChange) -> list[Entity]:
    """A player-wide effect for its duration; `change_life` asks for it before any gain or loss."""
    from cardgen.game.actions import start_effect
    from cardgen.game.objects import ContinuousEffect
    who = ctx.players(effect.who, "who")
    start_effect(ctx.state, ContinuousEffect(
        kind="life_cant_change", controller=ctx.controller, duration=effect.duration,
        timestamp=ctx.state.new_timestamp(), players=tuple(who)), "")
    return list(who)


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="life_cant_change", model=LifeCantChange, subjects=("who",),
    text=EffectText(phrasings=_PHRASINGS),
    forge=ForgeEffect(
        write=_forge,
        read_keyword=_forge_read_keyword,
        read_static=_forge_read,
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        continuous=True,
    ),
    rule=OneShot(resolve=_resolve),
)
