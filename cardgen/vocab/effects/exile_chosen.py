"""The `exile_chosen` effect: "Target opponent exiles an enchantment they control." (Early Winter).

The player the effect names chooses, as it resolves, a permanent they control that matches the filter
(608.2d: a choice the effect gives a player is made by that player on resolution; the permanent is not
targeted, 115.1) and moves it to exile (406.1), where it is a new object (400.7). A player who controls no
such permanent exiles nothing (609.3: what can't be done is ignored).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import EffectBase, ObjectFilter, Subject, TargetSubject
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.canonical import CanonicalForms
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.lower import CardLowering, Host
    from cardgen.engines.xmage.reader import EffectReader
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity


# ------------------------------------------------------------------------------------------ the spec model

class ExileChosen(EffectBase):
    """`who` exiles a permanent matching `filter` they control, of their choice."""

    effect: Literal["exile_chosen"]
    who: Subject
    filter: ObjectFilter


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("{who:player_sg} exiles {f:article_filter} they control",
             {"effect": "exile_chosen", "who": V("who"), "filter": V("f")}),
    ],
}


def _canonical(forms: CanonicalForms, effect: dict[str, Any]) -> None:
    effect["filter"] = forms.filter(effect["filter"])


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: EffectWriter, e: ExileChosen) -> tuple[str, Params]:
    """A hidden-origin ChangeZone from the battlefield the player chooses in, as Forge's own Early Winter:
    `Origin$ Battlefield | Destination$ Exile | DefinedPlayer$ Targeted | Chooser$ Targeted | ChangeType$
    Enchantment | Mandatory$ True | Hidden$ True` (ChangeZoneEffect.changeHiddenOriginResolve:
    DefinedPlayer's battlefield cards matching ChangeType, chosen by the Chooser; without `ChangeNum$` one
    card, `sa.hasParam("ChangeNum") ? ... : 1`, which Forge's own script writes out)."""
    if not isinstance(e.who, TargetSubject) or e.who.target.player is None:
        raise w.error("exile_chosen is written for a targeted player (`who: {target: {player: ...}}`)")
    if e.filter.zone != "battlefield":
        raise w.error("exile_chosen exiles a permanent: its filter's zone is the battlefield")
    return "ChangeZone", [("Origin", "Battlefield"), ("Destination", "Exile"), *w.target(e.who.target),
                          ("DefinedPlayer", "Targeted"), ("Mandatory", "True"), ("ChangeType", w.valid(e.filter)),
                          ("Hidden", "True"), ("IsCurse", "True"), ("Chooser", "Targeted")]


def _forge_read(r: NodeReader) -> list[dict[str, Any]] | None:
    """A hidden move from the battlefield to exile chosen by the targeted player (ChangeZone is shared: see
    `read_apis`)."""
    move = r.zone_change()
    bag = r.bag
    if not (move.hidden and move.origin == "battlefield" and move.destination == "exile"
            and bag.peek("Chooser") == "Targeted"):
        return None
    bag.get("Chooser")
    target = r.targets()
    if target is None or "player" not in target["target"] or bag.get("DefinedPlayer") != "Targeted":
        raise r.error("FG201", "Chooser$ Targeted is read for a targeted player's own permanents "
                               "(DefinedPlayer$ Targeted)")
    if bag.get("Mandatory") != "True" or bag.take_int("ChangeNum", 1) != 1:
        raise r.error("FG201", "a player exiles exactly one permanent they control (ChangeNum$ 1, Mandatory$ True)")
    bag.get("Hidden")
    parsed = r.valid(bag.get("ChangeType") or "Card")
    return [{"effect": CONSTRUCT.kind, "who": target, "filter": parsed.fields}]


# ------------------------------------------------------------------------------------------------ XMage

_CLASS_USES = ("OneShotEffect", "Outcome", "Game", "Ability", "Player", "Permanent", "FilterPermanent",
               "TargetPermanent", "TargetController", "Zone")


def _xmage_framework(w: CardLowering, host: Host, effect: ExileChosen, **_: Any) -> tuple[Any, bool, Any]:
    """The card's own `OneShotEffect` (XMage has no framework "target player exiles a permanent they
    control"; its own Early Winter has a class of its own): the targeted player chooses, without targeting,
    one permanent they control matching the filter and moves it to exile."""
    shape, slot, _subject = w.subject_info(host, effect, "who")
    if shape != "target" or slot is None or not isinstance(effect.who, TargetSubject) \
            or effect.who.target.player is None:
        raise w.Unsupported("`exile_chosen` renders for a targeted player")
    if effect.filter.zone != "battlefield":
        raise w.Unsupported("`exile_chosen` exiles a permanent: its filter's zone is the battlefield")
    name = w.shared_class("Effect", "exile_chosen_effect.java.j2", _CLASS_USES)
    return w.new(name, w.Raw(w.filters.add(effect.filter))), False, slot


def _xmage_read_local(r: EffectReader, decl: Any, value: Any, node: Any, source: str) -> dict[str, Any] | None:
    """The card's own `OneShotEffect` the writer makes: its one argument the filter of what is exiled."""
    if decl.superclass != "OneShotEffect" or len(value.args) != 1 or "withNotTarget(true)" not in source \
            or "Zone.EXILED" not in source or "getControllerPredicate" not in source:
        return None
    selector, _greatest = r.filter_argument(value.args[0], node)
    effect: dict[str, Any] = {"effect": CONSTRUCT.kind, "filter": selector}
    effect["who"] = r.slots.subject(0, effect, node, "it", r.state, r.branch)
    return effect


# --------------------------------------------------------------------------------------------- resolver

PERMANENT_TO_EXILE = "permanent to exile"
"""The choice of the player who exiles (XMage: `player.choose` of a not-targeted TargetPermanent)."""


def _resolve(ctx: Context, effect: ExileChosen) -> list[Entity]:
    """Each player named chooses one permanent they control matching the filter and exiles it."""
    from cardgen.game import continuous, filters, zones
    state = ctx.state
    exiled: list[Entity] = []
    for player in [e for e in ctx.subject(effect.who, "who") if isinstance(e, str)]:
        options = [obj.oid for obj in filters.select(state, effect.filter, player)
                   if continuous.controller_of(state, obj) == player]
        if not options:
            continue  # nothing to exile (609.3)
        for oid in (int(entity) for entity in state.chooser.choose(player, options, 1, PERMANENT_TO_EXILE)):
            new = zones.move(state, oid, "exile")
            if new is not None:
                exiled.append(new.oid)
    return exiled


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="exile_chosen", model=ExileChosen, subjects=("who",),
    text=EffectText(
        phrasings=_PHRASINGS,
        canonical=_canonical,
    ),
    forge=ForgeEffect(
        remembers=True,
        moves_to="exile",
        write=_forge,
        reads={"ChangeZone": _forge_read},
    ),
    xmage=XMageEffect(
        framework=_xmage_framework,
        moves_objects=True,
        stands_alone=True,
        read_local=_xmage_read_local,
    ),
    rule=OneShot(resolve=_resolve),
)
