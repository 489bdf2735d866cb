"""The `discard` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import EffectBase, Subject
from cardgen.vocab.construct import EffectChecks, EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.forge_forms import ApiForm
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.model.card import Amount
    from cardgen.text.phrases import ClauseWords


# ------------------------------------------------------------------------------------------ the spec model

class Discard(EffectBase):
    """Each player of `who` discards `amount` cards of their own choice (the keyword action discard, rule
    701: by default the discarding player chooses); with fewer cards in hand, all of them."""

    effect: Literal["discard"]
    who: Subject = "you"
    amount: Amount = 1


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("discard {n:cards}", {"effect": "discard", "amount": V("n", 1)}),
        Form("{who:player_sg} discards {n:cards}", {"effect": "discard", "who": V("who"), "amount": V("n", 1)}),
    ],
}


def _clause(words: ClauseWords, effect: Discard, subject: Any, target: str | None) -> str | None:
    if not isinstance(effect.amount, int):
        return None  # a counted amount: said by the effect's own forms, not a plain clause
    if subject == "you":
        return f"discard {words.cards(effect.amount)}"
    player = words.players.get(subject) if isinstance(subject, str) else (
        target if target is not None and subject.target.player is not None else None)
    if player is not None:
        return f"{player} discards {words.cards(effect.amount)}"
    return None


# ------------------------------------------------------------------------------------------------ Forge

# Mode$ TgtChoose: each discarding player chooses their own cards (DiscardEffect.resolve)
_FORGE = ApiForm("Discard", "who", player=True, amount="NumCards", fixed=(("Mode", "TgtChoose"),))


def _forge_read(r: NodeReader) -> list[dict[str, Any]] | None:
    """`DB$ Discard | Mode$ TgtChoose | NumCards$ N` as `_FORGE` writes it (its subject, then its mode, then
    its amount); a discard of the whole hand (`Mode$ Hand`) is `discard_hand`'s."""
    if r.bag.peek("Mode") == "Hand":
        return None
    subjects = r.subject(player=True, default="you")
    if r.bag.get("Mode") != "TgtChoose":
        raise r.error("FG201", "Discard other than Mode$ TgtChoose")
    amount = r.amount("NumCards", 1)
    return [{"effect": CONSTRUCT.kind, "who": subject, **({"amount": amount} if amount != 1 else {})}
            for subject in subjects]


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("target", "DiscardTargetEffect", "amount"),
    form("you", "DiscardControllerEffect", "amount"),
    form("each_player", "DiscardEachPlayerEffect", "amount", "const:false"),
    form("each_opponent", "DiscardEachPlayerEffect", "const:TargetController.OPPONENT", amount=1),
    form("each_opponent", "DiscardEachPlayerEffect", "static_amount", "const:false",
         "const:TargetController.OPPONENT"),
)


# --------------------------------------------------------------------------------------------- resolver


GROUP_DISCARD = "card to discard, each player at once"
"""The purpose of a discard choice made by each player of a group (each opponent, each player): all
choose, then all discard (101.4); scenario tests name it apart from one player's own discard."""


def _resolve(ctx: Context, effect: Discard) -> list[Entity]:
    """Each player chooses the cards they discard (by default the discarding player chooses), then all
    discard at once (101.4)."""
    from cardgen.game import zones
    from cardgen.game.choices import note_forced
    from cardgen.game.events import Discarded
    amount = ctx.amount(effect.amount)
    state = ctx.state
    who = ctx.players(effect.who, "who")
    group = effect.who in ("each_player", "each_opponent")
    purpose = GROUP_DISCARD if group else "card to discard"
    chosen: list[tuple[str, list[int]]] = []
    for player in who:
        hand = list(state.players[player].hand)
        if len(hand) <= amount:
            picked = hand
            if group:  # no choice left, but an engine asking each player in turn may still ask it
                note_forced(state.chooser, player, hand, amount, purpose)
        else:
            picked = [int(oid) for oid in state.chooser.choose(player, hand, amount, purpose)]
        chosen.append((player, picked))
    for player, picked in chosen:
        for oid in picked:
            state.emit(Discarded(player, state.obj(oid).name))
            zones.move(state, oid, "graveyard")
    return list(who)


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="discard", model=Discard, subjects=("who",),
    text=EffectText(
        phrasings=_PHRASINGS,
        clause=_clause,
    ),
    checks=EffectChecks(done_by_player=True),
    forge=ForgeEffect(
        api=_FORGE,
        reads={"Discard": _forge_read},
        deck_hints=lambda e: (("DeckHas", "Ability", "Discard"),) if e.who == "you" else (),
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        pointer_stable=True,
        # framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
        phrased=frozenset({"DiscardTargetEffect", "DiscardControllerEffect", "DiscardEachPlayerEffect"}),
    ),
    rule=OneShot(resolve=_resolve),
)
