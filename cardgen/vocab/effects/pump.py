"""The `pump` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from cardgen.model.parts import EffectBase, Subject
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.reader import EffectReader
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.model.card import Duration
    from cardgen.text.phrases import ClauseWords


# ------------------------------------------------------------------------------------------ the spec model

class Pump(EffectBase):
    effect: Literal["pump"]
    what: Subject
    power: Annotated[int, Field(ge=-99, le=99)] = 0
    toughness: Annotated[int, Field(ge=-99, le=99)] = 0
    duration: Duration = "end_of_turn"


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("{w:object_sg}{a:also} gets {p:signed}/{t:signed}{d:duration}",
             {"effect": "pump", "what": V("w"), "power": V("p", 0), "toughness": V("t", 0),
              "duration": V("d", "end_of_turn")}),
        Form("{w:subject_pl}{a:also} get {p:signed}/{t:signed}{d:duration}",
             {"effect": "pump", "what": V("w"), "power": V("p", 0), "toughness": V("t", 0),
              "duration": V("d", "end_of_turn")}),
    ],
    "clause": [  # with the keywords "it" / "they" gain in the same clause
        Form("{w:object_sg} gets {p:signed}/{t:signed} and gains {k:keywords}{d:duration}",
             [{"effect": "pump", "what": V("w"), "power": V("p", 0), "toughness": V("t", 0),
               "duration": V("d", "end_of_turn")},
              {"effect": "gain_keyword", "what": {"backref": "it"}, "keywords": V("k"),
               "duration": V("d", "end_of_turn")}]),
        Form("{w:subject_pl} get {p:signed}/{t:signed} and gain {k:keywords}{d:duration}",
             [{"effect": "pump", "what": V("w"), "power": V("p", 0), "toughness": V("t", 0),
               "duration": V("d", "end_of_turn")},
              {"effect": "gain_keyword", "what": {"backref": "them"}, "keywords": V("k"),
               "duration": V("d", "end_of_turn")}]),
    ],
}


def _clause(words: ClauseWords, effect: Pump, subject: Any, target: str | None) -> str | None:
    if target is None:
        return None
    return (f"{target} gets {words.signed(effect.power)}/{words.signed(effect.toughness)} "
            f"{words.durations[effect.duration]}")


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: EffectWriter, e: Pump) -> tuple[str, Params]:
    extra: Params = []
    if e.power:
        extra.append(("NumAtt", w.signed(e.power)))
    if e.toughness:
        extra.append(("NumDef", w.signed(e.toughness)))
    if _curse(e):
        extra.append(("IsCurse", "True"))
    return w.pump_ability(e.what, extra, e.duration)


def _curse(e: Pump) -> bool:
    """A target that only shrinks (-N/-N, -N/-0), not one of yours: `IsCurse$ True`, as Forge's own Disfigure
    and Savor carry on `Pump | ValidTgts$ Creature | NumAtt$ -2 | NumDef$ -2`, so the AI aims it at an
    opponent's creature (without it the AI reads a pump as a boost for its own)."""
    target = getattr(e.what, "target", None)
    shrinks = e.power <= 0 and e.toughness <= 0 and (e.power or e.toughness) != 0
    return target is not None and shrinks and getattr(target, "controller", None) != "you"


def _forge_read(r: NodeReader, subject: Any, timing: dict[str, str]) -> dict[str, Any] | None:
    """The P/T change of a Pump (`NumAtt$`, `NumDef$`), read before its keywords."""
    power, toughness = r.bag.take_int("NumAtt", 0), r.bag.take_int("NumDef", 0)
    if not (power or toughness):
        return None
    return {"effect": "pump", "what": subject, **r.nonzero(power=power, toughness=toughness), **timing}


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("target", "BoostTargetEffect", "power", "toughness", "duration"),
    form("all", "BoostAllEffect", "power", "toughness", "duration", "filter", "const:false"),
    form("self", "BoostSourceEffect", "power", "toughness", "duration"),
)
# XMage's shorter spellings: read, never written (the table lists them after every written form)
_XMAGE_READ_FORMS = (
    form("target", "BoostTargetEffect", "power", "toughness", duration="end_of_turn"),
    # a valiant trigger's "it gets +0/+2 until end of turn" (its text names the creature "it")
    form("self", "BoostSourceEffect", "power", "toughness", "duration", "text:it"),
)


def _xmage_read_boost_controlled(r: EffectReader, value: Any, index: int, node: Any, subject: Any,
                                 zone: str | None) -> dict[str, Any] | None:
    """XMage's boost of its controller's creatures (`BoostControlledEffect`): a pump of every creature (or
    every permanent of its filter) of yours. Read, never written."""
    args = value.args
    if len(args) not in (3, 4, 5):
        return None
    fields: dict[str, Any] = {"zone": "battlefield", "types": ["creature"]}
    if len(args) >= 4:
        fields, _ = r.filters.selector(args[3].flat(), node, "battlefield")
    effect = {"effect": CONSTRUCT.kind, "power": r.integer(args[0], node), "toughness": r.integer(args[1], node),
              "what": {"all": {**fields, "controller": "you"}}}
    if args[2].flat() not in r.durations:
        raise r.ReadError(f"duration {args[2].flat()} not read", node=node)
    effect["duration"] = r.durations[args[2].flat()]
    return effect


# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: Pump) -> list[Entity]:
    """The affected set is locked in as the effect begins (611.2c)."""
    from cardgen.game.actions import start_effect
    from cardgen.game.objects import ContinuousEffect
    objects = [obj for obj in ctx.permanents(effect.what, "what") if obj.chars.is_type("creature")]
    if objects:
        start_effect(ctx.state, ContinuousEffect(
            kind="pump", controller=ctx.controller, duration=effect.duration,
            timestamp=ctx.state.new_timestamp(), objects=tuple(obj.oid for obj in objects),
            power=effect.power, toughness=effect.toughness), f"{effect.power:+d}/{effect.toughness:+d}")
    return [obj.oid for obj in objects]


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="pump", model=Pump, subjects=("what",),
    text=EffectText(
        phrasings=_PHRASINGS,
        antecedents=("what",),
        clause=_clause,
    ),
    forge=ForgeEffect(
        write=_forge,
        read_pump=_forge_read,
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        read_forms=_XMAGE_READ_FORMS,
        continuous=True,
        pointer_stable=True,
        read_classes={"BoostControlledEffect": _xmage_read_boost_controlled},
        # framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
        phrased=frozenset({"BoostTargetEffect"}),
    ),
    rule=OneShot(resolve=_resolve),
)
