"""XMage rules text: what our classes will print (`card.getRules()`) equals the printed card.

"Will print" is the model in `cardgen.engines.xmage.rules_text`: the explicit texts we write (setText,
staticText, the text of ConditionalOneShotEffect) joined the way XMage joins effect texts, the trigger
phrase and intervening "if" of the triggers we use, and the framework's own text only for the few
effects whose text the model knows. The proof that XMage agrees is by hand, in XMage's engine.
"""

from __future__ import annotations

from pathlib import Path
from typing import get_args

import pytest
from shipped import shipped_catalog

from cardgen.engines.xmage.lower import CardLowering
from cardgen.engines.xmage.render import card_class_name
from cardgen.engines.xmage.verify import compare
from cardgen.model.derive import ability_text
from cardgen.model.parts import Keyword
from cardgen.text.abilities import effect_clauses, effect_line
from cardgen.text.oracle import clauses, join, self_noun, strip_reminder, with_self_reference

ROOT = Path(__file__).resolve().parents[1]
CATALOG = shipped_catalog()
CARDS = [loaded.card for loaded in (CATALOG[0] if isinstance(CATALOG, tuple) else CATALOG).cards]


def xmage_rules(card) -> list[str | None]:
    lowering = CardLowering(card, card_class_name(card))
    lowering.lower()
    return [block.rules for block in lowering.blocks]


def printed(card) -> list[str]:
    """The card's printed lines as XMage compares them: no reminder text (a line that is only reminder text,
    a Class's "(Gain the next level ...)", stays: XMage prints it as an ability of its own), the name (and
    "this creature" of a creature, ...) as `{this}`, a line of keywords ("Flying, vigilance") one line per
    keyword, as VerifyCardDataTest splits it ("evergreen keyword fix")."""
    noun = self_noun(card.types, card.subtypes, card.supertypes)
    lines = [with_self_reference(strip_reminder(line) or line.strip(), card.name, noun)
             for line in card.oracle.split("\n")] \
        if card.oracle else []
    split = []
    for line in lines:
        parts = line.split(", ")
        if len(parts) > 1 and all(part.lower().replace(" ", "_") in get_args(Keyword) for part in parts):
            split += [part[:1].upper() + part[1:] for part in parts]
        elif line:
            split.append(line)
    return split


def xmage_lines(card) -> list[str]:
    """XMage holds all of a card's spell abilities in one SpellAbility; a later printed line starts a new
    rules line with `.concatBy("<br>")` (Perch Protection, as XMage's own class does), so every printed
    line is one line of XMage's too."""
    rules = xmage_rules(card)
    assert None not in rules
    noun = self_noun(card.types, card.subtypes, card.supertypes)  # XMage prints {this} of a permanent so
    return [with_self_reference(rule, "", noun) for rule in rules]


def xmage_printed_lines(card) -> list[str]:
    """`xmage_lines` as printed lines: a modal ability's rule is its choosing line and a line per mode
    (`<br>`, the bullet `&bull ` and the dash `&mdash;` as the card prints them)."""
    return [line.replace("&bull ", "• ").replace("&mdash;", "—") for rule in xmage_lines(card)
            for line in rule.split("<br>")]


@pytest.mark.parametrize("card", CARDS, ids=[card.name for card in CARDS])
def test_every_shipped_card_prints_its_oracle_text(card):
    """Under XMage's own comparison (`VerifyCardDataTest`, `verify.compare`), line for line."""
    assert len(xmage_printed_lines(card)) == len(printed(card))
    assert compare(xmage_lines(card), card) == []


def test_the_failures_issue_12_names_are_gone():
    by_name = {card.name: xmage_lines(card) for card in CARDS}
    assert by_name["Long River's Pull"][1] == ("Counter target creature spell. If the gift was promised, instead "
                                               "counter target spell.")
    assert "target creature you control gets +2/+0" in by_name["Sazacap's Brew"][2]
    assert by_name["Starforged Sword"][1].endswith("attach {this} to target creature you control.")
    assert by_name["Wildfire Howl"][1].startswith("{this} deals 2 damage to each creature.")


def test_framework_text_is_used_where_it_is_right():
    """No `setText` where XMage's own text is the printed one (Shock, Divination, Nocturnal Hunger's
    "Destroy target creature")."""
    out = ROOT / "output/xmage/Mage.Sets/src/mage/cards"
    assert "setText" not in (out / "s/Shock.java").read_text()
    assert "setText" not in (out / "d/Divination.java").read_text()
    assert "new DestroyTargetEffect());" in (out / "n/NocturnalHunger.java").read_text()
    assert "new DrawCardTargetEffect(3));" in (out / "m/MindSpiral.java").read_text()  # declared, not adjusted
    assert "new CreateTokenCopyTargetEffect()," in (out / "o/Octomancer.java").read_text()  # its filter's message


def test_target_descriptions_come_from_what_is_declared():
    from cardgen.engines.xmage.java_expr import New, Raw
    from cardgen.engines.xmage.rules_text import target_description

    assert target_description(New("TargetControlledCreaturePermanent"), {}) == "target creature you control"
    assert target_description(New("TargetPermanent", (Raw("StaticFilters.FILTER_PERMANENT_ARTIFACT_OR_ENCHANTMENT"),)),
                              {}) is None  # XMage's class default message: not recorded, so not assumed
    assert target_description(New("TargetPermanent", (Raw("filter"),)), {"filter": "creature token"}) == \
        "target creature token"
    assert target_description(New("TargetPermanent", (Raw("2"), Raw("filter"))), {"filter": "x"}) is None


@pytest.mark.parametrize("text,count,expected", [
    ("You and permanents you control gain hexproof until end of turn. If the gift was promised, permanents you "
     "control also gain indestructible until end of turn.", 3,
     ["You", "and permanents you control gain hexproof until end of turn",
      "If the gift was promised, permanents you control also gain indestructible until end of turn"]),
    ("Choose a. Put b. Then c.", 2, ["Choose a. Put b", "Then c"]),
    ("A b. If c, d phase out, and until e, f can't change and g.", 3,
     ["A b", "If c, d phase out", ", and until e, f can't change and g"]),
    ("One sentence.", 2, None),
])
def test_clauses_cut_a_line_so_that_joining_gives_it_back(text, count, expected):
    got = clauses(text, count)
    assert got == expected
    if got is not None:
        assert join(got) == text


def test_effect_line_drops_what_the_trigger_prints():
    card = next(c for c in CARDS if c.name == "Starforged Sword")
    trigger = card.abilities[0]
    assert effect_line(ability_text(trigger), card, trigger) == "attach {this} to target creature you control."
    assert effect_clauses("Then those fight.", "X", 1) == ["Then those fight"]
