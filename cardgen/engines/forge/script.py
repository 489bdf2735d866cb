"""The typed model of a Forge card script: one node per line form, as `templates/forge/card.txt.j2` prints it.

Python (the script builder, the effect writer and the constructs' Forge forms) chooses the forms and fills in
the data; the templates spell each form once (`templates/forge/_lines.j2`, one macro per `form`), so a Forge
maintainer reads the template as the file it makes. Values were checked by the builder (no `|`, `$` or line
break), so no value can add a parameter or a line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from cardgen.engines.forge.syntax import Params


@dataclass
class Ability:
    """`<kind>$ <api> | <params> | SubAbility$ <next> | SpellDescription$ <text>`: one Forge ability, the
    spell's own (`SP`) or one an SVar holds (`DB`); the link and the text only where there are any."""

    form: ClassVar[str] = "ability"
    kind: str
    api: str
    params: Params = field(default_factory=list)
    sub_ability: str | None = None
    description: str | None = None


@dataclass
class Trigger:
    """`Mode$ <mode> | <params> | Execute$ <svar> | TriggerDescription$ <text>`: a `T:` line."""

    form: ClassVar[str] = "trigger"
    mode: str
    params: Params
    execute: str
    description: str
    secondary: list[tuple[str, Params]] = field(default_factory=list)
    """(Mode$, parameters) of further `T:` lines of the same ability, each with `Secondary$ True`, the same
    `Execute$` and description (an event Forge says with several triggers: "when this enters or dies")."""


@dataclass
class Static:
    """`Mode$ <mode> | <params> | Description$ <text>`: an `S:` line, or a static ability an Effect names.
    An `S:` line continuing the static ability before it has no description."""

    form: ClassVar[str] = "static"
    mode: str
    params: Params
    description: str | None = None


@dataclass
class Replacement:
    """`Event$ <event> | <params> | Description$ <text>`: an `R:` line (a replacement effect; its
    `ReplaceWith$` among the params names the SVar that does what happens instead)."""

    form: ClassVar[str] = "replacement"
    event: str
    params: Params
    description: str


@dataclass
class Count:
    """`Count$PromisedGift.<if promised>.<if not>`: a count that depends on the gift promise."""

    form: ClassVar[str] = "count"
    if_promised: int
    if_not: int


@dataclass
class CountedAmount:
    """A counted amount's expression (`PlayerCountOpponents$Amount`), as its amount kind spells it."""

    form: ClassVar[str] = "amount"
    expression: str


@dataclass
class Hint:
    """A plain value only Forge's AI reads (`TRUE`, `GainControl`)."""

    form: ClassVar[str] = "hint"
    value: str


@dataclass
class SVar:
    """`SVar:<name>:<value>`."""

    name: str
    value: Ability | Static | Trigger | Replacement | Count | CountedAmount | Hint


@dataclass
class Keyword:
    """`K:<word>` or `K:<word>:<arg>:...` (`K:Enchant:Creature.OppCtrl:creature an opponent controls`)."""

    word: str
    args: tuple[str, ...] = ()


@dataclass
class DeckHint:
    """`DeckHas:Ability$Discard`, `DeckNeeds:Keyword$Gift`, `DeckHints:Keyword$Madness & Ability$Delirium`: what
    Forge's deck generation pairs the card with (each part a kind and its `|`-joined values)."""

    line: str
    parts: list[tuple[str, str]]


@dataclass
class Script:
    """A whole card script, in file order."""

    name: str
    mana_cost: str
    types: str
    pt: str | None
    keywords: list[Keyword]
    gift: SVar | None
    spells: list[Ability]
    triggers: list[Trigger]
    statics: list[Static]
    replacements: list[Replacement]
    svars: list[SVar]
    deck_hints: list[DeckHint]
    oracle: str
