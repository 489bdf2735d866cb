"""Lower one spec card to the parts of an XMage card class: header statements, one block of statements
per ability (each under its oracle line as a comment), filter fields, and the package-private classes
the card needs when no framework class fits (a sequence effect, a token, a rule-modifying effect, a
"whenever you give a gift" trigger) - all chosen by vocabulary, never by card name.

The mapping of single effects to framework effects is the table in `forms`; this module adds what the
table cannot say: gift conditions (`ConditionalOneShotEffect` + `GiftWasPromisedCondition`), "instead"
replacements, target pointers, the conditional target adjuster, and the ability scaffolding.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardgen.engines.xmage import data, rules_text
from cardgen.engines.xmage.filters import FilterTable, predicates
from cardgen.engines.xmage.forms import (
    COUNTER_TYPES,
    DURATIONS,
    KEYWORD_CLASSES,
    NEW_INSTANCE_KEYWORDS,
    form_subject,
    forms_for,
)
from cardgen.engines.xmage.imports import Imports
from cardgen.engines.xmage.jast import Expr, New, Raw, Str, call, fmt, new
from cardgen.engines.xmage.names import HELPER_ROLES
from cardgen.engines.xmage.problems import UNKNOWN_SUBTYPE, Unsupported
from cardgen.engines.xmage.targets import Slot, TargetPlan, pointer_expr, selector_of, target_expr
from cardgen.spec.derive import keyword_text
from cardgen.spec.model import (
    AllSubject,
    Card,
    RefSubject,
    Target,
    TargetSubject,
    TokenDef,
)
from cardgen.text import phrases
from cardgen.text.abilities import condition_phrase, effect_clauses, effect_line, trigger_phrase
from cardgen.vocab import ability_of
from cardgen.vocab import effect as construct_of
from cardgen.vocab import subject as vocab_subject
from cardgen.vocab.xmage_forms import Form

INDENT = 8
GIFT_TYPES = {"card": "CARD", "food": "FOOD", "treasure": "TREASURE", "tapped_fish": "TAPPED_FISH",
              "octopus": "OCTOPUS", "extra_turn": "EXTRA_TURN"}
PREDEFINED_TOKEN_CLASSES = {"food": "FoodToken", "treasure": "TreasureToken", "fish": "FishNoAbilityToken",
                            "octopus": "OctopusToken"}
COLOR_SETTERS = {"W": "setWhite", "U": "setBlue", "B": "setBlack", "R": "setRed", "G": "setGreen"}
COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


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


@dataclass(slots=True)
class Inner:
    """A package-private class written after the card class."""

    name: str
    template: str
    context: dict[str, Any]
    filters: FilterTable | None = None


@dataclass(slots=True)
class Block:
    """The statements implementing one ability, under its oracle line."""

    comment: str | None
    lines: list[str] = field(default_factory=list)
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


class CardLowering:
    """Everything the card template needs for one card.

    The construct slots it reads (`cardgen.vocab.effects.<kind>`, section XMage):
      xmage_forms, xmage_read_forms  the framework forms, see `forms` (`xmage_read_forms`: read, never written)
      xmage_form_subject             the field giving a form its shape, if not the primary subject (None: none)
      xmage_continuous               True: the framework effect is a continuous one (wrapped to run once)
      xmage_pointer_stable           True: the effect leaves its target where it is (a later ref reuses it)
      xmage_framework(w, host, effect, ref_as_target=, zone_of_ref=, keyword=)  the framework effect
                                     built by the construct itself, (expr, continuous, slot), or None
      xmage_needs_sequence(effect)   True when the effect only renders inside the sequence effect
      xmage_own_pointers             True: the framework effect reads its targets itself (no setTargetPointer)
      xmage_stands_alone             True: never shares a gift conditional with its neighbours
      xmage_when:<name>(w, host, effect, zone)  the construct's own test for a form's `when`
      xmage_unsupported_hint(effect) words appended when no form fits
      xmage_arg:<word>(w, effect)    the Java arguments for an argument word of the construct's own forms
      xmage_static(w, static)        the framework effects of a static ability's effect
      xmage_gift_ability             True: XMage's GiftAbility does it, nothing is written
      xmage_inner_effects            the field holding effects nested in this one

    The slots of an ability construct (`cardgen.vocab.abilities.<kind>`) and a trigger event's
    (`cardgen.vocab.events.<event>`) it reads:
      xmage_block(w, ability)        the block of statements of one ability
      xmage_spell_part               True: the ability's effects and targets go on the card's spell ability
      event xmage_trigger(w, effect) the triggered ability around the first effect of a trigger on it
    """

    # the Java building blocks for the construct hooks, which can't import the engine at run time
    new = staticmethod(new)
    call = staticmethod(call)
    Raw = Raw
    Str = Str
    Unsupported = Unsupported
    Block = Block
    Host = Host
    stmt = staticmethod(lambda expr: _stmt(expr))
    assign = staticmethod(lambda declaration, expr: _assign(declaration, expr))

    def __init__(self, card: Card, class_name: str) -> None:
        self.card = card
        self.class_name = class_name
        self.imports = Imports()
        self.imports.add_local(class_name)
        self.filters = FilterTable(self.imports)
        self.inner: list[Inner] = []
        self.header: list[str] = []
        self.blocks: list[Block] = []
        self._ability_declared = False
        self._tokens: dict[str, str] = {}
        self._locals: dict[str, str] = {}

    # ------------------------------------------------------------------------------------ names

    def use(self, simple: str) -> str:
        return self.imports.use(simple)

    def const(self, dotted: str) -> Raw:
        """`TargetController.OPPONENT` with its class imported."""
        owner, _, member = dotted.partition(".")
        return Raw(f"{self.use(owner)}.{member}")

    def local_class(self, role: str) -> str:
        """A name for a package-private class of this card (`<Card>Effect`, `<Card>Effect2`, ...); the roles
        are listed in `names.HELPER_ROLES`, so validation knows every name a card may declare."""
        if role not in HELPER_ROLES:
            raise ValueError(f"helper class role {role!r} is not in names.HELPER_ROLES")
        base = f"{self.class_name}{role}"
        name = base
        number = 2
        while name in self.imports.local:
            name = f"{base}{number}"
            number += 1
        self.imports.add_local(name)
        return name

    def intervening(self, condition: str) -> Expr:
        """The condition of an intervening "if" (603.4). XMage prints a trigger's condition with its
        `toString()`, and GiftWasPromisedCondition.FALSE says "the gift was not promised": "wasn't", as
        the card prints it, is the message of an InvertCondition of TRUE (the framework's own decorator)."""
        if condition == "promised":
            return self.promise("promised")
        return new(self.use("InvertCondition"), self.promise("promised"), Str(condition_phrase("not_promised")))

    def promise(self, condition: str) -> Raw:
        return self.const(f"GiftWasPromisedCondition.{'TRUE' if condition == 'promised' else 'FALSE'}")

    # ------------------------------------------------------------------------------------ card

    def lower(self) -> None:
        card = self.card
        if card.pt and "*" in card.pt:
            raise Unsupported("power or toughness `*` needs a characteristic-defining ability XMage can't take "
                              "from the spec")
        for supertype in card.supertypes:
            self.header.append(f"{' ' * INDENT}this.supertype.add({self.use('SuperType')}.{supertype.upper()});")
        for subtype in card.subtypes:
            self.header.append(f"{' ' * INDENT}this.subtype.add({self.subtype(subtype)});")
        if card.pt:
            power, toughness = card.pt.split("/")
            self.header.append(f"{' ' * INDENT}this.power = new {self.use('MageInt')}({power});")
            self.header.append(f"{' ' * INDENT}this.toughness = new {self.use('MageInt')}({toughness});")
        if card.gift is not None:
            block = Block(f"Gift {_gift_printed(card.gift)}", rules=f"Gift {_gift_printed(card.gift)}")
            gift = new(self.use("GiftAbility"), Raw("this"), self.const(f"GiftType.{GIFT_TYPES[card.gift]}"))
            block.lines.append(_stmt(call("this", "addAbility", gift)))
            self.blocks.append(block)
        self.spell_host = spell_host = Host("this.getSpellAbility()")
        spell_abilities = [a for a in card.abilities if ability_of(a).hook("xmage_spell_part")]
        self.plan_host(spell_host, [e for a in spell_abilities for e in a.effects])
        self._adjuster_pending = spell_host.plan.shape != "plain"
        self._declared_for: dict[int, list[Slot]] = self._declared_slots(spell_host, spell_abilities)
        self._spell_rule: Block | None = None
        for ability in card.abilities:
            construct = ability_of(ability)
            if not construct.has("xmage_block"):
                raise Unsupported(f"a `{construct.kind}` ability has no XMage form here")
            self.blocks.append(construct.hook("xmage_block")(self, ability))

    def spell_part_block(self, ability: Any) -> Block:
        """The block of an ability whose effects go on the card's spell ability: one XMage spell ability
        holds them all; a later printed line starts on a line of its own as XMage's authors write it
        (`.concatBy("<br>")`, Perch Protection). The first that holds a gift-conditional target sets the
        target adjuster."""
        spell_host = self.spell_host
        block = Block(ability.text)
        self.spell_block(spell_host, ability, block, self._declared_for.get(id(ability), []),
                         new_line=self._spell_rule is not None)
        if self._spell_rule is None:
            self._spell_rule = block
        if self._adjuster_pending and self._holds_conditional(spell_host, ability):
            block.lines.append(_stmt(call(spell_host.receiver, "setTargetAdjuster", self.adjuster(spell_host))))
            self._adjuster_pending = False
        return block

    def subtype(self, printed: str) -> str:
        constant = data.subtypes().get(printed)
        if constant is None:
            path = ("subtypes", self.card.subtypes.index(printed)) if printed in self.card.subtypes else ()
            raise Unsupported(f"XMage has no subtype {printed!r} (its SubType enum lists the printed subtypes)",
                              code=UNKNOWN_SUBTYPE, rule="205.3", path=path)
        return f"{self.use('SubType')}.{constant}"

    def keyword(self, word: str) -> Expr:
        cls = self.use(KEYWORD_CLASSES[word])
        if word in NEW_INSTANCE_KEYWORDS:
            return new(cls)
        return call(cls, "getInstance")

    # ------------------------------------------------------------------------------ targets

    def plan_host(self, host: Host, effects: list[Any]) -> None:
        """Give every target of `effects` its slot, then fix the adjuster shape and pointer indexes."""
        pair = 0
        for effect in effects:
            if _by_gift_ability(effect):
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
        for inner in _inner_effects(effect):
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
        return target_expr(target, self.filters, self.imports)

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

    def gift_targets_class(self) -> str:
        """The generated adjuster for target lists XMage's own adjuster can't build (`gift_targets`)."""
        name = self._locals.get("TargetAdjuster")
        if name is None:
            name = self.local_class("TargetAdjuster")
            self._locals["TargetAdjuster"] = name
            for simple in ("TargetAdjuster", "Target", "List", "ArrayList", "Ability", "Game",
                           "GiftWasPromisedCondition"):
                self.use(simple)
            self.inner.append(Inner(name, "gift_target_adjuster.java.j2", {}))
        return name

    def pointer(self, index: int) -> Expr | None:
        """The target pointer for `index` (None for the first target)."""
        if index < 3:
            return pointer_expr(index, self.imports)
        name = self._locals.get("TargetPointer")
        if name is None:
            name = self.local_class("TargetPointer")
            self._locals["TargetPointer"] = name
            self.use("NthTargetPointer")
            self.inner.append(Inner(name, "target_pointer.java.j2", {}))
        return pointer_expr(index, self.imports, name)

    def declared_target(self, host: Host, slot: Slot) -> Expr:
        """The target written with `addTarget`: the slot's own, or for an "instead" pair whose targets
        differ, one that includes both (XMage checks it when deciding whether the spell can be cast)."""
        if any(other.target.other_target for other in host.plan.slots):  # 601.2c: every target tagged
            if host.plan.shape != "plain":
                raise Unsupported("another target than the earlier ones (`other_target`) with targets that "
                                  "depend on the gift", rule="601.2c")
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

    # ------------------------------------------------------------------------------ effects

    def subject_info(self, host: Host, effect: Any, name: str) -> tuple[str, Slot | None, Any]:
        """(shape, slot, subject) of one subject field for framework lowering."""
        subject = getattr(effect, name)
        if isinstance(subject, str):
            construct = vocab_subject.of(subject)
            if construct is not None and construct.has("xmage_unsupported"):
                message, rule = construct.hook("xmage_unsupported")
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
            if isinstance(current, TargetSubject):
                return referenced, host.slot(referenced, field_name)
        raise Unsupported("this `ref` does not lead to a target")

    def framework(self, host: Host, effect: Any, *, ref_as_target: bool = False,
                  zone_of_ref: str | None = None, keyword: str | None = None) -> tuple[Expr, bool, Slot | None]:
        """The framework effect for one spec effect (no condition, no pointer): (expr, continuous, slot).

        `ref_as_target` lowers a `ref` subject as if it were a target: the sequence effect points the
        framework effect at the referenced objects itself."""
        kind = effect.effect
        construct = construct_of(kind)
        own = construct.hook("xmage_framework")
        if own is not None:
            built = own(self, host, effect, ref_as_target=ref_as_target, zone_of_ref=zone_of_ref, keyword=keyword)
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
        for form in forms_for(kind):
            if form.shape != shape or not _fixed_match(form, effect):
                continue
            if form.when is not None and not self.form_test(form.when, host, effect, zone):
                continue
            args = [self.argument(word, effect, host, keyword) for word in form.args]
            continuous = bool(construct.hook("xmage_continuous"))
            return new(self.use(form.java), *[a for group in args for a in group]), continuous, slot
        hint = construct.hook("xmage_unsupported_hint")
        raise Unsupported(f"XMage backend has no framework effect for `{kind}` on {_shape_words(shape)}"
                          + (hint(effect) if hint is not None else ""))

    def form_test(self, name: str, host: Host, effect: Any, zone: str | None) -> bool:
        """A form's `when` test: the construct's own `xmage_when:<name>`, else one of `FORM_TESTS`."""
        own = construct_of(effect.effect).hook(f"xmage_when:{name}")
        if own is not None:
            return bool(own(self, host, effect, zone))
        return FORM_TESTS[name](self, host, effect, zone)

    def argument(self, word: str, effect: Any, host: Host, keyword: str | None = None) -> list[Expr]:
        """The Java argument(s) for one argument word of a form."""
        if word.startswith("const:"):
            value = word[len("const:"):]
            return [self.const(value) if "." in value else Raw(value)]
        if word.startswith("text:"):
            return [Str(word[len("text:"):])]
        own = construct_of(effect.effect).hook(f"xmage_arg:{word}")
        if own is not None:
            return own(self, effect)
        if word in ("amount", "power", "toughness"):
            return [Raw(str(getattr(effect, word)))]
        if word == "static_amount":
            return [call(self.use("StaticValue"), "get", effect.amount)]
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

    def token(self, token: Any) -> Expr:
        if isinstance(token, str):
            return new(self.use(PREDEFINED_TOKEN_CLASSES[token]))
        ready = xmage_token(token)
        if ready is not None:  # one of XMage's own token classes (known_tokens.txt)
            return new(self.use(ready))
        key = token.model_dump_json()
        name = self._tokens.get(key)
        if name is None:
            name = self.token_class(token)
            self._tokens[key] = name
        return new(name)

    def token_class(self, token: TokenDef) -> str:
        if token.text:
            raise Unsupported("XMage tokens get their abilities from code; a token `text` can't be rendered "
                              "(use keywords, or a predefined token)")
        if token.pt and "*" in token.pt:
            raise Unsupported("a token with `*` power or toughness can't be rendered")
        name = self.local_class("Token")
        lines = [f"cardType.add({self.use('CardType')}.{t.upper()});" for t in token.types]
        lines += [f"supertype.add({self.use('SuperType')}.{t.upper()});" for t in token.supertypes]
        lines += [f"color.{COLOR_SETTERS[c]}(true);" for c in token.colors]
        lines += [f"subtype.add({self.subtype(s)});" for s in token.subtypes]
        if token.pt:
            power, toughness = token.pt.split("/")
            lines += [f"power = new {self.use('MageInt')}({power});",
                      f"toughness = new {self.use('MageInt')}({toughness});"]
        lines += [f"this.addAbility({self.keyword(k).flat()});" for k in token.keywords]
        self.use("TokenImpl")
        self.inner.append(Inner(name, "token.java.j2", {
            "token_name": Str(f"{token.name} Token").flat(),
            "description": Str(_token_description(token)).flat(),
            "lines": lines,
        }))
        return name

    def shared_class(self, role: str, template: str, uses: tuple[str, ...]) -> str:
        """The card's one package-private class of `role` (written from `template` the first time it is
        asked for, with the classes its body names imported)."""
        name = self._locals.get(role)
        if name is None:
            name = self.local_class(role)
            self._locals[role] = name
            for simple in uses:
                self.use(simple)
            self.inner.append(Inner(name, template, {}))
        return name

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
            raise Unsupported("`only_if` renders inside a sequence effect")  # routed there by `needs_sequence`
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
        if slot is not None and slot.index > 0 and not construct_of(effect.effect).hook("xmage_own_pointers"):
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

    # ------------------------------------------------------------------------------ sequence

    def needs_sequence(self, host: Host, effect: Any) -> bool:
        """Whether an effect needs the generated sequence effect (objects kept in variables)."""
        candidates = [effect]
        if effect.instead_if_promised is not None:
            candidates.append(effect.instead_if_promised)
        for candidate in candidates:
            if candidate.only_if is not None:
                return True
            sequence_only = construct_of(candidate.effect).hook("xmage_needs_sequence")
            if sequence_only is not None and sequence_only(candidate):
                return True
        candidates.extend(_inner_effects(effect))
        for candidate in candidates:
            for name in subject_fields(candidate.effect):
                subject = getattr(candidate, name, None)
                if isinstance(subject, RefSubject) and not self._pointer_ref(host, subject):
                    return True
        return False

    def _pointer_ref(self, host: Host, subject: RefSubject) -> bool:
        if subject.filter is not None or subject.choose is not None or subject.relation == "owner":
            return False
        referenced = host.ids.get(subject.ref)
        if referenced is None or not construct_of(referenced.effect).hook("xmage_pointer_stable"):
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
            for ref in _refs_of(effects[i]):
                if ref in index_of:
                    start = min(start, index_of[ref])
        return [(start, max(needing))]

    # ------------------------------------------------------------------------------ blocks

    def effect_groups(self, host: Host, effects: list[Any]) -> list[tuple[str, list[Any]]]:
        """The top-level XMage effects of one effect list: (`sequence`|`merged`|`single`, spec effects)."""
        groups: list[tuple[str, list[Any]]] = []
        spans = self.spans(host, effects)
        skip_until = -1
        for index, effect in enumerate(effects):
            if _by_gift_ability(effect) or index <= skip_until:
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
        from cardgen.engines.xmage.sequence import SequenceLowering

        groups = self.effect_groups(host, effects)
        pieces = effect_clauses(text, self.card.name, len(groups), trigger)
        if pieces is not None and not _aligned(groups, pieces):
            folded = self._fold_otherwise(host, groups)
            folded_pieces = effect_clauses(text, self.card.name, len(folded), trigger)
            if folded_pieces is not None and _aligned(folded, folded_pieces):
                groups, pieces = folded, folded_pieces
        if pieces is None:  # the whole line on the first effect; the rest print XMage's own text
            pieces = [effect_line(text, self.card.name, trigger).rstrip("."), *([""] * (len(groups) - 1))]
        exprs: list[Expr] = []
        for (shape, group), clause in zip(groups, pieces, strict=True):
            if shape == "sequence":
                exprs.append(SequenceLowering(self, host, group, clause).build())
            elif shape == "merged":
                exprs.append(self.merged_conditional(host, group, clause))
            elif shape == "otherwise":
                exprs.append(self.otherwise_conditional(host, group, clause))
            else:
                known = self.framework_says(host, group[0], clause)
                exprs.append(self.effect_expr(host, group[0], "" if known else clause))
        return exprs, pieces if all(pieces) else None

    def spell_block(self, host: Host, ability: Any, block: Block, slots: list[Slot],
                    new_line: bool = False) -> None:
        exprs, texts = self.effect_lines(host, list(ability.effects), ability.text)
        if new_line and exprs:
            exprs[0] = call(exprs[0], "concatBy", Str("<br>"))
        block.rules = rules_text.spell_rule(texts) if texts is not None else None
        for expr in exprs:
            block.lines.append(_stmt(call(host.receiver, "addEffect", expr)))
        for slot in slots:
            block.lines.append(_stmt(call(host.receiver, "addTarget", self.declared_target(host, slot))))

    def ability_host(self, effects: list[Any]) -> Host:
        """The host of an ability built in the local `ability` (a triggered one, ...), its targets planned."""
        host = Host("ability")
        self.plan_host(host, effects)
        return host

    def triggered_rule(self, ability: Any, texts: list[str]) -> str:
        """What XMage prints for a triggered ability: trigger phrase, intervening "if", effect texts."""
        condition = condition_phrase(ability.intervening_if) if ability.intervening_if else None
        return rules_text.triggered_rule(trigger_phrase(ability), condition, texts)

    def add_hosted(self, block: Block, host: Host, head: Expr, more: list[Expr]) -> None:
        """`this.addAbility(<head>);`, or, when effects (`more`), declared targets or a target adjuster
        follow, the ability built in the local `ability` first."""
        declared = [s for s in host.plan.slots if self._declared(host, s)]
        rest: list[Expr] = [call("ability", "addEffect", e) for e in more]
        rest += [call("ability", "addTarget", self.declared_target(host, s)) for s in declared]
        if host.plan.shape != "plain":
            rest.append(call("ability", "setTargetAdjuster", self.adjuster(host)))
        if not rest:
            block.lines.append(_stmt(call("this", "addAbility", head)))
            return
        block.lines.append(self.ability_variable(head))
        block.lines.extend(_stmt(e) for e in rest)
        block.lines.append(_stmt(call("this", "addAbility", Raw("ability"))))

    def ability_variable(self, expr: Expr) -> str:
        """`Ability ability = ...;` the first time, `ability = ...;` after (one local per constructor)."""
        if self._ability_declared:
            return _assign("ability", expr)
        self._ability_declared = True
        return _assign(f"{self.use('Ability')} ability", expr)

    def gift_trigger_class(self) -> str:
        name = self._locals.get("TriggeredAbility")
        if name is None:
            name = self.local_class("TriggeredAbility")
            self._locals["TriggeredAbility"] = name
            for simple in ("TriggeredAbilityImpl", "Effect", "Zone", "Game", "GameEvent"):
                self.use(simple)
            self.inner.append(Inner(name, "gift_trigger.java.j2", {}))
        return name

    def line_clauses(self, text: str, count: int) -> list[str]:
        """An ability's printed line cut into `count` effect clauses; when it can't be cut so, the whole
        line on the first and XMage's own text ("") on the others."""
        pieces = effect_clauses(text, self.card.name, count)
        if pieces is None:
            pieces = [effect_line(text, self.card.name).rstrip("."), *([""] * (count - 1))]
        return pieces

    @staticmethod
    def effects_rule(pieces: list[str]) -> str | None:
        """What XMage prints for effects that say `pieces` (None when some print XMage's own text)."""
        return rules_text.spell_rule(pieces) if all(pieces) else None

    def static_with_text(self, expr: Expr, text: str) -> Expr:
        """The static effect saying `text`: a conditional one takes it as its own argument, as XMage's
        cards write `ConditionalContinuousEffect`; others keep their framework text or get `setText`."""
        if isinstance(expr, New) and expr.cls == "ConditionalContinuousEffect":
            return New(expr.cls, (*expr.args[:2], Str(text)))
        return expr if rules_text.static_text(expr) == text else self.with_text(expr, text)

    def static_effects(self, static: Any) -> list[Expr]:
        """The framework effects of one static effect (its construct's `xmage_static`)."""
        return construct_of(static.effect).hook("xmage_static")(self, static)

    def while_on(self) -> Raw:
        return self.const("Duration.WhileOnBattlefield")


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


def _stmt(expr: Expr) -> str:
    return " " * INDENT + fmt(expr, INDENT) + ";"


def _assign(declaration: str, expr: Expr) -> str:
    return " " * INDENT + f"{declaration} = " + fmt(expr, INDENT, offset=len(declaration) + 3) + ";"


def _gift_printed(kind: str) -> str:
    from cardgen.spec.gift import GIFT_KINDS

    return GIFT_KINDS[kind].printed


def _conjunction(preds: list[Expr], imports: Imports) -> Expr:
    return preds[0] if len(preds) == 1 else call(imports.use("Predicates"), "and", *preds)


def _refs_of(effect: Any) -> list[str]:
    refs = []
    candidates = [effect]
    if effect.instead_if_promised is not None:
        candidates.append(effect.instead_if_promised)
    candidates.extend(_inner_effects(effect))
    for candidate in candidates:
        for name in subject_fields(candidate.effect):
            subject = getattr(candidate, name, None)
            if isinstance(subject, RefSubject):
                refs.append(subject.ref)
        if candidate.only_if is not None:
            refs.append(candidate.only_if.ref)
    return refs


def _subject_zone(subject: Any, slot: Slot | None) -> str | None:
    if slot is not None:
        return slot.target.zone
    if isinstance(subject, AllSubject):
        return subject.all.zone
    return None


def _fixed_match(form: Form, effect: Any) -> bool:
    return all(getattr(effect, name, None) == value for name, value in form.fixed.items())


def _shape_words(shape: str) -> str:
    return {"target": "a target", "controller": "a target's controller", "all": "every matching object",
            "none": "nothing"}.get(shape, f"`{shape}`")


def _by_gift_ability(effect: Any) -> bool:
    """Whether XMage's `GiftAbility` does the effect itself, so nothing is written for it (the construct's
    `xmage_gift_ability`)."""
    return bool(construct_of(effect.effect).hook("xmage_gift_ability"))


def _inner_effects(effect: Any) -> list[Any]:
    """The effects nested in `effect` (the field its construct names in `xmage_inner_effects`)."""
    name = construct_of(effect.effect).hook("xmage_inner_effects")
    return list(getattr(effect, name)) if name else []


def _stands_alone(effect: Any) -> bool:
    """Whether the effect never shares a gift conditional (the construct's `xmage_stands_alone`)."""
    return bool(construct_of(effect.effect).hook("xmage_stands_alone"))


def _words(target: Target) -> str:
    from cardgen.engines.xmage.filters import describe

    return describe(selector_of(target))


def _token_description(token: TokenDef) -> str:
    parts = []
    if token.pt:
        parts.append(token.pt)
    parts += [COLOR_WORDS[c] for c in token.colors] or (["colorless"] if "Creature" in token.types else [])
    parts += [*token.supertypes, *token.subtypes]
    parts += [t.lower() for t in token.types]
    text = " ".join(parts) + " token"
    if token.keywords:
        text += " with " + " and ".join(keyword_text(k).lower() for k in token.keywords)
    return text


def xmage_token(token: TokenDef) -> str | None:
    """The XMage token class with exactly these characteristics (and no text), if there is one."""
    if token.text or token.supertypes:
        return None
    fields = {"name": token.name, "colors": list(token.colors), "types": list(token.types),
              "subtypes": list(token.subtypes), "pt": token.pt, "keywords": list(token.keywords)}
    return next((cls for cls, known in sorted(data.known_tokens().items()) if known == fields), None)


def _test_spell(lowering: CardLowering, host: Host, effect: Any, zone: str | None) -> bool:
    return lowering.card.is_instant_or_sorcery


def _test_permanent(lowering: CardLowering, host: Host, effect: Any, zone: str | None) -> bool:
    return not lowering.card.is_instant_or_sorcery


FORM_TESTS: dict[str, Callable[[CardLowering, Host, Any, str | None], bool]] = {
    "spell": _test_spell,
    "permanent": _test_permanent,
    "on_battlefield_or_stack": lambda _l, _h, _e, zone: zone in ("battlefield", "stack"),
    "from_graveyard": lambda _l, _h, _e, zone: zone == "graveyard",
    "from_exile": lambda _l, _h, _e, zone: zone == "exile",
}
