"""Build a synthetic corpus of N valid specs from the shipped ones: deterministic renamed copies.

Copy i of a shipped card gets the name `<Name> <i:06>`; every occurrence of the card's own name in its
oracle and ability texts is renamed with it (cards refer to themselves by name), and its printings are
replaced by one printing in the benchmark set `BEN`, numbered i + 1. The result validates clean, so
validate/export/check time real work.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import yaml

from cardgen.naming import slug

BENCH_SET = "BEN"
SET_YAML = "name: cardgen benchmark corpus\ncode: BEN\nrelease_date: 2024-01-01\ntype: test\n"


def _rename(value: Any, old: str, new: str) -> Any:
    if isinstance(value, dict):
        return {key: (item.replace(old, new) if key in ("text", "oracle") and isinstance(item, str)
                      else _rename(item, old, new)) for key, item in value.items()}
    if isinstance(value, list):
        return [_rename(item, old, new) for item in value]
    return value


def shipped_specs(specs_root: Path) -> list[dict[str, Any]]:
    """The shipped card specs as plain data, sorted by name (set.yaml files excluded)."""
    cards = [yaml.safe_load(path.read_text(encoding="utf-8"))
             for path in sorted(specs_root.rglob("*.yaml")) if path.name != "set.yaml"]
    return sorted(cards, key=lambda card: card["name"])


def build_corpus(specs_root: Path, destination: Path, count: int) -> Path:
    """Write `count` specs (plus set.yaml) under `destination/ben/`; returns that folder."""
    templates = shipped_specs(specs_root)
    folder = destination / BENCH_SET.lower()
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    (folder / "set.yaml").write_text(SET_YAML, encoding="utf-8")
    for index in range(count):
        template = templates[index % len(templates)]
        name = f"{template['name']} {index:06}"
        card = _rename(template, template["name"], name)
        card["name"] = name
        card["printings"] = [{"set": BENCH_SET, "number": index + 1, "rarity": template["printings"][0]["rarity"]}]
        text = yaml.dump(card, sort_keys=False, allow_unicode=True, width=10_000, Dumper=yaml.SafeDumper)
        (folder / f"{slug(name)}.yaml").write_text(text, encoding="utf-8")
    return folder
