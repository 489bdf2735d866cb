"""The `create_token` effect (111.2). `attacking` is "that's tapped and attacking" (508.4): the token is put
onto the battlefield attacking the player its controller chooses, never declared as an attacker, so no
ability that triggers on attackers being declared ("whenever you attack", "whenever this creature attacks")
sees it; outside combat it just enters tapped (506.3: only in combat is a creature attacking)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.gift import PREDEFINED_TOKENS
from cardgen.model.parts import EffectBase, PlayerWord, PredefinedToken, TokenDef
from cardgen.vocab.construct import EffectChecks, EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.canonical import CanonicalForms
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.model.card import PositiveAmount


# ------------------------------------------------------------------------------------------ the spec model

class CreateToken(EffectBase):
    effect: Literal["create_token"]
    token: PredefinedToken | TokenDef
    amount: PositiveAmount = 1
    tapped: bool = False
    attacking: bool = False
    controller: PlayerWord = "you"


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("create {a:article}{t:token_sg} that's tapped and attacking",
             {"effect": "create_token", "token": V("t"), "tapped": True, "attacking": True}),
        Form("create {t:a_token}", V("t")),
        Form("create {n:count} {tap:tapped}{t:token_pl}",
             {"effect": "create_token", "token": V("t"), "amount": V("n"), "tapped": V("tap", False)}),
        Form("{who:creator} creates {a:article}{tap:tapped}{t:token_sg}",
             {"effect": "create_token", "token": V("t"), "tapped": V("tap", False), "controller": V("who")}),
        Form("{who:creator} creates {n:count} {tap:tapped}{t:token_pl}",
             {"effect": "create_token", "token": V("t"), "amount": V("n"), "tapped": V("tap", False),
              "controller": V("who")}),
        # "create a Treasure token for each opponent you have": one token per what a counted amount counts
        Form("create {a:article}{tap:tapped}{t:token_sg}{n:for_each}",
             {"effect": "create_token", "token": V("t"), "amount": V("n"), "tapped": V("tap", False)}),
    ],
    "creator": [Form("each opponent", "each_opponent"), Form("each player", "each_player")],
    "a_token": [Form("{a:article}{tap:tapped}{t:token_sg}",
                     {"effect": "create_token", "token": V("t"), "tapped": V("tap", False)})],
    "tapped": [Form("", False), Form("tapped ", True)],
}


def _printed(effect: CreateToken) -> list[tuple[tuple[str, ...], str]]:
    """The text its own token definition prints (a predefined token's is the engine's)."""
    return [(("token", "text"), effect.token.text)] if isinstance(effect.token, TokenDef) else []


def _engine_words(effect: CreateToken) -> list[tuple[str, str, tuple[str | int, ...], bool]]:
    """Its own token's name and subtypes, which engine files spell (a predefined token's are the engine's)."""
    token = effect.token
    if not isinstance(token, TokenDef):
        return []
    return [("token name", token.name, ("token", "name"), False),
            *(("token subtype", subtype, ("token", "subtypes", index), True)
              for index, subtype in enumerate(token.subtypes))]


def _canonical(forms: CanonicalForms, effect: dict[str, Any]) -> None:
    effect["token"] = forms.token(effect["token"])


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: EffectWriter, e: CreateToken) -> tuple[str, Params]:
    params: Params = [*w.number("TokenAmount", e.amount), ("TokenScript", w.token_script(e.token))]
    if e.controller != "you":
        owner = w.player_word(e.controller)
        if owner is None:
            raise w.error(f"a token for {e.controller!r} has no Forge form")
        params.append(("TokenOwner", owner))
    if e.tapped:
        params.append(("TokenTapped", "True"))
    if e.attacking:  # TokenEffectBase: addToCombat, attacking a defender its controller chooses
        params.append(("TokenAttacking", "True"))
    return "Token", params


def _forge_deck_hints(e: CreateToken) -> tuple[tuple[str, str, str], ...]:
    """A token you create: `DeckHas:Ability$Token`, a Food also `LifeGain|Food` (Forge's own Savor:
    `DeckHas:Ability$Token|LifeGain|Food`). A token for another player (a gift) is not the deck's."""
    if e.controller != "you":
        return ()
    return (("DeckHas", "Ability", "Token|LifeGain|Food" if e.token == "food" else "Token"),)


def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    bag = r.bag
    script = bag.get("TokenScript")
    token = r.token(script)
    if token is None:
        raise r.error("FG203", f"TokenScript$ {script}: not a token the spec can describe")
    effect: dict[str, Any] = r.with_amount({"effect": "create_token", "token": token},
                                           amount=r.amount("TokenAmount", 1))
    owner = bag.get("TokenOwner", "You")
    controller = r.player_word(owner)
    if controller is None:
        raise r.error("FG203", f"TokenOwner$ {owner}")
    if controller != "you":
        effect["controller"] = controller
    if bag.get("TokenTapped") == "True":
        effect["tapped"] = True
    if bag.get("TokenAttacking") == "True":
        effect["attacking"] = True
    return [effect]


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("none", "CreateTokenEffect", "token", amount=1, tapped=False, controller="you"),
    form("none", "CreateTokenEffect", "token", "dynamic_amount", tapped=False, controller="you"),
    form("none", "CreateTokenEffect", "token", "amount", "const:true", tapped=True, controller="you"),
    form("none", "CreateTokenEffect", "token", "amount", "const:true", "const:true", tapped=True, attacking=True,
         controller="you"),
    form("none", "CreateTokenAllEffect", "token", "amount", "const:TargetController.OPPONENT",
         tapped=False, controller="each_opponent"),
    form("none", "CreateTokenAllEffect", "token", "amount", "const:TargetController.ANY",
         tapped=False, controller="each_player"),
    form("none", "CreateTokenAllEffect", "token", "static_amount", "const:TargetController.OPPONENT",
         "const:true", tapped=True, controller="each_opponent"),
    form("none", "CreateTokenAllEffect", "token", "static_amount", "const:TargetController.ANY",
         "const:true", tapped=True, controller="each_player"),
)


def _xmage_hint(effect: CreateToken) -> str:
    if effect.controller == "gift_recipient":
        return " (XMage keeps the gift's recipient inside GiftAbility)"
    return ""


# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: CreateToken) -> list[Entity]:
    """Tokens from the definition in the spec, or from a predefined token named by it (`PREDEFINED_TOKENS`)."""
    from cardgen.game import zones
    from cardgen.vocab.tokens import characteristics_of
    amount = ctx.amount(effect.amount)
    definition = PREDEFINED_TOKENS[effect.token] if isinstance(effect.token, str) else effect.token
    chars = characteristics_of(definition)
    created: list[Entity] = []
    for player in [e for e in ctx.word(effect.controller) if isinstance(e, str)]:
        if ctx.state.players[player].lost:
            continue
        for _ in range(amount):
            token = zones.create_token(ctx.state, chars, player, tapped=effect.tapped)
            if effect.attacking:
                token.attacking = _defender(ctx, player)
            created.append(token.oid)
    return created


def _defender(ctx: Context, player: str) -> str | None:
    """Whom a token put onto the battlefield attacking attacks (508.4): in combat, the player its controller
    chooses among their opponents, here the one their attackers attack (else the first still in the game);
    outside combat, or on another player's turn, nobody: it isn't attacking (506.3)."""
    state = ctx.state
    if state.step != "combat" or state.active != player or not state.attacked_this_turn:
        return None
    attacked = [obj.attacking for obj in state.permanents() if obj.attacking is not None]
    opponents = [p for p in state.opponents(player) if not state.players[p].lost]
    return attacked[0] if attacked else (opponents[0] if opponents else None)


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="create_token", model=CreateToken, subjects=("controller",),
    text=EffectText(
        phrasings=_PHRASINGS,
        printed=_printed,
        canonical=_canonical,
    ),
    checks=EffectChecks(engine_words=_engine_words),
    forge=ForgeEffect(
        write=_forge,
        reads={"Token": _forge_read},
        deck_hints=_forge_deck_hints,
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        unsupported_hint=_xmage_hint,
        # the forms tell who gets the tokens by class and constant (`fixed` controller), not by a subject shape
        shapeless=True,
    ),
    rule=OneShot(resolve=_resolve),
)
