"""Checks of a card's printed translations (`translations:`): the engines' languages, one line per English
line, the gift keyword as printed in that language, nothing that breaks out of an engine's line, and one
name per card in a language and set.

A translation is copied from the card printed in that language; these checks cannot tell a good copy
from a bad one, but they catch what a copy typically gets wrong (a reminder line dropped, a machine
translated keyword, a language code Forge has no file for) before it reaches a player.
"""

from __future__ import annotations

from cardgen.diagnostics import Diagnostic
from cardgen.engines.forge import cardnames
from cardgen.load.codes import diagnostic
from cardgen.load.schema_errors import location_of
from cardgen.model.card import GiftKind, Translation
from cardgen.model.catalog import Catalog
from cardgen.model.gift import GIFT_KINDS, printed_keywords
from cardgen.validate.context import CardReport

LANGUAGES = cardnames.LANGUAGES
"""The languages a translation may be in: those the engines read (Forge's files; XMage reads none)."""


def check_translations(report: CardReport) -> None:
    card = report.loaded.card
    english = card.oracle.split("\n") if card.oracle else []
    for language, translation in card.translations.items():
        where = ("translations", language)
        if language not in LANGUAGES:
            report.add("CG310", f"translation language {language!r} is not one the engines know; use one of "
                       f"{', '.join(LANGUAGES)}", where)
            continue
        _fields(report, language, translation)
        if len(translation.text) != len(english):
            _line_count(report, language, len(translation.text), english)
        elif card.gift is not None and english:
            _keyword(report, language, card.gift, translation.text[0])


def _fields(report: CardReport, language: str, translation: Translation) -> None:
    for field in ("name", "type_line"):
        value = getattr(translation, field)
        problems = cardnames.field_problems(value, rules_text=False)
        if value != value.strip():
            problems.append("leading or trailing whitespace")
        if problems:
            report.add("CG313", f"translations.{language}.{field} {value!r} has {', '.join(problems)}",
                       ("translations", language, field))
    for index, line in enumerate(translation.text):
        problems = cardnames.field_problems(line, rules_text=True)
        if line != line.strip():
            problems.append("leading or trailing whitespace")
        if problems:
            report.add("CG313", f"translations.{language}.text[{index}] has {', '.join(problems)}; write one "
                       "printed line per entry", ("translations", language, "text", index))


def _line_count(report: CardReport, language: str, found: int, english: list[str]) -> None:
    want = len(english)
    if found < want:
        report.add("CG311", f"the {language} translation has {found} rules-text line(s), the English oracle "
                   f"{want}: a line is missing; copy each printed line, in the English order (the gift line with "
                   "its printed reminder text first)", ("translations", language, "text"))
    else:
        report.add("CG311", f"the {language} translation has {found} rules-text lines, the English oracle "
                   f"{want}: one line per English line, in the same order (Forge pairs them by position)",
                   ("translations", language, "text", want))


def _keyword(report: CardReport, language: str, gift: GiftKind, first: str) -> None:
    phrase = printed_keywords().get((language, gift))
    where = ("translations", language, "text", 0)
    if phrase is None:
        report.add("CG315", f"no printed gift keyword is known for {language} and `gift: {gift}` ("
                   f"\"Gift {GIFT_KINDS[gift].printed}\"), so the first line was not checked; add the phrase "
                   "as a card printed in that language spells it to cardgen/data/gift_keywords.tsv", where)
        return
    rest = first[len(phrase):]
    if not first.startswith(phrase) or (rest and rest[0].isalnum()):
        report.add("CG312", f"the {language} translation's first line should start with the gift keyword as "
                   f"printed in {language}, {phrase!r} (gift: {gift}); found {first[:len(phrase) + 20]!r}",
                   where, rule="702.174a")


def check_translation_names(catalog: Catalog) -> list[Diagnostic]:
    """Two cards of one set never share a translated name in a language (engines key translations on the
    name; a player could not tell them apart)."""
    out: list[Diagnostic] = []
    seen: dict[tuple[str, str, str], str] = {}
    for loaded in catalog.cards:
        card = loaded.card
        sets = sorted({printing.set for printing in card.printings})
        for language, translation in card.translations.items():
            for code in sets:
                key = (code, language, translation.name.casefold())
                other = seen.get(key)
                if other is None:
                    seen[key] = card.name
                elif other != card.name:
                    out.append(diagnostic(
                        "CG314", f"{card.name!r} and {other!r} of set {code} both have the {language} name "
                        f"{translation.name!r}; copy each card's own printed name",
                        location_of(loaded.path.as_posix(), loaded.positions, ("translations", language, "name"))))
    return out
