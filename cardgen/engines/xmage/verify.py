"""XMage's own comparison of a card's rules text with its Oracle text: `VerifyCardDataTest`.

XMage's `Mage.Verify` test (`checkWrongAbilitiesText`, read at magefree/mage bb9895f) checks every card
class against Oracle data this way, so a class passes it exactly when what these functions say is equal:

- the Oracle text is cut into rules at each newline (and `$`); a line of evergreen keywords only
  ("Flying, vigilance") becomes one rule per keyword, as XMage prints them; a modal spell's bullets are
  written `&bull ` (its "modal spell fix"), and an empty rule follows its last mode;
- the class's `getRules()` are joined, `<br>` made a newline, `<b>` dropped, and cut the same way;
- each rule of both is prepared (`prepareRule`): reminder text removed (` (` to the last `)` of the
  line, greedily, and ` <i>(...)</i>`), a mana ability's parentheses dropped, `{this}` written as the
  card calls itself in current Oracle text (`getCardSelfReference`: `cardgen.text.oracle.self_reference`)
  with a capital after a sentence start, `−` and `—` as `-`, `<i>` tags dropped, the accented letters
  XMage folds in card names (its `normalizeCardName`), the first letter upper case;
- two rules are equal as strings, or after writing the card's name as the part before its first ", "
  or its first word in both (`compareText`). Every rule of the class must equal a rule of the Oracle
  text and every Oracle rule must be matched.

The Oracle text keeps its own wording: an old "When Kitnap enters" does not equal what XMage prints for
`When {this} enters` on an Aura ("When this Aura enters"), which is the point.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardgen.text.oracle import self_reference

if TYPE_CHECKING:
    from cardgen.model.card import Card

EVERGREEN = frozenset({
    "flying", "lifelink", "menace", "trample", "haste", "first strike", "hexproof", "fear", "deathtouch",
    "double strike", "indestructible", "reach", "flash", "defender", "vigilance", "plainswalk", "islandwalk",
    "swampwalk", "mountainwalk", "forestwalk", "myriad", "prowess", "convoke", "shroud", "banding", "flanking",
    "horsemanship", "legendary landwalk",
})
"""`VerifyCardDataTest.evergreenKeywords`: keywords XMage prints one per line."""

_NAME_FOLDS = (("&amp;", "//"), ("///", "//"), ("Ã†", "Ae"), ("Ã¶", "A"), ("ö", "o"), ("û", "u"), ("í", "i"),
               ("ï", "i"), ("î", "i"), ("â", "a"), ("á", "a"), ("à", "a"), ("é", "e"), ("ú", "u"), ("†", "+"),
               ("★", "*"), ("Φ", "Ph"), ("Ó", "O"), ("ó", "o"), ("ō", "o"), ("ä", "a"), ("ü", "u"), ("É", "E"),
               ("ñ", "n"), ("꞉", ""), ("®", ""), ("—", ""))
"""The letters XMage's card-name normalizing folds, in its order."""

_CAPITALS = (". this", ". This"), ("\nthis", "\nThis"), ("-this", "-This"), (": this", ": This"), \
    ("&bull this", "&bull This"), ("&mdash; this", "&mdash; This"), ("&mdash;this", "&mdash;This"), \
    ("- this", "- This")


def _evergreen(word: str) -> bool:
    return (word in EVERGREEN or word.startswith(("protection from", "hexproof from", "ward ", "rampage ",
                                                  "annihilator")) or re.fullmatch(r"firebending \d", word) is not None)


def prepare_rule(rule: str, card: Card) -> str:
    """One rule as `VerifyCardDataTest.prepareRule` leaves it for comparing."""
    text = re.sub(r"(?i) <i>\(.+\)</i>", "", rule)
    text = re.sub(r"(?i) \(.+\)", "", text)
    if text.startswith("({T}: Add"):
        text = text.replace("(", "").replace(")", "")
    text = text.replace("{this}", self_reference(card))
    for old, new in _CAPITALS:
        text = text.replace(old, new)
    text = text.replace("−", "-").replace("—", "-").replace("&mdash;", "-")
    text = text.replace("<i>", "").replace("</i>", "")
    for old, new in _NAME_FOLDS:
        text = text.replace(old, new)
    text = text.strip()
    return text[:1].upper() + text[1:]


def oracle_rules(oracle: str, card: Card) -> list[str]:
    """The Oracle text as the rules XMage's verify test expects (keyword lines split, each prepared)."""
    text = re.sub(r"\[([−+]?\d*)\]: ", r"\1: ", oracle).replace("[−X]: ", "-X: ")
    for line in re.sub(r" \(.+?\)", "", text).split("\n"):
        words = re.split(r"[,;] ", line)
        if line and all(_evergreen(word.lower()) for word in words):
            text = text.replace(line, "\n".join(word[:1].upper() + word[1:] for word in words))
    if "•" in text:  # the modal spell fix: a mode's bullet as XMage prints it (700.2)
        text = text.replace("—\n•", " —\n•").replace("  —", " —").replace("—\n•", "-<br>&bull ")
        text = (text.replace("\n•", "<br>&bull ") + "<br>").replace("<br>", "\n")
    text = re.sub(r" +", " ", split_mana_abilities(text))
    return [prepare_rule(rule, card) for rule in re.split(r"[$\n]", text)]


def split_mana_abilities(text: str) -> str:
    """`VerifyCardDataTest.splitManaAbilities`: XMage makes one mana ability per kind of mana, so a line
    "{T}: Add {G} or {W}." is compared as "{T}: Add {G}." and "{T}: Add {W}." (what follows the mana,
    such as a spending restriction, kept on each; loyalty abilities and "} for" lines left whole)."""
    for line in re.split(r"[$\n]", text):
        if re.fullmatch(r"[^\"']*: Add [^.]* or.*\..*", line) is None or line.startswith(("0", "+", "-")) \
                or "} for" in line:
            continue
        start = line.index(": Add ")
        before = line[:start + 6]
        end = line.index(".", start)
        middle = line[start + 6:end].replace(", or ", "|").replace(" or ", "|").replace(", ", "|")
        text = text.replace(line, "\n".join(before + part + line[end:] for part in middle.split("|")))
    return text


def class_rules(rules: list[str], card: Card) -> list[str]:
    """What `card.getRules()` gives, as the verify test compares it."""
    joined = "\n".join(rules).replace("<br>", "\n").replace("<br/>", "\n").replace("<b>", "").replace("</b>", "")
    return [prepare_rule(rule, card) for rule in re.split(r"[$\n]", joined)]


def same_rule(found: str, expected: str, name: str) -> bool:
    """`VerifyCardDataTest.compareText`."""
    if found == expected:
        return True
    for short in (name.split(", ")[0], name.split(" ")[0]):
        if found.replace(name, short) == expected.replace(name, short):
            return True
    return False


@dataclass(frozen=True, slots=True)
class Mismatch:
    """A rule XMage prints that no Oracle rule equals, and the Oracle rule it was meant to be."""

    index: int
    found: str
    expected: str | None

    @property
    def word(self) -> str:
        """The first word where the two differ (`found`'s, or the end of the shorter one)."""
        return first_differing_word(self.found, self.expected or "")


def first_differing_word(found: str, expected: str) -> str:
    """The first word of `found` that is not the word of `expected` at the same place ("" when one is the
    other's beginning and `found` is the shorter)."""
    ours, theirs = found.split(" "), expected.split(" ")
    for mine, other in zip(ours, theirs, strict=False):
        if mine != other:
            return mine
    return ours[len(theirs)] if len(ours) > len(theirs) else ""


def compare(printed: list[str], card: Card) -> list[Mismatch]:
    """The rules a class printing `printed` (one rule per ability, `{this}` as XMage keeps it) gets wrong
    against the card's Oracle text under the verify test's comparison: each unmatched rule with the
    Oracle rule at its place (the rules of our classes follow the Oracle lines one for one), and each
    Oracle rule no printed rule matches (`found` empty)."""
    expected = [rule for rule in oracle_rules(card.oracle, card) if rule] if card.oracle else []
    found = [rule for rule in class_rules(printed, card) if rule]
    matched = [False] * len(expected)
    out: list[Mismatch] = []
    for index, rule in enumerate(found):
        hit = next((j for j, want in enumerate(expected) if not matched[j] and same_rule(rule, want, card.name)),
                   None)
        if hit is None:
            out.append(Mismatch(index, rule, expected[index] if index < len(expected) else None))
        else:
            matched[hit] = True
    missing = [j for j, done in enumerate(matched) if not done]
    claimed = {m.index for m in out}
    out.extend(Mismatch(j, "", expected[j]) for j in missing if j not in claimed)
    return out


__all__ = ["EVERGREEN", "Mismatch", "class_rules", "compare", "first_differing_word", "oracle_rules",
           "prepare_rule", "same_rule"]
