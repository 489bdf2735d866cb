"""Spec targets as XMage `Target` objects, and the gift-conditional target plan of one ability.

XMage keeps an ability's targets in a list, effects find theirs through target pointers (first,
second, third), and targets that depend on the gift (702.174m, and the targets of an "instead" branch)
are swapped in by `ConditionalTargetAdjuster` once the promise is known. That adjuster supports three
shapes, and `plan_targets` maps an ability's targets onto one of them or refuses with a diagnostic:

* no conditional target: targets in order, pointer index = position;
* at most one ordinary target plus one target that exists only if promised (`keep` blueprint);
* an "instead" pair: the unpromised target is the blueprint, the promised one replaces it (same index).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from cardgen.engines.xmage.filters import FilterTable, predicates
from cardgen.engines.xmage.imports import Imports
from cardgen.engines.xmage.java_expr import Expr, New, Raw, call, new
from cardgen.engines.xmage.problems import Unsupported
from cardgen.model.card import ObjectFilter, Target

POINTERS = ("FirstTargetPointer", "SecondTargetPointer", "ThirdTargetPointer")
"""XMage's pointer classes by target index: it has them for the first three targets only. Beyond, a card
declares its own `NthTargetPointer` subclass, made with the target's number counted from 1
(`new <Card>TargetPointer(4)`). The writer (`pointer_expr`) and the reader (`pointer_new`, `pointer_index`)
both spell pointers from this one declaration."""
NTH_POINTER = "NthTargetPointer"
"""The superclass of a card's own pointer class."""

_FILTER_FIELDS = tuple(name for name in ObjectFilter.model_fields if name != "zone")
"""A target's filter fields: every field of `ObjectFilter` (a target is one), so none is left behind."""


def selector_of(target: Target) -> ObjectFilter:
    return ObjectFilter(**{name: getattr(target, name) for name in ("zone", *_FILTER_FIELDS)})


def _has_filter(target: Target) -> bool:
    default = ObjectFilter(zone=target.zone)
    return selector_of(target) != default


def _counts(target: Target) -> tuple[Expr, ...]:
    """`(min, max)` arguments, omitted for the usual exactly-one target."""
    if target.min == 1 and target.max == 1:
        return ()
    return (Raw(str(target.min)), Raw(str(target.max)))


TYPED_TARGETS: dict[tuple[tuple[str, ...], str | None], str] = {
    (("creature",), None): "TargetCreaturePermanent",
    (("creature",), "you"): "TargetControlledCreaturePermanent",
    (("creature",), "opponent"): "TargetOpponentsCreaturePermanent",
}
"""XMage's target classes for the commonest permanents ("target creature you control")."""


def _typed_target(selector: ObjectFilter, counts: tuple[Expr, ...]) -> str | None:
    if selector.zone != "battlefield" or selector != ObjectFilter(zone="battlefield", types=selector.types,
                                                                  controller=selector.controller):
        return None
    name = TYPED_TARGETS.get((tuple(selector.types), selector.controller))
    if name == "TargetOpponentsCreaturePermanent" and counts:
        return None
    return name


def target_expr(target: Target, filters: FilterTable, imports: Imports, tag: int | None = None) -> Expr:
    """`new TargetPermanent(filter)` and friends for one spec target. `tag`: its target tag in an ability
    with an `other_target` (every target of it is tagged, `setTargetTag`; see `FilterTable.add`)."""
    if tag is not None:
        return call(_target_expr(target, filters, imports, tag), "setTargetTag", tag)
    if target.other_target:
        raise Unsupported("another target than the earlier ones (`other_target`) needs every target of the "
                          "ability tagged; here it is not", rule="601.2c")
    return _target_expr(target, filters, imports, None)


def _target_expr(target: Target, filters: FilterTable, imports: Imports, tag: int | None) -> Expr:
    counts = _counts(target)
    another = tag if target.other_target else None
    if another is not None and (target.player is not None or target.any_target or target.zone != "battlefield"):
        raise Unsupported("XMage's AnotherTargetPredicate is written here for permanents only", rule="601.2c")
    if target.player is not None:
        if _has_filter(target) or target.any_target:
            raise Unsupported("a player target takes no object filter")
        if target.player == "you":  # "target player" that only you can be: TargetPlayer with a player filter
            name = filters.add_player("you")
            return new(imports.use("TargetPlayer"), target.min, target.max, Raw("false"), Raw(name))
        cls = imports.use("TargetOpponent" if target.player == "opponent" else "TargetPlayer")
        return new(cls, *counts, *([Raw("false")] if counts else []))
    if target.any_target:
        if _has_filter(target) or target.zone != "battlefield":
            raise Unsupported("'any target' takes no object filter")
        return new(imports.use("TargetAnyTarget"), *counts)
    zone = target.zone
    selector = selector_of(target)
    typed = None if another is not None else _typed_target(selector, counts)
    if typed is not None:
        return new(imports.use(typed), *counts)
    if zone == "battlefield":
        cls = "TargetPermanent"
    elif zone == "stack":
        cls = "TargetSpell"
    elif zone == "graveyard":
        cls = {"you": "TargetCardInYourGraveyard", "opponent": "TargetCardInOpponentsGraveyard"}.get(
            target.owner or "", "TargetCardInGraveyard")
    elif zone == "hand":
        if target.owner == "opponent":
            raise Unsupported("XMage targets cards in your own hand only")
        cls = "TargetCardInHand"
    elif zone == "exile":
        cls = "TargetCardInExile"
    else:
        raise Unsupported(f"XMage has no target for cards in the {zone}")
    owner_in_target = zone in ("graveyard", "hand")
    has_predicates = bool(predicates(selector, Imports(), owner_in_target=owner_in_target))
    if not has_predicates and not counts and another is None \
            and cls not in ("TargetCardInOpponentsGraveyard", "TargetCardInExile"):
        return new(imports.use(cls))
    name = filters.add(selector, owner_in_target=owner_in_target, plural=target.max > 1, target=True,
                       another_target_tag=another)
    return new(imports.use(cls), *counts, Raw(name))


@dataclass(slots=True)
class Slot:
    """One target of an ability. `condition` is when it exists: always (None), only when the gift was
    promised, or only when it was not (the original target of an "instead" effect)."""

    target: Target
    condition: str | None
    pair: int | None = None
    """For the two targets of an "instead" pair: an id shared by both."""
    index: int = 0
    """The pointer index effects use to reach it (while it exists)."""


@dataclass(slots=True)
class TargetPlan:
    """The targets of one ability as XMage holds them, plus the adjuster when some depend on the gift."""

    slots: list[Slot] = field(default_factory=list)
    shape: str = "plain"
    """`plain`, `keep` (one ordinary target + one promised-only target), `instead` (one target replaced)
    or `generic` (anything else: the generated gift target adjuster)."""

    def add(self, target: Target, condition: str | None, pair: int | None = None) -> Slot:
        slot = Slot(target, condition, pair)
        self.slots.append(slot)
        return slot

    def resolve(self) -> None:
        """Choose the adjuster shape and give every slot its pointer index.

        XMage's own `ConditionalTargetAdjuster` is used when the targets fit it; otherwise the card gets
        the generated gift target adjuster, which rebuilds the list as: ordinary targets, then those of
        the promise state (the targets of "instead" pairs first, at the same position in both states,
        so an "instead" effect's one target pointer reaches either)."""
        always = [s for s in self.slots if s.condition is None]
        promised = [s for s in self.slots if s.condition == "promised"]
        unpromised = [s for s in self.slots if s.condition == "not_promised"]
        if not promised and not unpromised:
            self.shape = "plain"
            for index, slot in enumerate(self.slots):
                slot.index = index
            return
        if not unpromised and len(promised) == 1 and len(always) <= 1 and self.slots[-1] is promised[0]:
            self.shape = "keep"
            for index, slot in enumerate(self.slots):
                slot.index = index
            return
        if (not always and len(promised) == 1 and len(unpromised) == 1
                and promised[0].pair is not None and promised[0].pair == unpromised[0].pair):
            self.shape = "instead"
            unpromised[0].index = promised[0].index = 0
            self.slots = [unpromised[0], promised[0]]
            return
        self.shape = "generic"
        both = {s.pair for s in promised if s.pair is not None} & {s.pair for s in unpromised if s.pair is not None}

        def order(slot: Slot) -> tuple[int, int]:
            return (0, slot.pair or 0) if slot.pair in both else (1, 0)  # stable: the rest keep their order

        unpromised.sort(key=order)
        promised.sort(key=order)
        for index, slot in enumerate(always):
            slot.index = index
        for offset, slot in enumerate(unpromised):
            slot.index = len(always) + offset
        for offset, slot in enumerate(promised):
            slot.index = len(always) + offset
        self.slots = [*always, *unpromised, *promised]


def pointer_expr(index: int, imports: Imports, local_pointer: str | None = None) -> Expr | None:
    """`new SecondTargetPointer()` for index 1, `new ThirdTargetPointer()` for 2, the card's generated
    pointer class (`new <Card>TargetPointer(4)`) beyond; None for the default first target."""
    if index == 0:
        return None
    if index < len(POINTERS):
        return new(imports.use(POINTERS[index]))
    if local_pointer is None:
        raise ValueError("pointer class needed")
    return pointer_new(index, local_pointer)


def pointer_new(index: int, local_pointer: str | None) -> New:
    """The pointer expression of target `index` (a framework class, else `local_pointer`'s), unimported."""
    if index < len(POINTERS):
        return New(POINTERS[index])
    if local_pointer is None:
        raise ValueError(f"target {index + 1} needs the card's own pointer class")
    return new(local_pointer, index + 1)


def pointer_index(pointer: Expr | None, local_pointers: Collection[str]) -> int | None:
    """The target index a pointer expression `pointer_new` writes points at; None for another expression."""
    if isinstance(pointer, New) and pointer.cls in POINTERS and not pointer.args:
        return POINTERS.index(pointer.cls)
    if isinstance(pointer, New) and pointer.cls in local_pointers and len(pointer.args) == 1 \
            and isinstance(pointer.args[0], Raw) and pointer.args[0].text.isdigit():
        return int(pointer.args[0].text) - 1
    return None
