"""Mistakes a contributor makes in a scenario file are reported clearly, never passed over in silence."""

from __future__ import annotations

from pathlib import Path

from shipped import shipped_catalog

from cardgen.resolver.scenario.loader import load_text
from cardgen.resolver.scenario.runner import run_scenario

ROOT = Path(__file__).resolve().parents[1]
CARDS = {loaded.card.name: loaded.card for loaded in shipped_catalog().cards}

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


TWO = SHOCK + """  - name: a typo in the second
    players:
      alice: {hand: [Shock]}
      bob: {}
    actions:
      - cast: Shock
        targest: [bob]
  - name: one player
    players:
      alice: {hand: [Shock]}
"""


def test_a_scenario_breaking_the_format_leaves_the_files_others_to_run_and_is_counted() -> None:
    loaded = load_text(TWO, "two.yaml")
    assert [s.scenario.name for s in loaded.scenarios] == ["bob takes 2"]
    assert loaded.skipped == 2
    lines = sorted(d.location.line for d in loaded.diagnostics)
    assert lines == [19, 21] and loaded.diagnostics[0].message.startswith("scenarios.1.")
    assert run_scenario(loaded.scenarios[0], CARDS).ok


def test_the_summary_counts_the_scenarios_skipped(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from cardgen.cli import cli

    (tmp_path / "two.yaml").write_text(TWO, encoding="utf-8")
    result = CliRunner().invoke(cli, ["scenario", "run", str(tmp_path / "two.yaml"), "--specs",
                                      str(ROOT / "card_specs")])
    assert result.exit_code == 1
    assert "1 scenario(s) in 1 file(s): 1 passed, 0 failed, 2 skipped (invalid, see above)" in result.output


def test_a_one_player_scenario_gets_one_plain_message() -> None:
    loaded = load_text(TWO, "two.yaml")
    [message] = [d.message for d in loaded.diagnostics if d.location.line == 21]
    assert message == ("scenarios.2.players: a game has two or more players (100.1) (alice alone): add an opponent, "
                       "e.g. `bob: {}`")


CRASHING = """card: Shock
scenarios:
  - name: carol concedes
    players:
      alice: {hand: [Shock]}
      bob: {}
      carol: {}
    actions:
      - concede: carol
"""


def test_an_internal_error_says_it_is_a_bug_names_the_action_and_rule_area_and_keeps_the_traceback(
        monkeypatch, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from cardgen.cli import cli
    from cardgen.resolver import leaving

    def broken(state: object, player: str) -> None:
        raise KeyError(20)

    monkeypatch.setattr(leaving, "leave", broken)
    [failure] = run_scenario(load_text(CRASHING, "crash.yaml").scenarios[0], CARDS).failures
    assert failure.message.startswith("internal error, a bug in cardgen (not in the scenario; please report it): "
                                      "KeyError: 20, in action 0 (`concede: carol`), in a player leaving the game "
                                      "(800.4a)")
    assert "Traceback" in failure.detail and "broken" in failure.detail
    (tmp_path / "crash.yaml").write_text(CRASHING, encoding="utf-8")
    args = ["scenario", "run", str(tmp_path / "crash.yaml"), "--specs", str(ROOT / "card_specs")]
    quiet, verbose = CliRunner().invoke(cli, args), CliRunner().invoke(cli, [*args, "-v"])
    assert "run with -v for the traceback" in quiet.output and "Traceback" not in quiet.output
    assert "Traceback (most recent call last)" in verbose.output


def test_a_trigger_order_entry_naming_no_trigger_lists_them_in_the_cards_words() -> None:
    text = """card: Kitnap
scenarios:
  - name: a wrong order
    players:
      alice: {hand: [Kitnap]}
      bob: {battlefield: [Grizzly Bears]}
    actions:
      - cast: Kitnap
        gift: bob
        targets: [Grizzly Bears]
        trigger_order: [When this permanent]
"""
    assert run_scenario(load_text(text, "x.yaml").scenarios[0], CARDS).ok  # the internal wording is still read
    wrong = text.replace("[When this permanent]", "[Whenever]")
    [failure] = run_scenario(load_text(wrong, "x.yaml").scenarios[0], CARDS).failures
    assert "'Whenever' names none of the triggers" in failure.message
    assert "Gift a card (You may promise" in failure.message and "When this Aura enters, tap" in failure.message
