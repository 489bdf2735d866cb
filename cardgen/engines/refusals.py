"""What each engine's export refuses to write for a card, asked by `cardgen validate` the way export asks it.

Each engine builds its model of the card with one function, which the renderer writes and the validator
reads: Forge's script model (`forge.build.build_script`) and XMage's class model (`xmage.model.card_class`).
A card either gives the model or raises the refusal (FG100, FG101; XMG100-XMG102) the export reports, and
XMage's class is then checked against XMage's constructors by the function export writes it with
(`xmage.render.checked_text`, XMG105), so `validate` reports each refusal with the export's own code,
message and place, without a second copy of the rules. Both models are built once per card
(`CardReport.shared`), and `cardgen.validate.printed` compares the text of the same models with the oracle.

A refusal belongs to one engine: a command that writes or reads only some engines (`export --engine forge`,
`install`, `diff`) leaves out the others' (`for_engines`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardgen.diagnostics import Diagnostic

if TYPE_CHECKING:
    from cardgen.model.catalog import LoadedCard

PREFIXES: dict[str, str] = {"forge": "FG", "xmage": "XMG"}
"""The code prefix of each engine's diagnostics."""

CARD_REFUSALS: dict[str, tuple[str, ...]] = {
    "forge": ("FG100", "FG101"),
    "xmage": ("XMG100", "XMG101", "XMG102", "XMG105"),
}
"""The codes each engine's card model refuses a card with, which `validate` reports as export does. The
others an export can stop on are reported by validate under the codes of its checks that share their
predicate, and export, which validates first, stops on those: a class or file name no engine can use
(XMG102 of the card class, XMG104, a set's FG100) is CG405, CG406, CG407, CG410 or CG411. XMG105, a
`new X(...)` that matches none of XMage's constructors of X, is checked on the text the template writes
from the model (`xmage.render.checked_text`, parsed as Java), which validate writes as export does."""


@dataclass(frozen=True, slots=True)
class Built:
    """One engine's model of a card (None when the engine refuses it) and the refusal, if any; `crash`:
    what went wrong when building the model failed otherwise (a fault of cardgen, not of the spec);
    `text`: the file the engine's export writes for the card, where checking the model wrote it (XMage's
    class, checked for XMG105), so that export need not render it again (`cardgen.validate.validate_catalog`'s
    `texts`)."""

    model: Any
    refusal: Diagnostic | None
    crash: str | None = None
    text: str | None = None


def build(engine: str, loaded: LoadedCard) -> Built:
    """The engine's model of the card, built by the function its renderer writes, or its refusal."""
    if engine == "forge":
        from cardgen.engines.forge.build import RenderError, build_script, refusal

        try:
            return Built(build_script(loaded.card), None)
        except RenderError as error:
            return Built(None, refusal(error, loaded))
    from cardgen.engines.xmage.model import card_class
    from cardgen.engines.xmage.model import refusal as xmage_refusal
    from cardgen.engines.xmage.problems import Unsupported
    from cardgen.engines.xmage.render import checked_text

    try:
        model = card_class(loaded.card)
        return Built(model, None, text=checked_text(model, loaded.card))
    except Unsupported as problem:
        return Built(None, xmage_refusal(problem, loaded))


def engine_of(code: str) -> str | None:
    """The engine whose diagnostic `code` is (None for cardgen's own)."""
    return next((engine for engine, prefix in PREFIXES.items()
                 if code.startswith(prefix) and code[len(prefix):].isdigit()), None)


def for_engines(diagnostics: Iterable[Diagnostic], engines: Sequence[str] | None) -> list[Diagnostic]:
    """`diagnostics` without the refusals of engines outside `engines` (all kept when None)."""
    if engines is None:
        return list(diagnostics)
    return [d for d in diagnostics if engine_of(d.code) in (None, *engines)]


__all__ = ["CARD_REFUSALS", "PREFIXES", "Built", "build", "engine_of", "for_engines"]
