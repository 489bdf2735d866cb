"""Creating tokens: from a definition, or as a copy of an object (707.2, "except it's 1/1")."""

from __future__ import annotations

from cardgen.resolver import zones
from cardgen.resolver.context import Context
from cardgen.resolver.effects import handles
from cardgen.resolver.objects import Entity, token_characteristics
from cardgen.spec.gift import PREDEFINED_TOKENS
from cardgen.spec.model import CreateToken, TokenCopy


@handles("create_token")
def create_token(ctx: Context, effect: CreateToken) -> list[Entity]:
    definition = PREDEFINED_TOKENS[effect.token] if isinstance(effect.token, str) else effect.token
    chars = token_characteristics(definition)
    created: list[Entity] = []
    for player in [e for e in ctx.word(effect.controller) if isinstance(e, str)]:
        if ctx.state.players[player].lost:
            continue
        for _ in range(effect.amount):
            created.append(zones.create_token(ctx.state, chars, player, tapped=effect.tapped).oid)
    return created


@handles("token_copy")
def token_copy(ctx: Context, effect: TokenCopy) -> list[Entity]:
    """A token copying the copiable values of each object (not counters, damage or pumps). The copy is
    a new object that was never cast, so its gift was not promised."""
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
