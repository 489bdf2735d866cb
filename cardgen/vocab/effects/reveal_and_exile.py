"""The `reveal_and_exile` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from cardgen.model.parts import EffectBase, ObjectFilter, Subject, TargetSubject
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect, XMageSequence
from cardgen.vocab.java_statements import Do, Local, NullGuard, Statement
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.canonical import CanonicalForms
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.read_sequence import SequenceReader
    from cardgen.engines.xmage.sequence import SequenceLowering
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity


# ------------------------------------------------------------------------------------------ the spec model

class RevealAndExile(EffectBase):
    """`who` reveals their hand; you choose `amount` cards matching `filter` from it; exile them."""

    effect: Literal["reveal_and_exile"]
    who: Subject
    filter: ObjectFilter = ObjectFilter.model_construct(zone="hand")  # a valid value; validating it would build
    amount: Annotated[int, Field(ge=1, le=20)] = 1


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("{who:player_sg} reveals their hand. you choose {f:article_hand_card} from it. exile that card",
             {"effect": "reveal_and_exile", "who": V("who"), "filter": V("f", {"zone": "hand"})}),
    ],
    "article_hand_card": [Form("a {f:hand_card}", V("f")), Form("an {f:hand_card}", V("f"))],
}


def _canonical(forms: CanonicalForms, effect: dict[str, Any]) -> None:
    effect["filter"] = forms.filter(effect["filter"])


# ------------------------------------------------------------------------------------------------ Forge


def _forge(w: EffectWriter, e: RevealAndExile) -> tuple[str, Params]:
    if e.filter.zone != "hand":
        raise w.error("reveal_and_exile chooses from the hand")
    params: Params = [("Origin", "Hand"), ("Destination", "Exile")]
    if isinstance(e.who, TargetSubject):
        params += [("DefinedPlayer", "Targeted"), *w.target(e.who.target)]
    elif (player := w.player_word(e.who)) is not None:
        params.append(("DefinedPlayer", player))
    else:
        raise w.error("reveal_and_exile needs a player")
    params += [("Chooser", "You"), ("ChangeType", w.valid(e.filter)), *w.number("ChangeNum", e.amount)]
    if isinstance(e.who, TargetSubject):
        params.append(("IsCurse", "True"))  # ChangeZoneAi: the targeted player is hurt, not helped
    params.append(("Mandatory", "True"))
    return "ChangeZone", params


def _forge_read(r: NodeReader) -> list[dict[str, Any]] | None:
    """You choose cards from a player's hand to exile (ChangeZone is shared: see `read_apis`)."""
    move = r.zone_change()
    bag = r.bag
    if not (move.hidden and move.origin == "hand" and move.destination == "exile" and bag.peek("Chooser") == "You"):
        return None
    bag.get("Chooser")
    target = r.targets()
    defined_player = bag.get("DefinedPlayer")
    if target is not None:
        if defined_player != "Targeted" or "player" not in target["target"]:
            raise r.error("FG201", "a hand to choose from must be a targeted player's (DefinedPlayer$ Targeted)")
        who: Any = target
    elif (player := r.player_word(defined_player)) is not None:
        who = player
    else:
        raise r.error("FG203", f"DefinedPlayer$ {defined_player}")
    if bag.get("Mandatory") != "True":
        raise r.error("FG201", "choosing from a hand without Mandatory$ True ('up to') has no spec form")
    parsed = r.valid(bag.get("ChangeType") or "Card", "hand")
    amount = bag.take_int("ChangeNum", 1)
    return [r.with_amount({"effect": "reveal_and_exile", "who": who, "filter": {"zone": "hand", **parsed.fields}},
                          amount=amount)]


# ------------------------------------------------------------------------------------------------ XMage


def _xmage_needs_sequence(effect: RevealAndExile) -> bool:
    """No framework effect does this step: it is always written in the generated sequence effect."""
    return True


def _xmage_sequence_step(s: SequenceLowering, effect: RevealAndExile, subject: Any, indent: int
                         ) -> list[Statement]:
    """Target player reveals their hand; you choose `amount` matching cards from it; exile them."""
    keep, name, declared = s.kept(effect)
    subject = effect.who
    if not isinstance(subject, TargetSubject) or subject.target.player is None:
        raise s.Unsupported("`reveal_and_exile` renders for a target player (`who: {target: {player: ...}}`)")
    if effect.filter.zone != "hand":
        raise s.Unsupported("`reveal_and_exile` chooses from the revealed hand: its filter's zone is `hand`")
    slot = s.host.slot(effect, "who")
    player, target = s.local("player"), s.local("target")
    field = s.Raw(s.filters.add(effect.filter))
    chosen = name if keep else s.local("exiled")
    target_class = s.use("TargetCard")
    chooser = s.new(target_class, effect.amount, s.zone("hand"), field)
    lines: list[Statement] = [
        Local("Player", player, f"game.getPlayer({s.target_id(slot.index)})"),
        NullGuard(player),
        Do(s.call(player, "revealCards", "source", s.call(player, "getHand"), "game").flat()),
        Local(target_class, target, s.fmt(chooser, indent, offset=len(target_class) + len(target) + 4)),
        Do(s.call("controller", "choose", s.parent.const("Outcome.Benefit"), s.call(player, "getHand"), target,
                  "source", "game").flat())]
    ids = s.new(s.use("CardsImpl"), s.call(target, "getTargets"))
    if keep and effect.id is not None:  # kept: it has an id
        s.vars[effect.id] = (name, "exile")
    if declared:
        lines.append(Do(s.call(chosen, "addAll", ids).flat()))
    else:
        lines.append(Local(s.use("Cards"), chosen, ids.flat()))
    lines.append(Do(s.call("controller", "moveCards", chosen, s.zone("exile"), "source", "game").flat()))
    if keep:
        lines.append(Do(s.call(chosen, "retainZone", s.zone("exile"), "game").flat()))
    return lines


def _xmage_read_choice(sr: SequenceReader, value: Any, target_name: str, target: dict[str, Any], node: Any) -> bool:
    """`controller.choose(..., player.getHand(), target, ...)` of a revealed hand: the cards chosen are
    exiled by the `moveCards` that follows."""
    among = value.args[1]
    if not (isinstance(among, sr.Call) and among.method == "getHand" and isinstance(among.receiver, sr.Raw)
            and among.receiver.text in sr.revealed):
        return False
    player = among.receiver.text
    count = target.pop("max", 1)
    target.pop("min", None)
    zone = target.get("zone")
    if zone != "hand":
        raise sr.error("a revealed hand is chosen from with a hand target", node)
    effect: dict[str, Any] = {"effect": CONSTRUCT.kind, "filter": target, "amount": count}
    effect["who"] = sr.effects.slots.subject(sr.players[player], effect, node, "it", sr.state)
    sr.chosen[target_name] = ({"_reveal": effect}, "exile")
    return True

# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: RevealAndExile) -> list[Entity]:
    """Each player reveals their hand; the effect's controller chooses the cards to exile from it."""
    from cardgen.game import filters, zones
    from cardgen.game.events import Revealed
    state = ctx.state
    exiled: list[Entity] = []
    for player in [e for e in ctx.subject(effect.who, "who") if isinstance(e, str)]:
        hand = state.cards_in(player, "hand")
        state.emit(Revealed(player, tuple(sorted(obj.name for obj in hand))))
        options = [obj.oid for obj in hand if filters.matches(state, obj, effect.filter, ctx.controller)]
        for oid in state.chooser.choose(ctx.controller, options, effect.amount, "card to exile"):
            new = zones.move(state, oid, "exile")  # type: ignore[arg-type]
            if new is not None:
                exiled.append(new.oid)
    return exiled


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="reveal_and_exile", model=RevealAndExile, subjects=("who",),
    text=EffectText(
        phrasings=_PHRASINGS,
        backref_noun="card",
        canonical=_canonical,
    ),
    forge=ForgeEffect(
        remembers=True,
        moves_to="exile",
        write=_forge,
        reads={"ChangeZone": _forge_read},
    ),
    xmage=XMageEffect(
        moves_objects=True,
        needs_sequence=_xmage_needs_sequence,
        sequence=XMageSequence(
            step=_xmage_sequence_step,
            read_choice=_xmage_read_choice,
        ),
    ),
    rule=OneShot(resolve=_resolve),
)
