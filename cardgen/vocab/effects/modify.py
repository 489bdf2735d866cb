"""The `modify` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import Modify
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.canonical import CanonicalForms

CONSTRUCT = EffectConstruct("modify", Modify, subjects=("affected",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "static": [
        Form("{a:object_sg} gets {p:signed}/{t:signed}{k:static_keywords}",
             {"effect": "modify", "affected": V("a"), "power": V("p", 0), "toughness": V("t", 0),
              "remove_keywords": V("k", [])}),
        Form("{a:object_sg} gets {p:signed}/{t:signed} and has {k:keywords}",
             {"effect": "modify", "affected": V("a"), "power": V("p", 0), "toughness": V("t", 0),
              "add_keywords": V("k")}),
        Form("{a:subject_pl} get {p:signed}/{t:signed}",
             {"effect": "modify", "affected": V("a"), "power": V("p", 0), "toughness": V("t", 0)}),
        Form("{a:subject_pl} get {p:signed}/{t:signed} and have {k:keywords}",
             {"effect": "modify", "affected": V("a"), "power": V("p", 0), "toughness": V("t", 0),
              "add_keywords": V("k")}),
        Form("{a:object_sg} has {k:keywords}", {"effect": "modify", "affected": V("a"), "add_keywords": V("k")}),
        Form("{a:subject_pl} have {k:keywords}", {"effect": "modify", "affected": V("a"), "add_keywords": V("k")}),
    ],
    "static_keywords": [Form("", []), Form(" and loses {k:keywords}", V("k"))],
    "ability": [
        # a static that depends on the promise: "they" is the subject of the first sentence (702.174k)
        Form("{a:subject_pl} get {p:signed}/{t:signed}. if the gift was promised, they also have {k:keywords}.",
             {"kind": "static", "effects": [
                 {"effect": "modify", "affected": V("a"), "power": V("p", 0), "toughness": V("t", 0)},
                 {"effect": "modify", "affected": V("a"), "add_keywords": V("k"), "condition": "promised"}]}),
    ],
})


@CONSTRUCT.slot("canonical")
def _canonical(forms: CanonicalForms, effect: dict[str, Any]) -> None:
    for key in ("add_keywords", "remove_keywords"):
        if key in effect:
            effect[key] = sorted(effect[key])


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
