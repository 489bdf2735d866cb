"""The `counter_unless_pays` effect: "Counter target spell unless its controller pays {2}." and, with a
condition, "If you control a Bird, counter that spell unless its controller pays {4} instead." (Dazzling
Denial).

As it resolves, the target spell's controller may pay the mana (they decide, 608.2d; 118.3: a cost is paid
only by a player who can); paid, nothing happens, else the spell is countered (701.6a) and put into its
owner's graveyard. The condition is checked as the effect resolves (608.2c), and when it holds the other
amount is the one asked ("instead": one payment is asked, never both, 614.1a's wording for an effect that
replaces another's).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import field_validator

from cardgen.model.mana import ManaCost, ManaCostField
from cardgen.model.parts import EffectBase, SpecModel, Subject, TargetSubject
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.lower import CardLowering, Host
    from cardgen.engines.xmage.reader import EffectReader
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.model.card import Condition


# ------------------------------------------------------------------------------------------ the spec model

def _generic(value: ManaCost) -> ManaCost:
    if not value.symbols or not all(symbol.is_generic for symbol in value.symbols):
        raise ValueError("the mana its controller pays is generic mana ({2})")
    return value


class CounterInstead(SpecModel):
    """"If you control a Bird, counter that spell unless its controller pays {4} instead": the mana asked
    when `condition` holds as the effect resolves."""

    condition: Condition
    pays: ManaCostField

    _pays_generic = field_validator("pays")(_generic)


class CounterUnlessPays(EffectBase):
    """Counter `what` unless its controller pays `pays` (generic mana); `instead`: another amount when its
    condition holds."""

    effect: Literal["counter_unless_pays"]
    what: Subject
    pays: ManaCostField
    instead: CounterInstead | None = None

    _pays_generic = field_validator("pays")(_generic)


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("counter {w:object} unless its controller pays {n:mana}. {c:intervening}counter that spell unless "
             "its controller pays {m:mana} instead",
             {"effect": "counter_unless_pays", "what": V("w"), "pays": V("n"),
              "instead": {"condition": V("c"), "pays": V("m")}}),
        Form("counter {w:object} unless its controller pays {n:mana}",
             {"effect": "counter_unless_pays", "what": V("w"), "pays": V("n")}),
    ],
}


def _words(effect: CounterUnlessPays) -> str:
    """The effect's words (XMage's ConditionalOneShotEffect text)."""
    from cardgen import vocab
    text = f"counter target spell unless its controller pays {effect.pays}"
    if effect.instead is None:
        return text
    condition = vocab.condition(effect.instead.condition).text
    said = condition.words_of(effect.instead.condition) if condition.words_of is not None else condition.words
    return f"{text}. If {said}, counter that spell unless its controller pays {effect.instead.pays} instead"


# ------------------------------------------------------------------------------------------------ Forge

def _forge_present(condition: Any) -> Any:
    """The filter of a `you_control` condition (the one condition Forge's count form below says)."""
    selector = getattr(condition, "you_control", None)
    return None if selector is None else selector.model_copy(update={"controller": "you"})


def _forge(w: EffectWriter, e: CounterUnlessPays) -> tuple[str, Params]:
    """`Counter | TargetType$ Spell | ValidTgts$ Card | UnlessCost$ 2` (Forge's own Mana Leak: UnlessCost$ 3;
    AbilityUtils.handleUnlessCost, its payer by default the targeted spell's controller); with `instead`,
    `UnlessCost$ X | SVar:X:Count$Compare Y GE1.4.2 | SVar:Y:Count$Valid Bird.YouCtrl` (handleUnlessCost:
    an SVar's amount as generic mana; AbilityUtils.xCount: `Compare <lhs> <comparison>.<true>.<false>`)."""
    if not isinstance(e.what, TargetSubject) or e.what.target.zone != "stack":
        raise w.error("counter_unless_pays needs a target on the stack")
    cost = str(e.pays.generic)
    if e.instead is not None:
        selector = _forge_present(e.instead.condition)
        if selector is None:
            raise w.error("Forge writes the other amount of counter_unless_pays for `you_control` only")
        present = w.amount_svar(f"Count$Valid {w.valid(selector)}")
        cost = w.amount_svar(f"Count$Compare {present} GE1.{e.instead.pays.generic}.{e.pays.generic}")
    return "Counter", [("TargetType", "Spell"), *w.target(e.what.target, implied_zone="stack"),
                       ("UnlessCost", cost)]


def _forge_read(r: NodeReader) -> list[dict[str, Any]] | None:
    """A Counter with an `UnlessCost$` of generic mana (a number, or the comparison `_forge` writes)."""
    cost = r.bag.peek("UnlessCost")
    if cost is None:
        return None
    r.bag.get("UnlessCost")
    if r.bag.peek("UnlessPayer") not in (None, "TargetedController"):
        raise r.error("FG201", "counter_unless_pays is paid by the spell's controller "
                               "(UnlessPayer$ TargetedController)")
    r.bag.get("UnlessPayer")
    if not r.bag.has("TargetType"):
        r.bag.values["TargetType"] = "Spell"
    target = r.targets("stack")
    if target is None:
        raise r.error("FG201", "Counter without a target")
    effect: dict[str, Any] = {"effect": CONSTRUCT.kind, "what": target}
    if cost.isdigit():
        effect["pays"] = "{" + cost + "}"
        return [effect]
    svars = r.reader.svars
    compare = (svars.get(cost) or "").split(" ")
    if len(compare) != 3 or compare[0] != "Count$Compare" or not compare[2].startswith("GE1."):
        raise r.error("FG203", f"UnlessCost$ {cost}: read as a number or Count$Compare <present> GE1.<N>.<M>")
    present = svars.get(compare[1]) or ""
    branches = compare[2][len("GE1."):].split(".")
    if not present.startswith("Count$Valid ") or len(branches) != 2 or not all(b.isdigit() for b in branches):
        raise r.error("FG203", f"UnlessCost$ {cost}: the comparison counts `Count$Valid <permanents you control>`")
    r.reader.used_svars.update({cost, compare[1]})
    fields = dict(r.valid(present[len("Count$Valid "):]).fields)
    if fields.pop("controller", None) != "you":
        raise r.error("FG203", f"UnlessCost$ {cost}: the permanents counted are yours (YouCtrl)")
    effect["pays"] = "{" + branches[1] + "}"
    effect["instead"] = {"condition": {"you_control": fields}, "pays": "{" + branches[0] + "}"}
    return [effect]


# ------------------------------------------------------------------------------------------------ XMage

def _xmage_unless(w: CardLowering, mana: ManaCost) -> Any:
    return w.new(w.use("CounterUnlessPaysEffect"), w.new(w.use("GenericManaCost"), mana.generic))


def _xmage_framework(w: CardLowering, host: Host, effect: CounterUnlessPays, **_: Any) -> tuple[Any, bool, Any]:
    """`new CounterUnlessPaysEffect(new GenericManaCost(2))`; with `instead`, as XMage's own Dazzling Denial:
    `new ConditionalOneShotEffect(<the other amount's>, <this one's>, condition, text)` (the first when the
    condition holds as it resolves)."""
    shape, slot, _subject = w.subject_info(host, effect, "what")
    if shape != "target" or slot is None:
        raise w.Unsupported("`counter_unless_pays` renders for a target spell")
    plain = _xmage_unless(w, effect.pays)
    if effect.instead is None:
        return plain, False, slot
    conditional = w.new(w.use("ConditionalOneShotEffect"), _xmage_unless(w, effect.instead.pays), plain,
                        w.promise(effect.instead.condition), w.Str(_words(effect)))
    return conditional, False, slot


def _xmage_pays(r: EffectReader, value: Any, node: Any) -> str:
    if not (isinstance(value, r.New) and value.cls == "CounterUnlessPaysEffect" and len(value.args) == 1):
        raise r.ReadError(f"not a CounterUnlessPaysEffect: {value.flat()[:80]}", node=node)
    cost = value.args[0]
    if isinstance(cost, r.New) and cost.cls == "GenericManaCost" and len(cost.args) == 1 \
            and isinstance(cost.args[0], r.Raw) and cost.args[0].text.isdigit():
        return "{" + cost.args[0].text + "}"
    raise r.ReadError(f"the mana of CounterUnlessPaysEffect not understood: {cost.flat()[:80]}", node=node)


def _xmage_read(r: EffectReader, value: Any, index: int, node: Any, subject: Any,
                zone: str | None) -> dict[str, Any] | None:
    """`new CounterUnlessPaysEffect(new GenericManaCost(N))`."""
    effect: dict[str, Any] = {"effect": CONSTRUCT.kind, "pays": _xmage_pays(r, value, node)}
    effect["what"] = subject if subject is not None else r.slots.subject(index, effect, node, "it", r.state, r.branch)
    return effect


def _xmage_read_instead(base: dict[str, Any], replacement: dict[str, Any], condition: Any) -> dict[str, Any] | None:
    """`ConditionalOneShotEffect(<when it holds>, <otherwise>, condition, text)` of two of these effects on
    the same spell: one effect whose `instead` is the other amount."""
    if base.get("effect") != CONSTRUCT.kind or replacement.get("effect") != CONSTRUCT.kind \
            or base.get("instead") or replacement.get("instead"):
        return None
    return {**base, "instead": {"condition": condition, "pays": replacement["pays"]}}


# --------------------------------------------------------------------------------------------- resolver

PAY_TO_KEEP = "pay so the spell isn't countered"
"""The spell's controller's yes/no question, whatever the amount (XMage: CounterUnlessPaysEffect's chooseUse)."""


def _resolve(ctx: Context, effect: CounterUnlessPays) -> list[Entity]:
    """The spell's controller may pay (mana is assumed paid, as every mana cost the resolver doesn't charge
    from a pool: the payment is logged); unpaid, it is countered."""
    from cardgen.game import zones
    from cardgen.game.events import Countered, ManaSpent
    state = ctx.state
    mana = effect.pays
    if effect.instead is not None and state.holds(effect.instead.condition, False, ctx.controller):
        mana = effect.instead.pays
    countered: list[Entity] = []
    for obj in ctx.objects(effect.what, "what"):
        if obj.zone != "stack":
            continue
        payer = obj.controller
        if state.chooser.decide(payer, PAY_TO_KEEP):
            state.emit(ManaSpent(payer, mana.mana_value, f"{ctx.source_name}'s cost", str(mana)))
            continue
        state.emit(Countered(obj.name, payer, ctx.source_name))
        new = zones.move(state, obj.oid, "graveyard")
        if new is not None:
            countered.append(new.oid)
    return countered


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="counter_unless_pays", model=CounterUnlessPays, subjects=("what",),
    text=EffectText(
        phrasings=_PHRASINGS,
        antecedents=("what",),
    ),
    forge=ForgeEffect(
        write=_forge,
        reads={"Counter": _forge_read},
    ),
    xmage=XMageEffect(
        framework=_xmage_framework,
        stands_alone=True,
        read_classes={"CounterUnlessPaysEffect": _xmage_read},
        read_instead=_xmage_read_instead,
        decisions={PAY_TO_KEEP: "use"},
    ),
    rule=OneShot(resolve=_resolve),
)
