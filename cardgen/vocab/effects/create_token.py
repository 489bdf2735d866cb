"""The `create_token` effect."""

from __future__ import annotations

from cardgen.game import zones
from cardgen.game.context import Context
from cardgen.game.objects import Entity, token_characteristics
from cardgen.gift import PREDEFINED_TOKENS
from cardgen.spec.model import CreateToken
from cardgen.vocab.construct import EffectConstruct

CONSTRUCT = EffectConstruct("create_token", CreateToken, subjects=())


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: CreateToken) -> list[Entity]:
    """Tokens from the definition in the spec, or from a predefined token named by it (`PREDEFINED_TOKENS`)."""
    definition = PREDEFINED_TOKENS[effect.token] if isinstance(effect.token, str) else effect.token
    chars = token_characteristics(definition)
    created: list[Entity] = []
    for player in [e for e in ctx.word(effect.controller) if isinstance(e, str)]:
        if ctx.state.players[player].lost:
            continue
        for _ in range(effect.amount):
            created.append(zones.create_token(ctx.state, chars, player, tapped=effect.tapped).oid)
    return created
