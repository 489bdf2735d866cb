"""The `reveal_and_exile` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import RevealAndExile, TargetSubject
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.xmage.read_sequence import SequenceReader
    from cardgen.engines.xmage.sequence import SequenceLowering

CONSTRUCT = EffectConstruct("reveal_and_exile", RevealAndExile, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_moves_objects", True)


@CONSTRUCT.slot("xmage_needs_sequence")
def _xmage_needs_sequence(effect: RevealAndExile) -> bool:
    """No framework effect does this step: it is always written in the generated sequence effect."""
    return True


@CONSTRUCT.slot("xmage_sequence_step")
def _xmage_sequence_step(s: SequenceLowering, effect: RevealAndExile, subject: Any, indent: int) -> list[str]:
    """Target player reveals their hand; you choose `amount` matching cards from it; exile them."""
    pad = " " * indent
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
    lines = [f"{pad}Player {player} = game.getPlayer({s.target_id(slot.index)});",
             f"{pad}if ({player} == null) {{", f"{pad}    return false;", f"{pad}}}",
             f"{pad}{player}.revealCards(source, {player}.getHand(), game);",
             f"{pad}{target_class} {target} = {s.fmt(chooser, indent, offset=len(target_class) + len(target) + 4)};",
             f"{pad}controller.choose({s.parent.const('Outcome.Benefit').flat()}, {player}.getHand(), {target}, "
             "source, game);"]
    ids = s.new(s.use("CardsImpl"), s.call(target, "getTargets"))
    if keep:
        s.vars[effect.id] = (name, "exile")
    if declared:
        lines.append(f"{pad}{chosen}.addAll({ids.flat()});")
    else:
        lines.append(f"{pad}{s.use('Cards')} {chosen} = {ids.flat()};")
    lines.append(f"{pad}controller.moveCards({chosen}, {s.zone('exile').flat()}, source, game);")
    if keep:
        lines.append(f"{pad}{chosen}.retainZone({s.zone('exile').flat()}, game);")
    return lines


@CONSTRUCT.slot("xmage_read_choice")
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
