"""`ForgeBackend`: the `Backend` protocol for Forge (see `cardgen.engines.base`).

Rendering: one script per card under `cardsfolder/<letter>/<slug>.txt` (Forge's own naming), one
edition file per set under `editions/<Set Name>.txt`, and the cards' printed translations in
`languages/cardnames-<lang>.txt` (`cardgen.engines.forge.cardnames`), one file per language any card
has. Reading: `reader.read_script`. A card Forge cannot be told is skipped with a diagnostic (the other
cards still render); the export command refuses to write when any diagnostic is an error.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Mapping
from pathlib import Path

import jinja2

from cardgen.diagnostics import Diagnostic
from cardgen.engines.base import ReadResult, RenderResult
from cardgen.engines.forge import cardnames
from cardgen.engines.forge.build import RenderError, build_script, refusal
from cardgen.engines.forge.edition import build_edition, edition_file_name
from cardgen.engines.forge.reader import read_script
from cardgen.engines.forge.syntax import forge_diagnostic
from cardgen.model.card import Card
from cardgen.model.catalog import Catalog
from cardgen.naming import letter, slug
from cardgen.render.environment import make_environment

CARD_TEMPLATE = "card.txt.j2"
EDITION_TEMPLATE = "edition.txt.j2"
SKIPPED_FOLDERS = frozenset({"tokens", "tokenscripts", "editions", "languages"})
"""Folders of a checkout that hold scripts which are not cards."""


class ForgeBackend:
    name = "forge"
    reads_as_engine = True
    """The reader reads a script as Forge runs it (see `constructs.yaml`), so `cardgen check` also requires
    each read-back to mean what its spec means."""

    def __init__(self) -> None:
        self._environment = make_environment("forge")
        self._card_template: jinja2.Template | None = None

    def _template(self) -> jinja2.Template:
        """The card template, looked up once (`get_template` stats the file on every call)."""
        if self._card_template is None:
            self._card_template = self._environment.get_template(CARD_TEMPLATE)
        return self._card_template

    # ------------------------------------------------------------------------------------- render
    def render_card(self, card: Card) -> str:
        """The script text of one card; raises `RenderError` when Forge cannot be told the card."""
        return self._template().render(script=build_script(card))

    def render(self, catalog: Catalog, set_codes: frozenset[str] | None = None,
               rendered: Mapping[int, str | None] | None = None) -> RenderResult:
        result = RenderResult()
        result.files.update(self.render_files(catalog, set_codes, result.diagnostics, rendered))
        result.diagnostics.sort(key=Diagnostic.sort_key)
        return result

    def render_files(self, catalog: Catalog, set_codes: frozenset[str] | None, diagnostics: list[Diagnostic],
                     rendered: Mapping[int, str | None] | None = None) -> Iterator[tuple[str, str]]:
        """(path, text) of each file as it is rendered, cards first, then the edition files; problems
        are appended to `diagnostics` (unsorted). Lets export write each file as it comes.
        `rendered`: card texts computed beforehand (`cardgen.executor.rendered_cards`), by card identity."""
        by_set: dict[str, list[Card]] = {}  # each set's cards, in catalog order: one pass, not one per set
        for loaded in catalog.cards:
            card = loaded.card
            if set_codes is not None and not any(p.set in set_codes for p in card.printings):
                continue
            for code in dict.fromkeys(printing.set for printing in card.printings):
                by_set.setdefault(code, []).append(card)
            try:
                text = self._text(card, rendered)
            except RenderError as error:
                diagnostics.append(refusal(error, loaded))
                continue
            yield self.card_path(card), text
        template = self._environment.get_template(EDITION_TEMPLATE)
        for code, loaded_set in sorted(catalog.sets.items()):
            if set_codes is not None and code not in set_codes:
                continue
            try:
                edition = build_edition(loaded_set.info, by_set.get(code, []))
            except ValueError as error:
                diagnostics.append(forge_diagnostic("FG100", f"set {code}: {error}", str(loaded_set.path)))
                continue
            yield edition_file_name(loaded_set.info), template.render(edition=edition)
        yield from self._translation_files(catalog, set_codes)

    def _translation_files(self, catalog: Catalog, set_codes: frozenset[str] | None) -> Iterator[tuple[str, str]]:
        """`languages/cardnames-<lang>.txt` per language, with the line of each card printed in it."""
        by_language: dict[str, list[cardnames.Entry]] = {}
        for loaded in catalog.cards:
            card = loaded.card
            if set_codes is not None and not any(p.set in set_codes for p in card.printings):
                continue
            for language, translation in card.translations.items():
                by_language.setdefault(language, []).append(cardnames.Entry(
                    card.name, translation.name, translation.type_line, tuple(translation.text)))
        for language in cardnames.LANGUAGES:
            if language in by_language:
                yield f"languages/{cardnames.file_name(language)}", cardnames.file_text(by_language[language])

    def _text(self, card: Card, rendered: Mapping[int, str | None] | None) -> str:
        """The card's text from `rendered`, else `render_card` (which raises what it raises)."""
        text = rendered.get(id(card)) if rendered else None
        return text if text is not None else self.render_card(card)

    def card_path(self, card: Card) -> str:
        stem = slug(card.name)
        return f"cardsfolder/{letter(stem)}/{stem}.txt"

    # --------------------------------------------------------------------------------------- read
    def read_card(self, path: Path) -> ReadResult:
        from cardgen.inputs import ENGINE_FILE_LIMIT, Refusal, read_text

        text = read_text(path, ENGINE_FILE_LIMIT)
        if isinstance(text, Refusal):
            return ReadResult(None, [forge_diagnostic("FG200", f"cannot read the script: {text.message}", str(path))])
        return read_script(text, str(path))

    def hint_lines(self, text: str) -> list[str]:
        """The AI and deck-building hints of a script (`hints.script_hints`), which `diff` reports apart."""
        from cardgen.engines.forge.hints import script_hints

        return script_hints(text)

    def card_name(self, path: Path) -> str | None:
        """The card name of a script from its `Name:` line alone: a cheap look-up for `diff`, which may
        have to search a whole checkout (tens of thousands of scripts) for one card."""
        from cardgen.inputs import InputRefused, open_binary

        try:
            with io.TextIOWrapper(open_binary(path), encoding="utf-8", errors="replace") as handle:
                for line in handle:
                    if line.startswith("Name:"):
                        return line[len("Name:"):].strip()
        except (OSError, InputRefused):
            return None
        return None

    def card_files(self, root: Path) -> list[Path]:
        """Card scripts under a Forge checkout (`forge-gui/res/cardsfolder`), a `res/` folder, an output
        root (`cardsfolder/`), or any folder of scripts; token and edition folders are left out."""
        for candidate in (root / "forge-gui" / "res" / "cardsfolder", root / "res" / "cardsfolder",
                          root / "cardsfolder"):
            if candidate.is_dir():
                root = candidate
                break
        if root.is_file():
            return [root]
        from cardgen.inputs import within_root

        self.skipped_files: list[tuple[Path, str]] = []

        return within_root(sorted(path for path in root.rglob("*.txt")
                                  if not (SKIPPED_FOLDERS & set(path.relative_to(root).parts[:-1]))),
                           root, self.skipped_files)
