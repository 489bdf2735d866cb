"""The `sacrifice` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import Sacrifice
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.canonical import CanonicalForms

CONSTRUCT = EffectConstruct("sacrifice", Sacrifice, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("{who:player_sg} sacrifices {f:article_filter} with the greatest power among {f:filter_pl} they control",
             {"effect": "sacrifice", "who": V("who"), "filter": V("f"), "choice": "greatest_power"}),
        Form("{who:player_sg} sacrifices {f:article_filter}",
             {"effect": "sacrifice", "who": V("who"), "filter": V("f")}),
    ],
    "article_filter": [Form("a {f:filter_sg}", V("f")), Form("an {f:filter_sg}", V("f"))],
})


@CONSTRUCT.slot("canonical")
def _canonical(forms: CanonicalForms, effect: dict[str, Any]) -> None:
    effect["filter"] = forms.filter(effect["filter"])


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
