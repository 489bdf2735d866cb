"""The generated sequence effect: a card's effects that pass objects from one step to the next.

"Return target creature card ... then create a token that's a copy of that creature", "Destroy all
creatures ... return a creature card put into your graveyard this way", "Exile that card ... you may
cast it": once an object changes zones XMage's target pointers lose it, so these effects become one
package-private `OneShotEffect` whose `apply` keeps the objects in `Set<Card>` variables named after
the spec's ids. Each spec effect is one statement calling a small helper (`moveCards`, `destroy`,
`matchingCards`, `applyTo`, ...) whose body is fixed template code; gift conditions and `only_if`
checks are plain `if` blocks. Steps that need no objects reuse the framework effects through `run`.
The reader reads the statements back the same way, one spec effect each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.engines.xmage.filters import FilterTable
from cardgen.engines.xmage.forms import SUBJECT_FIELD
from cardgen.engines.xmage.jast import Expr, Raw, call, fmt, new, split_string
from cardgen.engines.xmage.java import JAVA_KEYWORDS
from cardgen.engines.xmage.problems import Unsupported
from cardgen.spec.model import AllSubject, DelayedTrigger, RefSubject, TargetSubject

if TYPE_CHECKING:
    from cardgen.engines.xmage.lower import CardLowering, Host

ZONES = {"battlefield": "BATTLEFIELD", "graveyard": "GRAVEYARD", "hand": "HAND", "exile": "EXILED",
         "library": "LIBRARY", "stack": "STACK"}
ZONE_WORDS = {constant: word for word, constant in ZONES.items()}

HELPER_ORDER = ("targetCards", "targetPlayer", "allPermanents", "moveCards", "destroy", "matchingCards",
                "matchingPermanents", "allCardsMatch", "allPermanentsMatch", "choose", "revealAndExile",
                "castFromExile", "phaseOut", "atNextEndStep", "applyTo", "run")
HELPER_NEEDS: dict[str, tuple[str, ...]] = {
    "allCardsMatch": ("matchingCards",),
    "allPermanentsMatch": ("matchingPermanents",),
    "revealAndExile": ("matchingCards", "choose", "moveCards"),
    "applyTo": ("run",),
}
HELPER_IMPORTS: dict[str, tuple[str, ...]] = {
    "targetCards": ("Set", "LinkedHashSet", "UUID", "Card", "Permanent"),
    "targetPlayer": ("Player",),
    "allPermanents": ("Set", "LinkedHashSet", "Card", "FilterPermanent"),
    "moveCards": ("Set", "LinkedHashSet", "Card", "Player", "Zone"),
    "destroy": ("Set", "LinkedHashSet", "Card", "Permanent"),
    "matchingCards": ("Set", "LinkedHashSet", "Card", "Zone", "FilterCard"),
    "matchingPermanents": ("Set", "LinkedHashSet", "Card", "Permanent", "FilterPermanent"),
    "allCardsMatch": ("Set", "Card", "Zone", "FilterCard"),
    "allPermanentsMatch": ("Set", "Card", "FilterPermanent"),
    "choose": ("Set", "LinkedHashSet", "UUID", "Card", "Player", "TargetCard", "Zone", "StaticFilters",
               "Outcome", "CardsImpl"),
    "revealAndExile": ("Set", "LinkedHashSet", "Card", "Player", "Cards", "CardsImpl", "Zone", "FilterCard"),
    "castFromExile": ("Set", "Card", "CardUtil", "Duration"),
    "phaseOut": ("Set", "Card", "List", "ArrayList", "UUID", "PhaseOutAllEffect"),
    "atNextEndStep": ("Set", "Card", "Effect", "FixedTargets", "AtTheBeginOfNextEndStepDelayedTriggeredAbility"),
    "applyTo": ("Set", "Card", "Effect", "FixedTarget"),
    "run": ("Effect", "ContinuousEffect", "OneShotEffect"),
}
PRODUCERS = frozenset({"return_card", "bounce", "exile", "destroy", "reveal_and_exile"})
RESERVED_LOCALS = frozenset({"controller", "game", "source", "card", "effect", "cards", "filter"})


def variable(identifier: str) -> str:
    """The Java local holding the objects of spec id `identifier` (`Ref` appended when the id is a Java
    word or one of the method's own locals; ids are lower-case, so the suffix can't collide)."""
    if identifier in JAVA_KEYWORDS or identifier in RESERVED_LOCALS or identifier.startswith("filter"):
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
        self.helpers: set[str] = set()
        self.vars: dict[str, tuple[str, str]] = {}
        self.referenced = {ref for effect in effects for ref in _refs(effect)}
        self.name = parent.local_class("Effect")

    def build(self) -> Expr:
        for simple in ("OneShotEffect", "Outcome", "Game", "Ability", "Player"):
            self.parent.use(simple)
        lines: list[str] = []
        for effect in self.effects:
            if effect.id is not None and effect.id in self.referenced and effect.effect in PRODUCERS and (
                    effect.condition or effect.only_if or effect.instead_if_promised):
                name = variable(effect.id)
                lines.append(f"{' ' * 8}{self.use('Set')}<{self.use('Card')}> {name} = "
                             f"new {self.use('LinkedHashSet')}<>();")
                self.vars[effect.id] = (name, "")
            lines.extend(self.statement(effect, 8))
        needed = set(self.helpers)
        for helper in list(needed):
            needed.update(HELPER_NEEDS.get(helper, ()))
        for helper in needed:
            for simple in HELPER_IMPORTS[helper]:
                self.parent.use(simple)
        from cardgen.engines.xmage.lower import Inner

        self.parent.inner.append(Inner(self.name, "sequence_effect.java.j2", {
            "static_text": split_string(self.text, 8 + len("staticText = "), 16),
            "body": lines,
            "helpers": [h for h in HELPER_ORDER if h in needed],
        }, self.filters))
        return new(self.name)

    def use(self, simple: str) -> str:
        return self.parent.use(simple)

    def helper(self, name: str, *args: Expr | int | str | bool | None) -> Expr:
        self.helpers.add(name)
        return call(None, name, *args)

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
            source, zone = self.source(RefSubject(ref=effect.only_if.ref), effect)
            check = self.match_all(source, effect.only_if.matches)
            lines = [f"{inner_pad}if ({fmt(check, depth - 4)}) {{", *lines, f"{inner_pad}}}"]
        if effect.condition is not None:
            lines = [f"{pad}if ({self.parent.promise(effect.condition).flat()}.apply(game, source)) {{", *lines,
                     f"{pad}}}"]
        return lines

    def match_all(self, source: Expr, selector: Any) -> Expr:
        name = Raw(self.filters.add(selector))
        if selector.zone == "battlefield":
            return self.helper("allPermanentsMatch", source, name, "game", "source")
        return self.helper("allCardsMatch", source, self.zone(selector.zone), name, "game", "source")

    def zone(self, word: str) -> Raw:
        return self.parent.const(f"Zone.{ZONES[word]}")

    def core(self, effect: Any, indent: int) -> list[str]:
        """The statement of one effect, without its condition."""
        kind = effect.effect
        subject = getattr(effect, SUBJECT_FIELD.get(kind, ""), None) if kind in SUBJECT_FIELD else None
        produced_zone = ""
        if kind in ("return_card", "bounce", "exile") and not isinstance(subject, str):
            source, _zone = self.source(subject, effect)
            if kind == "return_card" and effect.counters:
                raise Unsupported("inside a sequence effect, returned cards can't get counters")
            destination = {"return_card": effect.to if kind == "return_card" else "", "bounce": "hand",
                           "exile": "exile"}[kind]
            by_owner = kind == "return_card" and effect.to == "battlefield" and effect.under == "owner"
            expr = self.helper("moveCards", "controller", source, self.zone(destination), by_owner, "game", "source")
            produced_zone = destination
        elif kind == "destroy" and not isinstance(subject, str):
            source, _zone = self.source(subject, effect)
            expr = self.helper("destroy", source, "game", "source")
            produced_zone = "graveyard"
        elif kind == "reveal_and_exile":
            if not isinstance(subject, TargetSubject) or subject.target.player is None:
                raise Unsupported("`reveal_and_exile` renders for a target player (`who: {target: {player: ...}}`)")
            slot = self.host.slot(effect, "who")
            player = self.helper("targetPlayer", "game", "source", slot.index)
            if effect.filter.zone != "hand":
                raise Unsupported("`reveal_and_exile` chooses from the revealed hand: its filter's zone is `hand`")
            name = Raw(self.filters.add(effect.filter))
            expr = self.helper("revealAndExile", "controller", player, name, effect.amount, "game", "source")
            produced_zone = "exile"
        elif kind == "may_cast_from_exile":
            source, _zone = self.source(subject, effect)
            expr = self.helper("castFromExile", source, effect.any_mana, "game", "source")
        elif kind == "phase_out" and not isinstance(subject, str):
            source, _zone = self.source(subject, effect)
            expr = self.helper("phaseOut", source, "game", "source")
        elif kind == "delayed_trigger":
            expr = self.delayed(effect)
        elif kind in SUBJECT_FIELD and isinstance(subject, RefSubject):
            source, zone = self.source(subject, effect)
            framework, continuous, _slot = self.parent.framework(self.host, effect, ref_as_target=True,
                                                                 zone_of_ref=zone)
            expr = self.helper("applyTo", framework, source, "game", "source")
        else:
            framework, continuous, slot = self.parent.framework(self.host, effect)
            if slot is not None and slot.index > 0 and kind != "fight":
                framework = call(framework, "setTargetPointer", self.parent.pointer(slot.index))
            expr = self.helper("run", framework, "game", "source")
        pad = " " * indent
        if produced_zone and effect.id is not None and effect.id in self.referenced:
            name = variable(effect.id)
            if effect.id in self.vars:
                line = f"{pad}{name} = {fmt(expr, indent)};"
            else:
                line = f"{pad}{self.use('Set')}<{self.use('Card')}> {name} = {fmt(expr, indent)};"
            self.vars[effect.id] = (name, produced_zone)
            return [line]
        return [f"{pad}{fmt(expr, indent)};"]

    def delayed(self, effect: DelayedTrigger) -> Expr:
        if effect.at != "next_end_step" or len(effect.effects) != 1:
            raise Unsupported("a delayed trigger renders as one effect at the beginning of the next end step")
        inner = effect.effects[0]
        if inner.condition is not None or inner.only_if is not None or inner.instead_if_promised is not None:
            raise Unsupported("put the condition on the delayed trigger, not on its effect")
        subject = getattr(inner, SUBJECT_FIELD.get(inner.effect, ""), None)
        if not isinstance(subject, RefSubject | TargetSubject):
            raise Unsupported("a delayed trigger in a sequence acts on an earlier effect's objects (`ref`)")
        source, zone = self.source(subject, inner)
        framework, continuous, _slot = self.parent.framework(self.host, inner, ref_as_target=True, zone_of_ref=zone)
        if continuous:
            framework = new(self.use("AddContinuousEffectToGame"), framework)
        return self.helper("atNextEndStep", framework, source, "game", "source")

    # ---------------------------------------------------------------------------------- sources

    def source(self, subject: Any, effect: Any) -> tuple[Expr, str]:
        """The `Set<Card>` expression for a subject, and the zone its objects are in."""
        if isinstance(subject, TargetSubject):
            if subject.target.player is not None or subject.target.any_target:
                raise Unsupported("inside a sequence effect, this step needs an object target")
            name = next(n for n in SUBJECT_FIELD.values() if getattr(effect, n, None) is subject)
            slot = self.host.slot(effect, name)
            return self.helper("targetCards", "game", "source", slot.index), subject.target.zone
        if isinstance(subject, AllSubject):
            if subject.all.zone != "battlefield":
                raise Unsupported("`{all: ...}` selects permanents on the battlefield")
            return self.helper("allPermanents", Raw(self.filters.add(subject.all, plural=True)), "game",
                               "source"), "battlefield"
        if isinstance(subject, RefSubject):
            if subject.relation != "it":
                raise Unsupported("inside a sequence effect, refs name the objects themselves, not their "
                                  "controller or owner")
            base, zone = self.ref_base(subject.ref)
            if subject.filter is not None:
                selector = subject.filter
                name = Raw(self.filters.add(selector, plural=True))
                if selector.zone == "battlefield":
                    base = self.helper("matchingPermanents", base, name, "game", "source")
                else:
                    base = self.helper("matchingCards", base, self.zone(selector.zone), name, "game", "source")
                zone = selector.zone
            if subject.choose is not None:
                base = self.helper("choose", "controller", base, subject.choose, "game", "source")
            return base, zone
        raise Unsupported(f"inside a sequence effect, `{subject}` can't be a step's objects")

    def ref_base(self, ref: str) -> tuple[Expr, str]:
        if ref in self.vars:
            name, zone = self.vars[ref]
            return Raw(name), zone
        referenced = self.host.ids.get(ref)
        if referenced is None:
            raise Unsupported(f"`ref: {ref}` names no earlier effect of this ability")
        field_name = SUBJECT_FIELD.get(referenced.effect)
        subject = getattr(referenced, field_name) if field_name else None
        if isinstance(subject, TargetSubject) and referenced.effect not in PRODUCERS:
            return self.source(subject, referenced)
        raise Unsupported(f"`ref: {ref}` names an effect whose objects this backend can't follow")


def _refs(effect: Any) -> list[str]:
    from cardgen.engines.xmage.lower import _refs_of

    return _refs_of(effect)
