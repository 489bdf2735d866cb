"""The `protection` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import EffectBase, Subject
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.lower import CardLowering
    from cardgen.engines.xmage.reader import EffectReader
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.model.card import Duration


# ------------------------------------------------------------------------------------------ the spec model

class Protection(EffectBase):
    effect: Literal["protection"]
    what: Subject
    against: Literal["everything"] = "everything"
    duration: Duration = "end_of_turn"


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("{w:object_sg}{a:also} gains protection from everything{d:duration}",
             {"effect": "protection", "what": V("w"), "duration": V("d", "end_of_turn")}),
        Form("{w:subject_pl}{a:also} gain protection from everything{d:duration}",
             {"effect": "protection", "what": V("w"), "duration": V("d", "end_of_turn")}),
    ],
}


# ------------------------------------------------------------------------------------------------ Forge

FORGE_KEYWORD = "Protection from everything"
"""The keyword a Pump grants for protection from everything."""


def _forge(w: EffectWriter, e: Protection) -> tuple[str, Params]:
    return w.pump_ability(e.what, [("KW", FORGE_KEYWORD)], e.duration)


def _forge_read(r: NodeReader, subject: Any, word: str, parts: list[dict[str, Any]], timing: dict[str, str]) -> bool:
    if word != FORGE_KEYWORD:
        return False
    parts.append({"effect": "protection", "what": subject, **timing})
    return True


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("target", "GainAbilityTargetEffect", "from_everything", "duration", against="everything"),
    form("all", "GainAbilityAllEffect", "from_everything", "duration", "filter", against="everything"),
    form("you", "GainAbilityControllerEffect", "from_everything", "duration", against="everything"),
    form("self", "GainAbilitySourceEffect", "from_everything", "duration", against="everything"),
)


def _xmage_from_everything(w: CardLowering, effect: Protection) -> list[Any]:
    return [w.new(w.use("ProtectionFromEverythingAbility"))]


def _xmage_read_from_everything(r: EffectReader, arg: Any, effect: dict[str, Any], node: Any) -> bool:
    if not (isinstance(arg, r.New) and arg.cls == "ProtectionFromEverythingAbility"):
        raise r.NoMatch("ProtectionFromEverythingAbility")
    return False

# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: Protection) -> list[Entity]:
    """Permanents and players alike gain protection; what it is from is logged, not modelled further."""
    from cardgen.game.actions import start_effect
    from cardgen.game.objects import ContinuousEffect
    objects, players = ctx.permanents_and_players(effect.what, "what")
    if objects or players:
        start_effect(ctx.state, ContinuousEffect(
            kind="protection", controller=ctx.controller, duration=effect.duration,
            timestamp=ctx.state.new_timestamp(), objects=tuple(obj.oid for obj in objects),
            players=tuple(players)), effect.against)
    return [*(obj.oid for obj in objects), *players]


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="protection", model=Protection, subjects=("what",),
    text=EffectText(
        phrasings=_PHRASINGS,
        antecedents=("what",),
    ),
    forge=ForgeEffect(
        write=_forge,
        read_keyword=_forge_read,
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        continuous=True,
        pointer_stable=True,
        args={"from_everything": _xmage_from_everything},
        read_args={"from_everything": _xmage_read_from_everything},
    ),
    rule=OneShot(resolve=_resolve),
)
