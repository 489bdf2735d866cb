"""The `put_on_library` effect: "Put target card from your graveyard on the bottom of your library."

A card put into a library goes to its owner's library (400.3), there a new object (400.7) in a hidden zone
(401.2), at the position the effect says: the bottom (401.4 orders only several cards put at once).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import EffectBase, Subject, TargetSubject
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity


# ------------------------------------------------------------------------------------------ the spec model

class PutOnLibrary(EffectBase):
    """Put the card of `what` (a target card in a graveyard) on the bottom of its owner's library."""

    effect: Literal["put_on_library"]
    what: Subject


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("put {w:object_sg} on the bottom of your library", {"effect": "put_on_library", "what": V("w")}),
    ],
}


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: EffectWriter, e: PutOnLibrary) -> tuple[str, Params]:
    """`ChangeZone | Origin$ Graveyard | Destination$ Library | LibraryPosition$ -1` (forge-game
    ChangeZoneEffect.changeKnownOriginResolve: LibraryPosition$ -1 is the bottom, default 0, the top)."""
    what = e.what
    if not isinstance(what, TargetSubject) or what.target.zone != "graveyard" or what.target.player is not None:
        raise w.error("put_on_library puts a target card from a graveyard on the bottom of the library")
    return "ChangeZone", [*w.target(what.target, implied_zone="graveyard"), ("Origin", "Graveyard"),
                          ("Destination", "Library"), ("LibraryPosition", "-1")]


def _forge_read(r: NodeReader) -> list[dict[str, Any]] | None:
    """A known card moved from a graveyard to the bottom of a library (ChangeZone is shared: see `read_apis`)."""
    move = r.zone_change()
    if move.destination != "library" or move.hidden:
        return None
    if move.origin != "graveyard" or r.bag.get("LibraryPosition") != "-1":
        raise r.error("FG203", "ChangeZone to a library is read as 'put target card from a graveyard on the bottom "
                               "of the library' (Origin$ Graveyard | LibraryPosition$ -1)")
    return [{"effect": CONSTRUCT.kind, "what": what} for what in move.objects]


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    # new PutOnLibraryTargetEffect(false): onTop false, the bottom ("put target card ... on the bottom of its
    # owner's library", with the target's description)
    form("target", "PutOnLibraryTargetEffect", "const:false"),
)


# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: PutOnLibrary) -> list[Entity]:
    """Each card still in a graveyard goes to the bottom of its owner's library."""
    from cardgen.game import zones
    moved: list[Entity] = []
    for obj in ctx.objects(effect.what, "what"):
        if obj.zone != "graveyard":
            continue
        new = zones.move(ctx.state, obj.oid, "library", top=False)
        if new is not None:
            moved.append(new.oid)
    return moved


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="put_on_library", model=PutOnLibrary, subjects=("what",),
    text=EffectText(
        phrasings=_PHRASINGS,
        antecedents=("what",),
    ),
    forge=ForgeEffect(
        remembers=True,
        moves_to="library",
        write=_forge,
        reads={"ChangeZone": _forge_read},
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        moves_objects=True,
    ),
    rule=OneShot(resolve=_resolve),
)
