"""The `counter` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import EffectBase, Subject, TargetSubject
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.text.phrases import ClauseWords


# ------------------------------------------------------------------------------------------ the spec model

class CounterSpell(EffectBase):
    effect: Literal["counter"]
    what: Subject


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [Form("counter {w:object}", {"effect": "counter", "what": V("w")})],
}


def _clause(words: ClauseWords, effect: CounterSpell, subject: Any, target: str | None) -> str | None:
    return f"counter {target}" if target is not None and subject.target.player is None else None


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: EffectWriter, e: CounterSpell) -> tuple[str, Params]:
    if not isinstance(e.what, TargetSubject) or e.what.target.zone != "stack":
        raise w.error("counter needs a target on the stack")
    return "Counter", [("TargetType", "Spell"), *w.target(e.what.target, implied_zone="stack")]


def _forge_read(r: NodeReader) -> list[dict[str, Any]] | None:
    if r.bag.peek("UnlessCost") is not None:
        return None  # "unless its controller pays": counter_unless_pays
    if not r.bag.has("TargetType"):
        r.bag.values["TargetType"] = "Spell"
    target = r.targets("stack")
    if target is None:
        raise r.error("FG201", "Counter without a target")
    return [{"effect": "counter", "what": target}]


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("target", "CounterTargetEffect"),
)


# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: CounterSpell) -> list[Entity]:
    """Only what is still on the stack is countered; it goes to its owner's graveyard."""
    from cardgen.game import zones
    from cardgen.game.events import Countered
    countered: list[Entity] = []
    for obj in ctx.objects(effect.what, "what"):
        if obj.zone != "stack":
            continue
        ctx.state.emit(Countered(obj.name, obj.controller, ctx.source_name))
        new = zones.move(ctx.state, obj.oid, "graveyard")
        if new is not None:
            countered.append(new.oid)
    return countered


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="counter", model=CounterSpell, subjects=("what",),
    text=EffectText(
        phrasings=_PHRASINGS,
        antecedents=("what",),
        clause=_clause,
    ),
    forge=ForgeEffect(
        write=_forge,
        reads={"Counter": _forge_read},
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        # framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
        phrased=frozenset({"CounterTargetEffect"}),
    ),
    rule=OneShot(resolve=_resolve),
)
