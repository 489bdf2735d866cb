"""The `give_gift` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from cardgen.model.gift import GIFT_KINDS, PREDEFINED_TOKENS
from cardgen.model.parts import EffectBase
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect

if TYPE_CHECKING:
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity


# ------------------------------------------------------------------------------------------ the spec model

class GiveGift(EffectBase):
    """The gift itself (702.174b). Derived when absent; written only to state its place explicitly.

    It always acts only when the gift was promised, whether or not `condition` says so."""

    effect: Literal["give_gift"]


# ------------------------------------------------------------------------------------------------ Forge


# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: GiveGift) -> list[Entity]:
    """The gift itself (702.174d-i): the gift kind's effect for the chosen opponent, read from `GIFT_KINDS`.

    The gift is given even when it does nothing (a card from an empty library still counts), and that
    is what "whenever you give a gift" triggers on (702.174c). It acts only when the gift was promised,
    whatever its `condition` says; promised to a player who has since left the game, nothing is given,
    and the giver's "whenever you give a gift" abilities still trigger (702.174c says when)."""
    from cardgen.game import triggers, zones
    from cardgen.game.events import ExtraTurnAdded, GiftGiven
    from cardgen.vocab.tokens import characteristics_of
    recipient, kind = ctx.recipient, ctx.gift
    if not ctx.promised or recipient is None or kind is None:
        return []
    state = ctx.state
    if state.players[recipient].lost:  # the chosen player has left the game: there is nobody to give it to
        # (800.4a), but 702.174c triggers on the promised spell or gift ability resolving, not on the gift
        triggers.gift_given(state, ctx.controller)
        return []
    info = GIFT_KINDS[kind]
    state.emit(GiftGiven(ctx.controller, recipient, kind, ctx.source_name))
    if info.draws:
        zones.draw(state, recipient, info.draws)
    if info.token is not None:
        chars = characteristics_of(PREDEFINED_TOKENS[info.token])
        zones.create_token(state, chars, recipient, tapped=info.tapped)
    if info.extra_turn:
        state.extra_turns.append(recipient)
        state.emit(ExtraTurnAdded(recipient))
    triggers.gift_given(state, ctx.controller)
    return [recipient]


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="give_gift", model=GiveGift, subjects=(),
    text=EffectText(phrasings={}, derived=True),
    forge=ForgeEffect(
        # Forge gives the gift from `K:Gift` (and `SVar:GiftAbility`): the effect is not written as an ability.
        from_keyword=True,
    ),
    xmage=XMageEffect(gift_ability=True),
    rule=OneShot(resolve=_resolve),
)
