"""Printed translations: a spec carries the card's official text per language; a bad one (a missing line,
a keyword not as printed, a language no engine reads, text that breaks out of Forge's line) is refused
with its own code, at the place in the file."""

from __future__ import annotations

from pathlib import Path

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
