"""The `create_token` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import CreateToken
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("create_token", CreateToken, subjects=())


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: CreateToken) -> tuple[str, Params]:
    params: Params = [*w.number("TokenAmount", e.amount), ("TokenScript", w.token_script(e.token))]
    if e.controller != "you":
        owner = w.player_word(e.controller)
        if owner is None:
            raise w.error(f"a token for {e.controller!r} has no Forge form")
        params.append(("TokenOwner", owner))
    if e.tapped:
        params.append(("TokenTapped", "True"))
    return "Token", params


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
