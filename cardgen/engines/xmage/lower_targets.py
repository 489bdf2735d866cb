"""The targets of a card's XMage abilities: which spec subject becomes which target slot, which slots are
declared with `addTarget` and which live in the gift's target adjuster (702.174m), and the Java of each
target (one that accepts both targets of an "instead" pair where XMage checks castability).

`TargetLowering` is one part of `lower.CardLowering` (it reads the card lowering's `imports`, `filters`,
`promise` and `gift_targets_class`).
"""

from __future__ import annotations

from typing import Any

from cardgen.engines.xmage.filters import FilterTable, predicates
from cardgen.engines.xmage.imports import Imports
from cardgen.engines.xmage.java_expr import Expr, Raw, call, new
from cardgen.engines.xmage.lower_parts import Host, by_gift_ability, inner_effects, subject_fields
from cardgen.engines.xmage.problems import Unsupported
from cardgen.engines.xmage.targets import Slot, selector_of, target_expr
from cardgen.model.card import Target, TargetSubject


class TargetLowering:
    """Plans the target slots of each host and writes their targets and adjusters."""

    imports: Imports
    filters: FilterTable

    def use(self, simple: str) -> str:
        return self.imports.use(simple)

    def promise(self, condition: Any) -> Expr:  # pragma: no cover - defined by CardLowering
        raise NotImplementedError

    def gift_targets_class(self) -> str:  # pragma: no cover - defined by InnerClassLowering
        raise NotImplementedError

    def shared_class(self, role: str, template: str, uses: tuple[str, ...]) -> str:  # pragma: no cover
        raise NotImplementedError  # defined by InnerClassLowering

    def plan_host(self, host: Host, effects: list[Any]) -> None:
        """Give every target of `effects` its slot, then fix the adjuster shape and pointer indexes."""
        pair = 0
        for effect in effects:
            if by_gift_ability(effect):
                continue
            if effect.id is not None:
                host.ids[effect.id] = effect
            if effect.instead_if_promised is not None:
                original = self._targets_of(effect)
                replacement = self._targets_of(effect.instead_if_promised)
                if effect.condition is not None:
                    raise Unsupported("an effect with `instead_if_promised` takes no `condition` of its own")
                if len(original) > 1 or len(replacement) > 1:
                    raise Unsupported("an effect and its `instead_if_promised` replacement each take at most one "
                                      "target here (XMage gives the pair one target pointer)", rule="702.174m")
                pair += 1
                for owner, name, target in original:
                    host.slot_of[(id(owner), name)] = host.plan.add(target, "not_promised", pair)
                for owner, name, target in replacement:
                    host.slot_of[(id(owner), name)] = host.plan.add(target, "promised", pair)
                continue
            for owner, name, target in self._targets_of(effect):
                condition = "promised" if target.only_if_promised else None
                host.slot_of[(id(owner), name)] = host.plan.add(target, condition)
        host.plan.resolve()

    def _targets_of(self, effect: Any) -> list[tuple[Any, str, Target]]:
        found = []
        for name in subject_fields(effect.effect):
            subject = getattr(effect, name, None)
            if isinstance(subject, TargetSubject):
                found.append((effect, name, subject.target))
        for inner in inner_effects(effect):
            if self._targets_of(inner) or inner.instead_if_promised is not None:
                raise Unsupported("a delayed trigger can't choose new targets here; refer to an earlier "
                                  "effect's object with `ref`")
        return found

    def _declared_slots(self, host: Host, abilities: list[Any]) -> dict[int, list[Slot]]:
        """Which spec ability's block writes `addTarget` for which declared slot."""
        out: dict[int, list[Slot]] = {}
        for ability in abilities:
            for effect in ability.effects:
                for inner in (effect, effect.instead_if_promised):
                    if inner is None:
                        continue
                    for name in subject_fields(inner.effect):
                        slot = host.slot_of.get((id(inner), name))
                        if slot is not None and self._declared(host, slot):
                            out.setdefault(id(ability), []).append(slot)
        return out

    def _declared(self, host: Host, slot: Slot) -> bool:
        """Whether the slot is added to the ability (the rest live in the adjuster)."""
        if host.plan.shape == "plain":
            return True
        if host.plan.shape == "keep":
            return slot.condition is None
        if host.plan.shape == "generic":
            return slot.condition in (None, "not_promised")
        return slot.condition == "not_promised"

    def _holds_conditional(self, host: Host, ability: Any) -> bool:
        for effect in ability.effects:
            for inner in (effect, effect.instead_if_promised):
                if inner is None:
                    continue
                for name in subject_fields(inner.effect):
                    slot = host.slot_of.get((id(inner), name))
                    if slot is not None and slot.condition is not None:
                        return True
        return False

    def target(self, target: Target) -> Expr:
        if target.different_controllers:
            return self.different_controllers_target(target)
        return target_expr(target, self.filters, self.imports)

    def different_controllers_target(self, target: Target) -> Expr:
        """"Two target creatures controlled by different players" (601.2c): the card's own `TargetPermanent`
        whose `canTarget` refuses a permanent whose controller controls one already chosen, as XMage's own
        Run Away Together writes it (XMage has no framework target for it)."""
        if target.player is not None or target.any_target or target.zone != "battlefield" or target.other_target:
            raise Unsupported("targets controlled by different players are permanents", rule="601.2c")
        name = self.shared_class("Target", "different_controllers_target.java.j2",
                                 ("TargetPermanent", "FilterPermanent", "Ability", "Game", "Permanent", "UUID"))
        field = Raw(self.filters.add(selector_of(target), plural=target.max > 1, target=True))
        return new(name, target.min, target.max, field)

    def adjuster(self, host: Host) -> Expr:
        """The `ConditionalTargetAdjuster` for the host's plan."""
        if host.plan.shape == "generic":
            adjuster: Expr = new(self.gift_targets_class())
            method = {None: "always", "not_promised": "ifNotPromised", "promised": "ifPromised"}
            for slot in host.plan.slots:
                adjuster = call(adjuster, method[slot.condition], self.target(slot.target))
            return adjuster
        cls = self.use("ConditionalTargetAdjuster")
        promised = self.promise("promised")
        if host.plan.shape == "keep":
            replacement = next(s for s in host.plan.slots if s.condition == "promised")
            return new(cls, promised, Raw("true"), self.target(replacement.target))
        blueprint, replacement = host.plan.slots
        if self._union(blueprint.target, replacement.target) is None:
            return new(cls, promised, self.target(replacement.target))
        return new(cls, promised, self.target(blueprint.target), self.target(replacement.target))

    def declared_target(self, host: Host, slot: Slot) -> Expr:
        """The target written with `addTarget`: the slot's own, or for an "instead" pair whose targets
        differ, one that includes both (XMage checks it when deciding whether the spell can be cast)."""
        if any(other.target.other_target for other in host.plan.slots):  # 601.2c: every target tagged
            if host.plan.shape != "plain":
                raise Unsupported("another target than the earlier ones (`other_target`) with targets that "
                                  "depend on the gift", rule="601.2c")
            if slot.target.different_controllers:
                raise Unsupported("targets controlled by different players beside another target", rule="601.2c")
            return target_expr(slot.target, self.filters, self.imports, tag=slot.index + 1)
        if host.plan.shape == "instead":
            replacement = host.plan.slots[1]
            union = self._union(slot.target, replacement.target)
            if union is not None:
                return union
        return self.target(slot.target)

    def _union(self, first: Target, second: Target) -> Expr | None:
        """A target accepting what either target accepts, or None when the filters are the same or the
        union can't be written with plain object predicates (then the first target is used)."""
        same_kind = (first.player, first.any_target, first.zone) == (second.player, second.any_target, second.zone)
        if not same_kind or first.player is not None or first.any_target or first.owner != second.owner:
            return None
        scratch = Imports()
        owner_in_target = first.zone in ("graveyard", "hand")
        left = predicates(selector_of(first), scratch, owner_in_target=owner_in_target)
        right = predicates(selector_of(second), scratch, owner_in_target=owner_in_target)
        if left == right:
            return None
        common = [p for p in left if p in right]
        only_left = [p for p in left if p not in common]
        only_right = [p for p in right if p not in common]
        plain = ("CardType.", "SuperType.", "PermanentPredicate.", "Predicates.not(", "new ManaValuePredicate(")
        if not all(p.flat().startswith(plain) for p in [*only_left, *only_right]):
            return None
        extra: list[Expr] = []
        if only_left and only_right:
            extra.append(call(scratch.use("Predicates"), "or", _conjunction(only_left, scratch),
                              _conjunction(only_right, scratch)))
        self.imports.merge(scratch)
        merged = Target(**{**first.model_dump(), "min": min(first.min, second.min),
                           "max": max(first.max, second.max), "only_if_promised": False})
        return self._target_with(merged, [*common, *extra], f"{_words(first)} or {_words(second)}")

    def _target_with(self, target: Target, preds: list[Expr], message: str) -> Expr:
        """A target of `target`'s kind whose filter has exactly `preds`."""
        if target.zone == "battlefield":
            cls = "TargetPermanent"
        elif target.zone == "stack":
            cls = "TargetSpell"
        elif target.zone == "graveyard":
            cls = "TargetCardInYourGraveyard" if target.owner == "you" else "TargetCardInGraveyard"
        elif target.zone == "hand":
            cls = "TargetCardInHand"
        else:
            cls = "TargetCardInExile"
        counts = () if (target.min, target.max) == (1, 1) else (Raw(str(target.min)), Raw(str(target.max)))
        if not preds and not counts and cls != "TargetCardInExile":
            return new(self.use(cls))
        name = self.filters.add_raw(target.zone, message, tuple(preds))
        return new(self.use(cls), *counts, Raw(name))


# ---------------------------------------------------------------------------------- helpers


def _conjunction(preds: list[Expr], imports: Imports) -> Expr:
    return preds[0] if len(preds) == 1 else call(imports.use("Predicates"), "and", *preds)


def _words(target: Target) -> str:
    from cardgen.engines.xmage.filters import describe

    return describe(selector_of(target))
