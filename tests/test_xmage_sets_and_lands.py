"""Set lines where XMage's set class has them, basic lands as XMage's framework classes, and test cards that
never overwrite XMage's own classes. The set classes here are written for these tests in XMage's shape."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from shipped import shipped_catalog

from cardgen.cli import cli
from cardgen.engines.xmage.backend import XMageBackend
from cardgen.install.xmage_sets import merge_set_lines

ROOT = Path(__file__).resolve().parents[1]
SETS = "Mage.Sets/src/mage/sets"
CARDS = "Mage.Sets/src/mage/cards"
FLOOD_MAW = ROOT / "card_specs/blb/into_the_flood_maw.yaml"

# A promo set in XMage's shape: rows by collector number, graphic arguments, a commented-out row.
BY_NUMBER = """package mage.sets;

import mage.cards.ExpansionSet;
import mage.constants.Rarity;
import mage.constants.SetType;

public class PromoNight extends ExpansionSet {

    private static final PromoNight instance = new PromoNight();

    public static PromoNight getInstance() {
        return instance;
    }

    private PromoNight() {
        super("Promo Night", "PW26", ExpansionSet.buildDate(2026, 1, 1), SetType.PROMOTIONAL);
        this.hasBoosters = false;

        cards.add(new SetCardInfo("Zephyr Scout", 1, Rarity.RARE, mage.cards.z.ZephyrScout.class, RETRO_ART));
        cards.add(new SetCardInfo("Amber Wall", 2, Rarity.RARE, mage.cards.a.AmberWall.class));
        // cards.add(new SetCardInfo("Quiet Moth", 3, Rarity.RARE, mage.cards.q.QuietMoth.class));
        cards.add(new SetCardInfo("Moss Drake", 9, Rarity.RARE, mage.cards.m.MossDrake.class, RETRO_ART));
        cards.add(new SetCardInfo("Cinder Imp", 10, Rarity.RARE, mage.cards.c.CinderImp.class));
    }
}
"""
LINE = ('        cards.add(new SetCardInfo("Into the Flood Maw", 8, Rarity.RARE, '
        'mage.cards.i.IntoTheFloodMaw.class, RETRO_ART));')


def shipped():
    catalog = shipped_catalog()
    return catalog[0] if isinstance(catalog, tuple) else catalog


def test_a_set_in_collector_number_order_gets_the_line_at_its_number():
    merged = merge_set_lines(BY_NUMBER, "PromoNight", LINE.strip())
    rows = merged.text.split("\n")
    assert rows[rows.index(LINE) - 1].strip().startswith("// cards.add(new SetCardInfo(\"Quiet Moth\", 3")
    assert rows[rows.index(LINE) + 1].strip().startswith('cards.add(new SetCardInfo("Moss Drake", 9')
    assert merged.text.replace(LINE + "\n", "") == BY_NUMBER, "every other byte stays as XMage has it"


def test_a_line_already_there_leaves_the_class_byte_identical():
    already = BY_NUMBER.replace("        cards.add(new SetCardInfo(\"Moss Drake\"", LINE + "\n        cards.add(new "
                                "SetCardInfo(\"Moss Drake\"")
    merged = merge_set_lines(already, "PromoNight", LINE.strip())
    assert not merged.changed and merged.text == already


def test_our_line_without_xmages_graphic_argument_counts_as_there():
    """XMage's row keeps its graphic argument (`RETRO_ART`, XMage's to choose); ours has none."""
    ours = LINE.replace(", RETRO_ART", "").strip()
    already = BY_NUMBER.replace("        cards.add(new SetCardInfo(\"Moss Drake\"", LINE + "\n        cards.add(new "
                                "SetCardInfo(\"Moss Drake\"")
    merged = merge_set_lines(already, "PromoNight", ours)
    assert not merged.changed and not merged.conflicts and merged.text == already


def test_basic_lands_are_xmage_framework_classes():
    result = XMageBackend().render(shipped())
    assert not [path for path in result.files if path.endswith(("/Forest.java", "/Island.java", "/Plains.java"))]
    test_set = result.files[f"{SETS}/CardgenTestCards.java"]
    assert 'cards.add(new SetCardInfo("Forest", 5, Rarity.LAND, mage.cards.basiclands.Forest.class));' in test_set


def test_basic_land_reads_back_from_its_set_line(tmp_path: Path):
    result = XMageBackend().render(shipped())
    for path, text in result.files.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    forest = next(c.card for c in shipped().cards if c.card.name == "Forest")
    backend = XMageBackend()
    read = backend.read_card(tmp_path / backend.card_path(forest))
    assert read.card is not None and read.card.supertypes == ["Basic"] and read.card.subtypes == ["Forest"]
    assert [(p.set, p.number) for p in read.card.printings] == [("CGT", "5")]


def test_test_cards_never_overwrite_xmages_own_classes(tmp_path: Path):
    root = tmp_path / "mage"
    (root / SETS).mkdir(parents=True)
    theirs = root / CARDS / "c/Cancel.java"
    theirs.parent.mkdir(parents=True)
    theirs.write_text("package mage.cards.c;\n\n// XMage's own Cancel\npublic final class Cancel {}\n")
    before = theirs.read_bytes()
    for force in ([], ["--force"]):
        result = CliRunner().invoke(cli, ["install", "--engine", "xmage", "--checkout", str(root), "--set", "CGT",
                                          *force, str(ROOT / "card_specs")])
        assert result.exit_code == 0, result.output
        assert f"unchanged: {CARDS}/c/Cancel.java (the engine's own file is kept" in result.output
        assert theirs.read_bytes() == before
    assert not (root / CARDS / "f").exists(), "no class for a basic land"
    assert "mage.cards.c.Cancel.class" in (root / SETS / "CardgenTestCards.java").read_text()
