"""The `gain_keyword` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.game.actions import start_effect
from cardgen.game.context import Context
from cardgen.game.objects import ContinuousEffect, Entity
from cardgen.spec.model import GainKeyword
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.canonical import CanonicalForms

CONSTRUCT = EffectConstruct("gain_keyword", GainKeyword, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("{w:object_sg}{a:also} gains {k:keywords}{d:duration}",
             {"effect": "gain_keyword", "what": V("w"), "keywords": V("k"), "duration": V("d", "end_of_turn")}),
        Form("{w:subject_pl}{a:also} gain {k:keywords}{d:duration}",
             {"effect": "gain_keyword", "what": V("w"), "keywords": V("k"), "duration": V("d", "end_of_turn")}),
    ],
    "clause": [
        Form("you and {w:subject_pl} gain {k:keywords}{d:duration}",
             [{"effect": "gain_keyword", "what": "you", "keywords": V("k"), "duration": V("d", "end_of_turn")},
              {"effect": "gain_keyword", "what": V("w"), "keywords": V("k"), "duration": V("d", "end_of_turn")}]),
    ],
})


CONSTRUCT.put("text_antecedents", ("what",))


@CONSTRUCT.slot("canonical")
def _canonical(forms: CanonicalForms, effect: dict[str, Any]) -> None:
    effect["keywords"] = sorted(set(effect["keywords"]))


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: GainKeyword) -> list[Entity]:
    """Permanents and players alike gain the keywords (hexproof for you and your creatures)."""
    objects, players = ctx.permanents_and_players(effect.what, "what")
    if objects or players:
        start_effect(ctx.state, ContinuousEffect(
            kind="keywords", controller=ctx.controller, duration=effect.duration,
            timestamp=ctx.state.new_timestamp(), objects=tuple(obj.oid for obj in objects),
            players=tuple(players), keywords=tuple(effect.keywords)), ",".join(effect.keywords))
    return [*(obj.oid for obj in objects), *players]
