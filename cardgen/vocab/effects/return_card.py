"""The `return_card` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.spec.model import ObjectFilter, RefSubject, ReturnCard, TargetSubject
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
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
        params.append(("WithCountersType", w.counter(counter.counter)))
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


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
