"""The `investigate` effect (keyword action investigate, rule 701.16).

"Investigate" means "Create a Clue token" (701.16a): a colorless Clue artifact token with "{2}, Sacrifice
this token: Draw a card." (111.10f). "Investigate twice" is investigating two times, one Clue each. The
controller of the spell or ability investigates; the Clue is defined here, with its ability, and no spec
writes it out.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import EffectBase, TokenDef
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.model.card import PositiveAmount
    from cardgen.text.phrases import ClauseWords


# ------------------------------------------------------------------------------------------ the spec model

class Investigate(EffectBase):
    """The controller investigates `amount` times (701.16a): creates that many Clue tokens."""

    effect: Literal["investigate"]
    amount: PositiveAmount = 1


CLUE = TokenDef.model_construct(name="Clue", types=["Artifact"], subtypes=["Clue"],
                                text="{2}, Sacrifice this token: Draw a card.")
"""The Clue token (111.10f), built without validation like the predefined tokens."""


@cache
def clue_abilities() -> tuple[Any, ...]:
    """The Clue's one ability, "{2}, Sacrifice this token: Draw a card.", as the resolver plays it (made on
    first use: the ability models are another construct's)."""
    from cardgen.model.mana import ManaCost
    from cardgen.vocab.abilities.activated import ActivatedAbility, ActivationCost
    from cardgen.vocab.effects.draw import Draw
    draw = Draw.model_construct(effect="draw", who="you", amount=1, id=None, condition=None, only_if=None,
                                instead_if_promised=None)
    return (ActivatedAbility.model_construct(
        kind="activated", text=CLUE.text,
        cost=ActivationCost.model_construct(mana=ManaCost.parse("{2}"), tap=False, sacrifice="self"),
        effects=[draw], mana=None, timing="any"),)


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("investigate", {"effect": "investigate"}),
        Form("investigate twice", {"effect": "investigate", "amount": 2}),
        Form("investigate {n:count} times", {"effect": "investigate", "amount": V("n")}),
    ],
}

_TIMES = {1: "", 2: " twice"}


def _clause(words: ClauseWords, effect: Investigate, subject: Any, target: str | None) -> str | None:
    amount = effect.amount
    if not isinstance(amount, int):
        return None  # a counted amount has no words of this vocabulary
    # "three cards" -> "three": the number word of the count, as `cards` says it
    return "investigate" + _TIMES.get(amount, f" {words.cards(amount).rsplit(' ', 1)[0]} times")


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: EffectWriter, e: Investigate) -> tuple[str, Params]:
    """`DB$ Investigate | Num$ 2` (forge-game InvestigateEffect.resolve: `Num` times, default 1, each of
    the players of `Defined`, default You, creates the `c_a_clue_draw` token)."""
    return "Investigate", [*w.number("Num", e.amount)]


def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    if r.subject(player=True, default="you") != ["you"]:
        raise r.error("FG203", "Investigate$ with Defined$ other than You: only the controller investigates")
    return [r.with_amount({"effect": "investigate"}, amount=r.amount("Num", 1))]


_DECK_HINTS = (("DeckHas", "Ability", "Investigate|Token|Sacrifice"), ("DeckHas", "Type", "Artifact|Clue"))


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    # `new InvestigateEffect()` once, `new InvestigateEffect(2)` or a count's DynamicValue (XMage's own cards)
    form("none", "InvestigateEffect", amount=1),
    form("none", "InvestigateEffect", "dynamic_amount"),
)
_XMAGE_READ_FORMS = (
    form("none", "InvestigateEffect", "const:false", amount=1),
    form("none", "InvestigateEffect", "dynamic_amount", "const:false"),
    form("none", "InvestigateEffect", "dynamic_amount", "const:true"),
)


# --------------------------------------------------------------------------------------------- resolver

def _resolve(ctx: Context, effect: Investigate) -> list[Entity]:
    """The controller creates a Clue token for each time they investigate (701.16a)."""
    from cardgen.game import zones
    from cardgen.game.objects import token_characteristics
    if ctx.state.players[ctx.controller].lost:
        return []
    chars = token_characteristics(CLUE, clue_abilities())
    return [zones.create_token(ctx.state, chars, ctx.controller).oid for _ in range(ctx.amount(effect.amount))]


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="investigate", model=Investigate,
    text=EffectText(phrasings=_PHRASINGS, clause=_clause),
    forge=ForgeEffect(write=_forge, reads={"Investigate": _forge_read}, deck_hints=lambda e: _DECK_HINTS),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        read_forms=_XMAGE_READ_FORMS,
        shapeless=True,
        phrased=frozenset({"InvestigateEffect"}),
    ),
    rule=OneShot(resolve=_resolve, tokens=lambda: {CLUE.name: clue_abilities()}),
)
