"""The plain-data shape of a Forge API form, as an effect construct declares it (`forge.api`).

An effect kind Forge does with one API whose parameters map one to one onto the effect's fields (`DB$ Draw |
Defined$ Opponent | NumCards$ 2`) says so once, as data: the Forge engine writes the ability from it
(`cardgen.engines.forge.api_forms.write`) and reads the ability back with it (`api_forms.readers`), so the
writer and the reader can't drift apart. A kind whose Forge form is more than this keeps its own `write`
and `reads` hooks. Like the XMage forms (`vocab.xmage_forms`), a form carries the fields it names, and an
effect with any other field set is refused rather than written without it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ApiForm:
    """One Forge API an effect kind is written as, its parameters stated once."""

    api: str
    subject: str
    """The spec field whose subject is `ValidTgts$` or `Defined$` (left out where Forge's default says
    it: You for a player, Self for an object)."""
    player: bool = False
    """The subject is a player (its default is You), else an object (Self)."""
    all_api: str | None = None
    """The API an "all ..." subject is written with, its selector as `ValidCards$` (`DestroyAll`)."""
    counter: str | None = None
    """The parameter the effect's `counter` kind is (`CounterType`, Forge's counter name)."""
    amount: str | None = None
    """The parameter the effect's `amount` is (`NumCards`)."""
    amount_default: int = 1
    """Forge's amount where the parameter is left out; the writer leaves it out when the amount is this."""
    amount_always: bool = False
    """The amount is written even when it is `amount_default` (where a card must not depend on Forge's)."""
    fixed: tuple[tuple[str, str], ...] = ()
    """Parameters always written, which the reader requires (`Mode$ TgtChoose`)."""
    flags: tuple[tuple[str, str], ...] = ()
    """(boolean field, parameter): `Parameter$ True` is written when the field is set (`Optional$`)."""

    def fields(self) -> tuple[str, ...]:
        """The spec fields the form carries."""
        return (self.subject, *(("counter",) if self.counter else ()), *(("amount",) if self.amount else ()),
                *(name for name, _ in self.flags))


__all__ = ["ApiForm"]
