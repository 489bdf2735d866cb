"""The `punisher` effect: "target opponent loses 3 life unless they sacrifice a nonland permanent of their choice or
discard a card" (Thornplate Intimidator, Starseer Mentor).

The player the effect names chooses, as it resolves: sacrifice one of their permanents the filter selects
(701.21a), discard a card (701.9a), or neither, and then they lose the life (118.12: "[A] unless [B]" - the player
may do B to keep A from happening; a choice they can't carry out, with no such permanent or no card in hand, isn't
theirs to make). Sacrificing or discarding is done by that player, not by the effect's controller.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, field_validator

from cardgen.model.parts import EffectBase, ObjectFilter, Subject, TargetSubject
from cardgen.vocab.construct import EffectChecks, EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
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

class Punisher(EffectBase):
    """Each player of `who` loses `amount` life unless they sacrifice a permanent `sacrifice` selects (one they
    control, of their choice) or discard a card."""

    effect: Literal["punisher"]
    who: Subject
    amount: Annotated[int, Field(ge=1, le=99)]
    sacrifice: ObjectFilter

    @field_validator("sacrifice", mode="after")
    @classmethod
    def _their_permanent(cls, value: ObjectFilter) -> ObjectFilter:
        if value.zone != "battlefield" or value.controller is not None:
            raise ValueError("`sacrifice` selects a kind of permanent (they sacrifice one they control)")
        return value


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("{who:player_sg} loses {n:number} life unless they sacrifice {f:article_permanent} of their choice or "
             "discard a card",
             {"effect": "punisher", "who": V("who"), "amount": V("n"), "sacrifice": V("f")}),
    ],
    "article_permanent": [Form("a {f:filter_sg}", V("f")), Form("an {f:filter_sg}", V("f"))],
}


def _canonical(forms: CanonicalForms, effect: dict[str, Any]) -> None:
    effect["sacrifice"] = forms.filter(effect["sacrifice"])


def _described(selector: ObjectFilter) -> str:
    """"nonland permanent": the permanent's words as the cost's description says them."""
    words = [f"non{word}" for word in selector.not_types] + list(selector.types or ["permanent"])
    return " ".join(words) if selector.types else " ".join([*words[:-1], words[-1]])


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: EffectWriter, e: Punisher) -> tuple[str, Params]:
    """`GenericChoice | ValidTgts$ Opponent | Choices$ PaySac,PayDiscard | FallbackAbility$ LoseLifeFallback |
    AILogic$ PayUnlessCost`, as Forge's own Thornplate Intimidator and Starseer Mentor say it (ChooseGenericEffect:
    the targeted player chooses among the choices whose `UnlessCost$` they can pay, the fallback when none; each
    choice a `LoseLife` the targeted player may pay its `UnlessCost$` to keep from happening,
    AbilityUtils.handleUnlessCost)."""
    if not isinstance(e.who, TargetSubject) or e.who.target.player is None:
        raise w.error("punisher: the player is a target player here")
    b = w.builder
    amount = str(e.amount)
    lose = [("LifeAmount", amount), ("Defined", "Targeted")]
    valid, words = w.valid(e.sacrifice), _described(e.sacrifice)
    pay_sac = b.ability_svar("PaySac", b.Ability("DB", "LoseLife", [
        *lose, ("UnlessCost", f"Sac<1/{valid}/{words}>"), ("UnlessPayer", "Targeted")],
        description=f"You lose {amount} life unless you sacrifice a {words}."))
    pay_discard = b.ability_svar("PayDiscard", b.Ability("DB", "LoseLife", [
        *lose, ("UnlessCost", "Discard<1/Card>"), ("UnlessPayer", "Targeted")],
        description=f"You lose {amount} life unless you discard a card."))
    fallback = b.ability_svar("LoseLifeFallback", b.Ability("DB", "LoseLife", [("Defined", "Targeted"),
                                                                                ("LifeAmount", amount)]))
    return "GenericChoice", [*w.target(e.who.target), ("Choices", f"{pay_sac},{pay_discard}"),
                             ("FallbackAbility", fallback), ("AILogic", "PayUnlessCost")]


def _forge_read(r: NodeReader) -> list[dict[str, Any]] | None:
    bag = r.bag
    choices = (bag.get("Choices") or "").split(",")
    fallback = bag.get("FallbackAbility")
    bag.get("AILogic")
    target = r.targets()
    if target is None or "player" not in target["target"] or len(choices) != 2 or fallback is None:
        raise r.error("FG203", "GenericChoice is read as 'target player loses N life unless they sacrifice ... or "
                               "discard a card' only")
    sac, discard = (dict(r.reader.svar_params(name)) for name in choices)
    falls = dict(r.reader.svar_params(fallback))
    amount = sac.get("LifeAmount")
    for part in (sac, discard, falls):
        part.pop("SpellDescription", None)
    if not (amount and amount.isdigit() and sac.get("DB") == discard.get("DB") == falls.get("DB") == "LoseLife"
            and discard == {**sac, "UnlessCost": "Discard<1/Card>"}
            and falls == {"DB": "LoseLife", "Defined": "Targeted", "LifeAmount": amount}
            and set(sac) == {"DB", "LifeAmount", "Defined", "UnlessCost", "UnlessPayer"}
            and sac["Defined"] == sac["UnlessPayer"] == "Targeted"):
        raise r.error("FG203", "GenericChoice: its choices are not 'lose N life unless you sacrifice ...' and "
                               "'... unless you discard a card' with the same fallback")
    cost = sac["UnlessCost"]
    if not (cost.startswith("Sac<1/") and cost.endswith(">") and cost.count("/") == 2):
        raise r.error("FG203", f"GenericChoice: UnlessCost$ {cost}")
    parsed = r.valid(cost[len("Sac<1/"):-1].split("/")[0], "battlefield")
    return [{"effect": CONSTRUCT.kind, "who": target, "amount": int(amount), "sacrifice": dict(parsed.fields)}]


# ------------------------------------------------------------------------------------------------ XMage

def _xmage_framework(w: CardLowering, host: Host, effect: Punisher, **_: Any) -> tuple[Any, bool, Any]:
    """`new DoUnlessTargetPlayerOrTargetsControllerPaysEffect(new LoseLifeTargetEffect(3), new OrCost("sacrifice a
    nonland permanent or discard a card", new SacrificeTargetCost(StaticFilters.FILTER_PERMANENT_NON_LAND), new
    DiscardCardCost()), "Sacrifice a nonland permanent or discard a card to prevent losing 3 life?")`, as XMage's
    own Thornplate Intimidator and Starseer Mentor (the target player asked whether to pay, then which of the two
    costs they can pay, chooseUse)."""
    from cardgen.vocab.effects.lose_life import LoseLife
    inner = LoseLife.model_validate({"effect": "lose_life", "who": effect.who.model_dump(exclude_defaults=True)
                                     if not isinstance(effect.who, str) else effect.who, "amount": effect.amount})
    alias = (id(inner), "who")
    host.slot_of[alias] = host.slot(effect, "who")  # the inner effect's target is the punisher's own
    try:
        lose, _continuous, slot = w.framework(host, inner)
    finally:
        del host.slot_of[alias]
    words = _described(effect.sacrifice)
    costs = f"sacrifice a {words} or discard a card"
    sacrifice = w.new(w.use("SacrificeTargetCost"), w.Raw(w.filters.add(effect.sacrifice)))
    cost = w.new(w.use("OrCost"), w.Str(costs), sacrifice, w.new(w.use("DiscardCardCost")))
    ask = w.Str(f"{costs[0].upper()}{costs[1:]} to prevent losing {effect.amount} life?")
    return w.new(w.use("DoUnlessTargetPlayerOrTargetsControllerPaysEffect"), lose, cost, ask), False, slot


def _xmage_read(r: EffectReader, value: Any, index: int, node: Any, subject: Any,
                zone: str | None) -> dict[str, Any] | None:
    if len(value.args) != 3:
        return None
    lose, cost, _ask = value.args
    if not (isinstance(cost, r.New) and cost.cls == "OrCost" and len(cost.args) == 3
            and isinstance(cost.args[0], r.Str)):
        return None
    sacrifice, discard = cost.args[1], cost.args[2]
    if not (isinstance(sacrifice, r.New) and sacrifice.cls == "SacrificeTargetCost" and len(sacrifice.args) == 1
            and isinstance(discard, r.New) and discard.cls == "DiscardCardCost" and not discard.args):
        return None
    selector, _greatest = r.filter_argument(sacrifice.args[0], node)
    loses = r.top(lose, node)
    if not (isinstance(loses, dict) and loses.get("effect") == "lose_life" and isinstance(loses.get("amount"), int)):
        return None
    fields = {k: v for k, v in selector.items() if k != "zone"}
    return {"effect": CONSTRUCT.kind, "who": loses["who"], "amount": loses["amount"], "sacrifice": fields}


# --------------------------------------------------------------------------------------------- resolver

PAY = "punisher: whether to sacrifice or discard to keep from losing the life"
WHICH = "punisher: sacrifice (yes) or discard (no)"
SACRIFICE = "sacrifice: the permanent a punisher's player sacrifices (scripted by its sacrificed event)"
DISCARD = "punisher: the card discarded"


def _resolve(ctx: Context, effect: Punisher) -> list[Entity]:
    """Each player chooses whether to keep from losing the life (asked only when they can sacrifice or discard),
    then which (asked only when they can do both), then the permanent or the card; else they lose the life."""
    from cardgen.game import continuous, filters, zones
    from cardgen.game.actions import change_life
    from cardgen.game.events import Discarded
    state = ctx.state
    who = ctx.players(effect.who, "who")
    for player in who:
        permanents = [obj.oid for obj in filters.select(state, effect.sacrifice, player, None)
                      if continuous.controller_of(state, obj) == player and not obj.phased_out]
        hand = list(state.players[player].hand)
        if (permanents or hand) and state.chooser.decide(player, PAY):
            sacrifices = bool(permanents) and (not hand or state.chooser.decide(player, WHICH))
            if sacrifices:
                (picked,) = state.chooser.choose(player, permanents, 1, SACRIFICE)
                zones.sacrifice(state, int(picked), player)
            else:
                (picked,) = state.chooser.choose(player, hand, 1, DISCARD)
                state.emit(Discarded(player, state.obj(int(picked)).name))
                zones.move(state, int(picked), "graveyard")
            continue
        change_life(state, player, -effect.amount)
    return list(who)


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="punisher", model=Punisher, subjects=("who",),
    text=EffectText(
        phrasings=_PHRASINGS,
        canonical=_canonical,
    ),
    checks=EffectChecks(done_by_player=True),
    forge=ForgeEffect(
        write=_forge,
        reads={"GenericChoice": _forge_read},
    ),
    xmage=XMageEffect(
        framework=_xmage_framework,
        read_classes={"DoUnlessTargetPlayerOrTargetsControllerPaysEffect": _xmage_read},
        # DoUnlessTargetPlayerOrTargetsControllerPaysEffect asks chooseUse, OrCost chooseUse between its two costs
        # (the first, the sacrifice, is yes); the permanent and the card are chosen with choose (setChoice)
        decisions={PAY: "use", WHICH: "use"},
    ),
    rule=OneShot(resolve=_resolve),
)
