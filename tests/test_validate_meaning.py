"""The text check reads the effects: an ability's `text`, read with the phrasing forms, must mean what its
structure means (CG305), and a line the forms cannot read is a warning (CG306).

- Every shipped spec and every invented spec passes: the forms read each of their lines to their meaning.
- Mutations of the shipped specs that keep the text and change the structure's meaning (an amount, a
  condition's polarity, a dropped effect, an ability's kind) are each CG305 at the ability's line: the
  check is a proof over the whole catalogue, not over a handful of cases (the bad-spec corpus has the
  readable, one-file versions).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError
from shipped import shipped_catalog

from cardgen.load.specs import load_catalog
from cardgen.model.card import Card
from cardgen.model.catalog import LoadedCard
from cardgen.validate.context import CardReport
from cardgen.validate.meaning import check_meaning

REPO = Path(__file__).resolve().parents[1]
INVENTED = Path(__file__).resolve().parent / "data" / "invented"
SHIPPED = shipped_catalog().cards
ALL = [*SHIPPED, *load_catalog([INVENTED]).cards]


def _meaning(loaded: LoadedCard) -> list[tuple[str, int | None, str]]:
    report = CardReport(loaded)
    check_meaning(report)
    return [(d.code, d.location.line if d.location else None, d.message) for d in report.items]


@pytest.mark.parametrize("loaded", ALL, ids=lambda loaded: loaded.card.name)
def test_every_spec_means_what_its_text_says(loaded: LoadedCard) -> None:
    assert _meaning(loaded) == []


# ------------------------------------------------------------------------------------------ mutations


def _effect_lists(ability: dict[str, Any]) -> Iterator[list[dict[str, Any]]]:
    stack = [ability.get("effects", [])]
    while stack:
        effects = stack.pop()
        yield effects
        for effect in effects:
            if isinstance(effect.get("effects"), list):
                stack.append(effect["effects"])


def _amounts(ability: dict[str, Any]) -> Iterator[Callable[[], None]]:
    for effects in _effect_lists(ability):
        for effect in effects:
            for key in ("amount", "power", "toughness"):
                if isinstance(effect.get(key), int) and not isinstance(effect.get(key), bool):
                    yield lambda effect=effect, key=key: effect.__setitem__(key, effect[key] + 1)


def _polarities(ability: dict[str, Any]) -> Iterator[Callable[[], None]]:
    flip = {"promised": "not_promised", "not_promised": "promised"}
    for effects in _effect_lists(ability):
        for effect in effects:
            if isinstance(effect.get("condition"), str) and effect["condition"] in flip:
                yield lambda effect=effect: effect.__setitem__("condition", flip[effect["condition"]])


def _drops(ability: dict[str, Any]) -> Iterator[Callable[[], None]]:
    effects = ability.get("effects", [])
    if len(effects) > 1:
        yield lambda: effects.pop()


MUTATIONS = {"amount": _amounts, "polarity": _polarities, "dropped_effect": _drops}


def _mutants(kind: str) -> Iterator[tuple[str, LoadedCard, int]]:
    for loaded in SHIPPED:
        data = loaded.card.model_dump(mode="json", exclude_defaults=True)
        for index, ability in enumerate(data.get("abilities", [])):
            if "text" not in ability:
                continue
            count = sum(1 for _ in MUTATIONS[kind](ability))
            for which in range(count):
                copy = loaded.card.model_dump(mode="json", exclude_defaults=True)
                mutate = list(MUTATIONS[kind](copy["abilities"][index]))[which]
                mutate()
                try:
                    card = Card.model_validate(copy)
                except ValidationError:
                    continue  # e.g. a dropped effect another one refers to: the schema says so already
                yield f"{loaded.card.name}[{index}]#{which}", LoadedCard(card, loaded.path, loaded.positions), index


CASES = [(kind, *case) for kind in MUTATIONS for case in _mutants(kind)]


def test_the_mutations_cover_the_catalogue() -> None:
    counts = {kind: sum(1 for case in CASES if case[0] == kind) for kind in MUTATIONS}
    assert counts["amount"] >= 15 and counts["polarity"] >= 15 and counts["dropped_effect"] >= 10, counts


@pytest.mark.parametrize(("kind", "label", "loaded", "index"), CASES, ids=[f"{c[0]}:{c[1]}" for c in CASES])
def test_a_changed_meaning_under_the_same_text_is_an_error(kind: str, label: str, loaded: LoadedCard,
                                                           index: int) -> None:
    found = _meaning(loaded)
    line = loaded.positions.get(("abilities", index), (None, None))[0]
    assert [(code, at) for code, at, _ in found] == [("CG305", line)], found
    assert "the text says" in found[0][2] or "text " in found[0][2]


def test_a_static_ability_standing_in_for_an_activated_one_is_an_error() -> None:
    [loaded] = [c for c in SHIPPED if c.card.name == "Glorious Anthem"]
    data = loaded.card.model_dump(mode="json", exclude_defaults=True)
    data["abilities"][0]["text"] = "{2}, {T}: Creatures you control get +1/+1 until end of turn."
    found = _meaning(LoadedCard(Card.model_validate(data), loaded.path, loaded.positions))
    assert [code for code, _, _ in found] == ["CG305"]
    assert "activated ability" in found[0][2] and "602.1" in found[0][2]


def test_the_message_names_the_words_that_differ() -> None:
    [loaded] = [c for c in SHIPPED if c.card.name == "Mind Spiral"]
    data = loaded.card.model_dump(mode="json", exclude_defaults=True)
    data["abilities"][0]["effects"][0]["amount"] = 2
    [(code, _, message)] = _meaning(LoadedCard(Card.model_validate(data), loaded.path, loaded.positions))
    assert code == "CG305"
    assert "amount: text 3, structure 2" in message
    assert "the text says 'three', the structure says 'two'" in message


def test_an_unreadable_line_is_a_warning_naming_the_words() -> None:
    [loaded] = [c for c in SHIPPED if c.card.name == "Divination"]
    data = loaded.card.model_dump(mode="json", exclude_defaults=True)
    data["abilities"][0]["text"] = "Draw two cards, then proliferate."
    report = CardReport(LoadedCard(Card.model_validate(data), loaded.path, loaded.positions))
    check_meaning(report)
    [problem] = report.items
    assert (problem.code, problem.severity, problem.rule) == ("CG306", "warning", "207.1")
    assert "proliferate" in problem.message
