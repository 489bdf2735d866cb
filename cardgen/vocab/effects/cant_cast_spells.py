"""The `cant_cast_spells` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import EffectBase, Subject
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.read_model import Bag
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.lower import CardLowering, Host
    from cardgen.engines.xmage.reader import EffectReader
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.model.card import Duration


# ------------------------------------------------------------------------------------------ the spec model

class CantCastSpells(EffectBase):
    effect: Literal["cant_cast_spells"]
    who: Subject = "each_player"
    duration: Duration = "end_of_turn"


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("{who:players} can't cast spells{d:this_turn}",
             {"effect": "cant_cast_spells", "who": V("who", "each_player"), "duration": V("d", "end_of_turn")}),
    ],
    "players": [Form("players", "each_player"), Form("your opponents", "each_opponent"), Form("you", "you")],
}


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: EffectWriter, e: CantCastSpells) -> tuple[str, Params]:
    caster = w.player_group(e.who)
    if caster is None:
        raise w.error("cant_cast_spells applies to you, each player or each opponent")
    name = w.defer_static("STCantBeCast", "CantBeCast", [("ValidCard", "Card"), ("Caster", caster)],
                          "Spells can't be cast.")
    return "Effect", [("StaticAbilities", name), *w.timing(e.duration)]


def _forge_read(r: NodeReader, static: Bag, duration: str | None) -> dict[str, Any] | None:
    if static.peek("Mode") != "CantBeCast":
        return None
    players = r.player_group(static.get("Caster", "You"))
    if static.get("ValidCard") != "Card" or players is None:
        raise r.error("FG203", f"{static.where}: only CantBeCast for you, each player or each opponent is read")
    timing = r.timing(duration)
    if timing is None:
        raise r.error("FG203", f"Duration$ {duration} for CantBeCast")
    return {"effect": "cant_cast_spells", "who": players, **timing}


# ------------------------------------------------------------------------------------------------ XMage


_CONTROLLERS = {"each_player": "ANY", "each_opponent": "OPPONENT", "you": "YOU"}


def _xmage_framework(w: CardLowering, host: Host, effect: CantCastSpells, **_: Any) -> tuple[Any, bool, None]:
    """The card's own rule-modifying effect (XMage has no framework "can't cast spells this turn")."""
    if not isinstance(effect.who, str) or effect.who not in _CONTROLLERS:
        raise w.Unsupported("`cant_cast_spells` renders for `each_player`, `each_opponent` or `you`")
    name = w.shared_class("CantCastEffect", "cant_cast_effect.java.j2",
                          ("ContinuousRuleModifyingEffectImpl", "TargetController", "Duration", "Outcome",
                           "GameEvent", "Game", "Ability"))
    return w.new(name, w.const(f"TargetController.{_CONTROLLERS[effect.who]}"), w.duration(effect.duration)), True, None


def _xmage_read_local(r: EffectReader, decl: Any, value: Any, node: Any, source: str) -> dict[str, Any] | None:
    """The card's own `ContinuousRuleModifyingEffectImpl` that stops `CAST_SPELL` (what the writer makes)."""
    if decl.superclass != "ContinuousRuleModifyingEffectImpl" or len(value.args) != 2 or "CAST_SPELL" not in source:
        return None
    who = {f"TargetController.{java}": word for word, java in _CONTROLLERS.items()}.get(value.args[0].flat())
    duration = r.durations.get(value.args[1].flat())
    if who is None or duration is None:
        raise r.ReadError(f"can't-cast effect arguments not understood: {value.flat()}", node=node)
    return {"effect": CONSTRUCT.kind, "who": who, "duration": duration}

# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: CantCastSpells) -> list[Entity]:
    """A player-wide effect for its duration; casting asks for it before a spell is put on the stack."""
    from cardgen.game.actions import start_effect
    from cardgen.game.objects import ContinuousEffect
    who = ctx.players(effect.who, "who")
    start_effect(ctx.state, ContinuousEffect(
        kind="cant_cast", controller=ctx.controller, duration=effect.duration,
        timestamp=ctx.state.new_timestamp(), players=tuple(who)), "")
    return list(who)


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="cant_cast_spells", model=CantCastSpells, subjects=("who",),
    text=EffectText(phrasings=_PHRASINGS),
    forge=ForgeEffect(
        write=_forge,
        read_static=_forge_read,
    ),
    xmage=XMageEffect(
        continuous=True,
        framework=_xmage_framework,
        stands_alone=True,
        read_local=_xmage_read_local,
    ),
    rule=OneShot(resolve=_resolve),
)
