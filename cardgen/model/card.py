"""The card spec: the one engine-independent source of truth for a card.

Every engine file and every resolver run is a view of a `Card`. The vocabulary is deliberately small and
typed: selectors are data (never engine syntax), effects are records in a discriminated union keyed by
`effect`, abilities are records keyed by `kind`. A contributor writes the next card from its oracle text
alone. Anything that can be derived (reminder text, file and class names, where the gift is given) is not
stored here; see `cardgen.model.derive`.

All models forbid unknown keys and use strict types so that a typo in a spec is an error, not a silently
ignored field.

Annotations are evaluated as Python reads them (no `from __future__ import annotations`): pydantic would
otherwise compile each of the ~900 strings back into a type at import. Only `Effect`, used before it is
defined, is written as a string.
"""

import datetime
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, field_validator

from cardgen.model.mana import ManaCostField


class SpecModel(BaseModel):
    """Base of every spec record: unknown keys are errors, values are not coerced.

    Validators are built on first use (`defer_build`), not at import, and from a stored core schema
    when one exists: a command pays only for the models it uses (building all of them at import took
    150 ms, half a one-file `cardgen validate`)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, defer_build=True)

    @classmethod
    def model_rebuild(cls, *, force: bool = False, raise_errors: bool = True, _parent_namespace_depth: int = 2,
                      _types_namespace: Any = None) -> bool | None:
        """Pydantic's, called on first use; but the core schema stored by an earlier process for this code
        is used when there is one (`cardgen.model.prebuilt`), and a schema built here is stored."""
        from cardgen.model import prebuilt

        if not force and not cls.__pydantic_complete__ and _types_namespace is None \
                and prebuilt.load(cls, _SCHEMA_MODULES):
            return True
        built = super().model_rebuild(force=force, raise_errors=raise_errors,
                                      _parent_namespace_depth=_parent_namespace_depth + 1,
                                      _types_namespace=_types_namespace)
        if built and not force and cls.__pydantic_complete__:
            prebuilt.store(cls, _SCHEMA_MODULES)
        return built


_SCHEMA_MODULES = (__name__, "cardgen.model.mana")
"""The modules whose source the spec models' core schemas depend on (models, validator functions)."""


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
    "deathtouch", "defender", "double_strike", "first_strike", "flash", "flying", "haste", "hexproof",
    "indestructible", "lifelink", "menace", "reach", "shroud", "trample", "vigilance",
]
"""Keywords without parameters. Written in snake case; the printed form is derived ("First strike")."""

Color = Literal["W", "U", "B", "R", "G"]
CounterKind = Literal["+1/+1", "-1/-1", "stun", "shield"]
Duration = Literal["end_of_turn", "until_your_next_turn"]
Zone = Literal["battlefield", "graveyard", "hand", "stack", "exile", "library"]
Rarity = Literal["common", "uncommon", "rare", "mythic", "special", "bonus"]
GiftKind = Literal["card", "food", "treasure", "tapped_fish", "octopus", "extra_turn"]
"""The six kinds of rule 702.174d-i. Printed forms and effects live in `cardgen.model.gift`."""

GiftCondition = Literal["promised", "not_promised"]
"""Whether the gift was promised for this spell or permanent (702.174k)."""

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
    other: bool = False
    """"other": any matching object except the source of the ability or spell ("each other creature you
    control", "other target nonland permanent")."""


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


PlayerWord = Literal["you", "each_player", "each_opponent", "gift_recipient"]
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
    condition: GiftCondition | None = None
    only_if: RefCheck | None = None
    instead_if_promised: "Effect | list[Effect] | None" = None
    instead_replaces: Annotated[int, Field(ge=2, le=20)] | None = None


Amount = Annotated[int, Field(ge=0, le=99)]


class GiveGift(EffectBase):
    """The gift itself (702.174b). Derived when absent; written only to state its place explicitly.

    It always acts only when the gift was promised, whether or not `condition` says so."""

    effect: Literal["give_gift"]


class Draw(EffectBase):
    effect: Literal["draw"]
    who: Subject = "you"
    amount: Amount = 1


class Discard(EffectBase):
    """Each player of `who` discards `amount` cards of their own choice (the keyword action discard, rule
    701: by default the discarding player chooses); with fewer cards in hand, all of them."""

    effect: Literal["discard"]
    who: Subject = "you"
    amount: Amount = 1


class Mill(EffectBase):
    """Each player of `who` puts the top `amount` cards of their library into their graveyard (the keyword
    action mill, rule 701); with fewer cards in the library, all of them."""

    effect: Literal["mill"]
    who: Subject = "you"
    amount: Amount = 1


class Scry(EffectBase):
    """Each player of `who` scries `amount` (701.22): looks at that many cards from the top of their
    library, puts any number of them on the bottom and the rest back on top, each group in any order."""

    effect: Literal["scry"]
    who: Subject = "you"
    amount: Annotated[int, Field(ge=1, le=99)] = 1


class LookAtTop(EffectBase):
    """Each player of `who` looks at the top `amount` cards of their library, then puts them back in any
    order ("Look at the top three cards of your library, then put them back in any order")."""

    effect: Literal["look_at_top"]
    who: Subject = "you"
    amount: Annotated[int, Field(ge=1, le=99)] = 1


class Shuffle(EffectBase):
    """Each player of `who` shuffles their library (701.24); `optional`: "You may shuffle" (the player
    chooses whether to)."""

    effect: Literal["shuffle"]
    who: Subject = "you"
    optional: bool = False


class Damage(EffectBase):
    """`simultaneous: true`: dealt in the same damage event as the damage effect just before it in the same
    ability, because both are one instruction ("deals 1 damage to any target and 2 damage to each
    creature"). Separate instructions ("... deals 2 damage to target creature. If the gift was promised, it
    also deals 3 damage to that creature's controller") are separate damage events (608.2c)."""

    effect: Literal["damage"]
    amount: Amount
    to: Subject
    simultaneous: bool = False


class LoseLife(EffectBase):
    effect: Literal["lose_life"]
    who: Subject = "you"
    amount: Amount


class GainLife(EffectBase):
    effect: Literal["gain_life"]
    who: Subject = "you"
    amount: Amount


class Destroy(EffectBase):
    effect: Literal["destroy"]
    what: Subject


class Exile(EffectBase):
    effect: Literal["exile"]
    what: Subject


class Bounce(EffectBase):
    """Return a permanent or a spell to its owner's hand."""

    effect: Literal["bounce"]
    what: Subject


class ReturnCard(EffectBase):
    """Return a card from a graveyard or exile to a hand or the battlefield."""

    effect: Literal["return_card"]
    what: Subject
    to: Literal["hand", "battlefield"]
    under: Literal["owner", "you"] = "owner"
    counters: list[CounterSpec] = []


class CounterSpell(EffectBase):
    effect: Literal["counter"]
    what: Subject


class CreateToken(EffectBase):
    effect: Literal["create_token"]
    token: PredefinedToken | TokenDef
    amount: Annotated[int, Field(ge=1, le=99)] = 1
    tapped: bool = False
    controller: PlayerWord = "you"


class TokenCopy(EffectBase):
    """Create a token that's a copy of an object, optionally "except it's P/T"."""

    effect: Literal["token_copy"]
    of: Subject
    amount: Annotated[int, Field(ge=1, le=99)] = 1
    set_pt: PowerToughness | None = None


class Pump(EffectBase):
    effect: Literal["pump"]
    what: Subject
    power: Annotated[int, Field(ge=-99, le=99)] = 0
    toughness: Annotated[int, Field(ge=-99, le=99)] = 0
    duration: Duration = "end_of_turn"


class GainKeyword(EffectBase):
    effect: Literal["gain_keyword"]
    what: Subject
    keywords: Annotated[list[Keyword], Field(min_length=1)]
    duration: Duration = "end_of_turn"


class Protection(EffectBase):
    effect: Literal["protection"]
    what: Subject
    against: Literal["everything"] = "everything"
    duration: Duration = "end_of_turn"


class PutCounters(EffectBase):
    effect: Literal["put_counters"]
    what: Subject
    counter: CounterKind
    amount: Annotated[int, Field(ge=1, le=99)] = 1


class Tap(EffectBase):
    effect: Literal["tap"]
    what: Subject


class Untap(EffectBase):
    """Untap the permanents of `what` (an untapped one stays as it is)."""

    effect: Literal["untap"]
    what: Subject


class Fight(EffectBase):
    effect: Literal["fight"]
    what: Subject
    other: Subject


class Sacrifice(EffectBase):
    """A player sacrifices permanents matching `filter` ("a creature with the greatest power")."""

    effect: Literal["sacrifice"]
    who: Subject
    filter: ObjectFilter
    amount: Annotated[int, Field(ge=1, le=20)] = 1
    choice: Literal["any", "greatest_power"] = "any"


class RevealAndExile(EffectBase):
    """`who` reveals their hand; you choose `amount` cards matching `filter` from it; exile them."""

    effect: Literal["reveal_and_exile"]
    who: Subject
    filter: ObjectFilter = ObjectFilter.model_construct(zone="hand")  # a valid value; validating it would build
    amount: Annotated[int, Field(ge=1, le=20)] = 1


class MayCastFromExile(EffectBase):
    """You may cast the referenced exiled card for as long as it remains exiled."""

    effect: Literal["may_cast_from_exile"]
    what: Subject
    any_mana: bool = False


class Attach(EffectBase):
    effect: Literal["attach"]
    what: Subject = "self"
    to: Subject


class PhaseOut(EffectBase):
    effect: Literal["phase_out"]
    what: Subject


class LifeCantChange(EffectBase):
    effect: Literal["life_cant_change"]
    who: Subject = "you"
    duration: Duration = "end_of_turn"


class CantCastSpells(EffectBase):
    effect: Literal["cant_cast_spells"]
    who: Subject = "each_player"
    duration: Duration = "end_of_turn"


class DelayedTrigger(EffectBase):
    effect: Literal["delayed_trigger"]
    at: Literal["next_end_step"]
    effects: Annotated[list["Effect"], Field(min_length=1)]

    @field_validator("effects", mode="after")
    @classmethod
    def _groups(cls, effects: list[Any]) -> list[Any]:
        return expand_instead_groups(effects)


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


Effect = Annotated[
    Union[
        GiveGift, Draw, Discard, Mill, Scry, LookAtTop, Shuffle, Damage, LoseLife, GainLife, Destroy, Exile,
        Bounce, ReturnCard, CounterSpell,
        CreateToken, TokenCopy, Pump, GainKeyword, Protection, PutCounters, Tap, Untap, Fight, Sacrifice,
        RevealAndExile, MayCastFromExile, Attach, PhaseOut, LifeCantChange, CantCastSpells, DelayedTrigger,
    ],
    Field(discriminator="effect"),
]
"""One step of a spell's or ability's resolution."""


# -------------------------------------------------------------------------------- static effects


class Modify(SpecModel):
    """A continuous change to the affected objects: "Equipped creature gets +3/+3 and loses flying"."""

    effect: Literal["modify"]
    affected: Subject
    power: Annotated[int, Field(ge=-99, le=99)] = 0
    toughness: Annotated[int, Field(ge=-99, le=99)] = 0
    add_keywords: list[Keyword] = []
    remove_keywords: list[Keyword] = []
    condition: GiftCondition | None = None
    """Applies only while the gift was (or wasn't) promised for this permanent (702.174k): "If the gift
    was promised, they also have menace"."""


class Control(SpecModel):
    """You control the affected objects: "You control enchanted creature"."""

    effect: Literal["control"]
    affected: Subject


StaticEffect = Annotated[Union[Modify, Control], Field(discriminator="effect")]


# ------------------------------------------------------------------------------------------ abilities

OracleLine = Annotated[str, Field(min_length=1, max_length=1000)]


class SpellAbility(SpecModel):
    """What an instant or sorcery does as it resolves; `text` is the oracle line it implements."""

    kind: Literal["spell"]
    text: OracleLine
    effects: Annotated[list[Effect], Field(min_length=1)]

    @field_validator("effects", mode="after")
    @classmethod
    def _groups(cls, effects: list[Any]) -> list[Any]:
        return expand_instead_groups(effects)


class TriggeredAbility(SpecModel):
    """`enters` is "When this enters"; `each_end_step` is "At the beginning of each end step";
    `you_give_gift` is "Whenever you give a gift" (702.174c). `intervening_if` is the "if the gift was
    promised" (`promised`) or "if the gift wasn't promised" (`not_promised`) clause, checked both when it
    triggers and as it resolves (rule 603.4): a trigger whose condition is false isn't put on the stack."""

    kind: Literal["triggered"]
    text: OracleLine
    event: Literal["enters", "each_end_step", "you_give_gift"]
    intervening_if: GiftCondition | None = None
    effects: Annotated[list[Effect], Field(min_length=1)]

    @field_validator("effects", mode="after")
    @classmethod
    def _groups(cls, effects: list[Any]) -> list[Any]:
        return expand_instead_groups(effects)


class StaticAbility(SpecModel):
    kind: Literal["static"]
    text: OracleLine
    effects: Annotated[list[StaticEffect], Field(min_length=1)]


class KeywordAbility(SpecModel):
    """A keyword without parameters on its own oracle line ("Reach"); the text is derived."""

    kind: Literal["keyword"]
    keyword: Keyword


class EnchantAbility(SpecModel):
    """"Enchant creature": what the Aura can be attached to; the text is derived."""

    kind: Literal["enchant"]
    filter: ObjectFilter


class EquipAbility(SpecModel):
    """"Equip {3}"; the text is derived."""

    kind: Literal["equip"]
    cost: ManaCostField


class AdditionalCost(SpecModel):
    """"As an additional cost to cast this spell, discard a card." (rule 601.2b, f-h)."""

    kind: Literal["additional_cost"]
    text: OracleLine
    discard: Annotated[int, Field(ge=1, le=20)]


class ActivationCost(SpecModel):
    """The cost before the colon of an activated ability (rule 602.1a), paid in the order printed: mana,
    `{T}` (tap this permanent, 107.5), sacrifice this permanent (`sacrifice: self`) or a permanent of yours
    the filter matches (`sacrifice: {types: [creature]}` "Sacrifice a creature", with `other: true`
    "Sacrifice another creature"; the activator chooses it as they pay, 602.2h, 701.21a)."""

    mana: ManaCostField | None = None
    tap: bool = False
    sacrifice: Literal["self"] | ObjectFilter | None = None


class ActivatedAbility(SpecModel):
    """"[Cost]: [Effect.]" (rule 602). `effects` is what it does as it resolves from the stack; `mana` instead
    makes it a mana ability (605.1a: it adds mana and doesn't use the stack): `any_color` is "Add one mana
    of any color." `timing: sorcery` is "Activate only as a sorcery." (602.5d)."""

    kind: Literal["activated"]
    text: OracleLine
    cost: ActivationCost
    effects: list[Effect] = []
    mana: Literal["any_color"] | None = None
    timing: Literal["any", "sorcery"] = "any"


Ability = Annotated[
    Union[SpellAbility, TriggeredAbility, StaticAbility, KeywordAbility, EnchantAbility, EquipAbility, AdditionalCost,
          ActivatedAbility],
    Field(discriminator="kind"),
]


# ------------------------------------------------------------------------------------------- the card


class Printing(SpecModel):
    """One printing: set code, collector number, rarity, and the art variant where a set prints the
    same name several times (engines distinguish those)."""

    set: Annotated[str, Field(pattern=r"^[A-Z0-9]{2,6}$")]
    number: Annotated[str, Field(pattern=r"^[0-9]{1,4}[a-z]?$")]
    rarity: Rarity
    variant: Literal["borderless", "showcase", "extended_art", "full_art", "promo"] | None = None

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


class SetInfo(SpecModel):
    """`card_specs/<set>/set.yaml`: what engines need to know about a set."""

    name: Annotated[str, Field(min_length=1, max_length=100)]
    code: Annotated[str, Field(pattern=r"^[A-Z0-9]{2,6}$")]
    release_date: datetime.date
    type: Literal["expansion", "core", "commander", "promo", "supplemental", "masters", "funny", "test"]
    author: Author | None = None
    """Who wrote the set file: the `@author` of a whole XMage set class ("cardgen" when not given)."""


def complete_annotations() -> None:
    """Resolve the forward references (`Effect`) in the fields of the effect models, for code that walks
    field annotations (locating a diagnostic). Validation never needs it: the `Card` validator resolves
    them itself. Done on first need only, since it builds each of those models' validators."""
    global _annotations_complete
    if _annotations_complete:
        return
    for model in (EffectBase, *EffectBase.__subclasses__(), SpellAbility, TriggeredAbility):
        if not getattr(model, "__pydantic_fields_complete__", model.__pydantic_complete__):
            model.model_rebuild(force=True)  # not from a stored schema: that would leave the fields as they are
    _annotations_complete = True


_annotations_complete = False
