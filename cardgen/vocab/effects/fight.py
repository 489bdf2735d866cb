"""The `fight` effect."""

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
    from cardgen.engines.xmage.lower import CardLowering, Host
    from cardgen.engines.xmage.reader import EffectReader
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.vocab.xmage_forms import Form as XMageForm


# ------------------------------------------------------------------------------------------ the spec model

class Fight(EffectBase):
    effect: Literal["fight"]
    what: Subject
    other: Subject


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("{w:object_sg} fights {o:object_sg}", {"effect": "fight", "what": V("w"), "other": V("o")}),
        Form("those creatures fight each other",
             {"effect": "fight", "what": {"backref": "chosen", "index": 0},
              "other": {"backref": "chosen", "index": 1}},
             parse_only=True),
    ],
}


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: EffectWriter, e: Fight) -> tuple[str, Params]:
    """`Fight | Defined$ <fighter> | ValidTgts$ <the other>`; two targets (Prey Upon) as Forge's own
    scripts write them: a parent `Pump | ValidTgts$ ... | AILogic$ Fight` holds the first and the fight
    names it `Defined$ ParentTarget` (FightEffect reads the fighters from `Defined$` and its own target)."""
    if not isinstance(e.other, TargetSubject):
        raise w.error("fight is written as `what` fighting `other` (a target)")
    if isinstance(e.what, TargetSubject):
        fighter = [("Defined", w.hold_target(e.what.target, [("AILogic", "Fight")]))]
    else:
        fighter = [("Defined", "Self")] if e.what == "self" else w.defined(e.what)
    return "Fight", [*fighter, *w.target(e.other.target)]


def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    """`Defined$` against a target; a `ParentTarget` held by a bare parent `Pump` reads as that target."""
    defined = r.bag.get("Defined")
    target = r.targets()
    if defined is None or target is None:
        raise r.error("FG201", "Fight is read as Defined$ (one fighter) against a target")
    (what,) = r.defined(defined, player=False)
    return [{"effect": "fight", "what": what, "other": target}]


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("target", "FightTargetsEffect", when="fight_targets"),
    form("self", "FightTargetSourceEffect", when="fight_source"),
)


def _xmage_fight_targets(w: CardLowering, host: Host, effect: Fight, zone: str | None) -> bool:
    """`FightTargetsEffect` reads the first two targets of the ability, in order."""
    if isinstance(effect.other, TargetSubject) and not isinstance(effect.what, str):
        first = w.subject_info(host, effect, "what")[1]
        second = host.slot(effect, "other")
        return first is not None and (first.index, second.index) == (0, 1)
    return False


def _xmage_fight_source(w: CardLowering, host: Host, effect: Fight, zone: str | None) -> bool:
    """`FightTargetSourceEffect`: this creature fights the ability's first target."""
    return effect.what == "self" and isinstance(effect.other, TargetSubject) and host.slot(effect, "other").index == 0


def _xmage_read_subject(r: EffectReader, form: XMageForm, effect: dict[str, Any], subject: Any, node: Any) -> None:
    """`FightTargetsEffect`: the first target fights the second; `FightTargetSourceEffect`: this creature
    fights the target."""
    if form.java == "FightTargetsEffect":
        effect["what"] = subject
        effect["other"] = r.slots.subject(1, effect, node, "it", r.state, r.branch)
    else:
        effect["what"] = "self"
        effect["other"] = r.slots.subject(0, effect, node, "it", r.state, r.branch)

# --------------------------------------------------------------------------------------------- resolver


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


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="fight", model=Fight, subjects=("what", "other"),
    text=EffectText(
        phrasings=_PHRASINGS,
        antecedents=("what",),
    ),
    forge=ForgeEffect(
        write=_forge,
        reads={"Fight": _forge_read},
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        pointer_stable=True,
        own_pointers=True,
        stands_alone=True,
        when={"fight_targets": _xmage_fight_targets, "fight_source": _xmage_fight_source},
        covers={"fight_targets": ("other",), "fight_source": ("other",)},  # the other fighter is a target
        read_subject=_xmage_read_subject,
    ),
    rule=OneShot(resolve=_resolve),
)
