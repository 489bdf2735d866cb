"""Spec selectors (`ObjectFilter`) as XMage filters: a `private static final` field plus predicates.

The zone decides the filter class (battlefield: `FilterPermanent`, stack: `FilterSpell`, any card zone:
`FilterCard`), each selector field becomes one predicate, and fields XMage cannot check in that zone
(a controller of a card in a graveyard, a token in a hand) are refused rather than dropped. A selector
that one of XMage's `StaticFilters` fields selects exactly is written as that field (`STATIC_FILTERS`,
names checked against `static_filters.txt`), as XMage's authors do; only the rest get a field of their own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardgen.engines.xmage import data
from cardgen.engines.xmage.imports import Imports
from cardgen.engines.xmage.java_expr import Expr, Raw, call, new
from cardgen.engines.xmage.problems import Unsupported
from cardgen.model import subtypes
from cardgen.model.card import ObjectFilter
from cardgen.model.parts import keyword_text

FILTER_CLASS = {"battlefield": "FilterPermanent", "stack": "FilterSpell"}
CARD_ZONES = ("graveyard", "hand", "exile", "library")
CONTROLLER = {"you": "YOU", "opponent": "OPPONENT", "not_you": "NOT_YOU"}
OWNER = {"you": "YOU", "opponent": "OPPONENT"}
SUPERTYPE = {"basic": "BASIC", "legendary": "LEGENDARY", "snow": "SNOW"}


STATIC_FILTERS: dict[tuple[str, str], tuple[str, str | None]] = {
    # (zone kind, selector key) -> (singular field, plural field)
    ("battlefield", ""): ("FILTER_PERMANENT", "FILTER_PERMANENTS"),
    ("battlefield", "creature"): ("FILTER_PERMANENT_CREATURE", "FILTER_PERMANENT_CREATURES"),
    ("battlefield", "creature|controller=you"): ("FILTER_CONTROLLED_CREATURE", "FILTER_CONTROLLED_CREATURES"),
    ("battlefield", "controller=you"): ("FILTER_CONTROLLED_PERMANENT", "FILTER_CONTROLLED_PERMANENTS"),
    ("battlefield", "creature|controller=you|other"): ("FILTER_OTHER_CONTROLLED_CREATURE",
                                                       "FILTER_OTHER_CONTROLLED_CREATURES"),
    ("battlefield", "controller=you|other"): ("FILTER_CONTROLLED_ANOTHER_PERMANENT",
                                              "FILTER_OTHER_CONTROLLED_PERMANENTS"),
    ("battlefield", "creature|controller=opponent"): ("FILTER_OPPONENTS_PERMANENT_CREATURE",
                                                      "FILTER_OPPONENTS_PERMANENT_CREATURES"),
    ("battlefield", "creature|controller=not_you"): ("FILTER_CREATURE_YOU_DONT_CONTROL", None),
    ("battlefield", "artifact,enchantment"): ("FILTER_PERMANENT_ARTIFACT_OR_ENCHANTMENT",
                                              "FILTER_PERMANENT_ARTIFACT_OR_ENCHANTMENT"),
    ("battlefield", "artifact,creature|controller=you"): ("FILTER_CONTROLLED_PERMANENT_ARTIFACT_OR_CREATURE", None),
    ("battlefield", "not=land|controller=opponent"): ("FILTER_OPPONENTS_PERMANENT_NON_LAND", None),
    ("battlefield", "creature|token=False"): ("FILTER_CREATURE_NON_TOKEN", None),
    ("battlefield", "creature|attacking"): ("FILTER_ATTACKING_CREATURE", "FILTER_ATTACKING_CREATURES"),
    ("battlefield", "creature|dealt_damage_this_turn"): ("FILTER_CREATURE_DAMAGED_THIS_TURN", None),
    ("battlefield", "creature|dealt_damage_this_turn|controller=opponent"): (
        "FILTER_OPPONENTS_CREATURE_DAMAGED_THIS_TURN", None),
    ("card", "creature|owner=you"): ("FILTER_CARD_CREATURE_YOUR_GRAVEYARD", "FILTER_CARD_CREATURES_YOUR_GRAVEYARD"),
    ("card", "creature"): ("FILTER_CARD_CREATURE", "FILTER_CARD_CREATURES"),
    ("card", "permanent"): ("FILTER_CARD_PERMANENT", "FILTER_CARD_PERMANENTS"),
    ("card", "not=land"): ("FILTER_CARD_NON_LAND", None),
    ("stack", "creature"): ("FILTER_SPELL_CREATURE", None),
    ("stack", ""): ("FILTER_SPELL", None),
}
"""XMage's ready-made filters for the selectors cards use most. `owner=you` keys apply only where the
target class already restricts the owner (`TargetCardInYourGraveyard`): the field itself checks none."""
TARGET_STATIC_FILTERS: dict[str, str] = {
    "creature|other": "FILTER_ANOTHER_TARGET_CREATURE",
    "creature|controller=you|other": "FILTER_ANOTHER_TARGET_CREATURE_YOU_CONTROL",
}
"""Ready-made filters for an "another target" (their message says "another target ...", so XMage's
target text adds no second "target"); any other "other" target gets a field of its own."""
READ_ONLY_STATIC_FILTERS: dict[tuple[str, str], tuple[str, ...]] = {
    ("battlefield", "not=land"): ("FILTER_PERMANENT_NON_LAND",),
    ("battlefield", "creature|other"): ("FILTER_ANOTHER_CREATURE",),
    ("battlefield", "creature|token=True"): ("FILTER_CREATURE_TOKEN",),
    # "another target creature" of the second target group (`AnotherTargetPredicate(2)`): not a creature
    # the spell's first target chose (XMage's own Mabel's Mettle)
    ("battlefield", "creature|other_target"): ("FILTER_ANOTHER_CREATURE_TARGET_2",),
    ("stack", ""): ("FILTER_SPELL_A",), ("stack", "creature"): ("FILTER_SPELL_A_CREATURE",),
    ("stack", "not=creature"): ("FILTER_SPELL_A_NON_CREATURE", "FILTER_SPELLS_NON_CREATURE"),
    ("stack", "instant,sorcery"): ("FILTER_SPELL_AN_INSTANT_OR_SORCERY", "FILTER_SPELLS_INSTANT_OR_SORCERY"),
    ("battlefield", "creature|keywords=flying"): ("FILTER_CREATURE_FLYING",),
    # with `TargetCardInYourGraveyard`, which restricts the owner itself (XMage's own Stormchaser's Talent)
    ("card", "instant,sorcery|owner=you"): ("FILTER_CARD_INSTANT_OR_SORCERY_FROM_YOUR_GRAVEYARD",),
    # a library search's `TargetCardInLibrary` (the messages with the article its effect's text prints: XMage's
    # own Fabled Passage, Fountainport Bell), written by `search_library` itself
    ("card", "land|supertypes=basic"): ("FILTER_CARD_BASIC_LAND_A",),
    ("card", "land"): ("FILTER_CARD_LAND_A",),
    ("card", "creature"): ("FILTER_CARD_CREATURE_A",),
    ("card", ""): ("FILTER_CARD_A",),
}
"""Ready-made filters XMage's own classes use for the same selectors, read but never written (a field
above is written for each)."""


def key_fields(kind: str, key: str) -> dict[str, Any]:
    """The selector (as data, with its zone) a `STATIC_FILTERS` key says: what the reader reads the field
    as. `owner=you` is the target class's (`TargetCardInYourGraveyard`), not the field's."""
    fields: dict[str, Any] = {"zone": "graveyard" if kind == "card" else kind}
    for part in filter(None, key.split("|")):
        name, eq, value = part.partition("=")
        if not eq:
            fields.update({"other": True} if name == "other" else {"other_target": True}
                          if name == "other_target" else {"attacking": True} if name == "attacking"
                          else {"dealt_damage_this_turn": True} if name == "dealt_damage_this_turn"
                          else {"types": name.split(",")})
        elif name == "not":
            fields.setdefault("not_types", []).append(value)
        elif name == "token":
            fields["token"] = value == "True"
        elif name == "keywords":
            fields["keywords"] = value.split(",")
        elif name == "supertypes":
            fields["supertypes"] = value.split(",")
        elif name != "owner":
            fields[name] = value
    return fields


def _static_filter_fields() -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for (kind, key), names in STATIC_FILTERS.items():
        for name in names:
            if name is not None:
                found.setdefault(name, key_fields(kind, key))
    for key, name in TARGET_STATIC_FILTERS.items():
        found.setdefault(name, key_fields("battlefield", key))
    for (kind, key), read_only in READ_ONLY_STATIC_FILTERS.items():
        for name in read_only:
            found.setdefault(name, key_fields(kind, key))
    return found


STATIC_FILTER_FIELDS: dict[str, dict[str, Any]] = _static_filter_fields()
"""`StaticFilters` field -> the selector it selects, from the tables above: what the reader reads it as."""


def static_filter(selector: ObjectFilter, *, owner_in_target: bool = False, plural: bool = False,
                  target: bool = False) -> str | None:
    """The `StaticFilters` field selecting exactly what `selector` selects, or None. A `target` filter
    that excludes the source takes one of `TARGET_STATIC_FILTERS` (singular) or none."""
    zone = selector.zone
    kind = "card" if zone in CARD_ZONES else zone
    types = [t for t in selector.types if not (zone == "battlefield" and t == "permanent")]
    parts = [",".join(sorted(types))] if types else []
    parts += [f"not={w}" for w in selector.not_types]
    if selector.attacking:
        parts.append("attacking")
    if selector.dealt_damage_this_turn:
        parts.append("dealt_damage_this_turn")
    if selector.supertypes or selector.not_supertypes or selector.max_mana_value is not None \
            or selector.min_power is not None or selector.max_power is not None \
            or selector.entered_this_turn or selector.subtypes or selector.not_subtypes \
            or selector.keywords or selector.not_keywords or selector.chosen_type:
        return None
    if selector.controller:
        parts.append(f"controller={selector.controller}")
    if selector.token is not None:
        parts.append(f"token={selector.token}")
    if selector.other:
        parts.append("other")
        if target:
            return None if plural or zone != "battlefield" else TARGET_STATIC_FILTERS.get("|".join(parts))
    keys = ["|".join(parts)]
    if selector.owner:  # the target class checks the owner: a field naming it, else a plain card field
        if not owner_in_target or selector.owner != "you" or zone != "graveyard":
            return None
        keys.insert(0, "|".join([*parts, "owner=you"]))
    names = next((STATIC_FILTERS[(kind, key)] for key in keys if (kind, key) in STATIC_FILTERS), None)
    if names is None:
        return None
    return (names[1] if plural and names[1] else names[0])


def filter_class(zone: str) -> str:
    return FILTER_CLASS.get(zone, "FilterCard")


def type_predicate(word: str, zone: str, imports: Imports) -> Expr | None:
    """The predicate for one type word; `permanent` on the battlefield needs none."""
    if word == "permanent":
        if zone == "battlefield":
            return None
        return Raw(f"{imports.use('PermanentPredicate')}.instance")
    return call(f"{imports.use('CardType')}.{word.upper()}", "getPredicate")


def subtype_predicate(subtype: str, imports: Imports) -> Expr:
    """`SubType.RABBIT.getPredicate()`; a subtype XMage's enum lacks is refused."""
    constant = data.subtypes().get(subtype)
    if constant is None:
        raise Unsupported(f"XMage has no subtype {subtype!r} (its SubType enum lists the printed subtypes)")
    return call(f"{imports.use('SubType')}.{constant}", "getPredicate")


def keyword_predicate(word: str, imports: Imports) -> Expr:
    """`new AbilityPredicate(FlyingAbility.class)`: the object has that keyword."""
    from cardgen.engines.xmage.forms import KEYWORD_CLASSES
    return new(imports.use("AbilityPredicate"), Raw(f"{imports.use(KEYWORD_CLASSES[word])}.class"))


def predicates(selector: ObjectFilter, imports: Imports, *, owner_in_target: bool = False,
               greatest_power: bool = False) -> tuple[Expr, ...]:
    """The predicates that make an XMage filter select what `selector` selects.

    `owner_in_target` leaves `owner` out because the target class already restricts it
    (`TargetCardInYourGraveyard`). `greatest_power` adds "with the greatest power among creatures
    they control" (a sacrifice choice)."""
    zone = selector.zone
    out: list[Expr] = []
    on_battlefield = zone == "battlefield"
    types = [t for t in selector.types]
    if on_battlefield and "permanent" in types:
        types = []  # "permanent" absorbs every other type word on the battlefield
    type_preds = [p for p in (type_predicate(t, zone, imports) for t in types) if p is not None]
    if len(type_preds) == 1:
        out.append(type_preds[0])
    elif type_preds:
        out.append(call(imports.use("Predicates"), "or", *type_preds))
    for word in selector.not_types:
        pred = type_predicate(word, "stack" if word == "permanent" else zone, imports)
        out.append(call(imports.use("Predicates"), "not", pred))
    subtype_preds = [subtype_predicate(word, imports) for word in selector.subtypes]
    if len(subtype_preds) == 1:
        out.append(subtype_preds[0])
    elif subtype_preds:
        out.append(call(imports.use("Predicates"), "or", *subtype_preds))
    for subtype in selector.not_subtypes:
        out.append(call(imports.use("Predicates"), "not", subtype_predicate(subtype, imports)))
    for supertype in selector.supertypes:
        out.append(call(f"{imports.use('SuperType')}.{SUPERTYPE[supertype]}", "getPredicate"))
    for supertype in selector.not_supertypes:
        out.append(call(imports.use("Predicates"), "not",
                        call(f"{imports.use('SuperType')}.{SUPERTYPE[supertype]}", "getPredicate")))
    if selector.controller is not None:
        if zone not in ("battlefield", "stack"):
            raise Unsupported(f"a card in the {zone} has an owner, not a controller; write `owner:` instead")
        out.append(call(f"{imports.use('TargetController')}.{CONTROLLER[selector.controller]}",
                        "getControllerPredicate"))
    if selector.owner is not None and not owner_in_target:
        if zone == "stack":
            raise Unsupported("XMage's spell filters cannot check a spell's owner; use `controller:`")
        out.append(call(f"{imports.use('TargetController')}.{OWNER[selector.owner]}", "getOwnerPredicate"))
    if selector.token is not None:
        if not on_battlefield:
            raise Unsupported(f"`token:` is only checked on the battlefield, not in the {zone}")
        out.append(Raw(f"{imports.use('TokenPredicate')}.{'TRUE' if selector.token else 'FALSE'}"))
    if selector.max_mana_value is not None:
        out.append(new(imports.use("ManaValuePredicate"), Raw(f"{imports.use('ComparisonType')}.OR_LESS"),
                       selector.max_mana_value))
    if selector.min_power is not None:  # "with power 4 or greater", as XMage's own Ferocious filters say it
        out.append(new(imports.use("PowerPredicate"), Raw(f"{imports.use('ComparisonType')}.OR_GREATER"),
                       selector.min_power))
    if selector.max_power is not None:  # "with power 2 or less", as XMage's own Driftgloom Coyote says it
        out.append(new(imports.use("PowerPredicate"), Raw(f"{imports.use('ComparisonType')}.OR_LESS"),
                       selector.max_power))
    if selector.entered_this_turn:
        if not on_battlefield:
            raise Unsupported(f"`entered_this_turn` is only checked on the battlefield, not in the {zone}")
        out.append(Raw(f"{imports.use('EnteredThisTurnPredicate')}.instance"))
    if selector.attacking:
        if not on_battlefield:
            raise Unsupported(f"`attacking` is only checked on the battlefield, not in the {zone}")
        out.append(Raw(f"{imports.use('AttackingPredicate')}.instance"))
    if selector.dealt_damage_this_turn:
        if not on_battlefield:
            raise Unsupported(f"`dealt_damage_this_turn` is only checked on the battlefield, not in the {zone}")
        out.append(Raw(f"{imports.use('WasDealtDamageThisTurnPredicate')}.instance"))
    if selector.chosen_type:  # the creature type the source chose (ChooseCreatureTypeEffect.getChosenCreatureType)
        if not on_battlefield:
            raise Unsupported(f"`chosen_type` is only checked on the battlefield, not in the {zone}")
        out.append(Raw(f"{imports.use('ChosenSubtypePredicate')}.TRUE"))
    for keyword in selector.keywords:  # "with flying": the object has that keyword ability (XMage's AbilityPredicate)
        out.append(keyword_predicate(keyword, imports))
    for keyword in selector.not_keywords:
        out.append(call(imports.use("Predicates"), "not", keyword_predicate(keyword, imports)))
    if selector.other:  # the object is not the source (its card keeps its id between zones)
        if not on_battlefield and zone != "graveyard":
            raise Unsupported(f"`other` is only checked on the battlefield and in a graveyard, not in the {zone}")
        out.append(Raw(f"{imports.use('AnotherPredicate')}.instance"))
    if greatest_power:
        out.append(Raw(f"{imports.use('GreatestPowerControlledPredicate')}.instance"))
    return tuple(out)


def describe(selector: ObjectFilter, *, plural: bool = False, target: bool = False) -> str:
    """A short English description for the filter's message (what XMage shows when choosing). A target
    that excludes the source says "another target creature" ("other target creatures"), as XMage's own
    filters do: its target text then adds no "target" of its own."""
    words = [w for w in selector.types if not (w == "permanent" and selector.types != ["permanent"])]
    named = bool(words or selector.subtypes)
    noun = " or ".join(words) if words else ("" if selector.subtypes else "card" if selector.zone in CARD_ZONES
                                             else "spell" if selector.zone == "stack" else "permanent")
    if selector.zone in CARD_ZONES and named:
        noun = f"{noun} card".strip()
    elif selector.zone == "stack" and named:
        noun = f"{noun} spell".strip()
    ending = "s" if plural else ""
    if selector.subtypes:  # "Lizard, Mouse, Otter, or Raccoon", "Rabbits, Bats, and/or Mice", "Bird creature card"
        listed = [subtypes.plural(w) if plural and not noun else w for w in selector.subtypes]
        joiner = "and/or" if plural else "or"
        said = listed[0] if len(listed) == 1 else (f"{listed[0]} {joiner} {listed[1]}" if len(listed) == 2 else
                                                   ", ".join(listed[:-1]) + f", {joiner} {listed[-1]}")
        ending = ending if noun else ""  # "Mice" is the plural already
        noun = f"{said} {noun}".strip()
    # "nonland, nontoken permanent": the "non-" words in the order oracle text writes them, a comma between two
    non_words = [f"non{w}" for w in [*selector.not_supertypes, *selector.not_types]]
    non_words += [f"non-{w}" for w in selector.not_subtypes]
    non_words += ["nontoken"] if selector.token is False else []
    prefix = ", ".join(non_words) + " " if non_words else ""
    prefix += "".join(f"{w} " for w in selector.supertypes)
    if selector.attacking:
        prefix = "attacking " + prefix
    if selector.token is True:
        noun += " token"
    if selector.other:
        prefix = ("other " if not target else "other target " if plural else "another target ") + prefix
    text = prefix + noun + ending
    if selector.max_mana_value is not None:
        text += f" with mana value {selector.max_mana_value} or less"
    if selector.min_power is not None:
        text += f" with power {selector.min_power} or greater"
    if selector.max_power is not None:
        text += f" with power {selector.max_power} or less"
    if selector.controller == "you":
        text += " you control"
    elif selector.controller == "opponent":
        text += " an opponent controls"
    elif selector.controller == "not_you":
        text += " you don't control"
    if selector.chosen_type:
        text += " of the chosen type"
    if selector.owner == "you" and selector.zone in CARD_ZONES:
        text += f" from your {selector.zone}"
    elif selector.owner == "opponent" and selector.zone in CARD_ZONES:
        text += f" from an opponent's {selector.zone}"
    if selector.entered_this_turn:
        text += " that entered the battlefield this turn"
    if selector.dealt_damage_this_turn:
        text += " that were dealt damage this turn" if plural else " that was dealt damage this turn"
    text += "".join(f" with {keyword_text(word).lower()}" for word in selector.keywords)
    text += "".join(f" without {keyword_text(word).lower()}" for word in selector.not_keywords)
    return text


@dataclass(frozen=True, slots=True)
class FilterField:
    """One `private static final` filter field of a generated class."""

    name: str
    java_class: str
    message: str
    predicates: tuple[Expr, ...]

    @property
    def declaration(self) -> str:
        return f"private static final {self.java_class} {self.name}"


@dataclass(slots=True)
class FilterTable:
    """The filter fields of one generated class, deduplicated, named `filter`, `filter2`, ..."""

    imports: Imports
    fields: list[FilterField] = field(default_factory=list)

    def add(self, selector: ObjectFilter, *, owner_in_target: bool = False, greatest_power: bool = False,
            plural: bool = False, target: bool = False, another_target_tag: int | None = None,
            another: bool = False, message: str | None = None) -> str:
        """`another_target_tag`: the filter of an `other_target` target, tagged so (XMage's own cards, Arm the
        Cathars): `AnotherTargetPredicate(tag)` leaves out what the ability's other tagged targets chose.
        `message`: the filter's message where a condition prints it ("you control an Otter"), a field of its own.
        `another`: a field of its own whose message says "another ..." for an `other` selector (a trigger's
        "whenever another nontoken Bird you control enters", as XMage's own cards word it)."""
        ready = None if greatest_power or another_target_tag is not None or another or message else static_filter(
            selector, owner_in_target=owner_in_target, plural=plural, target=target)
        if ready is not None:
            return f"{self.imports.use('StaticFilters')}.{ready}"
        java_class = self.imports.use(filter_class(selector.zone))
        preds = predicates(selector, self.imports, owner_in_target=owner_in_target, greatest_power=greatest_power)
        said = describe(selector, plural=plural, target=target)
        if another and selector.other:
            said = "another " + describe(selector.model_copy(update={"other": False}), plural=plural)
        if another_target_tag is not None:
            preds += (new(self.imports.use("AnotherTargetPredicate"), another_target_tag),)
            if not selector.other:
                said = ("other target " if plural else "another target ") + said
        if greatest_power:
            said += " with the greatest power among creatures they control"
        if message is not None:
            said = message
        for existing in self.fields:
            if (existing.java_class, existing.predicates, existing.message) == (java_class, preds, said):
                return existing.name
        return self._field(java_class, said, preds)

    def describe(self, selector: ObjectFilter, *, plural: bool = False) -> str:
        """The short English description `add` gives a filter's message ("Squirrel card"), for a message
        of a construct's own wording ("a Squirrel card")."""
        return describe(selector, plural=plural)

    def add_player(self, who: str) -> str:
        """A `FilterPlayer` for a player target restricted to `who` (only `you` is needed)."""
        java_class = self.imports.use("FilterPlayer")
        preds = (call(f"{self.imports.use('TargetController')}.{CONTROLLER[who]}", "getPlayerPredicate"),)
        for existing in self.fields:
            if (existing.java_class, existing.predicates) == (java_class, preds):
                return existing.name
        return self._field(java_class, "you", preds)

    def add_raw(self, zone: str, message: str, preds: tuple[Expr, ...]) -> str:
        """A filter with predicates built elsewhere (the union target of an "instead" pair)."""
        java_class = self.imports.use(filter_class(zone))
        for existing in self.fields:
            if (existing.java_class, existing.predicates, existing.message) == (java_class, preds, message):
                return existing.name
        return self._field(java_class, message, preds)

    def add_class(self, java_class: str, message: str, preds: tuple[Expr, ...]) -> str:
        """A filter of a framework class the caller names (a cost's `FilterControlledPermanent`) with predicates
        built elsewhere."""
        java_class = self.imports.use(java_class)
        for existing in self.fields:
            if (existing.java_class, existing.predicates, existing.message) == (java_class, preds, message):
                return existing.name
        return self._field(java_class, message, preds)

    def _field(self, java_class: str, message: str, preds: tuple[Expr, ...]) -> str:
        name = "filter" if not self.fields else f"filter{len(self.fields) + 1}"
        self.fields.append(FilterField(name, java_class, message, preds))
        return name
