"""The shared parts of the spec format: what every construct's spec model is built from.

A card spec (`cardgen.model.card.Card`) is assembled from the constructs of the vocabulary (`cardgen.vocab`:
each effect kind's and ability kind's module defines its own spec model). What they share lives here,
below the vocabulary in the import layers: the base of every spec record, the words (card types,
keywords, zones, gift kinds), selectors and subjects (data, never engine syntax), token definitions, the
fields every effect has, and the bases of the ability and static-effect models. Anything that can be
derived (reminder text, file and class names, where the gift is given) is not stored; see
`cardgen.model.derive`.

All models forbid unknown keys and use strict types so that a typo in a spec is an error, not a silently
ignored field.

Annotations are evaluated as Python reads them (no `from __future__ import annotations`): pydantic would
otherwise compile each string back into a type at import. The names the assembled card defines
(`Effect`, the union of every effect kind; `TriggerEvent`, every trigger event) are written as strings
and resolved from `LATE_TYPES` when a model's validator is built.
"""

import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag

if TYPE_CHECKING:
    from cardgen.model.card import Condition, Effect

LATE_TYPES: dict[str, Any] = {}
"""Names the spec models use before they exist: the unions `cardgen.model.card` assembles from the
registry (`Effect`, `Condition`, `Amount`, ...), put here by that module when it is imported. A model's validator is
built on first use, after that (a card is made by `Card`)."""


def _schema_modules() -> tuple[str, ...]:
    """The modules whose source the spec models' core schemas depend on (the models and their validator
    functions): every module defining a spec model (this one, the assembled card, the construct modules)
    and the mana model's, and every construct module loaded: a construct without a model of its own (a
    trigger event, a condition) still widens a union of the card's (`TriggerEvent`, `Condition`)."""
    import sys

    found: set[type[SpecModel]] = set()
    todo: list[type[SpecModel]] = [SpecModel]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in found:
                found.add(sub)
                todo.append(sub)
    constructs = {name for name in sys.modules if name.startswith("cardgen.vocab.") and name.count(".") == 3}
    return tuple(sorted({model.__module__ for model in found} | constructs | {__name__, "cardgen.model.mana"}))


class SpecModel(BaseModel):
    """Base of every spec record: unknown keys are errors, values are not coerced.

    Validators are built on first use (`defer_build`), not at import, and from a stored core schema
    when one exists: a command pays only for the models it uses (building all of them at import took
    150 ms, half a one-file `cardgen validate`)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, defer_build=True)

    @classmethod
    def model_rebuild(cls, *, force: bool = False, raise_errors: bool = True, _parent_namespace_depth: int = 2,
                      _types_namespace: Mapping[str, Any] | None = None) -> bool | None:
        """Pydantic's, called on first use; but the core schema stored by an earlier process for this code
        is used when there is one (`cardgen.model.prebuilt`), and a schema built here is stored. The names
        of `LATE_TYPES` resolve the forward references of the construct models."""
        from cardgen.model import prebuilt

        if not force and not cls.__pydantic_complete__ and _types_namespace is None \
                and prebuilt.load(cls, _schema_modules()):
            return True
        with deep_enough():
            built = super().model_rebuild(force=force, raise_errors=raise_errors,
                                          _parent_namespace_depth=_parent_namespace_depth + 1,
                                          _types_namespace={**LATE_TYPES, **(_types_namespace or {})})
        if built and not force and cls.__pydantic_complete__:
            prebuilt.store(cls, _schema_modules())
        return built


SCHEMA_RECURSION = 4000
"""The Python recursion limit while a core schema is built: the effect union holds effects that hold effects
(a delayed trigger's, what "if you do" gates), and pydantic builds each nesting with a few hundred frames, past
the default limit of 1000 under a test runner's own frames."""


@contextmanager
def deep_enough() -> Iterator[None]:
    """Raise the recursion limit to `SCHEMA_RECURSION` while building a schema (never lowers it)."""
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(max(before, SCHEMA_RECURSION))
    try:
        yield
    finally:
        sys.setrecursionlimit(before)


# --------------------------------------------------------------------------------------------- words

CardType = Literal[
    "Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land", "Planeswalker", "Sorcery"
]
Supertype = Literal["Basic", "Legendary", "Snow", "World"]
PERMANENT_TYPES: frozenset[str] = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"})

TypeWord = Literal[
    "artifact", "battle", "creature", "enchantment", "instant", "land", "planeswalker", "sorcery",
    "permanent",  # any of artifact, battle, creature, enchantment, land, planeswalker
]
"""Lower-case type words used by selectors, as oracle text says them ("target creature")."""

SupertypeWord = Literal["basic", "legendary", "snow"]

Keyword = Literal[
    "changeling", "deathtouch", "defender", "double_strike", "first_strike", "flash", "flying", "haste", "hexproof",
    "indestructible", "lifelink", "menace", "prowess", "reach", "shroud", "trample", "vigilance",
]
"""Keywords without parameters. Written in snake case; the printed form is derived ("First strike")."""

Color = Literal["W", "U", "B", "R", "G"]
CounterKind = Literal["+1/+1", "-1/-1", "stun", "shield", "indestructible", "stash"]
"""The counters a spec names; a keyword counter (`indestructible`, 122.1b) gives its permanent that keyword."""
KEYWORD_COUNTERS: frozenset[str] = frozenset({"indestructible"})
"""The keyword counters among them (122.1b): each gives the permanent it is on the keyword of its name."""
Zone = Literal["battlefield", "graveyard", "hand", "stack", "exile", "library"]
Rarity = Literal["common", "uncommon", "rare", "mythic", "special", "bonus"]
GiftKind = Literal["card", "food", "treasure", "tapped_fish", "octopus", "extra_turn"]
"""The six kinds of rule 702.174d-i. Printed forms and effects live in `cardgen.model.gift`."""


Identifier = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]{0,39}$")]
SubtypeName = Annotated[str, Field(pattern=r"^[A-Z][A-Za-z'-]{0,39}$")]
"""A subtype as printed ("Rabbit", "Assembly-Worker"); the validator checks it is one of rule 205.3's."""
PowerToughness = Annotated[str, Field(pattern=r"^(0|[1-9][0-9]{0,2}|\*)/(0|[1-9][0-9]{0,2}|\*)$")]


# ------------------------------------------------------------------------------------------ selectors


class ObjectFilter(SpecModel):
    """Which objects qualify: the data behind "creature an opponent controls", "nonland card", ...

    `types` is any-of ("artifact or enchantment"); an empty list means any object in the zone.
    In the graveyard, hand and library, "your" is `owner: you`; on the battlefield and stack it is
    `controller: you`.
    """

    zone: Zone = "battlefield"
    types: list[TypeWord] = []
    not_types: list[TypeWord] = []
    subtypes: list[SubtypeName] = []
    """Any of these subtypes (205.3): "target Rabbit", "Bat, Lizard, Rat, or Squirrel card", "other Mice you
    control"; with `types`, an object of those types with one of these subtypes ("Bird creature card")."""
    not_subtypes: list[SubtypeName] = []
    """None of these subtypes: "non-Aura enchantment"."""
    supertypes: list[SupertypeWord] = []
    not_supertypes: list[SupertypeWord] = []
    controller: Literal["you", "opponent", "not_you"] | None = None
    owner: Literal["you", "opponent"] | None = None
    token: bool | None = None
    max_mana_value: Annotated[int, Field(ge=0, le=99)] | None = None
    entered_this_turn: bool = False
    min_power: Annotated[int, Field(ge=0, le=99)] | None = None
    """"with power N or greater" (208.1: its power now, after continuous effects, 613.4)."""
    max_power: Annotated[int, Field(ge=0, le=99)] | None = None
    """"with power N or less" (208.1: on the battlefield its power now, 613.4; a card elsewhere, its printed power;
    of an object that left the battlefield, its power as it last existed there, 608.2h: "if that creature had
    power 2 or less")."""
    attacking: bool = False
    """An attacking creature (506.3, 506.4): declared as an attacker or put onto the battlefield attacking,
    until it is removed from combat ("attacking creatures you control", "target attacking creature")."""
    dealt_damage_this_turn: bool = False
    """A permanent that was dealt damage this turn (120.3; damage marked on it, or removed since, 120.6):
    "target creature an opponent controls that was dealt damage this turn"."""
    keywords: list[Keyword] = []
    """With each of these keywords (702): "creature with flying"."""
    not_keywords: list[Keyword] = []
    """With none of these keywords: "creature you control without flying"."""
    other: bool = False
    """"other": any matching object except the source of the ability or spell ("each other creature you
    control", "other target nonland permanent")."""
    chosen_type: bool = False
    """"of the chosen type": of the creature type the source chose as it entered (607.2a, a `choose_as_enters`
    ability's choice; nothing is of it while none was chosen)."""


class Target(ObjectFilter):
    """A target (rule 115). Object targets use the filter fields; `player` makes it a player target;
    `any_target` is "any target" (creature, player, planeswalker or battle).

    `only_if_promised` marks a target that exists only when the gift was promised (702.174m): the caster
    chooses it only if the gift was promised, so a spell without it stays castable.

    `other_target`: none of its choices may be an object or player chosen for a target named before it in
    the same spell or ability ("target creature and another target creature", "up to one other target
    creature": other than the first target; 601.2c, 115.3). `other` is different: other than the source.
    """

    player: Literal["any", "opponent", "you"] | None = None
    any_target: bool = False
    min: Annotated[int, Field(ge=0, le=20)] = 1
    max: Annotated[int, Field(ge=1, le=20)] = 1
    only_if_promised: bool = False
    other_target: bool = False
    different_controllers: bool = False
    """"two target creatures controlled by different players": no two of its choices have the same
    controller (601.2c: the targets chosen must be legal together, 115.3)."""


class TargetSubject(SpecModel):
    """A new target, chosen as the spell is cast or the ability is put on the stack."""

    target: Target


class RefSubject(SpecModel):
    """What an earlier effect (named by its `id`) targeted, chose, moved or created: "that creature".

    `relation` walks from that object to its controller or owner ("that creature's controller").
    `filter` and `choose` narrow a set ("a creature card put into your graveyard this way").
    """

    ref: Identifier
    relation: Literal["it", "controller", "owner"] = "it"
    filter: ObjectFilter | None = None
    choose: Annotated[int, Field(ge=1, le=20)] | None = None


class AllSubject(SpecModel):
    """Every object that matches, not targeted: "each creature", "permanents you control"."""

    all: ObjectFilter


PlayerWord = Literal["you", "each_player", "each_opponent", "gift_recipient", "defending_player"]
ObjectWord = Literal["self", "enchanted", "equipped"]


def _subject_tag(value: Any) -> str:
    if isinstance(value, str):
        return "word"
    if isinstance(value, dict):
        for key in ("target", "ref", "all"):
            if key in value:
                return key
        return "target"
    if isinstance(value, TargetSubject):
        return "target"
    if isinstance(value, RefSubject):
        return "ref"
    if isinstance(value, AllSubject):
        return "all"
    return "word"


Subject = Annotated[
    Union[
        Annotated[PlayerWord | ObjectWord, Tag("word")],
        Annotated[TargetSubject, Tag("target")],
        Annotated[RefSubject, Tag("ref")],
        Annotated[AllSubject, Tag("all")],
    ],
    Discriminator(_subject_tag),
]
"""Who or what an effect acts on: a word (`you`, `self`, `enchanted`, ...), `{target: ...}`,
`{ref: id}` or `{all: filter}`."""


class RefCheck(SpecModel):
    """An extra condition on an object an earlier effect named: "if that creature isn't legendary"."""

    ref: Identifier
    matches: ObjectFilter


# --------------------------------------------------------------------------------------------- tokens


class TokenDef(SpecModel):
    """A token's characteristics, written out when no predefined token fits."""

    name: Annotated[str, Field(min_length=1, max_length=60)]
    colors: list[Color] = []
    types: list[CardType]
    subtypes: list[Annotated[str, Field(min_length=1, max_length=40)]] = []
    supertypes: list[Supertype] = []
    pt: PowerToughness | None = None
    keywords: list[Keyword] = []
    text: Annotated[str, Field(max_length=300)] = ""


PredefinedToken = Literal["food", "treasure", "fish", "octopus"]
"""Tokens every engine ships (the gift tokens); their characteristics live in `cardgen.model.gift`."""


class CounterSpec(SpecModel):
    counter: CounterKind
    amount: Annotated[int, Field(ge=1, le=99)] = 1


# -------------------------------------------------------------------------------------------- effects


class EffectBase(SpecModel):
    """Fields every effect has.

    `id` names the effect so later effects can refer to what it acted on. `condition` gates the effect
    on the gift being (not) promised. `only_if` adds a check on a referenced object. `instead_if_promised`
    is what replaces this effect when the gift was promised ("If the gift was promised, instead ..."): one
    effect, or a list of effects done in order ("instead that player mills five cards and you gain 2
    life"). This effect's own targets then exist only when the gift was not promised, unless the
    replacement names them (`{ref: <this effect's id>}`, "that player"): then they are chosen either way.
    The replacement's own targets exist only when it was promised (702.174m).

    A list is read as what it means (`expand_instead_groups`): with its first effect as this effect's
    replacement and the others `condition: promised`, or, when the replacement names this effect's
    targets, this effect `condition: not_promised` and every replacing effect `condition: promised`.

    `instead_replaces: N` says the replacement replaces a group: this effect and the N-1 effects after it
    ("Target creature gets -2/-2 until end of turn and you lose 1 life. If the gift was promised, instead
    destroy that creature."). The group is read as its effects `condition: not_promised` and the replacing
    ones `condition: promised`; every target of the group must be one the replacement names ("that
    creature"), so it is chosen either way (a target only the unpromised side would use has no rule that
    chooses it only then, so it is refused).
    """

    id: Identifier | None = None
    condition: "Condition | None" = None
    only_if: RefCheck | None = None
    instead_if_promised: "Effect | list[Effect] | None" = None
    instead_replaces: Annotated[int, Field(ge=2, le=20)] | None = None


def _names_ref(data: Any, ident: str) -> bool:
    if isinstance(data, dict):
        return data.get("ref") == ident or any(_names_ref(value, ident) for value in data.values())
    if isinstance(data, list):
        return any(_names_ref(item, ident) for item in data)
    return False


def _promised_only(effect: Any, condition: bool) -> Any:
    """The effect with `condition: promised` (when `condition`) and its own targets chosen only if the gift
    was promised (702.174m)."""
    data = effect.model_dump(exclude_unset=True)
    for value in data.values():
        if isinstance(value, dict) and isinstance(value.get("target"), dict):
            value["target"]["only_if_promised"] = True
    if condition:
        data["condition"] = "promised"
    return type(effect).model_validate(data)


def _targets_of(effect: Any) -> list[Any]:
    """The effect's own targets (its subjects that are `{target: ...}`)."""
    data = effect.model_dump(exclude_unset=True)
    return [value["target"] for value in data.values()
            if isinstance(value, dict) and isinstance(value.get("target"), dict)]


def _expand_replaced_groups(effects: list[Any]) -> list[Any]:
    """Effects with `instead_replaces: N` (see `EffectBase`) as the gated effects they mean: the N replaced
    effects `condition: not_promised`, then the replacing ones `condition: promised` with their own targets
    chosen only if the gift was promised (702.174m). Every target of the replaced group must be named by
    the replacement (`{ref: <its id>}`): it is then chosen either way."""
    out: list[Any] = []
    index = 0
    while index < len(effects):
        effect = effects[index]
        count = effect.instead_replaces
        if count is None:
            out.append(effect)
            index += 1
            continue
        if effect.instead_if_promised is None:
            raise ValueError("`instead_replaces` needs an `instead_if_promised` on the same effect: the effects "
                             "that replace the group")
        replaced = effects[index:index + count]
        if len(replaced) < count:
            raise ValueError(f"`instead_replaces: {count}` replaces {count} effects, but only {len(replaced)} "
                             "follow from this one in the ability")
        for later in replaced[1:]:
            if later.condition is not None or later.instead_if_promised is not None \
                    or later.instead_replaces is not None:
                raise ValueError("an effect replaced by an `instead_replaces` group takes no `condition`, "
                                 "`instead_if_promised` or `instead_replaces` of its own")
        if effect.condition is not None:
            raise ValueError("an effect with `instead_if_promised` takes no `condition` of its own")
        group = effect.instead_if_promised if isinstance(effect.instead_if_promised, list) \
            else [effect.instead_if_promised]
        if not group:
            raise ValueError("`instead_if_promised` lists no effect")
        ids = {r.id for r in replaced if r.id is not None}
        for replacing in group:
            if replacing.condition is not None or replacing.instead_if_promised is not None \
                    or replacing.instead_replaces is not None:
                raise ValueError("an effect of an `instead_if_promised` list takes no `condition`, "
                                 "`instead_if_promised` or `instead_replaces` of its own (it happens exactly "
                                 "when the gift was promised)")
            if replacing.id is not None and replacing.id in ids:
                raise ValueError(f"an effect of an `instead_if_promised` list reuses the id {replacing.id!r} of "
                                 "an effect it replaces; give it its own")
        for r in replaced:
            named = r.id is not None and any(_names_ref(g.model_dump(exclude_unset=True), r.id) for g in group)
            if _targets_of(r) and not named:
                raise ValueError("a target of an effect in an `instead_replaces` group must be one the "
                                 "replacement names (`{ref: <that effect's id>}`, \"that creature\"), so it is "
                                 "chosen whether or not the gift was promised (702.174m chooses targets only "
                                 "for the promised side); give the effect an `id` and name it, or write the "
                                 "unnamed part with `condition: not_promised`")
        out.append(effect.model_copy(update={"instead_if_promised": None, "instead_replaces": None,
                                             "condition": "not_promised"}))
        out.extend(r.model_copy(update={"condition": "not_promised"}) for r in replaced[1:])
        out.extend(_promised_only(r, condition=True) for r in group)
        index += count
    return out


def expand_instead_groups(effects: list[Any]) -> list[Any]:
    """An effect whose `instead_if_promised` is a list, as the effects it means (see `EffectBase`); other
    effects are left as they are. A replacing effect has no `condition` or replacement of its own and no
    id of the replaced effect (one object may not carry two names)."""
    out: list[Any] = []
    effects = _expand_replaced_groups(effects)
    for effect in effects:
        group = effect.instead_if_promised
        if group is not None and not isinstance(group, list) and effect.id is not None \
                and _names_ref(group.model_dump(exclude_unset=True), effect.id) and group.id != effect.id:
            group = [group]  # one replacing effect that names this one's targets: they are chosen either way
        if not isinstance(group, list):
            out.append(effect)
            continue
        if not group:
            raise ValueError("`instead_if_promised` lists no effect")
        if effect.condition is not None:
            raise ValueError("an effect with `instead_if_promised` takes no `condition` of its own")
        for replacing in group:
            if replacing.condition is not None or replacing.instead_if_promised is not None:
                raise ValueError("an effect of an `instead_if_promised` list takes no `condition` or "
                                 "`instead_if_promised` of its own (it happens exactly when the gift was promised)")
            if effect.id is not None and replacing.id == effect.id:
                raise ValueError(f"an effect of an `instead_if_promised` list reuses the id {effect.id!r} of the "
                                 "effect it replaces; give it its own")
        shared = effect.id is not None and any(_names_ref(r.model_dump(exclude_unset=True), effect.id) for r in group)
        if shared:  # "that player": the replaced effect's targets are chosen either way
            out.append(effect.model_copy(update={"instead_if_promised": None, "condition": "not_promised"}))
            out.extend(_promised_only(r, condition=True) for r in group)
        else:
            out.append(effect.model_copy(update={"instead_if_promised": group[0]}))
            out.extend(_promised_only(r, condition=True) for r in group[1:])
    return out


# ---------------------------------------------------------------------------------------- abilities

OracleLine = Annotated[str, Field(min_length=1, max_length=1000)]


class AbilityBase(SpecModel):
    """Base of every ability kind's model (`kind: <kind>`, one module each under `cardgen/vocab/abilities/`)."""


class AmountBase(SpecModel):
    """Base of every counted amount kind's model (`amount: {count: <kind>}`, one module each under
    `cardgen/vocab/amounts/`); the plain number is an `int`."""


class StaticEffectBase(SpecModel):
    """Base of every static effect kind's model (an effect of a static ability, `affected` by it)."""


# ----------------------------------------------------------------------------------------- words of text


def keyword_text(keyword: str) -> str:
    """`first_strike` -> `First strike` (oracle capitalisation)."""
    words = keyword.split("_")
    return " ".join([words[0].capitalize(), *words[1:]])


def filter_words(selector: ObjectFilter) -> str:
    """A short English description of a filter's types, for derived text: `creature`, `artifact or
    enchantment`."""
    words = " or ".join(selector.types) if selector.types else "permanent"
    prefix = "".join(f"non{word} " for word in selector.not_types)
    return prefix + words
