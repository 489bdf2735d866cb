"""One spec effect as the XMage framework effect that does it: the form its construct declares (`forms`)
or builds itself (`xmage.framework`), its arguments, the gift condition or "instead" replacement around
it, its target pointer, and whether XMage's own text for it is the printed one.

`FrameworkLowering` is one part of `lower.CardLowering` (it reads the card lowering's `imports`,
`filters`, `card`, `const`, `promise`, `keyword`, `token`, `pointer` and the target methods).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardgen import vocab
from cardgen.engines.xmage import rules_text
from cardgen.engines.xmage.filters import FilterTable
from cardgen.engines.xmage.forms import COUNTER_TYPES, DURATIONS, form_subject, forms_for, uncarried
from cardgen.engines.xmage.imports import Imports
from cardgen.engines.xmage.java_expr import Expr, New, Raw, Str, call, new
from cardgen.engines.xmage.lower_parts import Host, LoweringPart, primary_field, primary_subject
from cardgen.engines.xmage.problems import Unsupported
from cardgen.engines.xmage.targets import Slot
from cardgen.model.card import AllSubject, RefSubject, TargetSubject
from cardgen.text import phrases
from cardgen.vocab import effect as construct_of
from cardgen.vocab import subject as vocab_subject
from cardgen.vocab.xmage_forms import Form


class FrameworkLowering(LoweringPart):
    """Lowers single effects to framework effects (the card lowering's effect part)."""

    imports: Imports
    filters: FilterTable

    def subject_info(self, host: Host, effect: Any, name: str) -> tuple[str, Slot | None, Any]:
        """(shape, slot, subject) of one subject field for framework lowering."""
        subject = getattr(effect, name)
        if isinstance(subject, str):
            construct = vocab_subject.of(subject)
            if construct is not None and construct.xmage is not None:
                message, rule = construct.xmage.unsupported
                raise Unsupported(message, rule=rule)
            return subject, None, subject
        if isinstance(subject, TargetSubject):
            return "target", host.slot(effect, name), subject
        if isinstance(subject, AllSubject):
            return "all", None, subject
        ref_effect, slot = self.resolve_ref(host, subject)
        if subject.relation == "controller":
            return "controller", slot, subject
        if subject.relation == "owner":
            raise Unsupported("XMage has no framework effect for 'that object's owner'")
        return "target", slot, subject

    def resolve_ref(self, host: Host, subject: RefSubject) -> tuple[Any, Slot]:
        """The earlier effect a ref names and the target slot that still points at its object."""
        seen = set()
        current: Any = subject
        while isinstance(current, RefSubject):
            if current.ref in seen or current.ref not in host.ids:
                raise Unsupported(f"`ref: {current.ref}` names no earlier effect of this ability")
            seen.add(current.ref)
            referenced = host.ids[current.ref]
            field_name = primary_field(referenced.effect)
            current = getattr(referenced, field_name) if field_name else None
            if isinstance(current, TargetSubject) and field_name is not None:
                return referenced, host.slot(referenced, field_name)
        raise Unsupported("this `ref` does not lead to a target")

    def framework(self, host: Host, effect: Any, *, ref_as_target: bool = False,
                  zone_of_ref: str | None = None, keyword: str | None = None) -> tuple[Expr, bool, Slot | None]:
        """The framework effect for one spec effect (no condition, no pointer): (expr, continuous, slot).

        `ref_as_target` lowers a `ref` subject as if it were a target: the sequence effect points the
        framework effect at the referenced objects itself."""
        kind = effect.effect
        construct = construct_of(kind)
        own = construct.xmage.framework
        if own is not None:
            built = own(self.lowering, host, effect, ref_as_target=ref_as_target, zone_of_ref=zone_of_ref,
                        keyword=keyword)
            if built is not None:
                return built
        field_name = form_subject(construct)
        if ref_as_target and field_name and isinstance(getattr(effect, field_name), RefSubject):
            subject = getattr(effect, field_name)
            if subject.relation != "it":
                raise Unsupported("inside a sequence, refs to a controller or owner are not supported")
            shape, slot, zone = "target", None, zone_of_ref
        elif field_name:
            shape, slot, subject = self.subject_info(host, effect, field_name)
            zone = _subject_zone(subject, slot)
        else:
            shape, slot, zone = "none", None, None
        dropped: list[str] = []
        for form in forms_for(kind):
            if form.shape != shape or not _fixed_match(form, effect):
                continue
            if missing := uncarried(form, construct, effect):
                dropped.extend(name for name in missing if name not in dropped)
                continue
            if form.when is not None and not self.form_test(form.when, host, effect, zone):
                continue
            args = [self.argument(word, effect, host, keyword) for word in form.args]
            continuous = construct.xmage.continuous
            return new(self.use(form.java), *[a for group in args for a in group]), continuous, slot
        hint = construct.xmage.unsupported_hint
        carrying = f" that carries {_field_words(dropped)}" if dropped else ""
        raise Unsupported(f"XMage backend has no framework effect for `{kind}` on {_shape_words(shape)}{carrying}"
                          + (hint(effect) if hint is not None else ""))

    def form_test(self, name: str, host: Host, effect: Any, zone: str | None) -> bool:
        """A form's `when` test: the construct's own (`xmage.when[name]`), else one of `FORM_TESTS`."""
        own = construct_of(effect.effect).xmage.when.get(name)
        if own is not None:
            return bool(own(self.lowering, host, effect, zone))
        return FORM_TESTS[name](self, host, effect, zone)

    def argument(self, word: str, effect: Any, host: Host, keyword: str | None = None) -> list[Expr]:
        """The Java argument(s) for one argument word of a form."""
        if word.startswith("const:"):
            value = word[len("const:"):]
            return [self.const(value) if "." in value else Raw(value)]
        if word.startswith("text:"):
            return [Str(word[len("text:"):])]
        own = construct_of(effect.effect).xmage.args.get(word)
        if own is not None:
            return own(self.lowering, effect)
        if word in ("amount", "dynamic_amount", "static_amount"):
            value = effect.amount
            amount = vocab.amount_of(value)
            if amount.xmage.dynamic and word != "dynamic_amount":
                raise Unsupported(f"no framework effect for `{effect.effect}` with an amount of `{amount.kind}` "
                                  "(its form takes a number)")
            if word == "static_amount":
                return [call(self.use("StaticValue"), "get", value)]
            return [amount.xmage.write(self.lowering, value)]
        if word in ("power", "toughness"):
            return [Raw(str(getattr(effect, word)))]
        if word == "duration":
            return [self.const(f"Duration.{DURATIONS[effect.duration]}")]
        if word == "filter":
            subject = primary_subject(effect)
            return [Raw(self.filters.add(subject.all, plural=True))]
        if word == "keyword":
            return [self.keyword(keyword or effect.keywords[0])]
        if word == "counter":
            return [self.counter(effect.counter, effect.amount)]
        if word == "counters":
            return [self.counter(c.counter, c.amount) for c in effect.counters]
        if word == "token":
            return [self.token(effect.token)]
        raise AssertionError(word)  # pragma: no cover - a typo in the forms table

    def counter(self, kind: str, amount: int) -> Expr:
        counter_type = self.const(f"CounterType.{COUNTER_TYPES[kind]}")
        return call(counter_type, "createInstance") if amount == 1 else call(counter_type, "createInstance", amount)

    def duration(self, word: str) -> Raw:
        """`Duration.EndOfTurn` for a spec duration word."""
        return self.const(f"Duration.{DURATIONS[word]}")

    def one_shot(self, expr: Expr, continuous: bool) -> Expr:
        return new(self.use("AddContinuousEffectToGame"), expr) if continuous else expr

    def effect_expr(self, host: Host, effect: Any, text: str) -> Expr:
        """The top-level Java effect for one spec effect: framework effect, gift condition or "instead"
        replacement, the target pointer when it is not the first target, and `text` where XMage's own
        text for it is not the printed one ("" when it is)."""
        if effect.only_if is not None:
            if not self.target_check(host, effect):
                raise Unsupported("`only_if` renders inside a sequence effect")  # routed there by `needs_sequence`
            # "If that creature is a token, it also gains deathtouch": checked of the first target as the
            # effect resolves (608.2c), as XMage's own Hazardroot Herbalist writes it
            expr, continuous, _slot = self.framework(host, effect)
            matches = new(self.use("TargetObjectMatchesFilterCondition"),
                          Raw(self.filters.add(effect.only_if.matches)))
            return new(self.use("ConditionalOneShotEffect"), self.one_shot(expr, continuous), matches, Str(text))
        if effect.instead_if_promised is not None:
            original, original_continuous, slot = self.framework(host, effect)
            replacement, replacement_continuous, _ = self.framework(host, effect.instead_if_promised)
            if original.flat() == replacement.flat():
                expr = self.with_text(original, text)
            else:
                expr = new(self.use("ConditionalOneShotEffect"), self.one_shot(replacement, replacement_continuous),
                           self.one_shot(original, original_continuous), self.promise("promised"), Str(text))
        else:
            expr, continuous, slot = self.framework(host, effect)
            if effect.condition is not None:
                expr = new(self.use("ConditionalOneShotEffect"), self.one_shot(expr, continuous),
                           self.promise(effect.condition), Str(text))
            else:
                expr = self.with_text(expr, text)
        if slot is not None and slot.index > 0 and not construct_of(effect.effect).xmage.own_pointers:
            expr = call(expr, "setTargetPointer", self.pointer(slot.index))
        return expr

    def with_text(self, expr: Expr, text: str) -> Expr:
        return call(expr, "setText", Str(text)) if text else expr

    def framework_says(self, host: Host, effect: Any, clause: str) -> bool:
        """Whether XMage's own text for the framework effect of `effect` is `clause` (see `rules_text`)."""
        if effect.condition is not None or effect.instead_if_promised is not None or effect.only_if is not None \
                or effect.effect not in phrases.PHRASED_KINDS:
            return False
        scratch = Imports()  # what the framework effect would import is not used here
        saved_imports, saved_filters = self.imports, self.filters
        self.imports, self.filters = scratch, FilterTable(scratch)
        try:
            expr, _continuous, slot = self.framework(host, effect)
            described = None
            if slot is not None:
                if slot.condition is not None or not self._declared(host, slot):
                    return False
                declared = self.declared_target(host, slot)
                described = rules_text.target_description(declared, {f.name: f.message for f in self.filters.fields})
                if described is None:
                    return False
        except Unsupported:
            return False
        finally:
            self.imports, self.filters = saved_imports, saved_filters
        if not (isinstance(expr, New) and expr.cls in rules_text.FRAMEWORK_PHRASED):
            return False
        return phrases.effect_phrase(effect, described) == clause

    def static_with_text(self, expr: Expr, text: str) -> Expr:
        """The static effect saying `text`: a conditional one takes it as its own argument, as XMage's
        cards write `ConditionalContinuousEffect`; others keep their framework text or get `setText`."""
        if isinstance(expr, New) and expr.cls == "ConditionalContinuousEffect":
            return New(expr.cls, (*expr.args[:2], Str(text)))
        return expr if rules_text.static_text(expr) == text else self.with_text(expr, text)

    def static_effects(self, static: Any) -> list[Expr]:
        """The framework effects of one static effect (its construct's `xmage.static`)."""
        form = construct_of(static.effect).xmage.static
        if form is None:
            raise Unsupported(f"`{static.effect}` has no XMage form as a static ability's effect")
        return form.write(self.lowering, static)


# ---------------------------------------------------------------------------------- helpers


def _subject_zone(subject: Any, slot: Slot | None) -> str | None:
    if slot is not None:
        return slot.target.zone
    if isinstance(subject, AllSubject):
        return subject.all.zone
    return None


def _fixed_match(form: Form, effect: Any) -> bool:
    return all(getattr(effect, name, None) == value for name, value in form.fixed.items())


def _field_words(names: list[str]) -> str:
    return " and ".join(f"`{name}`" for name in names)


def _shape_words(shape: str) -> str:
    return {"target": "a target", "controller": "a target's controller", "all": "every matching object",
            "none": "nothing"}.get(shape, f"`{shape}`")


def _test_spell(lowering: LoweringPart, host: Host, effect: Any, zone: str | None) -> bool:
    return lowering.card.is_instant_or_sorcery


def _test_permanent(lowering: Any, host: Host, effect: Any, zone: str | None) -> bool:
    return not lowering.card.is_instant_or_sorcery


FORM_TESTS: dict[str, Callable[[Any, Host, Any, str | None], bool]] = {
    "spell": _test_spell,
    "permanent": _test_permanent,
    "on_battlefield_or_stack": lambda _l, _h, _e, zone: zone in ("battlefield", "stack"),
    "from_graveyard": lambda _l, _h, _e, zone: zone == "graveyard",
    "from_exile": lambda _l, _h, _e, zone: zone == "exile",
}
