"""The `bounce` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.model.card import Bounce
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.sequence import SequenceLowering
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.text.phrases import ClauseWords

CONSTRUCT = EffectConstruct("bounce", Bounce, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("return {w:object_sg} to its owner's hand", {"effect": "bounce", "what": V("w")}),
        Form("return {w:object_pl} to their owners' hands", {"effect": "bounce", "what": V("w")}),
    ],
})


CONSTRUCT.put("text_antecedents", ("what",))


@CONSTRUCT.slot("text_clause")
def _clause(words: ClauseWords, effect: Bounce, subject: Any, target: str | None) -> str | None:
    return None if target is None else f"return {target} to its owner's hand"


# ------------------------------------------------------------------------------------------------ Forge

CONSTRUCT.put("forge_remembers", True)
CONSTRUCT.put("forge_moves_to", "hand")


@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Bounce) -> tuple[str, Params]:
    return w.zone_change(e.what, "Hand")


_FORGE_ORIGINS = (None, "battlefield", "stack")
"""Where a bounce's object is: a permanent, a spell, or (no `Origin$`) wherever the object is."""


@CONSTRUCT.slot("forge_read:ChangeZone")
def _forge_read(r: NodeReader) -> list[dict[str, Any]] | None:
    """Known objects moved to their owner's hand from the battlefield or the stack (ChangeZone is shared:
    see `read_apis`)."""
    move = r.zone_change()
    if move.hidden or move.destination != "hand" or move.origin not in _FORGE_ORIGINS or move.counters:
        return None
    return [{"effect": "bounce", "what": what} for what in move.objects]


@CONSTRUCT.slot("forge_read:ChangeZoneAll")
def _forge_read_all(r: NodeReader) -> list[dict[str, Any]] | None:
    move = r.zone_change_all()
    if move.destination != "hand" or move.origin not in _FORGE_ORIGINS[1:]:
        return None
    return [{"effect": "bounce", "what": what} for what in move.objects]


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "ReturnToHandTargetEffect", when="on_battlefield_or_stack"),
    form("all", "ReturnToHandFromBattlefieldAllEffect", "filter"),
    form("self", "ReturnToHandSourceEffect", "const:true"),
))
CONSTRUCT.put("xmage_moves_objects", True)


@CONSTRUCT.slot("xmage_sequence_step")
def _xmage_sequence_step(s: SequenceLowering, effect: Bounce, subject: Any, indent: int) -> list[str] | None:
    """`controller.moveCards(<objects>, Zone.HAND, ...)`."""
    if isinstance(subject, str):
        return None
    before, cards, _zone = s.source(subject, effect, indent)
    return s.move(effect, before, cards, indent, "hand")


@CONSTRUCT.slot("xmage_read_move")
def _xmage_read_move(to_zone: str, from_zone: str | None, subject: Any, by_owner: bool) -> dict[str, Any] | None:
    """Permanents (or spells) moved to their owners' hands."""
    if to_zone == "hand" and from_zone in ("battlefield", "stack"):
        return {"effect": CONSTRUCT.kind, "what": subject}
    return None


# framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
CONSTRUCT.put("xmage_phrased", frozenset({"ReturnToHandTargetEffect"}))

# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Bounce) -> list[Entity]:
    """Return permanents or spells to their owner's hand."""
    from cardgen.game import zones
    moved = [zones.move(ctx.state, obj.oid, "hand") for obj in ctx.objects(effect.what, "what")
             if obj.zone in ("battlefield", "stack")]
    return [obj.oid for obj in moved if obj is not None]
