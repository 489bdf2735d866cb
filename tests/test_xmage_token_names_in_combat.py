"""A token in a generated XMage test's combat commands goes by XMage's name for it ("Rabbit Token"): the test
player finds attackers and blockers by the permanent's name, so "Rabbit" finds no attacking creature (seen
in XMage's engine on Warren Warleader's test before this). The committed output is the render
(`tests/test_freshness.py`)."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parents[1] / "output" / "xmage" / "Mage.Tests" / "src" / "test" / "java" / "org" \
    / "mage" / "test" / "cards" / "single" / "blb"


def test_a_blocked_token_is_named_as_xmage_names_it() -> None:
    source = (TESTS / "WarrenWarleaderTest.java").read_text(encoding="utf-8")
    assert 'block(1, playerB, "Grizzly Bears", "Rabbit Token");' in source


def test_an_attacking_token_is_named_as_xmage_names_it() -> None:
    source = (TESTS / "HazardrootHerbalistTest.java").read_text(encoding="utf-8")
    assert 'attack(1, playerA, "Fish Token");' in source
    assert 'block(1, playerB, "Grizzly Bears", "Fish Token");' in source
