"""The `bite` effect: "it deals damage equal to its power to target creature you don't control" (and "equal
to twice its power", Polliwallop: `twice`, the amount doubled as the effect resolves, 608.2h).

One creature (`what`, not the spell) is the source of the damage (120.3: "... deals damage equal to its
power" makes that creature the source, so its deathtouch and lifelink apply, 702.2b, 702.15b), as much as
its power as the effect resolves (608.2h). Unlike a fight (701.14) the other creature deals none back. If
the creature that would deal the damage is gone or is no longer a creature, no damage is dealt (Rabid Gnaw's
ruling: "If the creature you control is an illegal target as Rabid Gnaw tries to resolve, it won't deal
damage"); an illegal target of `to` is not damaged (608.2b).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import EffectBase, RefSubject, Subject, TargetSubject
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

class Bite(EffectBase):
    """`what` deals damage equal to its power to `to`."""

    effect: Literal["bite"]
    what: Subject
    to: Subject
    twice: bool = False
    """"deals damage equal to twice its power": twice the creature's power as the effect resolves."""


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("{w:object_sg} deals damage equal to its power to {to:damage_to}",
             {"effect": "bite", "what": V("w"), "to": V("to")}),
        Form("{w:object_sg} deals damage equal to twice its power to {to:damage_to}",
             {"effect": "bite", "what": V("w"), "to": V("to"), "twice": True}),
    ],
}


def _normal(effect: dict[str, Any]) -> dict[str, Any]:
    """"It deals damage equal to its power to ..." where "it" is the ability's own source (a dies trigger's
    creature): the source's damage, as much as its power (`{count: source_power}`, 608.2h), one effect."""
    if effect.get("what") != "self" or effect.get("twice"):
        return effect
    damage = {key: value for key, value in effect.items() if key not in ("effect", "what", "to")}
    return {"effect": "damage", "amount": {"count": "source_power"}, "to": effect["to"], **damage}


# ------------------------------------------------------------------------------------------------ Forge

_POWER_OF = {"ParentTarget": "ParentTargeted$CardPower", "Targeted": "Targeted$CardPower", "Self": "Count$CardPower"}
"""Forge's count of the power of the damage source a `DamageSource$` names (its own Rabid Bite:
`DamageSource$ ParentTarget | NumDmg$ X | SVar:X:ParentTargeted$CardPower`)."""

_TWICE = "/Twice"
"""The count's math suffix doubling it (AbilityUtils.doXMath: `Twice` multiplies by 2; Forge's own Polliwallop:
`SVar:Y:ParentTargeted$CardPower/Twice`)."""


def _forge(w: EffectWriter, e: Bite) -> tuple[str, Params]:
    """`DealDamage | ValidTgts$ ... | NumDmg$ X | DamageSource$ ParentTarget` with `SVar:X:ParentTargeted$CardPower`:
    the creature an earlier ability targeted deals the damage (Forge writes the dealer as that ability's
    target, a `Pump` without changes in its own Rabid Bite). A dealer that is itself a target ("target
    creature you control deals damage equal to its power to ...") is held by such a parent `Pump`
    (`hold_target`), with `AILogic$ PowerDmg` on both abilities as Forge's own Rabid Bite carries it."""
    if not isinstance(e.to, TargetSubject):
        raise w.error("bite is written as `what` (itself, a target, or what an earlier effect targeted) dealing "
                      "damage to `to` (a target)")
    hints: Params = []
    if isinstance(e.what, TargetSubject):
        hints = [("AILogic", "PowerDmg")]
        source = w.hold_target(e.what.target, hints)
    elif e.what == "self":
        source = "Self"
    elif isinstance(e.what, RefSubject) and e.what.relation == "it":
        source = w.ref_defined(e.what)
    else:
        raise w.error(f"no Forge damage source for {e.what!r}")
    power = _POWER_OF.get(source)
    if power is None:
        raise w.error(f"no Forge count of the power of DamageSource$ {source}")
    if e.twice:
        power += _TWICE
    return "DealDamage", [*w.target(e.to.target), *hints, ("NumDmg", w.amount_svar(power)),
                          ("DamageSource", source)]


def _forge_read(r: NodeReader) -> list[dict[str, Any]] | None:
    source = r.bag.get("DamageSource")
    if source is None:
        return None  # plain damage, whose source is the card (the `damage` effect)
    count = r.bag.get("NumDmg")
    body = r.reader.svars.get(count) if count is not None else None
    twice = body is not None and body.endswith(_TWICE)
    if twice and body is not None:
        body = body[: -len(_TWICE)]
    if source not in _POWER_OF or count is None or body != _POWER_OF[source]:
        raise r.error("FG203", f"DealDamage with DamageSource$ {source} reads as damage equal to that source's "
                               "power only")
    r.reader.used_svars.add(count)
    target = r.targets()
    if target is None:
        raise r.error("FG201", "DealDamage from another source is read with a target to damage")
    (what,) = r.defined(source, player=False)
    effect = {"effect": "bite", "what": what, "to": target}
    if twice:
        effect["twice"] = True
    return [effect]


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("target", "DamageWithPowerFromOneToAnotherTargetEffect", when="bite_targets"),
    # XMage's own Polliwallop: `new DamageWithPowerFromOneToAnotherTargetEffect("", 2)`, the multiplier after
    # the first target's name
    form("target", "DamageWithPowerFromOneToAnotherTargetEffect", "no_first_target_name", "multiplier",
         when="bite_targets", twice=True),
)
_XMAGE_READ_FORMS = (
    # XMage's own Rabid Gnaw: `new DamageWithPowerFromOneToAnotherTargetEffect("Then it")`, the words its text
    # names the first target with (only text)
    form("target", "DamageWithPowerFromOneToAnotherTargetEffect", "first_target_name", when="bite_targets"),
)


def _xmage_first_target_name(w: CardLowering, effect: Bite) -> list[Any]:
    """The words XMage's text names the dealing creature with ("Then it"); written by no form of ours (a
    `setText` gives the whole text instead), read in XMage's own classes."""
    return [w.Str("it")]


def _xmage_read_first_target_name(r: EffectReader, arg: Any, effect: dict[str, Any], node: Any) -> bool:
    if not isinstance(arg, r.Str):
        raise r.NoMatch("the first target's name")
    return False


def _xmage_no_first_target_name(w: CardLowering, effect: Bite) -> list[Any]:
    """The empty name XMage's own Polliwallop gives the first target (its text is then the card's)."""
    return [w.Str("")]


def _xmage_multiplier(w: CardLowering, effect: Bite) -> list[Any]:
    """The multiplier of the power (2: "twice its power")."""
    return [w.Raw("2")]


def _xmage_read_multiplier(r: EffectReader, arg: Any, effect: dict[str, Any], node: Any) -> bool:
    if not (isinstance(arg, r.Raw) and arg.text == "2"):
        raise r.NoMatch("the multiplier 2")
    return False


def _xmage_bite_targets(w: CardLowering, host: Host, effect: Bite, zone: str | None) -> bool:
    """`DamageWithPowerFromOneToAnotherTargetEffect` reads the ability's first two targets: the first deals
    damage equal to its power to the second."""
    if isinstance(effect.to, TargetSubject) and not isinstance(effect.what, str):
        first = w.subject_info(host, effect, "what")[1]
        second = host.slot(effect, "to")
        return first is not None and (first.index, second.index) == (0, 1)
    return False


def _xmage_read_subject(r: EffectReader, form: XMageForm, effect: dict[str, Any], subject: Any, node: Any) -> None:
    """The first target deals the damage to the second."""
    effect["what"] = subject
    effect["to"] = r.slots.subject(1, effect, node, "it", r.state, r.branch)


# --------------------------------------------------------------------------------------------- resolver

def _resolve(ctx: Context, effect: Bite) -> list[Entity]:
    from cardgen.game import continuous
    from cardgen.game.actions import deal_damage
    state = ctx.state
    dealers = [e for e in ctx.subject(effect.what, "what") if isinstance(e, int)]
    dealer = state.live(dealers[0]) if dealers else None
    if dealer is None or dealer.zone != "battlefield" or dealer.phased_out or not dealer.chars.is_type("creature"):
        return []
    power = (continuous.view(state, dealer).power or 0) * (2 if effect.twice else 1)
    hit = ctx.subject(effect.to, "to")
    for entity in hit:
        deal_damage(state, dealer.name, dealer, entity, power)
    return hit


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="bite", model=Bite, subjects=("what", "to"),
    text=EffectText(
        phrasings=_PHRASINGS,
        antecedents=("what",),
        normal=_normal,
    ),
    forge=ForgeEffect(
        write=_forge,
        reads={"DealDamage": _forge_read},
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        read_forms=_XMAGE_READ_FORMS,
        args={"first_target_name": _xmage_first_target_name, "no_first_target_name": _xmage_no_first_target_name,
              "multiplier": _xmage_multiplier},
        read_args={"first_target_name": _xmage_read_first_target_name,
                   "no_first_target_name": _xmage_read_first_target_name, "multiplier": _xmage_read_multiplier},
        pointer_stable=True,
        own_pointers=True,
        stands_alone=True,
        when={"bite_targets": _xmage_bite_targets},
        covers={"bite_targets": ("to",)},  # the second target is the one damaged
        read_subject=_xmage_read_subject,
    ),
    rule=OneShot(resolve=_resolve),
)
