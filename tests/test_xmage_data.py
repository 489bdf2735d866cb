"""The facts about XMage the backend relies on are data read from XMage (never guessed), and every class
the backend can name is one of them."""

from __future__ import annotations

import re

from cardgen.engines.xmage import data
from cardgen.engines.xmage.filters import STATIC_FILTERS
from cardgen.engines.xmage.forms import FORMS, KEYWORD_CLASSES
from cardgen.engines.xmage.lower import PREDEFINED_TOKEN_CLASSES
from cardgen.engines.xmage.targets import POINTERS


def test_data_files_name_the_xmage_commit_they_were_read_from():
    for name in ("known_classes.txt", "subtypes.txt", "known_sets.txt", "static_filters.txt", "known_tokens.txt"):
        assert re.fullmatch(r"[0-9a-f]{40}", data.header_commit(name)), name


def test_simple_names_are_unique_so_imports_are_unambiguous():
    simple = [fqn.rsplit(".", 1)[1] for fqn in data.known_classes()]
    assert len(simple) == len(set(simple))
    assert data.class_index()["CardImpl"] == "mage.cards.CardImpl"
    assert data.class_index()["GiftAbility"] == "mage.abilities.keyword.GiftAbility"


def test_every_class_the_backend_names_exists_in_xmage():
    index = data.class_index()
    named = {form.java for form in FORMS} | set(KEYWORD_CLASSES.values()) | set(PREDEFINED_TOKEN_CLASSES.values())
    named |= {name for name in POINTERS if name}
    missing = sorted(name for name in named if name not in index)
    assert not missing


def test_every_known_token_class_exists_in_xmage():
    index = data.class_index()
    assert data.known_tokens() and all(name in index for name in data.known_tokens())
    assert data.known_tokens()["SwanSongBirdToken"]["pt"] == "2/2"


def test_every_static_filter_the_backend_writes_exists_in_xmage():
    named = {name for pair in STATIC_FILTERS.values() for name in pair if name}
    assert named <= data.static_filters(), sorted(named - data.static_filters())


def test_subtypes_and_sets():
    assert data.subtypes()["Raccoon"] == "RACCOON"
    assert data.subtype_descriptions()["HAMSTER"] == "Hamster"
    assert data.known_sets()["BLB"] == ("Bloomburrow", "Bloomburrow")
    assert data.known_sets()["HOB"][0] == "TheHobbit"
    assert data.known_sets()["PW26"][0] == "WizardsPlayNetwork2026"
