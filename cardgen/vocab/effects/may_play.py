"""The `may_play` effect: "Until end of turn, you may play that card." / "Until the end of your next turn, you
may play that card." - the second half of an impulse draw (`exile_top` exiles the card).

Playing a card is casting it, or playing it as a land (a land is played, not cast, 305.1; the land still
counts as the turn's land drop, 305.2): the permission changes where from, not when (a sorcery-speed card
keeps its timing, 601.3, 305.1). It lasts for as long as the duration says (611.2a: "until end of turn" ends
in the cleanup step, 514.2; "until the end of your next turn" at the cleanup of its controller's next turn)
and as long as the card stays exiled: once it leaves, it is a new object the permission doesn't name (400.7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import EffectBase, RefSubject, Subject
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect, XMageSequence
from cardgen.vocab.java_statements import Do, ForEach, Statement
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.read_model import Bag
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.read_sequence import SequenceReader
    from cardgen.engines.xmage.sequence import SequenceLowering
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity


Until = Literal["end_of_turn", "end_of_your_next_turn"]


# ------------------------------------------------------------------------------------------ the spec model

class MayPlay(EffectBase):
    """You may play the referenced exiled card until `until` ends: `end_of_turn` ("Until end of turn"),
    `end_of_your_next_turn` ("Until the end of your next turn")."""

    effect: Literal["may_play"]
    what: Subject
    until: Until


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("until end of turn, you may play {w:object_sg}",
             {"effect": "may_play", "what": V("w"), "until": "end_of_turn"}),
        Form("until the end of your next turn, you may play {w:object_sg}",
             {"effect": "may_play", "what": V("w"), "until": "end_of_your_next_turn"}),
    ],
}


# ------------------------------------------------------------------------------------------------ Forge

UNTIL_FORGE: dict[str, str | None] = {"end_of_turn": None, "end_of_your_next_turn": "UntilTheEndOfYourNextTurn"}
"""Each duration's `Duration$` of the Effect (forge-game EffectEffect.resolve; none: until end of turn)."""


def _forge(w: EffectWriter, e: MayPlay) -> tuple[str, Params]:
    """`Effect | RememberObjects$ Remembered | StaticAbilities$ STPlay | ForgetOnMoved$ Exile` with
    `Mode$ Continuous | MayPlay$ True | Affected$ Card.IsRemembered | AffectedZone$ Exile` (forge-game
    StaticAbilityContinuous: MayPlay lets the card be played from its zone; ForgetOnMoved ends it for a card
    that leaves exile)."""
    if not isinstance(e.what, RefSubject):
        raise w.error("may_play refers to an earlier effect's card")
    remembered = w.ref_defined(e.what)
    static: Params = [("MayPlay", "True"), ("Affected", "Card.IsRemembered"), ("AffectedZone", "Exile")]
    name = w.defer_static("STPlay", "Continuous", static, "You may play remembered card.")
    duration = UNTIL_FORGE[e.until]
    return "Effect", [("RememberObjects", remembered), *([("Duration", duration)] if duration else []),
                      ("StaticAbilities", name), ("ForgetOnMoved", "Exile")]


def _forge_read(r: NodeReader, static: Bag, duration: str | None) -> dict[str, Any] | None:
    """The play permission of an Effect (`may_cast_from_exile` reads the permanent cast permission)."""
    if static.peek("Mode") != "Continuous" or static.peek("MayPlay") != "True" or duration == "Permanent":
        return None
    until = next((word for word, value in UNTIL_FORGE.items() if (value or "EndOfTurn") == (duration or "EndOfTurn")),
                 None)
    if until is None:
        raise r.error("FG203", f"a play permission of Duration$ {duration} has no spec form")
    static.get("MayPlay")
    if static.get("Affected") != "Card.IsRemembered" or static.get("AffectedZone") != "Exile":
        raise r.error("FG203", f"{static.where}: only 'you may play the remembered exiled card' is read")
    remembered = r.bag.get("RememberObjects")
    for moved in ("ForgetOnMoved", "ExileOnMoved"):  # either ends the permission once the card leaves exile
        if r.bag.peek(moved) == "Exile":
            r.bag.get(moved)
    if remembered not in ("Remembered", "RememberedCard", "RememberedLKI"):
        raise r.error("FG201", "a play permission names the remembered card (RememberObjects$ Remembered)")
    (what,) = r.defined("Remembered", player=False)
    return {"effect": CONSTRUCT.kind, "what": what, "until": until}


# ------------------------------------------------------------------------------------------------ XMage

UNTIL_XMAGE = {"end_of_turn": "Duration.EndOfTurn", "end_of_your_next_turn": "Duration.UntilEndOfYourNextTurn"}
"""Each duration's XMage `Duration` member (mage.constants.Duration)."""


def _xmage_needs_sequence(effect: MayPlay) -> bool:
    """It names the cards an earlier step exiled: a step of the generated sequence effect."""
    return True


def _xmage_sequence_step(s: SequenceLowering, effect: MayPlay, subject: Any, indent: int) -> list[Statement]:
    """`CardUtil.makeCardPlayable(game, source, card, false, <duration>, false)` for each card (not only cast:
    played, lands too; no mana of any type)."""
    before, cards, _zone = s.source(subject, effect, indent)
    s.use("Card")
    utility, duration = s.use("CardUtil"), s.parent.const(UNTIL_XMAGE[effect.until])
    playable = Do(s.call(utility, "makeCardPlayable", "game", "source", "card", False, duration, False).flat())
    return [*before, ForEach("Card", "card", f"{s.fmt(cards, indent, offset=17)}.getCards(game)", (playable,))]


def _xmage_read_loop(sr: SequenceReader, variable: str, head: Any, body: str, node: Any) -> list[dict[str, Any]] | None:
    """The `makeCardPlayable` loop `_xmage_sequence_step` writes."""
    if not (variable == "card" and isinstance(head, sr.Call) and head.method == "getCards"
            and head.args == (sr.Raw("game"),) and head.receiver is not None):
        return None
    for until, member in UNTIL_XMAGE.items():
        if body == f"{{ CardUtil.makeCardPlayable(game, source, card, false, {member}, false); }}":
            effect: dict[str, Any] = {"effect": CONSTRUCT.kind, "until": until}
            effect["what"], _zone = sr.source(head.receiver, effect, node)
            return [effect]
    return None


# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: MayPlay) -> list[Entity]:
    """Its controller may play each referenced card that is still exiled until the duration ends (the game
    kit ends it: `continuous.expire_play_permissions`)."""
    from cardgen.game.events import CastPermission
    from cardgen.game.state import PlayPermission
    state = ctx.state
    granted: list[Entity] = []
    for obj in ctx.objects(effect.what, "what"):
        if obj.zone == "exile":
            state.play_permissions[obj.oid] = PlayPermission(ctx.controller, effect.until, state.turn_number)
            state.emit(CastPermission(ctx.controller, obj.name))
            granted.append(obj.oid)
    return granted


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="may_play", model=MayPlay, subjects=("what",),
    text=EffectText(
        phrasings=_PHRASINGS,
        antecedents=("what",),
    ),
    forge=ForgeEffect(
        write=_forge,
        read_static=_forge_read,
    ),
    xmage=XMageEffect(
        needs_sequence=_xmage_needs_sequence,
        sequence=XMageSequence(
            step=_xmage_sequence_step,
            read_loop=_xmage_read_loop,
        ),
    ),
    rule=OneShot(resolve=_resolve),
)
