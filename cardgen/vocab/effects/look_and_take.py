"""The `look_and_take` effect: "Look at the top four cards of your library. You may reveal a noncreature,
nonland card from among them and put it into your hand. Put the rest on the bottom of your library in a
random order."

The cards looked at stay in the library, a hidden zone (401.2): only that player sees them. The player may
choose one card of the quality the effect names ("you may"), reveals it (701.20a: it is shown to all) and
puts it into their hand; the others go on the bottom of the library in a random order (401.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, field_validator

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

class LookAndTake(EffectBase):
    """You look at the top `amount` cards of your library; you may reveal one card among them matching
    `filter` and put it into your hand; the rest go on the bottom of your library in a random order."""

    effect: Literal["look_and_take"]
    amount: Annotated[int, Field(ge=2, le=20)]
    filter: ObjectFilter = ObjectFilter.model_construct(zone="library")  # a valid value; validating it would build

    @field_validator("filter", mode="after")
    @classmethod
    def _in_the_library(cls, value: ObjectFilter) -> ObjectFilter:
        if value.zone != "library":
            raise ValueError("the cards looked at are in the library: the filter's zone is `library`")
        return value


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("look at the top {n:count} cards of your library. you may reveal {f:article_library_card} from among "
             "them and put it into your hand. put the rest on the bottom of your library in a random order",
             {"effect": "look_and_take", "amount": V("n"), "filter": V("f", {"zone": "library"})}),
    ],
    "article_library_card": [
        # "noncreature, nonland": the printed comma between two "non-" words, which the filter phrase lacks
        Form("a noncreature, nonland card", {"zone": "library", "not_types": ["creature", "land"]}),
        Form("a {f:library_card}", V("f")), Form("an {f:library_card}", V("f")),
    ],
}


def _canonical(forms: CanonicalForms, effect: dict[str, Any]) -> None:
    effect["filter"] = forms.filter(effect.get("filter", {"zone": "library"}))


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: EffectWriter, e: LookAndTake) -> tuple[str, Params]:
    """`Dig | DigNum$ 4 | ChangeNum$ 1 | Optional$ True | ForceRevealToController$ True | ChangeValid$ ... |
    RestRandomOrder$ True` (forge-game DigEffect.resolve: DestinationZone$ defaults to Hand, DestinationZone2$
    to Library at LibraryPosition2$ -1, the bottom; `Optional$` lets the chooser take none)."""
    return "Dig", [*w.number("DigNum", e.amount, default=None), ("ChangeNum", "1"), ("Optional", "True"),
                   ("ForceRevealToController", "True"), ("ChangeValid", w.valid(e.filter)),
                   ("RestRandomOrder", "True")]


def _forge_read(r: NodeReader) -> list[dict[str, Any]] | None:
    """A Dig of one card of a quality into the hand, the rest to the bottom in a random order (Dig is shared:
    `exile_top` reads the Dig into exile)."""
    bag = r.bag
    if bag.peek("DestinationZone") not in (None, "Hand") or not bag.has("ChangeValid"):
        return None
    if bag.get("DestinationZone2") not in (None, "Library") or bag.get("LibraryPosition2") not in (None, "-1"):
        raise r.error("FG203", "Dig: the rest go on the bottom of the library here")
    if bag.get("Optional") != "True" or bag.get("RestRandomOrder") != "True":
        raise r.error("FG201", "Dig of a card of a quality is read as 'you may reveal ... put the rest on the bottom "
                               "in a random order' (Optional$ True | RestRandomOrder$ True)")
    bag.get("DestinationZone")
    bag.get("ForceRevealToController")
    bag.get("ChangeValidDesc")
    if bag.take_int("ChangeNum", 1) != 1:
        raise r.error("FG203", "Dig: one card is taken here")
    if r.subject(player=True, default="you") != ["you"]:
        raise r.error("FG203", "Dig: only your own library is looked at here")
    amount = bag.take_int("DigNum", 1)
    parsed = r.valid(bag.get("ChangeValid") or "Card", "library")
    return [{"effect": CONSTRUCT.kind, "amount": amount, "filter": {"zone": "library", **parsed.fields}}]


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    # new LookLibraryAndPickControllerEffect(4, 1, filter, PutCards.HAND, PutCards.BOTTOM_RANDOM): optional
    # ("you may reveal"), the picked card revealed since the hand is not a public zone
    form("none", "LookLibraryAndPickControllerEffect", "amount", "const:1", "pick_filter", "const:PutCards.HAND",
         "const:PutCards.BOTTOM_RANDOM"),
)
_XMAGE_READ_FORMS = (
    form("none", "LookLibraryAndPickControllerEffect", "amount", "const:1", "pick_filter", "const:PutCards.HAND",
         "const:PutCards.BOTTOM_RANDOM", "const:true"),
)


def _xmage_pick_filter(w: CardLowering, effect: LookAndTake) -> list[Any]:
    """The `FilterCard` of the cards that may be taken."""
    return [w.Raw(w.filters.add(effect.filter))]


def _xmage_read_pick_filter(r: EffectReader, arg: Any, effect: dict[str, Any], node: Any) -> bool:
    selector, _greatest = r.filter_argument(arg, node)
    effect["filter"] = {**selector, "zone": "library"}
    return False


# --------------------------------------------------------------------------------------------- resolver

MAY_REVEAL = "look and take: whether to reveal a card of the quality and put it into your hand"
TAKE = "look and take: the card revealed and put into your hand"


def _resolve(ctx: Context, effect: LookAndTake) -> list[Entity]:
    """The controller looks at the top cards; if one of them has the quality they may take it (asked only
    then, as XMage does); the rest go to the bottom in a random order (the resolver keeps their order: no
    scenario may depend on a random one)."""
    from cardgen.game import filters, zones
    from cardgen.game.events import LookedAtTop, Revealed
    state, player = ctx.state, ctx.controller
    library = state.players[player].library
    seen = list(library[:effect.amount])
    state.emit(LookedAtTop(player, len(seen)))
    options = [oid for oid in seen if filters.matches(state, state.obj(oid), effect.filter, player)]
    taken: list[Entity] = []
    if options and state.chooser.decide(player, MAY_REVEAL):
        for oid in (int(entity) for entity in state.chooser.choose(player, options, 1, TAKE)):
            state.emit(Revealed(player, (state.obj(oid).name,)))
            new = zones.move(state, oid, "hand")
            if new is not None:
                taken.append(new.oid)
    rest = [oid for oid in seen if oid in library]
    for oid in rest:
        library.remove(oid)
    library.extend(rest)
    return taken


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="look_and_take", model=LookAndTake,
    text=EffectText(
        phrasings=_PHRASINGS,
        own_sentence=True,
        canonical=_canonical,
    ),
    forge=ForgeEffect(
        write=_forge,
        reads={"Dig": _forge_read},
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        read_forms=_XMAGE_READ_FORMS,
        shapeless=True,
        args={"pick_filter": _xmage_pick_filter},
        covers={"pick_filter": ("filter",)},
        read_args={"pick_filter": _xmage_read_pick_filter},
        # "look at the top four cards of your library. You may reveal a ... from among them and put it into your
        # hand. Put the rest on the bottom of your library in a random order" (with the filter's message)
        phrased=frozenset({"LookLibraryAndPickControllerEffect"}),
        # LookLibraryAndPickControllerEffect asks chooseUse, then chooseTarget among the cards (addTarget)
        decisions={MAY_REVEAL: "use", TAKE: "targets_picked"},
    ),
    rule=OneShot(resolve=_resolve),
)
