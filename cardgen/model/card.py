"""The card spec: the one engine-independent source of truth for a card, assembled from the vocabulary.

Every engine file and every resolver run is a view of a `Card`. Its abilities are records keyed by
`kind`, their effects records keyed by `effect`: each kind's model lives in its construct module
(`cardgen/vocab/effects/<kind>.py`, `cardgen/vocab/abilities/<kind>.py`), and the unions here are
assembled from the registry (`Effect`, `StaticEffect`, `Ability`, `TriggerEvent`), so a new kind is a new
module and nothing here. This module sits above the vocabulary in the import layers; what the construct
models share (selectors, subjects, words, the base of every effect) sits below it, in
`cardgen.model.parts`, and is re-exported here for the layers above.

A contributor writes the next card from its oracle text alone. Anything that can be derived (reminder
text, file and class names, where the gift is given) is not stored here; see `cardgen.model.derive`.
"""

import datetime
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeAlias, Union

from pydantic import BaseModel, Field, TypeAdapter, field_validator

from cardgen import vocab
from cardgen.model import derive
from cardgen.model.mana import ManaCostField
from cardgen.model.parts import (  # the shared parts, re-exported for the layers above the vocabulary
    LATE_TYPES,
    PERMANENT_TYPES,
    AbilityBase,
    AllSubject,
    AmountBase,
    CardType,
    Color,
    CounterKind,
    CounterSpec,
    EffectBase,
    GiftKind,
    Identifier,
    Keyword,
    ObjectFilter,
    ObjectWord,
    OracleLine,
    PlayerWord,
    PowerToughness,
    PredefinedToken,
    Rarity,
    RefCheck,
    RefSubject,
    SpecModel,
    StaticEffectBase,
    Subject,
    Supertype,
    SupertypeWord,
    Target,
    TargetSubject,
    TokenDef,
    TypeWord,
    Zone,
    deep_enough,
    expand_instead_groups,
    filter_words,
    keyword_text,
)

if TYPE_CHECKING:
    from cardgen.vocab.abilities.enchant import EnchantAbility
    from cardgen.vocab.abilities.static import StaticAbility
    from cardgen.vocab.abilities.triggered import TriggeredAbility


def _union(models: list[type], key: str) -> Any:
    """The discriminated union of `models`, told apart by their `key` field."""
    return Annotated[Union[tuple(models)], Field(discriminator=key)]  # noqa: UP007 - a tuple of models


def _amount(least: int) -> Any:
    """An amount of at least `least` (at most 99): a number, or one of the counted amount kinds (told apart
    by their `count`), every amount construct but the number's."""
    counts = [c.model for c in vocab.AMOUNTS.values() if c.model is not int]
    number = Annotated[int, Field(ge=least, le=99)]
    if not counts:
        return number
    return Union[number, counts[0] if len(counts) == 1 else _union(counts, "count")]  # noqa: UP007


def _event() -> Any:
    """A trigger event: one of the words of the events without a model, or the value of an event model (each
    told apart by its one required key: unknown keys are refused, so one model fits)."""
    words: Any = Literal[tuple(kind for kind, c in vocab.EVENTS.items() if c.model is None)]
    models = [c.model for c in vocab.EVENTS.values() if c.model is not None]
    return Union[tuple([words, *models])] if models else words  # noqa: UP007 - a tuple of models


def _condition() -> Any:
    """A condition: one of the words of the conditions without a model, or the value of a condition model
    (each told apart by its one required key)."""
    words: Any = Literal[tuple(kind for kind, c in vocab.CONDITIONS.items() if c.model is None)]
    models = [c.model for c in vocab.CONDITIONS.values() if c.model is not None]
    return Union[tuple([words, *models])] if models else words  # noqa: UP007 - a tuple of models


if TYPE_CHECKING:
    Amount: TypeAlias = int | AmountBase
    PositiveAmount: TypeAlias = int | AmountBase
    Effect: TypeAlias = EffectBase
    StaticEffect: TypeAlias = StaticEffectBase
    Ability: TypeAlias = AbilityBase
    TriggerEvent: TypeAlias = str | SpecModel
    Duration: TypeAlias = str
    Condition: TypeAlias = str | SpecModel
else:
    Amount = _amount(0)
    """How many (cards, damage, life, ...) an effect does: a number from 0, or a counted amount."""
    PositiveAmount = _amount(1)
    """An `Amount` whose number is at least 1 (scry 1, one token)."""
    Effect = _union([c.model for c in vocab.EFFECTS.values() if not c.is_static], "effect")
    """One step of a spell's or ability's resolution: every effect kind whose rule is `OneShot`."""
    StaticEffect = _union([c.model for c in vocab.EFFECTS.values() if c.is_static], "effect")
    """An effect of a static ability: every effect kind whose rule is `Continuous`."""
    Ability = _union([c.model for c in vocab.ABILITIES.values()], "kind")
    """One ability of a card: every ability kind."""
    TriggerEvent = _event()
    """What a triggered ability triggers on: every trigger event (a word, or an event model's value)."""
    Duration = Literal[tuple(vocab.DURATIONS)]
    """How long a continuous effect lasts: every duration."""
    Condition = _condition()
    """What an effect, a trigger's intervening "if" or a static effect is gated on: every condition."""

LATE_TYPES.update(Amount=Amount, PositiveAmount=PositiveAmount, Condition=Condition, Duration=Duration,
                  Effect=Effect, StaticEffect=StaticEffect, TriggerEvent=TriggerEvent)


# ------------------------------------------------------------------------------------------- the card


class Printing(SpecModel):
    """One printing: set code, collector number, rarity, and the art variant where a set prints the
    same name several times (engines distinguish those)."""

    set: Annotated[str, Field(pattern=r"^[A-Z0-9]{2,6}$")]
    number: Annotated[str, Field(pattern=r"^[0-9]{1,4}[a-z]?$")]
    rarity: Rarity
    variant: Literal["borderless", "showcase", "extended_art", "full_art", "promo"] | None = None
    frame: Literal["retro"] | None = None
    """The printing's frame where it is not the modern one: `retro` (the pre-2003 frame Wizards Play Network
    and retro-frame printings have). XMage writes it as the printing's graphic (`RETRO_ART`)."""

    @field_validator("number", mode="before")
    @classmethod
    def _number_from_int(cls, value: Any) -> Any:
        """YAML reads `number: 126` as an int; collector numbers are strings ("126", "5a")."""
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return str(value)
        return value


Author = Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9 ._-]{0,39}$")]
"""Who wrote a spec, as engines credit a card's author (XMage's `@author`): a user name of letters,
digits, spaces, `.`, `_` and `-` (nothing that could end a Java comment)."""

CardName = Annotated[str, Field(min_length=1, max_length=141)]
"""Free text here; the validator rejects characters that could break out of an engine field."""

LanguageTag = Annotated[str, Field(min_length=1, max_length=35)]
"""A language as engines name their translation files (`de-DE`, `ja-JP`); free text here, so that the
validator can name the languages it knows (CG310) instead of a bare schema error."""

PrintedLine = Annotated[str, Field(min_length=1, max_length=2000)]


class Translation(SpecModel):
    """A card's official printed text in one language: what the card printed in that language says, copied
    from it (never a translation made for the spec). Engines show it to players who set that language
    (Forge's `cardnames-<lang>.txt`); nothing of the card's rules depends on it."""

    name: Annotated[str, Field(min_length=1, max_length=200)]
    """The printed name in that language."""
    type_line: Annotated[str, Field(min_length=1, max_length=200)]
    """The printed type line ("Hexerei", "Kreatur — Maus, Krieger")."""
    text: list[PrintedLine] = []
    """The printed rules text, one entry per line of the English `oracle` in the same order (the gift line
    first, with its printed reminder text), as engines pair each translated line with its English one."""


class Card(SpecModel):
    """One card. `abilities` are in oracle order; the gift line of the oracle text is derived from
    `gift`, so the validator can check the printed oracle against the structure."""

    name: CardName
    mana_cost: ManaCostField | None = None
    types: Annotated[list[CardType], Field(min_length=1)]
    supertypes: list[Supertype] = []
    subtypes: list[Annotated[str, Field(min_length=1, max_length=40)]] = []
    pt: PowerToughness | None = None
    gift: GiftKind | None = None
    printings: Annotated[list[Printing], Field(min_length=1)]
    oracle: Annotated[str, Field(max_length=5000)] = ""
    abilities: list[Ability] = []
    author: Author | None = None
    """Who wrote the spec: the `@author` of its XMage class and test ("cardgen" when not given)."""
    translations: dict[LanguageTag, Translation] = {}
    """The card's official printed text per language (`de-DE: {name, type_line, text}`)."""

    @property
    def is_permanent(self) -> bool:
        return any(card_type in PERMANENT_TYPES for card_type in self.types)

    @property
    def is_instant_or_sorcery(self) -> bool:
        return "Instant" in self.types or "Sorcery" in self.types

    @property
    def power(self) -> str | None:
        return self.pt.split("/")[0] if self.pt else None

    @property
    def toughness(self) -> str | None:
        return self.pt.split("/")[1] if self.pt else None

    # what the game-state kit asks of a card: it sits below the vocabulary, so it asks the card, not the kinds
    def keywords(self) -> tuple[str, ...]:
        """The keywords the card prints on lines of their own ("Reach"), in order."""
        return derive.keywords_of(self.abilities)

    def enchant(self) -> "EnchantAbility | None":
        """An Aura's "Enchant ..." ability, None for a card without one."""
        return derive.enchant_of(self.abilities)

    def triggered_abilities(self) -> "list[TriggeredAbility]":
        """Its own triggered abilities plus the derived gift trigger (first, as engines list it)."""
        return derive.triggered_abilities(self)

    def offspring_trigger(self) -> "TriggeredAbility | None":
        """The derived enters trigger of its offspring (702.175a), None without offspring."""
        return derive.offspring_trigger(self)

    def ability_levels(self) -> dict[int, int]:
        """By `id` of each of its abilities above level 1 of a Class, its level (716.2b): the permanent has it
        only while its level is that or greater."""
        levels = derive.class_levels(self.abilities)  # a level line itself is the Class's from level 1 on
        return {id(ability): level for ability, level in zip(self.abilities, levels, strict=True)
                if level > 1 and vocab.ability_of(ability).rule.level is None}

    def static_abilities(self) -> "list[StaticAbility]":
        """Its static abilities, in order."""
        return derive.static_abilities(self)


class SetInfo(SpecModel):
    """`card_specs/<set>/set.yaml`: what engines need to know about a set."""

    name: Annotated[str, Field(min_length=1, max_length=100)]
    code: Annotated[str, Field(pattern=r"^[A-Z0-9]{2,6}$")]
    release_date: datetime.date
    type: Literal["expansion", "core", "commander", "promo", "supplemental", "masters", "funny", "test"]
    author: Author | None = None
    """Who wrote the set file: the `@author` of a whole XMage set class ("cardgen" when not given)."""


def type_adapter(annotation: Any) -> TypeAdapter[Any]:
    """A validator of a part of the card model (an `Ability`), with the names the construct models use
    before they exist (`Effect`, `Amount`, ...) resolved from `LATE_TYPES`."""
    with deep_enough():
        adapter: TypeAdapter[Any] = TypeAdapter(annotation)
        adapter.rebuild(_types_namespace=dict(LATE_TYPES))
    return adapter


def complete_annotations() -> None:
    """Resolve the forward references (`Effect`, `TriggerEvent`) in the fields of the construct models,
    for code that walks field annotations (locating a diagnostic). Validation never needs it: the `Card`
    validator resolves them itself. Done on first need only, since it builds each of those models'
    validators."""
    global _annotations_complete
    if _annotations_complete:
        return
    models: list[type[BaseModel]] = [EffectBase, *(c.model for c in vocab.EFFECTS.values()),
                                     *(c.model for c in vocab.ABILITIES.values())]
    for model in models:
        if not getattr(model, "__pydantic_fields_complete__", model.__pydantic_complete__):
            model.model_rebuild(force=True)  # not from a stored schema: that would leave the fields as they are
    _annotations_complete = True


_annotations_complete = False

__all__ = [  # the card and its unions, and the shared parts they are built from
    "Ability", "AbilityBase", "AllSubject", "Amount", "AmountBase", "Card", "CardName", "CardType", "Color",
    "Condition", "CounterKind", "CounterSpec", "Duration", "Effect", "EffectBase", "GiftKind", "Identifier",
    "Keyword", "LanguageTag", "ObjectFilter", "ObjectWord", "OracleLine", "PERMANENT_TYPES", "PlayerWord",
    "PositiveAmount", "PowerToughness", "PredefinedToken", "Printing", "Rarity", "RefCheck", "RefSubject", "SetInfo",
    "SpecModel", "StaticEffect", "StaticEffectBase", "Subject", "Supertype", "SupertypeWord", "Target",
    "TargetSubject", "TokenDef", "Translation", "TriggerEvent", "TypeWord", "Zone", "complete_annotations",
    "expand_instead_groups", "filter_words", "keyword_text", "type_adapter",
]
