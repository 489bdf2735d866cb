"""Build a synthetic corpus of N valid specs from the shipped ones: deterministic renamed copies.

Copy i of a shipped card gets the name `<Name> <i:06>`; every occurrence of the card's own name in its
oracle and ability texts is renamed with it (cards refer to themselves by name), each printed translation's
name gets the same number (names are unique per language in a set, CG314), and its printings are
replaced by one printing in a benchmark set. Collector numbers have at most four digits, so the copies
are spread over sets of `PER_SET` cards (`BN00`, `BN01`, ... in folders `bn00/`, `bn01/`, ...), each
with its own `set.yaml`, numbered from 1 — the shape of a real card repository. Files are written in the
style of the shipped specs (block mappings, multi-line text as `|-` blocks). The result validates clean,
so validate/export/check time real work.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import yaml

from cardgen.naming import slug

PER_SET = 1000
SET_YAML = "name: cardgen benchmark {index:02}\ncode: {code}\nrelease_date: 2024-01-01\ntype: test\n"


class _SpecDumper(yaml.SafeDumper):
    """Multi-line strings as literal blocks, like the hand-written specs."""


def _represent_str(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_SpecDumper.add_representer(str, _represent_str)


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


def set_code(index: int) -> str:
    return f"BN{index:02}" if index < 100 else f"BN{index}"


def build_corpus(specs_root: Path, destination: Path, count: int) -> Path:
    """Write `count` specs (plus one set.yaml per set) under `destination/`; returns `destination`."""
    templates = shipped_specs(specs_root)
    if destination.exists():
        shutil.rmtree(destination)
    destination.mkdir(parents=True)
    for index in range(count):
        set_index, number = divmod(index, PER_SET)
        code = set_code(set_index)
        folder = destination / code.lower()
        if number == 0:
            folder.mkdir()
            (folder / "set.yaml").write_text(SET_YAML.format(index=set_index, code=code), encoding="utf-8")
        template = templates[index % len(templates)]
        name = f"{template['name']} {index:06}"
        card = _rename(template, template["name"], name)
        card["name"] = name
        for translation in card.get("translations", {}).values():
            translation["name"] = f"{translation['name']} {index:06}"  # unique per language in a set too
        card["printings"] = [{"set": code, "number": number + 1, "rarity": template["printings"][0]["rarity"]}]
        text = yaml.dump(card, sort_keys=False, allow_unicode=True, width=10_000, Dumper=_SpecDumper)
        (folder / f"{slug(name)}.yaml").write_text(text, encoding="utf-8")
    return destination
