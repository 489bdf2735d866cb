"""Every game stops: a loop the rules don't end and a scenario too large to play are each a clean scenario
failure (or format error), never a hang. Run as processes; the subprocess timeout is only a guard."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CGT = ROOT / "card_specs" / "cgt"
GUARD = 300

MIRROR_HARE = """name: Mirror Hare
mana_cost: '{1}{G}'
types: [Creature]
subtypes: [Rabbit]
pt: 1/1
printings:
  - {set: CGT, number: 300, rarity: common}
oracle: When this creature enters, create a token that's a copy of this creature.
abilities:
  - kind: triggered
    text: When this creature enters, create a token that's a copy of this creature.
    event: enters
    effects:
      - {effect: token_copy, of: self}
"""


def cardgen(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "cardgen", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=GUARD)


def specs(tmp_path: Path, *extra: tuple[str, str]) -> Path:
    folder = tmp_path / "specs" / "cgt"
    folder.mkdir(parents=True)
    for name in ("set.yaml", "grizzly_bears.yaml", "forest.yaml"):
        shutil.copy(CGT / name, folder)
    for name, text in extra:
        (folder / name).write_text(text, encoding="utf-8")
    return tmp_path / "specs"


def test_a_token_copying_itself_as_it_enters_is_stopped(tmp_path: Path) -> None:
    specs(tmp_path, ("mirror_hare.yaml", MIRROR_HARE))
    (tmp_path / "scen").mkdir()
    (tmp_path / "scen" / "mirror_hare.yaml").write_text("""card: Mirror Hare
scenarios:
  - name: copies for ever
    players:
      alice: {hand: [Mirror Hare], battlefield: [{Forest: 2}]}
      bob: {}
    actions:
      - cast: Mirror Hare
  - name: plays after it
    players: {alice: {battlefield: [Grizzly Bears]}, bob: {}}
    expect: {players: {alice: {battlefield: [Grizzly Bears]}}}
""", encoding="utf-8")
    done = cardgen("scenario", "run", "--specs", "specs", "scen", cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert "the game was stopped after" in done.stdout
    assert "1 passed, 1 failed" in done.stdout


def big_scenario(tmp_path: Path, players: str, actions: str = "") -> Path:
    folder = tmp_path / "scen"
    folder.mkdir(exist_ok=True)
    (folder / "big.yaml").write_text(f"card: Grizzly Bears\nscenarios:\n  - name: big\n    players: {players}\n"
                                     f"{actions}", encoding="utf-8")
    return folder


def test_a_battlefield_of_8000_entries_is_a_format_error_for_run_and_check(tmp_path: Path) -> None:
    specs(tmp_path)
    entries = ", ".join(["{Forest: 60}"] * 8000)
    big_scenario(tmp_path, f"{{alice: {{battlefield: [{entries}]}}, bob: {{}}}}")
    for command in (["scenario", "run", "--specs", "specs", "scen"], ["check", "--scenarios", "scen", "specs"]):
        done = cardgen(*command, cwd=tmp_path)
        assert done.returncode == 1, done.stdout + done.stderr
        assert "Traceback" not in done.stderr
        assert "a list of 8000 items" in done.stdout + done.stderr


def test_50000_actions_are_a_format_error(tmp_path: Path) -> None:
    specs(tmp_path)
    big_scenario(tmp_path, "{alice: {}, bob: {}}", "    actions:\n" + "      - next_turn\n" * 50000)
    done = cardgen("scenario", "run", "--specs", "specs", "scen", cwd=tmp_path)
    assert done.returncode == 1
    assert "a list of 50000 items" in done.stdout + done.stderr


def test_many_permanents_within_the_lists_are_stopped_cleanly(tmp_path: Path) -> None:
    """200 entries of 60 Forests each: within the list limit, over the object and permanent budgets."""
    specs(tmp_path)
    entries = ", ".join(["{Forest: 60}"] * 200)
    big_scenario(tmp_path, f"{{alice: {{battlefield: [{entries}]}}, bob: {{}}}}", "    actions: [pass]\n")
    done = cardgen("scenario", "run", "--specs", "specs", "scen", cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert "the game was stopped after" in done.stdout


def test_a_full_battlefield_of_statics_finishes_or_stops(tmp_path: Path) -> None:
    """74 permanents, 36 of them with a static that looks at every creature's controller, played for two
    turns; then a 75th and 76th cast: each scenario is played to its end or stopped, never left computing
    every static for every object for every other one."""
    specs(tmp_path, *((name, (CGT / name).read_text(encoding="utf-8"))
                      for name in ("glorious_anthem.yaml", "hearthward_captain.yaml")))
    start = "alice: {hand: [Hearthward Captain, Grizzly Bears], battlefield: [{Glorious Anthem: 36}, " \
            "{Grizzly Bears: 38}]}, bob: {}"
    folder = tmp_path / "scen"
    folder.mkdir()
    (folder / "full.yaml").write_text(f"""card: Glorious Anthem
scenarios:
  - name: two turns at the limit
    players: {{{start}}}
    actions: [next_turn, next_turn]
    expect: {{players: {{alice: {{battlefield: {{count: 74}}}}}}}}
  - name: over the limit
    players: {{{start}}}
    actions:
      - cast: Hearthward Captain
      - cast: Grizzly Bears
      - next_turn
""", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "cardgen", "scenario", "run", "--specs", "specs", "scen"],
                          cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, text=True,
                          timeout=60)
    assert "Traceback" not in done.stderr
    assert "1 passed, 1 failed" in done.stdout, done.stdout + done.stderr
    assert "the game was stopped after 75 permanents" in done.stdout
