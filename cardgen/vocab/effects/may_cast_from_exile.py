"""The `may_cast_from_exile` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import MayCastFromExile
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.xmage.read_sequence import SequenceReader
    from cardgen.engines.xmage.sequence import SequenceLowering

CONSTRUCT = EffectConstruct("may_cast_from_exile", MayCastFromExile, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

@CONSTRUCT.slot("xmage_needs_sequence")
def _xmage_needs_sequence(effect: MayCastFromExile) -> bool:
    """No framework effect does this step: it is always written in the generated sequence effect."""
    return True


@CONSTRUCT.slot("xmage_sequence_step")
def _xmage_sequence_step(s: SequenceLowering, effect: MayCastFromExile, subject: Any, indent: int) -> list[str]:
    """`CardUtil.makeCardPlayable` for each of the objects."""
    pad = " " * indent
    before, cards, _zone = s.source(subject, effect, indent)
    s.use("Card")
    utility, duration = s.use("CardUtil"), s.parent.const("Duration.Custom").flat()
    return [*before, f"{pad}for (Card card : {s.fmt(cards, indent, offset=17)}.getCards(game)) {{",
            f"{pad}    {utility}.makeCardPlayable(game, source, card, true, {duration}, "
            f"{'true' if effect.any_mana else 'false'});",
            f"{pad}}}"]


@CONSTRUCT.slot("xmage_read_loop")
def _xmage_read_loop(sr: SequenceReader, variable: str, head: Any, body: str, node: Any) -> list[dict[str, Any]] | None:
    """The `makeCardPlayable` loop `xmage_sequence_step` writes."""
    if not (variable == "card" and isinstance(head, sr.Call) and head.method == "getCards"
            and head.args == (sr.Raw("game"),)):
        return None
    for any_mana in ("true", "false"):
        if body == f"{{ CardUtil.makeCardPlayable(game, source, card, true, Duration.Custom, {any_mana}); }}":
            effect: dict[str, Any] = {"effect": CONSTRUCT.kind, "any_mana": any_mana == "true"}
            effect["what"], _zone = sr.source(head.receiver, effect, node)
            return [effect]
    return None

# --------------------------------------------------------------------------------------------- resolver
