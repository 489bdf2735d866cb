"""The `token_copy` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.game import zones
from cardgen.game.context import Context
from cardgen.game.objects import Entity
from cardgen.spec.model import TokenCopy
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.text.phrases import ClauseWords

CONSTRUCT = EffectConstruct("token_copy", TokenCopy, subjects=("of",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("create a token that's a copy of {o:object_sg}{pt:except_pt}",
             {"effect": "token_copy", "of": V("o"), "set_pt": V("pt", None)}),
    ],
    "except_pt": [Form("", None), Form(", except it's {pt:pt}", V("pt"))],
})


CONSTRUCT.put("text_antecedents", ("of",))


@CONSTRUCT.slot("text_clause")
def _clause(words: ClauseWords, effect: TokenCopy, subject: Any, target: str | None) -> str | None:
    if target is not None and effect.amount == 1 and effect.set_pt is None:
        return f"create a token that's a copy of {target}"
    return None


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
