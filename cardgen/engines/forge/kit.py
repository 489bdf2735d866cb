"""The Forge writer's kit: the stateless pieces a construct's Forge form is written with.

A construct module (`cardgen/vocab/effects/<kind>.py`) writes its Forge form by calling these on the writer it
is handed (`w.valid(...)`, `w.zone(...)`, `w.error(...)`), because it may not import this package at run time.
Both the effect writer (abilities) and the script builder (static abilities) carry the kit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardgen import vocab
from cardgen.engines.forge.chain import RenderError
from cardgen.engines.forge.hints import noun_phrase
from cardgen.engines.forge.syntax import COUNTERS, KEYWORDS, Params
from cardgen.engines.forge.tokens import token_script
from cardgen.engines.forge.valid import valid_expression
from cardgen.model.card import ObjectFilter, TokenDef
from cardgen.vocab import subject as vocab_subject
from cardgen.vocab.construct import ConditionConstruct

PLAYER_WORDS: dict[str, str] = vocab_subject.table(vocab_subject.forge_word, names="player")
"""Player word -> its `Defined$` value (`each_opponent` -> `Opponent`), from the subject constructs."""
OBJECT_WORDS: dict[str, str] = vocab_subject.table(vocab_subject.forge_word, names="object")
"""Object word -> its `Defined$` value (`self` -> `Self`), from the subject constructs."""
TARGET_PLAYERS: dict[str, str] = {"any": "Player", "opponent": "Opponent", "you": "You"}
PLAYER_GROUPS: dict[str, str] = vocab_subject.table(lambda c: c.forge.player_group)
"""Players a static ability of an Effect applies to (`Caster$`, `ValidPlayer$`), from the subject constructs."""

ZONE_NAMES: dict[str, str] = {
    "battlefield": "Battlefield", "graveyard": "Graveyard", "hand": "Hand", "stack": "Stack",
    "exile": "Exile", "library": "Library",
}


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


class ForgeKit:
    """Forge's words for the spec's words, and the small parameter forms every construct shares."""

    @staticmethod
    def error(message: str) -> RenderError:
        """The FG101 error to raise when the spec says something this construct cannot tell Forge."""
        return RenderError("FG101", message)

    @staticmethod
    def valid(selector: ObjectFilter, extra: tuple[str, ...] = (), any_object: str | None = None) -> str:
        """The valid expression of a selector (`Creature.OppCtrl`); see `valid.valid_expression`."""
        return valid_expression(selector, extra=extra, any_object=any_object)

    @staticmethod
    def zone(zone: str) -> str:
        """`graveyard` -> `Graveyard`."""
        return ZONE_NAMES[zone]

    @staticmethod
    def counter_type(counter: str) -> str:
        """`+1/+1` -> `P1P1`."""
        return COUNTERS[counter]

    @staticmethod
    def keywords(words: Sequence[str]) -> str:
        """`[flying, first_strike]` -> `Flying & First Strike`."""
        return " & ".join(KEYWORDS[word] for word in words)

    @staticmethod
    def player_word(subject: object) -> str | None:
        """The `Defined$` word of a player word (`each_opponent` -> `Opponent`), None for anything else."""
        return PLAYER_WORDS.get(subject) if isinstance(subject, str) else None

    @staticmethod
    def object_word(subject: object) -> str | None:
        """The `Defined$` word of an object word (`self` -> `Self`), None for anything else."""
        return OBJECT_WORDS.get(subject) if isinstance(subject, str) else None

    @staticmethod
    def player_group(subject: object) -> str | None:
        """The word for the players a static ability applies to (`Caster$`, `ValidPlayer$`), or None."""
        return PLAYER_GROUPS.get(subject) if isinstance(subject, str) else None

    @staticmethod
    def token_script(token: str | TokenDef) -> str:
        """The `TokenScript$` name of a token (FG101 when Forge has no script named for it)."""
        try:
            return token_script(token)
        except ValueError as error:
            raise RenderError("FG101", str(error)) from None

    @staticmethod
    def noun_phrase(selector: ObjectFilter) -> str:
        """`nonland permanent`, `creature token`: how a prompt or message names a selector."""
        return noun_phrase(selector)

    @staticmethod
    def condition(kind: Any) -> ConditionConstruct:
        """The construct of a condition (`promised`, or a condition model's value), whose Forge group spells it."""
        return vocab.condition(kind)

    @staticmethod
    def timing(duration: str) -> Params:
        """`Duration$` for a duration other than Forge's default (end of turn), as its construct says."""
        forge = vocab.DURATIONS[duration].forge
        return [] if forge.default else [("Duration", forge.value)]

    def number(self, key: str, value: object, default: int | None = 1) -> Params:
        """`key$ value` for an amount, left out when it is Forge's default (None: always written); a counted
        amount as a count SVar (`key$ X` with `SVar:X:<its kind's expression>`, `vocab.amounts`)."""
        if value == default:
            return []
        form = vocab.amount_of(value).forge
        spelled = form.write(self, value)
        return [(key, self.amount_svar(spelled) if form.svar else spelled)]

    def amount_svar(self, expression: str) -> str:
        """The name of a count SVar holding `expression` (identical ones share a name)."""
        raise NotImplementedError  # the script builder keeps the SVars; the effect writer asks it

    @staticmethod
    def signed(value: int) -> str:
        """`+2`, `-1`: a P/T change as Forge writes it."""
        return signed(value)
