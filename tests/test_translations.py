"""Printed translations: a spec carries the card's official text per language; a bad one (a missing line,
a keyword not as printed, a language no engine reads, text that breaks out of Forge's line) is refused
with its own code, at the place in the file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardgen.diagnostics import Diagnostic
from cardgen.load.specs import load_catalog
from cardgen.model.gift import GIFT_KINDS, printed_keywords
from cardgen.validate import validate_catalog

SET_YAML = "name: Test Set\ncode: TST\nrelease_date: 2024-01-01\ntype: test\n"
GIFT = ("Gift a card (You may promise an opponent a gift as you cast this spell. If you do, they draw a card "
        "before its other effects.)")
DE_GIFT = ("Verschenke eine Karte (Du kannst einem Gegner ein Geschenk versprechen, sowie du diesen Zauberspruch "
           "wirkst. Falls du dies tust, zieht er vor dessen anderen Effekten eine Karte.)")
DE_BODY = "Ein Spieler deiner Wahl zieht eine Karte."


def card(translations: str, *, name: str = "Heist Test", number: int = 1) -> str:
    return (f"name: {name}\nmana_cost: '{{1}}{{B}}'\ntypes: [Sorcery]\ngift: card\nprintings:\n"
            f"  - {{set: TST, number: {number}, rarity: common}}\noracle: |-\n  {GIFT}\n  Target player draws a card.\n"
            "abilities:\n  - kind: spell\n    text: Target player draws a card.\n    effects:\n"
            "      - {effect: draw, who: {target: {player: any}}}\ntranslations:\n" + translations)


def german(*lines: str, language: str = "de-DE", name: str = "Probediebstahl") -> str:
    text = "".join(f"      - {line!r}\n" for line in lines)
    return f"  {language}:\n    name: {name}\n    type_line: Hexerei\n    text:\n{text}"


def validate(tmp_path: Path, *files: tuple[str, str]) -> list[Diagnostic]:
    folder = tmp_path / "tst"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "set.yaml").write_text(SET_YAML, encoding="utf-8")
    for file, text in files:
        (folder / file).write_text(text, encoding="utf-8")
    catalog = load_catalog([folder])
    return [*catalog.diagnostics, *validate_catalog(catalog)]


def codes(found: list[Diagnostic]) -> list[tuple[str, int | None]]:
    return [(d.code, d.location.line if d.location else None) for d in found if d.code.startswith("CG31")]


def test_a_printed_translation_is_accepted(tmp_path: Path) -> None:
    assert validate(tmp_path, ("heist_test.yaml", card(german(DE_GIFT, DE_BODY)))) == []


@pytest.mark.parametrize(("lines", "code"), [
    ((DE_BODY,), "CG311"),                                    # the gift line is missing
    ((DE_GIFT, DE_BODY, "Noch eine Zeile."), "CG311"),        # one line too many
    (("Schenke eine Karte (Du kannst ...)", DE_BODY), "CG312"),  # not the keyword as printed
    (("Verschenkte eine Karte", DE_BODY), "CG312"),           # a longer word is not the keyword
    ((DE_GIFT, DE_BODY + "|Extra"), "CG313"),                 # would end Forge's field
    ((DE_GIFT, DE_BODY + "\\nExtra"), "CG313"),               # Forge's own line break
    ((DE_GIFT, "1—9 VERT Ziehe eine Karte."), "CG313"),       # Forge reads VERT as `|`
])
def test_bad_rules_text_is_refused_with_its_code(tmp_path: Path, lines: tuple[str, ...], code: str) -> None:
    found = codes(validate(tmp_path, ("heist_test.yaml", card(german(*lines)))))
    assert [c for c, _ in found] == [code], found


def test_a_language_the_engines_do_not_read_is_refused(tmp_path: Path) -> None:
    found = validate(tmp_path, ("heist_test.yaml", card(german(DE_GIFT, DE_BODY, language="de"))))
    assert codes(found) == [("CG310", 16)]
    assert "de-DE" in found[0].message


def test_a_name_with_a_pipe_is_refused(tmp_path: Path) -> None:
    found = validate(tmp_path, ("heist_test.yaml", card(german(DE_GIFT, DE_BODY, name="'Probe|diebstahl'"))))
    assert codes(found) == [("CG313", 17)]


def test_two_cards_of_a_set_never_share_a_translated_name(tmp_path: Path) -> None:
    found = validate(tmp_path, ("first_heist.yaml", card(german(DE_GIFT, DE_BODY), name="First Heist")),
                     ("second_heist.yaml", card(german(DE_GIFT, DE_BODY), name="Second Heist", number=2)))
    assert [(d.code, Path(d.location.file).name) for d in found if d.location] == [("CG314", "second_heist.yaml")]


def test_a_keyword_the_table_lacks_is_a_warning(tmp_path: Path) -> None:
    found = validate(tmp_path, ("heist_test.yaml", card(german("선물 카드", "카드를 뽑는다.", language="ko-KR"))))
    assert [(d.code, d.severity) for d in found] == [("CG315", "warning")]


def test_the_keyword_table_is_read_from_printed_cards() -> None:
    table = printed_keywords()
    assert table[("de-DE", "card")] == "Verschenke eine Karte"
    assert table[("es-ES", "card")] == "Regala una carta"
    assert table[("fr-FR", "card")] == "Faites cadeau d'une carte"
    assert table[("it-IT", "card")] == "Dona una carta"
    assert table[("ja-JP", "card")] == "カード１枚を贈呈する"
    assert {kind for _, kind in table} <= set(GIFT_KINDS)


# ------------------------------------------------------------------------------ cardgen new

DATA = Path(__file__).resolve().parent / "data"
ROOT = DATA.parents[1]
TRANSLATION_SAMPLES = {"scryfall": DATA / "translations_scryfall.json", "mtgjson": DATA / "translations_mtgjson.json"}
"""Cruelclaw's Heist in each format: its printing BLB 88 in German, Japanese and Russian (a language no engine
reads), and the showcase printing BLB 310 in German without reminder text (another printing's text)."""


@pytest.mark.parametrize("fmt", sorted(TRANSLATION_SAMPLES))
def test_new_takes_the_printings_translations(tmp_path: Path, fmt: str) -> None:
    from click.testing import CliRunner

    from cardgen.cli import cli

    out = tmp_path / "card_specs"
    (out / "blb").mkdir(parents=True)
    (out / "blb" / "set.yaml").write_text((Path(__file__).resolve().parents[1] / "card_specs" / "blb" / "set.yaml")
                                          .read_text(encoding="utf-8"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["new", "Cruelclaw's Heist", "--set", "BLB", "--data",
                                      str(TRANSLATION_SAMPLES[fmt]), "--out", str(out)],
                                env={"CARDGEN_CARD_DATA": None})
    assert result.exit_code == 0, result.output
    catalog = load_catalog([out])
    assert catalog.diagnostics == [] and validate_catalog(catalog) == []
    [loaded] = catalog.cards
    translations = loaded.card.translations
    assert list(translations) == ["de-DE", "ja-JP"]  # the languages' order; Russian left out
    assert translations["de-DE"].name == "Diebstahl des Hartkratz"
    assert translations["de-DE"].type_line == "Hexerei"
    assert translations["de-DE"].text[0].startswith("Verschenke eine Karte (Du kannst")  # BLB 88's, not 310's
    assert translations["ja-JP"].text[1].startswith("対戦相手１人を対象とする。")
    shipped = load_catalog([Path(__file__).resolve().parents[1] / "card_specs" / "blb" / "cruelclaws_heist.yaml"])
    for language, translation in translations.items():
        assert shipped.cards[0].card.translations[language] == translation


# ------------------------------------------------------------------------------ Forge's files

FORGE_FILES = DATA / "forge_cardnames"
HEIST = Path(__file__).resolve().parents[1] / "card_specs" / "blb" / "cruelclaws_heist.yaml"
LANGUAGES = Path("forge-gui/res/languages")


def forge_checkout(tmp_path: Path, files: dict[str, bytes]) -> Path:
    root = tmp_path / "forge"
    (root / "forge-gui/res/cardsfolder").mkdir(parents=True)
    (root / LANGUAGES).mkdir(parents=True)
    for name, data in files.items():
        (root / LANGUAGES / name).write_bytes(data)
    return root


def install(*args: str) -> Any:
    from click.testing import CliRunner

    from cardgen.cli import cli

    return CliRunner().invoke(cli, ["install", "--engine", "forge", *args])


def without_heist(data: bytes) -> bytes:
    return b"".join(line for line in data.splitlines(keepends=True) if not line.startswith(b"Cruelclaw's Heist|"))


@pytest.mark.parametrize("language", ["de-DE", "it-IT", "ja-JP"])
def test_install_gives_forges_own_file_back(tmp_path: Path, language: str) -> None:
    """Forge's lines around the card, less the card's: installing the shipped card puts its line back where
    Forge has it (by English name in de-DE and it-IT, by the whole line in ja-JP), every byte as Forge's."""
    forge = (FORGE_FILES / f"cardnames-{language}.txt").read_bytes()
    root = forge_checkout(tmp_path, {f"cardnames-{language}.txt": without_heist(forge)})
    result = install("--checkout", str(root), str(HEIST))
    assert result.exit_code == 0, result.output
    assert f"updated: {LANGUAGES}/cardnames-{language}.txt (+1 translation lines)" in result.output
    assert (root / LANGUAGES / f"cardnames-{language}.txt").read_bytes() == forge
    assert (root / LANGUAGES / "cardnames-es-ES.txt").read_text(encoding="utf-8").startswith(
        "Cruelclaw's Heist|Robo de Garravil|Conjuro|Regala una carta.\\n")  # no file yet: created
    again = install("--checkout", str(root), str(HEIST))
    assert again.exit_code == 0 and f"unchanged: {LANGUAGES}/cardnames-{language}.txt" in again.output


def test_a_differing_line_is_refused_then_replaced_with_force(tmp_path: Path) -> None:
    forge = (FORGE_FILES / "cardnames-de-DE.txt").read_bytes()
    theirs = forge.replace(b"Diebstahl des Hartkratz", b"Hartkratz' Diebstahl")
    root = forge_checkout(tmp_path, {"cardnames-de-DE.txt": theirs})
    before = {p.name: p.read_bytes() for p in (root / LANGUAGES).iterdir()}
    refused = install("--checkout", str(root), str(HEIST))
    assert refused.exit_code == 1, refused.output
    assert "1 conflicting translation lines: Cruelclaw's Heist" in refused.output
    assert {p.name: p.read_bytes() for p in (root / LANGUAGES).iterdir()} == before  # nothing written
    forced = install("--checkout", str(root), "--force", str(HEIST))
    assert forced.exit_code == 0, forced.output
    assert (root / LANGUAGES / "cardnames-de-DE.txt").read_bytes() == forge


def test_line_ends_and_other_lines_are_kept(tmp_path: Path) -> None:
    """A file with CRLF line ends, a byte order mark and no final line end keeps all three; its other
    lines, even one out of order, stay as they are, and the new line goes after the greatest line before it."""
    lines = ["Abc|A||", "Zzz Misplaced|Z||", "Bcd|B||", "Crumb and Get It|Zerbrösel's und hol's dir|Spontanzauber|x"]
    root = forge_checkout(tmp_path, {"cardnames-de-DE.txt": ("\ufeff" + "\r\n".join(lines)).encode("utf-8")})
    result = install("--checkout", str(root), str(HEIST))
    assert result.exit_code == 0, result.output
    text = (root / LANGUAGES / "cardnames-de-DE.txt").read_bytes().decode("utf-8")
    assert text.startswith("\ufeffAbc|A||\r\nZzz Misplaced|Z||\r\nBcd|B||\r\nCruelclaw's Heist|Diebstahl des ")
    assert text.endswith("\r\nCrumb and Get It|Zerbrösel's und hol's dir|Spontanzauber|x")


@pytest.mark.parametrize(("lines", "order", "place"), [
    (["Crush|a||", "Crush Contraband|b||", "Crux of Fate|c||"], "name", 2),
    (["Crush Contraband|b||", "Crush|a||", "Crux of Fate|c||"], "line", 1),  # `Crush Dissent|` < `Crush|`
])
def test_a_new_line_goes_where_the_files_order_puts_it(lines: list[str], order: str, place: int) -> None:
    from cardgen.engines.forge.cardnames import merge_lines, order_of

    assert order_of(lines) == order
    merged = merge_lines(lines, ["Crush Dissent|d||"], force=False)
    assert merged.lines == [*lines[:place], "Crush Dissent|d||", *lines[place:]]
    assert merged.outcome == {"Crush Dissent": "added"}


def test_the_export_writes_a_file_per_language(shipped_export: Path) -> None:
    folder = shipped_export / "forge" / "languages"
    assert sorted(p.name for p in folder.iterdir()) == [
        "cardnames-de-DE.txt", "cardnames-es-ES.txt", "cardnames-fr-FR.txt", "cardnames-it-IT.txt",
        "cardnames-ja-JP.txt"]
    for language in ("de-DE", "it-IT", "ja-JP"):  # every card of Forge's excerpt that we export: the same line
        forge = {line.split("|", 1)[0]: line
                 for line in (FORGE_FILES / f"cardnames-{language}.txt").read_text(encoding="utf-8").splitlines()}
        ours = (folder / f"cardnames-{language}.txt").read_text(encoding="utf-8").splitlines()
        shared = [line for line in ours if line.split("|", 1)[0] in forge]
        assert shared and all(forge[line.split("|", 1)[0]] == line for line in shared), language



def _translations_page() -> Any:
    from test_docs import _refresh  # docs/refresh.py, which writes docs/translations.md

    return _refresh()

def test_every_line_that_differs_from_forges_own_is_explained() -> None:
    refresh = _translations_page()
    assert [row for row in refresh.difference_rows() if not row[3]] == []
    commits = {line.split("\t")[0] for line in (FORGE_FILES / "shipped" / "commits.tsv").read_text().splitlines()}
    exported = {p.name[len("cardnames-"):-len(".txt")] for p in (ROOT / "output" / "forge" / "languages").iterdir()}
    assert exported <= commits  # every language cardgen writes is compared with a file of Forge's


def test_a_changed_line_shows_where_it_differs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    refresh = _translations_page()
    forge, ours = tmp_path / "forge", tmp_path / "ours"
    forge.mkdir(), ours.mkdir()
    (forge / "commits.tsv").write_text("de-DE\t" + "a" * 40 + "\n", encoding="utf-8")
    (forge / "differences.tsv").write_text("de-DE\tB\tforge\tits second line is an older wording\n",
                                           encoding="utf-8")
    (forge / "cardnames-de-DE.txt").write_text("A|Ah|Typ|x\\ny\nB|Be|Typ|x\\nalt\nC|Ce|Typ|z\n", encoding="utf-8")
    (ours / "cardnames-de-DE.txt").write_text("A|Ah|Typ|x\\ny\nB|Be|Typ|x\\nneu\nD|De|Typ|w\n", encoding="utf-8")
    monkeypatch.setattr(refresh, "FORGE_LINES", forge)
    monkeypatch.setattr(refresh, "OUR_LINES", ours)
    assert refresh.difference_rows() == [
        ("de-DE", "B", "differs in the rules text, line 2", "forge's error: its second line is an older wording"),
        ("de-DE", "C", "Forge has a line, the spec no translation", ""),
        ("de-DE", "D", "Forge's file has no line", "an addition: `cardgen install` adds it")]
    assert "| de-DE | `aaaaaaaaaa` | 3 | 1 | 1 | 1 | 1 |" in refresh.forge_translations()
