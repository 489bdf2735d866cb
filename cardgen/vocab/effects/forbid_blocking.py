"""The `forbid_blocking` effect: "target creature an opponent controls can't block this turn" (509.1b: a
restriction on declaring blockers, for the effect's duration; 611.2c: the creatures it affects are locked in
as it resolves)."""

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
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.model.card import Duration


# ------------------------------------------------------------------------------------------ the spec model

class ForbidBlocking(EffectBase):
    """The creatures `what` names can't block for the duration."""

    effect: Literal["forbid_blocking"]
    what: Subject
    duration: Duration = "end_of_turn"


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("{w:object_sg} can't block{d:this_turn}",
             {"effect": "forbid_blocking", "what": V("w"), "duration": V("d", "end_of_turn")}),
        Form("{w:subject_pl} can't block{d:this_turn}",
             {"effect": "forbid_blocking", "what": V("w"), "duration": V("d", "end_of_turn")}),
    ],
}


# ------------------------------------------------------------------------------------------------ Forge

FORGE_KEYWORD = "HIDDEN CARDNAME can't block."
"""The keyword a Pump grants for "can't block" (CombatUtil.canBlock asks the blocker for it), as Forge's
own War Squeak writes it; `IsCurse$ True`: the AI aims it at an opponent's creature."""


def _forge(w: EffectWriter, e: ForbidBlocking) -> tuple[str, Params]:
    return w.pump_ability(e.what, [("KW", FORGE_KEYWORD), ("IsCurse", "True")], e.duration)


def _forge_read_keyword(r: NodeReader, subject: Any, word: str, parts: list[dict[str, Any]],
                        timing: dict[str, str]) -> bool:
    if word not in (FORGE_KEYWORD, "CARDNAME can't block."):
        return False
    parts.append({"effect": CONSTRUCT.kind, "what": subject, **timing})
    return True


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("target", "CantBlockTargetEffect", "duration"),
)

# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: ForbidBlocking) -> list[Entity]:
    """A restriction on the creatures named as it resolves, for its duration (611.2c); declaring blockers
    asks for it (`cardgen.resolver.combat`)."""
    from cardgen.game.actions import start_effect
    from cardgen.game.objects import ContinuousEffect
    objects = ctx.objects(effect.what, "what")
    if objects:
        start_effect(ctx.state, ContinuousEffect(
            kind="restriction", controller=ctx.controller, duration=effect.duration,
            timestamp=ctx.state.new_timestamp(), objects=tuple(obj.oid for obj in objects),
            restriction=("cant_block", 0)), "can't block")
    return [obj.oid for obj in objects]


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="forbid_blocking", model=ForbidBlocking, subjects=("what",),
    text=EffectText(phrasings=_PHRASINGS, antecedents=("what",)),
    forge=ForgeEffect(
        write=_forge,
        read_keyword=_forge_read_keyword,
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        continuous=True,
    ),
    rule=OneShot(resolve=_resolve),
)
