"""Filters by keyword: "creature with flying", "creature you control without flying" (702.9)."""

from __future__ import annotations

from typing import Any

import pytest

from cardgen.engines.forge.valid import read_valid, valid_expression
from cardgen.engines.xmage.filters import predicates
from cardgen.engines.xmage.imports import Imports
from cardgen.model.card import ObjectFilter
from cardgen.phrasing.nouns import parse_filters, render_filter


@pytest.mark.parametrize(("phrase", "expected"), [
    ("creature with flying", {"types": ["creature"], "keywords": ["flying"]}),
    ("creature you control without flying", {"types": ["creature"], "controller": "you", "not_keywords": ["flying"]}),
])
def test_phrase_reads_and_writes_its_filter(phrase: str, expected: dict[str, Any]) -> None:
    readings = [selector for selector, end in parse_filters(phrase, 0, False) if end == len(phrase)]
    assert readings[:1] == [expected]
    assert render_filter(expected, False) == phrase


@pytest.mark.parametrize(("selector", "expression"), [
    (ObjectFilter(types=["creature"], keywords=["flying"]), "Creature.withFlying"),
    (ObjectFilter(types=["creature"], controller="you", not_keywords=["flying"]), "Creature.YouCtrl+withoutFlying"),
])
def test_forge_valid_expression_both_ways(selector: ObjectFilter, expression: str) -> None:
    assert valid_expression(selector) == expression
    assert read_valid(expression).filter() == selector


def test_forge_own_order_reads_the_same() -> None:
    assert read_valid("Creature.withoutFlying+YouCtrl").fields == {
        "types": ["creature"], "controller": "you", "not_keywords": ["flying"]}


def test_xmage_predicates() -> None:
    imports = Imports()
    written = [p.flat() for p in predicates(ObjectFilter(types=["creature"], not_keywords=["flying"]), imports)]
    assert written == ["CardType.CREATURE.getPredicate()", "Predicates.not(new AbilityPredicate(FlyingAbility.class))"]
