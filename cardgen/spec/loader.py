"""Load spec files into a `Catalog` (minimal version; the full loader adds positions and duplicate keys)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import yaml
from pydantic import ValidationError

from cardgen.diagnostics import Diagnostic, Location
from cardgen.spec.catalog import Catalog, LoadedCard, LoadedSet
from cardgen.spec.model import Card, SetInfo


def spec_files(paths: Sequence[Path]) -> list[Path]:
    files: set[Path] = set()
    for path in paths:
        if path.is_dir():
            files.update(p for p in path.rglob("*.yaml") if p.is_file())
        else:
            files.add(path)
    return sorted(files)


def load_catalog(paths: Sequence[Path]) -> Catalog:
    catalog = Catalog()
    for file in spec_files(paths):
        try:
            data = yaml.safe_load(file.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
            catalog.diagnostics.append(Diagnostic("CG001", str(error), Location(str(file))))
            continue
        try:
            if file.name == "set.yaml":
                info = SetInfo.model_validate(data)
                catalog.sets[info.code] = LoadedSet(info, file)
            else:
                catalog.cards.append(LoadedCard(Card.model_validate(data), file))
        except ValidationError as error:
            catalog.diagnostics.append(Diagnostic("CG100", str(error), Location(str(file))))
    catalog.cards.sort(key=lambda loaded: loaded.card.name)
    return catalog
