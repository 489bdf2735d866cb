"""The small vocabulary of Forge's script syntax, shared by the writer and the reader.

A Forge script is line based (`Key:Value`); ability lines are `Key$ Value` pairs joined by ` | `. Forge has
no escape for `|`, `$` or a line break inside a value, so text from a spec that contains one is refused
here rather than written (it would add a parameter or a line to the script).
"""

from __future__ import annotations

import re

from cardgen.diagnostics import Diagnostic, Location
from cardgen.model.mana import ManaCost

Params = list[tuple[str, str]]
"""An ability line as ordered `(key, value)` pairs; the first pair is the kind (`SP`, `DB`, `Mode`, ...)."""

# ------------------------------------------------------------------------------------ diagnostic codes

CODES: dict[str, str] = {
    "FG100": "text from the spec would break out of a Forge script field",
    "FG101": "the spec uses a construct the Forge backend cannot express",
    "FG200": "the script has a line the reader does not know",
    "FG201": "an ability has a parameter the reader does not know",
    "FG202": "an ability uses an API (effect) the reader does not know",
    "FG203": "a selector (ValidTgts/ValidCards/Defined) the reader does not understand",
    "FG204": "an ability names an SVar that the script does not define",
    "FG205": "a count expression the reader cannot evaluate",
    "FG206": "the read script does not form a valid spec",
    "FG207": "an SVar is defined but never used",
}
"""Stable diagnostic codes of the Forge backend (FG1xx rendering, FG2xx reading)."""


def forge_diagnostic(code: str, message: str, file: str | None = None, *, severity: str = "error") -> Diagnostic:
    """A Diagnostic of the Forge backend, located at a whole file (scripts have no YAML positions)."""
    return Diagnostic(code=code, message=message, location=Location(file) if file else None,
                      rule="forge", severity=severity)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------ lines


def parse_params(text: str) -> Params:
    """`SP$ Draw | NumCards$ 2` -> `[("SP", "Draw"), ("NumCards", "2")]`. A part without `$` keeps an empty
    key so the caller can report it."""
    pairs: Params = []
    for part in text.split("|"):
        key, dollar, value = part.partition("$")
        if not dollar:
            pairs.append(("", part.strip()))
        else:
            pairs.append((key.strip(), value.strip()))
    return pairs


def format_params(params: Params) -> str:
    return " | ".join(f"{key}$ {value}" for key, value in params)


# ------------------------------------------------------------------------------------------- mana

_COLORS = "WUBRG"


def forge_mana(cost: ManaCost | None) -> str:
    """`{2}{R}` -> `2 R`; `{W/U}` -> `WU`; `{2/W}` -> `2/W`; `{U/P}` -> `U/P`; no cost -> `no cost`."""
    if cost is None or not cost.symbols:
        return "no cost"
    shards = []
    for symbol in cost.symbols:
        parts = symbol.text.split("/")
        if len(parts) == 2 and parts[0] in _COLORS and parts[1] in _COLORS:
            shards.append(parts[0] + parts[1])
        else:
            shards.append(symbol.text)
    return " ".join(shards)


def spec_mana(text: str) -> str | None:
    """Forge's mana cost back to the printed form; raises ValueError on a shard it does not know."""
    text = text.strip()
    if text in ("no cost", ""):
        return None
    symbols = []
    for shard in text.split():
        upper = shard.upper()
        if re.fullmatch(r"[0-9]+|[WUBRGCXS]", upper) or "/" in upper:
            symbols.append(upper)
        elif re.fullmatch(r"[WUBRG]{2}", upper):
            symbols.append(f"{upper[0]}/{upper[1]}")
        elif re.fullmatch(r"P[WUBRG]", upper):
            symbols.append(f"{upper[1]}/P")
        else:
            raise ValueError(f"unknown mana shard {shard!r}")
    return str(ManaCost.parse("".join("{" + s + "}" for s in symbols)))


def split_cost(text: str) -> tuple[str, list[str]]:
    """`1 R Discard<1/Card>` -> (`1 R`, [`Discard<1/Card>`]): mana shards and the other cost parts."""
    mana: list[str] = []
    others: list[str] = []
    for part in text.split():
        (others if "<" in part or part in ("T", "Q") else mana).append(part)
    return " ".join(mana), others


# --------------------------------------------------------------------------------------- keywords

KEYWORDS: dict[str, str] = {
    "changeling": "Changeling", "deathtouch": "Deathtouch", "defender": "Defender", "double_strike": "Double Strike",
    "first_strike": "First Strike", "flash": "Flash", "flying": "Flying", "haste": "Haste",
    "hexproof": "Hexproof", "indestructible": "Indestructible", "lifelink": "Lifelink", "menace": "Menace",
    "prowess": "Prowess", "reach": "Reach", "shroud": "Shroud", "trample": "Trample", "vigilance": "Vigilance",
}
"""Spec keyword -> Forge keyword (Forge capitalises every word: `First Strike`)."""

KEYWORDS_BY_FORGE: dict[str, str] = {forge.lower(): spec for spec, forge in KEYWORDS.items()}

COUNTERS: dict[str, str] = {"+1/+1": "P1P1", "-1/-1": "M1M1", "stun": "STUN", "shield": "SHIELD",
                            "indestructible": "Indestructible", "stash": "STASH"}
COUNTERS_BY_FORGE: dict[str, str] = {forge: spec for spec, forge in COUNTERS.items()}

COLOR_WORDS: dict[str, str] = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}

# ------------------------------------------------------------------------------------------- text

CARDNAME = "CARDNAME"


_CONTROL = re.compile("[\x00-\x1f]")
"""A character below U+0020 (one regex search instead of a Python loop over every character)."""


def unsafe_reason(text: str) -> str | None:
    """Why `text` cannot be a Forge parameter value (None when it can)."""
    for char, label in (("|", "'|'"), ("$", "'$'"), ("\n", "a line break"), ("\r", "a carriage return"),
                        ("\\", "a backslash")):
        if char in text:
            return f"contains {label}"
    if _CONTROL.search(text):
        return "contains a control character"
    return None


def description(text: str, card_name: str) -> str:
    """A description as Forge writes it: the card's own name becomes `CARDNAME`."""
    return text.replace(card_name, CARDNAME) if card_name else text


def undescribe(text: str, card_name: str) -> str:
    return text.replace(CARDNAME, card_name)


def oracle_line(oracle: str) -> str:
    """The `Oracle:` value: line breaks become the two characters `\\n`."""
    return oracle.replace("\r\n", "\n").replace("\n", "\\n")


def oracle_from_line(value: str) -> str:
    return value.replace("\\n", "\n")


GIFT_TESTS: dict[str, tuple[tuple[str, str], ...]] = {
    "spell": (("ConditionZone", "Stack"), ("ConditionPresent", "Card.Self+PromisedGift")),
    "permanent": (("ConditionDefined", "Self"), ("ConditionPresent", "Card.PromisedGift")),
}
"""The test "the gift was promised" of an ability of a spell (on the stack) or a permanent (its own card), as
the writer puts it before `ConditionCompare$`; the reader takes these and `GIFT_TESTS_READ`."""
GIFT_TESTS_READ = (*GIFT_TESTS.values(), (("ConditionDefined", "Self"), ("ConditionPresent", "Card.Self+PromisedGift")))
"""Every spelling of the gift test the reader takes (Forge's own scripts write the last one too)."""
