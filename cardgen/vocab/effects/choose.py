"""The `choose` effect: "Choose an artifact or creature you control." - the controller chooses one object
among those that match, as the effect resolves; a later effect acts on it ("Create a token that's a copy of
it.").

Choosing is not targeting (115.1: only the word "target" makes a target): the object is chosen as the spell or
ability resolves, among the objects that match then (608.2c: the instructions are followed in order, so a
permanent an earlier step created or moved is among them or not as it is by then), hexproof or shroud
don't stop it, and nothing is chosen when nothing matches. The spec says what it is chosen among, `what: {all:
filter}`, and names the effect (`id`) for the effects that act on the chosen object (`ref`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import model_validator

from cardgen.model.parts import AllSubject, EffectBase
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect, XMageSequence
from cardgen.vocab.java_statements import Do, Local
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.read_sequence import SequenceReader
    from cardgen.engines.xmage.sequence import SequenceLowering
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.vocab.java_statements import Statement

RULE = "608.2c"


# ------------------------------------------------------------------------------------------ the spec model

class Choose(EffectBase):
    """The controller chooses one permanent among `what` (`{all: filter}`) as the effect resolves."""

    effect: Literal["choose"]
    what: AllSubject

    @model_validator(mode="after")
    def _permanents(self) -> Choose:
        if self.what.all.zone != "battlefield":
            raise ValueError("`choose` chooses a permanent: its filter's zone is the battlefield")
        return self


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("choose {a:article}{f:filter_sg}", {"effect": "choose", "what": {"all": V("f")}}),
    ],
}


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: EffectWriter, e: Choose) -> tuple[str, Params]:
    """`ChooseCard | Choices$ <valid> | Mandatory$ True` (ChooseCardEffect.resolve: the activator chooses
    among the battlefield's cards that match `Choices$`, one by default, and must with `Mandatory$`); a later
    effect reaches the card through the remembered list (`RememberChosen$ True`)."""
    return "ChooseCard", [("Choices", w.valid(e.what.all)), ("ChoiceTitle", "Choose " + w.noun_phrase(e.what.all)),
                          ("Mandatory", "True")]


def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    bag = r.bag
    if bag.get("Defined") not in (None, "You") or bag.get("Mandatory") != "True" \
            or bag.get("Amount") not in (None, "1") or bag.get("ChoiceZone") not in (None, "Battlefield"):
        raise r.error("FG201", "only the controller's one mandatory choice of a permanent is read (ChooseCard)")
    bag.get("ChoiceTitle")
    choices = bag.get("Choices") or "Card"
    parsed = r.valid(choices, "battlefield")
    return [{"effect": CONSTRUCT.kind, "what": {"all": parsed.fields}}]


# ------------------------------------------------------------------------------------------------ XMage

def _xmage_step(s: SequenceLowering, effect: Choose, subject: Any, indent: int) -> list[Statement]:
    """`TargetPermanent target = new TargetPermanent(filter); target.withNotTarget(true);
    controller.choose(Outcome.Benefit, target, source, game); Cards x = new CardsImpl(target.getTargets());`,
    as XMage's own Season of Weaving chooses "an artifact or creature you control" (a target that isn't one,
    `withNotTarget`: Player.choose picks among the permanents that match)."""
    if effect.id is None:
        raise s.Unsupported("a choice nothing acts on has no XMage form")
    local = s.local("target")
    _keep, name, _declared = s.kept(effect)
    field = s.filters.add(effect.what.all)
    outcome = s.parent.const("Outcome.Benefit").flat()
    s.vars[effect.id] = (name, "battlefield")
    return [Local(s.use("TargetPermanent"), local, s.new(s.use("TargetPermanent"), s.Raw(field)).flat()),
            Do(f"{local}.withNotTarget(true)"),
            Do(f"controller.choose({outcome}, {local}, source, game)"),
            Local(s.use("Cards"), name, s.new(s.use("CardsImpl"), s.call(local, "getTargets")).flat())]


def _xmage_read_step(r: SequenceReader, value: Any, node: Any) -> list[dict[str, Any]] | None:
    """`target.withNotTarget(true)` and `controller.choose(outcome, target, source, game)` of a target
    declared before: the choice, named by the `Cards` it is kept in (`SequenceReader.declaration`)."""
    if not isinstance(value, r.Call) or not isinstance(value.receiver, r.Raw):
        return None
    if value.method == "withNotTarget" and value.receiver.text in r.targets and len(value.args) == 1 \
            and value.args[0] == r.Raw("true"):
        r.targets[value.receiver.text]["_not_target"] = True
        return []
    if value.receiver != r.Raw("controller") or value.method != "choose" or len(value.args) != 4 \
            or not isinstance(value.args[1], r.Raw) or value.args[1].text not in r.targets \
            or value.args[2:] != (r.Raw("source"), r.Raw("game")):
        return None
    name = value.args[1].text
    target = dict(r.targets.pop(name))
    if not target.pop("_not_target", False) or target.pop("min", 1) != 1 or target.pop("max", 1) != 1:
        raise r.error("a choice of one permanent is a TargetPermanent with withNotTarget(true)", node)
    target.pop("zone", None)
    effect: dict[str, Any] = {"effect": CONSTRUCT.kind, "what": {"all": target}}
    r.chosen[name] = ({"_effect": effect}, "battlefield")
    return [effect]


# --------------------------------------------------------------------------------------------- resolver

def _resolve(ctx: Context, effect: Choose) -> list[Entity]:
    """The controller chooses one of the permanents that match now (a scenario's `choices` answer; the first
    one otherwise); none when none does."""
    from cardgen.game import filters
    state = ctx.state
    options = [obj.oid for obj in filters.select(state, effect.what.all, ctx.controller, ctx.source)]
    if not options:
        return []
    return [int(entity) for entity in state.chooser.choose(ctx.controller, options, 1, "choose")]


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="choose", model=Choose, subjects=("what",),
    text=EffectText(
        phrasings=_PHRASINGS,
        own_sentence=True,  # "Choose ... you control." is a sentence of its own; what acts on it is the next
        backref_noun="it",  # "Create a token that's a copy of it.": the chosen permanent, not the filter's all
    ),
    forge=ForgeEffect(
        remembers=True,
        remember_param="RememberChosen",
        write=_forge,
        reads={"ChooseCard": _forge_read},
    ),
    xmage=XMageEffect(
        moves_objects=True,
        sequence=XMageSequence(
            step=_xmage_step,
            read_step=_xmage_read_step,
        ),
    ),
    rule=OneShot(resolve=_resolve),
)
