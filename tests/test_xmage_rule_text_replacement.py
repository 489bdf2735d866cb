"""XMage's "it" for a leading `{this}`: triggered abilities whose class sets `replaceRuleText`
(`TriggeredAbilityImpl.getRule`) print "it" where the card may print "this creature"; a generated class
keeps the printed words with `.withRuleTextReplacement(false)`, as XMage's own classes do. Seen in XMage's
engine: Seasoned Warrenguard's rules-text test failed on "it gets +2/+0" before this."""

from __future__ import annotations

import pytest
from shipped import shipped_catalog

from cardgen.engines.xmage import data, rules_text
from cardgen.engines.xmage.backend import XMageBackend
from cardgen.engines.xmage.render import render_card

CATALOG = shipped_catalog()
CARDS = {loaded.card.name: loaded.card for loaded in (CATALOG[0] if isinstance(CATALOG, tuple) else CATALOG).cards}


@pytest.mark.parametrize(("texts", "says_it"), [
    (["{this} gets +2/+0 until end of turn"], True),
    (["put a +1/+1 counter on {this}"], True),
    (["you may sacrifice {this}"], True),
    (["it gets +1/+0"], False),
    (["draw a card", "{this} gets +1/+1 until end of turn"], False),  # only the effects' first words
    (["target creature gets +1/+0 until end of turn"], False),
])
def test_which_texts_xmage_rewrites(texts: list[str], says_it: bool) -> None:
    assert rules_text.says_it_for_this(texts) is says_it


def test_the_classes_that_rewrite_are_read_from_xmage() -> None:
    assert {"AttacksTriggeredAbility", "EntersBattlefieldTriggeredAbility"} <= data.rule_text_replacing()
    assert "BeginningOfEndStepTriggeredAbility" not in data.rule_text_replacing()


def test_a_trigger_that_prints_this_creature_keeps_it() -> None:
    source = render_card(CARDS["Seasoned Warrenguard"])
    assert ".withRuleTextReplacement(false)" in source


def test_a_trigger_that_prints_it_leaves_xmage_to_say_it() -> None:
    """Veteran Guardmouse prints "it gets +1/+0": nothing to keep."""
    assert ".withRuleTextReplacement" not in render_card(CARDS["Veteran Guardmouse"])


def test_the_reader_reads_the_kept_words_as_wording(tmp_path) -> None:
    card = CARDS["Seasoned Warrenguard"]
    path = tmp_path / "SeasonedWarrenguard.java"
    path.write_text(render_card(card), encoding="utf-8")
    result = XMageBackend().read_card(path)
    assert result.card is not None, result.diagnostics
    assert [a.text for a in result.card.abilities] == [a.text for a in card.abilities]
