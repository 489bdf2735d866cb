"""The `return_card` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import ObjectFilter, RefSubject, ReturnCard, TargetSubject
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("return_card", ReturnCard, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

CONSTRUCT.put("forge_remembers", True)


@CONSTRUCT.slot("forge_moves_to")
def _forge_moves_to(e: ReturnCard) -> str:
    return e.to


@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: ReturnCard) -> tuple[str, Params]:
    destination = w.zone(e.to)
    what = e.what
    if isinstance(what, RefSubject) and (what.filter is not None or what.choose is not None):
        api, params = _forge_hidden_return(w, what, destination)
    elif isinstance(what, TargetSubject):
        api = "ChangeZone"
        params = [*w.target(what.target, implied_zone=what.target.zone),
                  ("Origin", w.zone(what.target.zone)), ("Destination", destination)]
    elif isinstance(what, RefSubject):
        source, chain = w.find(what.ref)
        origin = w.moved_to(chain.steps[source].effect)
        api = "ChangeZone"
        params = [*w.defined(what), *([("Origin", origin)] if origin else []), ("Destination", destination)]
    else:
        raise w.error("return_card needs a target or a reference")
    if e.under == "you" and e.to == "battlefield":
        params.append(("GainControl", "True"))
    if len(e.counters) > 1:
        raise w.error("returning with more than one kind of counter has no Forge form here")
    for counter in e.counters:
        params.append(("WithCountersType", w.counter_type(counter.counter)))
        params += w.number("WithCountersAmount", counter.amount)
    return api, params


def _forge_hidden_return(w: EffectWriter, what: RefSubject, destination: str) -> tuple[str, Params]:
    """"Return a creature card put into your graveyard this way": choose among remembered cards."""
    source, chain = w.find(what.ref)
    if chain is not w.state or what.relation != "it":
        raise w.error("a filtered reference must point into the same chain")
    if not w.remembers_objects(chain.steps[source].effect):
        raise w.error(f"{what.ref!r} does not move objects, so 'cards put ... this way' has no Forge form")
    w.remember(source, chain)
    selector = what.filter or ObjectFilter()
    # "a creature card put into your graveyard this way": a token that died stays in the graveyard
    # until state-based actions, and IsRemembered still names it, so cards are asked for explicitly
    # (Forge's own Starfall Invocation: Creature.!Token+IsRemembered+YouOwn)
    extra = ("IsRemembered",) if selector.token is not None or selector.zone == "battlefield" else (
        "!Token", "IsRemembered")
    params: Params = [("ChangeType", w.valid(selector, extra=extra))]
    if what.choose is not None and what.choose != 1:
        params.append(("ChangeNum", str(what.choose)))
    if what.choose is None:
        raise w.error("a filtered reference without `choose` has no Forge form here")
    params += [("Hidden", "True"), ("Mandatory", "True"), ("Origin", w.zone(selector.zone)),
               ("Destination", destination)]
    return "ChangeZone", params


@CONSTRUCT.slot("forge_read:ChangeZone")
def _forge_read(r: NodeReader) -> list[dict[str, Any]] | None:
    """A card returned from a graveyard or exile to a hand or the battlefield (ChangeZone is shared: see
    `read_apis`). With no `Origin$` the move is a return only when it goes to the battlefield or adds
    counters; a choice among cards (`ChangeType$`) is a return of cards an earlier effect moved."""
    move = r.zone_change()
    if move.destination not in ("hand", "battlefield"):
        return None
    if move.hidden:
        return _forge_read_hidden(r, move.origin, move.destination)
    if not (move.origin in ("graveyard", "exile") or (
            move.origin is None and (move.destination == "battlefield" or move.counters))):
        return None
    effects = []
    for what in move.objects:
        effect: dict[str, Any] = {"effect": "return_card", "what": what, "to": move.destination}
        if move.under != "owner":
            effect["under"] = move.under
        if move.counters:
            effect["counters"] = move.counters
        effects.append(effect)
    return effects


def _forge_read_hidden(r: NodeReader, origin: str | None, destination: str) -> list[dict[str, Any]]:
    bag = r.bag
    valid = bag.get("ChangeType") or ""
    parsed = r.valid(valid, origin or "graveyard", allowed={"IsRemembered"})
    if "IsRemembered" not in parsed.flags or origin is None:
        raise r.error("FG203", f"ChangeType$ {valid}: only a choice among remembered cards has a spec form")
    if origin != "battlefield":
        # a token destroyed or exiled by the earlier ability is still in that zone (it ceases to exist only
        # with state-based actions) and IsRemembered names it: without !Token Forge offers it too
        if parsed.fields.get("token") is not False:
            raise r.error("FG203", f"ChangeType$ {valid}: without !Token the choice also offers tokens that "
                                   f"were put into the {origin} this way, which no spec filter of cards says")
        del parsed.fields["token"]
    if bag.get("Hidden") != "True" and origin not in r.hidden_zones:
        raise r.error("FG201", "a hidden zone change without Hidden$ True")
    if bag.get("Mandatory") != "True":
        raise r.error("FG201", "returning 'up to' (no Mandatory$ True) has no spec form")
    choose = bag.take_int("ChangeNum", 1)
    source = r.remembered()
    what = {"ref": r.id_for(source), "filter": {"zone": origin, **parsed.fields}, "choose": choose}
    effect: dict[str, Any] = {"effect": "return_card", "what": what, "to": destination}
    if bag.get("GainControl") == "True":
        effect["under"] = "you"
    return [effect]


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
