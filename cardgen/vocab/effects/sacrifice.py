"""The `sacrifice` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from cardgen.model.parts import EffectBase, ObjectFilter, Subject, TargetSubject
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
    from cardgen.vocab.xmage_forms import Form as XMageForm


# ------------------------------------------------------------------------------------------ the spec model

class Sacrifice(EffectBase):
    """A player sacrifices permanents matching `filter` ("a creature with the greatest power")."""

    effect: Literal["sacrifice"]
    who: Subject
    filter: ObjectFilter
    amount: Annotated[int, Field(ge=1, le=20)] = 1
    choice: Literal["any", "greatest_power"] = "any"


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("{who:player_sg} sacrifices {f:article_filter} with the greatest power among {f:filter_pl} they control",
             {"effect": "sacrifice", "who": V("who"), "filter": V("f"), "choice": "greatest_power"}),
        Form("{who:player_sg} sacrifices {f:article_filter}",
             {"effect": "sacrifice", "who": V("who"), "filter": V("f")}),
        # today's wording of the same sacrifice (701.21a: the player chooses what to sacrifice)
        Form("{who:player_sg} sacrifices {f:article_filter} of their choice",
             {"effect": "sacrifice", "who": V("who"), "filter": V("f")}, parse_only=True),
    ],
    "article_filter": [Form("a {f:filter_sg}", V("f")), Form("an {f:filter_sg}", V("f"))],
}


def _canonical(forms: CanonicalForms, effect: dict[str, Any]) -> None:
    effect["filter"] = forms.filter(effect["filter"])


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: EffectWriter, e: Sacrifice) -> tuple[str, Params]:
    extra = ("greatestPowerControlledByTargeted",) if e.choice == "greatest_power" else ()
    if extra and not isinstance(e.who, TargetSubject):
        raise w.error("'the greatest power' is written for a targeted player only")
    return "Sacrifice", [*w.defined(e.who, player=True), ("SacValid", w.valid(e.filter, extra=extra)),
                         ("SacMessage", _forge_message(w, e.filter, greatest_power=bool(extra))),
                         *w.number("Amount", e.amount)]


def _forge_message(w: EffectWriter, selector: ObjectFilter, greatest_power: bool) -> str:
    """`SacMessage$`, what the player is asked to sacrifice: a prompt Forge's own scripts carry (Consumed by
    Greed: "the creature with the greatest power")."""
    phrase = w.noun_phrase(selector)
    return f"the {phrase} with the greatest power" if greatest_power else phrase


def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    parsed = r.valid(r.bag.get("SacValid") or "Card", allowed={"greatestPowerControlledByTargeted"})
    choice = "greatest_power" if "greatestPowerControlledByTargeted" in parsed.flags else "any"
    amount = r.bag.take_int("Amount", 1)
    effects = []
    for who in r.subject(player=True, default="you"):
        if choice == "greatest_power" and not (isinstance(who, dict) and "target" in who):
            raise r.error("FG203", "greatestPowerControlledByTargeted without a targeted player")
        effect = r.with_amount({"effect": "sacrifice", "who": who, "filter": parsed.fields}, amount=amount)
        if choice != "any":
            effect["choice"] = choice
        effects.append(effect)
    return effects


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("target", "SacrificeEffect", "sacrifice_filter", "amount", "pretext"),
    form("each_player", "SacrificeAllEffect", "amount", "sacrifice_filter"),
    form("each_opponent", "SacrificeOpponentsEffect", "amount", "sacrifice_filter"),
    form("you", "SacrificeControllerEffect", "sacrifice_filter", "amount", "text:"),
)


def _xmage_read_finish(form: XMageForm, effect: dict[str, Any], greatest: bool) -> None:
    """The sacrifice filter says whether the player chooses among the greatest power."""
    effect["choice"] = "greatest_power" if greatest else "any"


def _xmage_sacrifice_filter(w: CardLowering, effect: Sacrifice) -> list[Any]:
    """The filter of what is sacrificed (with "greatest power" when that is the choice)."""
    if effect.filter.zone != "battlefield":
        raise w.Unsupported("players sacrifice permanents: the sacrifice filter's zone is the battlefield")
    return [w.Raw(w.filters.add(effect.filter, greatest_power=effect.choice == "greatest_power"))]


def _xmage_read_sacrifice_filter(r: EffectReader, arg: Any, effect: dict[str, Any], node: Any) -> bool:
    effect["filter"], greatest = r.filter_argument(arg, node)
    return greatest


def _xmage_pretext(w: CardLowering, effect: Sacrifice) -> list[Any]:
    """The player phrase `SacrificeEffect` prints ("target opponent")."""
    assert isinstance(effect.who, TargetSubject), "the form's shape is a target player"
    target = effect.who.target
    return [w.Str("target opponent" if target.player == "opponent" else "target player")]


def _xmage_read_pretext(r: EffectReader, arg: Any, effect: dict[str, Any], node: Any) -> bool:
    if not isinstance(arg, r.Str):
        raise r.NoMatch("sacrifice text")
    return False

# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: Sacrifice) -> list[Entity]:
    """Each player sacrifices permanents they control matching the filter; with `greatest_power` only
    those with the greatest power qualify, and the player chooses among ties."""
    from cardgen.game import continuous, filters, zones
    state = ctx.state
    gone: list[Entity] = []
    for player in [e for e in ctx.subject(effect.who, "who") if isinstance(e, str)]:
        for _ in range(effect.amount):
            options = [obj for obj in filters.select(state, effect.filter, player)
                       if continuous.controller_of(state, obj) == player]
            if effect.choice == "greatest_power" and options:
                best = max(continuous.view(state, obj).power or 0 for obj in options)
                options = [obj for obj in options if (continuous.view(state, obj).power or 0) == best]
            if not options:
                break
            picked = state.chooser.choose(player, [obj.oid for obj in options], 1, "sacrifice")
            for oid in (int(entity) for entity in picked):  # the options are objects
                new = zones.sacrifice(state, oid, player)
                if new is not None:
                    gone.append(new.oid)
    return gone


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="sacrifice", model=Sacrifice, subjects=("who",),
    text=EffectText(
        phrasings=_PHRASINGS,
        canonical=_canonical,
    ),
    forge=ForgeEffect(
        write=_forge,
        reads={"Sacrifice": _forge_read},
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        read_finish=_xmage_read_finish,
        args={"sacrifice_filter": _xmage_sacrifice_filter, "pretext": _xmage_pretext},
        covers={"sacrifice_filter": ("filter", "choice")},
        read_args={"sacrifice_filter": _xmage_read_sacrifice_filter, "pretext": _xmage_read_pretext},
    ),
    rule=OneShot(resolve=_resolve),
)
