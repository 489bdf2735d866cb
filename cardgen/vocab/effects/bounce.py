"""The `bounce` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import EffectBase, Subject
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect, XMageSequence
from cardgen.vocab.pattern import Form, V, With
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.sequence import SequenceLowering
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.text.phrases import ClauseWords
    from cardgen.vocab.java_statements import Statement


# ------------------------------------------------------------------------------------------ the spec model

class Bounce(EffectBase):
    """Return a permanent or a spell to its owner's hand."""

    effect: Literal["bounce"]
    what: Subject


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("return {w:object_sg} to its owner's hand", {"effect": "bounce", "what": V("w")}),
        Form("return {w:object_pl} to their owners' hands", {"effect": "bounce", "what": V("w")}),
        # Run Away Together: the targets chosen first, each controlled by a different player (601.2c)
        Form("choose two target {f:filter_pl} controlled by different players. return those {g:filter_pl} to "
             "their owners' hands",
             {"effect": "bounce", "what": {"target": With("f", (("min", 2), ("max", 2),
                                                                ("different_controllers", True)))}}),
    ],
}


def _clause(words: ClauseWords, effect: Bounce, subject: Any, target: str | None) -> str | None:
    return None if target is None else f"return {target} to its owner's hand"


# ------------------------------------------------------------------------------------------------ Forge


def _forge(w: EffectWriter, e: Bounce) -> tuple[str, Params]:
    return w.zone_change(e.what, "Hand")


_FORGE_ORIGINS = (None, "battlefield", "stack")
"""Where a bounce's object is: a permanent, a spell, or (no `Origin$`) wherever the object is."""


def _forge_read(r: NodeReader) -> list[dict[str, Any]] | None:
    """Known objects moved to their owner's hand from the battlefield or the stack (ChangeZone is shared:
    see `read_apis`)."""
    move = r.zone_change()
    if move.hidden or move.destination != "hand" or move.origin not in _FORGE_ORIGINS or move.counters:
        return None
    return [{"effect": "bounce", "what": what} for what in move.objects]


def _forge_read_all(r: NodeReader) -> list[dict[str, Any]] | None:
    move = r.zone_change_all()
    if move.destination != "hand" or move.origin not in _FORGE_ORIGINS[1:]:
        return None
    return [{"effect": "bounce", "what": what} for what in move.objects]


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("target", "ReturnToHandTargetEffect", when="on_battlefield_or_stack"),
    form("all", "ReturnToHandFromBattlefieldAllEffect", "filter"),
    form("self", "ReturnToHandSourceEffect", "const:true"),
)


def _xmage_sequence_step(s: SequenceLowering, effect: Bounce, subject: Any, indent: int) -> list[Statement] | None:
    """`controller.moveCards(<objects>, Zone.HAND, ...)`."""
    if isinstance(subject, str):
        return None
    before, cards, _zone = s.source(subject, effect, indent)
    return s.move(effect, before, cards, indent, "hand")


def _xmage_read_move(to_zone: str, from_zone: str | None, subject: Any, by_owner: bool) -> dict[str, Any] | None:
    """Permanents (or spells) moved to their owners' hands."""
    if to_zone == "hand" and from_zone in ("battlefield", "stack"):
        return {"effect": CONSTRUCT.kind, "what": subject}
    return None


# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: Bounce) -> list[Entity]:
    """Return permanents or spells to their owner's hand."""
    from cardgen.game import zones
    moved = [zones.move(ctx.state, obj.oid, "hand") for obj in ctx.objects(effect.what, "what")
             if obj.zone in ("battlefield", "stack")]
    return [obj.oid for obj in moved if obj is not None]


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="bounce", model=Bounce, subjects=("what",),
    text=EffectText(
        phrasings=_PHRASINGS,
        antecedents=("what",),
        clause=_clause,
    ),
    forge=ForgeEffect(
        remembers=True,
        moves_to="hand",
        write=_forge,
        reads={"ChangeZone": _forge_read, "ChangeZoneAll": _forge_read_all},
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        moves_objects=True,
        # framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
        phrased=frozenset({"ReturnToHandTargetEffect"}),
        sequence=XMageSequence(
            step=_xmage_sequence_step,
            read_move=_xmage_read_move,
        ),
    ),
    rule=OneShot(resolve=_resolve),
)
