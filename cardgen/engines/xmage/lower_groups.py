"""An ability's effect list as its top-level XMage effects: which effects share one gift conditional,
which fold into an "otherwise" conditional, which go into the generated sequence effect, and which
clause of the printed line each one says.

`EffectGroupLowering` is one part of `lower.CardLowering` (it reads the card lowering's `card`, the
framework methods of `lower_effects` and the pointers of `lower_inner`).
"""

from __future__ import annotations

from typing import Any

from cardgen.engines.xmage.java_expr import Expr, Str, call, new
from cardgen.engines.xmage.lower_parts import (
    Host,
    LoweringPart,
    by_gift_ability,
    inner_effects,
    primary_subject,
    refs_of,
    subject_fields,
)
from cardgen.engines.xmage.problems import Unsupported
from cardgen.engines.xmage.sequence import SequenceLowering
from cardgen.model.card import ObjectFilter, RefSubject, TargetSubject
from cardgen.text.abilities import effect_clauses, effect_line
from cardgen.vocab import effect as construct_of


class EffectGroupLowering(LoweringPart):
    """Groups an effect list into top-level XMage effects and writes each group."""

    def merged_conditional(self, host: Host, group: list[Any], text: str) -> Expr:
        """Effects under one gift condition as one `ConditionalOneShotEffect(...).addEffect(...)` with one
        text, as XMage's authors write "If the gift was promised, tap target creature ... and put ..."."""
        parts = [self.framework(host, effect) for effect in group]
        expr: Expr = new(self.use("ConditionalOneShotEffect"), self.one_shot(parts[0][0], parts[0][1]),
                         self.promise(group[0].condition), Str(text))
        for part in parts[1:]:
            expr = call(expr, "addEffect", self.one_shot(part[0], part[1]))
        slot = parts[0][2]
        if slot is not None and slot.index > 0:
            expr = call(expr, "setTargetPointer", self.pointer(slot.index))
        return expr

    def _fold_otherwise(self, host: Host, groups: list[tuple[str, list[Any]]]) -> list[tuple[str, list[Any]]]:
        """Conditional effects followed by an unconditional one whose clause the printed line puts first
        ("{this} deals 2 damage to each creature. If the gift was promised, instead {this} deals 1 damage
        to any target and 2 damage to each creature"): one conditional that runs the unconditional effect
        in both branches, as XMage's authors write it."""
        out: list[tuple[str, list[Any]]] = []
        index = 0
        while index < len(groups):
            shape, group = groups[index]
            following = groups[index + 1] if index + 1 < len(groups) else None
            if shape in ("single", "merged") and following is not None and following[0] == "single" \
                    and all(self._plain_conditional(e) for e in group) \
                    and self._targetless_plain(host, following[1][0]):
                out.append(("otherwise", [*group, following[1][0]]))
                index += 2
                continue
            out.append((shape, group))
            index += 1
        return out

    def _plain_conditional(self, effect: Any) -> bool:
        return (effect.condition is not None and effect.instead_if_promised is None and effect.only_if is None
                and not _stands_alone(effect))

    def _targetless_plain(self, host: Host, effect: Any) -> bool:
        if effect.condition is not None or effect.instead_if_promised is not None or effect.only_if is not None \
                or _stands_alone(effect):
            return False
        return not any(isinstance(getattr(effect, name, None), TargetSubject | RefSubject)
                       for name in subject_fields(effect.effect))

    def otherwise_conditional(self, host: Host, group: list[Any], text: str) -> Expr:
        """`new ConditionalOneShotEffect(a, b, condition, text).addEffect(b)`: a then b under the condition,
        b alone otherwise (see `_fold_otherwise`)."""
        *conditional, always = group
        parts = [self.framework(host, effect) for effect in conditional]
        last, last_continuous, _ = self.framework(host, always)
        expr: Expr = new(self.use("ConditionalOneShotEffect"), self.one_shot(parts[0][0], parts[0][1]),
                         self.one_shot(last, last_continuous), self.promise(conditional[0].condition), Str(text))
        for part in [*parts[1:], (last, last_continuous, None)]:
            expr = call(expr, "addEffect", self.one_shot(part[0], part[1]))
        slot = parts[0][2]
        if slot is not None and slot.index > 0:
            expr = call(expr, "setTargetPointer", self.pointer(slot.index))
        return expr

    def _mergeable(self, host: Host, first: Any, second: Any) -> bool:
        """Whether `second` can share `first`'s conditional: the same gift condition, nothing else that
        makes them differ, and the same target pointer."""
        plain = all(e.condition is not None and e.instead_if_promised is None and e.only_if is None
                    and not _stands_alone(e) for e in (first, second))
        if not plain or first.condition != second.condition:
            return False
        try:
            slots = [self.framework(host, e)[2] for e in (first, second)]
        except Unsupported:
            return False
        return (slots[0].index if slots[0] else 0) == (slots[1].index if slots[1] else 0)

    def needs_sequence(self, host: Host, effect: Any) -> bool:
        """Whether an effect needs the generated sequence effect (objects kept in variables)."""
        candidates = [effect]
        if effect.instead_if_promised is not None:
            candidates.append(effect.instead_if_promised)
        for candidate in candidates:
            if candidate.only_if is not None and not self.target_check(host, candidate):
                return True
            sequence_only = construct_of(candidate.effect).xmage.needs_sequence
            if sequence_only is not None and sequence_only(candidate):
                return True
        candidates.extend(inner_effects(effect))
        for candidate in candidates:
            for name in subject_fields(candidate.effect):
                subject = getattr(candidate, name, None)
                if isinstance(subject, RefSubject) and not self._pointer_ref(host, subject):
                    return True
        return False

    def target_check(self, host: Host, effect: Any) -> bool:
        """Whether an effect's `only_if` asks of the ability's first target what XMage's
        `TargetObjectMatchesFilterCondition` asks of it ("If that creature is a token, it also gains
        deathtouch"): the effect acts on that target through its pointer, nothing else gates it, and the
        check names only what the object is (the condition matches it without a controller, so "you
        control" would go unchecked)."""
        check = effect.only_if
        if check is None or effect.condition is not None or effect.instead_if_promised is not None:
            return False
        if check.matches.controller is not None or check.matches.owner is not None or check.matches.other \
                or check.matches.zone != "battlefield":
            return False
        checked = RefSubject(ref=check.ref)
        subject = primary_subject(effect)
        power_only = ObjectFilter(max_power=check.matches.max_power)
        if isinstance(subject, str) and subject == "self" and check.matches.max_power is not None \
                and check.matches == power_only:
            # "If that creature had power 2 or less, put a +1/+1 counter on this creature": the condition reads
            # the ability's first target wherever it went (XMage's own Driftgloom Coyote)
            referenced = host.ids.get(check.ref)
            inner = primary_subject(referenced) if referenced is not None else None
            fields = subject_fields(referenced.effect) if referenced is not None else ()
            return isinstance(inner, TargetSubject) and bool(fields) and host.slot(referenced, fields[0]).index == 0
        if not (isinstance(subject, RefSubject) and subject.ref == check.ref and self._pointer_ref(host, checked)):
            return False
        slot = self.framework(host, effect)[2]
        return slot is not None and slot.index == 0

    def _pointer_ref(self, host: Host, subject: RefSubject) -> bool:
        if subject.filter is not None or subject.choose is not None or subject.relation == "owner":
            return False
        referenced = host.ids.get(subject.ref)
        if referenced is None:
            return False
        xmage = construct_of(referenced.effect).xmage
        # a target's controller after the target was moved ("Exile target nonland permanent. Its controller
        # draws a card."): the framework's *TargetControllerEffect asks the pointer's first target's
        # controller or its last known information (TargetPointer.getControllerOfFirstTargetOrLKI)
        moved_controller = subject.relation == "controller" and xmage.moves_objects and not xmage.own_pointers
        if not (xmage.pointer_stable or moved_controller):
            return False
        inner = primary_subject(referenced)
        if isinstance(inner, RefSubject):
            return self._pointer_ref(host, inner)
        return isinstance(inner, TargetSubject)

    def spans(self, host: Host, effects: list[Any]) -> list[tuple[int, int]]:
        """Index ranges of `effects` that go into one sequence effect each (usually none or one)."""
        index_of = {e.id: i for i, e in enumerate(effects) if e.id is not None}
        needing = [i for i, e in enumerate(effects) if self.needs_sequence(host, e)]
        if not needing:
            return []
        start = min(needing)
        for i in needing:
            for ref in refs_of(effects[i]):
                if ref in index_of:
                    start = min(start, index_of[ref])
        return [(start, max(needing))]

    def effect_groups(self, host: Host, effects: list[Any]) -> list[tuple[str, list[Any]]]:
        """The top-level XMage effects of one effect list: (`sequence`|`merged`|`single`, spec effects)."""
        groups: list[tuple[str, list[Any]]] = []
        spans = self.spans(host, effects)
        skip_until = -1
        for index, effect in enumerate(effects):
            if by_gift_ability(effect) or index <= skip_until:
                continue
            span = next((s for s in spans if s[0] == index), None)
            if span is not None:
                groups.append(("sequence", effects[span[0]:span[1] + 1]))
                skip_until = span[1]
                continue
            if groups and groups[-1][0] in ("single", "merged") and self._mergeable(host, groups[-1][1][-1], effect):
                groups[-1] = ("merged", [*groups[-1][1], effect])
                continue
            groups.append(("single", [effect]))
        return groups

    def effect_lines(self, host: Host, effects: list[Any], text: str,
                     trigger: Any = None) -> tuple[list[Expr], list[str] | None]:
        """Top-level effects for one ability's effect list, each carrying the clause of the printed line
        it says (explicit where XMage's own text differs), and the texts XMage will print for them."""
        groups = self.effect_groups(host, effects)
        pieces = effect_clauses(text, self.card, len(groups), trigger, self.self_noun)
        if pieces is not None and not _aligned(groups, pieces):
            folded = self._fold_otherwise(host, groups)
            folded_pieces = effect_clauses(text, self.card, len(folded), trigger, self.self_noun)
            if folded_pieces is not None and _aligned(folded, folded_pieces):
                groups, pieces = folded, folded_pieces
        if pieces is None:  # the whole line on the first effect; the rest print XMage's own text
            line = effect_line(text, self.card, trigger, self.self_noun).rstrip(".")
            pieces = [line, *([""] * (len(groups) - 1))]
        exprs: list[Expr] = []
        for (shape, group), clause in zip(groups, pieces, strict=True):
            if shape == "sequence":
                exprs.append(SequenceLowering(self.lowering, host, group, clause).build())
            elif shape == "merged":
                exprs.append(self.merged_conditional(host, group, clause))
            elif shape == "otherwise":
                exprs.append(self.otherwise_conditional(host, group, clause))
            else:
                known = self.framework_says(host, group[0], clause)
                exprs.append(self.effect_expr(host, group[0], "" if known else clause))
        return exprs, pieces if all(pieces) else None


# ---------------------------------------------------------------------------------- helpers


def _aligned(groups: list[tuple[str, list[Any]]], pieces: list[str]) -> bool:
    """Whether each clause names the gift condition exactly when its effects depend on it."""
    for (shape, group), piece in zip(groups, pieces, strict=True):
        if shape not in ("single", "merged"):
            continue
        conditional = group[0].condition is not None
        if conditional != ("the gift was" in piece or "the gift wasn't" in piece):
            return False
    return True


def _stands_alone(effect: Any) -> bool:
    """Whether the effect never shares a gift conditional (the construct's `xmage.stands_alone`)."""
    return construct_of(effect.effect).xmage.stands_alone
