"""The `reveal_until` effect: "reveal cards from the top of your library until you reveal a land card. Put that
card onto the battlefield tapped and the rest on the bottom of your library in a random order" (Clifftop
Lookout).

The player reveals cards from the top of their library one at a time (701.20a: shown to all) until a card of the
quality the effect names is revealed, or the library runs out; that card goes where the effect says, and every
other card revealed this way goes on the bottom of the library in a random order (401.4). With no card of the
quality in the library, every card is revealed and all of them go to the bottom.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import field_validator, model_validator

from cardgen.model.parts import EffectBase, ObjectFilter
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.canonical import CanonicalForms
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.lower import CardLowering
    from cardgen.engines.xmage.reader import EffectReader
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity


# ------------------------------------------------------------------------------------------ the spec model

class RevealUntil(EffectBase):
    """You reveal cards from the top of your library until you reveal a card matching `filter`; it goes into your
    hand or onto the battlefield (`tapped`: tapped), the rest on the bottom of your library in a random order."""

    effect: Literal["reveal_until"]
    filter: ObjectFilter = ObjectFilter.model_construct(zone="library")  # a valid value; validating it would build
    to: Literal["hand", "battlefield"]
    tapped: bool = False

    @field_validator("filter", mode="after")
    @classmethod
    def _in_the_library(cls, value: ObjectFilter) -> ObjectFilter:
        if value.zone != "library":
            raise ValueError("the cards revealed are in the library: the filter's zone is `library`")
        return value

    @model_validator(mode="after")
    def _tapped_onto_the_battlefield(self) -> RevealUntil:
        if self.tapped and self.to != "battlefield":
            raise ValueError("`tapped` is for a card put onto the battlefield")
        return self


# ------------------------------------------------------------------------------------ text and phrasing

_HEAD = "reveal cards from the top of your library until you reveal {f:searched_card}. put that card "
_REST = " and the rest on the bottom of your library in a random order"
_VALUE: dict[str, Any] = {"effect": "reveal_until", "filter": V("f", {"zone": "library"})}
_PHRASINGS = {
    "plain_effect": [
        Form(_HEAD + "onto the battlefield tapped" + _REST, {**_VALUE, "to": "battlefield", "tapped": True}),
        Form(_HEAD + "onto the battlefield" + _REST, {**_VALUE, "to": "battlefield"}),
        Form(_HEAD + "into your hand" + _REST, {**_VALUE, "to": "hand"}),
    ],
}


def _canonical(forms: CanonicalForms, effect: dict[str, Any]) -> None:
    effect["filter"] = forms.filter(effect.get("filter", {"zone": "library"}))


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: EffectWriter, e: RevealUntil) -> tuple[str, Params]:
    """`DigUntil | Valid$ Land | FoundDestination$ Battlefield | Tapped$ True | RevealedDestination$ Library |
    RevealedLibraryPosition$ -1 | RevealRandomOrder$ True`, as Forge's own Clifftop Lookout (DigUntilEffect.resolve:
    the cards are revealed from the top until one is `Valid$`, that one moved to `FoundDestination$`, the others
    to `RevealedDestination$` at `RevealedLibraryPosition$`, -1 the bottom, shuffled first with
    `RevealRandomOrder$`)."""
    params: Params = [("Valid", w.valid(e.filter)), ("FoundDestination", "Battlefield" if e.to == "battlefield"
                                                      else "Hand")]
    if e.tapped:
        params.append(("Tapped", "True"))
    return "DigUntil", [*params, ("RevealedDestination", "Library"), ("RevealedLibraryPosition", "-1"),
                        ("RevealRandomOrder", "True")]


def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    bag = r.bag
    found = {"Battlefield": "battlefield", "Hand": "hand"}.get(bag.get("FoundDestination") or "")
    if found is None:
        raise r.error("FG203", "DigUntil: the card found goes into the hand or onto the battlefield here")
    if bag.get("RevealedDestination") != "Library" or bag.get("RevealedLibraryPosition") != "-1" \
            or bag.get("RevealRandomOrder") != "True":
        raise r.error("FG203", "DigUntil: the rest go on the bottom in a random order here (RevealedDestination$ "
                               "Library | RevealedLibraryPosition$ -1 | RevealRandomOrder$ True)")
    if bag.take_int("Amount", 1) != 1:
        raise r.error("FG203", "DigUntil: until one card is revealed here")
    if r.subject(player=True, default="you") != ["you"]:
        raise r.error("FG203", "DigUntil: only your own library is revealed here")
    bag.get("ValidDescription")
    parsed = r.valid(bag.get("Valid") or "Card", "library")
    effect: dict[str, Any] = {"effect": CONSTRUCT.kind, "filter": {"zone": "library", **parsed.fields}, "to": found}
    if bag.get("Tapped") == "True":
        if found != "battlefield":
            raise r.error("FG201", "DigUntil: Tapped$ True for a card that doesn't go onto the battlefield")
        effect["tapped"] = True
    return [effect]


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    # new RevealCardsFromLibraryUntilEffect(filter, PutCards.BATTLEFIELD_TAPPED, PutCards.BOTTOM_RANDOM), as
    # XMage's own Clifftop Lookout: "reveal cards from the top of your library until you reveal <the filter's
    # message, with its article>. Put that card onto the battlefield tapped and the rest on the bottom ..."
    form("none", "RevealCardsFromLibraryUntilEffect", "until_filter", "const:PutCards.BATTLEFIELD_TAPPED",
         "const:PutCards.BOTTOM_RANDOM", to="battlefield", tapped=True),
    form("none", "RevealCardsFromLibraryUntilEffect", "until_filter", "const:PutCards.BATTLEFIELD",
         "const:PutCards.BOTTOM_RANDOM", to="battlefield"),
    form("none", "RevealCardsFromLibraryUntilEffect", "until_filter", "const:PutCards.HAND",
         "const:PutCards.BOTTOM_RANDOM", to="hand"),
)


def _xmage_until_filter(w: CardLowering, effect: RevealUntil) -> list[Any]:
    """The filter of the card revealed for (`StaticFilters.FILTER_CARD_LAND_A`, as XMage's own Clifftop Lookout;
    a field of its own otherwise, its message with the article)."""
    from cardgen.vocab.effects.search_library import library_filter
    return [w.Raw(library_filter(w, effect.filter))]


def _xmage_read_until_filter(r: EffectReader, arg: Any, effect: dict[str, Any], node: Any) -> bool:
    selector, _greatest = r.filter_argument(arg, node)
    effect["filter"] = {**selector, "zone": "library"}
    return False


# --------------------------------------------------------------------------------------------- resolver

def _resolve(ctx: Context, effect: RevealUntil) -> list[Entity]:
    """Reveals from the top until a card of the quality (all of the library when none is); that card is moved,
    the others go to the bottom in the order they were revealed (a random order, which no scenario may depend
    on)."""
    from cardgen.game import filters, zones
    from cardgen.game.events import Revealed
    state, player = ctx.state, ctx.controller
    library = state.players[player].library
    revealed: list[int] = []
    found: int | None = None
    for oid in list(library):
        revealed.append(oid)
        if filters.matches(state, state.obj(oid), effect.filter, player):
            found = oid
            break
    if not revealed:
        return []
    state.emit(Revealed(player, tuple(state.obj(oid).name for oid in revealed)))
    moved: list[Entity] = []
    if found is not None:
        new = zones.move(state, found, effect.to, tapped=effect.tapped)
        if new is not None:
            moved.append(new.oid)
    rest = [oid for oid in revealed if oid in library]
    for oid in rest:
        library.remove(oid)
    library.extend(rest)
    return moved


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="reveal_until", model=RevealUntil,
    text=EffectText(
        phrasings=_PHRASINGS,
        own_sentence=True,
        canonical=_canonical,
    ),
    forge=ForgeEffect(
        write=_forge,
        reads={"DigUntil": _forge_read},
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        shapeless=True,
        args={"until_filter": _xmage_until_filter},
        covers={"until_filter": ("filter",)},
        read_args={"until_filter": _xmage_read_until_filter},
        phrased=frozenset({"RevealCardsFromLibraryUntilEffect"}),
    ),
    rule=OneShot(resolve=_resolve),
)
