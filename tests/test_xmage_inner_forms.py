"""Each form of package-private class after a card class has a typed model (`card_model.InnerClass`) and
one `write` macro in its template that spells the whole class from that model alone (strict undefined:
a field the template names but the model lacks is an error)."""

from __future__ import annotations

import pytest

from cardgen.engines.xmage.card_model import FilterFields, FixedClass, SequenceEffectClass, TokenClass
from cardgen.engines.xmage.lower_inner import _FIXED_USES
from cardgen.engines.xmage.render import environment
from cardgen.vocab.java_statements import Do

FIXED_TEMPLATES = sorted({template for template, _uses in _FIXED_USES.values()} | {"cant_cast_effect.java.j2"})


def _write(model: object) -> str:
    return str(environment().get_template(model.template).module.write(model))  # type: ignore[attr-defined]


@pytest.mark.parametrize("template", FIXED_TEMPLATES)
def test_a_fixed_class_is_spelled_from_its_name(template: str) -> None:
    text = _write(FixedClass("ExampleHelper", template))
    assert text.startswith("class ExampleHelper ")
    assert "{" + "{" not in text and "{%" not in text
    assert text.endswith("}\n")


def test_a_token_class_writes_each_characteristic_from_its_model() -> None:
    token = TokenClass("ExampleToken", 'Rabbit "Warren" Token', "1/1 white Rabbit creature token",
                       card_types=("CREATURE",), colors=("setWhite",), subtypes=("SubType.RABBIT",),
                       power="1", toughness="1", abilities=("VigilanceAbility.getInstance()",))
    lines = [line.strip() for line in _write(token).splitlines()]
    assert 'super("Rabbit \\"Warren\\" Token", "1/1 white Rabbit creature token");' in lines
    for line in ("cardType.add(CardType.CREATURE);", "color.setWhite(true);", "subtype.add(SubType.RABBIT);",
                 "power = new MageInt(1);", "toughness = new MageInt(1);",
                 "this.addAbility(VigilanceAbility.getInstance());"):
        assert line in lines
    assert not any(line.startswith("supertype.add") for line in lines)


def test_a_sequence_effect_writes_its_body_under_the_controller_check() -> None:
    effect = SequenceEffectClass("ExampleEffect", '"do the thing"', (Do("controller.drawCards(1, source, game)"),),
                                 FilterFields())
    text = _write(effect)
    assert "staticText = \"do the thing\";" in text
    assert text.index("if (controller == null)") < text.index("controller.drawCards(1, source, game);") \
        < text.index("return true;")
