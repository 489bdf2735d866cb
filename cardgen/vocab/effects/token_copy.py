"""The `token_copy` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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
