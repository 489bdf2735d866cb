"""The `fight` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.model.card import Fight, TargetSubject
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.lower import CardLowering, Host
    from cardgen.engines.xmage.reader import EffectReader
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.vocab.xmage_forms import Form as XMageForm

CONSTRUCT = EffectConstruct("fight", Fight, subjects=("what", "other"))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("{w:object_sg} fights {o:object_sg}", {"effect": "fight", "what": V("w"), "other": V("o")}),
        Form("those creatures fight each other",
             {"effect": "fight", "what": {"backref": "chosen", "index": 0},
              "other": {"backref": "chosen", "index": 1}},
             parse_only=True),
    ],
})


CONSTRUCT.put("text_antecedents", ("what",))


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Fight) -> tuple[str, Params]:
    if isinstance(e.what, TargetSubject) or not isinstance(e.other, TargetSubject):
        raise w.error("fight is written as `what` (not a target) fighting `other` (a target)")
    fighter = [("Defined", "Self")] if e.what == "self" else w.defined(e.what)
    return "Fight", [*fighter, *w.target(e.other.target)]


@CONSTRUCT.slot("forge_read:Fight")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    defined = r.bag.get("Defined")
    target = r.targets()
    if defined is None or target is None:
        raise r.error("FG201", "Fight is read as Defined$ (one fighter) against a target")
    (what,) = r.defined(defined, player=False)
    return [{"effect": "fight", "what": what, "other": target}]


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "FightTargetsEffect", when="fight_targets"),
    form("self", "FightTargetSourceEffect", when="fight_source"),
))
CONSTRUCT.put("xmage_pointer_stable", True)

CONSTRUCT.put("xmage_own_pointers", True)
CONSTRUCT.put("xmage_stands_alone", True)


@CONSTRUCT.slot("xmage_when:fight_targets")
def _xmage_fight_targets(w: CardLowering, host: Host, effect: Fight, zone: str | None) -> bool:
    """`FightTargetsEffect` reads the first two targets of the ability, in order."""
    if isinstance(effect.other, TargetSubject) and not isinstance(effect.what, str):
        first = w.subject_info(host, effect, "what")[1]
        second = host.slot(effect, "other")
        return first is not None and (first.index, second.index) == (0, 1)
    return False


@CONSTRUCT.slot("xmage_when:fight_source")
def _xmage_fight_source(w: CardLowering, host: Host, effect: Fight, zone: str | None) -> bool:
    """`FightTargetSourceEffect`: this creature fights the ability's first target."""
    return effect.what == "self" and isinstance(effect.other, TargetSubject) and host.slot(effect, "other").index == 0


@CONSTRUCT.slot("xmage_read_subject")
def _xmage_read_subject(r: EffectReader, form: XMageForm, effect: dict[str, Any], subject: Any, node: Any) -> None:
    """`FightTargetsEffect`: the first target fights the second; `FightTargetSourceEffect`: this creature
    fights the target."""
    if form.java == "FightTargetsEffect":
        effect["what"] = subject
        effect["other"] = r.slots.subject(1, effect, node, "it", r.state, r.branch)
    else:
        effect["what"] = "self"
        effect["other"] = subject

# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Fight) -> list[Entity]:
    """Each creature deals damage equal to its power to the other (701.14); if either is no longer a
    creature on the battlefield, no damage is dealt."""
    from cardgen.game import continuous
    from cardgen.game.actions import deal_damage
    from cardgen.game.events import Fought
    state = ctx.state
    first = [e for e in ctx.subject(effect.what, "what") if isinstance(e, int)]
    second = [e for e in ctx.subject(effect.other, "other") if isinstance(e, int)]
    pair = [state.live(first[0]) if first else None, state.live(second[0]) if second else None]
    if any(obj is None or obj.zone != "battlefield" or obj.phased_out or not obj.chars.is_type("creature")
           for obj in pair):
        return []
    one, two = pair[0], pair[1]
    assert one is not None and two is not None
    if one.oid == two.oid:
        return []
    power_one = continuous.view(state, one).power or 0
    power_two = continuous.view(state, two).power or 0
    state.emit(Fought(one.name, two.name))
    deal_damage(state, one.name, one, two.oid, power_one)
    deal_damage(state, two.name, two, one.oid, power_two)
    return [one.oid, two.oid]
