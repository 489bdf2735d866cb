"""`cardgen install`: files land where a Forge or XMage checkout keeps them, set files are merged line by line,
hand-written files and conflicting lines are refused (and then nothing at all is written), --force replaces."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import tree_sitter_java
from click.testing import CliRunner
from examples import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tree_sitter import Language, Parser

from cardgen.cli import cli
from cardgen.install.forge_edition import merge_edition, parse_row, sortable_number
from cardgen.install.xmage_sets import merge_set_lines, read_constructor

ROOT = Path(__file__).resolve().parents[1]
BLB = ROOT / "card_specs" / "blb"
CGT = ROOT / "card_specs" / "cgt"
BLAST, REBIRTH, GREED, HOWL = (str(BLB / f"{name}.yaml") for name in (
    "blooming_blast", "coiling_rebirth", "consumed_by_greed", "wildfire_howl"))

EDITIONS = "forge-gui/res/editions"
CARDSFOLDER = "forge-gui/res/cardsfolder"
SETS = "Mage.Sets/src/mage/sets"

# A hand-kept edition file in Forge's shape: booster sheets, artist credits, sections we never write.
FORGE_EDITION = """[metadata]
Code=BLB
Date=2024-08-02
Name=Bloomburrow
Type=Expansion
ScryfallCode=BLB

[Common]
Base=Common:fromSheet("BLB cards")

[cards]
1 C Banishing Light @Zoltan Boros
85 U Bonecache Overseer @Mila Pesic
87 U Consumed by Greed @Mathias Kollros
100 M Maha, Its Feathers Night @Alessandra Pisano
126 U Blooming Blast @Jakob Eirich

[showcase]
295 R Dawn's Truce @Mariah Tekulve
310 R Cruelclaw's Heist @Iris Compiet

[tokens]
29 c_a_treasure_sac @Aaron Miller
"""

# A set class in XMage's shape (hand-made): a commented-out line, registrations sorted as text.
XMAGE_SET = """package mage.sets;

import mage.cards.ExpansionSet;
import mage.constants.Rarity;
import mage.constants.SetType;

public final class Bloomburrow extends ExpansionSet {

    private static final Bloomburrow instance = new Bloomburrow();

    public static Bloomburrow getInstance() {
        return instance;
    }

    private Bloomburrow() {
        super("Bloomburrow", "BLB", ExpansionSet.buildDate(2024, 8, 2), SetType.EXPANSION);
        this.blockName = "Bloomburrow"; // for sorting in GUI

        //cards.add(new SetCardInfo("A-Heartfire Hero", "A-138", Rarity.UNCOMMON, mage.cards.a.AHeartfireHero.class));
        cards.add(new SetCardInfo("Agate Assault", 122, Rarity.COMMON, mage.cards.a.AgateAssault.class));
        cards.add(new SetCardInfo("Blooming Blast", 126, Rarity.UNCOMMON, mage.cards.b.BloomingBlast.class));
        cards.add(new SetCardInfo("Colossification", 392, Rarity.RARE, mage.cards.c.Colossification.class));
        cards.add(new SetCardInfo("Wick's Patrol", 121, Rarity.UNCOMMON, mage.cards.w.WicksPatrol.class));
    }
}
"""


# --------------------------------------------------------------------------------------------- helpers
def forge_checkout(tmp_path: Path, edition: str | None = None) -> Path:
    root = tmp_path / "forge"
    (root / CARDSFOLDER).mkdir(parents=True)
    (root / EDITIONS).mkdir(parents=True)
    if edition is not None:
        (root / EDITIONS / "Bloomburrow.txt").write_text(edition, encoding="utf-8", newline="")
    return root


def xmage_checkout(tmp_path: Path, set_classes: dict[str, str] | None = None) -> Path:
    root = tmp_path / "mage"
    (root / SETS).mkdir(parents=True)
    (root / "Mage.Sets/src/mage/cards").mkdir(parents=True)
    for name, text in (set_classes or {}).items():
        (root / SETS / f"{name}.java").write_text(text, encoding="utf-8")
    return root


def install(*args: str):
    return CliRunner().invoke(cli, ["install", *args])


def snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def java_errors(source: str) -> bool:
    return Parser(Language(tree_sitter_java.language())).parse(source.encode("utf-8")).root_node.has_error


def registration_rows(source: str) -> list[str]:
    return [row.strip() for row in source.splitlines() if row.strip().startswith("cards.add(")]


def is_subsequence(small: list[str], big: list[str]) -> bool:
    items = iter(big)
    return all(any(row == candidate for candidate in items) for row in small)


# ----------------------------------------------------------------------------------------------- Forge
def test_forge_fresh_install_then_unchanged(tmp_path: Path) -> None:
    root = forge_checkout(tmp_path)
    first = install("--engine", "forge", "--checkout", str(root), BLAST, REBIRTH)
    assert first.exit_code == 0, first.output
    assert f"created: {CARDSFOLDER}/b/blooming_blast.txt" in first.output
    assert f"created: {CARDSFOLDER}/c/coiling_rebirth.txt" in first.output
    assert f"created: {EDITIONS}/Bloomburrow.txt" in first.output
    for language in ("de-DE", "it-IT", "ja-JP"):  # Blooming Blast's printed translations
        assert f"created: forge-gui/res/languages/cardnames-{language}.txt" in first.output
    assert "6 created, 0 updated, 0 unchanged, 0 refused" in first.output
    script = (root / CARDSFOLDER / "b" / "blooming_blast.txt").read_text(encoding="utf-8")
    assert script.startswith("Name:Blooming Blast\n")
    edition = (root / EDITIONS / "Bloomburrow.txt").read_text(encoding="utf-8")
    assert "Code=BLB" in edition and "126 U Blooming Blast" in edition

    second = install("--engine", "forge", "--checkout", str(root), BLAST, REBIRTH)
    assert second.exit_code == 0, second.output
    assert "0 created, 0 updated, 6 unchanged, 0 refused" in second.output
    assert all(line.startswith("unchanged: ") for line in second.output.splitlines()[:6])


def test_forge_hand_written_card_is_refused_then_forced(tmp_path: Path) -> None:
    root = forge_checkout(tmp_path)
    hand = root / CARDSFOLDER / "b" / "blooming_blast.txt"
    hand.parent.mkdir()
    hand.write_text("Name:Blooming Blast\nManaCost:1 R\nTypes:Instant\n", encoding="utf-8")
    before = snapshot(root)

    refused = install("--engine", "forge", "--checkout", str(root), BLAST, REBIRTH)
    assert refused.exit_code == 1
    assert f"refused: {CARDSFOLDER}/b/blooming_blast.txt" in refused.output
    assert "--force" in refused.output
    assert f"would create: {CARDSFOLDER}/c/coiling_rebirth.txt" in refused.output
    assert snapshot(root) == before, "a refusal writes nothing at all"

    forced = install("--engine", "forge", "--checkout", str(root), "--force", BLAST, REBIRTH)
    assert forced.exit_code == 0, forced.output
    assert f"updated: {CARDSFOLDER}/b/blooming_blast.txt" in forced.output
    assert hand.read_text(encoding="utf-8").startswith("Name:Blooming Blast\nManaCost:1 R\nTypes:Instant\nK:Gift")
    assert (root / CARDSFOLDER / "c" / "coiling_rebirth.txt").is_file()


def test_forge_edition_merge_keeps_lines_and_artists_in_order(tmp_path: Path) -> None:
    root = forge_checkout(tmp_path, FORGE_EDITION)
    result = install("--engine", "forge", "--checkout", str(root), BLAST, REBIRTH, GREED)
    assert result.exit_code == 0, result.output
    assert f"updated: {EDITIONS}/Bloomburrow.txt (+2 edition lines)" in result.output
    merged = (root / EDITIONS / "Bloomburrow.txt").read_text(encoding="utf-8")
    expected = FORGE_EDITION.replace(
        "85 U Bonecache Overseer @Mila Pesic\n", "85 U Bonecache Overseer @Mila Pesic\n86 R Coiling Rebirth\n"
    ).replace("310 R Cruelclaw's Heist", "309 R Coiling Rebirth\n310 R Cruelclaw's Heist")
    assert merged == expected

    again = install("--engine", "forge", "--checkout", str(root), BLAST, REBIRTH, GREED)
    assert f"unchanged: {EDITIONS}/Bloomburrow.txt" in again.output


def test_forge_edition_conflict_is_refused_then_replaced(tmp_path: Path) -> None:
    edition = FORGE_EDITION.replace("87 U Consumed by Greed @Mathias Kollros", "87 U Someone Else's Card @An Artist")
    root = forge_checkout(tmp_path, edition)
    refused = install("--engine", "forge", "--checkout", str(root), GREED)
    assert refused.exit_code == 1
    assert f"refused: {EDITIONS}/Bloomburrow.txt: 1 conflicting edition lines" in refused.output
    assert "Someone Else's Card" in refused.output
    assert (root / EDITIONS / "Bloomburrow.txt").read_text(encoding="utf-8") == edition
    assert not (root / CARDSFOLDER / "c").exists()

    forced = install("--engine", "forge", "--checkout", str(root), "--force", GREED)
    assert forced.exit_code == 0, forced.output
    rows = (root / EDITIONS / "Bloomburrow.txt").read_text(encoding="utf-8").splitlines()
    assert "87 U Consumed by Greed" in rows, "the other card's artist credit is not kept"
    assert not any("Someone Else" in row for row in rows)


def test_forge_edition_found_by_code_under_another_name(tmp_path: Path) -> None:
    root = forge_checkout(tmp_path)
    (root / EDITIONS / "BLB.txt").write_text(FORGE_EDITION, encoding="utf-8")
    result = install("--engine", "forge", "--checkout", str(root), REBIRTH)
    assert result.exit_code == 0, result.output
    assert f"updated: {EDITIONS}/BLB.txt (set BLB is kept in this file; +2 edition lines)" in result.output
    assert not (root / EDITIONS / "Bloomburrow.txt").exists()


def test_edition_file_of_another_set_is_an_error(tmp_path: Path) -> None:
    root = forge_checkout(tmp_path, FORGE_EDITION.replace("Code=BLB", "Code=XYZ"))
    result = install("--engine", "forge", "--checkout", str(root), BLAST)
    assert result.exit_code == 1
    assert "error: forge-gui/res/editions/Bloomburrow.txt: this edition file is set XYZ, ours is BLB" in result.output


# ----------------------------------------------------------------------------------------------- XMage
def test_xmage_install_inserts_set_lines_in_order(tmp_path: Path) -> None:
    root = xmage_checkout(tmp_path, {"Bloomburrow": XMAGE_SET})
    result = install("--engine", "xmage", "--checkout", str(root), BLAST, REBIRTH, HOWL)
    assert result.exit_code == 0, result.output
    assert "created: Mage.Sets/src/mage/cards/c/CoilingRebirth.java" in result.output
    assert f"updated: {SETS}/Bloomburrow.java (+3 SetCardInfo lines)" in result.output
    assert not list((root / SETS).glob("*.cards.txt")), "the .cards.txt itself is never copied"

    merged = (root / SETS / "Bloomburrow.java").read_text(encoding="utf-8")
    assert not java_errors(merged)
    rows = registration_rows(merged)
    assert rows == sorted(rows)
    assert is_subsequence(registration_rows(XMAGE_SET), rows)
    assert is_subsequence(XMAGE_SET.splitlines(), merged.splitlines()), "every existing row is kept"
    names = [row.split('"')[1] for row in rows]
    assert names == ["Agate Assault", "Blooming Blast", "Coiling Rebirth", "Coiling Rebirth", "Colossification",
                     "Wick's Patrol", "Wildfire Howl"]
    assert all(row.startswith(" " * 8 + "cards.add(") for row in merged.splitlines() if "cards.add(new" in row
               and not row.lstrip().startswith("//"))
    registrations = read_constructor(merged, "Bloomburrow").registrations
    assert {(r.name, r.number) for r in registrations} >= {("Coiling Rebirth", "86"), ("Coiling Rebirth", "309"),
                                                           ("Wildfire Howl", "162")}

    again = install("--engine", "xmage", "--checkout", str(root), BLAST, REBIRTH, HOWL)
    assert again.exit_code == 0
    assert "0 created, 0 updated, 8 unchanged, 0 refused" in again.output  # 3 classes, 4 tests, the set


def test_xmage_install_puts_the_scenario_tests_into_mage_tests_and_refuses_a_different_one(tmp_path: Path) -> None:
    root = xmage_checkout(tmp_path, {"Bloomburrow": XMAGE_SET})
    test = root / "Mage.Tests/src/test/java/org/mage/test/cards/single/blb/BloomingBlastTest.java"
    result = install("--engine", "xmage", "--checkout", str(root), BLAST)
    assert result.exit_code == 0, result.output
    assert "created: Mage.Tests/src/test/java/org/mage/test/cards/single/blb/BloomingBlastTest.java" in result.output
    assert not java_errors(test.read_text(encoding="utf-8"))
    test.write_text("// hand-written\n", encoding="utf-8")
    before = snapshot(root)
    refused = install("--engine", "xmage", "--checkout", str(root), BLAST)
    assert refused.exit_code == 1
    assert "refused: Mage.Tests/src/test/java/org/mage/test/cards/single/blb/BloomingBlastTest.java" in refused.output
    assert snapshot(root) == before, "nothing is written when a test file is refused"


def test_xmage_conflicting_registration_is_refused_then_replaced(tmp_path: Path) -> None:
    theirs = XMAGE_SET.replace('"Blooming Blast", 126, Rarity.UNCOMMON', '"Blooming Blast", 126, Rarity.RARE')
    root = xmage_checkout(tmp_path, {"Bloomburrow": theirs})
    refused = install("--engine", "xmage", "--checkout", str(root), BLAST)
    assert refused.exit_code == 1
    assert f"refused: {SETS}/Bloomburrow.java: 1 conflicting SetCardInfo lines" in refused.output
    assert (root / SETS / "Bloomburrow.java").read_text(encoding="utf-8") == theirs
    assert not (root / "Mage.Sets/src/mage/cards/b").exists()

    forced = install("--engine", "xmage", "--checkout", str(root), "--force", BLAST)
    assert forced.exit_code == 0, forced.output
    assert (root / SETS / "Bloomburrow.java").read_text(encoding="utf-8") == XMAGE_SET


def test_xmage_hand_written_card_class_is_refused(tmp_path: Path) -> None:
    root = xmage_checkout(tmp_path, {"Bloomburrow": XMAGE_SET})
    hand = root / "Mage.Sets/src/mage/cards/b/BloomingBlast.java"
    hand.parent.mkdir()
    hand.write_text("package mage.cards.b;\n\npublic final class BloomingBlast {}\n", encoding="utf-8")
    before = snapshot(root)
    refused = install("--engine", "xmage", "--checkout", str(root), BLAST, REBIRTH)
    assert refused.exit_code == 1
    assert "refused: Mage.Sets/src/mage/cards/b/BloomingBlast.java" in refused.output
    assert snapshot(root) == before
    assert install("--engine", "xmage", "--checkout", str(root), "--force", BLAST, REBIRTH).exit_code == 0
    assert "GiftAbility" in hand.read_text(encoding="utf-8")


def test_xmage_missing_set_class_is_an_error(tmp_path: Path) -> None:
    root = xmage_checkout(tmp_path)
    before = snapshot(root)
    result = install("--engine", "xmage", "--checkout", str(root), BLAST)
    assert result.exit_code == 1
    assert f"error: {SETS}/Bloomburrow.java: the set class Bloomburrow is missing in this checkout" in result.output
    assert snapshot(root) == before


def test_xmage_whole_set_class_for_a_set_xmage_lacks(tmp_path: Path) -> None:
    root = xmage_checkout(tmp_path)
    no_scenarios = tmp_path / "no-scenarios"  # the set class is the subject here, not the cards' tests
    no_scenarios.mkdir()

    def install_cgt(*extra: str):
        return install("--engine", "xmage", "--checkout", str(root), "--set", "CGT",
                       "--scenarios", str(no_scenarios), *extra, str(CGT))

    first = install_cgt()
    assert first.exit_code == 0, first.output
    set_class = root / SETS / "CardgenTestCards.java"
    assert f"created: {SETS}/CardgenTestCards.java" in first.output
    assert not java_errors(set_class.read_text(encoding="utf-8"))
    assert install_cgt().output.count("created:") == 0

    set_class.write_text(set_class.read_text(encoding="utf-8").replace("cards.add", "// cards.add", 1),
                         encoding="utf-8")
    refused = install_cgt()
    assert refused.exit_code == 1
    assert f"refused: {SETS}/CardgenTestCards.java" in refused.output
    assert install_cgt("--force").exit_code == 0
    assert "// cards.add" not in set_class.read_text(encoding="utf-8")


# --------------------------------------------------------------------------------------- both / usage
def test_dry_run_writes_nothing(tmp_path: Path) -> None:
    forge = forge_checkout(tmp_path, FORGE_EDITION)
    mage = xmage_checkout(tmp_path, {"Bloomburrow": XMAGE_SET})
    for engine, root in (("forge", forge), ("xmage", mage)):
        before = snapshot(root)
        result = install("--engine", engine, "--checkout", str(root), "--dry-run", BLAST, REBIRTH)
        assert result.exit_code == 0, result.output
        assert "would create: " in result.output and "would update: " in result.output
        assert "dry run: nothing was written" in result.output
        assert snapshot(root) == before


@pytest.mark.parametrize("engine", ["forge", "xmage"])
def test_not_a_checkout_is_a_usage_error(tmp_path: Path, engine: str) -> None:
    result = install("--engine", engine, "--checkout", str(tmp_path), BLAST)
    assert result.exit_code == 2
    assert "is not a" in result.output and "checkout" in result.output
    missing = install("--engine", engine, "--checkout", str(tmp_path / "nope"), BLAST)
    assert missing.exit_code == 2 and "does not exist" in missing.output


def test_wrong_engine_and_inner_folder_get_a_hint(tmp_path: Path) -> None:
    forge = forge_checkout(tmp_path)
    wrong = install("--engine", "xmage", "--checkout", str(forge), BLAST)
    assert wrong.exit_code == 2 and "use --engine forge" in wrong.output
    inner = install("--engine", "forge", "--checkout", str(forge / CARDSFOLDER), BLAST)
    assert inner.exit_code == 2 and f"pass {(forge / 'forge-gui/res').resolve()}" in inner.output


@pytest.mark.parametrize(("folders", "cards", "editions"), [
    (["forge-gui/res/cardsfolder", "forge-gui/res/editions"], "forge-gui/res/cardsfolder", "forge-gui/res/editions"),
    (["res/cardsfolder", "res/editions"], "res/cardsfolder", "res/editions"),
    (["cardsfolder", "editions"], "cardsfolder", "editions"),
    (["cardsfolder"], "cardsfolder", "editions"),  # a plain folder of scripts: editions/ is made beside it
    (["custom/cards", "custom/editions"], "custom/cards", "custom/editions"),  # Forge's user data folder
    (["cards", "editions"], "cards", "editions"),  # its custom/ folder itself
])
def test_every_forge_layout_is_found(tmp_path: Path, folders: list[str], cards: str, editions: str) -> None:
    root = tmp_path / "forge"
    for folder in folders:
        (root / folder).mkdir(parents=True)
    result = install("--engine", "forge", "--checkout", str(root), "--set", "BLB", BLAST)
    assert result.exit_code == 0, result.output
    assert (root / cards / "b" / "blooming_blast.txt").is_file()
    assert (root / editions / "Bloomburrow.txt").is_file()


@pytest.mark.parametrize("engine", ["forge", "xmage"])
def test_every_folder_a_hint_names_is_accepted(tmp_path: Path, engine: str) -> None:
    """A message that says `pass DIR` names a folder that install then takes."""
    root = forge_checkout(tmp_path) if engine == "forge" else xmage_checkout(tmp_path)
    marker = CARDSFOLDER if engine == "forge" else SETS
    tried = [root / marker, root / marker / "b", root / Path(marker).parts[0]]
    hinted = 0
    for folder in tried:
        folder.mkdir(parents=True, exist_ok=True)
        first = install("--engine", engine, "--checkout", str(folder), "--dry-run", BLAST)
        if first.exit_code == 0:
            continue  # taken as it is
        assert first.exit_code == 2 and "pass " in first.output, first.output
        hint = first.output.rsplit("pass ", 1)[1].split()[0].rstrip(".,;")
        again = install("--engine", engine, "--checkout", hint, "--dry-run", BLAST)
        assert again.exit_code != 2 and "would create: " in again.output, (folder, hint, again.output)
        hinted += 1
    assert hinted >= 2


def test_invalid_specs_write_nothing(tmp_path: Path) -> None:
    specs = tmp_path / "specs" / "blb"
    specs.mkdir(parents=True)
    shutil.copy(BLB / "set.yaml", specs)
    shutil.copy(BLAST, specs)
    (specs / "broken.yaml").write_text("name: Broken Card\nmana_cost: '{Q}'\ntypes: [Instant]\n", encoding="utf-8")
    root = forge_checkout(tmp_path)
    before = snapshot(root)
    result = install("--engine", "forge", "--checkout", str(root), str(specs))
    assert result.exit_code == 1
    assert "nothing was written" in result.output
    assert snapshot(root) == before


def test_nothing_escapes_the_checkout(tmp_path: Path) -> None:
    root = forge_checkout(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    (root / CARDSFOLDER / "b").symlink_to(outside, target_is_directory=True)
    result = install("--engine", "forge", "--checkout", str(root), BLAST, REBIRTH)
    assert result.exit_code == 1
    assert f"error: {CARDSFOLDER}/b/blooming_blast.txt" in result.output
    assert list(outside.iterdir()) == []
    assert not (root / CARDSFOLDER / "c").exists()


def test_unknown_set_is_a_usage_error(tmp_path: Path) -> None:
    result = install("--engine", "forge", "--checkout", str(forge_checkout(tmp_path)), "--set", "ZZZ", str(BLB))
    assert result.exit_code == 2 and "no set.yaml for ZZZ" in result.output


def test_help_has_an_example() -> None:
    result = CliRunner().invoke(cli, ["install", "--help"])
    assert result.exit_code == 0
    assert "Example:" in result.output and "--checkout" in result.output and "--dry-run" in result.output


# ------------------------------------------------------------------------------------ edition merge unit
@pytest.mark.parametrize(("number", "key"), [
    ("9", "00009"), ("10", "00010"), ("12a", "00012a"), ("WS6", "WS00006"), ("A138", "A00138"), (None, "50000"),
])
def test_sortable_number_follows_forge(number: str | None, key: str) -> None:
    assert sortable_number(number) == key


def test_parse_row_ignores_the_artist() -> None:
    row = parse_row("86 R Coiling Rebirth @Rovina Cai")
    assert row is not None and (row.number, row.rarity, row.name, row.artist) == ("86", "R", "Coiling Rebirth",
                                                                                  "Rovina Cai")
    assert parse_row("# comment") is None and parse_row("") is None and parse_row("[cards]") is None


OURS = "[metadata]\nCode=TST\n\n[cards]\n5 C Five\n12 U Twelve\n\n[extended art]\n40 R Forty\n"


def test_merge_keeps_crlf_and_adds_missing_section_next_to_kin() -> None:
    existing = "[metadata]\r\nCode=TST\r\n\r\n[cards]\r\n1 C One @A\r\n10 C Ten\r\n\r\n[showcase]\r\n30 R X\r\n" \
               "\r\n[promo]\r\n50 U P\r\n\r\n[tokens]\r\nt\r\n"
    merged = merge_edition(existing, OURS)
    assert merged.text == ("[metadata]\r\nCode=TST\r\n\r\n[cards]\r\n1 C One @A\r\n5 C Five\r\n10 C Ten\r\n"
                           "12 U Twelve\r\n\r\n[showcase]\r\n30 R X\r\n\r\n[extended art]\r\n40 R Forty\r\n\r\n"
                           "[promo]\r\n50 U P\r\n\r\n[tokens]\r\nt\r\n")
    assert merged.added_sections == ["extended art"]


def test_merge_into_a_file_without_final_newline() -> None:
    merged = merge_edition("[metadata]\nCode=TST\n\n[cards]\n1 C One", OURS)
    assert merged.text == ("[metadata]\nCode=TST\n\n[cards]\n1 C One\n5 C Five\n12 U Twelve\n\n"
                           "[extended art]\n40 R Forty\n")


def test_printing_listed_under_another_section_is_not_duplicated() -> None:
    existing = "[cards]\n5 C Five\n12 U Twelve\n\n[borderless]\n40 R Forty @Someone\n"
    assert not merge_edition(existing, OURS).changed


ROW = st.tuples(st.integers(1, 400), st.sampled_from(["", "a", "b"]))
NAMES = st.sampled_from(["Alpha", "Beta", "Gamma Ray", "Delta's Edge", "Epsilon, the Last"])


@st.composite
def edition_pair(draw):
    numbers = draw(st.lists(ROW, min_size=0, max_size=25, unique=True))
    theirs = {f"{n}{s}": draw(NAMES) for n, s in numbers}
    ours_numbers = draw(st.lists(ROW, min_size=1, max_size=15, unique=True))
    ours = {f"{n}{s}": theirs.get(f"{n}{s}", draw(NAMES)) for n, s in ours_numbers}
    artists = draw(st.lists(st.booleans(), min_size=len(theirs), max_size=len(theirs)))
    ordered = sorted(theirs, key=sortable_number)
    existing_rows = [f"{number} C {theirs[number]}" + (" @Some Artist" if artist else "")
                     for number, artist in zip(ordered, artists, strict=True)]
    existing = "[metadata]\nCode=TST\n\n[cards]\n" + "".join(f"{row}\n" for row in existing_rows) + "\n[tokens]\nx\n"
    rendered = "[metadata]\nCode=TST\n\n[cards]\n" + "".join(
        f"{number} C {name}\n" for number, name in sorted(ours.items(), key=lambda item: sortable_number(item[0])))
    return existing, rendered, ours


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edition_pair())
def test_edition_merge_invariants(pair) -> None:
    existing, rendered, ours = pair
    merged = merge_edition(existing, rendered)
    assert not merged.conflicts
    rows = merged.text.split("\n")
    assert is_subsequence(existing.split("\n"), rows), "every existing row is kept, in order"
    parsed = [parse_row(row) for row in rows[rows.index("[cards]") + 1:rows.index("[tokens]")]]
    cards = [row for row in parsed if row is not None]
    assert [sortable_number(c.number) for c in cards] == sorted(sortable_number(c.number) for c in cards)
    assert {(c.number, c.name) for c in cards} >= set(ours.items())
    assert not merge_edition(merged.text, rendered).changed, "a second merge changes nothing"


# ------------------------------------------------------------------------------------- XMage merge unit
CARD_NAMES = st.sampled_from(["Agate Assault", "Blooming Blast", "Desert", "Desert Twister", "Wick's Patrol",
                              "Wick, the Whorled Mind", "Zoraline"])


def set_line(name: str, number: int) -> str:
    cls = "".join(ch for ch in name.title() if ch.isalnum())
    return (f'cards.add(new SetCardInfo("{name}", {number}, Rarity.COMMON, '
            f"mage.cards.{cls[0].lower()}.{cls}.class));")


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(CARD_NAMES, st.integers(1, 400)), unique=True, max_size=12),
       st.lists(st.tuples(CARD_NAMES, st.integers(1, 400)), unique=True, min_size=1, max_size=8))
def test_set_merge_invariants(theirs, ours) -> None:
    existing_rows = sorted(set_line(*entry) for entry in theirs)
    source = XMAGE_SET.replace(registration_rows(XMAGE_SET)[0], "\n        ".join(existing_rows) or "// none")
    for row in registration_rows(XMAGE_SET)[1:]:
        source = source.replace(f"        {row}\n", "")
    cards_txt = "// cardgen: lines\n" + "".join(f"        {set_line(*entry)}\n" for entry in sorted(ours))
    merged = merge_set_lines(source, "Bloomburrow", cards_txt)
    assert not java_errors(merged.text)
    rows = registration_rows(merged.text)
    assert rows == sorted(rows)
    assert is_subsequence(source.split("\n"), merged.text.split("\n"))
    assert set(rows) == set(existing_rows) | {set_line(*entry) for entry in ours}
    assert not merge_set_lines(merged.text, "Bloomburrow", cards_txt).changed


def test_test_sets_are_not_installed_unless_named(tmp_path: Path) -> None:
    """The CGT stand-ins (Grizzly Bears, basic lands, ...) must never overwrite an engine's own cards."""
    from click.testing import CliRunner

    from cardgen.cli import cli

    checkout = tmp_path / "forge"
    (checkout / "forge-gui" / "res" / "cardsfolder").mkdir(parents=True)
    (checkout / "forge-gui" / "res" / "editions").mkdir(parents=True)
    specs = Path(__file__).resolve().parents[1] / "card_specs"
    result = CliRunner().invoke(cli, ["install", "--engine", "forge", "--checkout", str(checkout), str(specs)])
    assert result.exit_code == 0, result.output
    cardsfolder = checkout / "forge-gui" / "res" / "cardsfolder"
    assert (cardsfolder / "b" / "blooming_blast.txt").is_file()
    assert not (cardsfolder / "g" / "grizzly_bears.txt").exists()
    named = CliRunner().invoke(cli, ["install", "--engine", "forge", "--checkout", str(checkout), "--set", "CGT",
                                     str(specs)])
    assert named.exit_code == 0, named.output
    assert (cardsfolder / "g" / "grizzly_bears.txt").is_file()


def test_a_file_differing_only_in_case_is_an_error(tmp_path: Path) -> None:
    """A checkout file that a case-insensitive file system takes for ours (`Bloomingblast.java` beside our
    `BloomingBlast.java`, `bloomburrow.txt` beside `Bloomburrow.txt`) is never written next to or over."""
    root = xmage_checkout(tmp_path, {"Bloomburrow": XMAGE_SET})
    (root / "Mage.Sets/src/mage/cards/b").mkdir(parents=True)
    (root / "Mage.Sets/src/mage/cards/b/Bloomingblast.java").write_text("// theirs\n", encoding="utf-8")
    result = install("--engine", "xmage", "--checkout", str(root), BLAST)
    assert result.exit_code == 1
    assert ("error: Mage.Sets/src/mage/cards/b/BloomingBlast.java: the checkout has `Bloomingblast.java`"
            in result.output)
    assert not (root / "Mage.Sets/src/mage/cards/b/BloomingBlast.java").exists()

    forge = forge_checkout(tmp_path)
    (forge / EDITIONS / "bloomburrow.txt").write_text(FORGE_EDITION.replace("Code=BLB", "Code=XBL"), encoding="utf-8")
    result = install("--engine", "forge", "--checkout", str(forge), BLAST)
    assert result.exit_code == 1
    assert "the checkout has `bloomburrow.txt`" in result.output
