"""The `modify` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from cardgen.model.parts import AllSubject, Keyword, StaticEffectBase, Subject
from cardgen.vocab import subject as vocab_subject
from cardgen.vocab.construct import Continuous, EffectConstruct, EffectText, ForgeEffect, XMageEffect, XMageStatic
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.canonical import CanonicalForms
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.read_model import Bag
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.lower import CardLowering
    from cardgen.engines.xmage.reader import ClassReader
    from cardgen.game.continuous import Layers
    from cardgen.game.objects import GameObject
    from cardgen.game.state import GameState
    from cardgen.model.card import Condition


# ------------------------------------------------------------------------------------------ the spec model

class Modify(StaticEffectBase):
    """A continuous change to the affected objects: "Equipped creature gets +3/+3 and loses flying"."""

    effect: Literal["modify"]
    affected: Subject
    power: Annotated[int, Field(ge=-99, le=99)] = 0
    toughness: Annotated[int, Field(ge=-99, le=99)] = 0
    add_keywords: list[Keyword] = []
    remove_keywords: list[Keyword] = []
    condition: Condition | None = None
    """Applies only while the gift was (or wasn't) promised for this permanent (702.174k): "If the gift
    was promised, they also have menace"."""


# ------------------------------------------------------------------------------------ text and phrasing

_BOOST = {"power": V("q", 0), "toughness": V("u", 0)}
_KEYWORDS = {"add_keywords": V("k")}


def _also(first: str, subject: str, second: str, more: dict[str, Any]) -> Form:
    """`first`. If the gift was promised, `subject` also `second`.: a boost of `{a}`, and what `more` adds
    to the same objects only while the gift was promised."""
    return Form(f"{first}. if the gift was promised, {subject} also {second}.",
                {"kind": "static", "effects": [
                    {"effect": "modify", "affected": V("a"), "power": V("p", 0), "toughness": V("t", 0)},
                    {"effect": "modify", "affected": V("a"), **more, "condition": "promised"}]})


_PHRASINGS = {
    "static": [
        Form("{a:object_sg} gets {p:signed}/{t:signed}{k:static_keywords}",
             {"effect": "modify", "affected": V("a"), "power": V("p", 0), "toughness": V("t", 0),
              "remove_keywords": V("k", [])}),
        Form("{a:object_sg} gets {p:signed}/{t:signed} and has {k:keywords}",
             {"effect": "modify", "affected": V("a"), "power": V("p", 0), "toughness": V("t", 0),
              "add_keywords": V("k")}),
        Form("{a:subject_pl} get {p:signed}/{t:signed}",
             {"effect": "modify", "affected": V("a"), "power": V("p", 0), "toughness": V("t", 0)}),
        Form("{a:subject_pl} get {p:signed}/{t:signed} and have {k:keywords}",
             {"effect": "modify", "affected": V("a"), "power": V("p", 0), "toughness": V("t", 0),
              "add_keywords": V("k")}),
        Form("{a:object_sg} has {k:keywords}", {"effect": "modify", "affected": V("a"), "add_keywords": V("k")}),
        Form("{a:subject_pl} have {k:keywords}", {"effect": "modify", "affected": V("a"), "add_keywords": V("k")}),
    ],
    "static_keywords": [Form("", []), Form(" and loses {k:keywords}", V("k"))],
    "ability": [
        # a static that depends on the promise (702.174k): the second sentence adds to the same objects, named
        # again or as "it" / "they" (of two spellings of one structure, the first listed is the one written)
        _also("{a:subject_pl} get {p:signed}/{t:signed}", "they", "have {k:keywords}", _KEYWORDS),
        _also("{a:subject_pl} get {p:signed}/{t:signed}", "{a:subject_pl}", "have {k:keywords}", _KEYWORDS),
        _also("{a:subject_pl} get {p:signed}/{t:signed}", "they", "get {q:signed}/{u:signed}", _BOOST),
        _also("{a:object_sg} gets {p:signed}/{t:signed}", "{a:object_sg}", "gets {q:signed}/{u:signed}", _BOOST),
        _also("{a:object_sg} gets {p:signed}/{t:signed}", "it", "gets {q:signed}/{u:signed}", _BOOST),
        _also("{a:object_sg} gets {p:signed}/{t:signed}", "it", "has {k:keywords}", _KEYWORDS),
        _also("{a:object_sg} gets {p:signed}/{t:signed}", "{a:object_sg}", "has {k:keywords}", _KEYWORDS),
        # the whole static depends on a condition, each condition's `as_long_as` forms ("As long as the gift was
        # promised, this creature has flying.", "As long as you control a token, ..."), 611.3a
        Form("{e:static_conditional}.", {"kind": "static", "effects": [V("e")]}),
    ],
    "static_conditional": [
        Form("{c:as_long_as}" + pattern, {**shape, "condition": V("c")})
        for pattern, shape in (
            ("{a:object_sg} gets {p:signed}/{t:signed}",
             {"effect": "modify", "affected": V("a"), "power": V("p", 0), "toughness": V("t", 0)}),
            ("{a:object_sg} has {k:keywords}", {"effect": "modify", "affected": V("a"), "add_keywords": V("k")}),
            ("{a:object_sg} gets {p:signed}/{t:signed} and has {k:keywords}",
             {"effect": "modify", "affected": V("a"), "power": V("p", 0), "toughness": V("t", 0),
              "add_keywords": V("k")}),
            ("{a:subject_pl} get {p:signed}/{t:signed}",
             {"effect": "modify", "affected": V("a"), "power": V("p", 0), "toughness": V("t", 0)}),
            ("{a:subject_pl} have {k:keywords}", {"effect": "modify", "affected": V("a"), "add_keywords": V("k")}),
        )
    ],
}


def _canonical(forms: CanonicalForms, effect: dict[str, Any]) -> None:
    for key in ("add_keywords", "remove_keywords"):
        if key in effect:
            effect[key] = sorted(effect[key])


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder, e: Modify) -> Params:
    params: Params = []
    if e.power:
        params.append(("AddPower", str(e.power)))
    if e.toughness:
        params.append(("AddToughness", str(e.toughness)))
    if e.add_keywords:
        params.append(("AddKeyword", b.keywords(e.add_keywords)))
    if e.remove_keywords:
        params.append(("RemoveKeyword", b.keywords(e.remove_keywords)))
    if e.condition is not None and (static := b.condition(e.condition).forge.static) is not None:
        params += static(b)  # StaticAbility.checkConditions, whenever the static is applied (611.3a)
    elif e.condition is not None:  # StaticAbility.checkConditions reads IsPresent$
        if b.condition(e.condition).forge.compare is None:
            raise b.error(f"a static ability's condition 'if {b.condition(e.condition).text.words}' has no Forge "
                          "form here")
        params.append(("IsPresent", "Card.Self+PromisedGift"))
        if (default_compare := b.condition(e.condition).forge.default_compare) is not None:
            params.append(("PresentCompare", default_compare))
    return params


def _forge_hints(b: ScriptBuilder, e: Modify) -> list[tuple[str, str]]:
    """An Aura that boosts what it enchants goes on one of the AI's own creatures (`AttachAILogic:Pump`),
    one that only weakens it on an opponent's (`Curse`): Forge's Card.getFirstAttachSpell hands the SVar
    to the Aura spell it makes as `AILogic$` (forge-game/src/main/java/forge/game/card/Card.java), the
    value Forge's own older Aura scripts write on their `A:SP$ Attach` (Feather of Flight, Colossification:
    `AILogic$ Pump`)."""
    if e.affected != "enchanted" or not b.enchants or e.condition is not None:
        return []
    if e.power >= 0 and e.toughness >= 0 and not e.remove_keywords and (e.power or e.toughness or e.add_keywords):
        return [("AttachAILogic", "Pump")]
    if e.power <= 0 and e.toughness <= 0 and not e.add_keywords and (e.power or e.toughness):
        return [("AttachAILogic", "Curse")]
    return []


def _forge_read(r: ScriptReader, bag: Bag, affected: Any) -> dict[str, Any] | None:
    """P/T and keyword changes of an `S:Mode$ Continuous` line, and the promise they may depend on."""
    modify: dict[str, Any] = {"effect": "modify", "affected": affected}
    power, toughness = bag.take_int("AddPower", 0), bag.take_int("AddToughness", 0)
    if power:
        modify["power"] = power
    if toughness:
        modify["toughness"] = toughness
    for key, field_name in (("AddKeyword", "add_keywords"), ("RemoveKeyword", "remove_keywords")):
        words = bag.get(key)
        if words:
            modify[field_name] = [r.keyword(word) for word in words.split(" & ")]
    condition = r.static_condition(bag)
    if condition is not None:
        modify["condition"] = condition
    present = bag.get("IsPresent") if condition is None else None
    if present is not None:
        compare = bag.get("PresentCompare") or "GE1"
        condition = r.condition_compared(compare) if present == "Card.Self+PromisedGift" else None
        if condition is None:
            raise r.error("FG201", f"S: IsPresent$ {present} | PresentCompare$ {compare}: only the promise "
                                   "of this card (Card.Self+PromisedGift) is read")
        modify["condition"] = condition
    return modify if len(modify) > 2 + ("condition" in modify) else None


# ------------------------------------------------------------------------------------------------ XMage

def _xmage_static(w: CardLowering, static: Modify) -> list[Any]:
    """The framework continuous effects of a static `modify`: a boost and one effect per keyword gained or
    lost, for the attached, the source or every matching permanent; conditional ones wrapped in
    `ConditionalContinuousEffect` (702.174k)."""
    affected = static.affected
    # builders, called only for the parts this static effect has (so only used classes are imported)
    if affected in ("equipped", "enchanted"):
        def attachment() -> Any:
            return w.const(f"AttachmentType.{'EQUIPMENT' if affected == 'equipped' else 'AURA'}")

        def boost() -> Any:
            cls = "BoostEquippedEffect" if affected == "equipped" else "BoostEnchantedEffect"
            return w.new(w.use(cls), static.power, static.toughness)

        def gain(k: str) -> Any:
            return w.new(w.use("GainAbilityAttachedEffect"), w.keyword(k), attachment())

        def lose(k: str) -> Any:
            return w.new(w.use("LoseAbilityAttachedEffect"), w.keyword(k), attachment())
    elif affected == "self":
        def boost() -> Any:
            return w.new(w.use("BoostSourceEffect"), static.power, static.toughness, w.while_on())

        def gain(k: str) -> Any:
            return w.new(w.use("GainAbilitySourceEffect"), w.keyword(k), w.while_on())

        def lose(k: str) -> Any:
            return w.new(w.use("LoseAbilitySourceEffect"), w.keyword(k), w.while_on())
    elif isinstance(affected, AllSubject):
        if affected.all.zone != "battlefield":
            raise w.Unsupported("a static `modify` affects permanents on the battlefield")
        name = w.Raw(w.filters.add(affected.all, plural=True))

        def boost() -> Any:
            return w.new(w.use("BoostAllEffect"), static.power, static.toughness, w.while_on(), name,
                         w.Raw("false"))

        def gain(k: str) -> Any:
            return w.new(w.use("GainAbilityAllEffect"), w.keyword(k), w.while_on(), name)

        def lose(k: str) -> Any:
            return w.new(w.use("LoseAbilityAllEffect"), w.keyword(k), w.while_on(), name)
    else:
        raise w.Unsupported("a static `modify` renders for `self`, `equipped`, `enchanted` or `{all: ...}`")
    out: list[Any] = []
    if (static.power, static.toughness) != (0, 0) or not (static.add_keywords or static.remove_keywords):
        out.append(boost())
    out += [gain(k) for k in static.add_keywords]
    out += [lose(k) for k in static.remove_keywords]
    if static.condition is not None:  # 702.174k: only while the gift was (or wasn't) promised
        condition = w.promise(static.condition)
        out = [w.new(w.use("ConditionalContinuousEffect"), e, condition, w.Str("")) for e in out]
    return out


_WHILE_ON = "Duration.WhileOnBattlefield"


def _modify(affected: Any, power: int = 0, toughness: int = 0, add_keywords: list[str] | None = None,
            remove_keywords: list[str] | None = None) -> dict[str, Any]:
    return {"effect": CONSTRUCT.kind, "affected": affected, "power": power, "toughness": toughness,
            "add_keywords": add_keywords or [], "remove_keywords": remove_keywords or []}


def _keywords(affected: Any, cls: str, keyword: str) -> dict[str, Any]:
    """A `modify` of `affected` gaining (`Gain...` classes) or losing one keyword."""
    if cls.startswith("Gain"):
        return _modify(affected, add_keywords=[keyword])
    return _modify(affected, remove_keywords=[keyword])


def _xmage_read_static(r: ClassReader, value: Any, node: Any) -> dict[str, Any] | None:
    """The framework effects `_xmage_static` writes, and XMage's `BoostControlledEffect` (a boost of its
    controller's creatures), each as a `modify` of its part."""
    cls, args = value.cls, list(value.args)
    if cls in ("BoostEquippedEffect", "BoostEnchantedEffect") and len(args) in (2, 3):
        affected = "equipped" if cls == "BoostEquippedEffect" else "enchanted"
        return _modify(affected, r.integer(args[0], node), r.integer(args[1], node))
    if cls in ("GainAbilityAttachedEffect", "LoseAbilityAttachedEffect") and len(args) == 2:
        keyword = r.keyword(args[0])
        attachment = args[1].flat()
        if keyword is not None and attachment in ("AttachmentType.EQUIPMENT", "AttachmentType.AURA"):
            affected = "equipped" if attachment.endswith("EQUIPMENT") else "enchanted"
            return _keywords(affected, cls, keyword)
    if cls == "BoostAllEffect" and len(args) == 5 and args[2].flat() == _WHILE_ON and args[4] == r.Raw("false"):
        selector, _ = r.filters.selector(args[3].flat(), node)
        return _modify({"all": selector}, r.integer(args[0], node), r.integer(args[1], node))
    if cls == "BoostControlledEffect" and len(args) in (3, 4, 5) and args[2].flat() == _WHILE_ON:
        selector = {"zone": "battlefield", "types": ["creature"]}
        if len(args) >= 4:
            selector, _ = r.filters.selector(args[3].flat(), node)
        selector["controller"] = "you"
        return _modify({"all": selector}, r.integer(args[0], node), r.integer(args[1], node))
    if cls in ("GainAbilityAllEffect", "LoseAbilityAllEffect") and len(args) == 3 and args[1].flat() == _WHILE_ON:
        keyword = r.keyword(args[0])
        if keyword is not None:
            selector, _ = r.filters.selector(args[2].flat(), node)
            return _keywords({"all": selector}, cls, keyword)
    if cls == "BoostSourceEffect" and len(args) == 3 and args[2].flat() == _WHILE_ON:
        return _modify("self", r.integer(args[0], node), r.integer(args[1], node))
    if cls in ("GainAbilitySourceEffect", "LoseAbilitySourceEffect") and (len(args) == 1 or (
            len(args) == 2 and args[1].flat() == _WHILE_ON)):  # its one-argument constructor: while on the battlefield
        keyword = r.keyword(args[0])
        if keyword is not None:
            return _keywords("self", cls, keyword)
    return None


def _xmage_read_static_together(r: ClassReader, effect: dict[str, Any], part: dict[str, Any],
                                node: Any) -> dict[str, Any]:
    """A boost and keyword changes of the same objects, in one ability: one `modify`."""
    if effect["affected"] != part["affected"]:
        raise r.ReadError("one static ability affects two different things", node=node)
    for key in ("power", "toughness"):
        effect[key] += part[key]
    effect["add_keywords"] += part["add_keywords"]
    effect["remove_keywords"] += part["remove_keywords"]
    return effect


_BOOST_ATTACHED = {"BoostEquippedEffect": "equipped creature", "BoostEnchantedEffect": "enchanted creature"}


def _xmage_static_text(expr: Any) -> str | None:
    """What XMage prints for a boost of the attached creature ("equipped creature gets +1/+1")."""
    if expr.cls in _BOOST_ATTACHED and len(expr.args) == 2:
        power, toughness = (arg.flat() for arg in expr.args)
        return f"{_BOOST_ATTACHED[expr.cls]} gets {_signed(power)}/{_signed(toughness)}"
    return None


def _signed(number: str) -> str:
    return number if number.startswith("-") else "+" + number

# --------------------------------------------------------------------------------------------- resolver


def _apply_static(state: GameState, source: GameObject, effect: Modify, obj: GameObject, layers: Layers) -> None:
    """Keywords gained and lost (layer 6, in the source's timestamp order) and +N/+N (layer 7c) of what
    the static ability affects, its filter read from the source's current controller."""
    from cardgen.game import continuous
    if vocab_subject.static_affects(state, source, effect.affected, obj, continuous.controller_of(state, source)):
        layers.keywords.append((source.timestamp, tuple(effect.add_keywords), tuple(effect.remove_keywords)))
        layers.boosts.append((effect.power, effect.toughness))


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="modify", model=Modify, subjects=("affected",),
    text=EffectText(
        phrasings=_PHRASINGS,
        canonical=_canonical,
    ),
    forge=ForgeEffect(
        static=_forge,
        read_continuous=_forge_read,
        hints=_forge_hints,
    ),
    xmage=XMageEffect(
        static=XMageStatic(
            write=_xmage_static,
            read=_xmage_read_static,
            read_together=_xmage_read_static_together,
            text=_xmage_static_text,
        ),
    ),
    rule=Continuous(
        layer=6,
        apply=_apply_static,
    ),
)
