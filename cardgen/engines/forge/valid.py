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


def restrictions(selector: ObjectFilter) -> list[str]:
    """The `+`-joined part shared by every alternative."""
    props: list[str] = []
    props += [f"non{TYPE_WORDS[word]}" for word in selector.not_types]
    props += [f"non{word}" for word in selector.not_subtypes]
    props += [SUPERTYPE_WORDS[word] for word in selector.supertypes]
    props += [f"non{SUPERTYPE_WORDS[word]}" for word in selector.not_supertypes]
    props += {"you": ["YouCtrl"], "opponent": ["OppCtrl"], "not_you": ["YouDontCtrl"], None: []}[selector.controller]
    props += {"you": ["YouOwn"], "opponent": ["OppOwn"], None: []}[selector.owner]
    # CardProperty matches `startsWith("token")`, case-sensitively, and a leading `!` negates it. `Token`
    # matches no CardProperty test and falls through to ForgeScript's type test (`hasStringType`), which
    # no card passes, so `!Token` holds for tokens too; `nonToken` is gone from recent Forge and falls
    # through to ForgeScript's non<Type> the same way (card_properties.yaml)
    props += {True: ["token"], False: ["!token"], None: []}[selector.token]
    if selector.max_mana_value is not None:
        props.append(f"cmcLE{selector.max_mana_value}")
    if selector.entered_this_turn:
        props.append("ThisTurnEntered")
    if selector.other:
        props.append("Other")
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


def _read_alternative(text: str, zone: str) -> ParsedValid:
    base, _, rest = text.partition(".")
    result = ParsedValid()
    types: set[str] = set()
    fields: dict[str, Any] = {}
    base_word = base.strip().lower()
    subtypes: list[str] = []
    known = subtype_table.kinds()
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
        lower = word.lower()
        if word in SPECIAL_FLAGS and not negated:
            result.flags.add(word)
        elif word in known and lower not in TYPES_BY_FORGE and not negated:
            if subtypes:
                result.error = f"{text!r} asks for two subtypes at once, which a spec filter cannot say"
                return result
            subtypes.append(word)
        elif (word.startswith("non") and word[3:] in known) or (negated and word in known):
            fields.setdefault("not_subtypes", []).append(word[3:] if word.startswith("non") else word)
        elif lower in TYPES_BY_FORGE and not negated:
            if types - {"permanent"}:
                result.error = f"{text!r} asks for two types at once, which a spec filter cannot say"
                return result
            types = {TYPES_BY_FORGE[lower]}
        elif (lower.startswith("non") and lower[3:] in TYPES_BY_FORGE) or (negated and lower in TYPES_BY_FORGE):
            key = lower[3:] if lower.startswith("non") else lower
            fields.setdefault("not_types", []).append(TYPES_BY_FORGE[key])
        elif lower in SUPERTYPES_BY_FORGE and not negated:
            fields.setdefault("supertypes", []).append(SUPERTYPES_BY_FORGE[lower])
        elif (lower.startswith("non") and lower[3:] in SUPERTYPES_BY_FORGE) or (
                negated and lower in SUPERTYPES_BY_FORGE):
            key = lower[3:] if lower.startswith("non") else lower
            fields.setdefault("not_supertypes", []).append(SUPERTYPES_BY_FORGE[key])
        elif word in ("YouCtrl", "OppCtrl", "YouDontCtrl") and not negated:
            who = {"YouCtrl": "you", "OppCtrl": "opponent", "YouDontCtrl": "not_you"}[word]
            if zone in HIDDEN_ZONES:
                if who == "not_you":
                    result.error = f"{word} outside the battlefield"
                    return result
                fields["owner"] = who
            else:
                fields["controller"] = who
        elif word == "YouCtrl" and negated:
            fields["controller"] = "not_you"
        elif word in ("YouOwn", "OppOwn") and not negated:
            fields["owner"] = "you" if word == "YouOwn" else "opponent"
        elif word == "token":
            fields["token"] = not negated
        elif word == "Token" and negated:
            pass  # as Forge runs it: no CardProperty test matches `Token`, no card has that type, every card passes
        elif word == "Token":
            result.error = (f"{prop!r} in {text!r} matches no card: Forge's CardProperty matches `token` "
                            "case-sensitively, and `Token` is no type (write token)")
            return result
        elif lower == "nontoken":
            result.error = (f"{prop!r} in {text!r} is no CardProperty in recent Forge: ForgeScript reads it as "
                            "non<type> `Token`, which every card passes (write !token)")
            return result
        elif match := re.fullmatch(r"cmc(LE|LT)([0-9]+)", word):
            fields["max_mana_value"] = int(match.group(2)) - (1 if match.group(1) == "LT" else 0)
        elif word == "ThisTurnEntered" and not negated:
            fields["entered_this_turn"] = True
        elif word == "Other" and not negated:
            fields["other"] = True
        elif word == "inZoneStack" and not negated:
            result.flags.add("inZoneStack")
        else:
            result.error = f"unknown restriction {prop!r} in {text!r}"
            return result
    if types:
        fields["types"] = sorted(types)
    if subtypes:
        fields["subtypes"] = subtypes
    result.fields = fields
    return result


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
