"""Card data files: recognise Scryfall bulk data or MTGJSON from the content, and turn each printing of
a wanted card into one format-independent `SourcePrinting`.

Supported (plain or gzip/bzip2/xz/zip compressed):
- Scryfall bulk data ("Default Cards", "All Cards", "Oracle Cards"): a JSON array of card objects, or an
  API list object `{"object": "list", "data": [...]}` such as a saved search result.
- MTGJSON AllPrintings (`{"meta": ..., "data": {"BLB": {set ..., "cards": [...]}, ...}}`) and MTGJSON
  single-set files (`{"meta": ..., "data": {set ..., "cards": [...]}}`).
MTGJSON AtomicCards has no printings (no set, number or rarity) and is refused with a hint.

A printing's official text in other languages comes with it: Scryfall gives each language's printing as
its own card object (`lang` other than `en`, the same set and collector number, `printed_name`,
`printed_type_line`, `printed_text`; "All Cards" holds them), MTGJSON lists them in the card's
`foreignData` (`language`, `name`, `type`, `text`). Only the languages engines read are kept.
"""

from __future__ import annotations

import dataclasses
import lzma
import unicodedata
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, get_args

from cardgen.inputs import InputRefused
from cardgen.model.card import Supertype
from cardgen.naming import ascii_fold
from cardgen.scaffold.jsonstream import JsonFormatError, JsonStream, open_text

Format = Literal["scryfall", "mtgjson"]
FORMAT_LABELS: dict[Format, str] = {"scryfall": "Scryfall bulk data", "mtgjson": "MTGJSON"}

SUPERTYPES = frozenset(get_args(Supertype)) | {"Ongoing", "Host", "Elite"}
"""Type-line words that are supertypes (the unsupported ones then fail validation with a clear message)."""

RENAMED_TYPES = {"Tribal": "Kindred"}
"""Old type names still found in older data files."""

SKIPPED_SCRYFALL_LAYOUTS = frozenset({"token", "double_faced_token", "emblem", "art_series"})
"""Scryfall objects that are not cards one casts (a token may share a card's name)."""


class CardDataError(ValueError):
    """The card data file cannot be used: missing, unreadable, not JSON, or of an unknown shape."""


@dataclass(frozen=True, slots=True)
class SetFacts:
    """What the data file says about a set; any field may be unknown."""

    code: str
    name: str | None = None
    release_date: str | None = None
    type: str | None = None


SCRYFALL_LANGUAGES: dict[str, str] = {
    "de": "de-DE", "es": "es-ES", "fr": "fr-FR", "it": "it-IT", "ja": "ja-JP", "ko": "ko-KR", "pt": "pt-BR",
    "zhs": "zh-CN",
}
"""Scryfall's `lang` codes -> the languages of the spec (Forge's files); others (zht, ru, ...) are left out."""

MTGJSON_LANGUAGES: dict[str, str] = {
    "German": "de-DE", "Spanish": "es-ES", "French": "fr-FR", "Italian": "it-IT", "Japanese": "ja-JP",
    "Korean": "ko-KR", "Portuguese (Brazil)": "pt-BR", "Chinese Simplified": "zh-CN",
}
"""MTGJSON's `foreignData` languages -> the languages of the spec."""


@dataclass(frozen=True, slots=True)
class SourceTranslation:
    """A printing's official text in one language, as the data file copies it from the printed card."""

    language: str
    name: str
    type_line: str
    text: tuple[str, ...]
    """The printed rules text, line by line."""


@dataclass(frozen=True, slots=True)
class SourcePrinting:
    """One printing of a card as the data file gives it, in the spec's vocabulary."""

    name: str
    mana_cost: str | None
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    power: str | None
    toughness: str | None
    oracle: str
    set_code: str
    number: str
    rarity: str
    variant: str | None
    """The treatment that tells this printing apart from others in the same set, if any."""
    multiface: bool
    """Split, adventure, modal/transforming double-faced...: the spec describes one face only."""
    set_facts: SetFacts
    translations: tuple[SourceTranslation, ...] = ()
    """The printing's text in other languages, in the order of `SCRYFALL_LANGUAGES`."""


@dataclass(slots=True)
class Lookup:
    """The result of scanning a file for one name: its format, the matching printings, every name seen
    (for suggestions)."""

    format: Format
    printings: list[SourcePrinting] = field(default_factory=list)
    names: set[str] = field(default_factory=set)
    twins: list[str] = field(default_factory=list)
    """Several different names matched the forgiving key (none exactly): the user must pick one."""


def name_key(name: str) -> str:
    """A forgiving comparison key: case, accents, curly apostrophes and spacing do not matter, so
    `lorien revealed` finds `Lórien Revealed`."""
    text = unicodedata.normalize("NFC", name).replace("\u2019", "'").replace("\u2018", "'")
    return " ".join(ascii_fold(text).casefold().split())


def detect_variant(promo: bool, frame_effects: list[str], border_color: str | None, full_art: bool) -> str | None:
    """Map the data's printing flags to the spec's `variant` words (first that applies)."""
    if promo:
        return "promo"
    if "showcase" in frame_effects:
        return "showcase"
    if "extendedart" in frame_effects:
        return "extended_art"
    if border_color == "borderless":
        return "borderless"
    if full_art:
        return "full_art"
    return None


def _types(words: list[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Split type-line words into (supertypes, types)."""
    supertypes = tuple(word for word in words if word in SUPERTYPES)
    types = tuple(RENAMED_TYPES.get(word, word) for word in words if word not in SUPERTYPES)
    return supertypes, types


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _words(value: Any) -> list[str]:
    """A list of strings from the data, or [] when the field has another type (card data is input:
    a wrongly typed field must not become a traceback, nor a string's letters)."""
    return [item for item in value if isinstance(item, str)] if isinstance(value, list) else []


def _word_list(card: dict[str, Any], key: str, where: str) -> list[str]:
    """A card's list of strings `key` (absent: empty); any other type is an error naming the field, not
    a field silently dropped from the spec."""
    value = card.get(key)
    if value is None:
        return []
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return value
    kinds = {str: "a string", int: "a number", float: "a number", bool: "true or false", dict: "an object"}
    kind = ("a list holding something other than strings" if isinstance(value, list)
            else kinds.get(type(value), "another type"))
    raise CardDataError(f"{where}.{key} of {_text(card.get('name')) or 'a card'!r} is {kind}, where the card data "
                        "has a list of strings (is the file MTGJSON's own?)")


def _string(card: dict[str, Any], key: str, where: str) -> str:
    """A card's string field `key` (absent or null: ""); any other type (a number where the data has the
    text "2", NaN) is an error naming the field, never a power of 0 or an empty field in the spec."""
    value = card.get(key)
    if value is None or isinstance(value, str):
        return value or ""
    kinds = {int: "a number", float: "a number", bool: "true or false", dict: "an object", list: "a list"}
    raise CardDataError(f"{where}.{key} of {_text(card.get('name')) or 'a card'!r} is "
                        f"{kinds.get(type(value), 'another type')}, where the card data has a string")


def _dicts(value: Any) -> list[dict[str, Any]]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _optional(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def _oracle(value: Any) -> str:
    return _text(value).replace("\r\n", "\n").replace("\r", "\n")


_ORDER = {language: index for index, language in enumerate(SCRYFALL_LANGUAGES.values())}


def _translation(language: str | None, name: Any, type_line: Any, text: Any) -> SourceTranslation | None:
    """A translation from the data's fields, or None when the language is not one engines read or the data
    gives no printed name (a record of another kind, or an empty one)."""
    if language is None or not _optional(name):
        return None
    lines = tuple(line for line in _oracle(text).split("\n") if line.strip())
    return SourceTranslation(language, _text(name).strip(), _text(type_line).strip(), lines)


def _ordered(translations: list[SourceTranslation]) -> tuple[SourceTranslation, ...]:
    """One translation per language (the first the data gives), in the languages' order."""
    chosen: dict[str, SourceTranslation] = {}
    for translation in translations:
        chosen.setdefault(translation.language, translation)
    return tuple(sorted(chosen.values(), key=lambda t: _ORDER[t.language]))


# ------------------------------------------------------------------------------------------ Scryfall


def scryfall_names(card: dict[str, Any]) -> list[str]:
    names = [_text(card.get("name"))]
    names += [_text(face.get("name")) for face in _dicts(card.get("card_faces"))]
    return [name for name in names if name]


def scryfall_printing(card: dict[str, Any]) -> SourcePrinting:
    """A Scryfall card object -> SourcePrinting. `type_line` is "Legendary Creature — Raccoon Archer"."""
    where = "cards[]"
    type_line = _string(card, "type_line", where)
    left, _, right = type_line.partition("\u2014")
    supertypes, types = _types(left.split())
    code = _text(card.get("set")).upper()
    multiface = bool(_dicts(card.get("card_faces"))) or " // " in _text(card.get("name"))
    return SourcePrinting(
        name=_text(card.get("name")),
        mana_cost=_string(card, "mana_cost", where) or None,
        supertypes=supertypes,
        types=types,
        subtypes=tuple(right.split()),
        power=_string(card, "power", where) or None,
        toughness=_string(card, "toughness", where) or None,
        oracle=_oracle(_string(card, "oracle_text", where)),
        set_code=code,
        number=_string(card, "collector_number", where),
        rarity=_string(card, "rarity", where),
        variant=detect_variant(
            bool(card.get("promo")),
            _words(card.get("frame_effects")),
            _optional(card.get("border_color")),
            bool(card.get("full_art")),
        ),
        multiface=multiface,
        set_facts=SetFacts(
            code=code,
            name=_optional(card.get("set_name")),
            release_date=_optional(card.get("released_at")),
            type=_optional(card.get("set_type")),
        ),
    )


def _scryfall_cards(stream: JsonStream) -> Iterator[dict[str, Any]]:
    for card in stream.values():
        if not isinstance(card, dict) or card.get("object", "card") != "card" or not (
            "type_line" in card or "card_faces" in card
        ):
            raise CardDataError(
                "a Scryfall bulk file is an array of card objects (with `type_line`); found another value in it"
            )
        if _text(card.get("layout")) in SKIPPED_SCRYFALL_LAYOUTS:
            continue
        yield card


def scryfall_translation(card: dict[str, Any]) -> SourceTranslation | None:
    """A Scryfall card object in another language -> its translation (None for a language engines do not
    read, or an object without a printed name)."""
    language = SCRYFALL_LANGUAGES.get(_text(card.get("lang")))
    return _translation(language, card.get("printed_name"), card.get("printed_type_line"), card.get("printed_text"))


def _is_english(card: dict[str, Any]) -> bool:
    return bool(card.get("lang", "en") == "en")


# ------------------------------------------------------------------------------------------- MTGJSON


def mtgjson_names(card: dict[str, Any]) -> list[str]:
    return [name for name in (_text(card.get("name")), _text(card.get("faceName"))) if name]


def mtgjson_printing(card: dict[str, Any], set_facts: SetFacts) -> SourcePrinting:
    """An MTGJSON card (set file / AllPrintings `cards` entry) -> SourcePrinting."""
    where = f"data.{set_facts.code}.cards[]"
    types = tuple(RENAMED_TYPES.get(word, word) for word in _word_list(card, "types", where))
    code = _text(card.get("setCode")).upper() or set_facts.code
    multiface = bool(card.get("faceName")) or " // " in _text(card.get("name"))
    return SourcePrinting(
        name=_text(card.get("name")),
        mana_cost=_string(card, "manaCost", where) or None,
        supertypes=tuple(_word_list(card, "supertypes", where)),
        types=types,
        subtypes=tuple(_word_list(card, "subtypes", where)),
        power=_string(card, "power", where) or None,
        toughness=_string(card, "toughness", where) or None,
        oracle=_oracle(_string(card, "text", where)),
        set_code=code,
        number=_string(card, "number", where),
        rarity=_string(card, "rarity", where),
        variant=detect_variant(
            bool(card.get("isPromo")),
            _words(card.get("frameEffects")),
            _optional(card.get("borderColor")),
            bool(card.get("isFullArt")),
        ),
        multiface=multiface,
        set_facts=set_facts if code == set_facts.code else SetFacts(code),
        translations=() if multiface else _ordered([
            found for found in (
                _translation(MTGJSON_LANGUAGES.get(_text(entry.get("language"))), entry.get("name"),
                             entry.get("type"), entry.get("text"))
                for entry in _dicts(card.get("foreignData")))
            if found is not None]),
    )


def _mtgjson_set_facts(set_data: dict[str, Any]) -> SetFacts:
    return SetFacts(
        code=_text(set_data.get("code")).upper(),
        name=_optional(set_data.get("name")),
        release_date=_optional(set_data.get("releaseDate")),
        type=_optional(set_data.get("type")),
    )


SET_FILE_FIELDS = frozenset({"name", "code", "releaseDate", "type", "cards"})
"""The fields of an MTGJSON set file (`data` is one set) that the scaffold uses; the rest is skipped."""


def _mtgjson_sets(stream: JsonStream) -> Iterator[dict[str, Any]]:
    """The set objects under `data`: one per key for AllPrintings, `data` itself for a set file.

    Decodes one set at a time; of a set file's top-level fields only those in SET_FILE_FIELDS are kept.
    Anything else (AtomicCards, AllIdentifiers, ...) has no printings and is refused.
    """
    single: dict[str, Any] = {}
    found = False
    for key in stream.object():
        if key in SET_FILE_FIELDS:
            single[key] = stream.value()
        elif stream.peek() == "{":
            value = stream.value()
            if isinstance(value, dict) and isinstance(value.get("cards"), list):
                found = True
                yield value
        else:
            stream.skip()
    if isinstance(single.get("cards"), list):
        found = True
        yield single
    if not found:
        raise CardDataError(
            "this MTGJSON file has no printings (sets with cards): use AllPrintings.json or a set file "
            "such as BLB.json (AtomicCards and AllIdentifiers do not list set, number and rarity)"
        )


# ---------------------------------------------------------------------------------------- scanning


def _records(stream: JsonStream) -> tuple[Format, Iterator[tuple[list[str], Any]]]:
    """Detect the format from the content and iterate (names, raw record) pairs to the end of the file.

    A raw record becomes a SourcePrinting only when its name is wanted: looking at a name is cheap,
    normalising every card is not.
    """
    first = stream.peek()
    if first == "[":
        return "scryfall", _scryfall_records(stream, None)
    if first != "{":
        raise CardDataError("not JSON card data (expected a JSON array of cards or an MTGJSON object)")
    keys = stream.object()
    for key in keys:
        if key != "data":
            stream.skip()  # meta, object, has_more, ...
            continue
        inner = stream.peek()
        if inner == "[":
            return "scryfall", _scryfall_records(stream, keys)
        if inner == "{":
            return "mtgjson", _mtgjson_records(stream, keys)
        raise CardDataError("the `data` field is neither a list of cards (Scryfall) nor an object (MTGJSON)")
    raise CardDataError(
        "no `data` field: expected Scryfall bulk data (a JSON array of cards) or MTGJSON "
        '(`{"meta": ..., "data": ...}`)'
    )


def _finish(stream: JsonStream, keys: Iterator[str] | None) -> None:
    """Consume what follows the cards (remaining top-level keys) and require the end of the file."""
    if keys is not None:
        for _ in keys:
            stream.skip()
    stream.end()


def _scryfall_records(stream: JsonStream, keys: Iterator[str] | None) -> Iterator[tuple[list[str], Any]]:
    for card in _scryfall_cards(stream):
        yield scryfall_names(card), card
    _finish(stream, keys)


def _mtgjson_records(stream: JsonStream, keys: Iterator[str]) -> Iterator[tuple[list[str], Any]]:
    for set_data in _mtgjson_sets(stream):
        facts = _mtgjson_set_facts(set_data)
        for card in set_data["cards"]:
            if isinstance(card, dict):
                yield mtgjson_names(card), (card, facts)
    _finish(stream, keys)


def _with_translations(english: list[dict[str, Any]], others: list[dict[str, Any]]) -> list[SourcePrinting]:
    """The English card objects as printings, each with the translations of the other languages' objects
    of the same printing (set and collector number)."""
    by_printing: dict[tuple[str, str], list[SourceTranslation]] = {}
    for card in others:
        translation = scryfall_translation(card)
        if translation is not None and not scryfall_printing(card).multiface:
            key = (_text(card.get("set")).upper(), _text(card.get("collector_number")))
            by_printing.setdefault(key, []).append(translation)
    out = []
    for card in english:
        printing = scryfall_printing(card)
        found = by_printing.get((printing.set_code, printing.number), [])
        if found and not printing.multiface:
            printing = dataclasses.replace(printing, translations=_ordered(found))
        out.append(printing)
    return out


def find_printings(path: Path, name: str) -> Lookup:
    """Every printing of `name` in the card data file at `path` (exact name first, else the forgiving
    `name_key` match), plus every card name seen. Raises CardDataError for an unusable file."""
    wanted = name_key(name)
    try:
        with open_text(path) as handle:
            stream = JsonStream(handle)
            file_format, records = _records(stream)
            lookup = Lookup(file_format)
            exact: list[Any] = []
            loose: list[Any] = []
            for names, record in records:
                lookup.names.update(names)
                if name in names:
                    exact.append(record)
                elif any(name_key(candidate) == wanted for candidate in names):
                    loose.append(record)
    except InputRefused as refused:
        if refused.refusal.reason == "missing":
            raise CardDataError(f"card data file not found: {path}") from None
        raise CardDataError(f"card data file {path} not read: {refused.refusal.message}") from None
    except FileNotFoundError:
        raise CardDataError(f"card data file not found: {path}") from None
    except IsADirectoryError:
        raise CardDataError(f"card data path is a folder, not a file: {path}") from None
    except (OSError, EOFError, UnicodeDecodeError, lzma.LZMAError, zipfile.BadZipFile) as error:
        raise CardDataError(f"cannot read card data file {path}: {error}") from None
    except JsonFormatError as error:
        raise CardDataError(f"{path} is not valid JSON card data: {error}") from None
    except (ValueError, TypeError, AttributeError) as error:
        if isinstance(error, CardDataError):
            raise
        raise CardDataError(f"{path}: unexpected card data shape: {error}") from None

    chosen = exact or loose
    if lookup.format == "scryfall":
        lookup.printings = _with_translations([card for card in chosen if _is_english(card)],
                                              [card for card in chosen if not _is_english(card)])
    else:
        lookup.printings = [mtgjson_printing(card, facts) for card, facts in chosen]
    if loose and not exact:
        distinct = {printing.name for printing in lookup.printings}
        if len(distinct) > 1:  # two different cards fold to the same key: make the user pick
            lookup.printings = []
            lookup.twins = sorted(distinct)
    return lookup
