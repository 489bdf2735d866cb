"""Every `new X(...)` in generated XMage code matches one of XMage's constructors of X, as the table read
from XMage's source records them (`cardgen/engines/xmage/constructors.txt`): a class that would not
compile is refused (XMG105), never written."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from cardgen.engines.xmage import data
from cardgen.engines.xmage.constructors import DATA, mismatches, table
from cardgen.engines.xmage.problems import BAD_CONSTRUCTOR, UNSUPPORTED, Unsupported
from cardgen.engines.xmage.render import render_card
from cardgen.model.card import Card

ROOT = Path(__file__).resolve().parent.parent
GENERATED = sorted((ROOT / "output" / "xmage" / "Mage.Sets" / "src").rglob("*.java"))


def test_the_table_names_the_xmage_commit_it_was_read_from() -> None:
    first = DATA.read_text(encoding="utf-8").splitlines()[0]
    assert first.endswith(data.header_commit())


def test_the_table_knows_exile_all_takes_a_permanent_filter() -> None:
    known = table()
    assert known.constructors["ExileAllEffect"] == (("FilterPermanent",), ("FilterPermanent", "boolean"))
    assert "FilterPermanent" not in known.ancestors("FilterCard")
    assert "FilterPermanent" in known.ancestors("FilterCreaturePermanent")


@pytest.mark.parametrize("path", GENERATED, ids=lambda path: path.name)
def test_every_object_creation_of_the_shipped_classes_matches_a_constructor(path: Path) -> None:
    assert [str(m) for m in mismatches(path.read_text(encoding="utf-8"))] == []


SOURCE = """\
package mage.cards.g;

import mage.abilities.effects.common.ExileAllEffect;
import mage.filter.FilterCard;
import mage.filter.FilterPermanent;

public final class GraveSweep {
    private static final FilterCard filter = new FilterCard("creature cards");
    private static final FilterPermanent permanents = new FilterPermanent("creatures");

    void build() {
        this.getSpellAbility().addEffect(new ExileAllEffect(filter));
        this.getSpellAbility().addEffect(new ExileAllEffect(permanents));
        this.getSpellAbility().addEffect(new ExileAllEffect(StaticFilters.FILTER_CARD_CREATURES));
        this.getSpellAbility().addEffect(new ExileAllEffect(permanents, true, 3));
        this.getSpellAbility().addEffect(new NoSuchFrameworkEffect());
        this.getSpellAbility().addEffect(new GraveSweepEffect());
    }
}

class GraveSweepEffect {
}
"""


def test_a_filter_of_cards_where_a_filter_of_permanents_is_taken_is_found() -> None:
    found = mismatches(SOURCE)
    assert [(m.line, m.cls, m.arguments) for m in found] == [
        (12, "ExileAllEffect", ("FilterCard",)),
        (14, "ExileAllEffect", ("FilterCreatureCard",)),
        (15, "ExileAllEffect", ("FilterPermanent", "boolean", "int")),
        (16, "NoSuchFrameworkEffect", ()),
    ]
    assert "matches none of XMage's constructors (FilterPermanent); (FilterPermanent, boolean)" in str(found[0])
    assert "not in the constructor table" in str(found[-1])


GRAVE_SWEEP = """\
name: Grave Sweep
mana_cost: '{1}{B}'
types: [Sorcery]
printings:
  - {set: CGT, number: 900, rarity: common}
oracle: Exile all creature cards from all graveyards.
abilities:
  - kind: spell
    text: Exile all creature cards from all graveyards.
    effects:
      - {effect: exile, what: {all: {types: [creature], zone: graveyard}}}
"""


def test_exiling_cards_from_graveyards_is_refused_not_written_as_exile_all() -> None:
    card = Card.model_validate(yaml.safe_load(GRAVE_SWEEP))
    with pytest.raises(Unsupported) as raised:
        render_card(card)
    assert raised.value.code in (UNSUPPORTED, BAD_CONSTRUCTOR)
    assert "ExileAllEffect" not in str(raised.value) or raised.value.code == BAD_CONSTRUCTOR
