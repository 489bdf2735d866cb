"""The `create_token` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import CreateToken
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
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


@CONSTRUCT.slot("forge_read:Token")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    bag = r.bag
    script = bag.get("TokenScript")
    token = r.token(script)
    if token is None:
        raise r.error("FG203", f"TokenScript$ {script}: not a token the spec can describe")
    effect: dict[str, Any] = r.with_amount({"effect": "create_token", "token": token},
                                           amount=bag.take_int("TokenAmount", 1))
    owner = bag.get("TokenOwner", "You")
    controller = r.player_word(owner)
    if controller is None:
        raise r.error("FG203", f"TokenOwner$ {owner}")
    if controller != "you":
        effect["controller"] = controller
    if bag.get("TokenTapped") == "True":
        effect["tapped"] = True
    return [effect]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
