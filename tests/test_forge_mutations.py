"""Mutation tests: each Forge defect found by reading Forge's engine source, put back into the builder, is
caught by `cardgen check`, because the Forge reader reads a script as Forge runs it (not as the inverse of
our writer). One test per defect."""

from __future__ import annotations

from pathlib import Path

import pytest
from shipped import shipped_catalog

from cardgen.crosscheck import check_catalog
from cardgen.engines.forge import build, effects, valid
from cardgen.vocab.effects import return_card

ROOT = Path(__file__).resolve().parents[1]
SPECS = ROOT / "card_specs"
SCENARIOS = ROOT / "scenarios"


def _check(card: str, scenario: str) -> list[str]:
    """The forge mismatches `cardgen check` reports for `card` (its scenarios, the shipped pool)."""
    report = check_catalog(shipped_catalog(), [SCENARIOS / scenario], ["forge"], focus=frozenset({card}))
    assert not report.ok
    return [f"{m.scenario}: {'; '.join(m.details)}" for m in report.mismatches if m.card == card
            and m.engine == "forge"]


def test_the_clean_builder_passes() -> None:
    for card, scenario in (("Bilbo's Gambit", "hob/bilbos_gambit.yaml"),
                           ("Starfall Invocation", "blb/starfall_invocation.yaml"),
                           ("Blooming Blast", "blb/blooming_blast.yaml"),
                           ("Parting Gust", "blb/parting_gust.yaml")):
        report = check_catalog(shipped_catalog(), [SCENARIOS / scenario], ["forge"],
                               focus=frozenset({card}))
        assert report.ok, (card, report.mismatches, report.diagnostics)


def test_a_spell_moved_off_the_stack_without_fizzle_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """ChangeZoneEffect moves the targeted spell's card but leaves the spell on the stack to resolve
    unless `Fizzle$ True` is given."""
    original = effects.EffectWriter.zone_change

    def without_fizzle(self, what, destination):
        api, params = original(self, what, destination)
        return api, [(key, value) for key, value in params if key != "Fizzle"]

    monkeypatch.setattr(effects.EffectWriter, "zone_change", without_fizzle)
    found = _check("Bilbo's Gambit", "hob/bilbos_gambit.yaml")
    assert found and any("bounce" in line for line in found), found


def test_a_remembered_choice_that_lets_tokens_through_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """`Creature.IsRemembered+YouOwn` also offers a token that died this way (it is in the graveyard until
    state-based actions); the choice asks for `Creature.!token+IsRemembered+YouOwn`."""
    original = return_card._forge_hidden_return

    def letting_tokens_through(writer, what, destination):
        api, params = original(writer, what, destination)
        return api, [(key, value.replace("!token+", "") if key == "ChangeType" else value) for key, value in params]

    monkeypatch.setattr(return_card, "_forge_hidden_return", letting_tokens_through)
    found = _check("Starfall Invocation", "blb/starfall_invocation.yaml")
    assert found and any("return_card" in line for line in found), found


def test_separate_damage_instructions_batched_into_one_event_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The old rule batched every run of damage of one ability in a damage map: one damage event."""

    def old_batching(nodes):  # the rule before the fix: any run of damage abilities of one spec ability
        out, position = [], 0
        while position < len(nodes):
            first, end = nodes[position], position
            while (end + 1 < len(nodes) and first.step is not None and nodes[end + 1].step is not None
                   and nodes[end + 1].step.group == first.step.group
                   and build._in_damage_map(nodes[end + 1])):
                end += 1
            if (end > position and build._in_damage_map(first)
                    and not any(key.startswith("Condition") for key, _ in first.params)):
                first.params.append(("DamageMap", "True"))
                out += [*nodes[position:end + 1], build.Node(None, "DamageResolve", [])]
                position = end + 1
            else:
                out.append(first)
                position += 1
        return out

    monkeypatch.setattr(build, "_batch_damage", old_batching)
    found = _check("Blooming Blast", "blb/blooming_blast.yaml")
    assert found and any("simultaneous" in line for line in found), found


def test_the_dropped_nontoken_property_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Forge master has no `nonToken` CardProperty any more: ForgeScript reads it as non<type> `Token`,
    which every card passes, so `Creature.nonToken` lets a token be targeted."""
    original = valid.restrictions

    def old_spelling(selector):
        return ["nonToken" if prop == "!token" else prop for prop in original(selector)]

    monkeypatch.setattr(valid, "restrictions", old_spelling)
    found = _check("Parting Gust", "blb/parting_gust.yaml")
    assert found, found


def test_the_capitalised_token_property_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """CardProperty matches `token` case-sensitively: `!Token` (Forge's own Parting Gust) falls through to
    the type test, which no card passes, so a token can be targeted."""
    original = valid.restrictions

    def capitalised(selector):
        return ["!Token" if prop == "!token" else prop for prop in original(selector)]

    monkeypatch.setattr(valid, "restrictions", capitalised)
    found = _check("Parting Gust", "blb/parting_gust.yaml")
    assert found and any("token" in line for line in found), found
