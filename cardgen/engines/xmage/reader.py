"""Read an XMage card class (the subset this backend writes) back into a card spec.

The reader is the renderer run backwards: the `forms` table maps framework effect classes back to
spec effects, filters and targets are rebuilt from their predicates and target classes, gift conditions
from `ConditionalOneShotEffect` + `GiftWasPromisedCondition`, conditional targets from
`ConditionalTargetAdjuster`, and the generated sequence effect statement by statement. Ability texts
come from the `//` comment above each ability (as XMage sources carry them); the name and printings
from the set registrations of the same tree (`setindex`). Whatever it does not understand is reported
as a diagnostic with the file and line - never dropped - and the card is then not returned.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeAlias

from pydantic import ValidationError

from cardgen.diagnostics import Diagnostic, Location
from cardgen.engines.base import ReadResult
from cardgen.engines.xmage import data
from cardgen.engines.xmage.forms import (
    COUNTER_TYPES,
    DURATIONS,
    form_subject,
    forms_named,
)
from cardgen.engines.xmage.java_expr import Call, Expr, New, Raw, Str
from cardgen.engines.xmage.java_parse import (
    ClassDecl,
    ParseError,
    Unreadable,
    child,
    classes,
    expr,
    parse,
    statements,
    text,
)
from cardgen.engines.xmage.java_text import JavaEscapeError, comment_value, unescape
from cardgen.engines.xmage.lower import GIFT_TYPES
from cardgen.engines.xmage.problems import READ_INVALID, READ_NO_PRINTING, READ_SYNTAX, READ_UNKNOWN, RULE
from cardgen.engines.xmage.read_filters import (
    CARD_TYPES,
    Filters,
    Read,
    ReadError,
    _int,
    one_effect,
    read_target,
)
from cardgen.engines.xmage.read_own_classes import (
    SUPERTYPES,
    OwnClassReading,
    read_keyword,
)
from cardgen.engines.xmage.read_statics import PROMISE_CONDITIONS, StaticReading, static_condition, strip_wording
from cardgen.engines.xmage.setindex import Registration, index_for, tree_root
from cardgen.engines.xmage.targets import NTH_POINTER, pointer_index, pointer_new
from cardgen.model.card import Card
from cardgen.model.derive import oracle_variants
from cardgen.vocab import ABILITIES, AMOUNTS, CONDITIONS, EFFECTS, EVENTS
from cardgen.vocab import effect as construct_of
from cardgen.vocab.construct import XMageAbility
from cardgen.vocab.xmage_forms import Form

DURATION_OF = {f"Duration.{java}": word for word, java in DURATIONS.items()}
COUNTER_OF = {f"CounterType.{java}": word for word, java in COUNTER_TYPES.items()}
GIFT_OF = {f"GiftType.{java}": word for word, java in GIFT_TYPES.items()}
SPELL = "this.getSpellAbility()"


def _kind_with(part: Callable[[XMageAbility[Any]], object]) -> str:
    """The ability kind whose XMage form `part` says is read back as its (one kind claims each)."""
    (kind,) = [construct.kind for construct in ABILITIES.values() if part(construct.xmage)]
    return kind


SPELL_KIND = _kind_with(lambda xmage: xmage.spell_part)
TRIGGER_KIND = _kind_with(lambda xmage: xmage.trigger_part)
STATIC_KIND = _kind_with(lambda xmage: xmage.static_part)
STATIC_CLASS = ABILITIES[STATIC_KIND].xmage.static_part
ADDED_READERS = [read for construct in ABILITIES.values() if (read := construct.xmage.read_added) is not None]
START_READERS = [(construct, start) for construct in ABILITIES.values()
                 if (start := construct.xmage.read_start) is not None]
COST_READERS = [cost for construct in ABILITIES.values() if (cost := construct.xmage.read_cost) is not None]


def read_class_file(path: Path) -> ReadResult:
    """Read one card class file; name and printings come from the set files of its tree."""
    from cardgen.inputs import ENGINE_FILE_LIMIT, Refusal, read_limited

    source = read_limited(path, ENGINE_FILE_LIMIT)
    if isinstance(source, Refusal):
        return ReadResult(None, [Diagnostic(READ_SYNTAX, f"cannot read the file: {source.message}", Location(str(path)),
                                            RULE)])
    root = tree_root(path)
    registrations = index_for(root) if root is not None else {}
    return read_class(source, registrations, str(path))


def read_class(source: bytes | str, registrations: dict[str, Registration], file: str = "<class>") -> ReadResult:
    """Read card class source; `registrations` maps class FQNs to names and printings."""
    raw = source.encode("utf-8") if isinstance(source, str) else source
    diagnostics: list[Diagnostic] = []
    try:
        card = ClassReader(raw, registrations, file, diagnostics).read()
    except ParseError as error:
        return ReadResult(None, [Diagnostic(READ_SYNTAX, str(error), Location(file), RULE)])
    except ReadError as error:
        where = Location(file, error.line, error.column)
        return ReadResult(None, [*diagnostics, Diagnostic(error.code, str(error), where, RULE)])
    except Unreadable as error:
        return ReadResult(None, [*diagnostics, Diagnostic(READ_UNKNOWN, f"not understood: {error}", Location(file),
                                                          RULE)])
    return ReadResult(card, diagnostics)


# ------------------------------------------------------------------------------------------- filters


# ------------------------------------------------------------------------------------------- targets


class Slots:
    """The targets of one XMage ability, rebuilt from `addTarget` and the target adjuster, handed to
    effects as spec subjects: the first effect that uses a target gets `{target: ...}`, later ones
    `{ref: <that effect's id>}`.

    Targets are kept per promise state, as the adjuster builds them: the ordinary ones (`always`), then
    those that exist only when the gift was not promised or only when it was. An effect's pointer index
    is looked up in the state the effect runs in."""

    def __init__(self, targets: list[tuple[Expr, Any]], adjuster: Expr | None, filters: Filters, node: Any) -> None:
        self.always: list[dict[str, Any]] = []
        self.not_promised: list[dict[str, Any]] = []
        self.promised: list[dict[str, Any]] = []
        self.users: dict[tuple[str, int], dict[str, Any]] = {}
        self.taken: set[str] = set()
        """Ids in use in this ability (the sequence effect's variables add theirs)."""
        if adjuster is None:
            self.always = [read_target(t, filters, n) for t, n in targets]
            return
        chain = _builder_chain(adjuster)
        if chain is not None:
            lists = {"always": self.always, "ifNotPromised": self.not_promised, "ifPromised": self.promised}
            for method, target in chain:
                lists[method].append(read_target(target, filters, node))
            return
        if not (isinstance(adjuster, New) and adjuster.cls == "ConditionalTargetAdjuster"
                and adjuster.args and adjuster.args[0].flat() == "GiftWasPromisedCondition.TRUE"):
            raise ReadError(f"target adjuster not understood: {adjuster.flat()[:100]}", node=node)
        rest = list(adjuster.args[1:])
        if len(rest) == 2 and rest[0] == Raw("true"):
            if len(targets) > 1:
                raise ReadError("a keep-blueprint adjuster with more than one ordinary target", node=node)
            self.always = [read_target(t, filters, n) for t, n in targets]
            self.promised = [read_target(rest[1], filters, node)]
        elif len(rest) == 1 or (len(rest) == 2 and isinstance(rest[0], New)):
            if len(rest) == 1 and not targets:
                # no blueprint: the target exists only when the gift was promised (702.174m)
                self.promised = [read_target(rest[0], filters, node)]
                return
            if len(rest) == 1:
                if len(targets) != 1:
                    raise ReadError("a replacing adjuster needs exactly one declared target", node=node)
                self.not_promised = [read_target(targets[0][0], filters, targets[0][1])]
            else:  # the declared target only lets XMage decide castability: not read
                self.not_promised = [read_target(rest[0], filters, node)]
            self.promised = [read_target(rest[-1], filters, node)]
        else:
            raise ReadError(f"target adjuster arguments not understood: {adjuster.flat()[:100]}", node=node)

    def conditional_from(self) -> int:
        """The first pointer index that depends on the promise."""
        return len(self.always)

    def slot(self, index: int, state: str | None, node: Any) -> tuple[tuple[str, int], dict[str, Any]]:
        if index < len(self.always):
            return ("always", index), self.always[index]
        position = index - len(self.always)
        targets = {"promised": self.promised, "not_promised": self.not_promised}.get(state or "", [])
        if position >= len(targets):
            when = {"promised": " when the gift was promised", "not_promised": " when it was not"}.get(state or "", "")
            raise ReadError(f"an effect points at target {index + 1}, which the ability does not have{when}",
                            node=node)
        return (state or "", position), targets[position]

    def subject(self, index: int, user: dict[str, Any], node: Any, relation: str = "it", state: str | None = None,
                branch: bool = False) -> dict[str, Any]:
        """The subject for an effect pointing at `index` in promise `state`; `branch` marks a side of an
        "instead" pair (its promised target is a replacement, not a promised-only target)."""
        key, target = self.slot(index, state, node)
        first = self.users.get(key)
        if first is None:
            if relation != "it":
                raise ReadError("an effect names a target's controller before any effect uses that target",
                                node=node)
            self.users[key] = user
            target = dict(target)
            if key[0] == "promised" and not branch:
                target["only_if_promised"] = True
            return {"target": target}
        if not first.get("id"):
            number = 1
            while f"target{number}" in self.taken:
                number += 1
            first["id"] = f"target{number}"
            self.taken.add(first["id"])
        ref: dict[str, Any] = {"ref": first["id"]}
        if relation != "it":
            ref["relation"] = relation
        return ref

    def replace_user(self, old: dict[str, Any], new: dict[str, Any]) -> None:
        for key, user in list(self.users.items()):
            if user is old:
                self.users[key] = new

    def zone(self, index: int, state: str | None) -> str | None:
        try:
            _key, target = self.slot(index, state, None)
        except ReadError:
            return None
        if target.get("player") or target.get("any_target"):
            return "battlefield"
        zone: str = target.get("zone", "battlefield")
        return zone


def _builder_chain(adjuster: Expr) -> list[tuple[str, Expr]] | None:
    """`new XTargetAdjuster().always(T).ifPromised(T)...` as (method, target) pairs, else None."""
    chain: list[tuple[str, Expr]] = []
    current = adjuster
    while isinstance(current, Call) and current.method in ("always", "ifNotPromised", "ifPromised") \
            and len(current.args) == 1 and current.receiver is not None:
        chain.append((current.method, current.args[0]))
        current = current.receiver
    if isinstance(current, New) and not current.args and current.cls.endswith("TargetAdjuster") \
            and current.cls != "ConditionalTargetAdjuster":
        return list(reversed(chain))
    return None


# ------------------------------------------------------------------------------------------- effects


class _NoMatch(Exception):
    """This form does not fit; try the next."""


ClassRead = Callable[["EffectReader", Any, int, Any, Any, "str | None"], "dict[str, Any] | list[dict[str, Any]] | None"]
"""A construct's reader of an XMage class its forms don't describe (`XMageEffect.read_classes`)."""


def _class_readers() -> dict[str, list[ClassRead]]:
    """The constructs' `xmage.read_classes` readers, by XMage class: several constructs may read one class
    (`DoIfCostPaid` with a forage cost or a discard cost), each tried in turn."""
    found: dict[str, list[ClassRead]] = {}
    for construct in EFFECTS.values():
        for cls, read in construct.xmage.read_classes.items():
            found.setdefault(cls, []).append(read)
    return found


_CLASS_READERS = _class_readers()


class EffectReader:
    """Reads effect expressions of one ability against its slots.

    The construct slots it reads (`cardgen.vocab.effects.<kind>`, section XMage), besides the forms:
      read_classes, read_together, read_subject, read_finish, read_when, read_args (see
      `cardgen.vocab.construct.XMageEffect`)
    """

    # the Java building blocks for the construct hooks, which can't import the engine at run time
    ReadError: TypeAlias = ReadError
    NoMatch = _NoMatch
    New: TypeAlias = New
    Raw: TypeAlias = Raw
    Str: TypeAlias = Str
    durations = DURATION_OF

    def __init__(self, card: ClassReader, slots: Slots, filters: Filters) -> None:
        self.card = card
        self.slots = slots
        self.filters = filters

    def with_filters(self, filters: Filters) -> EffectReader:
        """A reader of the same ability's effects against another class's filter fields (a generated
        sequence effect declares its own)."""
        return EffectReader(self.card, self.slots, filters)

    def top(self, value: Expr, node: Any, state: str | None = None) -> Read:
        """One top-level effect (pointer, condition, "instead" and continuous wrappers). `state` is the
        promise state the effect runs in when an enclosing `if` says so (sequence effects)."""
        index = 0
        value = strip_wording(value)
        if isinstance(value, Call) and value.method == "setTargetPointer" and value.receiver is not None:
            pointer = value.args[0] if value.args else None
            index = self.pointer_index(pointer, node)
            value = strip_wording(value.receiver)
        extra: list[Expr] = []
        while isinstance(value, Call) and value.method == "addEffect" and len(value.args) == 1 \
                and value.receiver is not None:
            extra.insert(0, value.args[0])  # `new ConditionalOneShotEffect(a, ...).addEffect(b)`: b shares it
            value = strip_wording(value.receiver)
        if extra and isinstance(value, New) and value.cls == "ConditionalOneShotEffect" and len(value.args) == 4 \
                and extra[-1].flat() == value.args[1].flat() and value.args[2].flat() in (
                    "GiftWasPromisedCondition.TRUE", "GiftWasPromisedCondition.FALSE"):
            # `new ConditionalOneShotEffect(a, b, condition, text).addEffect(b)`: a under the condition, then b
            conditional = New("ConditionalOneShotEffect", (value.args[0], value.args[2]))
            for more in extra[:-1]:
                conditional = Call(conditional, "addEffect", (more,))  # type: ignore[assignment]
            first = self.top(conditional if index == 0 else Call(conditional, "setTargetPointer",
                                                                  (self.pointer_new(index),)), node, state)
            out = first if isinstance(first, list) else [first]
            last = self.top(value.args[1], node, state)
            return [*out, *(last if isinstance(last, list) else [last])]
        if extra and isinstance(value, New) and value.cls == "ConditionalOneShotEffect" and len(value.args) in (2, 3):
            first = self.top(value if index == 0 else Call(value, "setTargetPointer", (self.pointer_new(index),)),
                             node, state)
            out = first if isinstance(first, list) else [first]
            for more in extra:
                rebuilt = New("ConditionalOneShotEffect", (more, value.args[1]))
                found = self.top(rebuilt if index == 0 else Call(rebuilt, "setTargetPointer",
                                                                 (self.pointer_new(index),)), node, state)
                out.extend(found if isinstance(found, list) else [found])
            return out
        if extra:
            raise ReadError(f"addEffect chain not understood: {value.flat()[:80]}", node=node)
        if isinstance(value, New) and value.cls in self.card.locals:
            return self.framework(value, index, node)
        if isinstance(value, New) and value.cls == "ConditionalOneShotEffect":
            args = list(value.args)
            if len(args) in (2, 3) and isinstance(args[1], New) \
                    and args[1].cls == "TargetObjectMatchesFilterCondition" and len(args[1].args) == 1:
                return self._target_check(args[0], args[1].args[0], index, node, state)
            if len(args) in (2, 3) and (game := self.game_condition(args[1])) is not None:
                effect = one_effect(self.unwrap(args[0], index, node, state=state), node)
                effect["condition"] = game
                return effect
            if len(args) in (2, 3) and args[1].flat() in ("GiftWasPromisedCondition.TRUE",
                                                            "GiftWasPromisedCondition.FALSE"):
                condition = "promised" if args[1].flat().endswith("TRUE") else "not_promised"
                effect = one_effect(self.unwrap(args[0], index, node, state=condition), node)
                effect["condition"] = condition
                return effect
            if len(args) == 4 and args[2].flat() == "GiftWasPromisedCondition.TRUE":
                return self.instead(args[1], args[0], index, node)
            if len(args) == 4 and (game := self.game_condition(args[2])) is not None:
                return self.game_instead(args[1], args[0], game, index, node, state)
            raise ReadError(f"conditional effect not understood: {value.flat()[:100]}", node=node)
        if state is None and index >= self.slots.conditional_from() and self._uses_pointer(value) \
                and (self.slots.promised or self.slots.not_promised):
            return self.instead(value, value, index, node)
        return self.unwrap(value, index, node, state=state)

    def game_instead(self, original: Expr, replacement: Expr, condition: Any, index: int, node: Any,
                     state: str | None) -> dict[str, Any]:
        """`new ConditionalOneShotEffect(<when it holds>, <otherwise>, <condition on the game>, text)`: the one
        effect an effect construct's `xmage.read_instead` makes of the two (an amount asked "instead")."""
        base = one_effect(self.unwrap(original, index, node, state=state), node)
        other = one_effect(self.unwrap(replacement, index, node, state=state), node)
        read = construct_of(base["effect"]).xmage.read_instead if "effect" in base else None
        merged = read(base, other, condition) if read is not None else None
        if merged is None:
            raise ReadError(f"conditional effect not understood: {original.flat()[:100]}", node=node)
        return merged

    def _target_check(self, inner: Expr, matches: Expr, index: int, node: Any, state: str | None) -> dict[str, Any]:
        """`new ConditionalOneShotEffect(effect, new TargetObjectMatchesFilterCondition(filter), text)`: the
        effect only if the ability's first target matches the filter (`only_if` on that target, which an
        earlier effect of the ability named: the effect's own subject is its `ref`)."""
        effect = one_effect(self.unwrap(inner, index, node, state=state), node)
        ref = next((value["ref"] for value in effect.values()
                    if isinstance(value, dict) and set(value) == {"ref"}), None)
        if not isinstance(matches, Raw) or not self.filters.known(matches.text):
            raise ReadError(f"a target check's filter not understood: {matches.flat()[:80]}", node=node)
        selector, _ = self.filters.selector(matches.text, node)
        if ref is None and index == 0 and set(selector) - {"zone"} == {"max_power"}:
            # "If that creature had power 2 or less, put a +1/+1 counter on this creature": the ability's first
            # target, which an earlier effect named (XMage's own Driftgloom Coyote)
            first = self.slots.subject(0, {}, node, "it", state)
            ref = first.get("ref") if set(first) == {"ref"} else None
        if ref is None or index != 0:
            raise ReadError("a target check of an effect that names no earlier effect's first target", node=node)
        effect["only_if"] = {"ref": ref, "matches": selector}
        return effect

    def game_condition(self, value: Expr) -> Any:
        """A condition on the game (a condition construct's `xmage.read`: `new PermanentsOnTheBattlefieldCondition
        (filter)`), or the class's `Condition` field holding one; None when it is none of theirs."""
        if isinstance(value, Raw) and value.text in self.card.condition_fields:
            value = self.card.condition_fields[value.text]
        for construct in CONDITIONS.values():
            if construct.xmage.read is not None and (condition := construct.xmage.read(self, value)) is not None:
                return condition
        return None

    def _local_pointers(self) -> list[str]:
        """The card's own pointer classes (for targets past the third)."""
        return [name for name, decl in self.card.locals.items() if decl.superclass == NTH_POINTER]

    def pointer_new(self, index: int) -> New:
        """The pointer the writer puts on an effect of target `index` (`targets.pointer_new`)."""
        local = self._local_pointers()
        return pointer_new(index, local[0] if local else None)

    def pointer_index(self, pointer: Expr | None, node: Any) -> int:
        index = pointer_index(pointer, self._local_pointers())
        if index is not None:
            return index
        raise ReadError(f"target pointer not understood: {pointer.flat()[:80] if pointer else None}", node=node)

    def _uses_pointer(self, value: Expr) -> bool:
        if isinstance(value, New) and value.cls == "AddContinuousEffectToGame":
            return any(self._uses_pointer(arg) for arg in value.args)
        if not isinstance(value, New):
            return False
        return any(form.shape in ("target", "controller") for form in forms_named(value.cls))

    def instead(self, original: Expr, replacement: Expr, index: int, node: Any) -> dict[str, Any]:
        """"If the gift was promised, instead ...": the original runs when not promised, the
        replacement when promised; each side reads its target in its own promise state."""
        base = one_effect(self.unwrap(original, index, node, state="not_promised", branch=True), node)
        branch = self.unwrap(replacement, index, node, state="promised", branch=True)
        base["instead_if_promised"] = branch
        return base

    def unwrap(self, value: Expr, index: int, node: Any, subject: dict[str, Any] | None = None,
               state: str | None = None, branch: bool = False) -> Read:
        self.state, self.branch = state, branch
        if isinstance(value, New) and value.cls == "AddContinuousEffectToGame" and value.args:
            if len(value.args) == 1:
                return self.framework(value.args[0], index, node, subject)
            first = one_effect(self.framework(value.args[0], index, node, subject), node)
            same = first.get("what")
            parts = [first, *(one_effect(self.framework(arg, index, node, same if isinstance(same, dict) else None),
                                         node) for arg in value.args[1:])]
            construct = EFFECTS.get(first["effect"])
            together = construct.xmage.read_together if construct is not None else None
            merged = together(parts) if together is not None else None
            if merged is not None:
                return merged
            raise ReadError("several continuous effects in one AddContinuousEffectToGame", node=node)
        return self.framework(value, index, node, subject)

    state: str | None = None
    branch: bool = False

    def framework(self, value: Expr, index: int, node: Any, subject: dict[str, Any] | None = None,
                  zone: str | None = None) -> Read:
        """One framework effect (or this card's own effect class) as a spec effect (several for the card's
        own sequence effect class)."""
        if not isinstance(value, New):
            raise ReadError(f"an effect is not created with `new`: {value.flat()[:80]}", node=node)
        local = self.card.locals.get(value.cls)
        if local is not None:
            return self.card.local_effect(local, value, self, node)
        if value.cls == "GainAbilityControlledEffect" and len(value.args) == 3:
            effect = one_effect(self.framework(New("GainAbilityAllEffect", value.args), index, node, subject, zone),
                                node)
            effect["what"]["all"]["controller"] = "you"
            return effect
        for own in _CLASS_READERS.get(value.cls, ()):
            found = own(self, value, index, node, subject, zone)
            if found is not None:
                return found
        candidates = forms_named(value.cls)
        if not candidates:
            raise ReadError(f"effect class {value.cls} is not read", node=node)
        problems = []
        for form in candidates:
            try:
                return self.apply_form(form, value, index, node, subject, zone)
            except _NoMatch as mismatch:
                problems.append(str(mismatch))
        raise ReadError(f"{value.flat()[:120]} not understood ({'; '.join(problems)})", node=node)

    def apply_form(self, form: Form, value: New, index: int, node: Any, subject: dict[str, Any] | None,
                   zone: str | None) -> dict[str, Any]:
        args = list(value.args)
        effect: dict[str, Any] = {"effect": form.kind, **{k: _copy(v) for k, v in form.fixed.items()}}
        words = list(form.args)
        if "counters" in words:
            fixed_count = len(words) - 1
            if len(args) < fixed_count + (1 if words == ["counters"] else 0):  # a with-counters form has one
                raise _NoMatch("argument count")
        elif len(args) != len(words):
            raise _NoMatch("argument count")
        position = 0
        greatest = False
        for word in words:
            if word == "counters":
                rest = len(args) - position - (len(words) - words.index(word) - 1)
                effect["counters"] = [self.counter(a, node) for a in args[position:position + rest]]
                position += rest
                continue
            arg = args[position]
            position += 1
            greatest = self.argument(word, arg, effect, node) or greatest
        construct = construct_of(form.kind)
        field_name = form_subject(construct)
        where = zone
        if field_name is None:
            if form.shape != "none":
                raise ReadError(f"{form.java}: a form with a subject, of an effect without one", node=node)
        elif form.shape in ("target", "controller"):
            if subject is None:
                relation = "controller" if form.shape == "controller" else "it"
                subject_value = self.slots.subject(index, effect, node, relation, self.state, self.branch)
                where = self.slots.zone(index, self.state)
            else:
                subject_value = subject
                where = zone or _subject_zone(subject)
            place = construct.xmage.read_subject
            if place is not None:
                place(self, form, effect, subject_value, node)
            else:
                effect[field_name] = subject_value
        elif form.shape == "all":
            effect[field_name] = {"all": effect.pop("_all")}
            where = effect[field_name]["all"]["zone"]
        elif form.shape != "none":
            place = construct.xmage.read_subject
            if place is not None:  # a word for one subject, a target for another (this creature fights)
                place(self, form, effect, form.shape, node)
            else:
                effect[field_name] = form.shape
        effect.pop("_all", None)
        if not _when_holds(form, where, self.card.is_spell):
            raise _NoMatch(f"{form.java} does not fit objects in the {where}")
        finish = construct.xmage.read_finish
        if finish is not None:
            finish(form, effect, greatest)
        return effect

    def argument(self, word: str, arg: Expr, effect: dict[str, Any], node: Any) -> bool:
        """Fold one argument into `effect`; True when it is a greatest-power filter."""
        flat = arg.flat()
        if word.startswith("const:"):
            expected = word[len("const:"):]
            if flat != expected and not (expected.startswith("Outcome.") and flat.startswith("Outcome.")):
                raise _NoMatch(f"expected {expected}, found {flat[:40]}")
            return False
        if word.startswith("text:"):
            expected = word[len("text:"):]
            lenient = arg.value == "" and "enchanted" in expected if isinstance(arg, Str) else False
            if not isinstance(arg, Str) or (arg.value != expected and not lenient):
                raise _NoMatch("text argument")
            return False
        own = construct_of(effect["effect"]).xmage.read_args.get(word)
        if own is not None:
            return bool(own(self, arg, effect, node))
        if word == "static_amount":
            if not (isinstance(arg, Call) and arg.method == "get" and arg.receiver == Raw("StaticValue")
                    and len(arg.args) == 1):
                raise _NoMatch("amount")
            effect["amount"] = _int(arg.args[0], node)
            return False
        if word in ("amount", "dynamic_amount"):
            kinds = [c for c in AMOUNTS.values() if word == "dynamic_amount" or not c.xmage.dynamic]
            amount = next((read for c in kinds if (read := c.xmage.read(arg)) is not None), None)
            effect["amount"] = amount if amount is not None else _int(arg, node)  # _int: not a number, an error
            return False
        if word in ("power", "toughness"):
            effect[word] = _int(arg, node)
            return False
        if word == "duration":
            if flat not in DURATION_OF:
                raise _NoMatch(f"duration {flat}")
            effect["duration"] = DURATION_OF[flat]
            return False
        if word == "filter":
            selector, greatest = self.filter_argument(arg, node)
            effect["_all"] = selector
            return greatest
        if word == "keyword":
            keyword = read_keyword(arg)
            if keyword is None:
                raise _NoMatch("keyword")
            effect["keywords"] = [keyword]
            return False
        if word == "counter":
            counter = self.counter(arg, node)
            effect["counter"], effect["amount"] = counter["counter"], counter["amount"]
            return False
        if word == "token":
            effect["token"] = self.card.token(arg, node)
            return False
        raise AssertionError(word)  # pragma: no cover - a typo in the forms table

    def filter_argument(self, arg: Expr, node: Any) -> tuple[dict[str, Any], bool]:
        """The selector of a filter field named as an argument, or of a filter created there (and whether it
        is "greatest power")."""
        if (inline := self.filters.inline(arg, node)) is not None:
            return inline
        if not isinstance(arg, Raw) or not self.filters.known(arg.text):
            raise _NoMatch("filter")
        return self.filters.selector(arg.text, node)

    def integer(self, value: Expr, node: Any) -> int:
        return _int(value, node)

    def counter(self, arg: Expr, node: Any) -> dict[str, Any]:
        if isinstance(arg, Call) and arg.method == "createInstance" and isinstance(arg.receiver, Raw) \
                and arg.receiver.text in COUNTER_OF and len(arg.args) <= 1:
            amount = _int(arg.args[0], node) if arg.args else 1
            return {"counter": COUNTER_OF[arg.receiver.text], "amount": amount}
        raise _NoMatch(f"counter {arg.flat()[:40]}")




def _intervening(condition: Expr) -> str | None:
    """The condition of `withInterveningIf(...)`: a framework condition constant (`PROMISE_CONDITIONS`), or
    an InvertCondition of one (its message is wording only): the condition that holds exactly when that
    one doesn't (`rule.holds`); None for any other condition."""
    if isinstance(condition, New) and condition.cls == "InvertCondition" and len(condition.args) in (1, 2) \
            and (len(condition.args) == 1 or isinstance(condition.args[1], Str)):
        inner = PROMISE_CONDITIONS.get(condition.args[0].flat())
        if inner is None:
            return None
        holds = CONDITIONS[inner].rule.holds
        if holds is None:
            return None
        return next((kind for kind, c in CONDITIONS.items() if (promise := c.rule.holds) is not None
                     and all(promise(p) != holds(p) for p in (True, False))), None)
    return PROMISE_CONDITIONS.get(condition.flat())


def _undecorated(value: Expr) -> Expr:
    """An ability without its hint shown to players (`.addHint(...)`), its ability word
    (`.setAbilityWord(...)`, 207.2c: no rules meaning) and `.withRuleTextReplacement(...)` ("it" or the
    name in its text): wording only."""
    while isinstance(value, Call) and value.method in ("addHint", "setAbilityWord", "withRuleTextReplacement") \
            and len(value.args) == 1 \
            and value.receiver is not None:
        value = value.receiver
    return value


def _copy(value: Any) -> Any:
    return list(value) if isinstance(value, list) else value


def _subject_zone(subject: Any) -> str | None:
    if isinstance(subject, dict):
        for shape in ("target", "all"):
            if shape in subject:
                zone: str = subject[shape].get("zone", "battlefield")
                return zone
    return None


def _when_holds(form: Form, zone: str | None, is_spell: bool) -> bool:
    when = form.when
    if when is None:
        return True
    if when == "spell":
        return is_spell
    if when == "permanent":
        return not is_spell
    if when == "on_battlefield_or_stack":
        return zone in ("battlefield", "stack")
    if when == "from_graveyard":
        return zone == "graveyard"
    if when == "from_exile":
        return zone == "exile"
    read_zone = construct_of(form.kind).xmage.read_when.get(when)
    return read_zone is None or zone == read_zone


# ------------------------------------------------------------------------------------------- the class


class Host:
    """Statements gathered for one XMage ability before its effects can be read (targets come last)."""

    def __init__(self) -> None:
        self.effects: list[tuple[Expr, Any, dict[str, Any]]] = []
        """(effect expression, node, the spec ability it belongs to)."""
        self.targets: list[tuple[Expr, Any]] = []
        self.adjuster: tuple[Expr, Any] | None = None
        self.modes: list[tuple[Expr, Any, str]] = []
        """A modal spell's modes after the first (`addMode(new Mode(...))`): expression, node, comment."""
        self.mode_settings: list[tuple[str, Expr, Any]] = []
        """`getModes().setMaxModes(5)` ... and the first mode's `withPawPrintValue`: method, argument, node."""


class ClassReader(StaticReading, OwnClassReading):
    """Reads one card class, through the XMage groups of the constructs (`cardgen.vocab.construct`): an
    effect's `xmage.static` (`read`, `read_together`) and `xmage.read_local`; an ability kind's
    `XMageAbility` readers (`read_added`, `read_cost`, `read_start`, `read_add_cost`, and which kinds the
    spell part, an XMage triggered ability and a static ability are: `spell_part`, `trigger_part`,
    `static_part`); an event's `XMageEvent.read_trigger`.
    """

    # the Java building blocks for the construct hooks, which can't import the engine at run time
    ReadError: TypeAlias = ReadError
    Raw: TypeAlias = Raw
    New: TypeAlias = New
    Str: TypeAlias = Str
    Call: TypeAlias = Call
    text = staticmethod(text)
    read_target = staticmethod(read_target)
    read_keyword = staticmethod(read_keyword)
    int_of = staticmethod(_int)

    def __init__(self, source: bytes, registrations: dict[str, Registration], file: str,
                 diagnostics: list[Diagnostic]) -> None:
        self.source = source
        self.registrations = registrations
        self.file = file
        self.diagnostics = diagnostics
        self.locals: dict[str, ClassDecl] = {}
        self.fields: dict[str, Any] = {}
        """The fields of the card class other than filters, by name: their initial values' syntax nodes."""
        self.is_spell = False
        self.condition_fields: dict[str, Expr] = {}
        """The class's `Condition` fields, by name: the expression each is created with."""
        self._carried: dict[str, Any] | None = None
        """An ability built in `ability` whose block ended before `addAbility(ability)` (the next block goes on)."""

    def field_value(self, value: Expr) -> Expr:
        """The value a field of the class starts with where `value` names one (`condition`), else `value`."""
        node = self.fields.get(value.text) if isinstance(value, Raw) else None
        return value if node is None else expr(node)  # read only when asked: a field may be no expression read

    def read(self) -> Card:
        root = parse(self.source)
        decls = classes(root)
        main = next((d for d in decls if d.superclass == "CardImpl"), None)
        if main is None:
            raise ReadError("no class extending CardImpl")
        self.locals = {d.name: d for d in decls if d is not main}
        self.filters = Filters(main)
        self.filters.different_controllers = {
            name for name, decl in self.locals.items()
            if decl.superclass == "TargetPermanent" and "isControlledBy(chosen.getControllerId())" in text(decl.node)}
        self.fields = {name: value for name, (type_text, value) in main.fields.items()
                       if value is not None and not type_text.startswith("Filter")}
        self.condition_fields = {name: expr(value) for name, (type_text, value) in main.fields.items()
                                 if type_text == "Condition" and value is not None}
        package = _package(root)
        constructor = next((c for c in main.constructors if "CardSetInfo" in text(child(c, "parameters"))),
                           None)
        if constructor is None:
            raise ReadError("no (UUID ownerId, CardSetInfo setInfo) constructor", node=main.node)
        card: dict[str, Any] = {"supertypes": [], "subtypes": [], "abilities": []}
        body = constructor.child_by_field_name("body")
        self.read_body(body, card)
        registration = self.registrations.get(f"{package}.{main.name}") if package else None
        if registration is None:
            documented = _documented_name(root, main)
            self.diagnostics.append(Diagnostic(
                READ_NO_PRINTING, f"no set registration names {main.name}; its name is "
                + ("taken from the class comment" if documented else "guessed from the class name")
                + " and a placeholder printing is used", Location(self.file), RULE, "warning"))
            card["name"] = documented or _spaced(main.name)
            card["printings"] = [{"set": "XMAGE", "number": "0", "rarity": "common"}]
        else:
            card["name"] = registration.name
            printings = [{k: v for k, v in p.items() if v is not None} for p in registration.printings
                         if _PRINTED_NUMBER.match(str(p["number"]))]
            card["printings"] = printings or [{"set": "XMAGE", "number": "0", "rarity": "common"}]
        try:
            built = Card.model_validate(_clean({**card, "oracle": ""}))
            return built.model_copy(update={"oracle": oracle_variants(built)[0]})
        except ValidationError as error:
            raise ReadError(f"what was read is not a valid spec: {error}", code=READ_INVALID) from None

    # ---------------------------------------------------------------------------------- body

    def read_body(self, body: Any, card: dict[str, Any]) -> None:
        items = statements(body)
        if not items or items[0].node.type != "explicit_constructor_invocation":
            raise ReadError("the constructor does not start with super(ownerId, setInfo, types, cost)", node=body)
        self.read_super(items[0].node, card)
        spell = Host()
        blocks: list[tuple[str | None, list[Any]]] = []
        for item in items[1:]:
            if item.comments:
                blocks.append((self.comment_text(item.comments[-1]), []))
            elif not blocks:
                blocks.append(("", []))  # header statements (no comment above)
            if item.node is not body:
                blocks[-1][1].append(item.node)
        header_first = len(items) > 1 and not items[1].comments
        for index, (comment, nodes) in enumerate(blocks):
            if index == 0 and header_first:
                rest = list(nodes)
                while rest and self.is_header(rest[0]):
                    self.read_header(rest.pop(0), card)
                if rest:  # statements with no comment above them (hand-written classes)
                    self.read_block(NO_TEXT, rest, card, spell)
                continue
            self.read_block(comment or NO_TEXT, nodes, card, spell)
        if self._carried is not None:
            raise ReadError("`ability` built but never added", node=self._carried.get("node"))
        self.finish_spell(spell)

    def comment_text(self, comment: str) -> str:
        try:
            return comment_value(comment)
        except JavaEscapeError:
            return comment[2:].strip()

    def read_super(self, node: Any, card: dict[str, Any]) -> None:
        arguments = node.child_by_field_name("arguments")
        named = [c for c in arguments.named_children if c.type not in ("line_comment", "block_comment")]
        if len(named) != 4 or named[2].type != "array_creation_expression":
            raise ReadError("super(...) arguments not understood", node=node)
        initializer = next((c for c in named[2].named_children if c.type == "array_initializer"), None)
        types = []
        for value in (initializer.named_children if initializer is not None else []):
            member = text(value)
            if not member.startswith("CardType.") or member[len("CardType."):] not in CARD_TYPES:
                raise ReadError(f"card type {member} not understood", node=value)
            types.append(member[len("CardType."):].capitalize())
        card["types"] = types
        self.is_spell = "Instant" in types or "Sorcery" in types
        cost = expr(named[3])
        if not isinstance(cost, Str):
            raise ReadError("the mana cost is not a string literal", node=named[3])
        if cost.value:
            card["mana_cost"] = cost.value

    def is_header(self, node: Any) -> bool:
        source = text(node)
        return source.startswith(("this.subtype.add", "this.supertype.add", "this.power", "this.toughness"))

    def read_header(self, node: Any, card: dict[str, Any]) -> None:
        if node.type != "expression_statement":
            raise ReadError(f"header statement not understood: {text(node)[:80]}", node=node)
        inner = node.named_children[0]
        if inner.type == "assignment_expression":
            left = text(child(inner, "left"))
            right = expr(child(inner, "right"))
            if left in ("this.power", "this.toughness") and isinstance(right, New) and right.cls == "MageInt":
                card.setdefault("_pt", {})[left.split(".")[1]] = str(_int(right.args[0], node))
                if len(card["_pt"]) == 2:
                    pt = card.pop("_pt")
                    card["pt"] = f"{pt['power']}/{pt['toughness']}"
                return
        value = expr(inner)
        if isinstance(value, Call) and value.method == "add" and isinstance(value.receiver, Raw) \
                and value.receiver.text in ("this.subtype", "this.supertype") and len(value.args) == 1:
            member = value.args[0].flat()
            if value.receiver.text == "this.subtype" and member.startswith("SubType."):
                printed = data.subtype_descriptions().get(member[len("SubType."):])
                if printed is not None:
                    card["subtypes"].append(printed)
                    return
            if value.receiver.text == "this.supertype" and member.startswith("SuperType."):
                word = SUPERTYPES.get(member[len("SuperType."):])
                if word is not None:
                    card["supertypes"].append(word)
                    return
        raise ReadError(f"header statement not understood: {text(node)[:80]}", node=node)

    def read_block(self, comment: str, nodes: list[Any], card: dict[str, Any], spell: Host) -> None:
        """One commented block: one spec ability (or the gift, or the card's spell part); abilities of one
        kind it adds that its kind reads as one (`read_merge`) become one."""
        start = len(card["abilities"])
        self.read_block_statements(comment, nodes, card, spell)
        read = card["abilities"]
        index = start
        while index + 1 < len(read):
            earlier, later = read[index], read[index + 1]
            construct = ABILITIES.get(str(earlier.get("kind")))
            merge = construct.xmage.read_merge if construct is not None and later.get("kind") == earlier.get("kind") \
                else None
            merged = merge(earlier, later) if merge is not None else None
            if merged is None:
                index += 1
                continue
            read[index:index + 2] = [merged]

    def read_block_statements(self, comment: str, nodes: list[Any], card: dict[str, Any], spell: Host) -> None:
        pending: dict[str, Any] | None = self._carried
        self._carried = None
        spell_ability: dict[str, Any] | None = None
        aura: Expr | None = None
        effects: dict[str, Expr] = {}  # `Effect effect = new ...; effect.setText(...);`: the built effect
        for node in nodes:
            if node.type == "local_variable_declaration":
                declarator = node.child_by_field_name("declarator")
                name = text(child(declarator, "name"))
                value = expr(child(declarator, "value"))
                if name == "auraTarget":
                    aura = value
                    continue
                if name == "ability" and isinstance(value, New) and value.cls == "EnchantAbility":
                    # XMage's own Auras: `Ability ability = new EnchantAbility(auraTarget);` and then
                    # `this.addAbility(ability);`, the same as adding it at once
                    effects[name] = value
                    continue
                if name == "ability":
                    pending = self.start_ability(value, comment, node)
                    continue
                if text(child(node, "type")) == "Effect":
                    effects[name] = value
                    continue
                raise ReadError(f"local variable {name} not understood", node=node)
            if node.type != "expression_statement":
                raise ReadError(f"statement not understood: {text(node)[:80]}", node=node)
            inner = node.named_children[0]
            if inner.type == "assignment_expression" and text(child(inner, "left")) == "ability":
                pending = self.start_ability(expr(child(inner, "right")), comment, node)
                continue
            if inner.type == "assignment_expression" and text(child(inner, "left")) in effects:
                effects[text(child(inner, "left"))] = expr(child(inner, "right"))
                continue
            value = expr(inner)
            if not isinstance(value, Call):
                raise ReadError(f"statement not understood: {text(node)[:80]}", node=node)
            if isinstance(value.receiver, Raw) and value.receiver.text in effects:
                name = value.receiver.text
                effects[name] = Call(effects[name], value.method, value.args)
                continue
            if any(isinstance(arg, Raw) and arg.text in effects for arg in value.args):
                value = Call(value.receiver, value.method, tuple(
                    effects[arg.text] if isinstance(arg, Raw) and arg.text in effects else arg
                    for arg in value.args))
            receiver = value.receiver.flat() if value.receiver is not None else ""
            if receiver in ("ability.getModes()", "ability.getModes().getMode()") and pending is not None \
                    and pending["kind"] != STATIC_KIND and len(value.args) == 1:
                pending["host"].mode_settings.append((value.method, value.args[0], node))
                continue
            if receiver == "ability" and pending is not None:
                self.ability_call(pending, value, node)
                continue
            if receiver == "this" and value.method == "addAbility" and len(value.args) == 2 \
                    and isinstance(value.args[1], New) and not value.args[1].args:
                # `this.addAbility(ability, new PlayerGainedLifeWatcher())`: the watcher added with the ability
                value = Call(value.receiver, "addAbility", (Call(value.args[0], "addWatcher", (value.args[1],)),))
            if receiver == "this" and value.method == "addAbility" and len(value.args) == 1:
                added = _undecorated(self.granted(_undecorated(value.args[0])))
                if added == Raw("ability"):
                    if pending is None:
                        raise ReadError("addAbility(ability) before `ability` is built", node=node)
                    self.finish_ability(pending, card, node)
                    pending = None
                    continue
                self.add_ability(added, comment, card, aura, node)
                continue
            if receiver == SPELL and value.method == "addMode" and len(value.args) == 1:
                spell.modes.append((value.args[0], node, comment))
                continue
            if receiver in (f"{SPELL}.getModes()", f"{SPELL}.getModes().getMode()") and len(value.args) == 1:
                spell.mode_settings.append((value.method, value.args[0], node))
                continue
            if receiver == SPELL:
                if aura is not None and value.args and (value.args[0] == Raw("auraTarget") or (
                        isinstance(value.args[0], New) and value.args[0].cls == "AttachEffect")):
                    continue  # the Aura's own spell target and attach effect (part of "Enchant ...")
                if value.method == "addCost":
                    card["abilities"].append(self.additional_cost(value, comment, node))
                    continue
                if spell_ability is None:
                    spell_ability = {"kind": SPELL_KIND, "text": comment, "effects": []}
                    card["abilities"].append(spell_ability)
                if value.method == "addEffect" and len(value.args) == 1:
                    spell.effects.append((value.args[0], node, spell_ability))
                elif value.method == "addTarget" and len(value.args) == 1:
                    spell.targets.append((value.args[0], node))
                elif value.method == "setTargetAdjuster" and len(value.args) == 1:
                    spell.adjuster = (value.args[0], node)
                elif value.method == "addHint" and len(value.args) == 1:
                    pass  # a hint shown to players (`ConditionHint`): wording only
                else:
                    raise ReadError(f"spell ability call {value.method} not understood", node=node)
                continue
            raise ReadError(f"statement not understood: {text(node)[:80]}", node=node)
        if pending is not None:
            # XMage's own classes comment each mode of a modal ability: the ability goes on in the next block
            self._carried = pending

    def granted(self, added: Expr) -> Expr:
        """The ability an `addAbility` argument adds: the one inside a form an ability kind's
        `xmage.unwrap_added` reads (a Class's later level gives it: the abilities' order says which level)."""
        for construct in ABILITIES.values():
            unwrap = construct.xmage.unwrap_added
            if unwrap is not None and (inner := unwrap(self, added)) is not None:
                return inner  # type: ignore[no-any-return]
        return added

    def add_ability(self, added: Expr, comment: str, card: dict[str, Any], aura: Expr | None, node: Any) -> None:
        if isinstance(added, New) and added.cls == "GiftAbility":
            if len(added.args) != 2 or added.args[1].flat() not in GIFT_OF:
                raise ReadError(f"gift not understood: {added.flat()}", node=node)
            card["gift"] = GIFT_OF[added.args[1].flat()]
            return
        for read in ADDED_READERS:
            if (ability := read(self, added, aura, node)) is not None:
                if ability.get("text") == "":  # a kind whose line is its own: the block's comment says it
                    ability["text"] = comment
                card["abilities"].append(ability)
                return
        pending = self.start_ability(added, comment, node)
        self.finish_ability(pending, card, node)

    def additional_cost(self, value: Call, comment: str, node: Any) -> dict[str, Any]:
        for read in COST_READERS:
            if (ability := read(self, value, comment, node)) is not None:
                return ability
        raise ReadError(f"additional cost not understood: {value.flat()[:80]}", node=node)

    # ---------------------------------------------------------------------------------- abilities

    def start_ability(self, value: Expr, comment: str, node: Any) -> dict[str, Any]:
        """A triggered or static ability expression, before its further effects and targets."""
        intervening: Any = None
        watcher = None
        once = False
        if isinstance(value, Call) and value.method == "setTriggersLimitEachTurn" and value.receiver is not None \
                and len(value.args) == 1:
            if value.args[0] != Raw("1"):
                raise ReadError(f"a trigger limit other than once each turn: {value.flat()[:80]}", node=node)
            once, value = True, value.receiver  # "This ability triggers only once each turn."
        if isinstance(value, Call) and value.method == "addWatcher" and len(value.args) == 1 \
                and isinstance(value.args[0], New) and not value.args[0].args and value.receiver is not None:
            watcher, value = value.args[0].cls, value.receiver  # the watcher its intervening "if" reads
        value = _undecorated(value)
        if isinstance(value, New) and value.cls.endswith("TriggeredAbility") and len(value.args) >= 2 \
                and _intervening(value.args[-1]) is not None:
            # the constructor's last argument the intervening "if" (`interveningIfClauseCondition`), as
            # `withInterveningIf` says it
            value = Call(New(value.cls, value.args[:-1]), "withInterveningIf", (value.args[-1],))
        if isinstance(value, Call) and value.method == "withInterveningIf" and len(value.args) == 1 \
                and value.receiver is not None:
            intervening = _intervening(value.args[0])
            if intervening is None:  # a condition on the game with a model ("if you control a creature ...")
                reader = EffectReader(self, Slots([], None, self.filters, node), self.filters)
                intervening = reader.game_condition(value.args[0])
            if intervening is None:
                raise ReadError(f"intervening if not understood: {value.args[0].flat()}", node=node)
            value = value.receiver
        if watcher is not None and (not isinstance(intervening, str)
                                    or CONDITIONS[intervening].xmage.watcher != watcher) \
                and not any(construct.xmage.watcher == watcher for construct in EFFECTS.values()):
            raise ReadError(f"a watcher no condition or effect of the ability reads: {watcher}", node=node)
        host = Host()
        if isinstance(value, Call):  # an event whose class is said with calls on it (`xmage.conditioned`)
            for event in EVENTS.values():
                if event.xmage.conditioned and (first := event.xmage.read_trigger(self, value, host, node)) is not None:
                    return self._started_trigger(event, value, first, comment, host, node, intervening, once)
        if not isinstance(value, New):
            raise ReadError(f"ability not understood: {value.flat()[:80]}", node=node)
        if value.cls == STATIC_CLASS and len(value.args) == 1:
            return {"kind": STATIC_KIND, "text": comment, "java": [value.args[0]], "node": node}
        for construct, read_start in START_READERS:
            if (started := read_start(self, value, comment, node)) is not None:
                started_ability, first = started
                if first is not None:
                    host.effects.append((first, node, started_ability))
                return {"kind": construct.kind, "ability": started_ability, "host": host, "node": node,
                        "add_cost": construct.xmage.read_add_cost}
        for event in EVENTS.values():
            if event.xmage.conditioned:
                continue
            said, optional = _optional_trigger(value, event.xmage.optional_arg)
            if (first := event.xmage.read_trigger(self, said, host, node)) is not None:
                break
        else:
            raise ReadError(f"ability {value.cls} not understood", node=node)
        trigger = self._started_trigger(event, said, first, comment, host, node, intervening, once)
        if optional:
            trigger["ability"]["_optional"] = True
        return trigger

    def _started_trigger(self, event: Any, value: Expr, first: Any, comment: str, host: Host, node: Any,
                         intervening: Any, once: bool) -> dict[str, Any]:
        said = event.kind if event.xmage.read_event is None else event.xmage.read_event(self, value)
        ability: dict[str, Any] = {"kind": TRIGGER_KIND, "text": comment, "event": said, "effects": []}
        if intervening:
            ability["intervening_if"] = intervening
        if once:
            ability["once_each_turn"] = True
        host.effects.append((first, node, ability))
        return {"kind": TRIGGER_KIND, "ability": ability, "host": host, "node": node}

    def ability_call(self, pending: dict[str, Any], value: Call, node: Any) -> None:
        if len(value.args) != 1:
            raise ReadError(f"ability.{value.method} not understood", node=node)
        if pending["kind"] == STATIC_KIND:
            if value.method != "addEffect":
                raise ReadError(f"static ability call {value.method} not understood", node=node)
            pending["java"].append(value.args[0])
            return
        host: Host = pending["host"]
        if value.method == "addCost" and pending.get("add_cost") is not None:
            pending["add_cost"](self, pending["ability"], value.args[0], node)
        elif value.method == "addEffect":
            host.effects.append((value.args[0], node, pending["ability"]))
        elif value.method == "addTarget":
            host.targets.append((value.args[0], node))
        elif value.method == "setTargetAdjuster":
            host.adjuster = (value.args[0], node)
        elif value.method == "addMode":  # a modal triggered ability's other modes (700.2b)
            host.modes.append((value.args[0], node, pending.get("text", "")))
        else:
            raise ReadError(f"ability.{value.method} not understood", node=node)

    def finish_ability(self, pending: dict[str, Any], card: dict[str, Any], node: Any) -> None:
        if pending["kind"] == STATIC_KIND:
            # a static whose effects depend on the promise holds one spec effect per condition
            groups: dict[str | None, list[Expr]] = {}
            for value in pending["java"]:
                groups.setdefault(static_condition(strip_wording(value), node, self.condition_fields),
                                  []).append(value)
            effects = [self.static_effect(java, node) for java in groups.values()]
            abilities: list[dict[str, Any]] = card["abilities"]
            if abilities and abilities[-1].get("kind") == STATIC_KIND \
                    and abilities[-1].get("_text") == pending["text"] and abilities[-1] is card.get("_last_static"):
                abilities[-1]["effects"].extend(effects)
            else:
                ability = {"kind": STATIC_KIND, "text": pending["text"], "effects": effects, "_text": pending["text"]}
                abilities.append(ability)
                card["_last_static"] = ability
            return
        if pending["host"].modes:
            self.read_modes(pending["host"])
        else:
            self.read_host(pending["host"])
        if pending["ability"].pop("_optional", False):
            _optional_effect(pending["ability"], node)
        card["abilities"].append(pending["ability"])
        card["_last_static"] = None

    def finish_spell(self, spell: Host) -> None:
        if spell.modes:
            self.read_modes(spell)
        elif spell.mode_settings:
            raise ReadError("getModes() settings on a spell with one mode", node=spell.mode_settings[0][2])
        elif spell.effects or spell.targets:
            self.read_host(spell)

    def read_modes(self, spell: Host) -> None:
        """A modal spell (700.2): its first mode is the spell ability's own effects and targets, each other
        an `addMode(new Mode(effect).addEffect(...).addTarget(...).withPawPrintValue(n))`; `getModes()`
        says how many may be chosen. The spec ability is the one the first mode's effects were read into."""
        if not spell.effects:
            raise ReadError("addMode on a spell ability without a first mode", node=spell.modes[0][1])
        ability = spell.effects[0][2]
        lines = str(ability.get("text", "")).split("\n")[1:]
        first = Host()
        first.targets, first.adjuster = spell.targets, spell.adjuster
        holder: dict[str, Any] = {"effects": []}
        first.effects = [(value, node, holder) for value, node, _ in spell.effects]
        self.read_host(first)
        modes: list[dict[str, Any]] = [{"effects": holder["effects"]}]
        modes.extend(self._mode(value, node) for value, node, _ in spell.modes)
        modal: dict[str, Any] = {"effect": "modes", "modes": modes}
        for method, argument, node in spell.mode_settings:
            if method == "withPawPrintValue":
                modes[0]["pawprints"] = _int(argument, node)
            elif method in _MODE_SETTINGS:
                modal[_MODE_SETTINGS[method]] = argument == Raw("true") if method.startswith("setMay") \
                    else _int(argument, node)
            else:
                raise ReadError(f"getModes().{method} not understood", node=node)
        for index, mode in enumerate(modes):
            said = lines[index] if index < len(lines) else (
                spell.modes[index - 1][2] if index else str(ability.get("text", "")))
            mode["text"] = _MODE_MARK.sub("", said).strip() or f"(mode {index + 1})"
        ability["effects"] = [modal]

    def _mode(self, value: Expr, node: Any) -> dict[str, Any]:
        host = Host()
        holder: dict[str, Any] = {"effects": []}
        calls: list[Call] = []
        while isinstance(value, Call) and value.receiver is not None:
            calls.append(value)
            value = value.receiver
        if not (isinstance(value, New) and value.cls == "Mode" and len(value.args) == 1):
            raise ReadError(f"mode not understood: {value.flat()[:80]}", node=node)
        host.effects.append((value.args[0], node, holder))
        mode: dict[str, Any] = {}
        for step in reversed(calls):
            if step.method == "addEffect" and len(step.args) == 1:
                host.effects.append((step.args[0], node, holder))
            elif step.method == "addTarget" and len(step.args) == 1:
                host.targets.append((step.args[0], node))
            elif step.method == "withPawPrintValue" and len(step.args) == 1:
                mode["pawprints"] = _int(step.args[0], node)
            else:
                raise ReadError(f"Mode.{step.method} not understood", node=node)
        self.read_host(host)
        mode["effects"] = holder["effects"]
        return mode

    def read_host(self, host: Host) -> None:
        adjuster, adjuster_node = host.adjuster if host.adjuster else (None, None)
        slots = Slots(host.targets, adjuster, self.filters, adjuster_node)
        reader = EffectReader(self, slots, self.filters)
        for value, node, ability in host.effects:
            if isinstance(value, New) and value.cls == "InfoEffect":
                continue  # rules text only
            found: Any = reader.top(value, node)
            ability["effects"].extend(found if isinstance(found, list) else [found])

    def integer(self, value: Expr, node: Any) -> int:
        return _int(value, node)

    def keyword(self, value: Expr) -> str | None:
        return read_keyword(value)


def _optional_trigger(value: New, position: int | None) -> tuple[New, bool]:
    """A triggered-ability class with `true` for an event's `optional` argument (its `xmage.optional_arg`), as
    `false` (the event's reader reads that), and whether it was optional."""
    if position is not None and len(value.args) > position and value.args[position] == Raw("true"):
        return New(value.cls, (*value.args[:position], Raw("false"), *value.args[position + 1:])), True
    return value, False


def _optional_effect(ability: dict[str, Any], node: Any) -> None:
    """An optional triggered ability's only effect is its "you may" (603.5), where the effect's construct
    says so (`xmage.optional_trigger`)."""
    effects = ability["effects"]
    field = EFFECTS[effects[0]["effect"]].xmage.optional_trigger if len(effects) == 1 else None
    if field is None:
        raise ReadError("an optional triggered ability whose effects can't say \"you may\" is not read", node=node)
    effects[0][field] = True


def _clean(value: Any) -> Any:
    """Drop the reader's bookkeeping keys (`_...`) before validation."""
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items() if not k.startswith("_")}
    if isinstance(value, list):
        return [_clean(item) for item in value]
    return value


_MODE_SETTINGS = {"setMinModes": "min", "setMaxModes": "max", "setMaxPawPrints": "pawprints",
                  "setMayChooseSameModeMoreThanOnce": "repeat"}
_MODE_MARK = re.compile(r"^(?:[•*]|(?:\{P\})+ (?:—|--))\s*")
"""What starts a mode's line in a comment: its bullet (`*` in XMage's own comments) or its pawprints."""

_PRINTED_NUMBER = re.compile(r"^[0-9]{1,4}[a-z]?$")
NO_TEXT = "(no rules text comment in the XMage class)"
_DOC_NAME = re.compile(r'^\s*/\*\*\s*\*\s*("(?:[^"\\]|\\.)*"):')


def _documented_name(root: Any, main: ClassDecl) -> str | None:
    """The card name a generated class states in its doc comment (`/** "Name": generated ... */`)."""
    previous = main.node.prev_named_sibling
    if previous is None or previous.type != "block_comment":
        return None
    match = _DOC_NAME.match(text(previous))
    if not match:
        return None
    try:
        return unescape(match.group(1)[1:-1], slash=True)
    except JavaEscapeError:
        return None


def _package(root: Any) -> str | None:
    from cardgen.engines.xmage.java_parse import package_name

    return package_name(root)


def _spaced(class_name: str) -> str:
    out = []
    for index, char in enumerate(class_name):
        if index and char.isupper() and not class_name[index - 1].isupper():
            out.append(" ")
        out.append(char)
    return "".join(out).strip("_") or class_name
