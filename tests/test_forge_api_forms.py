"""A construct's Forge API form is declared once (`forge.api`, `vocab.forge_forms.ApiForm`): the writer writes
the ability from it, the reader reads it back with it, and an effect with a field the form doesn't carry
is refused (FG101), not written without it."""

from __future__ import annotations

from typing import Any

import pytest

from cardgen import vocab
from cardgen.engines.forge.backend import ForgeBackend
from cardgen.engines.forge.build import RenderError
from cardgen.engines.forge.read_apis import API_READERS
from cardgen.engines.forge.reader import read_script
from cardgen.model.card import Card
from cardgen.vocab.effects.draw import Draw


class _DrawWithExtra(Draw):
    extra: int = 0


def _card(effect: dict[str, Any]) -> Card:
    return Card.model_validate({
        "name": "Api Form", "mana_cost": "{U}", "types": ["Sorcery"],
        "printings": [{"set": "CGT", "number": "1", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": "Do it.", "effects": [effect]}],
    })


def test_an_effect_with_a_field_its_api_form_does_not_carry_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(vocab.BY_MODEL, _DrawWithExtra, vocab.EFFECTS["draw"])
    card = _card({"effect": "draw", "amount": 2})
    card.abilities[0].effects[0] = _DrawWithExtra(effect="draw", amount=2, extra=1)  # type: ignore[index]
    with pytest.raises(RenderError, match="carries no `extra`"):
        ForgeBackend().render_card(card)


@pytest.mark.parametrize("kind", [k for k, c in vocab.EFFECTS.items() if c.forge.api is not None])
def test_every_api_of_a_declared_form_has_its_reader(kind: str) -> None:
    form = vocab.EFFECTS[kind].forge.api
    assert form is not None
    for api in (form.api, form.all_api):
        if api is not None:
            assert API_READERS.get(api), api


@pytest.mark.parametrize(("effect", "line"), [
    ({"effect": "draw", "amount": 2, "who": "each_opponent"}, "SP$ Draw | Defined$ Opponent | NumCards$ 2"),
    ({"effect": "discard", "amount": 1, "who": "you"}, "SP$ Discard | Mode$ TgtChoose"),
    ({"effect": "shuffle", "optional": True}, "SP$ Shuffle | Optional$ True"),
    ({"effect": "gain_life", "amount": 1}, "SP$ GainLife | LifeAmount$ 1"),
    ({"effect": "destroy", "what": {"all": {"types": ["creature"]}}}, "SP$ DestroyAll | ValidCards$ Creature"),
    ({"effect": "put_counters", "what": {"all": {"types": ["creature"]}}, "counter": "+1/+1"},
     "SP$ PutCounterAll | ValidCards$ Creature | CounterType$ P1P1 | CounterNum$ 1"),
])
def test_a_declared_form_is_written_and_read_back(effect: dict[str, Any], line: str) -> None:
    card = _card(effect)
    script = ForgeBackend().render_card(card)
    assert f"A:{line}" in script
    back = read_script(script, "api_form.txt")
    assert back.card is not None, back.diagnostics
    assert back.card.abilities[0].effects == card.abilities[0].effects
