"""The `attach` effect."""

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


# ------------------------------------------------------------------------------------------ the spec model

class Attach(EffectBase):
    effect: Literal["attach"]
    what: Subject = "self"
    to: Subject


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("attach {s:self} to {t:object_sg}", {"effect": "attach", "to": V("t")}),
        Form("attach it to {t:object_sg}", {"effect": "attach", "to": V("t")}, parse_only=True),
    ],
}


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: EffectWriter, e: Attach) -> tuple[str, Params]:
    params: Params = [] if e.what == "self" else [("Object", w.defined(e.what)[0][1])]
    return "Attach", [*params, *w.defined(e.to)]


def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    obj = r.bag.get("Object")
    what = "self" if obj is None else r.defined(obj, player=False)[0]
    return [{"effect": "attach", "what": what, "to": to} for to in r.subject(player=False, default=None)]


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("target", "AttachEffect", "const:Outcome.BoostCreature", what="self"),
)

# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: Attach) -> list[Entity]:
    """An attachment that can't legally be attached to the host stays where it is."""
    from cardgen.game.actions import can_attach
    from cardgen.game.events import Attached
    movers = ctx.permanents(effect.what, "what")
    hosts = ctx.permanents(effect.to, "to")
    if not movers or not hosts:
        return []
    mover, host = movers[0], hosts[0]
    if not can_attach(ctx.state, mover, host):
        return []
    mover.attached_to = host.oid
    mover.timestamp = ctx.state.new_timestamp()
    ctx.state.emit(Attached(mover.name, host.name))
    return [host.oid]


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="attach", model=Attach, subjects=("to", "what"),
    text=EffectText(
        phrasings=_PHRASINGS,
        antecedents=("what", "to"),
    ),
    forge=ForgeEffect(
        write=_forge,
        reads={"Attach": _forge_read},
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        pointer_stable=True,
    ),
    rule=OneShot(resolve=_resolve),
)
