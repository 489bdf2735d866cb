"""The `damage` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.game.actions import deal_damage
from cardgen.game.context import Context
from cardgen.game.objects import Entity
from cardgen.spec.model import Damage
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.text.phrases import ClauseWords

CONSTRUCT = EffectConstruct("damage", Damage, subjects=("to",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "damage_to": [Form("{x:object}", V("x")), Form("{x:player_sg}", V("x")), Form("you", "you")],
    "plain_effect": [
        Form("{s:self}{a:also} deals {n:number} damage to {to:damage_to}",
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
})


CONSTRUCT.put("text_antecedents", ("to",))


@CONSTRUCT.slot("text_clause")
def _clause(words: ClauseWords, effect: Damage, subject: Any, target: str | None) -> str | None:
    return None if target is None else f"{{this}} deals {effect.amount} damage to {target}"


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "DamageTargetEffect", "amount"),
    form("controller", "DamageTargetControllerEffect", "amount"),
    form("all", "DamageAllEffect", "amount", "filter"),
    form("you", "DamageControllerEffect", "amount"),
    form("each_player", "DamagePlayersEffect", "amount"),
    form("each_opponent", "DamagePlayersEffect", "amount", "const:TargetController.OPPONENT"),
    form("self", "DamageSelfEffect", "amount"),
))
CONSTRUCT.put("xmage_pointer_stable", True)

# framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
CONSTRUCT.put("xmage_phrased", frozenset({"DamageTargetEffect"}))

# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Damage) -> list[Entity]:
    """The spell or ability's source deals the damage (its last known characteristics if it left)."""
    state = ctx.state
    source = state.objects.get(ctx.source)
    hit = ctx.subject(effect.to, "to")
    for entity in hit:
        deal_damage(state, ctx.source_name, source, entity, effect.amount)
    return hit
