"""The `exile_until_leaves` effect: "exile target nonland permanent an opponent controls until this
enchantment leaves the battlefield" (Banishing Light).

Rules: 610.3 (a one-shot effect that exiles an object until a permanent leaves the battlefield; the object
returns immediately when it does, 610.3a, under its owner's control, 610.3c, as a new object, 400.7); the
Banishing Light ruling: if the permanent has left the battlefield before the ability resolves, the object
isn't exiled at all (610.3c: the exile doesn't happen).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import EffectBase, Subject
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.text.phrases import ClauseWords


# ------------------------------------------------------------------------------------------ the spec model

class ExileUntilLeaves(EffectBase):
    """Exile permanents until the source leaves the battlefield (610.3)."""

    effect: Literal["exile_until_leaves"]
    what: Subject


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [Form("exile {w:object} until {s:self} leaves the battlefield",
                          {"effect": "exile_until_leaves", "what": V("w")})],
}


def _clause(words: ClauseWords, effect: ExileUntilLeaves, subject: Any, target: str | None) -> str | None:
    return None if target is None else f"exile {target} until {{this}} leaves the battlefield"


# ------------------------------------------------------------------------------------------------ Forge

FORGE_DURATION = "UntilHostLeavesPlay"
"""`Duration$` of a ChangeZone whose moved cards come back when the host leaves the battlefield
(ChangeZoneEffect.resolve does nothing when the host is no longer in play; SpellAbilityEffect.addUntilCommand
returns the cards)."""


def _forge(w: EffectWriter, e: ExileUntilLeaves) -> tuple[str, Params]:
    api, params = w.zone_change(e.what, "Exile")
    return api, [*params, ("Duration", FORGE_DURATION)]


def _forge_read(r: NodeReader) -> list[dict[str, Any]] | None:
    """A ChangeZone of known permanents to exile with `Duration$ UntilHostLeavesPlay` (ChangeZone is shared:
    see `read_apis`; `exile` leaves a line with a `Duration$` to this reader)."""
    if r.bag.peek("Duration") != FORGE_DURATION:
        return None
    move = r.zone_change()
    if move.hidden or move.destination != "exile" or move.origin not in (None, "battlefield") or move.counters \
            or move.under != "owner":
        return None
    r.bag.get("Duration")
    return [{"effect": "exile_until_leaves", "what": what} for what in move.objects]


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    # exiles the targets, then adds OnLeaveReturnExiledAbility; does nothing when the source has left
    form("target", "ExileUntilSourceLeavesEffect", when="permanent"),
)


# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: ExileUntilLeaves) -> list[Entity]:
    """Exile the objects, linked to the source permanent: when it leaves the battlefield they return
    (`cardgen.game.zones.move`). A source no longer on the battlefield exiles nothing (the ruling)."""
    from cardgen.game import zones
    state = ctx.state
    source = state.live(ctx.source)
    if source is None or source.zone != "battlefield":
        return []
    moved = [zones.move(state, obj.oid, "exile") for obj in ctx.objects(effect.what, "what")
             if obj.zone == "battlefield"]
    exiled = [obj.oid for obj in moved if obj is not None]
    if exiled:
        zones.exile_until_leaves(state, source.oid, exiled)
    return list(exiled)


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="exile_until_leaves", model=ExileUntilLeaves, subjects=("what",),
    text=EffectText(
        phrasings=_PHRASINGS,
        antecedents=("what",),
        clause=_clause,
    ),
    forge=ForgeEffect(
        remembers=True,
        moves_to="exile",
        write=_forge,
        reads={"ChangeZone": _forge_read},
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        moves_objects=True,
        phrased=frozenset({"ExileUntilSourceLeavesEffect"}),
    ),
    rule=OneShot(resolve=_resolve),
)
