"""The Forge reader: Forge's own gift scripts read back into the shipped specs' meaning, Forge's alternative
spellings of the same thing read the same, and every construct it does not know is a diagnostic."""

from __future__ import annotations

from pathlib import Path

import pytest
from shipped import shipped_catalog

from cardgen import deviations
from cardgen.canonical import meaning_diff
from cardgen.engines.forge.backend import ForgeBackend
from cardgen.engines.forge.reader import read_script
from cardgen.naming import slug

ROOT = Path(__file__).resolve().parents[1]
SHARED = next((parent / "shared" for parent in Path(__file__).resolve().parents[1:]
               if (parent / "shared" / "reference").is_dir()), ROOT.parent / "shared")
FORGE_SCRIPTS = SHARED / "reference" / "forge-scripts"
BACKEND = ForgeBackend()

needs_reference = pytest.mark.skipif(not FORGE_SCRIPTS.is_dir(), reason="shared/reference/forge-scripts absent")


def reference_files() -> list[Path]:
    return sorted(FORGE_SCRIPTS.glob("*.txt")) if FORGE_SCRIPTS.is_dir() else []


@needs_reference
@pytest.mark.parametrize("path", reference_files(), ids=lambda p: p.stem)
def test_forge_reference_script_reads_cleanly_and_means_the_shipped_spec(path: Path) -> None:
    """Each of Forge's own scripts means what the shipped spec says, except where the deviations data
    records the script as wrong (then it must not: read as Forge runs it, the mistake shows)."""
    result = BACKEND.read_card(path)
    known = {Path(ref.file).stem for entry in deviations.load().deviations
             if entry.engine == "forge" and entry.scope == "card_script" for ref in entry.scenarios}
    if path.stem in known:
        specs = shipped_catalog().by_name()
        spec = next(loaded.card for loaded in specs.values() if slug(loaded.card.name) == path.stem)
        assert result.card is None or result.diagnostics or meaning_diff(spec, result.card, ("spec", "forge"))
        return
    assert result.diagnostics == []
    assert result.card is not None
    specs = shipped_catalog().by_name()
    spec = specs[result.card.name].card
    assert slug(spec.name) == path.stem
    assert meaning_diff(spec, result.card, ("spec", "forge")) == []


HEADER = "Name:Probe\nManaCost:1 R\nTypes:Instant\nK:Gift\nSVar:GiftAbility:DB$ Draw | Defined$ Promised\n"
ORACLE = "Oracle:Probe.\n"


def read(body: str):
    return read_script(HEADER + body + ORACLE, "probe.txt")


def codes(body: str) -> list[str]:
    return [d.code for d in read(body).diagnostics]


def test_promise_counts_in_forges_other_spellings_read_the_same() -> None:
    spelled = [
        "SVar:X:Count$PromisedGift.1.0\n",
        "SVar:X:Count$ValidStack Card.Self+PromisedGift\n",
        "SVar:X:Count$Compare Y EQ1.1.0\nSVar:Y:Count$ValidStack Card.Self+PromisedGift\n",
    ]
    cards = [read("A:SP$ Tap | ValidTgts$ Creature | TargetMin$ X | TargetMax$ X | SpellDescription$ Tap.\n" + svars)
             for svars in spelled]
    for result in cards:
        assert result.diagnostics == []
        target = result.card.abilities[0].effects[0].what.target
        assert target.only_if_promised and (target.min, target.max) == (1, 1)
    assert all(meaning_diff(cards[0].card, other.card) == [] for other in cards[1:])


def test_defined_you_and_valid_is_two_effects() -> None:
    result = read("A:SP$ Pump | Defined$ You & Valid Permanent.YouCtrl | KW$ Hexproof | SpellDescription$ Go.\n")
    effects = result.card.abilities[0].effects
    assert [effect.what for effect in effects][0] == "you"
    assert effects[1].what.all.controller == "you"


def test_teferi_style_keyword_list_keeps_its_order() -> None:
    result = read("A:SP$ Pump | Defined$ You | KW$ Your life total can't change. & Protection from everything | "
                  "Duration$ UntilYourNextTurn | SpellDescription$ Safe.\n")
    assert [e.effect for e in result.card.abilities[0].effects] == ["life_cant_change", "protection"]
    assert all(e.duration == "until_your_next_turn" for e in result.card.abilities[0].effects)


def test_condition_check_svar_reads_as_a_promise_condition() -> None:
    result = read("A:SP$ Draw | ConditionCheckSVar$ X | ConditionSVarCompare$ EQ0 | SpellDescription$ D.\n"
                  "SVar:X:Count$PromisedGift.1.0\n")
    assert result.diagnostics == []
    assert result.card.abilities[0].effects[0].condition == "not_promised"


def test_ai_and_deck_hints_are_known_and_ignored() -> None:
    assert codes("A:SP$ Draw | AILogic$ Always | SpellDescription$ D.\nSVar:PlayMain1:TRUE\n"
                 "DeckHas:Ability$Graveyard\nDeckHints:Type$Rabbit\n") == []


@pytest.mark.parametrize(("body", "code"), [
    ("A:SP$ Proliferate | SpellDescription$ P.\n", "FG202"),
    ("A:SP$ Draw | Frobnicate$ 2 | SpellDescription$ D.\n", "FG201"),
    ("A:SP$ Destroy | ValidTgts$ Creature.withBanding | SpellDescription$ D.\n", "FG203"),
    ("A:SP$ Draw | SubAbility$ DBNowhere | SpellDescription$ D.\n", "FG204"),
    ("A:SP$ Tap | ValidTgts$ Creature | TargetMax$ Q | SpellDescription$ T.\nSVar:Q:Count$YourLifeTotal\n", "FG205"),
    ("R:Event$ Moved | ReplaceWith$ Nope\n", "FG200"),
    ("K:Flanking\n", "FG200"),
    ("A:SP$ Draw | SpellDescription$ D.\nSVar:Unused:DB$ Draw\n", "FG207"),
])
def test_unknown_constructs_are_reported(body: str, code: str) -> None:
    assert code in codes(body)


def test_unused_svar_is_only_a_warning() -> None:
    result = read("A:SP$ Draw | SpellDescription$ D.\nSVar:Unused:DB$ Draw\n")
    assert result.card is not None
    assert [d.severity for d in result.diagnostics] == ["warning"]


def test_cleanup_empties_the_remembered_list() -> None:
    body = ("A:SP$ ChangeZone | ValidTgts$ Creature | Origin$ Battlefield | Destination$ Exile | RememberChanged$ True"
            " | SubAbility$ DBCleanup | SpellDescription$ E.\nSVar:DBCleanup:DB$ Cleanup | ClearRemembered$ True | "
            "SubAbility$ DBCopy\nSVar:DBCopy:DB$ CopyPermanent | Defined$ Remembered\n")
    assert "FG203" in codes(body)


def test_reader_marks_no_printing() -> None:
    result = read("A:SP$ Draw | SpellDescription$ D.\n")
    assert [(p.set, p.number) for p in result.card.printings] == [("XXX", "0")]


def test_card_files_skip_tokens_and_find_nested_cardsfolder(tmp_path: Path) -> None:
    cards = tmp_path / "forge-gui" / "res" / "cardsfolder" / "a"
    cards.mkdir(parents=True)
    (cards / "alpha.txt").write_text("Name:Alpha\n")
    tokens = tmp_path / "forge-gui" / "res" / "cardsfolder" / "tokens"
    tokens.mkdir()
    (tokens / "t.txt").write_text("Name:T\n")
    assert BACKEND.card_files(tmp_path) == [cards / "alpha.txt"]


def test_a_gift_ability_with_a_count_that_is_no_number_is_a_diagnostic() -> None:
    """Found by mutating shipped scripts: `NumTurns$ Hand` on the gift ability escaped as a traceback."""
    text = ("Name:X\nManaCost:1 R\nTypes:Instant\nK:Gift\n"
            "SVar:GiftAbility:DB$ AddTurn | Defined$ Promised | NumTurns$ Hand | GiftDescription$ an extra turn\n"
            "A:SP$ Draw | SpellDescription$ Draw a card.\nOracle:x\n")
    result = read_script(text)
    assert "FG205" in [d.code for d in result.diagnostics]
