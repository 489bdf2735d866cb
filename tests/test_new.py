"""`cardgen new`: a spec scaffolded from Scryfall bulk data or MTGJSON carries the printed facts exactly,
loads as a spec, and never overwrites or duplicates a card by accident.

The card data files are tiny hand-written samples in `tests/data/` with the real formats' fields:
a gift card with two printings in one set (Coiling Rebirth), a gift creature (Scrapshooter), a card with
a promo reprint (Into the Flood Maw), a vanilla creature in two sets (Grizzly Bears), a unicode name
(Lórien Revealed), and an adventure card (Brazen Borrower) that the spec format does not describe.
"""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
import shutil
import zipfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner, Result
from examples import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.canonical import meaning_diff
from cardgen.cli import cli
from cardgen.load.specs import load_catalog
from cardgen.model.card import Card
from cardgen.model.derive import ability_text
from cardgen.model.gift import GIFT_KINDS, gift_lines
from cardgen.naming import slug
from cardgen.scaffold.build import Scaffold, detect_gift
from cardgen.scaffold.emit import SPEC_KEYS, EmitError, scalar, spec_yaml
from cardgen.scaffold.jsonstream import JsonFormatError, JsonStream
from cardgen.scaffold.sources import CardDataError, find_printings

REPO = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "data"
SCRYFALL = DATA / "scryfall_sample.json"
MTGJSON = DATA / "mtgjson_sample.json"
SAMPLES = {"scryfall": SCRYFALL, "mtgjson": MTGJSON}


def run(*args: str, env: dict[str, str | None] | None = None) -> Result:
    return CliRunner().invoke(cli, ["new", *args], env={"CARDGEN_CARD_DATA": None, **(env or {})})


def raw_printings(fmt: str, name: str) -> list[dict[str, Any]]:
    """The sample's own records for `name` (English only), read without the code under test, as
    {name, mana_cost, type_line parts, pt, oracle, set, number, rarity}."""
    document = json.loads(SAMPLES[fmt].read_text(encoding="utf-8"))
    found = []
    if fmt == "scryfall":
        for card in document:
            if card["name"] == name and card["lang"] == "en":
                left, _, right = card["type_line"].partition(" — ")
                pt = f"{card['power']}/{card['toughness']}" if "power" in card else None
                found.append({"mana_cost": card["mana_cost"], "types": left.split(), "subtypes": right.split(),
                              "pt": pt, "oracle": card["oracle_text"], "set": card["set"].upper(),
                              "number": card["collector_number"], "rarity": card["rarity"]})
    else:
        for set_data in document["data"].values():
            for card in set_data["cards"]:
                if card["name"] == name:
                    pt = f"{card['power']}/{card['toughness']}" if "power" in card else None
                    found.append({"mana_cost": card["manaCost"], "types": card["types"],
                                  "subtypes": card["subtypes"], "pt": pt, "oracle": card.get("text", ""),
                                  "set": card["setCode"], "number": card["number"], "rarity": card["rarity"]})
    return found


def load_one(out: Path, path: Path) -> Card:
    catalog = load_catalog([out])
    assert catalog.diagnostics == []
    [loaded] = [c for c in catalog.cards if c.path.resolve() == path.resolve()]
    return loaded.card


# ------------------------------------------------------------------------------ printed fields


@pytest.mark.parametrize("fmt", sorted(SAMPLES))
@pytest.mark.parametrize(
    ("name", "set_code", "folder", "file_name"),
    [
        ("Coiling Rebirth", "BLB", "blb", "coiling_rebirth.yaml"),
        ("Scrapshooter", "BLB", "blb", "scrapshooter.yaml"),
        ("Lórien Revealed", "LTR", "ltr", "lorien_revealed.yaml"),
        ("Grizzly Bears", "10E", "10e", "grizzly_bears.yaml"),
    ],
)
def test_scaffold_loads_and_carries_the_printed_fields(
    tmp_path: Path, fmt: str, name: str, set_code: str, folder: str, file_name: str
) -> None:
    out = tmp_path / "card_specs"
    result = run(name, "--set", set_code, "--data", str(SAMPLES[fmt]), "--out", str(out))
    assert result.exit_code == 0, result.output
    path = out / folder / file_name
    assert file_name == f"{slug(name)}.yaml"
    card = load_one(out, path)

    source = [p for p in raw_printings(fmt, name) if p["set"] == set_code]
    first = source[0]
    assert card.name == name
    assert str(card.mana_cost) == first["mana_cost"]
    assert card.types == first["types"]
    assert card.subtypes == first["subtypes"]
    assert card.pt == first["pt"]
    assert card.oracle == first["oracle"]
    drafted = [getattr(ability, "text", None) or ability_text(ability) for ability in card.abilities]
    assert set(drafted) <= set(card.oracle.split("\n"))  # each drafted ability is one oracle line
    assert sorted((p.set, p.number, p.rarity) for p in card.printings) == sorted(
        (p["set"], p["number"], p["rarity"]) for p in source
    )
    set_info = load_catalog([out]).sets[set_code]
    assert set_info.info.code == set_code


@pytest.mark.parametrize("fmt", sorted(SAMPLES))
@pytest.mark.parametrize("name", ["Coiling Rebirth", "Scrapshooter", "Into the Flood Maw"])
def test_scaffold_matches_the_shipped_spec(tmp_path: Path, fmt: str, name: str) -> None:
    """The printed fields equal the hand-written spec, including the showcase variant and the PW26 reprint
    (listed because the project has a set.yaml for PW26), and the drafted abilities mean the same."""
    out = tmp_path / "card_specs"
    for code in ("blb", "pw26"):
        (out / code).mkdir(parents=True)
        shutil.copy(REPO / "card_specs" / code / "set.yaml", out / code / "set.yaml")
    result = run(name, "--set", "BLB", "--data", str(SAMPLES[fmt]), "--out", str(out))
    assert result.exit_code == 0, result.output
    scaffolded = load_one(out, out / "blb" / f"{slug(name)}.yaml")
    shipped = load_catalog([REPO / "card_specs" / "blb" / f"{slug(name)}.yaml"]).cards[0].card
    # the samples hold English objects only; translations have their own data (tests/test_translations.py)
    assert scaffolded.model_dump(exclude={"abilities", "translations"}) == \
        shipped.model_dump(exclude={"abilities", "translations"})
    assert meaning_diff(scaffolded, shipped, ("draft", "shipped")) == []


def test_gift_kind_is_detected_and_gift_line_not_drafted(tmp_path: Path) -> None:
    out = tmp_path / "specs"
    result = run("Coiling Rebirth", "--set", "BLB", "--data", str(SCRYFALL), "--out", str(out))
    assert result.exit_code == 0, result.output
    text = (out / "blb" / "coiling_rebirth.yaml").read_text(encoding="utf-8")
    assert "\ngift: card\n" in text
    abilities = text.split("abilities:\n", 1)[1]
    assert "    text: Return target creature card from your graveyard" in abilities
    assert "Gift a card" not in abilities
    assert "derived from `gift: card`" in abilities


@pytest.mark.parametrize("kind", sorted(GIFT_KINDS))
@pytest.mark.parametrize("permanent", [True, False])
def test_detect_gift_every_kind_and_reminder(kind: str, permanent: bool) -> None:
    for line in gift_lines(kind, permanent):  # type: ignore[arg-type]
        assert detect_gift(f"{line}\nDraw a card.") == (kind, line)


@pytest.mark.parametrize("oracle", ["", "Flying", "Gift of the Ancients", "Draw a card.\nGift a card (...)"])
def test_detect_gift_only_on_a_first_gift_line(oracle: str) -> None:
    assert detect_gift(oracle) == (None, None)


def test_keyword_and_trigger_lines_are_drafted(tmp_path: Path) -> None:
    result = run("Scrapshooter", "--data", str(MTGJSON), "--out", str(tmp_path), "--dry-run")
    assert result.exit_code == 0, result.output
    assert "\n  - {kind: keyword, keyword: reach}\n" in result.stdout
    assert "\n  - kind: triggered\n    text: When this creature enters" in result.stdout
    assert "    intervening_if: promised\n" in result.stdout


# --------------------------------------------------------------------------------- file layout


def test_layout_is_deterministic_and_readable(tmp_path: Path) -> None:
    out = tmp_path / "specs"
    assert run("Scrapshooter", "--set", "BLB", "--data", str(SCRYFALL), "--out", str(out)).exit_code == 0
    path = out / "blb" / "scrapshooter.yaml"
    first = path.read_bytes()
    assert run("Scrapshooter", "--set", "BLB", "--data", str(SCRYFALL), "--out", str(out), "--force").exit_code == 0
    assert path.read_bytes() == first
    assert b"\r" not in first and first.endswith(b"\n")
    text = first.decode("utf-8")
    keys = [line.split(":", 1)[0] for line in text.splitlines() if line and line[0].isalpha()]
    assert keys == [key for key in SPEC_KEYS if key in keys]
    assert keys == ["name", "mana_cost", "types", "subtypes", "pt", "gift", "printings", "oracle", "abilities"]
    assert "mana_cost: '{1}{G}{G}'\n" in text
    assert "oracle: |-\n  Gift a card (" in text
    assert (
        "printings:\n"
        "  - {set: BLB, number: 191, rarity: rare}\n"
        "  - {set: BLB, number: 324, rarity: rare, variant: showcase}\n"
    ) in text


def test_every_field_of_a_drafted_ability_is_written() -> None:
    """An ability's fields beyond the usual ones (a mana ability's `mana`, an activated ability's `timing`,
    a field of a kind the layout does not know) are written and read back, never dropped."""
    abilities = [
        {"kind": "activated", "text": "{T}: Add one mana of any color.", "cost": {"tap": True}, "mana": "any_color"},
        {"kind": "activated", "text": "{1}, {T}: Untap target creature. Activate only as a sorcery.",
         "cost": {"mana": "{1}", "tap": True},
         "effects": [{"effect": "untap", "what": {"target": {"types": ["creature"]}}}], "timing": "sorcery"},
        {"kind": "activated", "text": "{T}: Draw a card.", "cost": {"tap": True},
         "effects": [{"effect": "draw"}], "a_later_field": "a value"},
    ]
    spec = {"name": "Test Relic", "mana_cost": "{2}", "types": ["Artifact"],
            "printings": [{"set": "TST", "number": "1", "rarity": "common"}],
            "oracle": "\n".join(a["text"] for a in abilities), "abilities": abilities}
    text = spec_yaml(Scaffold(spec=spec, todo=[], gift_line=None), "a test")
    assert yaml.safe_load(text)["abilities"] == abilities
    assert "    mana: any_color\n" in text and text.index("timing: sorcery") > text.index("effect: untap")


def test_unicode_name_is_written_as_is(tmp_path: Path) -> None:
    result = run("Lórien Revealed", "--data", str(MTGJSON), "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    text = (tmp_path / "ltr" / "lorien_revealed.yaml").read_text(encoding="utf-8")
    assert "\nname: Lórien Revealed\n" in text


def test_forgiving_name_match(tmp_path: Path) -> None:
    """Case, accents and curly apostrophes do not matter when the exact name is not found."""
    result = run("lorien  REVEALED", "--data", str(SCRYFALL), "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert load_one(tmp_path, tmp_path / "ltr" / "lorien_revealed.yaml").name == "Lórien Revealed"


def test_set_yaml_written_from_each_format(tmp_path: Path) -> None:
    for fmt, path in SAMPLES.items():
        out = tmp_path / fmt
        assert run("Lórien Revealed", "--data", str(path), "--out", str(out)).exit_code == 0
        info = load_catalog([out]).sets["LTR"].info
        assert (info.name, str(info.release_date), info.type) == (
            "The Lord of the Rings: Tales of Middle-earth", "2023-06-23", "expansion")


def test_existing_set_yaml_is_kept(tmp_path: Path) -> None:
    (tmp_path / "blb").mkdir()
    mine = "# mine\nname: Bloomburrow\ncode: BLB\nrelease_date: 2024-08-02\ntype: expansion\n"
    (tmp_path / "blb" / "set.yaml").write_text(mine, encoding="utf-8")
    assert run("Coiling Rebirth", "--set", "blb", "--data", str(SCRYFALL), "--out", str(tmp_path)).exit_code == 0
    assert (tmp_path / "blb" / "set.yaml").read_text(encoding="utf-8") == mine


def test_other_sets_without_set_yaml_are_reported_not_listed(tmp_path: Path) -> None:
    result = run("Coiling Rebirth", "--set", "BLB", "--data", str(SCRYFALL), "--out", str(tmp_path))
    assert result.exit_code == 0
    assert "also printed in PBLB" in result.stderr
    card = load_one(tmp_path, tmp_path / "blb" / "coiling_rebirth.yaml")
    assert {p.set for p in card.printings} == {"BLB"}


def test_dry_run_writes_nothing(tmp_path: Path) -> None:
    result = run("Coiling Rebirth", "--set", "BLB", "--data", str(MTGJSON), "--out", str(tmp_path), "--dry-run")
    assert result.exit_code == 0
    assert list(tmp_path.iterdir()) == []
    assert Card.model_validate(yaml.safe_load(result.stdout)).name == "Coiling Rebirth"


# ------------------------------------------------------------------------------- overwriting


def test_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    args = ("Coiling Rebirth", "--set", "BLB", "--data", str(SCRYFALL), "--out", str(tmp_path))
    assert run(*args).exit_code == 0
    path = tmp_path / "blb" / "coiling_rebirth.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "# my work\n", encoding="utf-8")
    edited = path.read_bytes()
    again = run(*args)
    assert again.exit_code == 1
    assert "--force" in again.stderr and "Traceback" not in again.output
    assert path.read_bytes() == edited
    forced = run(*args, "--force")
    assert forced.exit_code == 0
    assert "overwrote" in forced.stdout
    assert b"# my work" not in path.read_bytes()


def test_dry_run_prints_even_when_the_spec_exists(tmp_path: Path) -> None:
    args = ("Coiling Rebirth", "--set", "BLB", "--data", str(SCRYFALL), "--out", str(tmp_path))
    assert run(*args).exit_code == 0
    path = tmp_path / "blb" / "coiling_rebirth.yaml"
    before = path.read_bytes()
    shown = run(*args, "--dry-run")
    assert shown.exit_code == 0, shown.output
    assert shown.stdout.encode() == before and path.read_bytes() == before
    assert "without --dry-run" in shown.stderr and "--force" in shown.stderr


def test_nothing_drafted_leaves_a_placeholder_that_reads_as_yaml_uncommented(tmp_path: Path) -> None:
    """A card whose only line the drafter cannot read: the file loads as it is (no ability), and with the
    placeholder's `# ` removed it is still YAML with the ability in place."""
    cards = [dict(json.loads(SCRYFALL.read_text(encoding="utf-8"))[-3], name="Odd Bear",
                  oracle_text="Whenever the moon is full: you win, maybe.")]
    data = tmp_path / "cards.json"
    data.write_text(json.dumps(cards), encoding="utf-8")
    result = run("Odd Bear", "--data", str(data), "--out", str(tmp_path / "out"), "--dry-run")
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "abilities: []" not in text and "TODO" in text
    assert "abilities" not in yaml.safe_load(text)
    uncommented = "\n".join(line.replace("# ", "", 1) if line.lstrip().startswith("#   ") or
                            line.startswith("# abilities:") else line for line in text.splitlines())
    [ability] = yaml.safe_load(uncommented)["abilities"]
    assert ability["text"] == "Whenever the moon is full: you win, maybe."
    assert ability["kind"] and ability.get("effects", [{}])[0].get("effect", "draw")


def test_refuses_a_second_spec_of_the_same_card_in_another_set(tmp_path: Path) -> None:
    (tmp_path / "pw26").mkdir()
    (tmp_path / "pw26" / "into_the_flood_maw.yaml").write_text("name: Into the Flood Maw\n", encoding="utf-8")
    for extra in ((), ("--force",)):
        result = run("Into the Flood Maw", "--set", "BLB", "--data", str(MTGJSON), "--out", str(tmp_path), *extra)
        assert result.exit_code == 1
        assert "already has a spec" in result.stderr
    assert not (tmp_path / "blb" / "into_the_flood_maw.yaml").exists()


# ------------------------------------------------------------------------------------ errors


@pytest.mark.parametrize("fmt", sorted(SAMPLES))
def test_unknown_name_suggests_close_names(tmp_path: Path, fmt: str) -> None:
    result = run("Grizly Bear", "--data", str(SAMPLES[fmt]), "--out", str(tmp_path))
    assert result.exit_code == 1
    assert "Did you mean: Grizzly Bears?" in result.stderr
    assert "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []


def test_unknown_name_without_close_match(tmp_path: Path) -> None:
    result = run("Zzyzx Qwerty", "--data", str(SCRYFALL), "--out", str(tmp_path))
    assert result.exit_code == 1
    assert "no card named 'Zzyzx Qwerty'" in result.stderr and "Did you mean" not in result.stderr


def test_several_sets_need_set(tmp_path: Path) -> None:
    result = run("Grizzly Bears", "--data", str(SCRYFALL), "--out", str(tmp_path))
    assert result.exit_code == 2
    assert "10E, LEA" in result.output


def test_set_without_that_printing(tmp_path: Path) -> None:
    result = run("Grizzly Bears", "--set", "BLB", "--data", str(SCRYFALL), "--out", str(tmp_path))
    assert result.exit_code == 1
    assert "printed in 10E, LEA" in result.stderr


@pytest.mark.parametrize("bad_set", ["B!", "X", "TOOLONGX"])
def test_malformed_set_code_is_usage_error(tmp_path: Path, bad_set: str) -> None:
    assert run("Grizzly Bears", "--set", bad_set, "--data", str(SCRYFALL), "--out", str(tmp_path)).exit_code == 2


def test_no_data_is_usage_error(tmp_path: Path) -> None:
    result = run("Grizzly Bears", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert "CARDGEN_CARD_DATA" in result.output


def test_data_from_environment(tmp_path: Path) -> None:
    result = run("Lórien Revealed", "--out", str(tmp_path), env={"CARDGEN_CARD_DATA": str(MTGJSON)})
    assert result.exit_code == 0, result.output
    assert (tmp_path / "ltr" / "lorien_revealed.yaml").is_file()


def test_default_out_is_card_specs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert run("Lórien Revealed", "--data", str(SCRYFALL)).exit_code == 0
    assert (tmp_path / "card_specs" / "ltr" / "lorien_revealed.yaml").is_file()


def test_multiface_card_is_refused(tmp_path: Path) -> None:
    result = run("Brazen Borrower", "--data", str(SCRYFALL), "--out", str(tmp_path))
    assert result.exit_code == 1
    assert "single-faced" in result.stderr


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "not JSON"),
        (b"not json at all", "not JSON"),
        (b"[{\"name\": \"Grizzly Bears\",", "not valid JSON"),
        (b"{\"meta\": {}}", "no `data` field"),
        (b"{\"data\": 3}", "neither"),
        (b"[1, 2]", "array of card objects"),
        (b"\xff\xfe\x00garbage", "cannot read"),
        (json.dumps({"meta": {}, "data": {"Grizzly Bears": [{"name": "Grizzly Bears"}]}}).encode(), "AtomicCards"),
        (b"[] trailing", "after the JSON value"),
        (b'{"meta": {}, "data": [{"code": "BLB", "name": "Bloomburrow"}]}', "array of card objects"),  # SetList
        (b'{"meta": {}, "data": {"0a1b": {"name": "Grizzly Bears", "setCode": "10E"}}}', "no printings"),
        (gzip.compress(b"[" * 100, mtime=0)[:20], "cannot read"),  # truncated download
    ],
)
def test_bad_data_file_exits_1(tmp_path: Path, content: bytes, message: str) -> None:
    bad = tmp_path / "cards.json"
    bad.write_bytes(content)
    result = run("Grizzly Bears", "--data", str(bad), "--out", str(tmp_path / "out"))
    assert result.exit_code == 1, result.output
    assert message in result.stderr
    assert "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_missing_data_file_exits_1(tmp_path: Path) -> None:
    result = run("Grizzly Bears", "--data", str(tmp_path / "nope.json"), "--out", str(tmp_path))
    assert result.exit_code == 1
    assert "not found" in result.stderr


def test_unsupported_collector_number_is_left_out(tmp_path: Path) -> None:
    cards = json.loads(SCRYFALL.read_text(encoding="utf-8"))
    star = dict(next(c for c in cards if c["name"] == "Lórien Revealed"), collector_number="60★")
    data = tmp_path / "cards.json"
    data.write_text(json.dumps([*cards, star]), encoding="utf-8")
    result = run("Lórien Revealed", "--data", str(data), "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert "LTR 60★" in result.stderr
    card = load_one(tmp_path / "out", tmp_path / "out" / "ltr" / "lorien_revealed.yaml")
    assert [p.number for p in card.printings] == ["60"]


def test_card_the_spec_format_cannot_express(tmp_path: Path) -> None:
    cards = [dict(json.loads(SCRYFALL.read_text(encoding="utf-8"))[-3], name="Odd Bear",
                  type_line="Conspiracy", power=None, toughness=None)]
    data = tmp_path / "cards.json"
    data.write_text(json.dumps(cards), encoding="utf-8")
    result = run("Odd Bear", "--data", str(data), "--out", str(tmp_path / "out"))
    assert result.exit_code == 1
    assert "cannot express" in result.stderr and "types.0" in result.stderr


# --------------------------------------------------------------------------- format detection


def _scryfall_list(tmp: Path) -> Path:
    path = tmp / "search.json"
    cards = json.loads(SCRYFALL.read_text(encoding="utf-8"))
    path.write_text(json.dumps({"object": "list", "total_cards": len(cards), "has_more": False, "data": cards}),
                    encoding="utf-8")
    return path


def _mtgjson_set_file(tmp: Path) -> Path:
    path = tmp / "BLB.json"
    document = json.loads(MTGJSON.read_text(encoding="utf-8"))
    path.write_text(json.dumps({"meta": document["meta"], "data": document["data"]["BLB"]}), encoding="utf-8")
    return path


def _compressed(tmp: Path, source: Path, kind: str) -> Path:
    raw = source.read_bytes()
    path = tmp / f"renamed-{kind}.data"  # the format is read from the content, not the name
    if kind == "gzip":
        path.write_bytes(gzip.compress(raw))
    elif kind == "xz":
        path.write_bytes(lzma.compress(raw))
    elif kind == "bz2":
        path.write_bytes(bz2.compress(raw))
    else:
        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr(source.name, raw)
    return path


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (lambda tmp: SCRYFALL, "scryfall"),
        (lambda tmp: MTGJSON, "mtgjson"),
        (_scryfall_list, "scryfall"),
        (_mtgjson_set_file, "mtgjson"),
        (lambda tmp: _compressed(tmp, MTGJSON, "gzip"), "mtgjson"),
        (lambda tmp: _compressed(tmp, SCRYFALL, "bz2"), "scryfall"),
        (lambda tmp: _compressed(tmp, MTGJSON, "zip"), "mtgjson"),
        (lambda tmp: _compressed(tmp, SCRYFALL, "xz"), "scryfall"),
    ],
)
def test_format_is_detected_from_content(tmp_path: Path, make: Any, expected: str) -> None:
    lookup = find_printings(make(tmp_path), "Coiling Rebirth")
    assert lookup.format == expected
    assert sorted(p.number for p in lookup.printings if p.set_code == "BLB") == ["309", "86"]
    assert {p.variant for p in lookup.printings if p.number == "309"} == {"showcase"}
    assert "Coiling Rebirth" in lookup.names


def test_non_english_printings_are_ignored() -> None:
    lookup = find_printings(SCRYFALL, "Coiling Rebirth")
    assert sorted((p.set_code, p.number) for p in lookup.printings) == [("BLB", "309"), ("BLB", "86"), ("PBLB", "86p")]


def test_zip_with_several_files_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "two.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("a.json", "[]")
        archive.writestr("b.json", "[]")
    with pytest.raises(CardDataError, match="exactly one JSON file"):
        find_printings(path, "Grizzly Bears")


# --------------------------------------------------------------------------- streaming reader

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=5), children, max_size=4),
    max_leaves=12,
)


class _Reader:
    """A text handle over a string (io.StringIO would do; this one also counts reads)."""

    def __init__(self, text: str) -> None:
        self.text, self.pos = text, 0

    def read(self, size: int) -> str:
        chunk = self.text[self.pos:self.pos + size]
        self.pos += len(chunk)
        return chunk


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(json_values, max_size=6), st.integers(min_value=1, max_value=16), st.booleans())
def test_stream_decodes_arrays_like_json_loads(items: list[Any], chunk: int, pretty: bool) -> None:
    text = json.dumps(items, indent=1 if pretty else None, ensure_ascii=False)
    stream = JsonStream(_Reader(text), chunk=chunk)  # type: ignore[arg-type]
    assert list(stream.values()) == json.loads(text)
    stream.end()


@settings(max_examples=examples(100), deadline=None)
@given(st.dictionaries(st.text(max_size=6), json_values, max_size=5), st.integers(min_value=1, max_value=16))
def test_stream_walks_objects_and_skips_values(document: dict[str, Any], chunk: int) -> None:
    text = json.dumps(document, ensure_ascii=False)
    stream = JsonStream(_Reader(text), chunk=chunk)  # type: ignore[arg-type]
    seen = {}
    for index, key in enumerate(stream.object()):
        if index % 2 == 0:
            seen[key] = stream.value()  # odd keys left unconsumed: the walker skips them
    stream.end()
    assert seen == {key: value for index, (key, value) in enumerate(document.items()) if index % 2 == 0}


def test_stream_reports_invalid_json_with_offset() -> None:
    stream = JsonStream(_Reader('[{"a": 1}, {"a": tru}]'), chunk=4)  # type: ignore[arg-type]
    with pytest.raises(JsonFormatError, match="invalid JSON"):
        list(stream.values())


# -------------------------------------------------------------------------------- YAML scalars


@settings(max_examples=examples(300), deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r"), min_size=1),
       st.booleans())
def test_scalars_read_back_unchanged_or_are_refused(text: str, flow: bool) -> None:
    try:
        written = scalar(text, flow=flow)
    except EmitError:
        return
    document = f"k: [{written}]\n" if flow else f"k: {written}\n"
    loaded = yaml.safe_load(document)["k"]
    assert (loaded[0] if flow else loaded) == text


@pytest.mark.parametrize("word", ["Yes", "no", "null", "~", "1996", "0x10", "- Lead", "A: B", "#1", "'quoted'"])
def test_yaml_lookalike_names_are_quoted(word: str) -> None:
    assert yaml.safe_load(f"k: {scalar(word)}\n")["k"] == word


# ----------------------------------------------------------------------------- hostile data files


def _scryfall_card(**fields: Any) -> dict[str, Any]:
    card = {"object": "card", "name": "Grizzly Bears", "lang": "en", "layout": "normal", "mana_cost": "{1}{G}",
            "type_line": "Creature \u2014 Bear", "oracle_text": "", "power": "2", "toughness": "2", "set": "10e",
            "set_name": "Tenth Edition", "collector_number": "268", "rarity": "common", "released_at": "2007-07-13",
            "set_type": "core"}
    card.update(fields)
    return card


@pytest.mark.parametrize("fields", [
    {"type_line": 5}, {"frame_effects": 5}, {"card_faces": "x"}, {"layout": ["token"]}, {"name": ["x"]},
    {"collector_number": {"a": 1}}, {"oracle_text": None}, {"set": 10}, {"promo": "yes"}, {"lang": ["en"]},
])
def test_wrongly_typed_scryfall_fields_are_no_traceback(tmp_path: Path, fields: dict[str, Any]) -> None:
    data = tmp_path / "cards.json"
    data.write_text(json.dumps([_scryfall_card(**fields)]), encoding="utf-8")
    result = run("Grizzly Bears", "--data", str(data), "--out", str(tmp_path / "out"), "--dry-run")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output


@pytest.mark.parametrize("fields", [
    {"types": "Creature"}, {"supertypes": 3}, {"subtypes": [1, 2]}, {"frameEffects": 1}, {"name": 3},
])
def test_wrongly_typed_mtgjson_fields_are_no_traceback(tmp_path: Path, fields: dict[str, Any]) -> None:
    card = {"name": "Grizzly Bears", "manaCost": "{1}{G}", "types": ["Creature"], "subtypes": ["Bear"],
            "supertypes": [], "power": "2", "toughness": "2", "text": "", "setCode": "10E", "number": "268",
            "rarity": "common", **fields}
    document = {"meta": {}, "data": {"10E": {"code": "10E", "name": "Tenth Edition", "cards": [card, 5, "x"]},
                                     "XYZ": {"cards": 3}}}
    data = tmp_path / "cards.json"
    data.write_text(json.dumps(document), encoding="utf-8")
    result = run("Grizzly Bears", "--data", str(data), "--out", str(tmp_path / "out"), "--dry-run")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output


@pytest.mark.parametrize("content", [b"[" * 100_000, b'{"data": ' + b"[" * 100_000, b"[" + b"{\"a\": [" * 50_000])
def test_deeply_nested_json_is_a_clean_error(tmp_path: Path, content: bytes) -> None:
    data = tmp_path / "cards.json"
    data.write_bytes(content)
    result = run("Grizzly Bears", "--data", str(data), "--out", str(tmp_path / "out"))
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output


def test_whitespace_padded_data_is_read_quickly(tmp_path: Path) -> None:
    import time

    data = tmp_path / "cards.json"
    padding = b" \n" * (8 << 20)  # 16 MiB of blanks before, between and after
    data.write_bytes(padding + b"[" + padding + json.dumps(_scryfall_card()).encode() + padding + b"]" + padding)
    start = time.perf_counter()
    result = run("Grizzly Bears", "--data", str(data), "--out", str(tmp_path / "out"), "--dry-run")
    assert result.exit_code == 0, result.output
    assert time.perf_counter() - start < 15


def test_special_data_files_are_refused_at_once(tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "cards.json"
    os.mkfifo(fifo)  # opening it for reading would wait for a writer
    (tmp_path / "loop.json").symlink_to(tmp_path / "loop.json")
    for path in (fifo, Path("/dev/zero"), tmp_path / "loop.json"):
        result = run("Grizzly Bears", "--data", str(path), "--out", str(tmp_path / "out"))
        assert result.exit_code == 1, result.output
        assert "not read" in result.stderr and "Traceback" not in result.output


def test_the_project_author_goes_into_a_new_spec(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.cardgen]\nauthor = "Jane Doe"\n', encoding="utf-8")
    (tmp_path / ".git").mkdir()
    monkeypatch.chdir(tmp_path)
    result = run("Coiling Rebirth", "--set", "BLB", "--data", str(MTGJSON), "--out", str(tmp_path / "out"), "--dry-run")
    assert result.exit_code == 0, result.output
    assert yaml.safe_load(result.stdout)["author"] == "Jane Doe"
    assert Card.model_validate(yaml.safe_load(result.stdout)).author == "Jane Doe"


def test_new_reports_in_every_format(tmp_path: Path) -> None:
    args = ["Coiling Rebirth", "--set", "BLB", "--data", str(MTGJSON), "--out", str(tmp_path)]
    assert run(*args).exit_code == 0
    again = [*args, "--dry-run"]  # the spec exists now: a note says what a real run would refuse
    document = json.loads(run(*again, "--format", "json").stdout)
    assert document["version"] == 1 and document["summary"]["errors"] == 0
    assert any(d["code"] == "NEW001" and "--force" in d["message"] for d in document["diagnostics"])
    assert document["new"]["written"] == [] and "name: Coiling Rebirth" in document["new"]["spec"]
    github = run(*again, "--format", "github")
    assert "::notice title=NEW001" in github.stdout
    assert "name: Coiling Rebirth" in github.stdout
    refused = run(*args, "--format", "json")  # writing over it without --force is an error, exit 1
    failed = json.loads(refused.stdout)
    assert refused.exit_code == 1 and [d["code"] for d in failed["diagnostics"]] == ["NEW002"]
    fresh = run(*args[:-1], str(tmp_path / "fresh"), "--format", "json")
    made = json.loads(fresh.stdout)
    assert fresh.exit_code == 0 and any(path.endswith("coiling_rebirth.yaml") for path in made["new"]["written"])
    assert run(*again, "--ignore", "NEW001").stderr == ""
