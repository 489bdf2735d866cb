"""The `exile` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import EffectBase, Subject
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect, XMageSequence
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.reader import EffectReader
    from cardgen.engines.xmage.sequence import SequenceLowering
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.text.phrases import ClauseWords
    from cardgen.vocab.java_statements import Statement


# ------------------------------------------------------------------------------------------ the spec model

class Exile(EffectBase):
    effect: Literal["exile"]
    what: Subject


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [Form("exile {w:object}", {"effect": "exile", "what": V("w")})],
}


def _clause(words: ClauseWords, effect: Exile, subject: Any, target: str | None) -> str | None:
    return "exile {this}" if subject == "self" else None


# ------------------------------------------------------------------------------------------------ Forge


def _forge(w: EffectWriter, e: Exile) -> tuple[str, Params]:
    return w.zone_change(e.what, "Exile")


def _forge_read(r: NodeReader) -> list[dict[str, Any]] | None:
    """Known objects moved to exile, nothing added (ChangeZone is shared: see `read_apis`); a move with a
    `Duration$` is `exile_until_leaves`'s."""
    if r.bag.peek("Duration") is not None:
        return None
    move = r.zone_change()
    if move.hidden or move.destination != "exile" or move.counters or move.under != "owner":
        return None
    return [{"effect": "exile", "what": what} for what in move.objects]


def _forge_read_all(r: NodeReader) -> list[dict[str, Any]] | None:
    move = r.zone_change_all()
    if move.destination != "exile":
        return None
    return [{"effect": "exile", "what": what} for what in move.objects]


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("target", "ExileTargetEffect"),
    form("all", "ExileAllEffect", "filter", when="on_battlefield_or_stack"),  # takes a FilterPermanent
    form("self", "ExileSpellEffect", when="spell"),
    form("self", "ExileSourceEffect", when="permanent"),
)


def _xmage_sequence_step(s: SequenceLowering, effect: Exile, subject: Any, indent: int) -> list[Statement] | None:
    """`controller.moveCards(<objects>, Zone.EXILED, ...)`."""
    if isinstance(subject, str):
        return None
    before, cards, _zone = s.source(subject, effect, indent)
    return s.move(effect, before, cards, indent, "exile")


def _xmage_read_move(to_zone: str, from_zone: str | None, subject: Any, by_owner: bool) -> dict[str, Any] | None:
    """Objects moved to exile (the top cards of a library: `exile_top`)."""
    if to_zone == "exile" and not (isinstance(subject, dict) and "library_top" in subject):
        return {"effect": CONSTRUCT.kind, "what": subject}
    return None


def _xmage_read_exile_return_next_end_step(r: EffectReader, value: Any, index: int, node: Any, subject: Any,
                                           zone: str | None) -> list[dict[str, Any]] | None:
    """XMage's `ExileReturnBattlefieldNextEndStepTargetEffect()`: exile the target, then a delayed trigger
    at the beginning of the next end step returns the exiled card to the battlefield under its owner's
    control (603.7a; 610.3c: the card's new object). Read, never written (cardgen writes the card's own
    effect class)."""
    if value.args or subject is not None:
        return None
    exiled = r.framework(r.New("ExileTargetEffect", ()), index, node)
    if not isinstance(exiled, dict):
        return None
    name = f"exile_{index + 1}"
    return [{**exiled, "id": name},
            {"effect": "delayed_trigger", "at": "next_end_step",
             "effects": [{"effect": "return_card", "what": {"ref": name}, "to": "battlefield", "under": "owner"}]}]


# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: Exile) -> list[Entity]:
    """Returns the new objects in exile (400.7), which later effects (`{ref: ...}`) can find there."""
    from cardgen.game import zones
    moved = [zones.move(ctx.state, obj.oid, "exile") for obj in ctx.objects(effect.what, "what")]
    return [obj.oid for obj in moved if obj is not None]


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="exile", model=Exile, subjects=("what",),
    text=EffectText(
        phrasings=_PHRASINGS,
        antecedents=("what",),
        clause=_clause,
    ),
    forge=ForgeEffect(
        remembers=True,
        moves_to="exile",
        write=_forge,
        reads={"ChangeZone": _forge_read, "ChangeZoneAll": _forge_read_all},
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        moves_objects=True,
        # framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
        phrased=frozenset({"ExileSpellEffect"}),
        read_classes={"ExileReturnBattlefieldNextEndStepTargetEffect": _xmage_read_exile_return_next_end_step},
        sequence=XMageSequence(
            step=_xmage_sequence_step,
            read_move=_xmage_read_move,
        ),
    ),
    rule=OneShot(resolve=_resolve),
)
