"""The construct contract (`cardgen.vocab.construct`): every construct's declared groups are complete, and
every field a group declares is read by a consumer, so nothing a construct module fills is ignored. These
walk the registry and the contract; no test keeps its own list of what a construct may declare."""

from __future__ import annotations

import ast
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from cardgen import vocab
from cardgen.vocab import construct as contract
from cardgen.vocab import subject as vocab_subject

ROOT = Path(__file__).resolve().parents[1] / "cardgen"
CONSTRUCT_CLASSES = (contract.EffectConstruct, contract.AbilityConstruct, contract.EventConstruct,
                     contract.SubjectConstruct)
REGISTRIES: dict[str, dict[str, Any]] = {
    "effect": vocab.EFFECTS, "ability": vocab.ABILITIES, "event": vocab.EVENTS, "subject": vocab_subject.SUBJECTS,
}


def _constructs() -> list[tuple[str, Any]]:
    return [(f"{what} {kind}", construct) for what, registry in REGISTRIES.items()
            for kind, construct in registry.items()]


@pytest.mark.parametrize(("name", "construct"), _constructs(), ids=[name for name, _ in _constructs()])
def test_every_declared_group_is_complete(name: str, construct: Any) -> None:
    assert construct.check() == []


def _group_fields() -> set[tuple[str, str]]:
    """(the attribute a consumer reaches the group by, field name) for every field of every group class,
    found by walking the constructs' declared groups (a nested group: `xmage.sequence`)."""
    found: set[tuple[str, str]] = set()

    def walk(holder: str, value: Any) -> None:
        for name in contract.field_names(value):
            found.add((holder, name))
            inner = getattr(value, name)
            if isinstance(inner, contract.Group):
                walk(name, inner)

    for _name, construct in _constructs():
        for name in contract.field_names(construct):
            group = getattr(construct, name)
            if isinstance(group, contract.Group):
                walk(name, group)
    return found


def _attributes_by_module() -> dict[Path, set[str]]:
    """The attribute names each module of the package reads (`x.name`), the contract module left out (its
    checks read every field)."""
    out: dict[Path, set[str]] = {}
    for path in ROOT.rglob("*.py"):
        if path == Path(contract.__file__):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        out[path] = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    return out


def test_every_field_of_every_group_is_read_by_a_consumer() -> None:
    """A module reads the field (`.write`) where it also reaches the group (`.forge`): a field no consumer
    reads would be filled by construct modules and ignored."""
    modules = _attributes_by_module()
    unread = sorted((holder, name) for holder, name in _group_fields()
                    if not any(name in attributes and holder in attributes for attributes in modules.values()))
    assert unread == []


def test_each_construct_class_holds_only_groups_and_its_identity() -> None:
    """A construct's fields are its kind, its model, its subjects / names, and groups: a new consumer's
    need is a field of a group, documented where the group is declared."""
    identity = {"kind", "model", "subjects", "names"}
    for cls in CONSTRUCT_CLASSES:
        for name in cls._fields:
            assert name in identity or name in {"text", "canonical", "checks", "forge", "xmage", "rule"}, (
                cls.__name__, name)


def test_discovery_refuses_an_incomplete_construct(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check runs where constructs are found, so a half-declared module fails at import with what it
    lacks, not at a consumer."""
    package = tmp_path / "novel_constructs"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "novel.py").write_text(
        "from cardgen.vocab.construct import EventConstruct, EventRule, EventText, ForgeEvent, XMageEvent\n"
        "CONSTRUCT = EventConstruct(kind='novel', text=EventText(phrasings={}, order=9, trigger_phrase='When '),\n"
        "    forge=ForgeEvent(trigger=lambda b, i: ('Novel', []), reads={}),\n"
        "    xmage=XMageEvent(trigger=lambda w, e: e, read_trigger=lambda r, v, h, n: None),\n"
        "    rule=EventRule(happening='novel'))\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    imported = __import__("novel_constructs")
    assert isinstance(imported, types.ModuleType)
    with pytest.raises(ValueError, match=r"trigger event 'novel' .*text: no phrasings; forge: `trigger` has no reader"):
        contract.discover(imported, "trigger event")
    sys.modules.pop("novel_constructs.novel", None)
    sys.modules.pop("novel_constructs", None)
