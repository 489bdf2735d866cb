"""No text in a spec can add a line, parameter, ability or code to a generated file.

Hypothesis puts arbitrary text into the fields that flow into engine files (card name, oracle line and the
ability text that mirrors it, subtype). Either the validator or the renderer refuses the spec with a
diagnostic, or the generated file has exactly the structure of the same card with benign text and reads
back to the same card — same meaning, same name, same oracle.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from examples import examples
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from shipped import shipped_catalog

from cardgen.canonical import meaning_diff
from cardgen.engines import load_backend
from cardgen.model.card import Card
from cardgen.model.catalog import Catalog, LoadedCard
from cardgen.naming import slug
from cardgen.validate import validate_catalog

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = shipped_catalog()
BASE = SHIPPED.by_name()["Blooming Blast"].card
GIFT_LINE = BASE.oracle.split("\n")[0]

# Text a fuzzer tends to miss by chance: the characters that delimit fields in the two formats.
NASTY = st.sampled_from(['"', "'", "\\", "|", "$", "\n", "\r", "{", "}", "*/", "/*", ";", "\u2028", "\x00",
                         "SVar:X:", "A:SP$ Draw", '");', "\\u0022", "Lórien", "Æther", "${x}", "%s", "<br>",
                         " @", "@Artist", "CARDNAME", "NICKNAME", "=", "[cards]", "\\u000a", " // ", "#", ":", "&",
                         ","])
TEXT = st.lists(st.one_of(NASTY, st.text(min_size=1, max_size=8)), min_size=1, max_size=6).map("".join)


def variant(name: str, line: str, subtype: str | None) -> Card:
    """Blooming Blast with a new name, a new second oracle line (and matching ability text), maybe a subtype."""
    spell = BASE.abilities[0].model_copy(update={"text": line})
    update = {"name": name, "oracle": f"{GIFT_LINE}\n{line}", "abilities": [spell]}
    if subtype is not None:
        update["subtypes"] = [subtype]
    return BASE.model_copy(update=update)


def accepted(card: Card) -> bool:
    """Whether validation lets the card through (as `cardgen export` would)."""
    loaded = LoadedCard(card, Path("card_specs") / "blb" / f"{slug(card.name) or 'x'}.yaml")
    catalog = Catalog(cards=[loaded], sets=SHIPPED.sets)
    try:
        Card.model_validate(card.model_dump(mode="json"))
    except Exception:
        return False
    return not any(d.severity == "error" for d in validate_catalog(catalog))


def shape(engine: str, text: str) -> list[str]:
    """The structure of a generated file with its free text blanked out."""
    if engine == "forge":
        lines = []
        for line in text.split("\n"):
            key, _, rest = line.partition(":")
            if key in ("Name", "Oracle", "Types"):
                lines.append(key)
                continue
            params = [part.split("$", 1)[0].strip() for part in rest.split(" | ")] if "$" in rest else [rest]
            lines.append(key + ":" + ",".join(p for p in params if p and "Description" not in p))
        return lines
    # Java: blank string literals and comments, keep the token skeleton. The package line follows the
    # first letter of the card name by design, so it is normalised too.
    text = re.sub(r"package mage\.cards\.[a-z_]+;", "package mage.cards.x;", text)
    without_strings = re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', text)
    without_comments = re.sub(r"//[^\n]*|/\*.*?\*/", "", without_strings, flags=re.S)
    return [re.sub(r"\b[A-Z][A-Za-z0-9_]*\b", "Id", line.strip()) for line in without_comments.split("\n")
            if line.strip()]


@pytest.mark.parametrize("engine", ["forge", "xmage"])
@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=TEXT, line=TEXT, subtype=st.one_of(st.none(), TEXT))
def test_spec_text_cannot_change_file_structure(engine: str, name: str, line: str, subtype: str | None,
                                                tmp_path_factory: pytest.TempPathFactory) -> None:
    backend = load_backend(engine)
    card = variant(name, line, subtype)
    if not accepted(card):
        return
    rendered = backend.render(Catalog(cards=[LoadedCard(card, Path("x.yaml"))], sets={}))
    if any(d.severity == "error" for d in rendered.diagnostics):
        return  # refused at render time, with a diagnostic: nothing written
    relative = backend.card_path(card)
    assert relative.count("/") >= 2 and ".." not in relative.split("/")
    text = rendered.files[relative]
    benign = variant("Benign Name", "Benign text.", None if subtype is None else "Benign")
    benign_text = backend.render(Catalog(cards=[LoadedCard(benign, Path("x.yaml"))], sets={})).files[
        backend.card_path(benign)]
    assert shape(engine, text) == shape(engine, benign_text)
    folder = tmp_path_factory.mktemp("inject")
    target = folder / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    read = backend.read_card(target)
    assert read.card is not None, [str(d) for d in read.diagnostics]
    assert read.card.name == card.name
    assert read.card.oracle == card.oracle
    assert meaning_diff(card, read.card) == []


VALID_BUT_NASTY = [
    ("Lórien Æther-Blast", 'It deals "2" damage; {T}: */ /* \'quoted\' %s <b> \u00e9t\u00e9.'),
    ("Don't Panic, Plan", 'Say "hi" + x + "there"); System.exit(1); /* done. // the end'),
]


@pytest.mark.parametrize("engine", ["forge", "xmage"])
@pytest.mark.parametrize(("name", "line"), VALID_BUT_NASTY)
def test_nasty_but_valid_text_round_trips(engine: str, name: str, line: str, tmp_path: Path) -> None:
    """The property above is not vacuous: text full of quotes, braces and comment markers is valid and
    survives each engine unchanged — or is refused by the renderer with a diagnostic, never written raw."""
    card = variant(name, line, None)
    assert accepted(card)
    backend = load_backend(engine)
    rendered = backend.render(Catalog(cards=[LoadedCard(card, Path("x.yaml"))], sets={}))
    if rendered.diagnostics:
        assert all(d.code for d in rendered.diagnostics) and not rendered.files.get(backend.card_path(card))
        return
    target = tmp_path / backend.card_path(card)
    target.parent.mkdir(parents=True)
    target.write_text(rendered.files[backend.card_path(card)], encoding="utf-8")
    read = backend.read_card(target)
    assert read.card is not None
    assert (read.card.name, read.card.oracle) == (card.name, card.oracle)
    assert meaning_diff(card, read.card) == []


# Forge's edition row, as `CardEdition.Reader` reads it (forge-core/src/main/java/forge/card/CardEdition.java):
# collector number, rarity letter, name, then an optional ` @artist` and ` $variant`.
FORGE_EDITION_ROW = re.compile(r"(^(.?[0-9A-Z-]+\S?[A-Z]*)\s)?(([SCURML])\s)?([^@$]*)( @([^$]*))?( \$(.+))?$")


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=TEXT, subtype=st.one_of(st.none(), TEXT))
@example(name="Lórien Æther-Blast, the 2nd", subtype="Raccoon")
@example(name="87 U Blast", subtype=None)
@example(name="Fire: Ice & Co.", subtype="Elf")
def test_forge_reads_every_accepted_name_back_from_its_edition_and_type_lines(name: str,
                                                                             subtype: str | None) -> None:
    """An accepted card name is exactly the name Forge's edition parser reads from its row (no artist
    credit, no variant), and the `Types:` line Forge splits on spaces gives back exactly the subtypes."""
    card = variant(name, "Benign text.", subtype)
    if not accepted(card):
        return
    rendered = load_backend("forge").render(Catalog(cards=[LoadedCard(card, Path("x.yaml"))],
                                                    sets={"BLB": SHIPPED.sets["BLB"]}))
    if any(d.severity == "error" for d in rendered.diagnostics):
        return
    edition = next(text for path, text in rendered.files.items() if path.startswith("editions/"))
    rows = edition.split("[cards]\n", 1)[1].strip().split("\n")
    assert len(rows) == 1
    match = FORGE_EDITION_ROW.match(rows[0].strip())
    assert match is not None
    assert (match.group(2), match.group(4), match.group(5), match.group(7), match.group(9)) == (
        card.printings[0].number, "U" if card.printings[0].rarity == "uncommon" else match.group(4), card.name,
        None, None)
    script = rendered.files[load_backend("forge").card_path(card)]
    types = next(line for line in script.split("\n") if line.startswith("Types:"))[len("Types:"):].split()
    assert types == [*card.supertypes, *card.types, *card.subtypes]


@pytest.mark.parametrize(("name", "subtype"), [("Bolt @Jane Doe", None), ("Bolt $Variant", None),
                                               ("CARDNAME's Bolt", None), ("Bolt", "Time Lord")])
def test_what_forge_would_misread_is_refused(name: str, subtype: str | None) -> None:
    """The cases the property above skips: Forge would read another name or other subtypes, so validation
    refuses them (the row regex shows the misreading)."""
    row = FORGE_EDITION_ROW.match(f"126 U {name}")
    assert row is not None
    assert not accepted(variant(name, "Benign text.", subtype))
    if "@" in name:
        assert row.group(5) != name and row.group(7) == "Jane Doe"
