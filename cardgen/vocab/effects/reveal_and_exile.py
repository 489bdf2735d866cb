"""The `reveal_and_exile` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.game import filters, zones
from cardgen.game.context import Context
from cardgen.game.events import Revealed
from cardgen.game.objects import Entity
from cardgen.spec.model import RevealAndExile
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.canonical import CanonicalForms

CONSTRUCT = EffectConstruct("reveal_and_exile", RevealAndExile, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("{who:player_sg} reveals their hand. you choose {f:article_hand_card} from it. exile that card",
             {"effect": "reveal_and_exile", "who": V("who"), "filter": V("f", {"zone": "hand"})}),
    ],
    "article_hand_card": [Form("a {f:hand_card}", V("f")), Form("an {f:hand_card}", V("f"))],
})


CONSTRUCT.put("text_backref_noun", "card")  # "exile that card": the card it chose


@CONSTRUCT.slot("canonical")
def _canonical(forms: CanonicalForms, effect: dict[str, Any]) -> None:
    effect["filter"] = forms.filter(effect["filter"])


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: RevealAndExile) -> list[Entity]:
    """Each player reveals their hand; the effect's controller chooses the cards to exile from it."""
    state = ctx.state
    exiled: list[Entity] = []
    for player in [e for e in ctx.subject(effect.who, "who") if isinstance(e, str)]:
        hand = state.cards_in(player, "hand")
        state.emit(Revealed(player, tuple(sorted(obj.name for obj in hand))))
        options = [obj.oid for obj in hand if filters.matches(state, obj, effect.filter, ctx.controller)]
        for oid in state.chooser.choose(ctx.controller, options, effect.amount, "card to exile"):
            new = zones.move(state, oid, "exile")  # type: ignore[arg-type]
            if new is not None:
                exiled.append(new.oid)
    return exiled
