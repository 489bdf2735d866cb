""""As this artifact enters, choose a creature type." / "... choose a color." (614.12, 607.2a), an ability
kind of one module (`cardgen/vocab/abilities/choose_as_enters.py`), with "one mana of the chosen color" (the
`chosen_color` mana of a mana ability): the lines read and render, both engines write their own forms and
read them back (Forge's enters-tapped `R:` line and `K:ETBReplacement` joined into the one printed line), and
the choice is made as the permanent enters, kept by it, and made anew by a new object (400.7)."""

from __future__ import annotations

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.game import zones
from cardgen.game.choices import ScriptedChooser
from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability
from cardgen.resolver.testing import make_card, new_game, put

TAPPED = "This land enters tapped. As it enters, choose a color."
TYPE = "As this artifact enters, choose a creature type."
MANA = "{T}: Add one mana of the chosen color."


def _land() -> Card:
    return Card.model_validate({
        "name": "Test Haven", "types": ["Land"], "oracle": f"{TAPPED}\n{MANA}",
        "printings": [{"set": "CGT", "number": "97", "rarity": "common"}],
        "abilities": [{"kind": "choose_as_enters", "text": TAPPED, "choose": "color", "tapped": True},
                      {"kind": "activated", "text": MANA, "cost": {"tap": True}, "mana": "chosen_color"}]})


@pytest.mark.parametrize(("line", "ability"), [
    (TAPPED, {"choose": "color", "tapped": True}),
    (TYPE, {"choose": "creature_type"}),
    ("As this land enters, choose a color.", {"choose": "color"}),
])
def test_the_line_reads_and_renders(line: str, ability: dict[str, object]) -> None:
    want = {"kind": "choose_as_enters", "text": line, **ability}
    assert read_line(line, "Test Haven", spell=False).ability == want
    assert read_line(line, "Test Haven", spell=True).ability != want
    if "this land enters," not in line and "artifact" not in line:
        assert render_ability({k: v for k, v in want.items() if k != "text"}, "Test Haven") == line


def test_the_chosen_color_mana_reads() -> None:
    assert read_line(MANA, "Test Haven", spell=False).ability == {
        "kind": "activated", "text": MANA, "cost": {"tap": True}, "mana": "chosen_color"}


def test_both_engines_write_their_own_forms_and_read_them_back() -> None:
    script, source = rendered_and_read_back(_land(), "test_haven.txt")
    assert "K:ETBReplacement:Other:ChooseColor" in script
    assert "SVar:ChooseColor:DB$ ChooseColor | Defined$ You | AILogic$ MostProminentInComputerDeck" in script
    assert "ReplaceWith$ ETBTapped" in script
    assert "A:AB$ Mana | Cost$ T | Produced$ Chosen" in script
    assert "new EntersBattlefieldTappedAsItEntersChooseColorAbility()" in source
    assert "new SimpleManaAbility(Zone.BATTLEFIELD, new AddManaChosenColorEffect(), new TapSourceCost())" in source


def test_a_creature_type_round_trips() -> None:
    card = Card.model_validate({
        "name": "Test Banner", "mana_cost": "{3}", "types": ["Artifact"], "oracle": TYPE,
        "printings": [{"set": "CGT", "number": "98", "rarity": "common"}],
        "abilities": [{"kind": "choose_as_enters", "text": TYPE, "choose": "creature_type"}]})
    script, source = rendered_and_read_back(card, "test_banner.txt")
    assert "SVar:ChooseCT:DB$ ChooseType | Defined$ You | Type$ Creature" in script
    assert "new AsEntersBattlefieldAbility(new ChooseCreatureTypeEffect(Outcome.BoostCreature))" in source


def test_the_choice_is_made_as_it_enters_and_anew_by_a_new_object() -> None:
    game = new_game()
    card = make_card("Test Haven", "Land", oracle=f"{TAPPED}\n{MANA}",
                     abilities=[{"kind": "choose_as_enters", "text": TAPPED, "choose": "color", "tapped": True}])
    game.state.chooser = ScriptedChooser(["Red", "Green"], lambda answer, options: [answer])
    land = put(game.state, "alice", card, "hand")
    entered = zones.move(game.state, land.oid, "battlefield")
    assert entered.chosen == {"color": "R"} and entered.tapped
    back = zones.move(game.state, entered.oid, "hand")
    again = zones.move(game.state, back.oid, "battlefield")
    assert again.chosen == {"color": "G"}


def test_the_chosen_color_needs_a_color_chosen(tmp_path) -> None:  # noqa: ANN001
    from pathlib import Path

    from click.testing import CliRunner

    from cardgen.cli import cli

    specs = Path(__file__).resolve().parents[1] / "card_specs"
    (tmp_path / "blb").mkdir()
    (tmp_path / "blb" / "set.yaml").write_text((specs / "blb" / "set.yaml").read_text(encoding="utf-8"),
                                               encoding="utf-8")
    text = (specs / "blb" / "uncharted_haven.yaml").read_text(encoding="utf-8")
    spec = text.replace("choose: color", "choose: creature_type").replace(
        "This land enters tapped. As it enters, choose a color.", "This land enters tapped. As it enters, choose a "
        "creature type.")
    assert spec != text
    (tmp_path / "blb" / "uncharted_haven.yaml").write_text(spec, encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", "--strict", str(tmp_path)])
    assert result.exit_code == 1 and "CG130" in result.output


def test_of_the_chosen_type_is_a_filter_of_the_sources_choice() -> None:
    line = "Creatures you control of the chosen type get +1/+1."
    read = read_line(line, "Test Banner", spell=False).ability
    assert read["effects"][0]["affected"] == {"all": {"types": ["creature"], "controller": "you", "chosen_type": True}}
    banner = Card.model_validate({
        "name": "Test Banner", "mana_cost": "{3}", "types": ["Artifact"], "oracle": f"{TYPE}\n{line}",
        "printings": [{"set": "CGT", "number": "98", "rarity": "common"}],
        "abilities": [{"kind": "choose_as_enters", "text": TYPE, "choose": "creature_type"}, read]})
    script, source = rendered_and_read_back(banner, "test_banner.txt")
    assert "Affected$ Creature.ChosenType+YouCtrl" in script
    assert "filter.add(ChosenSubtypePredicate.TRUE);" in source
