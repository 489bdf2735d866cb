"""The generated sequence effect: a card's effects that pass objects from one step to the next.

"Return target creature card ... then create a token that's a copy of that creature", "Destroy all
creatures ... return a creature card put into your graveyard this way", "Exile that card ... you may
cast it": once an object changes zones XMage's target pointers lose it, so these effects become one
package-private `OneShotEffect` whose `apply` keeps the objects in `Cards` variables (XMage's set of card
ids) named after the spec's ids. Each spec effect is written as XMage's authors write that step: the
step an effect construct declares (`xmage.sequence.step`: `controller.moveCards(...)` then `retainZone`,
a loop over the objects, ...), else its framework effect pointed at the objects with `FixedTarget(s)` -
only the steps the card uses. Gift conditions and `only_if` checks are plain `if` blocks. `read_sequence`
reads the same shapes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeAlias

from cardgen.engines.xmage.card_model import FilterFields, SequenceEffectClass
from cardgen.engines.xmage.filters import FilterTable
from cardgen.engines.xmage.java_expr import Expr, Raw, call, fmt, new, split_string
from cardgen.engines.xmage.java_text import JAVA_KEYWORDS
from cardgen.engines.xmage.lower_parts import refs_of
from cardgen.engines.xmage.problems import Unsupported
from cardgen.model.card import AllSubject, ObjectFilter, RefSubject, Target, TargetSubject
from cardgen.vocab import effect as construct_of
from cardgen.vocab.java_statements import Do, ForEach, If, Local, Statement

if TYPE_CHECKING:
    from cardgen.engines.xmage.lower_parts import CardKit, Host

ZONES = {"battlefield": "BATTLEFIELD", "graveyard": "GRAVEYARD", "hand": "HAND", "exile": "EXILED",
         "library": "LIBRARY", "stack": "STACK"}
ZONE_WORDS = {constant: word for word, constant in ZONES.items()}
RESERVED_LOCALS = frozenset({"controller", "game", "source", "card", "effect", "cards", "filter", "id",
                             "permanent", "target", "player"})


def variable(identifier: str) -> str:
    """The Java local holding the objects of spec id `identifier` (`Ref` appended when the id is a Java
    word or one of the method's own locals; ids are lower-case, so the suffix can't collide)."""
    if identifier in JAVA_KEYWORDS or identifier in RESERVED_LOCALS or identifier.startswith(
            ("filter", "target", "player", "effect")):
        return identifier + "Ref"
    return identifier


def identifier_of(variable_name: str) -> str:
    return variable_name[: -len("Ref")] if variable_name.endswith("Ref") else variable_name


class SequenceLowering:
    """Builds one sequence effect class for `effects` (a contiguous part of one ability).

    What it reads of a construct: `xmage.sequence.step` (its statements, `java_statements`, laid out at
    `indent`, as one step; None for its framework effect pointed at the objects), `xmage.moves_objects`,
    `xmage.own_pointers` (`cardgen.vocab.construct`).
    """

    # the Java building blocks for the construct hooks, which can't import the engine at run time
    new = staticmethod(new)
    call = staticmethod(call)
    fmt = staticmethod(fmt)
    Raw: TypeAlias = Raw
    Unsupported: TypeAlias = Unsupported

    def __init__(self, parent: CardKit, host: Host, effects: list[Any], text: str) -> None:
        self.parent = parent
        self.host = host
        self.effects = effects
        self.text = text
        self.filters = FilterTable(parent.imports)
        self.vars: dict[str, tuple[str, str]] = {}
        self.referenced = {ref for effect in effects for ref in refs_of(effect)}
        self.locals: dict[str, int] = {}
        self.name = parent.local_class("Effect")

    def build(self) -> Expr:
        for simple in ("OneShotEffect", "Outcome", "Game", "Ability", "Player"):
            self.parent.use(simple)
        lines: list[Statement] = []
        for effect in self.effects:
            if self.keeps(effect) and (effect.condition or effect.only_if or effect.instead_if_promised):
                name = variable(effect.id)
                lines.append(Local(self.use("Cards"), name, new(self.use("CardsImpl")).flat()))
                self.vars[effect.id] = (name, "")
            lines.extend(self.statement(effect, 8))
        self.parent.inner.append(SequenceEffectClass(
            self.name, split_string(self.text, 8 + len("staticText = "), 16), tuple(lines),
            FilterFields.of(self.filters)))
        return new(self.name)

    def use(self, simple: str) -> str:
        return self.parent.use(simple)

    def framework(self, *args: Any, **kwargs: Any) -> Any:
        """The parent's framework effect, with its filters declared in this class (the effect is built
        here, so a filter it names must be this class's field, not the card class's)."""
        card_filters = self.parent.filters
        self.parent.filters = self.filters
        try:
            return self.parent.framework(*args, **kwargs)
        finally:
            self.parent.filters = card_filters

    def keeps(self, effect: Any) -> bool:
        """Whether the effect's objects are kept in a variable for a later step."""
        return effect.id is not None and effect.id in self.referenced and _moves_objects(effect)

    def local(self, base: str) -> str:
        """A fresh local name: `target`, `target2`, ..."""
        count = self.locals.get(base, 0) + 1
        self.locals[base] = count
        return base if count == 1 else f"{base}{count}"

    # ---------------------------------------------------------------------------------- statements

    def statement(self, effect: Any, indent: int) -> list[Statement]:
        if effect.instead_if_promised is not None:
            return [If(self.applies(self.parent.promise("promised")),
                       tuple(self.core(effect.instead_if_promised, indent + 4)),
                       tuple(self.core(effect, indent + 4)))]
        depth = indent + (4 if effect.condition else 0) + (4 if effect.only_if else 0)
        lines = self.core(effect, depth)
        if effect.only_if is not None:
            check = self.match_all(effect.only_if.ref, effect.only_if.matches, depth - 4)
            lines = [If(check, tuple(lines))]
        if effect.condition is not None:
            lines = [If(self.applies(self.condition(effect.condition)), tuple(lines))]
        return lines

    def condition(self, condition: Any) -> Expr:
        """The framework condition of `condition` (the parent's `promise`), a filter it names declared in this
        class (a condition on the game: "if you control four or more lands")."""
        card_filters = self.parent.filters
        self.parent.filters = self.filters
        try:
            return self.parent.promise(condition)
        finally:
            self.parent.filters = card_filters

    @staticmethod
    def applies(condition: Expr) -> str:
        """`<condition>.apply(game, source)`: the test of an `if` on a condition object."""
        return call(condition, "apply", "game", "source").flat()

    def match_all(self, ref: str, selector: ObjectFilter, indent: int) -> str:
        """`!x.isEmpty() && <every object of x matches>`: the `only_if` check."""
        name, zone = self.ref_var(ref)
        if selector.zone != zone and zone:
            raise Unsupported(f"`only_if` checks the objects where they are now (the {zone}), not in the "
                              f"{selector.zone}")
        field = Raw(self.filters.add(selector))
        every: Expr
        if selector.zone == "battlefield":
            every = call(self.all_cards(field), "containsAll", Raw(name))
        else:
            counted = call(name, "count", field, Raw("source.getControllerId()"), Raw("source"), Raw("game"))
            every = Raw(f"{fmt(counted, indent)} == {name}.size()")
        head = f"!{name}.isEmpty() && "
        return head + fmt(every, indent, offset=len("if (") + len(head))  # the `if (` this check goes in

    def zone(self, word: str) -> Raw:
        return self.parent.const(f"Zone.{ZONES[word]}")

    def all_cards(self, field: Raw) -> Expr:
        return new(self.use("CardsImpl"), call("game.getBattlefield()", "getActivePermanents", field,
                                               Raw("source.getControllerId()"), Raw("source"), Raw("game")))

    def core(self, effect: Any, indent: int) -> list[Statement]:
        """The statements of one effect, without its condition: the construct's own step
        (`xmage.sequence.step`), else its framework effect pointed at the objects."""
        kind = effect.effect
        subject = _primary(effect)
        sequence = construct_of(kind).xmage.sequence
        if sequence is not None:
            lines = sequence.step(self, effect, subject, indent)
            if lines is not None:
                return lines
        if isinstance(subject, RefSubject):
            before, cards, zone = self.source(subject, effect, indent)
            framework, continuous, _slot = self.framework(self.host, effect, ref_as_target=True,
                                                                 zone_of_ref=zone)
            self.use("UUID")
            kind_class = self.use("ContinuousEffect" if continuous else "Effect")
            pointer = new(self.use("FixedTarget"), Raw("id"), Raw("game"))
            run = call("game", "addEffect", "effect", "source") if continuous else \
                call("effect", "apply", "game", "source")
            return [*before, ForEach("UUID", "id", fmt(cards, indent, offset=15), (
                Local(kind_class, "effect", fmt(framework, indent + 4, offset=len(kind_class) + 10)),
                Do(call("effect", "setTargetPointer", pointer).flat()),
                Do(run.flat())))]
        framework, continuous, slot = self.framework(self.host, effect)
        pointed = slot is not None and slot.index > 0 and not construct_of(kind).xmage.own_pointers
        if continuous and not pointed:
            return [Do(f"game.addEffect({fmt(framework, indent, offset=15)}, source)")]
        if continuous:
            framework = new(self.use("AddContinuousEffectToGame"), framework)
        if pointed and slot is not None:
            framework = call(framework, "setTargetPointer", self.parent.pointer(slot.index))
        return [Do(fmt(call(framework, "apply", Raw("game"), Raw("source")), indent))]

    def primary(self, effect: Any) -> Any:
        return _primary(effect)

    def kept(self, effect: Any) -> tuple[bool, str, bool]:
        """(whether the effect's objects are kept, the variable holding them, whether that variable was
        declared before a condition)."""
        keep = self.keeps(effect)
        return keep, variable(effect.id) if keep else "", keep and effect.id in self.vars

    def move(self, effect: Any, before: list[Statement], cards: Expr, indent: int, destination: str,
             by_owner: bool = False) -> list[Statement]:
        """`controller.moveCards(<objects>, Zone.X, source, game)` after `before`; a kept variable holds the
        objects and is narrowed with `retainZone` to those that arrived."""
        keep, name, declared = self.kept(effect)
        lines = list(before)
        if keep:
            self.vars[effect.id] = (name, destination)
            self.use("Cards")
            if declared:
                lines.append(Do(f"{name}.addAll({fmt(cards, indent, offset=len(name) + 8)})"))
            else:
                lines.append(Local("Cards", name, fmt(cards, indent, offset=len(name) + 9)))
            cards = Raw(name)
        extra = (Raw("false"), Raw("false"), Raw("true"), Raw("null")) if by_owner else ()
        moved = call(cards, "getCards", Raw("game")) if by_owner else cards  # that overload takes a Set<Card>
        move = call("controller", "moveCards", moved, self.zone(destination), Raw("source"), Raw("game"), *extra)
        lines.append(Do(fmt(move, indent)))
        if keep:
            lines.append(Do(call(name, "retainZone", self.zone(destination), "game").flat()))
        elif isinstance(cards, Raw):  # an earlier step's objects moved again: later checks find them there (400.7)
            moved_ref = next((ref for ref, (var, _zone) in self.vars.items() if var == cards.flat()), None)
            if moved_ref is not None:
                self.vars[moved_ref] = (cards.flat(), destination)
                lines.append(Do(call(cards.flat(), "retainZone", self.zone(destination), "game").flat()))
        return lines

    def target_id(self, index: int) -> str:
        if index == 0:
            return "getTargetPointer().getFirst(game, source)"
        return f"source.getTargets().get({index}).getFirstTarget()"

    # ---------------------------------------------------------------------------------- sources

    def source(self, subject: Any, effect: Any, indent: int) -> tuple[list[Statement], Expr, str]:
        """(statements that must come first, the `Cards` expression for a subject, the objects' zone)."""
        if isinstance(subject, TargetSubject):
            if subject.target.player is not None or subject.target.any_target:
                raise Unsupported("inside a sequence effect, this step needs an object target")
            name = next(n for n in construct_of(effect.effect).subjects if getattr(effect, n, None) is subject)
            slot = self.host.slot(effect, name)
            return [], self.target_cards(slot.index), subject.target.zone
        if isinstance(subject, AllSubject):
            if subject.all.zone != "battlefield":
                raise Unsupported("`{all: ...}` selects permanents on the battlefield")
            return [], self.all_cards(Raw(self.filters.add(subject.all, plural=True))), "battlefield"
        if isinstance(subject, RefSubject):
            if subject.relation != "it":
                raise Unsupported("inside a sequence effect, refs name the objects themselves, not their "
                                  "controller or owner")
            base, zone = self.ref_base(subject.ref)
            if subject.choose is not None:
                return self.choose(base, zone, subject, indent)
            if subject.filter is not None:
                selector = subject.filter
                if selector.zone == "battlefield" or selector.zone != zone:
                    raise Unsupported("inside a sequence effect, an earlier step's objects are filtered where "
                                      "they went (cards in a graveyard, hand or exile)")
                field = Raw(self.filters.add(selector, plural=True))
                return [], new(self.use("CardsImpl"), call(base, "getCards", field, Raw("source.getControllerId()"),
                                                           Raw("source"), Raw("game"))), zone
            return [], base, zone
        raise Unsupported(f"inside a sequence effect, `{subject}` can't be a step's objects")

    def choose(self, base: Expr, zone: str, subject: RefSubject, indent: int
               ) -> tuple[list[Statement], Expr, str]:
        """You choose `choose` of the objects (matching the ref's filter): a `TargetCard` and
        `controller.choose`, as XMage writes "return a creature card put into your graveyard this way"."""
        selector = subject.filter or ObjectFilter.model_validate({"zone": zone or "graveyard"})
        if selector.zone == "battlefield" or (zone and selector.zone != zone):
            raise Unsupported("inside a sequence effect, you choose among cards in a graveyard, hand or exile")
        from cardgen.engines.xmage.targets import target_expr

        assert subject.choose is not None, "a ref is chosen among only when it says how many (`choose`)"
        target = Target(**selector.model_dump(), min=subject.choose, max=subject.choose)
        chooser = target_expr(target, self.filters, self.parent.imports)
        if not (chooser.cls.startswith("TargetCard")):  # type: ignore[attr-defined]
            raise Unsupported("inside a sequence effect, you choose among cards")
        local = self.local("target")
        outcome = self.parent.const("Outcome.Benefit").flat()
        lines: list[Statement] = [
            Local(self.use("TargetCard"), local, fmt(chooser, indent, offset=len(local) + 14)),
            Do(f"controller.choose({outcome}, {fmt(base, indent)}, {local}, source, game)")]
        return lines, new(self.use("CardsImpl"), call(local, "getTargets")), selector.zone

    def target_cards(self, index: int) -> Expr:
        ids = Raw("getTargetPointer().getTargets(game, source)") if index == 0 else \
            Raw(f"source.getTargets().get({index}).getTargets()")
        return new(self.use("CardsImpl"), ids)

    def ref_var(self, ref: str) -> tuple[str, str]:
        if ref not in self.vars:
            raise Unsupported(f"`ref: {ref}` names no earlier step of this effect that keeps its objects")
        return self.vars[ref]

    def ref_base(self, ref: str) -> tuple[Expr, str]:
        if ref in self.vars:
            name, zone = self.vars[ref]
            return Raw(name), zone
        referenced = self.host.ids.get(ref)
        if referenced is None:
            raise Unsupported(f"`ref: {ref}` names no earlier effect of this ability")
        subject = _primary(referenced)
        if isinstance(subject, TargetSubject) and not _moves_objects(referenced):
            _before, cards, zone = self.source(subject, referenced, 8)
            return cards, zone
        raise Unsupported(f"`ref: {ref}` names an effect whose objects this backend can't follow")


def _primary(effect: Any) -> Any:
    """The effect's primary subject (None for an effect without subjects)."""
    fields = construct_of(effect.effect).subjects
    return getattr(effect, fields[0], None) if fields else None


def _moves_objects(effect: Any) -> bool:
    """Whether the effect moves (or destroys) its objects, so a later step follows them in a variable
    (the construct's `xmage.moves_objects`)."""
    return construct_of(effect.effect).xmage.moves_objects


