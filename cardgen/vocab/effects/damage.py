"""The `damage` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import EffectBase, RefSubject, Subject
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
    from cardgen.model.card import Amount
    from cardgen.text.phrases import ClauseWords


# ------------------------------------------------------------------------------------------ the spec model

class Damage(EffectBase):
    """`simultaneous: true`: dealt in the same damage event as the damage effect just before it in the same
    ability, because both are one instruction ("deals 1 damage to any target and 2 damage to each
    creature"). Separate instructions ("... deals 2 damage to target creature. If the gift was promised, it
    also deals 3 damage to that creature's controller") are separate damage events (608.2c)."""

    effect: Literal["damage"]
    amount: Amount
    to: Subject
    simultaneous: bool = False


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "damage_to": [Form("{x:object}", V("x")), Form("{x:player_sg}", V("x")), Form("you", "you")],
    "plain_effect": [
        Form("{s:self}{a:also} deals {n:number} damage to {to:damage_to}",
             {"effect": "damage", "amount": V("n"), "to": V("to")}),
        # "When this creature dies, it deals 1 damage to target player": the ability's source, as it last
        # existed (608.2h)
        Form("it{a:also} deals {n:number} damage to {to:damage_to}",
             {"effect": "damage", "amount": V("n"), "to": V("to")}, parse_only=True),
        # "deals damage equal to its power to each opponent" (an amount said after the noun: `equal_to`)
        Form("{s:self}{a:also} deals damage{n:equal_to} to {to:damage_to}",
             {"effect": "damage", "amount": V("n"), "to": V("to")}),

    ],
    "clause": [
        Form("{s:self}{a:also} deals {n:number} damage to {to:damage_to} and {to2:damage_to}",
             [{"effect": "damage", "amount": V("n"), "to": V("to")},
              {"effect": "damage", "amount": V("n"), "to": V("to2"), "simultaneous": True}]),
        Form("{s:self}{a:also} deals {n:number} damage to {to:damage_to} and {m:number} damage to {to2:damage_to}",
             [{"effect": "damage", "amount": V("n"), "to": V("to")},
              {"effect": "damage", "amount": V("m"), "to": V("to2"), "simultaneous": True}]),
    ],
}


def _clause(words: ClauseWords, effect: Damage, subject: Any, target: str | None) -> str | None:
    return None if target is None else f"{{this}} deals {effect.amount} damage to {target}"


# ------------------------------------------------------------------------------------------------ Forge


def _forge(w: EffectWriter, e: Damage) -> tuple[str, Params]:
    if (selector := w.all_of(e.to)) is not None:
        return "DamageAll", [("ValidCards", w.valid(selector)), *w.number("NumDmg", e.amount, default=None)]
    if isinstance(e.to, str):  # DealDamage has no obvious default: always say who
        word = w.player_word(e.to) or w.object_word(e.to)
        if word is None:
            raise w.error(f"unknown subject {e.to!r}")
        defined: Params = [("Defined", word)]
    else:
        defined = w.defined(e.to, player=isinstance(e.to, RefSubject) and e.to.relation != "it")
    return "DealDamage", [*defined, *w.number("NumDmg", e.amount, default=None)]


def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    amount = r.amount("NumDmg", 0)
    return _forge_event(r, [{"effect": "damage", "amount": amount, "to": to}
                            for to in r.subject(player=False, default=None)])


def _forge_read_all(r: NodeReader) -> list[dict[str, Any]]:
    return _forge_event(r, [{"effect": "damage", "amount": r.amount("NumDmg", 0), "to": r.all_of("ValidCards")}])


def _forge_event(r: NodeReader, effects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Damage dealt in the damage event of the damage before it (a Forge damage map) is `simultaneous`."""
    for effect, joined in zip(effects, r.damage_event(len(effects)), strict=True):
        if joined:
            effect["simultaneous"] = True
    return effects


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("target", "DamageTargetEffect", "amount"),
    # XMage's own "When this creature dies, it deals 1 damage to target player" (the source named "it"):
    # read, never written (the form before it fits first)
    form("target", "DamageTargetEffect", "amount", "text:it"),
    form("controller", "DamageTargetControllerEffect", "amount"),
    form("all", "DamageAllEffect", "amount", "filter"),
    form("you", "DamageControllerEffect", "amount"),
    form("each_player", "DamagePlayersEffect", "amount"),
    # a counted amount ("damage equal to its power"): the constructor that takes a DynamicValue
    form("each_opponent", "DamagePlayersEffect", "dynamic_amount", "const:TargetController.OPPONENT",
         when="counted"),
    form("each_opponent", "DamagePlayersEffect", "amount", "const:TargetController.OPPONENT"),
    # XMage's own "this creature deals 1 damage to each opponent": read, never written
    form("each_opponent", "DamagePlayersEffect", "amount", "const:TargetController.OPPONENT", "text:this creature"),
    form("self", "DamageSelfEffect", "amount"),
)


def _xmage_counted(w: CardLowering, host: Host, effect: Damage, zone: str | None) -> bool:
    """The amount is a count (a `DynamicValue` in XMage), not a number."""
    return not isinstance(effect.amount, int)


def _xmage_read_target_and_target(r: EffectReader, value: Any, index: int, node: Any, subject: Any,
                                  zone: str | None) -> list[dict[str, Any]] | None:
    """XMage's one effect for "deals A damage to target X and B damage to target Y"
    (`DamageTargetAndTargetEffect(A, B)`: A to the targets tagged 1, then B to those tagged 2, each dealt
    apart, as two framework effects deal them): the damage to the first target, then to the second. Read,
    never written (cardgen writes the two framework effects)."""
    if len(value.args) != 2 or subject is not None:
        return None
    first = r.framework(r.New("DamageTargetEffect", (value.args[0],)), index, node)
    second = r.framework(r.New("DamageTargetEffect", (value.args[1],)), index + 1, node)
    if not isinstance(first, dict) or not isinstance(second, dict):
        return None
    return [first, second]


# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: Damage) -> list[Entity]:
    """The spell or ability's source deals the damage (its last known characteristics if it left)."""
    from cardgen.game.actions import deal_damage
    amount = ctx.amount(effect.amount)
    state = ctx.state
    source = state.objects.get(ctx.source)
    hit = ctx.subject(effect.to, "to")
    for entity in hit:
        deal_damage(state, ctx.source_name, source, entity, amount)
    return hit


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="damage", model=Damage, subjects=("to",),
    text=EffectText(
        phrasings=_PHRASINGS,
        antecedents=("to",),
        clause=_clause,
    ),
    forge=ForgeEffect(
        # Damage marked `simultaneous` joins the damage before it in one Forge damage map (one damage event).
        damage_map=True,
        write=_forge,
        reads={"DealDamage": _forge_read, "DamageAll": _forge_read_all},
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        unexpressed={"simultaneous": "XMage's AbilityImpl.resolve processes each effect of an ability apart, so "
                                     "damage of one instruction written as two framework effects is two damage "
                                     "events"},
        pointer_stable=True,
        # framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
        phrased=frozenset({"DamageTargetEffect"}),
        when={"counted": _xmage_counted},
        read_classes={"DamageTargetAndTargetEffect": _xmage_read_target_and_target},
    ),
    rule=OneShot(resolve=_resolve),
)
