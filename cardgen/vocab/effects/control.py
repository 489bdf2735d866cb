"""The `control` effect."""

from __future__ import annotations

from cardgen.spec.model import Control
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V

CONSTRUCT = EffectConstruct("control", Control, subjects=("affected",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "static": [Form("you control {a:object_sg}", {"effect": "control", "affected": V("a")})],
})


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
