"""The generated sequence effect: a card's effects that pass objects from one step to the next.

"Return target creature card ... then create a token that's a copy of that creature", "Destroy all
creatures ... return a creature card put into your graveyard this way", "Exile that card ... you may
cast it": once an object changes zones XMage's target pointers lose it, so these effects become one
package-private `OneShotEffect` whose `apply` keeps the objects in `Cards` variables (XMage's set of card
ids) named after the spec's ids. Each spec effect is written as XMage's authors write that step -
`controller.moveCards(...)` then `retainZone`, a `permanent.destroy(...)` loop, `revealCards` and
`controller.choose(...)` with a `TargetCard`, `CardUtil.makeCardPlayable`, `PhaseOutAllEffect`, a
framework effect pointed at the objects with `FixedTarget(s)` - only the steps the card uses. Gift
conditions and `only_if` checks are plain `if` blocks. `read_sequence` reads the same shapes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.engines.xmage.filters import FilterTable
from cardgen.engines.xmage.jast import Expr, Raw, call, fmt, new, split_string
from cardgen.engines.xmage.java import JAVA_KEYWORDS
from cardgen.engines.xmage.problems import Unsupported
from cardgen.spec.model import AllSubject, DelayedTrigger, ObjectFilter, RefSubject, Target, TargetSubject
from cardgen.vocab import effect as construct_of

if TYPE_CHECKING:
    from cardgen.engines.xmage.lower import CardLowering, Host

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
    """Builds one sequence effect class for `effects` (a contiguous part of one ability)."""

    def __init__(self, parent: CardLowering, host: Host, effects: list[Any], text: str) -> None:
        self.parent = parent
        self.host = host
        self.effects = effects
        self.text = text
        self.filters = FilterTable(parent.imports)
        self.vars: dict[str, tuple[str, str]] = {}
        self.referenced = {ref for effect in effects for ref in _refs(effect)}
        self.locals: dict[str, int] = {}
        self.name = parent.local_class("Effect")

    def build(self) -> Expr:
        for simple in ("OneShotEffect", "Outcome", "Game", "Ability", "Player"):
            self.parent.use(simple)
        lines: list[str] = []
        for effect in self.effects:
            if self.keeps(effect) and (effect.condition or effect.only_if or effect.instead_if_promised):
                name = variable(effect.id)
                lines.append(f"{' ' * 8}{self.use('Cards')} {name} = new {self.use('CardsImpl')}();")
                self.vars[effect.id] = (name, "")
            lines.extend(self.statement(effect, 8))
        from cardgen.engines.xmage.lower import Inner

        self.parent.inner.append(Inner(self.name, "sequence_effect.java.j2", {
            "static_text": split_string(self.text, 8 + len("staticText = "), 16),
            "body": lines,
        }, self.filters))
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

    def statement(self, effect: Any, indent: int) -> list[str]:
        pad = " " * indent
        if effect.instead_if_promised is not None:
            return [f"{pad}if ({self.parent.promise('promised').flat()}.apply(game, source)) {{",
                    *self.core(effect.instead_if_promised, indent + 4),
                    f"{pad}}} else {{",
                    *self.core(effect, indent + 4),
                    f"{pad}}}"]
        depth = indent + (4 if effect.condition else 0) + (4 if effect.only_if else 0)
        lines = self.core(effect, depth)
        if effect.only_if is not None:
            inner_pad = " " * (depth - 4)
            check = self.match_all(effect.only_if.ref, effect.only_if.matches, depth - 4)
            lines = [f"{inner_pad}if ({check}) {{", *lines, f"{inner_pad}}}"]
        if effect.condition is not None:
            lines = [f"{pad}if ({self.parent.promise(effect.condition).flat()}.apply(game, source)) {{", *lines,
                     f"{pad}}}"]
        return lines

    def match_all(self, ref: str, selector: ObjectFilter, indent: int) -> str:
        """`!x.isEmpty() && <every object of x matches>`: the `only_if` check."""
        name, zone = self.ref_var(ref)
        if selector.zone != zone and zone:
            raise Unsupported(f"`only_if` checks the objects where they are now (the {zone}), not in the "
                              f"{selector.zone}")
        field = Raw(self.filters.add(selector))
        if selector.zone == "battlefield":
            every = call(self.all_cards(field), "containsAll", Raw(name))
        else:
            counted = call(name, "count", field, Raw("source.getControllerId()"), Raw("source"), Raw("game"))
            every = Raw(f"{fmt(counted, indent)} == {name}.size()")
        return f"!{name}.isEmpty() && {fmt(every, indent)}"

    def zone(self, word: str) -> Raw:
        return self.parent.const(f"Zone.{ZONES[word]}")

    def all_cards(self, field: Raw) -> Expr:
        return new(self.use("CardsImpl"), call("game.getBattlefield()", "getActivePermanents", field,
                                               Raw("source.getControllerId()"), Raw("source"), Raw("game")))

    def core(self, effect: Any, indent: int) -> list[str]:
        """The statements of one effect, without its condition."""
        pad = " " * indent
        kind = effect.effect
        subject = _primary(effect)
        keep = self.keeps(effect)
        name = variable(effect.id) if keep else ""
        declared = keep and effect.id in self.vars

        def holder(source: list[str], expr: Expr, zone: str) -> tuple[list[str], str]:
            """`Cards x = <expr>;` (or `x.addAll(<expr>);` when declared before a condition)."""
            self.vars[effect.id] = (name, zone)
            self.use("Cards")
            if declared:
                return [*source, f"{pad}{name}.addAll({fmt(expr, indent, offset=len(name) + 8)});"], name
            return [*source, f"{pad}Cards {name} = {fmt(expr, indent, offset=len(name) + 9)};"], name

        if kind in ("return_card", "bounce", "exile") and not isinstance(subject, str):
            before, cards, _zone = self.source(subject, effect, indent)
            if kind == "return_card" and effect.counters:
                raise Unsupported("inside a sequence effect, returned cards can't get counters")
            destination = {"return_card": effect.to if kind == "return_card" else "", "bounce": "hand",
                           "exile": "exile"}[kind]
            by_owner = kind == "return_card" and effect.to == "battlefield" and effect.under == "owner"
            lines = list(before)
            if keep:
                lines, target = holder(lines, cards, destination)
                cards = Raw(target)
            extra = (Raw("false"), Raw("false"), Raw("true"), Raw("null")) if by_owner else ()
            moved = call(cards, "getCards", Raw("game")) if by_owner else cards  # that overload takes a Set<Card>
            move = call("controller", "moveCards", moved, self.zone(destination), Raw("source"), Raw("game"), *extra)
            lines.append(f"{pad}{fmt(move, indent)};")
            if keep:
                lines.append(f"{pad}{name}.retainZone({self.zone(destination).flat()}, game);")
            return lines
        if kind == "destroy" and not isinstance(subject, str):
            before, cards, _zone = self.source(subject, effect, indent)
            lines = list(before)
            self.use("UUID")
            self.use("Permanent")
            if keep:
                self.vars[effect.id] = (name, "graveyard")
                if not declared:
                    lines.append(f"{pad}{self.use('Cards')} {name} = new {self.use('CardsImpl')}();")
            lines += [f"{pad}for (UUID id : {fmt(cards, indent, offset=15)}) {{",
                      f"{pad}    Permanent permanent = game.getPermanent(id);"]
            if keep:
                lines += [f"{pad}    if (permanent != null && permanent.destroy(source, game, false)) {{",
                          f"{pad}        {name}.add(id);",
                          f"{pad}    }}", f"{pad}}}",
                          f"{pad}game.processAction();",
                          f"{pad}{name}.retainZone({self.zone('graveyard').flat()}, game);"]
            else:
                lines += [f"{pad}    if (permanent != null) {{",
                          f"{pad}        permanent.destroy(source, game, false);",
                          f"{pad}    }}", f"{pad}}}"]
            return lines
        if kind == "reveal_and_exile":
            return self.reveal_and_exile(effect, indent, keep, name, declared)
        if kind == "may_cast_from_exile":
            before, cards, _zone = self.source(subject, effect, indent)
            self.use("Card")
            utility, duration = self.use("CardUtil"), self.parent.const("Duration.Custom").flat()
            return [*before, f"{pad}for (Card card : {fmt(cards, indent, offset=17)}.getCards(game)) {{",
                    f"{pad}    {utility}.makeCardPlayable(game, source, card, true, {duration}, "
                    f"{'true' if effect.any_mana else 'false'});",
                    f"{pad}}}"]
        if kind == "phase_out" and not isinstance(subject, str):
            before, cards, _zone = self.source(subject, effect, indent)
            phase = call(new(self.use("PhaseOutAllEffect"), new(f"{self.use('ArrayList')}<>", cards)), "apply",
                         Raw("game"), Raw("source"))
            return [*before, f"{pad}{fmt(phase, indent)};"]
        if kind == "delayed_trigger":
            return self.delayed(effect, indent)
        if isinstance(subject, RefSubject):
            before, cards, zone = self.source(subject, effect, indent)
            framework, continuous, _slot = self.framework(self.host, effect, ref_as_target=True,
                                                                 zone_of_ref=zone)
            self.use("UUID")
            kind_class = self.use("ContinuousEffect" if continuous else "Effect")
            pointer = new(self.use("FixedTarget"), Raw("id"), Raw("game"))
            run = "game.addEffect(effect, source);" if continuous else "effect.apply(game, source);"
            return [*before, f"{pad}for (UUID id : {fmt(cards, indent, offset=15)}) {{",
                    f"{pad}    {kind_class} effect = {fmt(framework, indent + 4, offset=len(kind_class) + 10)};",
                    f"{pad}    effect.setTargetPointer({pointer.flat()});",
                    f"{pad}    {run}",
                    f"{pad}}}"]
        framework, continuous, slot = self.framework(self.host, effect)
        pointer = slot is not None and slot.index > 0 and not construct_of(kind).hook("xmage_own_pointers")
        if continuous and not pointer:
            return [f"{pad}game.addEffect({fmt(framework, indent, offset=15)}, source);"]
        if continuous:
            framework = new(self.use("AddContinuousEffectToGame"), framework)
        if pointer:
            framework = call(framework, "setTargetPointer", self.parent.pointer(slot.index))
        return [f"{pad}{fmt(call(framework, 'apply', Raw('game'), Raw('source')), indent)};"]

    def reveal_and_exile(self, effect: Any, indent: int, keep: bool, name: str, declared: bool) -> list[str]:
        """Target player reveals their hand; you choose `amount` matching cards from it; exile them."""
        pad = " " * indent
        subject = effect.who
        if not isinstance(subject, TargetSubject) or subject.target.player is None:
            raise Unsupported("`reveal_and_exile` renders for a target player (`who: {target: {player: ...}}`)")
        if effect.filter.zone != "hand":
            raise Unsupported("`reveal_and_exile` chooses from the revealed hand: its filter's zone is `hand`")
        slot = self.host.slot(effect, "who")
        player, target = self.local("player"), self.local("target")
        field = Raw(self.filters.add(effect.filter))
        chosen = name if keep else self.local("exiled")
        target_class = self.use("TargetCard")
        chooser = new(target_class, effect.amount, self.zone("hand"), field)
        lines = [f"{pad}Player {player} = game.getPlayer({self.target_id(slot.index)});",
                 f"{pad}if ({player} == null) {{", f"{pad}    return false;", f"{pad}}}",
                 f"{pad}{player}.revealCards(source, {player}.getHand(), game);",
                 f"{pad}{target_class} {target} = {fmt(chooser, indent, offset=len(target_class) + len(target) + 4)};",
                 f"{pad}controller.choose({self.parent.const('Outcome.Benefit').flat()}, {player}.getHand(), {target}, "
                 "source, game);"]
        ids = new(self.use("CardsImpl"), call(target, "getTargets"))
        if keep:
            self.vars[effect.id] = (name, "exile")
        if declared:
            lines.append(f"{pad}{chosen}.addAll({ids.flat()});")
        else:
            lines.append(f"{pad}{self.use('Cards')} {chosen} = {ids.flat()};")
        lines.append(f"{pad}controller.moveCards({chosen}, {self.zone('exile').flat()}, source, game);")
        if keep:
            lines.append(f"{pad}{chosen}.retainZone({self.zone('exile').flat()}, game);")
        return lines

    def target_id(self, index: int) -> str:
        if index == 0:
            return "getTargetPointer().getFirst(game, source)"
        return f"source.getTargets().get({index}).getFirstTarget()"

    def delayed(self, effect: DelayedTrigger, indent: int) -> list[str]:
        pad = " " * indent
        if effect.at != "next_end_step" or len(effect.effects) != 1:
            raise Unsupported("a delayed trigger renders as one effect at the beginning of the next end step")
        inner = effect.effects[0]
        if inner.condition is not None or inner.only_if is not None or inner.instead_if_promised is not None:
            raise Unsupported("put the condition on the delayed trigger, not on its effect")
        subject = _primary(inner)
        if not isinstance(subject, RefSubject | TargetSubject):
            raise Unsupported("a delayed trigger in a sequence acts on an earlier effect's objects (`ref`)")
        before, cards, zone = self.source(subject, inner, indent)
        framework, continuous, _slot = self.framework(self.host, inner, ref_as_target=True, zone_of_ref=zone)
        if continuous:
            framework = new(self.use("AddContinuousEffectToGame"), framework)
        local = self.local("effect")
        pointer = new(self.use("FixedTargets"), cards, Raw("game"))
        trigger = new(self.use("AtTheBeginOfNextEndStepDelayedTriggeredAbility"), Raw(local))
        return [*before, f"{pad}{self.use('Effect')} {local} = {fmt(framework, indent, offset=len(local) + 10)};",
                f"{pad}{local}.setTargetPointer({fmt(pointer, indent, offset=len(local) + 18)});",
                f"{pad}game.addDelayedTriggeredAbility({fmt(trigger, indent, offset=32)}, source);"]

    # ---------------------------------------------------------------------------------- sources

    def source(self, subject: Any, effect: Any, indent: int) -> tuple[list[str], Expr, str]:
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

    def choose(self, base: Expr, zone: str, subject: RefSubject, indent: int) -> tuple[list[str], Expr, str]:
        """You choose `choose` of the objects (matching the ref's filter): a `TargetCard` and
        `controller.choose`, as XMage writes "return a creature card put into your graveyard this way"."""
        pad = " " * indent
        selector = subject.filter or ObjectFilter(zone=zone or "graveyard")
        if selector.zone == "battlefield" or (zone and selector.zone != zone):
            raise Unsupported("inside a sequence effect, you choose among cards in a graveyard, hand or exile")
        from cardgen.engines.xmage.targets import target_expr

        target = Target(**selector.model_dump(), min=subject.choose, max=subject.choose)
        chooser = target_expr(target, self.filters, self.parent.imports)
        if not (chooser.cls.startswith("TargetCard")):  # type: ignore[attr-defined]
            raise Unsupported("inside a sequence effect, you choose among cards")
        local = self.local("target")
        outcome = self.parent.const("Outcome.Benefit").flat()
        lines = [f"{pad}{self.use('TargetCard')} {local} = {fmt(chooser, indent, offset=len(local) + 14)};",
                 f"{pad}controller.choose({outcome}, {fmt(base, indent)}, {local}, source, game);"]
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
    (the construct's `xmage_moves_objects`)."""
    return bool(construct_of(effect.effect).hook("xmage_moves_objects"))


def _refs(effect: Any) -> list[str]:
    from cardgen.engines.xmage.lower import _refs_of

    return _refs_of(effect)
