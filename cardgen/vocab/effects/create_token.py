"""The `create_token` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.model.card import CreateToken, TokenDef
from cardgen.model.gift import PREDEFINED_TOKENS
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.canonical import CanonicalForms
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity

CONSTRUCT = EffectConstruct("create_token", CreateToken, subjects=("controller",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("create {t:a_token}", V("t")),
        Form("create {n:count} {tap:tapped}{t:token_pl}",
             {"effect": "create_token", "token": V("t"), "amount": V("n"), "tapped": V("tap", False)}),
        Form("{who:creator} creates {a:article}{tap:tapped}{t:token_sg}",
             {"effect": "create_token", "token": V("t"), "tapped": V("tap", False), "controller": V("who")}),
        Form("{who:creator} creates {n:count} {tap:tapped}{t:token_pl}",
             {"effect": "create_token", "token": V("t"), "amount": V("n"), "tapped": V("tap", False),
              "controller": V("who")}),
    ],
    "creator": [Form("each opponent", "each_opponent"), Form("each player", "each_player")],
    "a_token": [Form("{a:article}{tap:tapped}{t:token_sg}",
                     {"effect": "create_token", "token": V("t"), "tapped": V("tap", False)})],
    "tapped": [Form("", False), Form("tapped ", True)],
})


@CONSTRUCT.slot("text_printed")
def _printed(effect: CreateToken) -> list[tuple[tuple[str, ...], str]]:
    """The text its own token definition prints (a predefined token's is the engine's)."""
    return [(("token", "text"), effect.token.text)] if isinstance(effect.token, TokenDef) else []


@CONSTRUCT.slot("check_engine_words")
def _engine_words(effect: CreateToken) -> list[tuple[str, str, tuple[str | int, ...], bool]]:
    """Its own token's name and subtypes, which engine files spell (a predefined token's are the engine's)."""
    token = effect.token
    if not isinstance(token, TokenDef):
        return []
    return [("token name", token.name, ("token", "name"), False),
            *(("token subtype", subtype, ("token", "subtypes", index), True)
              for index, subtype in enumerate(token.subtypes))]


@CONSTRUCT.slot("canonical")
def _canonical(forms: CanonicalForms, effect: dict[str, Any]) -> None:
    effect["token"] = forms.token(effect["token"])


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


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: CreateToken) -> list[Entity]:
    """Tokens from the definition in the spec, or from a predefined token named by it (`PREDEFINED_TOKENS`)."""
    from cardgen.game import zones
    from cardgen.game.objects import token_characteristics
    definition = PREDEFINED_TOKENS[effect.token] if isinstance(effect.token, str) else effect.token
    chars = token_characteristics(definition)
    created: list[Entity] = []
    for player in [e for e in ctx.word(effect.controller) if isinstance(e, str)]:
        if ctx.state.players[player].lost:
            continue
        for _ in range(effect.amount):
            created.append(zones.create_token(ctx.state, chars, player, tapped=effect.tapped).oid)
    return created
