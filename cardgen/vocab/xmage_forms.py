"""The plain-data shape of an XMage form, as an effect construct declares it (`xmage.forms`).

A construct lists, in the order the writer tries them, the XMage framework effects that implement it:
for a subject of `shape`, construct `java` with these argument words. The XMage engine
(`cardgen.engines.xmage.forms`) gathers every construct's forms into the one table it reads in both
directions - the writer picks the first form that fits an effect, the reader finds a form by class name
and argument count - and interprets the argument words and `when` tests; this module only holds the
data, so a construct module can declare its forms without importing the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Form:
    """One way of writing an effect kind as an XMage framework effect."""

    kind: str
    """The effect kind (filled in by the table from the declaring construct)."""
    shape: str
    """`target` (a target, or a ref to one), `controller` (that target's controller), `all`, a player or
    object word (`you`, `each_player`, `each_opponent`, `self`, `enchanted`, `equipped`), or `none`."""
    java: str
    args: tuple[str, ...] = ()
    fixed: dict[str, Any] = field(default_factory=dict)
    """Spec field values this form implies; it fits only effects with exactly these values."""
    when: str | None = None
    """An extra applicability test by name: a zone or card test the engine knows (`lower.FORM_TESTS`), or
    the construct's own `xmage.when[name]`."""


ARG_FIELDS: dict[str, tuple[str, ...]] = {
    "amount": ("amount",), "dynamic_amount": ("amount",), "static_amount": ("amount",),
    "power": ("power",), "toughness": ("toughness",), "duration": ("duration",),
    "filter": (), "keyword": ("keywords",), "counter": ("counter", "amount"), "counters": ("counters",),
    "token": ("token",),
}
"""The spec fields each of the engine's own argument words writes (`filter` writes the subject's selector,
which the form's `shape` already carries); a construct's own words and `when` tests say theirs in
`xmage.covers`. A form carries its `fixed` fields, its subject and the fields its words and test cover;
it fits only an effect whose every other field is unset (its default), so no field is dropped unseen."""


def form(shape: str, java: str, *args: str, when: str | None = None, **fixed: Any) -> Form:
    """A form declaration (its kind is the declaring construct's, filled in when the table is built)."""
    return Form("", shape, java, tuple(args), dict(fixed), when)


__all__ = ["ARG_FIELDS", "Form", "form"]
