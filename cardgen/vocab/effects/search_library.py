"""The `search_library` effect (keyword action search, rule 701.23): "Search your library for a basic land
card, put it onto the battlefield tapped, then shuffle", "Search your library for a Squirrel card, reveal
it, put it into your hand, then shuffle", "you may search your library for a basic land card, reveal it,
then shuffle and put that card on top".

To search a library is to look at all of it (701.23a: a hidden zone, 401.2, seen only by the searcher) and
find a card of the quality the effect names. A player searching for a card with a stated quality need not
find one even if it is there (701.23b); searching for just "a card" they must, if the library has one.
The card found is revealed where the effect says so (701.20a), then put where the effect says; the library
is shuffled (701.24) - before the card goes back on top, where the effect says "then shuffle and put that
card on top" (the card stays in the library: it is the same object, 400.7 applies to a zone change only).
"You may search": the player chooses whether to search at all (declining, nothing is searched and nothing
is shuffled).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import field_validator, model_validator

from cardgen.model.parts import EffectBase, ObjectFilter
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect, XMageSequence
from cardgen.vocab.java_statements import Do, Local, Statement
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.canonical import CanonicalForms
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.lower import CardLowering
    from cardgen.engines.xmage.read_sequence import SequenceReader
    from cardgen.engines.xmage.reader import EffectReader
    from cardgen.engines.xmage.sequence import SequenceLowering
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity


# ------------------------------------------------------------------------------------------ the spec model

Destination = Literal["hand", "battlefield", "top"]


class SearchLibrary(EffectBase):
    """You search your library for a card matching `filter` (701.23), reveal it where `reveal` says, and put
    it into your hand, onto the battlefield (`tapped`: tapped) or, after the shuffle, on top of your library
    (`to: top`); then you shuffle. `optional`: "you may search" (you choose whether to search at all)."""

    effect: Literal["search_library"]
    filter: ObjectFilter = ObjectFilter.model_construct(zone="library")  # a valid value; validating it would build
    to: Destination
    reveal: bool = False
    tapped: bool = False
    optional: bool = False

    @field_validator("filter", mode="after")
    @classmethod
    def _in_the_library(cls, value: ObjectFilter) -> ObjectFilter:
        if value.zone != "library":
            raise ValueError("the card searched for is in the library: the filter's zone is `library`")
        return value

    @model_validator(mode="after")
    def _where(self) -> SearchLibrary:
        if self.tapped and self.to != "battlefield":
            raise ValueError("`tapped` is for a card put onto the battlefield")
        if self.reveal and self.to == "battlefield":
            raise ValueError("a card put onto the battlefield is not revealed: the battlefield is public (400.2)")
        return self


# ------------------------------------------------------------------------------------ text and phrasing

_AFTER = {
    # what follows "search your library for a ... card", by (to, reveal, tapped)
    ("hand", True, False): ", reveal it, put it into your hand, then shuffle",
    ("hand", False, False): ", put it into your hand, then shuffle",
    ("battlefield", False, True): ", put it onto the battlefield tapped, then shuffle",
    ("battlefield", False, False): ", put it onto the battlefield, then shuffle",
    ("top", True, False): ", reveal it, then shuffle and put that card on top",
    ("top", False, False): ", then shuffle and put that card on top",
}


def _forms() -> list[Form]:
    out = []
    for optional in (True, False):
        for (to, reveal, tapped), after in _AFTER.items():
            value: dict[str, Any] = {"effect": "search_library", "filter": V("f", {"zone": "library"}), "to": to}
            if reveal:
                value["reveal"] = True
            if tapped:
                value["tapped"] = True
            if optional:
                value["optional"] = True
            head = "you may search" if optional else "search"
            out.append(Form(f"{head} your library for {{f:searched_card}}{after}", value))
    return out


_PHRASINGS = {
    "plain_effect": _forms(),
    "searched_card": [Form("a {f:library_card}", V("f")), Form("an {f:library_card}", V("f"))],
}


def _canonical(forms: CanonicalForms, effect: dict[str, Any]) -> None:
    effect["filter"] = forms.filter(effect.get("filter", {"zone": "library"}))


def _backref_noun(effect: dict[str, Any]) -> str:
    """What a later "that ..." calls the card found: "untap that land" after a land was put onto the
    battlefield, else "that card"."""
    types = (effect.get("filter") or {}).get("types") or []
    return "land" if types == ["land"] and effect.get("to") == "battlefield" else "card"


# ------------------------------------------------------------------------------------------------ Forge

_DESTINATION = {"hand": "Hand", "battlefield": "Battlefield", "top": "Library"}


def _has_quality(selector: ObjectFilter) -> bool:
    """Whether the filter states a quality (701.23b): anything but "a card"."""
    return bool(selector.model_dump(exclude_defaults=True, exclude={"zone"}))


def _forge(w: EffectWriter, e: SearchLibrary) -> tuple[str, Params]:
    """`ChangeZone | Origin$ Library | Destination$ Hand | ChangeType$ Squirrel`, as Forge's own Fabled Passage
    and Fountainport Bell say it (forge-game ChangeZoneEffect.changeHiddenOriginResolve: the library is a hidden
    origin, the decider chooses among the `ChangeType$` cards with `Mandatory$` unset, so may find none;
    `Tapped$ True` onto the battlefield; `Destination$ Library | LibraryPosition$ 0` shuffles first, then puts
    the card on top; any other destination shuffles after the move; the card is revealed when it goes anywhere
    but the battlefield and `ChangeType$` isn't `Card`, unless `NoReveal$`, or with `Reveal$`; `Optional$`
    asks whether to search before anything else)."""
    valid = w.valid(e.filter)
    params: Params = [("Origin", "Library"), ("Destination", _DESTINATION[e.to]), ("ChangeType", valid)]
    if e.to == "top":
        params.append(("LibraryPosition", "0"))
    if e.tapped:
        params.append(("Tapped", "True"))
    forge_reveals = e.to != "battlefield" and valid != "Card"
    if e.reveal and not forge_reveals:
        params.append(("Reveal", "True"))
    elif not e.reveal and forge_reveals:
        params.append(("NoReveal", "True"))
    if not _has_quality(e.filter):  # 701.23b: "a card" must be found when the library has one
        params.append(("Mandatory", "True"))
    if e.optional:
        params.append(("Optional", "True"))
    return "ChangeZone", params


def _forge_read(r: NodeReader) -> list[dict[str, Any]] | None:
    """A hidden zone change from the library (ChangeZone is shared: see `read_apis`)."""
    move = r.zone_change()
    bag = r.bag
    if not move.hidden or move.origin != "library":
        return None
    to = {"hand": "hand", "battlefield": "battlefield", "library": "top"}.get(move.destination)
    if to is None:
        raise r.error("FG203", f"a library search to the {move.destination} has no spec form")
    if r.subject(player=True, default="you") != ["you"] or bag.has("DefinedPlayer") or bag.has("Chooser"):
        raise r.error("FG203", "only a search of your own library has a spec form")
    if to == "top" and bag.get("LibraryPosition") not in (None, "0"):
        raise r.error("FG203", "a searched card put into the library other than on top has no spec form")
    if bag.get("Shuffle") is not None:
        raise r.error("FG203", "Shuffle$ on a library search has no spec form")
    if bag.take_int("ChangeNum", 1) != 1:
        raise r.error("FG203", "a search for more than one card has no spec form here")
    valid = bag.get("ChangeType") or "Card"
    parsed = r.valid(valid, "library")
    selector: dict[str, Any] = {"zone": "library", **parsed.fields}
    mandatory = bag.get("Mandatory") == "True"
    if mandatory == _has_quality(ObjectFilter.model_validate(selector)):
        raise r.error("FG201", "a search for a card of a stated quality may find none (701.23b: no Mandatory$), "
                               "a search for any card must find one (Mandatory$ True)")
    tapped = bag.get("Tapped") == "True"
    reveal = (to != "battlefield" and valid != "Card" and bag.get("NoReveal") != "True") or (
        bag.get("Reveal") == "True" and to != "battlefield")
    bag.get("ChangeTypeDesc")
    bag.get("ShuffleNonMandatory")  # only when the searcher can't search (ChangeZoneEffect: canSearchLibraryWith)
    effect: dict[str, Any] = {"effect": CONSTRUCT.kind, "filter": selector, "to": to}
    if reveal:
        effect["reveal"] = True
    if tapped:
        if to != "battlefield":
            raise r.error("FG201", "Tapped$ True on a search that puts the card elsewhere than the battlefield")
        effect["tapped"] = True
    if bag.get("Optional") == "True":
        effect["optional"] = True
    return [effect]


# ------------------------------------------------------------------------------------------------ XMage

_LIBRARY_FILTERS: dict[str, dict[str, Any]] = {
    # the `StaticFilters` fields XMage's own cards search with (their messages have the article the effect's
    # text prints: TargetCardInLibrary's description is the filter's message); the reader knows them
    # (`engines/xmage/filters.READ_ONLY_STATIC_FILTERS`)
    "FILTER_CARD_BASIC_LAND_A": {"types": ["land"], "supertypes": ["basic"]},
    "FILTER_CARD_LAND_A": {"types": ["land"]},
    "FILTER_CARD_CREATURE_A": {"types": ["creature"]},
    "FILTER_CARD_A": {},
}

_XMAGE_FORMS = (
    # new SearchLibraryPutInHandEffect(target, reveal): "search your library for <target>, reveal it, put it
    # into your hand, then shuffle" (XMage's own Thornvault Forager)
    form("none", "SearchLibraryPutInHandEffect", "library_target", "const:true", to="hand", reveal=True),
    form("none", "SearchLibraryPutInHandEffect", "library_target", "const:false", to="hand"),
    # new SearchLibraryPutInPlayEffect(target, tapped[, textThatCard, optional]) (XMage's own Heaped Harvest)
    form("none", "SearchLibraryPutInPlayEffect", "library_target", "const:true", to="battlefield", tapped=True),
    form("none", "SearchLibraryPutInPlayEffect", "library_target", "const:false", to="battlefield"),
    form("none", "SearchLibraryPutInPlayEffect", "library_target", "const:true", "const:false", "const:true",
         to="battlefield", tapped=True, optional=True),
    form("none", "SearchLibraryPutInPlayEffect", "library_target", "const:false", "const:false", "const:true",
         to="battlefield", optional=True),
    # new SearchLibraryPutOnLibraryEffect(target, reveal): shuffles, then puts the card on top (XMage's own
    # Fountainport Bell)
    form("none", "SearchLibraryPutOnLibraryEffect", "library_target", "const:true", to="top", reveal=True),
    form("none", "SearchLibraryPutOnLibraryEffect", "library_target", "const:false", to="top"),
)
_XMAGE_READ_FORMS = (
    form("none", "SearchLibraryPutInPlayEffect", "library_target", to="battlefield"),
)


def library_filter(w: CardLowering | SequenceLowering, selector: ObjectFilter) -> str:
    """The filter of a card of the library an effect names with its article (TargetCardInLibrary's description,
    RevealCardsFromLibraryUntilEffect's text): `StaticFilters.FILTER_CARD_BASIC_LAND_A`, or a filter field whose
    message says the card with its article ("a Squirrel card")."""
    wanted = selector.model_dump(exclude_defaults=True, exclude={"zone"})
    ready = next((name for name, fields in _LIBRARY_FILTERS.items() if fields == wanted), None)
    if ready is not None:
        return f"{w.use('StaticFilters')}.{ready}"
    said = w.filters.describe(selector)
    return w.filters.add(selector, message=("an " if said[0].lower() in "aeiou" else "a ") + said)


def _xmage_library_target(w: CardLowering, effect: SearchLibrary) -> list[Any]:
    """`new TargetCardInLibrary(<the library filter>)`."""
    return [w.new(w.use("TargetCardInLibrary"), w.Raw(library_filter(w, effect.filter)))]


def _xmage_read_library_target(r: EffectReader, arg: Any, effect: dict[str, Any], node: Any) -> bool:
    if not (isinstance(arg, r.New) and arg.cls == "TargetCardInLibrary" and len(arg.args) == 1):
        raise r.NoMatch("a TargetCardInLibrary of one card")
    selector, _greatest = r.filter_argument(arg.args[0], node)
    effect["filter"] = {**selector, "zone": "library"}
    return False


_SEQUENCE_ZONES = {"battlefield": "BATTLEFIELD", "hand": "HAND"}


def _xmage_sequence_step(s: SequenceLowering, effect: SearchLibrary, subject: Any, indent: int
                         ) -> list[Statement] | None:
    """A search whose card a later step names ("untap that land"): the statements of XMage's own Fabled Passage
    (`controller.searchLibrary(target, source, game)`, the card found moved - tapped - and kept, then
    `controller.shuffleLibrary`); its framework effect otherwise."""
    keep, name, declared = s.kept(effect)
    if not keep:
        return None
    if effect.to not in _SEQUENCE_ZONES or effect.reveal or effect.optional:
        raise s.Unsupported("inside a sequence effect, a search puts the card it finds onto the battlefield or into "
                            "the hand, unrevealed and not optional")
    target_class, cards = s.use("TargetCardInLibrary"), s.use("Cards")
    target = s.local("target")
    found = s.new(s.use("CardsImpl"), s.call(target, "getTargets"))
    lines: list[Statement] = [
        Local(target_class, target, s.new(target_class, s.Raw(library_filter(s, effect.filter))).flat()),
        Do(s.call("controller", "searchLibrary", target, "source", "game").flat()),
        Do(s.call(name, "addAll", found).flat()) if declared else Local(cards, name, found.flat()),
    ]
    zone = s.zone(effect.to)
    if effect.to == "battlefield":
        move = s.call("controller", "moveCards", s.call(name, "getCards", "game"), zone, "source", "game",
                      s.Raw("true" if effect.tapped else "false"), s.Raw("false"), s.Raw("false"), s.Raw("null"))
    else:
        move = s.call("controller", "moveCards", name, zone, "source", "game")
    if effect.id is not None:
        s.vars[effect.id] = (name, effect.to)
    return [*lines, Do(s.fmt(move, indent)), Do(s.call(name, "retainZone", zone, "game").flat()),
            Do(s.call("controller", "shuffleLibrary", "source", "game").flat())]


def _xmage_read_step(sr: SequenceReader, value: Any, node: Any) -> list[dict[str, Any]] | None:
    """`controller.searchLibrary(target, source, game)`: the card the target finds is the search's (the `Cards`
    made of its targets, moved by the `moveCards` after it); `controller.shuffleLibrary(source, game)`: the
    search's shuffle."""
    if not (isinstance(value, sr.Call) and value.receiver == sr.Raw("controller")):
        return None
    if value.method == "shuffleLibrary" and value.args == (sr.Raw("source"), sr.Raw("game")):
        return []
    if value.method != "searchLibrary" or len(value.args) != 3 or not isinstance(value.args[0], sr.Raw) \
            or value.args[0].text not in sr.targets:
        return None
    target_name = value.args[0].text
    selector = dict(sr.targets.pop(target_name))
    selector.pop("min", None)
    selector.pop("max", None)
    sr.chosen[target_name] = ({"_search": {"effect": CONSTRUCT.kind, "filter": selector}}, "library")
    return []


def _xmage_read_move(to_zone: str, from_zone: str | None, subject: Any, by_owner: bool) -> dict[str, Any] | None:
    """The `moveCards` of the card a search found (`_xmage_read_step`)."""
    found = subject.get("_search") if isinstance(subject, dict) else None
    if found is None or to_zone not in _SEQUENCE_ZONES or by_owner:
        return None
    effect = {**found, "to": to_zone}
    if subject.get("_tapped"):
        effect["tapped"] = True
    return effect


# --------------------------------------------------------------------------------------------- resolver

MAY_SEARCH = "search: whether to search your library"
FIND = "search: the card found"


def _resolve(ctx: Context, effect: SearchLibrary) -> list[Entity]:
    """The controller searches their library: among the cards matching the filter they may find one (none
    when the scenario answers `[]`; 701.23b), or must find one when the filter states no quality and the
    library has a card. Found, it is revealed where the effect says, then moved; the library is shuffled
    (before the card goes on top, for `to: top`)."""
    from cardgen.game import filters, zones
    from cardgen.game.events import LibrarySearched, Revealed, Shuffled
    state, player = ctx.state, ctx.controller
    if effect.optional and not state.chooser.decide(player, MAY_SEARCH):
        return []
    library = state.players[player].library
    options = [oid for oid in library if filters.matches(state, state.obj(oid), effect.filter, player)]
    picked = [int(entity) for entity in state.chooser.choose(player, options, 1, FIND)]
    if not picked and options and not _has_quality(effect.filter):
        picked = options[:1]  # 701.23b: a search for any card finds one
    names = tuple(state.obj(oid).name for oid in picked)
    state.emit(LibrarySearched(player, names))
    if picked and effect.reveal:
        state.emit(Revealed(player, names))
    found: list[Entity] = []
    if effect.to == "top":
        state.emit(Shuffled(player))
        for oid in picked:
            library.remove(oid)
            library.insert(0, oid)
            found.append(oid)
        return found
    for oid in picked:
        new = zones.move(state, oid, effect.to, tapped=effect.tapped)
        if new is not None:
            found.append(new.oid)
    state.emit(Shuffled(player))
    return found


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="search_library", model=SearchLibrary,
    text=EffectText(
        phrasings=_PHRASINGS,
        backref_noun=_backref_noun,
        canonical=_canonical,
    ),
    forge=ForgeEffect(
        remembers=True,
        moves_to=lambda e: {"top": "library"}.get(e.to, e.to),
        write=_forge,
        reads={"ChangeZone": _forge_read},
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        read_forms=_XMAGE_READ_FORMS,
        shapeless=True,
        args={"library_target": _xmage_library_target},
        covers={"library_target": ("filter",)},
        read_args={"library_target": _xmage_read_library_target},
        moves_objects=True,
        sequence=XMageSequence(step=_xmage_sequence_step, read_step=_xmage_read_step, read_move=_xmage_read_move),
        # "search your library for <the filter's message>, reveal it, put it into your hand, then shuffle" and
        # the other forms' texts (SearchLibraryPutInHandEffect.setText, ...)
        phrased=frozenset({"SearchLibraryPutInHandEffect", "SearchLibraryPutInPlayEffect",
                           "SearchLibraryPutOnLibraryEffect"}),
        # XMage asks "you may" with chooseUse, and the card found with chooseTarget among the library's cards
        # (Player.searchLibrary: the test's addTarget, TARGET_SKIP for none)
        decisions={MAY_SEARCH: "use", FIND: "targets_picked"},
        # "you may search ..." of a triggered ability whose framework effect has no "you may" (putting the card
        # into the hand or on top): the triggered ability is optional, as XMage's own Fountainport Bell says it
        optional_trigger="optional",
    ),
    rule=OneShot(resolve=_resolve),
)
