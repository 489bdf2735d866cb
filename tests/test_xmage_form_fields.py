"""An XMage form fits only an effect whose every set field it carries: its `fixed` fields, its subject and
the fields its argument words and `when` test cover. An effect with a field no form carries is refused
with a diagnostic naming the field, never written without it."""

from __future__ import annotations

from typing import Any

import pytest

from cardgen import vocab
from cardgen.engines.xmage.forms import carried_fields, forms_for, uncarried
from cardgen.engines.xmage.model import card_class
from cardgen.engines.xmage.problems import UNSUPPORTED, Unsupported
from cardgen.model.card import Card
from cardgen.vocab.effects.draw import Draw


class _DrawWithExtra(Draw):
    """A draw effect with one field no XMage form of `draw` knows (as a new optional field would be)."""

    extra: int = 0


def _card(effect: dict[str, Any]) -> Card:
    return Card.model_validate({
        "name": "Field Test", "mana_cost": "{U}", "types": ["Instant"],
        "printings": [{"set": "BLB", "number": "1", "rarity": "common"}],
        "abilities": [{"kind": "spell", "text": "Draw two cards.", "effects": [effect]}],
    })


@pytest.fixture(autouse=True)
def _extra_draw_is_a_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(vocab.BY_MODEL, _DrawWithExtra, vocab.EFFECTS["draw"])


def _with_extra(card: Card, extra: int) -> Card:
    ability = card.abilities[0]
    draw = ability.effects[0]
    replaced = _DrawWithExtra.model_validate({**draw.model_dump(), "extra": extra})
    ability.effects[0] = replaced  # type: ignore[index]
    return card


def test_an_effect_with_an_extra_set_field_is_refused_naming_it() -> None:
    card = _with_extra(_card({"effect": "draw", "amount": 2}), extra=3)
    with pytest.raises(Unsupported, match="carries `extra`") as raised:
        card_class(card)
    assert raised.value.code == UNSUPPORTED


def test_an_extra_field_left_at_its_default_is_not_in_the_way() -> None:
    plain = card_class(_card({"effect": "draw", "amount": 2}))
    with_default = card_class(_with_extra(_card({"effect": "draw", "amount": 2}), extra=0))
    assert with_default == plain


def test_a_field_a_form_carries_is_not_reported() -> None:
    construct = vocab.EFFECTS["draw"]
    effect = _card({"effect": "draw", "amount": 2}).abilities[0].effects[0]
    assert all(uncarried(form, construct, effect) == [] for form in forms_for("draw"))


def test_every_required_field_is_carried_by_every_written_form() -> None:
    """A form that doesn't carry a field every effect of its kind has would never fit: a slip in its
    declaration (a `when` test or argument word whose fields `xmage.covers` doesn't say)."""
    missing = []
    for kind, construct in vocab.EFFECTS.items():
        for form in construct.xmage.forms:
            carried = carried_fields(form, construct) | set(construct.xmage.unexpressed)
            required = [name for name, info in construct.model.model_fields.items() if info.is_required()]
            missing += [f"{kind} {form.java} ({form.shape}): {name}" for name in required if name not in carried]
    assert missing == []


def test_unexpressed_fields_are_fields_of_the_model() -> None:
    stray = [f"{kind}: {name}" for kind, construct in vocab.EFFECTS.items()
             for name in construct.xmage.unexpressed if name not in construct.model.model_fields]
    assert stray == []
