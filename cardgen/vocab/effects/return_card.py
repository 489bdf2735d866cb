"""The `return_card` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import CounterSpec, EffectBase, ObjectFilter, RefSubject, Subject, TargetSubject
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect, XMageSequence
from cardgen.vocab.pattern import Form, V
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.canonical import CanonicalForms
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.lower import CardLowering, Host
    from cardgen.engines.xmage.sequence import SequenceLowering
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.vocab.java_statements import Statement
    from cardgen.vocab.xmage_forms import Form as XMageForm


# ------------------------------------------------------------------------------------------ the spec model

class ReturnCard(EffectBase):
    """Return a card from a graveyard or exile to a hand or the battlefield."""

    effect: Literal["return_card"]
    what: Subject
    to: Literal["hand", "battlefield"]
    under: Literal["owner", "you"] = "owner"
    counters: list[CounterSpec] = []


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("return {w:object} to your hand", {"effect": "return_card", "what": V("w"), "to": "hand"}),
        Form("return {w:object} to the battlefield{u:under}{c:with_counters}",
             {"effect": "return_card", "what": V("w"), "to": "battlefield", "under": V("u", "owner"),
              "counters": V("c", [])}),
    ],
    "under": [Form("", "owner"), Form(" under its owner's control", "owner", parse_only=True),
              Form(" under your control", "you")],
    "with_counters": [
        Form("", []), Form(" with {c:a_counter_kind} counter on it", [{"counter": V("c")}]),
        Form(" with {n:count} {c:counter_kind} counters on it", [{"counter": V("c"), "amount": V("n")}]),
    ],
}


def _canonical(forms: CanonicalForms, effect: dict[str, Any]) -> None:
    if effect.get("under") == "you" and forms.owned_by_you(effect["what"]):
        effect["under"] = "owner"  # "under your control" of a card you own is "under its owner's control"


# ------------------------------------------------------------------------------------------------ Forge


def _forge_moves_to(e: ReturnCard) -> str:
    return e.to


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
        params += w.number("WithCountersAmount", counter.amount, default=None)  # every counter effect says how many
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
    # (`!token`: Forge's own Starfall Invocation writes `!Token`, which lets tokens through)
    extra = ("IsRemembered",) if selector.token is not None or selector.zone == "battlefield" else (
        "!token", "IsRemembered")
    params: Params = [("ChangeType", w.valid(selector, extra=extra))]
    if what.choose is not None and what.choose != 1:
        params.append(("ChangeNum", str(what.choose)))
    if what.choose is None:
        raise w.error("a filtered reference without `choose` has no Forge form here")
    params += [("Hidden", "True"), ("Mandatory", "True"), ("Origin", w.zone(selector.zone)),
               ("Destination", destination)]
    return "ChangeZone", params


def _forge_read(r: NodeReader) -> list[dict[str, Any]] | None:
    """A card returned from a graveyard or exile to a hand or the battlefield (ChangeZone is shared: see
    `read_apis`). With no `Origin$` the move is a return only when it goes to the battlefield or adds
    counters; a choice among cards (`ChangeType$`) is a return of cards an earlier effect moved."""
    move = r.zone_change()
    if move.destination not in ("hand", "battlefield"):
        return None
    if move.hidden:
        if move.origin == "library":
            return None  # a library search: `search_library`
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
        # with state-based actions) and IsRemembered names it: without !token Forge offers it too
        if parsed.fields.get("token") is not False:
            raise r.error("FG203", f"ChangeType$ {valid}: without !token the choice also offers tokens that "
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

_XMAGE_FORMS = (
    form("target", "ReturnFromGraveyardToHandTargetEffect", when="from_graveyard", to="hand"),
    form("target", "ReturnToHandTargetEffect", when="from_exile", to="hand"),
    form("target", "ReturnFromGraveyardToBattlefieldTargetEffect",
         when="from_own_graveyard_or_under_you", to="battlefield", counters=[]),
    form("target", "ReturnFromGraveyardToBattlefieldWithCounterTargetEffect", "counters",
         when="from_own_graveyard_or_under_you", to="battlefield"),
    form("target", "ReturnToBattlefieldUnderOwnerControlTargetEffect", "const:false", "const:false",
         when="from_exile", to="battlefield", under="owner", counters=[]),
    form("target", "ReturnToBattlefieldUnderOwnerControlWithCounterTargetEffect", "counters",
         when="one_counter_from_exile", to="battlefield", under="owner"),
    form("target", "ReturnToBattlefieldUnderYourControlTargetEffect",
         when="from_exile", to="battlefield", under="you", counters=[]),
)


def _xmage_own_graveyard(w: CardLowering, host: Host, effect: ReturnCard, zone: str | None) -> bool:
    """XMage's graveyard-to-battlefield effects put the card onto the battlefield under your control."""
    if zone != "graveyard":
        return False
    subject = effect.what
    owner = subject.target.owner if isinstance(subject, TargetSubject) else None
    return effect.under == "you" or owner == "you"


def _xmage_one_counter_from_exile(w: CardLowering, host: Host, effect: ReturnCard, zone: str | None) -> bool:
    """The with-counters return from exile takes one kind of counters."""
    return zone == "exile" and len(effect.counters) == 1


def _xmage_hint(effect: ReturnCard) -> str:
    return " (returns from a graveyard to hand or battlefield, or from exile; counters from exile: one kind)"


def _xmage_sequence_step(s: SequenceLowering, effect: ReturnCard, subject: Any, indent: int) -> list[Statement] | None:
    """`controller.moveCards(...)` to the hand or the battlefield (under the owner's control: the
    overload with `byOwner`)."""
    if isinstance(subject, str):
        return None
    before, cards, _zone = s.source(subject, effect, indent)
    if effect.counters:
        raise s.Unsupported("inside a sequence effect, returned cards can't get counters")
    by_owner = effect.to == "battlefield" and effect.under == "owner"
    return s.move(effect, before, cards, indent, effect.to, by_owner=by_owner)


def _xmage_read_finish(form: XMageForm, effect: dict[str, Any], greatest: bool) -> None:
    """A graveyard return to the battlefield puts the card under your control: `under: owner` says the
    same when the card is yours. A card returned to a hand goes to its owner's (`under` is its default)."""
    if "under" in form.fixed or effect.get("to") != "battlefield":
        return
    owner = None
    what = effect.get("what")
    if isinstance(what, dict) and "target" in what:
        owner = what["target"].get("owner")
    effect["under"] = "owner" if owner == "you" else "you"


def _xmage_read_move(to_zone: str, from_zone: str | None, subject: Any, by_owner: bool) -> dict[str, Any] | None:
    """Cards moved to the battlefield, or to a hand from anywhere but the battlefield or the stack (a card a
    library search found: `search_library`)."""
    if from_zone == "library":
        return None
    if to_zone == "battlefield":
        return {"effect": CONSTRUCT.kind, "what": subject, "to": "battlefield", "under": "owner" if by_owner else "you"}
    if to_zone == "hand" and from_zone not in ("battlefield", "stack"):
        return {"effect": CONSTRUCT.kind, "what": subject, "to": "hand"}
    return None


# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: ReturnCard) -> list[Entity]:
    """From a graveyard or exile to a hand or the battlefield; only permanent cards can be put onto the
    battlefield."""
    from cardgen.game import zones
    state = ctx.state
    counters: dict[str, int] = {spec.counter: spec.amount for spec in effect.counters}
    moved: list[Entity] = []
    for obj in ctx.objects(effect.what, "what"):
        if obj.zone not in ("graveyard", "exile"):
            continue
        if effect.to == "battlefield":
            if not obj.chars.is_permanent_card:
                continue
            controller = ctx.controller if effect.under == "you" else obj.owner
            new = zones.move(state, obj.oid, "battlefield", controller=controller, counters=counters)
        else:
            new = zones.move(state, obj.oid, "hand")
        if new is not None:
            moved.append(new.oid)
    return moved


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="return_card", model=ReturnCard, subjects=("what",),
    text=EffectText(
        phrasings=_PHRASINGS,
        antecedents=("what",),
        canonical=_canonical,
    ),
    forge=ForgeEffect(
        remembers=True,
        moves_to=_forge_moves_to,
        write=_forge,
        reads={"ChangeZone": _forge_read},
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        moves_objects=True,
        when={"from_own_graveyard_or_under_you": _xmage_own_graveyard,
              "one_counter_from_exile": _xmage_one_counter_from_exile},
        # returning a card of your own graveyard under its owner's control is returning it under yours
        covers={"from_own_graveyard_or_under_you": ("under",)},
        unsupported_hint=_xmage_hint,
        read_finish=_xmage_read_finish,
        # the zone the reader checks for this construct's own `when` tests (the rest of each test is what it writes)
        read_when={"from_own_graveyard_or_under_you": "graveyard", "one_counter_from_exile": "exile"},
        sequence=XMageSequence(
            step=_xmage_sequence_step,
            read_move=_xmage_read_move,
        ),
    ),
    rule=OneShot(resolve=_resolve),
)
