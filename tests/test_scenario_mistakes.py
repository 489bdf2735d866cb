"""Mistakes a contributor makes in a scenario file are reported clearly, never passed over in silence."""

from __future__ import annotations

from pathlib import Path

from cardgen.load.specs import load_catalog
from cardgen.resolver.scenario.loader import load_text
from cardgen.resolver.scenario.runner import run_scenario

ROOT = Path(__file__).resolve().parents[1]
CARDS = {loaded.card.name: loaded.card for loaded in load_catalog([ROOT / "card_specs"]).cards}

SHOCK = """card: Shock
scenarios:
  - name: bob takes 2
    players:
      alice: {hand: [Shock]}
      bob: {}
    actions:
      - cast: Shock
        targets: [bob]
    expect:
      players:
        bob: {life: 18}
"""


def test_a_typo_in_the_files_card_fails_with_a_suggestion() -> None:
    """A scenario about a card that is not in the pool must not pass: the real card would silently be
    counted as having no scenario."""
    assert run_scenario(load_text(SHOCK, "ok.yaml").scenarios[0], CARDS).ok
    outcome = run_scenario(load_text(SHOCK.replace("card: Shock", "card: Shok"), "typo.yaml").scenarios[0], CARDS)
    assert not outcome.ok
    assert [(f.location.line, f.location.column) for f in outcome.failures] == [(1, 1)]
    assert "'Shok'" in outcome.failures[0].message and "did you mean 'Shock'?" in outcome.failures[0].message


def test_an_unknown_card_in_a_zone_suggests_the_close_name() -> None:
    outcome = run_scenario(load_text(SHOCK.replace("bob: {}", "bob: {battlefield: [Grizly Bears]}"),
                                     "x.yaml").scenarios[0], CARDS)
    assert any("did you mean 'Grizzly Bears'?" in f.message for f in outcome.failures)


def test_an_unknown_key_is_named_with_the_key_it_probably_meant() -> None:
    loaded = load_text(SHOCK.replace("bob: {life: 18}", "bob: {lfie: 18}"), "bad.yaml")
    assert loaded.scenarios == []
    [diagnostic] = loaded.diagnostics
    assert diagnostic.location.line == 12
    assert "unknown key `lfie`" in diagnostic.message and "did you mean `life`?" in diagnostic.message
    assert "Extra inputs" not in diagnostic.message


def test_a_card_spec_given_as_a_scenario_file_gets_one_clear_message() -> None:
    text = (ROOT / "card_specs" / "cgt" / "shock.yaml").read_text(encoding="utf-8")
    loaded = load_text(text, "card_specs/cgt/shock.yaml")
    assert loaded.scenarios == []
    [diagnostic] = loaded.diagnostics
    assert "card spec, not a scenario file" in diagnostic.message and "--specs" in diagnostic.message
