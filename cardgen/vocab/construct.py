"""What a construct of the spec provides, declared once: the typed groups a construct module fills.

A construct is one kind of thing a spec can say: an effect kind (`cardgen/vocab/effects/<kind>.py`), an
ability kind (`abilities/`), a trigger event (`events/`), a subject kind (`subject_kinds/`) or a value
kind (`amounts/`, `conditions/`, `durations/`). Its module defines the spec model and the functions, then
ends with one declaration, e.g.

    CONSTRUCT = EffectConstruct(
        kind="scry", model=Scry, subjects=("who",),
        text=EffectText(phrasings={...}, clause=_clause),
        forge=ForgeEffect(write=_forge, reads={"Scry": _forge_read}),
        xmage=XMageEffect(forms=(...), phrased=frozenset({"ScryEffect"})),
        rule=OneShot(resolve=_resolve),
    )

Each group below is one consumer's view of the construct (the phrasing and text check, the Forge writer
and reader, the XMage writer and reader, the resolver, the validator); each field says what it holds and
who reads it. A construct fills the groups it has (None: it has none, e.g. an effect XMage can't write).
A group's fields without a default are what the group needs; `check()` of each group says what else must
hold for it to be complete (a writer form has a reader form, ...), and `discover` refuses a construct
whose declared groups aren't (at import, so a half-declared construct never reaches a consumer). A test
walks the registry and this module: every field is read by a consumer, so nothing a construct fills is
silently ignored.

The groups hold plain callables and data. A construct module imports neither an engine nor the resolver
at run time (only the game-state kit, inside its resolver functions, and consumer types under
TYPE_CHECKING, as here), which keeps `cardgen.vocab` below every consumer in the import layers. The
callables' types name the consumer objects they are handed (`EffectWriter`, `CardLowering`, `Context`,
...): what a hook may use of the engine is what that object offers. `M` is the construct's spec model:
mypy checks each function against the model the construct declares.
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import field
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, TypeVar, dataclass_transform

if TYPE_CHECKING:
    from cardgen.canonical import CanonicalForms
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.read_model import Bag
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.forge.script import Ability as ForgeAbilityLine
    from cardgen.engines.forge.script import Keyword as ForgeKeyword
    from cardgen.engines.forge.script import Replacement as ForgeReplacement
    from cardgen.engines.forge.script import Static as ForgeStatic
    from cardgen.engines.forge.script import Trigger as ForgeTrigger
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.java_expr import Expr
    from cardgen.engines.xmage.lower import Block, CardLowering
    from cardgen.engines.xmage.lower_parts import Host
    from cardgen.engines.xmage.read_sequence import SequenceReader
    from cardgen.engines.xmage.reader import ClassReader, EffectReader
    from cardgen.engines.xmage.sequence import SequenceLowering
    from cardgen.game.context import Context
    from cardgen.game.continuous import Layers
    from cardgen.game.objects import Entity, GameObject, PendingTrigger
    from cardgen.game.state import GameState
    from cardgen.model.card import Card
    from cardgen.text.phrases import ClauseWords
    from cardgen.validate.context import CardReport
    from cardgen.vocab.forge_forms import ApiForm as ForgeApiForm
    from cardgen.vocab.java_statements import Statement
    from cardgen.vocab.pattern import Form
    from cardgen.vocab.xmage_forms import Form as XMageForm

M = TypeVar("M")
"""The construct's spec model (an effect, ability or subject class)."""
G = TypeVar("G", bound="Group")

Phrasings = Mapping[str, Sequence["Form"]]
"""Grammar rule name -> the construct's forms for that rule (`cardgen.vocab.pattern`, read both ways by
`cardgen.phrasing.forms`): `plain_effect` for one effect, `clause` for several said together, `ability`,
`trigger`, `static`, a word rule (`player_sg`, `object_word`, ...) or a rule of its own."""

SpecData = dict[str, Any]
"""A spec value as plain data (what a reader builds and the canonicaliser rewrites)."""


def _need(condition: object, problem: str) -> list[str]:
    return [] if condition else [problem]


_REQUIRED: Any = object()


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(field,))
class Group:
    """Base of the groups and constructs below: a frozen record of keyword fields declared by annotations,
    typed as a frozen keyword-only dataclass (`dataclass_transform`: mypy checks every declaration), made
    without the code `dataclasses` generates per class (which cost a one-file `cardgen validate` ~15 ms
    for these ~20 classes). A default made by `field(default_factory=...)` is made per record."""

    _fields: ClassVar[dict[str, Any]] = {}
    """Field name -> its default (`_REQUIRED`, a value, or a `dataclasses.Field` with a factory)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own: dict[str, Any] = {}
        for klass in reversed(cls.__mro__):
            for name, annotation in vars(klass).get("__annotations__", {}).items():
                if not name.startswith("_") and not str(annotation).startswith("ClassVar"):
                    own[name] = vars(klass).get(name, own.get(name, _REQUIRED))
        cls._fields = own

    def __init__(self, **values: Any) -> None:
        unknown = sorted(set(values) - set(self._fields))
        if unknown:
            raise TypeError(f"{type(self).__name__}: no field {', '.join(unknown)}")
        for name, default in self._fields.items():
            if name in values:
                value = values[name]
            elif default is _REQUIRED:
                raise TypeError(f"{type(self).__name__}: missing the field {name!r}")
            elif isinstance(default, dataclasses.Field):
                factory = default.default_factory
                if factory is dataclasses.MISSING:
                    raise TypeError(f"{type(self).__name__}: the field {name!r} has no default factory")
                value = factory()
            else:
                value = default
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields
                          if getattr(self, name) != self._fields[name])
        return f"{type(self).__name__}({shown})"


def field_names(record: Group) -> tuple[str, ...]:
    """The fields of a group or construct, in declaration order."""
    return tuple(record._fields)


def replace(record: G, **changes: Any) -> G:
    """A copy of a group or construct with some fields changed (records are frozen)."""
    return type(record)(**{**{name: getattr(record, name) for name in record._fields}, **changes})


# =============================================================================================== effects


class EffectText(Group, Generic[M]):
    """How oracle text says the effect (read by `cardgen.phrasing`, `cardgen.text.phrases`,
    `cardgen.canonical` and the validator's text check)."""

    phrasings: Phrasings
    """Its forms (see `Phrasings`); the first form of a rule that fits is how cardgen writes it. Empty only
    for a `derived` effect, which has no line of its own."""
    clause: Callable[[ClauseWords, M, Any, str | None], str | None] | None = None
    """`(words, effect, subject, target) -> clause`: the clause of one unconditional effect ("scry 2"),
    from the words handed in, the effect, its primary subject and the words for that subject when it is a
    target (None otherwise); None where it has no plain clause. Read by `text.phrases.effect_phrase`,
    which XMage's rules text and `xmage.phrased` rely on."""
    antecedents: tuple[str, ...] = ()
    """Fields whose objects a later "it" / "that creature" may point back to (`phrasing.compose`)."""
    backref_noun: str | Callable[[SpecData], str] | None = None
    """The noun a later back-reference uses for what this effect chose ("the card"), when it isn't its
    subject's ("that creature"); a hook `(effect data) -> noun` where it depends on the effect ("untap that
    land" after a search put a land onto the battlefield)."""
    own_sentence: bool = False
    """Said in a sentence of its own: "A and B at the beginning of the next end step" would read as both
    happening then."""
    printed: Callable[[M], list[tuple[tuple[str, ...], str]]] | None = None
    """`(effect) -> [(field path, text)]`: text the effect carries that a card prints (a token
    definition's rules text), checked for characters engines can't carry (CG303)."""
    canonical: Callable[[CanonicalForms, SpecData], None] | None = None
    """`(forms, effect data) -> None`: rewrites the effect's own parts into canonical form in place (a
    filter, a word list, a token); its subjects are canonical already (`cardgen.canonical`)."""
    derived: bool = False
    """Derived anyway, written out or not (the gift, 702.174b): the canonical form leaves it out."""
    joins: Callable[[SpecData, SpecData], SpecData | None] | None = None
    """`(canonical effect, the next one) -> one effect`: two effects of this kind in a row that mean one
    effect ("gains trample" then ", hexproof": gains trample and hexproof), or None when they don't
    (`cardgen.canonical`)."""
    normal: Callable[[SpecData], SpecData] | None = None
    """`(effect data) -> effect data`: a reading of the effect that is another kind's effect (a bite whose
    creature is the ability's own source is that source's damage), made so as the line is composed
    (`phrasing.compose`), so a line has one reading."""

    def check(self) -> list[str]:
        return _need(self.phrasings or self.derived, "text: no phrasings (only a derived effect has none)")


class EffectChecks(Group, Generic[M]):
    """What the validator asks of an effect beyond its schema (`cardgen.validate`)."""

    done_by_player: bool = False
    """Its `who` must be a player: an object never draws, discards or has a life total (CG119, 102.1)."""
    engine_words: Callable[[M], list[tuple[str, str, tuple[str | int, ...], bool]]] | None = None
    """`(effect) -> [(what, text, field path, is a subtype)]`: names the effect defines that engine files
    spell (a token's name and subtypes), checked like card names (CG407)."""

    def check(self) -> list[str]:
        return []


ForgeRead = Callable[["NodeReader"], "list[SpecData] | None"]
"""`(reader) -> effects`: reads the ability node whose API it is registered for (its parameters in
`reader.bag`), None when the node isn't this construct's (an API several constructs share)."""


class ForgeEffect(Group, Generic[M]):
    """How Forge is told the effect and how a Forge script is read back into it (`engines/forge`). Exactly
    one of `api`, `write`, `static`, `from_keyword` says how it reaches a script."""

    api: ForgeApiForm | None = None
    """Its one Forge API form as data (`vocab.forge_forms.ApiForm`: the API, the subject, the amount and flag
    parameters), which the writer writes and the reader reads (`engines/forge/api_forms.py`)."""
    write: Callable[[EffectWriter, M], tuple[str, Params]] | None = None
    """`(writer, effect) -> (API, parameters)` of the ability line (`DB$ Draw | NumCards$ 2`); the writer
    adds conditions, targets' sub-abilities and descriptions (`effects.EffectWriter.write`)."""
    static: Callable[[ScriptBuilder, M], Params] | None = None
    """`(builder, effect) -> parameters` after `Affected$` of a static ability's `S:Mode$ Continuous` line."""
    from_keyword: bool = False
    """Written by a keyword line of the card (the gift: Forge derives it from `K:Gift`), never as an ability."""
    reads: Mapping[str, ForgeRead] = field(default_factory=dict)
    """Forge API -> its reader (see `ForgeRead`), for every API `write` produces (`read_apis.API_READERS`)."""
    read_pump: Callable[[NodeReader, Any, dict[str, str]], SpecData | None] | None = None
    """`(reader, subject, parameters) -> effect`: the part of a `Pump`/`PumpAll` node that is this effect."""
    read_keyword: Callable[[NodeReader, Any, str, list[SpecData], dict[str, str]], bool] | None = None
    """`(reader, subject, keyword, effects, parameters) -> taken`: a `KW$` keyword of a pump that is this
    effect (protection, "life can't change"), appended to `effects`; True when it took the keyword."""
    read_static: Callable[[NodeReader, Bag, str | None], SpecData | None] | None = None
    """`(reader, effect node's parameters, duration) -> effect`: an `Effect` API node whose static ability
    (`StaticAbilities$`) is this effect."""
    read_continuous: Callable[[ScriptReader, Bag, Any], SpecData | None] | None = None
    """`(reader, parameters, affected subject) -> effect`: the part of an `S:Mode$ Continuous` line that
    is this static effect."""
    remembers: bool | Callable[[M], bool] = False
    """Later effects reach what it acted on through Forge's remembered list (a hook: for some effects)."""
    remember_param: str = "RememberChanged"
    """The parameter that makes its API remember what it acted on."""
    moves_to: str | Callable[[M], str] | None = None
    """The zone it puts what it moves into (a hook: it depends on the effect), for a later `Origin$`."""
    damage_map: bool = False
    """`simultaneous` damage joins the damage before it in one Forge damage map (one damage event)."""
    hints: Callable[[ScriptBuilder, M], list[tuple[str, str]]] | None = None
    """`(builder, effect) -> [(SVar name, value)]`: AI hints Forge's own scripts of this shape carry."""
    deck_hints: Callable[[M], tuple[tuple[str, str, str], ...]] | None = None
    """`(effect) -> [(DeckHas/DeckHints, kind, value)]`: the deck-building hints Forge's own scripts of this
    shape carry (Savor's `DeckHas:Ability$Token|LifeGain|Food` for a Food it creates)."""
    wraps: Callable[[NodeReader], Callable[[list[SpecData]], list[SpecData]] | None] | None = None
    """`(reader) -> wrap`: parameters of a node of any API that make the node's effects the effects this
    effect holds (`UnlessCost$ Forage | UnlessSwitched$ True`: "you may forage. If you do, <the node>");
    the hook takes those parameters and returns `(effects) -> effects`, or None when they aren't there."""
    describes_itself: bool = False
    """Forge prints the ability's text from the effect's own parts (a `Charm` from its modes'
    `SpellDescription$`), so the printed line is not put on it (`build.ScriptBuilder._chain`)."""

    def check(self) -> list[str]:
        ways = [self.api is not None, self.write is not None, self.static is not None, self.from_keyword]
        reads = self.api is not None or bool(self.reads) or any(hook is not None for hook in (
            self.read_pump, self.read_keyword, self.read_static, self.read_continuous, self.wraps))
        return [*_need(sum(ways) == 1, "forge: exactly one of `api`, `write`, `static`, `from_keyword`"),
                *_need(self.from_keyword or reads, "forge: a written form needs a reader (`reads` or a `read_...`)")]


class XMageSequence(Group, Generic[M]):
    """The effect as statements of a generated sequence effect's `apply` (when no framework effect fits
    a group of effects: `engines/xmage/sequence.py` writes, `read_sequence.py` reads). One reader fits
    the statements `step` writes."""

    step: Callable[[SequenceLowering, M, Any, int], list[Statement] | None]
    """`(lowering, effect, subject, indent) -> statements`, None where its framework effect can be applied
    to the objects instead (`sequence.SequenceLowering`)."""
    read_step: Callable[[SequenceReader, Any, Any], list[SpecData] | None] | None = None
    """`(reader, statement, node) -> effects`: a statement of `step`'s (None: not this one)."""
    read_loop: Callable[[SequenceReader, str, Any, str, Any], list[SpecData] | None] | None = None
    """`(reader, loop variable, loop head, flat body, node) -> effects`: a `for` loop of `step`'s."""
    read_move: Callable[[str, str | None, Any, bool], SpecData | None] | None = None
    """`(to zone, from zone, subject, by owner) -> effect`: a `moveCards` of `step`'s."""
    read_choice: Callable[[SequenceReader, Any, str, SpecData, Any], bool] | None = None
    """`(reader, statement, flat text, pending choice, node) -> taken`: a statement of a choice `step`
    makes (reveal, choose, exile)."""

    def check(self) -> list[str]:
        readers = (self.read_step, self.read_loop, self.read_move, self.read_choice)
        return _need(any(reader is not None for reader in readers), "xmage.sequence: `step` has no reader")


class XMageStatic(Group, Generic[M]):
    """The effect as a static ability's continuous effects (`lower_effects`, `read_statics`)."""

    write: Callable[[CardLowering, M], list[Any]]
    """`(lowering, effect) -> Java expressions`: the continuous effects of the static ability."""
    read: Callable[[ClassReader, Any, Any], SpecData | None]
    """`(reader, expression, node) -> effect`: one continuous effect `write` produces (None: not this)."""
    text: Callable[[Any], str | None] | None = None
    """`(expression) -> text`: XMage's own text of an effect `write` produces, for the rules-text check."""
    read_together: Callable[[ClassReader, SpecData, SpecData, Any], SpecData] | None = None
    """`(reader, first, next, node) -> effect`: two read parts that are one spec effect ("gets +1/+1 and
    has flying")."""

    def check(self) -> list[str]:
        return []


class XMageEffect(Group, Generic[M]):
    """How the effect is an XMage framework effect, and read back (`engines/xmage`). The framework
    effects are `forms` (`vocab.xmage_forms.Form`: one table the writer and the reader share) or built by
    `framework`; a `static` effect is written as continuous effects."""

    forms: tuple[XMageForm, ...] = ()
    """The framework effects, in the order the writer tries them (the first that fits is written); the
    reader finds one by class name and argument count (`engines/xmage/forms.py` says the argument words)."""
    read_forms: tuple[XMageForm, ...] = ()
    """XMage's shorter spellings of `forms`, read but never written."""
    shapeless: bool = False
    """Its forms take no subject: they are told apart by `fixed` values (else by the primary subject's shape)."""
    when: Mapping[str, Callable[[CardLowering, Host, M, str | None], bool]] = field(default_factory=dict)
    """A form's `when` test of its own: name -> `(lowering, host, effect, zone) -> fits`."""
    read_when: Mapping[str, str] = field(default_factory=dict)
    """The zone the reader checks for each of its own `when` tests (the rest of each test is the writer's)."""
    args: Mapping[str, Callable[[CardLowering, M], list[Expr]]] = field(default_factory=dict)
    """An argument word of its own: word -> `(lowering, effect) -> Java arguments`."""
    read_args: Mapping[str, Callable[[EffectReader, Any, SpecData, Any], bool]] = field(default_factory=dict)
    """Each of its own argument words read back: word -> `(reader, argument, effect, node) -> greatest`,
    folding the argument into `effect` (True: a greatest-power filter); raises `reader.NoMatch`."""
    covers: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The spec fields each of its own argument words and `when` tests writes or tells apart: word or test
    name -> fields. A form fits only effects whose fields it carries or which are unset (`xmage_forms`)."""
    unexpressed: Mapping[str, str] = field(default_factory=dict)
    """Fields its forms knowingly do not write, each with the reason (a known gap of the XMage writer,
    which the round-trip tests list): field -> why. Any other field a form doesn't carry makes it not fit."""
    framework: Callable[..., tuple[Any, bool, Any] | None] | None = None
    """`(lowering, host, effect, *, ref_as_target, zone_of_ref, keyword) -> (expression, continuous, slot)`:
    builds the framework effect itself where `forms` can't say it (None: use the forms)."""
    read_classes: Mapping[str, Callable[[EffectReader, Any, int, Any, Any, str | None],
                                        SpecData | list[SpecData] | None]] = field(default_factory=dict)
    """XMage class -> `(reader, expression, pointer index, node, subject, zone) -> effect` (or the effects, in
    order, of one framework class that does several): a class the forms don't describe (what `framework`
    builds), None when it isn't this shape."""
    read_local: Callable[[EffectReader, Any, Any, Any, str], SpecData | None] | None = None
    """`(reader, class, expression, node, text) -> effect`: an effect class of the card's own file that is
    this effect (`read_own_classes`)."""
    read_instead: Callable[[SpecData, SpecData, SpecData], SpecData | None] | None = None
    """`(effect when the condition doesn't hold, effect when it does, condition) -> effect`: a
    `ConditionalOneShotEffect(<when it holds>, <otherwise>, condition, text)` of a condition on the game, read as
    the one spec effect of this kind that says both (a mana amount asked "instead"); None when they are not."""
    read_together: Callable[[list[SpecData]], SpecData | None] | None = None
    """`(parts) -> effect`: several effects of one `AddContinuousEffectToGame` as one spec effect."""
    read_subject: Callable[[EffectReader, XMageForm, SpecData, Any, Any], None] | None = None
    """`(reader, form, effect, subject, node)`: puts a form's subject into the effect's fields (else the
    subject field gets it)."""
    read_finish: Callable[[XMageForm, SpecData, bool], None] | None = None
    """`(form, effect, greatest)`: completes the effect once its form is read."""
    continuous: bool = False
    """Its framework effects are continuous (written through `AddContinuousEffectToGame` in a sequence)."""
    unsupported_hint: Callable[[M], str] | None = None
    """`(effect) -> words` added to "no framework effect for ..." when no form fits."""
    pointer_stable: bool = False
    """Its framework effect leaves its target pointer as it was, so a later effect may point at it too."""
    own_pointers: bool = False
    """Its framework effect chooses its own targets' pointers (fight: `FightTargetsEffect`)."""
    moves_objects: bool = False
    """It moves objects to another zone (a later effect of the same objects needs a sequence effect)."""
    stands_alone: bool = False
    """It is never combined into a sequence effect with others."""
    needs_sequence: Callable[[M], bool] | None = None
    """`(effect) -> bool`: it can only be written inside a sequence effect."""
    inner_effects: str | None = None
    """The field holding the effects it runs later (a delayed trigger's), lowered as their own abilities."""
    gift_ability: bool = False
    """It is the gift (XMage's `GiftAbility` gives it): no effect of the ability."""
    removes_your_lands: Callable[[M], bool] | None = None
    """`(effect) -> bool`: it takes the controller's lands away (phasing out), so the generated test
    doesn't tap them for mana afterwards."""
    decisions: Mapping[str, str] = field(default_factory=dict)
    """Resolver decision purpose -> how XMage's test player is asked it (`scenario_play`)."""
    watcher: str | None = None
    """The framework watcher its framework effect reads that the game doesn't add itself
    (`AbilityResolvedWatcher`): a triggered ability doing it adds one (`.addWatcher(new ...())`), as XMage's own
    cards do; None: none."""
    phrased: frozenset[str] = frozenset()
    """Framework classes whose own text is `text.clause` of the effect (the rules-text check trusts them)."""
    optional_trigger: str | None = None
    """The effect's boolean field for "you may" (`optional`) that its framework effects can't say: as the only
    effect of a triggered ability it is said by the triggered ability being optional instead (603.5; XMage's
    own cards: `new EntersBattlefieldTriggeredAbility(effect, true)`, the event's `xmage.optional_arg`), and an
    optional triggered ability's only effect is read with the field true (`abilities/triggered`, the reader's
    `start_ability`); None: its forms say it, or nothing does."""
    sequence: XMageSequence[M] | None = None
    """Its statements in a sequence effect, where it has any."""
    static: XMageStatic[M] | None = None
    """Its continuous effects as a static ability, for a static effect."""

    def check(self) -> list[str]:
        problems = [f"xmage.{name}" + ": " + problem for name, group in (("sequence", self.sequence),
                    ("static", self.static)) if group is not None for problem in group.check()]
        if self.framework is not None and not (self.read_classes or self.read_local or self.read_together):
            problems.append("xmage: `framework` has no reader (`read_classes`, `read_local` or `read_together`)")
        unknown = sorted(set(self.covers) - set(self.args) - set(self.when))
        if unknown:
            problems.append(f"xmage.covers: names no argument word or `when` test of its own: {', '.join(unknown)}")
        missing = sorted(set(self.args) ^ set(self.read_args))
        if missing:
            problems.append(f"xmage: argument words written or read one way only: {', '.join(missing)}")
        return problems


class OneShot(Group, Generic[M]):
    """An effect of a resolving spell or ability (`cardgen.resolver.effects`)."""

    resolve: Callable[[Context, M], list[Entity]]
    """`(context, effect) -> entities`: does the effect (608.2); returns what it acted on, which later
    effects name with `{ref: id}`."""
    tokens: Callable[[], Mapping[str, tuple[Any, ...]]] | None = None
    """`() -> {token name: its activated abilities}`: the tokens it creates that no spec writes out
    (investigate's Clue), for the scenario writers that name a permanent by its name (`activate: Clue`)."""

    def check(self) -> list[str]:
        return []


class Continuous(Group, Generic[M]):
    """An effect of a static ability (`cardgen.game.continuous`, through `vocab.game_tables`)."""

    layer: int
    """The layer it applies in (613): 2 for who controls what, decided before the later layers."""
    apply: Callable[[GameState, GameObject, M, GameObject, Layers], None]
    """`(state, source, effect, object, layers)`: applies the effect of `source` to `object`."""

    def check(self) -> list[str]:
        return []


class EffectConstruct(Group, Generic[M]):
    """One effect kind (`effect: <kind>` in a spec). `rule` says whether it is one step of a resolution
    (`OneShot`: a member of the spec's `Effect` union) or an effect of a static ability (`Continuous`:
    `StaticEffect`)."""

    kind: str
    model: type[M]
    subjects: tuple[str, ...] = ()
    """The fields naming the objects or players it acts on, primary first: the one definition every
    walker uses (targets, references, canonical form)."""
    text: EffectText[M]
    forge: ForgeEffect[M]
    rule: OneShot[M] | Continuous[M]
    xmage: XMageEffect[M] = field(default_factory=XMageEffect)
    """Left out where XMage has no form for the effect (its writer then says so)."""
    checks: EffectChecks[M] = field(default_factory=EffectChecks)

    @property
    def is_static(self) -> bool:
        return isinstance(self.rule, Continuous)

    def check(self) -> list[str]:
        return _checked(self, ("text", "forge", "xmage", "rule", "checks"))


# ============================================================================================= abilities


class AbilityText(Group, Generic[M]):
    """How oracle text says the ability (`cardgen.phrasing`) and how `cardgen new` guesses it."""

    phrasings: Phrasings
    """Its forms, usually of the `ability` rule (see `Phrasings`)."""
    order: int
    """Where its forms stand among the ability kinds' (the order readings are tried: a spell's last)."""
    compose: Callable[[SpecData, str, bool, set[str], Any], Any] | None = None
    """`(reading, line, is a spell, ids taken, compose) -> ability data`: the spec ability of one parse of
    a line (None: no reading on this card; without the hook the parse itself). `compose(sentences,
    taken)` makes the effects of the parsed sentences (`phrasing.compose`)."""
    render: Callable[[SpecData, Any], SpecData | None] | None = None
    """`(ability data, sentences_of) -> value to render`: the grammar value of the ability (without the
    hook the data itself); `sentences_of(effects)` gives its effects' sentences, None where they have none."""
    guess: Callable[[str, bool], str | bool] | None = None
    """`(line, is a spell) -> kind or bool`: whether `cardgen new` drafts a line as this kind."""
    line: Callable[[M], str] | None = None
    """`(ability) -> oracle line` of a kind whose line is derived, not stored in the spec ("Reach",
    "Enchant creature", "Equip {3}"; `model.derive.ability_text`)."""

    def check(self) -> list[str]:
        return _need(self.phrasings, "text: no phrasings")


class AbilityCanonical(Group):
    """The ability in the canonical card the readers' results are compared by (`cardgen.canonical`)."""

    order: int
    """Where abilities of the kind stand in the canonical card."""
    rewrite: Callable[[Any, SpecData], SpecData | None] | None = None
    """`(kit, ability data) -> ability data`: the ability in canonical form (None: it is derived anyway);
    the kit is the canonicaliser's (`filter`, `own_parts`, `derived`)."""
    joined: bool = False
    """All abilities of the kind are one (their effects and texts joined)."""
    split: bool = False
    """An ability of several effects is one ability per effect."""
    chain: bool = False
    """Its effects are a chain whose ids and "instead"s are made canonical."""

    def check(self) -> list[str]:
        return []


class ForgeAbility(Group, Generic[M]):
    """The ability's line(s) in a Forge script and how they are read back (`engines/forge/build.py`,
    `reader.py`). The script line kinds a card has: `K:` (keyword), `SP$` (the spell, claimed by one
    kind), `T:` (triggers, one kind), `S:` (statics, one kind), `A:AB$` (activated), a spell's cost."""

    keyword: Callable[[ScriptBuilder, M], ForgeKeyword | None] | None = None
    """`(builder, ability) -> K: line` (None: this one has no line, as a Class's level 1)."""
    read_keyword: Callable[[ScriptReader, str], list[SpecData] | None] | None = None
    """`(reader, K: value) -> abilities`: a keyword line `keyword` writes (None: not this kind's)."""
    spell_part: bool = False
    """Its effects are the card's `SP$` chain (one kind: the reader reads `SP$` as it)."""
    spell_cost: Callable[[ScriptBuilder, M], tuple[str, str]] | None = None
    """`(builder, ability) -> (Cost$ part, CostDesc$ text)`: a part of the spell's cost."""
    read_cost: Callable[[ScriptReader, str, str], SpecData | None] | None = None
    """`(reader, cost part, description) -> ability`: a `Cost$` part `spell_cost` writes."""
    trigger: Callable[[ScriptBuilder, M], ForgeTrigger | None] | None = None
    """`(builder, ability) -> T: line` (None: Forge derives it; one kind: the reader reads `T:` as it)."""
    statics: Callable[[ScriptBuilder, M], list[ForgeStatic]] | None = None
    """`(builder, ability) -> S: lines` (one kind: the reader reads `S:` as it)."""
    mode_static: Callable[[ScriptBuilder, M], ForgeStatic] | None = None
    """`(builder, ability) -> S: line` of a static mode other than `Continuous` (`Mode$ ReduceCost`), which
    `read_mode_static` reads back."""
    read_mode_static: Callable[[ScriptReader, Params], SpecData | None] | None = None
    """`(reader, parameters) -> ability`: an `S:` line `mode_static` writes (None: not this kind's)."""
    ability: Callable[[ScriptBuilder, M], ForgeAbilityLine] | None = None
    """`(builder, ability) -> A: line`."""
    replacement: Callable[[ScriptBuilder, M], ForgeReplacement | None] | None = None
    """`(builder, ability) -> R: line` (a replacement effect; the SVar it names made with the builder; None:
    this one has none)."""
    read_replacement: Callable[[ScriptReader, Params], SpecData | None] | None = None
    """`(reader, parameters) -> ability`: an `R:` line `replacement` writes (None: not this kind's)."""
    read_join: Callable[[list[SpecData]], list[SpecData]] | None = None
    """`(abilities read from the script) -> abilities`: the abilities of other kinds a script says on lines of
    their own that are part of an ability of this kind's one printed line, folded into it (Forge's "enters
    tapped" `R:` line beside its `K:ETBReplacement` choice: "This land enters tapped. As it enters, choose a
    color.")."""
    read_ability: Callable[[ScriptReader, Params], SpecData] | None = None
    """`(reader, parameters) -> ability`: an `A:AB$` line `ability` writes."""
    aura: bool = False
    """The card is an Aura (`K:Enchant`): its abilities are written as an Aura's."""
    deck_hints: Callable[[M], tuple[tuple[str, str, str], ...]] | None = None
    """`(ability) -> [(DeckHas/DeckHints, kind, value)]`: the deck-building hints it gives."""
    hints: Callable[[ScriptBuilder, M], list[tuple[str, str]]] | None = None
    """`(builder, ability) -> [(SVar name, value)]`: AI hints Forge's own scripts with this ability carry."""
    read_restated: Callable[[ScriptReader, Params, list[SpecData]], bool] | None = None
    """`(reader, A: line's parameters, abilities read so far) -> True` for a line of Forge's own scripts that
    only restates this ability (never written): an older Aura's `A:SP$ Attach | ValidTgts$ Creature` beside
    its `K:Enchant creature`. The reader reads such a line as nothing."""

    def check(self) -> list[str]:
        writers = (self.keyword, self.spell_cost, self.trigger, self.statics, self.ability, self.replacement,
                   self.mode_static)
        return [
            *_need(self.spell_part or any(writer is not None for writer in writers), "forge: no line form"),
            *_need(self.keyword is None or self.read_keyword is not None, "forge: `keyword` has no `read_keyword`"),
            *_need(self.spell_cost is None or self.read_cost is not None, "forge: `spell_cost` has no `read_cost`"),
            *_need(self.ability is None or self.read_ability is not None, "forge: `ability` has no `read_ability`"),
            *_need(self.replacement is None or self.read_replacement is not None or self.read_join is not None,
                   "forge: `replacement` has no `read_replacement`"),
            *_need(self.mode_static is None or self.read_mode_static is not None,
                   "forge: `mode_static` has no `read_mode_static`"),
        ]


class XMageAbility(Group, Generic[M]):
    """The ability in an XMage card class and how it is read back (`engines/xmage/lower.py`, `reader.py`)."""

    block: Callable[[CardLowering, M], Block]
    """`(lowering, ability) -> block`: the constructor statements that add the ability."""
    spell_part: bool = False
    """Its effects are the spell ability's (one kind: the reader reads `getSpellAbility()` as it)."""
    trigger_part: bool = False
    """A triggered ability an event's `read_trigger` reads back is one of this kind (one kind)."""
    static_part: str | None = None
    """The framework class of its abilities (`SimpleStaticAbility`), which the reader reads as it (one kind)."""
    read_added: Callable[[ClassReader, Any, Any, Any], SpecData | None] | None = None
    """`(reader, expression, node, pending) -> ability`: an `addAbility(...)` of a framework ability that
    is this kind (a keyword, an Aura's enchant, an equip)."""
    read_start: Callable[[ClassReader, Any, str, Any], tuple[SpecData, Any] | None] | None = None
    """`(reader, expression, comment, node) -> (ability, first effect)`: the start of an ability block
    `block` writes (`new SimpleActivatedAbility(effect, cost)`)."""
    read_add_cost: Callable[[ClassReader, SpecData, Any, Any], None] | None = None
    """`(reader, ability, cost, node)`: an `ability.addCost(...)` of a block `read_start` began."""
    read_cost: Callable[[ClassReader, Any, str, Any], SpecData | None] | None = None
    """`(reader, cost, comment, node) -> ability`: a spell cost `block` adds (an additional cost)."""
    wrap_level: Callable[[CardLowering, Any, Any, Expr], Expr] | None = None
    """`(lowering, this ability, a later ability of its level, expression added) -> expression`: for a kind
    with `rule.level`, how the abilities of its level are added (`new SimpleStaticAbility(new
    GainClassAbilitySourceEffect(ability, 2))`), or the expression itself for one added as it is."""
    unwrap_added: Callable[[ClassReader, Any], Any] | None = None
    """`(reader, argument of addAbility) -> expression of the ability it adds`: what `wrap_level` writes, read
    back (None: not this kind's form)."""
    read_merge: Callable[[SpecData, SpecData], SpecData | None] | None = None
    """`(earlier, later) -> ability`: two abilities of this kind one commented block adds, read as the one
    spec ability `block` wrote as both ("{T}: Add {R} or {G}." as a red and a green mana ability), or None
    when they are two."""
    decisions: Mapping[str, str] = field(default_factory=dict)
    """Resolver decision purpose -> how XMage's test player is asked it (`scenario_play`), for a decision the
    resolver asks while playing an ability of this kind (ward's "pay?")."""

    def check(self) -> list[str]:
        readers = (self.spell_part, self.trigger_part, self.static_part, self.read_added, self.read_start,
                   self.read_cost)
        return [*_need(any(reader for reader in readers), "xmage: `block` has no reader"),
                *_need(self.read_start is not None or self.read_add_cost is None,
                       "xmage: `read_add_cost` without `read_start`")]


class AbilityRule(Group, Generic[M]):
    """How the resolver plays the ability kind beyond its effects (`cardgen.resolver`)."""

    activated: bool = False
    """A permanent's ability of this kind is activated by its controller (`resolver/activating.py`):
    costs paid, then the stack, or at once for a mana ability."""
    resolve_effect: Any = None
    """The spec effect an ability of this kind does as it resolves, where the spec lists none (equip:
    attach to the target creature, 702.6a), for `resolver/casting.py`."""
    enters_tapped: bool = False
    """A permanent with an ability of this kind enters the battlefield tapped (a replacement effect,
    614.1c), however it enters (`cardgen.game.zones`)."""
    as_enters: Callable[[GameState, GameObject, M, str], None] | None = None
    """`(state, permanent, ability, controller)`: what an ability of this kind does as its permanent enters
    the battlefield, however it enters (a replacement effect, 614.12: a choice made as it enters, 614.12a,
    kept in `GameObject.chosen`), before any ability triggers on its entering (`cardgen.game.zones`, through
    `game_tables`); None: nothing."""
    cost_reduction: Callable[[GameState, GameObject, M, str], int] | None = None
    """`(state, spell, ability, caster) -> generic mana`: how much less the spell this ability is on costs as
    its total cost is determined (601.2f; `resolver/casting.py` takes it off the generic part only, never
    below {0}); None: it changes no cost."""
    spells_cost_less: Callable[[GameState, GameObject, M, GameObject, str], int] | None = None
    cast_cost: Callable[[GameState, GameObject, M, str], tuple[int, Callable[[], None]]] | None = None
    """`(state, spell, ability, caster) -> (mana, pay)`: an additional cost of alternatives the caster
    chooses between as the spell is cast (601.2b; "forage or pay {B}"), asking them when there is a choice:
    the mana it adds to the total cost (601.2f) and `pay()`, which pays the rest of it once every check of
    the cast has passed (601.2h; `resolver/casting.py`); None: no such cost."""
    grants_flash: Callable[[GameState, GameObject, M, GameObject, str], bool] | None = None
    """`(state, permanent, ability, card, caster) -> bool`: whether the caster may cast the card as though it
    had flash (702.8a) while a permanent with an ability of this kind is on the battlefield
    (`resolver/casting.py`); None: it changes no timing."""
    """`(state, permanent, ability, spell, caster) -> generic mana`: how much less a spell costs as its total
    cost is determined (601.2f) while a permanent with an ability of this kind is on the battlefield
    (`resolver/casting.py`, with the spell's own `cost_reduction`s: only the generic part, never below {0})."""
    activation: Callable[[M], Any] | None = None
    """`(ability) -> activated ability`: the activated ability an ability of this kind is, for a kind whose
    line is derived ("{W}: Level 2" is "{W}: this Class's level becomes 2; activate only if it is level 1 and
    only as a sorcery", 716.2a): what the resolver activates (`resolver/activating.py`) and the XMage test
    writer names. It has an activated ability's `text`, `cost`, `effects`, `mana`, `spend_only` and `timing`,
    and `restriction`: `(state, object) -> None, or why it can't be activated now`."""
    level: Callable[[M], int] | None = None
    """`(ability) -> N`: the abilities after it on the card, up to the next one of this kind, are the
    abilities of level N of a Class, which the permanent has only while its level is N or greater
    (716.2b; `model.derive.class_levels`): the resolver asks it, both engines' writers group them, and the
    canonical card keeps them in their level."""
    targeted: Callable[[GameState, GameObject, M, str, int], PendingTrigger | None] | None = None
    """`(state, permanent, ability, player, spell or ability id) -> trigger`: the triggered ability an ability
    of this kind is when its permanent becomes the target of a spell or ability `player` controls (ward,
    702.21a), or None when it doesn't trigger (`cardgen.game.triggers.became_target`, through `game_tables`)."""
    restriction: Callable[[M], tuple[str, int]] | None = None
    """`(ability) -> (kind, number)`: the blocking restriction (509.1b) an ability of this kind puts on its
    permanent (`cardgen.resolver.combat`): `cant_block`, `cant_be_blocked`, `blocker_power_min` (only
    creatures with at least that power can block it), `blocker_power_max`; None: none."""
    keeps_tapped: Callable[[GameState, GameObject, M], list[GameObject]] | None = None
    """`(state, permanent, ability) -> permanents`: the permanents an ability of this kind keeps from untapping
    in their controller's untap step (502.3; `resolver/turns.py`, through `game_tables`); None: none."""

    def check(self) -> list[str]:
        return []


class AbilityChecks(Group, Generic[M]):
    """What the validator asks of the ability kind (`cardgen.validate`)."""

    structure: Callable[[CardReport, Card, list[int]], None] | None = None
    """`(report, card, indexes)`: what the kind asks of the card it is on, given the indexes of the card's
    abilities of this kind (none, too: a kind may be required, an instant's spell ability)."""
    promise_words: bool = False
    """Its text saying "if the gift was promised" must be a test in its structure (CG304)."""
    gift_trigger: Callable[[M], bool] | None = None
    """`(ability) -> bool`: it is a permanent's own gift trigger written out (702.174b)."""
    spell_part: bool = False
    """Its effects are an instant's or sorcery's, where the gift comes first (702.174j)."""

    def check(self) -> list[str]:
        return []


class AbilityConstruct(Group, Generic[M]):
    """One ability kind (`kind: <kind>` of a spec's `abilities`); a member of the spec's `Ability` union.
    It acts through its effects (their constructs say each)."""

    kind: str
    model: type[M]
    text: AbilityText[M]
    canonical: AbilityCanonical
    forge: ForgeAbility[M]
    xmage: XMageAbility[M]
    rule: AbilityRule[M] = field(default_factory=AbilityRule)
    checks: AbilityChecks[M] = field(default_factory=AbilityChecks)

    def check(self) -> list[str]:
        return _checked(self, ("text", "canonical", "forge", "xmage", "rule", "checks"))


# ================================================================================================ events


class EventText(Group):
    """How a triggered ability's line says the event."""

    phrasings: Phrasings
    """Its forms of the `trigger` rule ("when {s:self} enters")."""
    order: int
    """Where its forms stand among the events' (the order readings are tried)."""
    trigger_phrase: str | Callable[[Any], str]
    """How the printed line starts, `{this}` the card's name ("When {this} enters, "), for XMage's rules text;
    for an event with a model, `(event) -> phrase` ("Whenever you expend 4, ")."""
    names_self: bool = False
    """The event's object is the permanent itself ("whenever this creature becomes the target ..."): an "it"
    of the effects with nothing before it to point at is that permanent ("put a +1/+1 counter on it")."""

    def check(self) -> list[str]:
        return _need(self.phrasings, "text: no phrasings")


class ForgeEvent(Group):
    """The event's `T:` line head and how it is read back."""

    trigger: Callable[[ScriptBuilder, Any, Any], tuple[str, Params]]
    """`(builder, intervening if, event) -> (Mode$, parameters)` of the trigger line (`event`: the spec's
    value, a word or the event's model)."""
    reads: Mapping[str, Callable[[ScriptReader, Bag, str], SpecData | None]]
    """`Mode$` -> `(reader, parameters, line) -> {event, intervening_if}` for the modes `trigger` writes; None
    for a line of that mode that is another event's (two events share `ChangesZone`)."""
    deck_hints: tuple[tuple[str, str, str], ...] = ()
    """Deck-building hints a trigger on it gives."""
    hints: Callable[[Any], list[tuple[str, str]]] | None = None
    """`(event) -> [(SVar name, value)]`: AI hints Forge's own scripts with a trigger on it carry
    (`HasAttackEffect:TRUE` for "whenever this creature attacks")."""
    joins: tuple[str, ...] = ()
    """For an event Forge says with several `T:` lines ("when this enters or dies"): the word events whose
    lines it is, in order. The writer writes the first's line and each other's with `Secondary$ True`, the
    same `Execute$` and description; the reader joins such a line into the trigger before it (`trigger` and
    `reads` are then the first's)."""
    join_values: Callable[[Any], list[Any]] | None = None
    """For such an event with a model: `(event) -> values`, the value of each of `joins`' events, in order
    (`{enters_and_expend: 4}` -> `["enters", Expend(expend=4)]`, each as its event's `trigger` takes it); None:
    the words themselves."""
    read_join: Callable[[list[Any]], Any] | None = None
    """`(the joined lines' events) -> event`: the value `join_values` was given, read back; None: the event's
    kind (a word)."""

    def check(self) -> list[str]:
        return _need(self.reads, "forge: `trigger` has no reader")


class XMageEvent(Group):
    """The event's triggered-ability class and how it is read back."""

    trigger: Callable[[CardLowering, Expr, Any], Any]
    """`(lowering, first effect, event) -> expression`: the triggered ability around its first effect."""
    read_trigger: Callable[[ClassReader, Any, Any, Any], Any]
    """`(reader, expression, host, node) -> first effect expression`, None when it is not this event's."""
    read_event: Callable[[ClassReader, Any], SpecData] | None = None
    """`(reader, expression) -> event`: the spec's event of an expression `read_trigger` took, for an event
    with a model (None: the event's kind, a word)."""
    conditioned: bool = False
    """`trigger` writes calls on the class (`new AttacksTriggeredAbility(e).withTriggerCondition(c)...`): the
    reader hands `read_trigger` the whole chain of calls, where an event's class alone is a `new`."""
    optional_arg: int | None = None
    """Where the triggered-ability class `trigger` writes takes its `optional` boolean (603.5: "you may ..."
    of its only effect, where the effect says so with `xmage.optional_trigger`): `true` inserted there, and
    read back (`new EntersBattlefieldTriggeredAbility(effect, true)`: 1); None: no optional form."""

    def check(self) -> list[str]:
        return []


class EventRule(Group):
    """How the resolver sees the event happen (`cardgen.game.triggers`, through `vocab.game_tables`)."""

    happening: str
    """The happening of the game (`cardgen.game.happenings`) that is this event."""
    also: tuple[str, ...] = ()
    """Other happenings that are this event too ("when this enters or dies": entering and dying)."""
    gives_gift: bool = False
    """A permanent's gift is given by a trigger on this event (702.174b: entering), for the validator."""
    matches: Callable[[GameState, GameObject, Any, Mapping[str, Any]], bool] | None = None
    """`(state, source, event, what happened) -> triggers`: whether a happening triggers an ability of
    `source` on this event (the mana it expended, the spell cast, whose life changed); None: every happening
    of its kind does."""

    def check(self) -> list[str]:
        return []


class EventConstruct(Group):
    """One trigger event (`event: <event>` of a triggered ability)."""

    kind: str
    text: EventText
    forge: ForgeEvent
    xmage: XMageEvent
    rule: EventRule
    model: type | None = None
    """The spec model of an event said with words of its own (`event: {expend: 4}`, told apart from the other
    events' models by its one required key); None: the event is a word (`event: enters`)."""

    def check(self) -> list[str]:
        problems = _checked(self, ("text", "forge", "xmage", "rule"))
        if self.model is not None and self.xmage.read_event is None:
            problems.append("xmage: an event with a model has no `read_event`")
        return problems


# ============================================================================================== subjects


class SubjectText(Group):
    """How a clause says the subject (`cardgen.phrasing.forms`, `cardgen.text.phrases`)."""

    phrasings: Phrasings = field(default_factory=dict)
    """The word's forms (`object_word`, `player_sg`, `subject_pl`)."""
    player_word: str | None = None
    """How a rules-text clause names a group of players ("each opponent")."""

    def check(self) -> list[str]:
        return _need(self.phrasings or self.player_word, "text: nothing declared")


class ForgeSubject(Group):
    """How a Forge line names the subject (`engines/forge`)."""

    defined: str | Callable[[EffectWriter, Any, bool], Params] | None = None
    """A word's `Defined$` value, or for a shape `(writer, subject, names a player) -> parameters`."""
    default: Literal["player", "object"] | None = None
    """The subject is what Forge assumes when `Defined$` is left out of a player's / an object's effect."""
    player_group: str | None = None
    """The `Caster$`/`ValidPlayer$` word for this group of players."""
    affected: str | Callable[[ScriptBuilder, Any], str] | None = None
    """A static's `Affected$`: the value for a word, `(builder, subject) -> value` for a shape."""
    read_affected: tuple[str, ...] = ()
    """The `Affected$` values read back as this word."""
    read_defined: tuple[str, ...] = ()
    """Other `Defined$` values Forge's own scripts name this word with, read back as it (never written):
    `Player.Opponent` is every player that passes `Player.Opponent`, which is `Opponent`."""

    def check(self) -> list[str]:
        return _need(self.affected is None or callable(self.affected) or self.read_affected,
                     "forge: `affected` has no `read_affected`")


class XMageSubject(Group):
    """What XMage can't say about the subject."""

    unsupported: tuple[str, str]
    """(message, rule): no framework effect can name this subject."""

    def check(self) -> list[str]:
        return []


class SubjectRule(Group):
    """What the subject names in a game (`cardgen.game.context.Context.subject`, through `game_tables`)."""

    resolve: Callable[[Context, Any, str], list[Entity]]
    """`(context, subject, field name) -> entities`: what it names as the effect resolves."""
    static_affects: Callable[[GameState, GameObject, Any, GameObject, str], bool] | None = None
    """`(state, source, subject, object, you) -> bool`: whether a static ability's subject affects `object`."""

    def check(self) -> list[str]:
        return []


class SubjectConstruct(Group):
    """One subject kind: `kind` is the word itself (`each_opponent`) or the shape's key (`target`, `ref`,
    `all`), `model` the spec class of a shape (`str` for a word)."""

    kind: str
    model: type
    names: Literal["player", "object"] | None = None
    """For a word: whether it names a player or an object (the model's `PlayerWord`/`ObjectWord`)."""
    text: SubjectText | None = None
    forge: ForgeSubject
    xmage: XMageSubject | None = None
    rule: SubjectRule

    def check(self) -> list[str]:
        return [*_checked(self, ("text", "forge", "xmage", "rule")),
                *_need((self.model is str) == (self.names is not None), "a word says what it `names`; a shape doesn't")]


# ========================================================================================== value kinds


class AmountText(Group):
    """How oracle text says a counted amount (`cardgen.phrasing.forms`)."""

    phrasings: Phrasings
    """Its forms, of the rules an effect's forms say a count with: `cards` ("X cards", "cards equal to the
    number of cards in your hand", where `draw {n:cards}` says how many) and `for_each` (" for each
    opponent you have", after what is counted). Empty for the number, which the grammar's number rules
    say."""

    def check(self) -> list[str]:
        return []


class ForgeAmount(Group, Generic[M]):
    """How a Forge parameter says the amount (`engines/forge`: the kit's `number`, the reader's `amount`)."""

    write: Callable[[Any, M], str]
    """`(writer, amount) -> value`: the parameter's value (`2`) or, for a count, its SVar's (`SVar:X:...`)."""
    read: Callable[[str], Any]
    """`(value) -> amount`: a value `write` writes, as spec data; None when it is not this kind's."""
    svar: bool = True
    """The value is a count SVar's (`NumCards$ X` with `SVar:X:<value>`); False for the number itself."""

    def check(self) -> list[str]:
        return []


class XMageAmount(Group, Generic[M]):
    """How an XMage constructor's argument says the amount (`lower_effects.argument`, `reader.argument`)."""

    write: Callable[[CardLowering, M], Expr]
    """`(lowering, amount) -> expression`: the argument (`2`, `OpponentsCount.instance`)."""
    read: Callable[[Any], Any]
    """`(expression) -> amount`: an argument `write` writes, as spec data; None when it is not this kind's."""
    dynamic: bool = True
    """The argument is a `DynamicValue`, which only a form's `dynamic_amount` argument (a constructor with
    that overload) takes; False for the number, which every amount argument takes."""

    def check(self) -> list[str]:
        return []


class AmountRule(Group, Generic[M]):
    """What the amount is in a game (`cardgen.game.context.Context.amount`, through `vocab.game_tables`)."""

    evaluate: Callable[[Context, M], int]
    """`(context, amount) -> number`: its value as the effect resolves (608.2h)."""

    def check(self) -> list[str]:
        return []


class AmountConstruct(Group, Generic[M]):
    """One kind of amount an effect's `amount` may be: the number itself (`amount: 2`, model `int`) or a
    count (`amount: {count: <kind>}`, told apart by `count`), one module each under `cardgen/vocab/amounts/`."""

    kind: str
    model: type[M]
    text: AmountText
    forge: ForgeAmount[M]
    xmage: XMageAmount[M]
    rule: AmountRule[M]

    def check(self) -> list[str]:
        return _checked(self, ("text", "forge", "xmage", "rule"))


class ConditionText(Group):
    """How oracle text says the condition (`cardgen.phrasing.forms`, `cardgen.text.abilities`)."""

    words: str
    """The condition as printed after "if": "the gift was promised" (for a condition with a model, the words
    of its kind: "you control a [permanent]")."""
    phrasings: Phrasings
    """Its forms of the `prefix` ("if the gift was promised, "), `suffix` (" if the gift was promised"),
    `intervening` and `as_long_as` rules (a static's condition, "as long as you control a token, ")."""
    words_of: Callable[[Any], str] | None = None
    """`(condition) -> words`: the words printed after "if" for one value of a condition with a model ("you
    control a Rabbit"); None: `words`."""

    def check(self) -> list[str]:
        return _need(self.phrasings, "text: no phrasings")


class ForgeCondition(Group):
    """The condition on a Forge line (`effects.EffectWriter.conditions`, an event's trigger head) and read
    back (`read_apis`: by what `rule.holds` says on either side of the promise). A condition on the game
    (`rule.game`) has no promise count: it is said on a phase trigger by `trigger_check` alone."""

    compare: str | None = None
    """`ConditionCompare$` against the promise count (`EQ1`); None for a condition that isn't the promise's
    (an effect's or a static's condition refuses it)."""
    default_compare: str | None = None
    """The comparison against a promise count where Forge's default is `GE1` (`ConditionSVarCompare$`,
    `PresentCompare$`): None when that default is it, and the parameter is left out."""
    valid: str | None = None
    """What a trigger's `ValidCard$ Card.Self` adds for it (`+PromisedGift`); None: no such form."""
    trigger_check: Callable[[ScriptBuilder], Params] | None = None
    """`(builder) -> parameters`: the intervening "if" on a trigger line as Forge checks it before the trigger
    goes on the stack and again on resolution (`CheckSVar$ X | SVarCompare$ GE1`, its count SVars made through
    the builder); None: no such form."""
    read_check: Callable[[ScriptReader, Bag], bool] | None = None
    """`(reader, trigger parameters) -> whether the line's `CheckSVar$` is this condition's` (it takes the
    parameters and SVars it reads)."""
    static: Callable[[ScriptBuilder], Params] | None = None
    """`(builder) -> parameters`: the condition on a static ability's `S:` line as StaticAbility.checkConditions
    reads it, whenever the static is applied (`Condition$ Threshold`, `IsPresent$ ... | PresentCompare$ ...`,
    `CheckSVar$ ...`; its count SVars made through the builder); None: a static takes it only as the promise
    (`compare`) or not at all."""
    activation: Callable[[ScriptBuilder], Params] | None = None
    """`(builder) -> parameters`: the condition as an activated ability's restriction ("Activate only if ...",
    602.5b) on its `A:` line, as SpellAbilityRestriction reads it when the ability would be activated
    (`CheckSVar$ X`, its count SVar made through the builder); None: no such form."""
    read_activation: Callable[[ScriptReader, Bag], bool] | None = None
    """`(reader, ability parameters) -> whether the line's restriction is this condition's` (it takes the
    parameters and SVars it reads)."""
    trigger_present: Callable[[ScriptBuilder, Any], Params] | None = None
    """`(builder, condition) -> parameters`: a condition with a model as the intervening "if" of a trigger line,
    a requirement of the trigger (`IsPresent$ Creature.powerGE4+YouCtrl`: CardTraitBase.meetsCommonRequirements)
    checked as it triggers and again on resolution (WrappedAbility, without `NoResolvingCheck$`); None: no such
    form."""
    read_present: Callable[[ScriptReader, Bag], SpecData | None] | None = None
    """`(reader, trigger parameters) -> condition`: the line's requirement `trigger_present` writes, read back
    (it takes the parameters it reads); None when it is not this condition's."""
    read_static: Callable[[ScriptReader, Bag], bool] | None = None
    """`(reader, static parameters) -> whether the line's condition parameters are this condition's` (it takes
    the parameters and SVars it reads)."""
    effect_check: Callable[[EffectWriter, Any], Params] | None = None
    """`(writer, condition) -> parameters`: the condition of an effect on the game, checked as the effect
    resolves (608.2c: `ConditionPresent$ Rabbit.YouCtrl | ConditionCompare$ GE1`, SpellAbilityCondition);
    None: no such form."""
    read_effect: Callable[[NodeReader, Bag], SpecData | None] | None = None
    """`(reader, effect parameters) -> condition`: the condition `effect_check` writes, read back (taking the
    parameters it reads); None when the parameters are not this condition's."""

    def check(self) -> list[str]:
        return [*_need((self.compare is None) == (self.valid is None),
                       "forge: `compare` and `valid` are the promise's, both or neither"),
                *_need((self.trigger_check is None) == (self.read_check is None),
                       "forge: `trigger_check` has no `read_check`"),
                *_need((self.static is None) == (self.read_static is None),
                       "forge: `static` has no `read_static`"),
                *_need((self.effect_check is None) == (self.read_effect is None),
                       "forge: `effect_check` has no `read_effect`")]


class XMageCondition(Group):
    """The condition as an XMage `Condition` (`lower.promise`, `lower.intervening`; `read_statics`)."""

    condition: str | None = None
    """The framework's condition constant (`GiftWasPromisedCondition.TRUE`); None for a condition with a model,
    said by `expression`."""
    expression: Callable[[CardLowering, Any], Expr] | None = None
    """`(lowering, condition) -> expression`: the framework condition of one value of a condition with a model
    (`new PermanentsOnTheBattlefieldCondition(new FilterControlledPermanent(SubType.RABBIT))`)."""
    read: Callable[[EffectReader, Expr], SpecData | None] | None = None
    """`(reader, expression) -> condition`: an expression `expression` writes, read back; None when it is not
    this condition's."""
    intervening: Callable[[CardLowering], Expr] | None = None
    """`(lowering) -> expression` of an intervening "if" where the constant's own text isn't the printed
    one (it prints its `toString()`); None: the constant. The reader reads a framework `InvertCondition`
    of a condition as the condition that holds exactly when it doesn't (`rule.holds`)."""
    watcher: str | None = None
    """The framework watcher the condition reads that the game doesn't add itself (`PlayerGainedLifeWatcher`):
    the ability checking it adds one (`.addWatcher(new ...())`), as XMage's own cards do; None: none."""
    made: Callable[[CardLowering], Expr] | None = None
    """`(lowering) -> expression` of a condition without a model that the framework makes with `new` (`new
    YouLostLifeCondition()`); `condition` is then that expression's text as the reader sees it (a class's
    `Condition` field holding it reads the same); None: `condition` is a constant."""
    ability_word: str | None = None
    """The `AbilityWord` member of a condition printed after its ability word ("Threshold — As long as ...",
    207.2c: no rules meaning): a static ability on it says `.setAbilityWord(AbilityWord.THRESHOLD)`, which the
    reader reads as nothing; None: none."""

    def check(self) -> list[str]:
        return [*_need((self.condition is None) != (self.expression is None),
                       "xmage: one of `condition` and `expression`"),
                *_need((self.expression is None) == (self.read is None), "xmage: `expression` has no `read`")]


class ConditionRule(Group):
    """Whether the condition holds (the resolver, `cardgen.game`, through `game_tables`): a condition on the
    promise (`holds`) or on the game (`game`), one of the two."""

    holds: Callable[[bool], bool] | None = None
    """`(the gift was promised) -> holds`: for an effect's `condition` (608.2c), a trigger's intervening
    "if" (603.4, checked on triggering and on resolution) and a static's `condition` (702.174k)."""
    game: Callable[[GameState, str], bool] | None = None
    """`(state, player) -> holds`: a condition on the game as it is now, for the player its "you" is (the
    controller of the ability or the source), such as "if you gained life this turn"."""
    game_of: Callable[[GameState, str, Any], bool] | None = None
    """`(state, player, condition) -> holds`: `game` for a condition with a model, given its value ("if you
    control a Rabbit")."""

    def check(self) -> list[str]:
        return _need(sum(f is not None for f in (self.holds, self.game, self.game_of)) == 1,
                     "rule: one of `holds`, `game` and `game_of`")


class ConditionConstruct(Group):
    """One condition an effect, a trigger or a static effect may be gated on (`condition: <kind>`,
    `intervening_if: <kind>`), one module each under `cardgen/vocab/conditions/`."""

    kind: str
    text: ConditionText
    forge: ForgeCondition
    xmage: XMageCondition
    rule: ConditionRule
    model: type | None = None
    """The spec model of a condition said with words of its own (`condition: {you_control: ...}`, told apart
    from the other conditions' models by its one required key); None: the condition is a word."""

    def check(self) -> list[str]:
        problems = _checked(self, ("text", "forge", "xmage", "rule"))
        with_model = (self.text.words_of, self.xmage.expression, self.rule.game_of)
        if self.model is not None and any(f is None for f in with_model):
            problems.append("a condition with a model has `text.words_of`, `xmage.expression` and `rule.game_of`")
        if self.model is None and any(f is not None for f in with_model):
            problems.append("`text.words_of`, `xmage.expression` and `rule.game_of` are a model's")
        return problems


class DurationText(Group):
    """How oracle text says the duration (`cardgen.phrasing.words`, `cardgen.text.phrases`)."""

    words: str
    """After the effect, with its leading space: " until end of turn"."""
    this_turn: str | None = None
    """Its words after "can't" ("can't cast spells this turn"), where they differ."""

    def check(self) -> list[str]:
        return _need(self.words.startswith(" "), "text: `words` start with a space")


class ForgeDuration(Group):
    """The duration in a Forge line (`Duration$`, the kit's `timing`, the reader's)."""

    value: str
    """Its `Duration$` value."""
    default: bool = False
    """It is Forge's default (end of turn): `Duration$` is left out, and a line without one reads as it."""

    def check(self) -> list[str]:
        return []


class XMageDuration(Group):
    """The duration in an XMage constructor (`Duration.EndOfTurn`)."""

    member: str
    """The member of XMage's `Duration` enum."""

    def check(self) -> list[str]:
        return []


class DurationRule(Group):
    """When a continuous effect of the duration ends (`cardgen.game.continuous`, through `game_tables`)."""

    ends: Literal["cleanup", "controller_turn"]
    """`cleanup`: in the cleanup step (514.2); `controller_turn`: as its controller's next turn begins (611.2b)."""

    def check(self) -> list[str]:
        return []


class DurationConstruct(Group):
    """One duration of a continuous effect (`duration: <kind>`), one module each under `cardgen/vocab/durations/`."""

    kind: str
    text: DurationText
    forge: ForgeDuration
    xmage: XMageDuration
    rule: DurationRule

    def check(self) -> list[str]:
        return _checked(self, ("text", "forge", "xmage", "rule"))


# ============================================================================================ discovery


def _checked(construct: object, groups: tuple[str, ...]) -> list[str]:
    """The problems of each declared group of `construct`."""
    return [problem for name in groups if (group := getattr(construct, name)) is not None
            for problem in group.check()]


def discover(package: ModuleType, what: str) -> dict[str, Any]:
    """Every construct of a package of construct modules (each module's `CONSTRUCT`), by kind, in sorted
    module order: listing the package is what lets a new construct be a new file and nothing else. A
    construct whose declared groups are incomplete is refused here (the checks are attribute tests)."""
    found: dict[str, Any] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        construct = importlib.import_module(f"{package.__name__}.{info.name}").CONSTRUCT
        if construct.kind in found:
            raise ValueError(f"two constructs for {what} {construct.kind!r}")
        problems = construct.check()
        if problems:
            raise ValueError(f"{what} {construct.kind!r} ({package.__name__}.{info.name}): " + "; ".join(problems))
        found[construct.kind] = construct
    return found
