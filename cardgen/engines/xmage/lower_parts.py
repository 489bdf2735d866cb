"""The pieces every part of the XMage card lowering shares, below all of them: the blocks of statements
(`Block`), the ability effects and targets are added to (`Host`), how a statement is laid out, and which
fields of an effect name its subjects. `lower`, `lower_targets`, `lower_effects`, `lower_inner` and
`sequence` import it; it imports none of them, so the lowering has no module cycle.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, cast

from cardgen.engines.xmage.java_expr import Expr, fmt
from cardgen.engines.xmage.targets import Slot, TargetPlan
from cardgen.model.card import RefSubject
from cardgen.vocab import effect as construct_of
from cardgen.vocab.java_statements import Assign, Do, Local, Statement

if TYPE_CHECKING:
    from cardgen.engines.xmage.card_model import InnerClass
    from cardgen.engines.xmage.filters import FilterTable
    from cardgen.engines.xmage.imports import Imports
    from cardgen.engines.xmage.java_expr import Raw
    from cardgen.engines.xmage.lower import CardLowering
    from cardgen.model.card import Card

INDENT = 8


def subject_fields(kind: str) -> tuple[str, ...]:
    """Every field of an effect that names an object or player, primary subject first (the construct's
    `subjects`)."""
    return construct_of(kind).subjects


def primary_field(kind: str) -> str | None:
    """The field of an effect's primary subject, None for an effect without subjects."""
    fields = construct_of(kind).subjects
    return fields[0] if fields else None


def primary_subject(effect: Any) -> Any:
    name = primary_field(effect.effect)
    return getattr(effect, name) if name else None


def inner_effects(effect: Any) -> list[Any]:
    """The effects nested in `effect` (the field its construct names in `xmage.inner_effects`)."""
    name = construct_of(effect.effect).xmage.inner_effects
    return list(getattr(effect, name)) if name else []


def refs_of(effect: Any) -> list[str]:
    """The spec ids an effect refers to (its refs and `only_if` checks, nested effects included)."""
    refs = []
    candidates = [effect]
    if effect.instead_if_promised is not None:
        candidates.append(effect.instead_if_promised)
    candidates.extend(inner_effects(effect))
    for candidate in candidates:
        for name in subject_fields(candidate.effect):
            subject = getattr(candidate, name, None)
            if isinstance(subject, RefSubject):
                refs.append(subject.ref)
        if candidate.only_if is not None:
            refs.append(candidate.only_if.ref)
    return refs


@dataclass(slots=True)
class Block:
    """The statements implementing one ability, under its oracle line."""

    comment: str | None
    body: list[Statement] = field(default_factory=list)
    """The block's statements, written by `_statements.java.j2` at the constructor's indent."""
    rules: str | None = None
    """What XMage prints for this ability (`rules_text` model; `{this}` for the card's name)."""


@dataclass(slots=True)
class Host:
    """One XMage ability that effects and targets are added to: the card's spell ability, or a triggered
    ability being built in the local variable `ability`."""

    receiver: str
    plan: TargetPlan = field(default_factory=TargetPlan)
    slot_of: dict[tuple[int, str], Slot] = field(default_factory=dict)
    ids: dict[str, Any] = field(default_factory=dict)

    def slot(self, effect: Any, name: str) -> Slot:
        return self.slot_of[(id(effect), name)]


def stmt(expr: Expr) -> Do:
    """`expr;` as a constructor statement, `expr` laid out by `java_expr.fmt` at the constructor's indent."""
    return Do(fmt(expr, INDENT))


def assign(declaration: str, expr: Expr) -> Local | Assign:
    """`<declaration> = expr;` as a constructor statement: a local declared (`"<Type> <name>"`) or, for a
    bare name, given a new value; `expr` laid out after the `... = ` it follows."""
    value = fmt(expr, INDENT, offset=len(declaration) + 3)
    java_type, _, name = declaration.rpartition(" ")
    return Local(java_type, name, value) if java_type else Assign(name, value)


def by_gift_ability(effect: Any) -> bool:
    """Whether XMage's `GiftAbility` does the effect itself, so nothing is written for it (the construct's
    `xmage.gift_ability`)."""
    return construct_of(effect.effect).xmage.gift_ability


class LoweringPart:
    """A part of the card lowering: `lower.CardLowering` mixes the parts (`lower_effects.FrameworkLowering`,
    `lower_groups.EffectGroupLowering`) with the rest of itself. What a part uses of the other parts is
    declared here for the type checker; `lowering` is this object as the whole it belongs to, which is what
    the constructs' hooks are handed."""

    if TYPE_CHECKING:
        card: Card
        imports: Imports
        filters: FilterTable
        inner: list[InnerClass]
        @property
        def self_noun(self) -> str | None: ...

        def use(self, simple: str) -> str: ...
        def const(self, dotted: str) -> Raw: ...
        def promise(self, condition: Any) -> Expr: ...
        def pointer(self, index: int) -> Expr | None: ...
        def keyword(self, word: str) -> Expr: ...
        def token(self, token: Any) -> Expr: ...
        def _declared(self, host: Host, slot: Slot) -> bool: ...
        def declared_target(self, host: Host, slot: Slot) -> Expr: ...
        def framework(self, host: Host, effect: Any, *, ref_as_target: bool = False,
                      zone_of_ref: str | None = None, keyword: str | None = None) -> tuple[Expr, bool, Slot | None]: ...
        def one_shot(self, expr: Expr, continuous: bool) -> Expr: ...
        def effect_expr(self, host: Host, effect: Any, text: str) -> Expr: ...
        def framework_says(self, host: Host, effect: Any, clause: str) -> bool: ...
        def target_check(self, host: Host, effect: Any) -> bool: ...

    @property
    def lowering(self) -> CardLowering:
        """This part as the card lowering it is mixed into (the only class that mixes the parts)."""
        return cast("CardLowering", self)


class CardKit(Protocol):
    """What the sequence effect (`sequence.SequenceLowering`) asks of the card lowering that starts it
    (`lower.CardLowering` is one), so that the sequence module needs no import of the card lowering."""

    imports: Imports
    filters: FilterTable
    inner: list[InnerClass]

    def use(self, simple: str) -> str: ...
    def const(self, dotted: str) -> Raw: ...
    def promise(self, condition: Any) -> Expr: ...
    def local_class(self, role: str) -> str: ...
    def pointer(self, index: int) -> Expr | None: ...
    def framework(self, host: Host, effect: Any, *, ref_as_target: bool = False, zone_of_ref: str | None = None,
                  keyword: str | None = None) -> tuple[Expr, bool, Slot | None]: ...
