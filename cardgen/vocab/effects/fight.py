"""The `fight` effect."""

from __future__ import annotations

from cardgen.game import continuous
from cardgen.game.actions import deal_damage
from cardgen.game.context import Context
from cardgen.game.events import Fought
from cardgen.game.objects import Entity
from cardgen.spec.model import Fight
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

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


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Fight) -> list[Entity]:
    """Each creature deals damage equal to its power to the other (701.14); if either is no longer a
    creature on the battlefield, no damage is dealt."""
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
