""""Other" in selectors ("each other creature you control", "another target creature", "up to one other
target creature"): phrasing, Forge's `Other` property, XMage's AnotherPredicate / `StaticFilters` fields,
both readers, and the resolver leaving the source out of both the `all` set and the target candidates;
`scenarios/cgt/hearthward_captain.yaml` plays a card that uses both."""

from __future__ import annotations

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.model.card import Card, Target
from cardgen.phrasing import read_line
from cardgen.resolver import targeting
from cardgen.resolver.setup import put
from cardgen.resolver.testing import find, make_card, new_game

EACH_OTHER = {"effect": "put_counters", "what": {"all": {"types": ["creature"], "controller": "you", "other": True}},
              "counter": "+1/+1"}
ANOTHER = {"effect": "tap", "what": {"target": {"types": ["permanent"], "not_types": ["land"], "other": True}}}
UP_TO_ONE_OTHER = {"effect": "tap", "what": {"target": {"types": ["creature"], "other": True, "min": 0, "max": 1}}}
LINES = [
    ("When Test Captain enters, put a +1/+1 counter on each other creature you control.", EACH_OTHER),
    ("When Test Captain enters, tap another target nonland permanent.", ANOTHER),
    ("When Test Captain enters, tap up to one other target creature.", UP_TO_ONE_OTHER),
]


def _card(line: str, effect: dict) -> Card:
    return Card.model_validate({
        "name": "Test Captain", "mana_cost": "{2}{W}", "types": ["Creature"], "pt": "2/2", "oracle": line,
        "printings": [{"set": "CGT", "number": "92", "rarity": "common"}],
        "abilities": [{"kind": "triggered", "event": "enters", "text": line, "effects": [effect]}]})


@pytest.mark.parametrize(("line", "effect"), LINES)
def test_the_line_reads_as_other(line: str, effect: dict) -> None:
    read = read_line(line, "Test Captain", spell=False)
    assert read.ability is not None
    assert read.ability["effects"] == [effect]


@pytest.mark.parametrize(("line", "effect", "forge", "java"), [
    (*LINES[0], "ValidCards$ Creature.YouCtrl+Other", "StaticFilters.FILTER_OTHER_CONTROLLED_CREATURES"),
    (*LINES[1], "ValidTgts$ Permanent.nonLand+Other", "AnotherPredicate.instance"),
    (*LINES[2], "ValidTgts$ Creature.Other", "StaticFilters.FILTER_ANOTHER_TARGET_CREATURE"),
])
def test_both_engines_write_other_and_read_it_back(line: str, effect: dict, forge: str, java: str) -> None:
    script, source = rendered_and_read_back(_card(line, effect), "test_captain.txt")
    assert forge in script
    assert java in source


def test_an_other_target_never_offers_the_source_but_a_plain_one_does() -> None:
    game = new_game()
    captain = put(game.state, "alice", make_card("Captain", "Creature", pt="2/2"), "battlefield")
    put(game.state, "bob", make_card("Bear", "Creature", pt="2/2"), "battlefield")
    other = Target(types=["creature"], other=True)
    plain = Target(types=["creature"])
    source = captain if isinstance(captain, int) else find(game, "Captain").oid
    bear = find(game, "Bear").oid
    assert targeting.candidates(game.state, other, "alice", None, source) == [bear]
    assert set(targeting.candidates(game.state, plain, "alice", None, source)) == {source, bear}
    assert not targeting.is_legal(game.state, source, other, "alice", source=source)


def test_an_up_to_trigger_target_left_empty_is_skipped_in_the_xmage_test() -> None:
    from cardgen.engines.xmage.scenario_play import mark_trigger_skips
    from cardgen.game.choices import Decision

    events = [{"event": "triggered", "source": "Captain"}, {"event": "triggered", "source": "Captain"}]
    decisions = [Decision("alice", "target of Captain's ability", 0, 1, ()),
                 Decision("alice", "target of Captain's ability", 2, 1, (7,))]
    mark_trigger_skips(events, decisions)
    # the empty "up to one" choice needs TARGET_SKIP; a full one needs none
    assert [event.get("skips", 0) for event in events] == [1, 0]
