"""`XMageBackend`: the `Backend` protocol for XMage (see `cardgen.engines.base`).

Rendering: one Java class per card under `Mage.Sets/src/mage/cards/<letter>/<ClassName>.java` and the set
registration per set (`Mage.Sets/src/mage/sets/<SetClass>.cards.txt` for sets XMage has, a whole
`<SetClass>.java` for sets it lacks; see `sets`). A card XMage's framework can't express is skipped with a
diagnostic; the export command then writes nothing. Reading: `reader.read_class`, which takes the card's
name and printings from the set registrations found under the same checkout or output root.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path

from cardgen.diagnostics import Diagnostic, Location, location_of
from cardgen.engines.base import ReadResult, RenderResult
from cardgen.engines.xmage import basics
from cardgen.engines.xmage.model import refusal
from cardgen.engines.xmage.problems import DUPLICATE_CLASS, READ_NO_PRINTING, RULE, Unsupported
from cardgen.engines.xmage.render import PACKAGE_ROOT, card_class_name, card_path, environment, render_card
from cardgen.engines.xmage.sets import set_files
from cardgen.model.card import Card
from cardgen.model.catalog import Catalog

_TOP_LEVEL_CLASS = re.compile(r"^(?:public )?(?:final )?class (\w+)", re.MULTILINE)


class XMageBackend:
    name = "xmage"

    def __init__(self) -> None:
        self._environment = environment()

    # ------------------------------------------------------------------------------------- render
    def render_card(self, card: Card) -> str:
        """The Java source of one card's class; raises `Unsupported` when XMage can't express the card."""
        return render_card(card, self._environment)

    def render(self, catalog: Catalog, set_codes: frozenset[str] | None = None,
               rendered: Mapping[int, str | None] | None = None) -> RenderResult:
        result = RenderResult()
        result.files.update(self.render_files(catalog, set_codes, result.diagnostics, rendered))
        result.diagnostics.sort(key=Diagnostic.sort_key)
        return result

    def render_files(self, catalog: Catalog, set_codes: frozenset[str] | None, diagnostics: list[Diagnostic],
                     rendered: Mapping[int, str | None] | None = None) -> Iterator[tuple[str, str]]:
        """(path, text) of each file as it is rendered, card classes first, then the set registrations;
        problems are appended to `diagnostics` (unsorted). Lets export write each file as it comes.
        `rendered`: card texts computed beforehand (`cardgen.executor.rendered_cards`), by card identity."""
        owners: dict[str, str] = {}
        by_set: dict[str, list[tuple[Card, str]]] = {}  # each set's rendered cards: one pass, not one per set
        for loaded in catalog.cards:
            card = loaded.card
            if set_codes is not None and not any(p.set in set_codes for p in card.printings):
                continue
            framework = basics.framework_class(card)
            if framework is not None:  # XMage's own class; only its set line is ours
                for code in dict.fromkeys(printing.set for printing in card.printings):
                    by_set.setdefault(code, []).append((card, framework))
                continue
            try:
                path = self.card_path(card)
                text = self._text(card, rendered)
            except Unsupported as problem:
                diagnostics.append(refusal(problem, loaded))
                continue
            package = path.rsplit("/", 1)[0]
            declared = [f"{package}/{name}" for name in _TOP_LEVEL_CLASS.findall(text)]
            clash = next((owners[name] for name in declared if name in owners), None)
            if clash is not None:
                diagnostics.append(Diagnostic(
                    DUPLICATE_CLASS, f"{card.name} and {clash} would both declare a class of the same name in "
                    f"package {package.rsplit('/', 1)[1]} ({path}); rename one card's class or merge them",
                    location_of(str(loaded.path), loaded.positions, ("name",)), RULE))
                continue
            owners.update({name: card.name for name in declared})
            yield path, text
            member = (card, card_class_name(card))
            for code in dict.fromkeys(printing.set for printing in card.printings):
                by_set.setdefault(code, []).append(member)
        for code, loaded_set in sorted(catalog.sets.items()):
            if set_codes is not None and code not in set_codes:
                continue
            members = by_set.get(code)
            if not members:
                continue
            set_file = set_files(self._environment, loaded_set.info, members)
            yield set_file.path, set_file.text

    def _text(self, card: Card, rendered: Mapping[int, str | None] | None) -> str:
        """The card's text from `rendered`, else `render_card` (which raises what it raises)."""
        text = rendered.get(id(card)) if rendered else None
        return text if text is not None else self.render_card(card)

    def card_path(self, card: Card) -> str:
        """The class file of a card; for a basic land, where XMage's framework class would be (no file is
        written there: `read_card` answers from the set registration)."""
        if basics.framework_class(card) is not None:
            return f"{basics.FOLDER}/{card.name}.java"
        return card_path(card)

    # --------------------------------------------------------------------------------------- read
    def read_card(self, path: Path) -> ReadResult:
        from cardgen.engines.xmage.reader import read_class_file

        if path.parent.name == "basiclands" and not path.exists():
            return self._read_basic_land(path)
        return read_class_file(path)

    def _read_basic_land(self, path: Path) -> ReadResult:
        from cardgen.engines.xmage.setindex import index_for

        root = path.parents[5] if len(path.parents) > 5 else path.parent
        registration = index_for(root).get(f"{basics.PACKAGE}.{path.stem}")
        if registration is None:
            return ReadResult(None, [Diagnostic(READ_NO_PRINTING, f"no set registers {basics.PACKAGE}.{path.stem}",
                                                Location(str(path)), RULE)])
        return ReadResult(basics.basic_land(path.stem, registration.printings), [])

    def card_name(self, path: Path) -> str | None:
        """The card name registered for a class file, without reading the class (used by `diff` to find a
        card in a checkout even when the reader can't understand its class)."""
        from cardgen.engines.xmage.setindex import index_for, tree_root

        root = tree_root(path)
        if root is None:
            return None
        registration = index_for(root).get(f"mage.cards.{path.parent.name}.{path.stem}")
        return registration.name if registration is not None else None

    def card_files(self, root: Path) -> list[Path]:
        """Card classes under an XMage checkout or output root (`Mage.Sets/src/mage/cards/*/*.java`), or
        under `root` itself when it is a `cards` folder."""
        base = root / PACKAGE_ROOT
        if not base.is_dir():
            base = root
        from cardgen.inputs import within_root

        self.skipped_files: list[tuple[Path, str]] = []

        return within_root(sorted(p for p in base.glob("*/*.java") if p.parent.name != "basiclands"),
                           root, self.skipped_files)
