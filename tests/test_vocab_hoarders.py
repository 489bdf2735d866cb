""""When this enchantment enters and whenever you expend 4, put a stash counter on it." and "Discard your hand,
then draw cards equal to the number of stash counters on this enchantment." (Hoarder's Overflow): the
`enters_and_expend` event (`cardgen/vocab/events/enters_and_expend.py`, 603.2), the `discard_hand` effect
(701.9a) and the `counters_on_self` amount (608.2h), each read, written by both engines and read back."""

from __future__ import annotations

from engine_roundtrip import rendered_and_read_back

from cardgen.engines.forge.syntax import COUNTERS
from cardgen.engines.xmage.forms import COUNTER_TYPES
from cardgen.model.card import Card
from cardgen.phrasing import read_line
from cardgen.vocab.amounts.counters_on_self import FORGE_COUNTERS, XMAGE_COUNTERS

TRIGGER = "When this enchantment enters and whenever you expend 4, put a stash counter on it."
ACTIVATED = ("{1}{R}, Sacrifice this enchantment: Discard your hand, then draw cards equal to the number of stash "
             "counters on this enchantment.")


def _hoard() -> Card:
    return Card.model_validate({
        "name": "Test Hoard", "mana_cost": "{1}{R}", "types": ["Enchantment"], "oracle": f"{TRIGGER}\n{ACTIVATED}",
        "printings": [{"set": "CGT", "number": "93", "rarity": "common"}],
        "abilities": [read_line(TRIGGER, "Test Hoard", spell=False).ability,
                      read_line(ACTIVATED, "Test Hoard", spell=False).ability]})


def test_the_lines_read() -> None:
    card = _hoard()
    assert card.abilities[0].event.enters_and_expend == 4
    effects = [e.model_dump(mode="json", exclude_defaults=True) for e in card.abilities[1].effects]
    assert effects == [{"effect": "discard_hand"},
                       {"effect": "draw", "amount": {"count": "counters_on_self", "counter": "stash"}}]


def test_both_engines_write_their_own_forms_and_read_them_back() -> None:
    script, source = rendered_and_read_back(_hoard(), "test_hoard.txt")
    assert "T:Mode$ ManaExpend | Amount$ 4 | Player$ You | TriggerZones$ Battlefield | Execute$ TrigPutCounters" \
           " | Secondary$ True" in script
    assert "Defined$ You | Mode$ Hand" in script and "SVar:X:Count$CardCounters.STASH" in script
    assert "new OrTriggeredAbility(" in source
    assert "new ExpendTriggeredAbility(null, ExpendTriggeredAbility.Expend.FOUR)" in source
    assert "new DiscardHandControllerEffect()" in source and "new CountersSourceCount(CounterType.STASH)" in source


def test_the_counter_words_are_the_engines() -> None:
    assert (FORGE_COUNTERS, XMAGE_COUNTERS) == (COUNTERS, COUNTER_TYPES)
