"""What each engine's export would refuse (`cardgen.engines.refusals`), reported before anything is written.

The models are built once per card and kept in the report's shared scratch space, where
`cardgen.validate.printed` reads the same models to compare their text with the oracle.
"""

from __future__ import annotations

from cardgen.engines.refusals import Built, build
from cardgen.validate.context import CardReport

ENGINES = ("forge", "xmage")


def built(report: CardReport, engine: str) -> Built:
    """The engine's model of the report's card, built on first use and shared by the card's checks."""
    shared = report.shared if report.shared is not None else {}
    key = f"engine:{engine}"
    found = shared.get(key)
    if found is None:
        try:
            found = build(engine, report.loaded)
        except Exception as error:  # noqa: BLE001 - reported once by the engines check, as CG901
            found = Built(None, None, f"{type(error).__name__}: {error}")
        shared[key] = found
    return found


def check_engines(report: CardReport) -> None:
    for engine in ENGINES:
        made = built(report, engine)
        if made.crash is not None:
            report.add("CG901", f"the {engine} model of the card failed: {made.crash} (export would fail too)")
        elif made.refusal is not None and not _named_elsewhere(report, made.refusal.code):
            report.items.append(made.refusal)


def _named_elsewhere(report: CardReport, code: str) -> bool:
    """A card class name XMage can't use is the naming check's (CG405, CG406, CG411: the same predicate)."""
    if code != "XMG102":
        return False
    from cardgen.engines.xmage.names import class_name_problem
    from cardgen.naming import class_name

    return class_name_problem(class_name(report.loaded.card.name), card=True) is not None


__all__ = ["built", "check_engines"]
