"""The `pump` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.game.actions import start_effect
from cardgen.game.context import Context
from cardgen.game.objects import ContinuousEffect, Entity
from cardgen.spec.model import Pump
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.text.phrases import ClauseWords

CONSTRUCT = EffectConstruct("pump", Pump, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
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
})


CONSTRUCT.put("text_antecedents", ("what",))


@CONSTRUCT.slot("text_clause")
def _clause(words: ClauseWords, effect: Pump, subject: Any, target: str | None) -> str | None:
    if target is None:
        return None
    return (f"{target} gets {words.signed(effect.power)}/{words.signed(effect.toughness)} "
            f"{words.durations[effect.duration]}")


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Pump) -> list[Entity]:
    """The affected set is locked in as the effect begins (611.2c)."""
    objects = [obj for obj in ctx.permanents(effect.what, "what") if obj.chars.is_type("creature")]
    if objects:
        start_effect(ctx.state, ContinuousEffect(
            kind="pump", controller=ctx.controller, duration=effect.duration,
            timestamp=ctx.state.new_timestamp(), objects=tuple(obj.oid for obj in objects),
            power=effect.power, toughness=effect.toughness), f"{effect.power:+d}/{effect.toughness:+d}")
    return [obj.oid for obj in objects]
