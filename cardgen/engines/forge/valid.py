"""Selectors (`ObjectFilter`) <-> Forge's valid expressions (`Creature.OppCtrl`, `Artifact,Enchantment`).

A valid expression is a comma-separated list of alternatives, each `Type.restriction+restriction`. A spec
filter's `types` are any-of, and its other fields apply to every alternative, so a filter becomes one
alternative per type with the same restrictions; reading requires every alternative to share them. Its
`subtypes` are any-of too: alone, each is an alternative's base (`Rabbit.YouCtrl`, as Forge's own scripts
write "Rabbits you control"); with types, a restriction of each type's alternative (`Creature.Bird+YouOwn`),
one alternative per type and subtype. Forge reads a base that is no keyword of its own as a type
(`Card.isValid`: `getType().hasStringType(base)`, which asks `CardType.hasSubtype`) and a restriction that
is no property as one too (`ForgeScript.cardStateHasProperty`: `hasStringType`; `non<Subtype>` negated).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from cardgen.engines.forge.syntax import KEYWORDS
from cardgen.model import subtypes as subtype_table
from cardgen.model.card import ObjectFilter

TYPE_WORDS: dict[str, str] = {
    "artifact": "Artifact", "battle": "Battle", "creature": "Creature", "enchantment": "Enchantment",
    "instant": "Instant", "land": "Land", "planeswalker": "Planeswalker", "sorcery": "Sorcery",
    "permanent": "Permanent",
}
TYPES_BY_FORGE: dict[str, str] = {forge.lower(): spec for spec, forge in TYPE_WORDS.items()}
SUPERTYPE_WORDS: dict[str, str] = {"basic": "Basic", "legendary": "Legendary", "snow": "Snow"}
SUPERTYPES_BY_FORGE: dict[str, str] = {forge.lower(): spec for spec, forge in SUPERTYPE_WORDS.items()}

HIDDEN_ZONES = frozenset({"graveyard", "hand", "library", "exile"})
"""Zones where "your" means owner: Forge's `YouCtrl` there reads as `owner: you`."""


@dataclass(frozen=True, slots=True)
class Restriction:
    """One restriction word of a valid expression and the filter field value it says, stated once: the
    writer (`restrictions`) writes `word`, the reader (`_read_alternative`) takes `word` and `spellings`."""

    field: str
    value: Any
    """The field's value (of a list field: one item of it)."""
    word: str
    spellings: tuple[str, ...] = ()
    """Other spellings read as the same (Forge's own scripts write `!Creature` for `nonCreature`)."""
    folded: bool = False
    """Read whatever its letters' case (a type word: Forge compares type names so)."""


def _restriction_table() -> tuple[Restriction, ...]:
    def each(field: str, words: dict[str, str], form: str, negated: bool) -> list[Restriction]:
        return [Restriction(field, spec, form.format(forge), (f"!{forge}",) if negated else (), folded=True)
                for spec, forge in words.items()]

    return (
        *each("not_types", TYPE_WORDS, "non{}", negated=True),
        *each("supertypes", SUPERTYPE_WORDS, "{}", negated=False),
        *each("not_supertypes", SUPERTYPE_WORDS, "non{}", negated=True),
        Restriction("controller", "you", "YouCtrl"), Restriction("controller", "opponent", "OppCtrl"),
        Restriction("controller", "not_you", "YouDontCtrl", ("!YouCtrl",)),
        Restriction("owner", "you", "YouOwn"), Restriction("owner", "opponent", "OppOwn"),
        # CardProperty matches `startsWith("token")`, case-sensitively, and a leading `!` negates it. `Token`
        # matches no CardProperty test and falls through to ForgeScript's type test (`hasStringType`), which
        # no card passes, so `!Token` holds for tokens too; `nonToken` is gone from recent Forge and falls
        # through to ForgeScript's non<Type> the same way (card_properties.yaml)
        Restriction("token", True, "token"), Restriction("token", False, "!token"),
        Restriction("entered_this_turn", True, "ThisTurnEntered"),
        # CardProperty `attacking`: combat.isAttacking(card), declared or put onto the battlefield attacking
        Restriction("attacking", True, "attacking"),
        # CardProperty `startsWith("wasDealtDamageThisTurn")`: card.getAssignedDamage() != 0 (Forge's own
        # Downwind Ambusher: `Creature.OppCtrl+wasDealtDamageThisTurn`)
        Restriction("dealt_damage_this_turn", True, "wasDealtDamageThisTurn"),
        # CardProperty's `startsWith("with")` test: `without<K>` holds when the card has no keyword starting
        # with K (hasStartOfUnHiddenKeyword), `with<K>` when it has one; a keyword of two words (`First
        # Strike`) would put a space in the word, so only one-word keywords are written
        *(Restriction("keywords", spec, f"with{forge}") for spec, forge in KEYWORDS.items() if " " not in forge),
        *(Restriction("not_keywords", spec, f"without{forge}") for spec, forge in KEYWORDS.items()
          if " " not in forge),
        Restriction("other", True, "Other"),
        # ForgeScript.cardStateHasProperty `equals("ChosenType")`: the card has the type its source chose
        Restriction("chosen_type", True, "ChosenType"),
    )


RESTRICTIONS: tuple[Restriction, ...] = _restriction_table()
"""Every restriction word with a fixed meaning; `non<Subtype>` and `cmcLE<n>` are spelled from their value."""
_WRITTEN: dict[tuple[str, Any], str] = {(r.field, r.value): r.word for r in RESTRICTIONS}
_READ: dict[str, Restriction] = {spelling: r for r in RESTRICTIONS for spelling in (r.word, *r.spellings)}
_READ_FOLDED: dict[str, Restriction] = {spelling.lower(): r for r in RESTRICTIONS if r.folded
                                        for spelling in (r.word, *r.spellings)}
_LIST_FIELDS = frozenset({"not_types", "not_subtypes", "supertypes", "not_supertypes", "keywords", "not_keywords"})
_FIELD_ORDER = ("not_types", "not_subtypes", "supertypes", "not_supertypes", "chosen_type", "controller", "owner",
                "token", "max_mana_value", "min_power", "max_power", "entered_this_turn", "dealt_damage_this_turn",
                "attacking", "keywords", "not_keywords", "other")
"""The order the writer puts restrictions in (`Creature.ChosenType+YouCtrl`, as Forge's own Patchwork Banner)."""


def restrictions(selector: ObjectFilter) -> list[str]:
    """The `+`-joined part shared by every alternative."""
    props: list[str] = []
    for name in _FIELD_ORDER:
        value = getattr(selector, name)
        if name == "not_subtypes":
            props += [f"non{word}" for word in value]
        elif name == "max_mana_value":
            props += [] if value is None else [f"cmcLE{value}"]
        elif name == "min_power":  # CardProperty `power<op><n>`: the card's net power
            props += [] if value is None else [f"powerGE{value}"]
        elif name == "max_power":
            props += [] if value is None else [f"powerLE{value}"]
        else:
            for item in value if isinstance(value, list) else [value]:
                if (name, item) in _WRITTEN:
                    props.append(_WRITTEN[(name, item)])
                elif item is not None and item is not False:
                    raise ValueError(f"no Forge restriction says {name}: {item!r}")
    return props


def valid_expression(selector: ObjectFilter, extra: tuple[str, ...] = (), any_object: str | None = None) -> str:
    """`ObjectFilter(types=[artifact, enchantment], controller=opponent)` -> `Artifact.OppCtrl,Enchantment.OppCtrl`.
    `extra` restrictions (`IsRemembered`, ...) are added to every alternative; `any_object` overrides the
    word for "any object" (`Permanent` on the battlefield, else `Card`)."""
    props = restrictions(selector) + list(extra)
    if selector.types:
        bases = [TYPE_WORDS[word] for word in selector.types]
    elif selector.subtypes:
        return ",".join(subtype + (("." + "+".join(props)) if props else "") for subtype in selector.subtypes)
    else:
        bases = [any_object or ("Permanent" if selector.zone == "battlefield" else "Card")]
    alternatives = [[]] if not selector.subtypes else [[subtype] for subtype in selector.subtypes]
    return ",".join(base + (("." + "+".join(first + props)) if first + props else "")
                    for base in bases for first in alternatives)


# -------------------------------------------------------------------------------------------- reading


@dataclass
class ParsedValid:
    """A valid expression read back: filter fields, the special restrictions the caller interprets
    (`IsRemembered`, `greatestPowerControlledByTargeted`, `PromisedGift`, `Self`, ...) and any error."""

    fields: dict[str, Any] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    error: str | None = None

    def filter(self, zone: str = "battlefield") -> ObjectFilter:
        return ObjectFilter.model_validate({"zone": zone, **self.fields})


SPECIAL_FLAGS = frozenset({
    "IsRemembered", "greatestPowerControlledByTargeted", "PromisedGift", "Self", "EnchantedBy",
    "EquippedBy", "AttachedBy",
})
FLAGS = SPECIAL_FLAGS | {"inZoneStack"}
"""The restrictions read as flags (`inZoneStack`: a spell as the target of an effect that doesn't imply the stack)."""


def _read_alternative(text: str, zone: str) -> ParsedValid:
    base, _, rest = text.partition(".")
    result = ParsedValid()
    types: set[str] = set()
    fields: dict[str, Any] = {}
    subtypes: list[str] = []
    known = subtype_table.kinds()
    base_word = base.strip().lower()
    if base_word in TYPES_BY_FORGE:
        types.add(TYPES_BY_FORGE[base_word])
    elif base.strip() in known:
        subtypes.append(base.strip())
    elif base_word != "card":
        result.error = f"unknown object kind {base!r}"
        return result
    for prop in filter(None, rest.split("+")):
        negated = prop.startswith("!")
        word = prop[1:] if negated else prop
        if not negated and word in FLAGS:
            result.flags.add(word)
            continue
        error = _read_kind(text, negated, word, types, subtypes, fields, known)
        if error is _NO_KIND:
            error = _read_restriction(text, prop, fields, zone)
        if error is not None:
            result.error = error
            return result
    if types:
        fields["types"] = sorted(types)
    if subtypes:
        fields["subtypes"] = subtypes
    result.fields = fields
    return result


_NO_KIND = "no type or subtype"


def _read_kind(text: str, negated: bool, word: str, types: set[str], subtypes: list[str], fields: dict[str, Any],
               known: Any) -> str | None:
    """A type or subtype word of an alternative into `types`, `subtypes` or `fields`: None when taken, the
    error, or `_NO_KIND` when the word is no type or subtype."""
    lower = word.lower()
    if word in known and lower not in TYPES_BY_FORGE and not negated:
        if subtypes:
            return f"{text!r} asks for two subtypes at once, which a spec filter cannot say"
        subtypes.append(word)
    elif (word.startswith("non") and word[3:] in known) or (negated and word in known):
        fields.setdefault("not_subtypes", []).append(word[3:] if word.startswith("non") else word)
    elif lower in TYPES_BY_FORGE and not negated:
        if types - {"permanent"}:
            return f"{text!r} asks for two types at once, which a spec filter cannot say"
        types.clear()
        types.add(TYPES_BY_FORGE[lower])
    else:
        return _NO_KIND
    return None


def _read_restriction(text: str, prop: str, fields: dict[str, Any], zone: str) -> str | None:
    """A restriction word of an alternative (`RESTRICTIONS`, `cmcLE<n>`) into `fields`: None when taken,
    else the error."""
    found = _READ.get(prop) or _READ_FOLDED.get(prop.lower())
    if found is not None:
        name = found.field
        if name == "controller" and found.word == prop and zone in HIDDEN_ZONES:  # "your": the owner there
            if found.value == "not_you":
                return f"{prop} outside the battlefield"
            name = "owner"
        if name in _LIST_FIELDS:
            fields.setdefault(name, []).append(found.value)
        else:
            fields[name] = found.value
        return None
    word = prop.removeprefix("!")
    if prop == "!Token":
        return None  # as Forge runs it: no CardProperty test matches `Token`, no card has that type, every card passes
    if word == "Token":
        return (f"{prop!r} in {text!r} matches no card: Forge's CardProperty matches `token` "
                "case-sensitively, and `Token` is no type (write token)")
    if word.lower() == "nontoken":
        return (f"{prop!r} in {text!r} is no CardProperty in recent Forge: ForgeScript reads it as "
                "non<type> `Token`, which every card passes (write !token)")
    if match := re.fullmatch(r"power(GE|GT)([0-9]+)", word):
        fields["min_power"] = int(match.group(2)) + (1 if match.group(1) == "GT" else 0)
        return None
    if match := re.fullmatch(r"power(LE|LT)([0-9]+)", word):
        fields["max_power"] = int(match.group(2)) - (1 if match.group(1) == "LT" else 0)
        return None
    if match := re.fullmatch(r"cmc(LE|LT)([0-9]+)", word):
        fields["max_mana_value"] = int(match.group(2)) - (1 if match.group(1) == "LT" else 0)
        return None
    return f"unknown restriction {prop!r} in {text!r}"


def read_valid(text: str, zone: str = "battlefield") -> ParsedValid:
    """Read `Artifact.OppCtrl,Enchantment.OppCtrl` into one filter (types any-of). Alternatives must share
    every restriction; otherwise the result carries an error."""
    alternatives = [_read_alternative(part.strip(), zone) for part in text.split(",") if part.strip()]
    if not alternatives:
        return ParsedValid(error="empty selector")
    for alternative in alternatives:
        if alternative.error:
            return alternative
    merged = ParsedValid(flags=set(alternatives[0].flags))
    kinds = ("types", "subtypes")
    common = {key: value for key, value in alternatives[0].fields.items() if key not in kinds}
    found: dict[str, list[str]] = {"types": [], "subtypes": []}
    pairs: set[tuple[str | None, str | None]] = set()
    for alternative in alternatives:
        rest = {key: value for key, value in alternative.fields.items() if key not in kinds}
        if rest != common or alternative.flags != merged.flags:
            return ParsedValid(error=f"the alternatives of {text!r} differ in more than their type")
        for kind in kinds:
            for word in alternative.fields.get(kind, []):
                if word not in found[kind]:
                    found[kind].append(word)
        type_words: list[str | None] = [*alternative.fields.get("types", [])] or [None]
        subtype_words: list[str | None] = [*alternative.fields.get("subtypes", [])] or [None]
        pairs.add((type_words[0], subtype_words[0]))
    # any of the types and any of the subtypes: every alternative one of each, all of them there
    any_type: list[str | None] = [*found["types"]] or [None]
    any_subtype: list[str | None] = [*found["subtypes"]] or [None]
    expected = {(t, s) for t in any_type for s in any_subtype}
    if pairs != expected or len(alternatives) != len(expected):
        return ParsedValid(error=f"the alternatives of {text!r} are not each of some types with each of some "
                           "subtypes, which a spec filter cannot say")
    merged.fields = dict(common)
    for kind in kinds:
        if found[kind]:
            merged.fields[kind] = found[kind]
    return merged
