"""The `create_token` effect."""

from __future__ import annotations

from cardgen.spec.model import CreateToken
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.xmage_forms import form

CONSTRUCT = EffectConstruct("create_token", CreateToken, subjects=())


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("none", "CreateTokenEffect", "token", amount=1, tapped=False, controller="you"),
    form("none", "CreateTokenEffect", "token", "amount", tapped=False, controller="you"),
    form("none", "CreateTokenEffect", "token", "amount", "const:true", tapped=True, controller="you"),
    form("none", "CreateTokenAllEffect", "token", "amount", "const:TargetController.OPPONENT",
         tapped=False, controller="each_opponent"),
    form("none", "CreateTokenAllEffect", "token", "amount", "const:TargetController.ANY",
         tapped=False, controller="each_player"),
    form("none", "CreateTokenAllEffect", "token", "static_amount", "const:TargetController.OPPONENT",
         "const:true", tapped=True, controller="each_opponent"),
    form("none", "CreateTokenAllEffect", "token", "static_amount", "const:TargetController.ANY",
         "const:true", tapped=True, controller="each_player"),
))


@CONSTRUCT.slot("xmage_unsupported_hint")
def _xmage_hint(effect: CreateToken) -> str:
    if effect.controller == "gift_recipient":
        return " (XMage keeps the gift's recipient inside GiftAbility)"
    return ""


# the forms tell who gets the tokens by class and constant (`fixed` controller), not by a subject shape
CONSTRUCT.put("xmage_form_subject", None)

# --------------------------------------------------------------------------------------------- resolver
