"""The law of the Gift mechanic (rule 702.174) as data.

One table says, for each gift kind, its rule, how it is printed, what the chosen player gets, and the
reminder text; validator, renderers and resolver all read it, so the mechanic is described once.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from cardgen.model.parts import GiftKind, PredefinedToken, TokenDef

RULE = "702.174"


PREDEFINED_TOKENS: dict[PredefinedToken, TokenDef] = {
    "food": TokenDef.model_construct(
        name="Food",
        types=["Artifact"],
        subtypes=["Food"],
        text="{2}, {T}, Sacrifice this artifact: You gain 3 life.",
    ),
    "treasure": TokenDef.model_construct(
        name="Treasure",
        types=["Artifact"],
        subtypes=["Treasure"],
        text="{T}, Sacrifice this artifact: Add one mana of any color.",
    ),
    "fish": TokenDef.model_construct(name="Fish", colors=["U"], types=["Creature"], subtypes=["Fish"], pt="1/1"),
    "octopus": TokenDef.model_construct(name="Octopus", colors=["U"], types=["Creature"], subtypes=["Octopus"],
                                        pt="8/8"),
}
"""Characteristics of the tokens the gifts create (and any spec may name). Built without validation so
that importing this module builds no validator (tests/test_startup.py checks they validate)."""


@dataclass(frozen=True, slots=True)
class GiftKindInfo:
    """Everything the rules say about one gift kind."""

    kind: GiftKind
    rule: str
    """The sub-rule defining the effect, e.g. `702.174e`."""
    printed: str
    """What follows "Gift" on the card: `a card`, `a tapped Fish`."""
    they: str
    """The reminder's effect clause after "they": `draw a card`."""
    token: PredefinedToken | None = None
    tapped: bool = False
    draws: int = 0
    extra_turn: bool = False
    token_notes: tuple[str, ...] = ()
    """Accepted trailing sentences of the reminder (the Food token's text was printed two ways)."""


GIFT_KINDS: dict[GiftKind, GiftKindInfo] = {
    "food": GiftKindInfo(
        "food", "702.174d", "a Food", "create a Food token", token="food",
        token_notes=(
            ' It\'s an artifact with "{2}, {T}, Sacrifice this artifact: You gain 3 life."',
            ' It\'s an artifact with "{2}, {T}, Sacrifice this token: You gain 3 life."',
        ),
    ),
    "card": GiftKindInfo("card", "702.174e", "a card", "draw a card", draws=1),
    "tapped_fish": GiftKindInfo(
        "tapped_fish", "702.174f", "a tapped Fish", "create a tapped 1/1 blue Fish creature token",
        token="fish", tapped=True,
    ),
    "extra_turn": GiftKindInfo("extra_turn", "702.174g", "an extra turn", "take an extra turn after this one",
                               extra_turn=True),
    "treasure": GiftKindInfo(
        "treasure", "702.174h", "a Treasure", "create a Treasure token", token="treasure",
        token_notes=(' It\'s an artifact with "{T}, Sacrifice this artifact: Add one mana of any color."',),
    ),
    "octopus": GiftKindInfo("octopus", "702.174i", "an Octopus", "create an 8/8 blue Octopus creature token",
                            token="octopus"),
}


def gift_keyword_text(kind: GiftKind) -> str:
    """The keyword as printed: `Gift a tapped Fish`."""
    return f"Gift {GIFT_KINDS[kind].printed}"


def reminder_texts(kind: GiftKind, permanent: bool) -> tuple[str, ...]:
    """Every accepted printed reminder for `kind` on a permanent or an instant/sorcery (702.174b).

    The first entry is the canonical one, used when text is generated. Permanents give the gift when they
    enter; instants and sorceries give it before their other effects (702.174j).
    """
    info = GIFT_KINDS[kind]
    if permanent:
        when = f"If you do, when it enters, they {info.they}."
    else:
        when = f"If you do, they {info.they} before its other effects."
    opening = "You may promise an opponent a gift as you cast this spell."
    notes = info.token_notes or ("",)
    return tuple(f"({opening} {when}{note})" for note in notes)


def gift_lines(kind: GiftKind, permanent: bool) -> tuple[str, ...]:
    """Accepted first oracle lines: keyword plus reminder, canonical first."""
    keyword = gift_keyword_text(kind)
    return tuple(f"{keyword} {reminder}" for reminder in reminder_texts(kind, permanent))


PRINTED_KEYWORDS_FILE = Path(__file__).resolve().parents[1] / "data" / "gift_keywords.tsv"
"""The gift keyword as printed in other languages: `language`, gift kind, phrase, the printed card it was
read from. Data, not code: a row is added from a card printed in that language, never translated."""


@functools.cache
def printed_keywords() -> dict[tuple[str, GiftKind], str]:
    """(language, gift kind) -> the keyword as cards printed in that language spell it ("Verschenke eine
    Karte"), read on first use."""
    found: dict[tuple[str, GiftKind], str] = {}
    for line in PRINTED_KEYWORDS_FILE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            language, kind, phrase, _card = line.split("\t")
            found[(language, kind)] = phrase  # type: ignore[index]  # the table's kinds are GiftKind words
    return found
