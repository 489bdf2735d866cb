"""Scry, "look at the top N cards ... put them back in any order" and shuffle: phrasing forms,
Forge's Scry/RearrangeTopOfLibrary/Shuffle, XMage's ScryEffect/LookLibraryControllerEffect/
ShuffleLibrarySourceEffect, both readers, the resolver's library order and the yes/no choice; the scenario
files `scenarios/cgt/tidewatch_augury.yaml` and `burrow_musings.yaml` play the test cards."""

from __future__ import annotations

import pytest
from engine_roundtrip import rendered_and_read_back

from cardgen.engines.forge.reader import read_script
from cardgen.engines.xmage.harness import AddTarget, AddTargetSkip, ChooseText, ChooseUse
from cardgen.engines.xmage.scenario_actions import decision_statements
from cardgen.game.choices import ScriptedChooser
from cardgen.game.errors import GameError
from cardgen.model.card import Card
from cardgen.phrasing import read_line, render_ability

SCRY = {"effect": "scry", "amount": 2}
LOOK = {"effect": "look_at_top", "amount": 3}
MAY_SHUFFLE = {"effect": "shuffle", "optional": True}
SHUFFLE = {"effect": "shuffle"}


def _card(line: str, effects: list[dict]) -> Card:
    return Card.model_validate({
        "name": "Test Augury", "mana_cost": "{U}", "types": ["Sorcery"], "oracle": line,
        "printings": [{"set": "CGT", "number": "92", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": line, "effects": effects}]})


LINES = [
    ("Scry 2.", [SCRY]),
    ("Look at the top three cards of your library, then put them back in any order.", [LOOK]),
    ("Look at the top three cards of your library, then put them back in any order. You may shuffle.",
     [LOOK, MAY_SHUFFLE]),
    ("Shuffle your library.", [SHUFFLE]),
]


@pytest.mark.parametrize(("line", "effects"), LINES)
def test_the_line_reads_and_renders(line: str, effects: list[dict]) -> None:
    assert read_line(line, "Test Augury", spell=True).ability == {"kind": "spell", "text": line, "effects": effects}
    rendered = render_ability({"kind": "spell", "effects": effects}, "Test Augury")
    assert rendered is not None  # the renderer may join sentences ("... in any order and you may shuffle.")
    assert read_line(rendered, "Test Augury", spell=True).ability["effects"] == effects


@pytest.mark.parametrize(("line", "effects", "forge", "java"), [
    ("Scry 2.", [SCRY], "SP$ Scry | ScryNum$ 2", "new ScryEffect(2, false)"),
    (LINES[2][0], [LOOK, MAY_SHUFFLE], "SP$ RearrangeTopOfLibrary | NumCards$ 3 | SubAbility$ DBShuffle",
     "new LookLibraryControllerEffect(3));\n"
     "        this.getSpellAbility().addEffect(new ShuffleLibrarySourceEffect(true))"),
    ("Shuffle your library.", [SHUFFLE], "SP$ Shuffle |", "new ShuffleLibrarySourceEffect()"),
])
def test_both_engines_write_their_own_form_and_read_it_back(line: str, effects: list[dict], forge: str,
                                                             java: str) -> None:
    script, source = rendered_and_read_back(_card(line, effects), "test_augury.txt")
    assert forge in script
    assert java in source
    if effects[-1] == MAY_SHUFFLE:
        assert "SVar:DBShuffle:DB$ Shuffle | Optional$ True" in script


def test_forge_may_shuffle_on_the_rearranging_ability_reads_as_an_optional_shuffle() -> None:
    """Forge's own scripts (Ponder) write "You may shuffle" as `MayShuffle$ True` on RearrangeTopOfLibrary."""
    line = "Look at the top three cards of your library, then put them back in any order. You may shuffle."
    script = ("Name:Test Augury\nManaCost:U\nTypes:Sorcery\nA:SP$ RearrangeTopOfLibrary | Defined$ You | NumCards$ 3"
              f" | MayShuffle$ True | SpellDescription$ {line}\nOracle:{line}\n")
    read = read_script(script, "test_augury.txt")
    assert read.card is not None, read.diagnostics
    assert [e.model_dump(exclude_defaults=True) for e in read.card.abilities[0].effects] == [LOOK, MAY_SHUFFLE]


def test_a_yes_no_question_takes_only_a_true_or_false_answer() -> None:
    chooser = ScriptedChooser([True], lambda answer, options: [answer])
    with pytest.raises(GameError, match="yes/no question"):
        chooser.choose("alice", [1, 2], 1, "card to discard")
    chooser = ScriptedChooser(["Shock"], lambda answer, options: [answer])
    with pytest.raises(GameError, match="yes or no"):
        chooser.decide("alice", "you may shuffle your library")
    record: list = []
    chooser = ScriptedChooser([False], lambda answer, options: [answer], record=record)
    assert chooser.decide("alice", "you may shuffle your library") is False
    assert chooser.decide("alice", "you may shuffle your library") is False  # unanswered: no
    assert [d.decided for d in record] == [False, False]


class _Scene:
    @staticmethod
    def xmage_name(name: str) -> str:
        return name


@pytest.mark.parametrize(("style", "picked", "among", "statements"), [
    # a scry keeps B: A goes to the bottom, one target list; none to the bottom: TARGET_SKIP
    ("targets_not_picked", ["B"], ["A", "B"], [AddTarget(player="playerA", target="A")]),
    ("targets_not_picked", [], ["A", "B"], [AddTarget(player="playerA", target="A^B")]),
    ("targets_not_picked", ["B", "A"], ["A", "B"], [AddTargetSkip(player="playerA")]),
    # top order C, A, B (topmost first): XMage puts each chosen card on top, the last one topmost
    ("order_top", ["C"], ["A", "B", "C"], [ChooseText(player="playerA", text="B"),
                                           ChooseText(player="playerA", text="A")]),
    # bottom order A, B: each chosen card goes to the bottom, the last one bottommost
    ("order_bottom", ["A", "B"], ["A", "B"], [ChooseText(player="playerA", text="A")]),
])
def test_decisions_are_scripted_as_xmage_asks_them(style: str, picked: list[str], among: list[str],
                                                   statements: list) -> None:
    event = {"picked": picked, "among": among, "decided": None}
    assert decision_statements(_Scene(), "playerA", style, event) == statements  # type: ignore[arg-type]


def test_a_may_decision_is_a_yes_or_no_choice() -> None:
    event = {"picked": [], "among": [], "decided": True}
    assert decision_statements(_Scene(), "playerA", "use", event) == [  # type: ignore[arg-type]
        ChooseUse(player="playerA", value=True)]


def test_a_graveyard_card_put_on_the_bottom_of_the_library_reads_back_in_both_engines() -> None:
    """`put_on_library`: Forge's ChangeZone to the library at LibraryPosition$ -1, XMage's
    `PutOnLibraryTargetEffect(false)` with a graveyard target, both read back."""
    line = "Put target card from your graveyard on the bottom of your library."
    ability = read_line(line, "Test Harvest", spell=True).ability
    assert ability is not None
    effects = ability["effects"]
    assert effects == [{"effect": "put_on_library", "what": {"target": {"zone": "graveyard", "owner": "you"}}}]
    card = Card.model_validate({
        "name": "Test Harvest", "mana_cost": "{U}", "types": ["Sorcery"], "oracle": line,
        "printings": [{"set": "CGT", "number": "96", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": line, "effects": effects}]})
    script, source = rendered_and_read_back(card, "test_harvest.txt")
    assert "Origin$ Graveyard | Destination$ Library | LibraryPosition$ -1" in script
    assert "new PutOnLibraryTargetEffect(false)" in source and "new TargetCardInYourGraveyard()" in source
