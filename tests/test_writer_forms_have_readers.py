"""Every form an engine writer can emit has a reader that reads it back: the test walks the registry.

For each XMage framework form every effect construct declares (`xmage.forms`), the test builds a minimal
card whose one effect that form fits (its `fixed` fields, a subject of its `shape`, a value for each field
its argument words and `when` test carry), renders it with that form alone, and reads the class back: the
card must mean what it meant. The same card is written as a Forge script and read back too, so the API
Forge's writer chose for that shape of the effect is read as well. A form with no reader fails, naming it;
so does a form the examples below can't make fit (then say here how its effect looks).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from xmage_strategies import registrations_for

from cardgen import vocab
from cardgen.canonical import meaning_diff
from cardgen.engines.forge.backend import ForgeBackend
from cardgen.engines.forge.build import RenderError
from cardgen.engines.forge.reader import read_script
from cardgen.engines.xmage import lower_effects
from cardgen.engines.xmage.backend import XMageBackend
from cardgen.engines.xmage.forms import carried_fields, form_subject
from cardgen.engines.xmage.problems import Unsupported
from cardgen.engines.xmage.reader import read_class
from cardgen.model.card import Card
from cardgen.vocab.xmage_forms import Form

CREATURE = {"types": ["creature"]}
SUBJECTS: dict[str, list[Any]] = {
    "target": [{"target": CREATURE}, {"target": {"player": "any"}}, {"target": {"player": "opponent"}},
               {"target": {"any_target": True}}, {"target": {"zone": "stack"}},
               {"target": {"zone": "graveyard", "owner": "you", "types": ["creature"]}},
               {"target": {"zone": "graveyard", "types": ["creature"]}},
               {"target": {"types": ["creature"], "controller": "you"}}, {"ref": "exiled"}],
    "all": [{"all": CREATURE}],
    "controller": [{"ref": "first", "relation": "controller"}],
}
"""Subjects of each shape to try (a player or object word stands for itself)."""

VALUES: dict[str, list[Any]] = {
    "amount": [2, 1, {"count": "cards_in_hand"}], "power": [2], "toughness": [1], "keywords": [["flying"]],
    "counter": ["+1/+1"],
    "counters": [[{"counter": "+1/+1", "amount": 1}]], "token": ["food"],
    "filter": [CREATURE, {"zone": "library", "types": ["creature"]}],
    "set_pt": ["1/1"], "to": [{"target": {"types": ["creature"], "controller": "not_you"}}],
    "other": [{"target": {"types": ["creature"], "controller": "not_you"}}],
    "what": [{"target": {"types": ["creature"], "controller": "you"}}, "self"],
}
"""Values to try for a field a form carries (beyond its fixed ones and its subject)."""

BEFORE = {"effect": "tap", "id": "first", "what": {"target": CREATURE}}
"""The effect a `{ref: first}` subject refers to."""
EXILE = {"effect": "exile", "id": "exiled", "what": {"target": CREATURE}}
"""The effect a `{ref: exiled}` subject refers to: an effect on the exiled card is done later (a delayed
trigger's), as a card is returned from exile."""


def _card(types: list[str], effects: list[dict[str, Any]]) -> Card:
    data: dict[str, Any] = {
        "name": "Form Walker", "mana_cost": "{2}", "types": types,
        "printings": [{"set": "CGT", "number": "1", "rarity": "common"}],
    }
    if types == ["Creature"]:
        data.update(pt="2/2",
                    abilities=[{"kind": "triggered", "event": "enters", "text": "Do it.", "effects": effects}])
    else:
        data["abilities"] = [{"kind": "spell", "text": "Do it.", "effects": effects}]
    return Card.model_validate(data)


def _effects(kind: str, form: Form) -> Iterator[list[dict[str, Any]]]:
    """Effect lists whose last effect `form` may fit, most likely first."""
    construct = vocab.EFFECTS[kind]
    subject = form_subject(construct)
    fields = construct.model.model_fields
    carried = carried_fields(form, construct)
    extra = [name for name in fields if name in carried and name in VALUES and name not in form.fixed
             and name != subject]
    subjects = SUBJECTS.get(form.shape, [form.shape]) if subject else [None]
    for subject_value, *values in itertools.product(subjects, *(VALUES[name] for name in extra)):
        effect: dict[str, Any] = {"effect": kind, **form.fixed, **dict(zip(extra, values, strict=True))}
        if subject is not None:
            effect[subject] = subject_value
        if form.shape == "controller":
            yield [BEFORE, effect]
        elif subject_value == {"ref": "exiled"}:
            yield [EXILE, {"effect": "delayed_trigger", "at": "next_end_step", "effects": [effect]}]
        else:
            yield [effect]


def _written() -> list[tuple[str, Form]]:
    return [(kind, form) for kind, construct in vocab.EFFECTS.items() for form in construct.xmage.forms]


def _fitting(kind: str, form: Form, monkeypatch: pytest.MonkeyPatch) -> tuple[Card, str] | None:
    """A card the form fits alone (the writer offered only this form of the kind) and its class: the first
    Forge can be told as well, else the first XMage can."""
    others = {k: list(c.xmage.forms) for k, c in vocab.EFFECTS.items() if k != kind}
    monkeypatch.setattr(lower_effects, "forms_for", lambda k: [form] if k == kind else others.get(k, []))
    first = None
    for effects, types in itertools.product(_effects(kind, form), (["Instant"], ["Creature"])):
        try:
            card = _card(types, effects)
            source = XMageBackend().render_card(card)
        except (Unsupported, ValueError):
            continue
        if f"new {form.java}(" not in source:
            continue
        try:
            ForgeBackend().render_card(card)
        except RenderError:
            first = first or (card, source)
            continue
        return card, source
    return first


@pytest.mark.parametrize(("kind", "form"), _written(), ids=[f"{k}-{f.java}-{f.shape}-{i}"
                                                            for i, (k, f) in enumerate(_written())])
def test_every_xmage_writer_form_reads_back(kind: str, form: Form, monkeypatch: pytest.MonkeyPatch) -> None:
    found = _fitting(kind, form, monkeypatch)
    assert found is not None, f"no example card fits the XMage form {form.java} ({kind} on {form.shape})"
    card, source = found
    back = read_class(source, registrations_for(card))
    assert back.card is not None, f"the XMage form {form.java} ({kind} on {form.shape}) has no reader: " \
                                  f"{[d.message for d in back.diagnostics]}"
    assert meaning_diff(back.card, card, ("xmage", "spec")) == [], form
    monkeypatch.undo()
    try:
        script = ForgeBackend().render_card(card)
    except RenderError:
        return  # Forge can't be told this shape of the effect: nothing is written, nothing to read
    forge_back = read_script(script, "form_walker.txt")
    assert forge_back.card is not None, f"Forge's form of {kind} on {form.shape} has no reader: " \
                                        f"{[d.message for d in forge_back.diagnostics]}\n{script}"
    assert meaning_diff(forge_back.card, card, ("forge", "spec")) == [], script
