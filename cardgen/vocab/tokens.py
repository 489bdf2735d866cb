"""The abilities of the predefined tokens (`cardgen.model.gift.PREDEFINED_TOKENS`) as the resolver plays
them: a Food's "{2}, {T}, Sacrifice this artifact: You gain 3 life.", a Treasure's mana ability. They are
spec abilities of the vocabulary's kinds, so they live above the shared parts, with the constructs; the
engines write their own token scripts and classes (Forge's token scripts, XMage's `FoodToken`)."""

from __future__ import annotations

from cardgen.game.objects import Characteristics, token_characteristics
from cardgen.model.gift import PREDEFINED_TOKENS
from cardgen.model.mana import ManaCost
from cardgen.model.parts import PredefinedToken, TokenDef
from cardgen.vocab.abilities.activated import ActivatedAbility, ActivationCost
from cardgen.vocab.effects.gain_life import GainLife

PREDEFINED_TOKEN_ABILITIES: dict[PredefinedToken, tuple[ActivatedAbility, ...]] = {
    "food": (ActivatedAbility.model_construct(
        kind="activated", text="{2}, {T}, Sacrifice this artifact: You gain 3 life.",
        cost=ActivationCost.model_construct(mana=ManaCost.parse("{2}"), tap=True, sacrifice="self"),
        effects=[GainLife.model_construct(effect="gain_life", who="you", amount=3, id=None, condition=None,
                                          only_if=None, instead_if_promised=None)],
        mana=None, timing="any"),),
    "treasure": (ActivatedAbility.model_construct(
        kind="activated", text="{T}, Sacrifice this artifact: Add one mana of any color.",
        cost=ActivationCost.model_construct(mana=None, tap=True, sacrifice="self"),
        effects=[], mana="any_color", timing="any"),),
}
"""The abilities of the predefined tokens that have them (their `text`), as the resolver plays them; the
engines write their own token scripts and classes (Forge's token scripts, XMage's `FoodToken`)."""


def predefined_token_abilities(token: TokenDef) -> tuple[ActivatedAbility, ...]:
    """The abilities of `token` when it is one of `PREDEFINED_TOKENS` (by identity: a token a spec writes
    out itself has only what its spec says)."""
    for name, definition in PREDEFINED_TOKENS.items():
        if definition is token:
            return PREDEFINED_TOKEN_ABILITIES.get(name, ())
    return ()


def characteristics_of(token: TokenDef) -> Characteristics:
    """The characteristics of a token made from `token`, with its abilities when it is a predefined one."""
    return token_characteristics(token, predefined_token_abilities(token))
