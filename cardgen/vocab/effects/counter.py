"""The `counter` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.model.card import CounterSpell, TargetSubject
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.text.phrases import ClauseWords

CONSTRUCT = EffectConstruct("counter", CounterSpell, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [Form("counter {w:object}", {"effect": "counter", "what": V("w")})],
})


CONSTRUCT.put("text_antecedents", ("what",))


@CONSTRUCT.slot("text_clause")
def _clause(words: ClauseWords, effect: CounterSpell, subject: Any, target: str | None) -> str | None:
    return f"counter {target}" if target is not None and subject.target.player is None else None


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: CounterSpell) -> tuple[str, Params]:
    if not isinstance(e.what, TargetSubject) or e.what.target.zone != "stack":
        raise w.error("counter needs a target on the stack")
    return "Counter", [("TargetType", "Spell"), *w.target(e.what.target, implied_zone="stack")]


@CONSTRUCT.slot("forge_read:Counter")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    if not r.bag.has("TargetType"):
        r.bag.values["TargetType"] = "Spell"
    target = r.targets("stack")
    if target is None:
        raise r.error("FG201", "Counter without a target")
    return [{"effect": "counter", "what": target}]


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "CounterTargetEffect"),
))

# framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
CONSTRUCT.put("xmage_phrased", frozenset({"CounterTargetEffect"}))

# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
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
