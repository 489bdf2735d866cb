"""The `reveal_and_exile` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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
