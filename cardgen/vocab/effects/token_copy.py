"""The `token_copy` effect."""

from __future__ import annotations

from cardgen.game import zones
from cardgen.game.context import Context
from cardgen.game.objects import Entity
from cardgen.spec.model import TokenCopy
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("token_copy", TokenCopy, subjects=("of",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: TokenCopy) -> list[Entity]:
    """A token copying the copiable values of each object (not counters, damage or pumps, 707.2), as
    "except it's 1/1" says; the copy is a new object that was never cast, so its gift was not promised."""
    created: list[Entity] = []
    for entity in ctx.subject(effect.of, "of"):
        if not isinstance(entity, int):
            continue
        original = ctx.state.live(entity)
        if original is None or original.zone != "battlefield":
            continue
        chars = original.chars.with_pt(effect.set_pt)
        for _ in range(effect.amount):
            created.append(zones.create_token(ctx.state, chars, ctx.controller).oid)
    return created
