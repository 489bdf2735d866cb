"""The `static` ability: continuous effects while the permanent is on the battlefield."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from cardgen.model.parts import AbilityBase, OracleLine
from cardgen.vocab.construct import AbilityCanonical, AbilityConstruct, AbilityText, ForgeAbility, XMageAbility
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.script import Static
    from cardgen.engines.xmage.lower import Block, CardLowering
    from cardgen.model.card import StaticEffect

STATIC_CLASS = "SimpleStaticAbility"
"""The framework class of a static ability (the reader reads it back as one of this kind)."""

# ------------------------------------------------------------------------------------------ the spec model

class StaticAbility(AbilityBase):
    kind: Literal["static"]
    text: OracleLine
    effects: Annotated[list[StaticEffect], Field(min_length=1)]


# ------------------------------------------------------------------------------------ text and phrasing


def _text_compose(result: dict[str, Any], line: str, spell: bool, taken: set[str], compose: Any) -> Any:
    return None if spell else {"kind": CONSTRUCT.kind, "text": line, "effects": result["effects"]}


def _text_render(ability: dict[str, Any], sentences_of: Any) -> dict[str, Any] | None:
    return {key: item for key, item in ability.items() if key != "text"}


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder, ability: StaticAbility) -> list[Static]:
    """One `S:Mode$ Continuous` line per static effect."""
    return b.static_lines(ability)


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, ability: StaticAbility) -> Block:
    """`SimpleStaticAbility` per static effect, each saying its clause of the line; a line whose effects
    depend on the promise ("... If the gift was promised, they also have menace") is one ability, as
    XMage's cards write it."""
    block = w.Block(ability.text)
    per_static = [w.static_effects(static) for static in ability.effects]
    word, line = _ability_word(w, ability)
    pieces = w.line_clauses(line, sum(len(effects) for effects in per_static))
    block.rules = w.effects_rule(pieces)
    if word is not None and block.rules is not None:  # AbilityImpl.getRule: the ability word in italics first
        block.rules = f"<i>{_word_printed(word)[:-3]}</i> &mdash; {block.rules}"
    clause = iter(pieces)
    if any(getattr(static, "condition", None) for static in ability.effects):
        per_static = [[effect for effects in per_static for effect in effects]]
    for effects in per_static:
        said = [w.static_with_text(effect, next(clause)) for effect in effects]
        head: Any = w.new(w.use(STATIC_CLASS), said[0])
        if word is not None:  # "Threshold — ...": XMage prints the ability word before the ability's text
            head = w.call(head, "setAbilityWord", w.const(f"AbilityWord.{word}"))
        w.add_hosted(block, w.Host("ability"), head, said[1:])
    return block


def _word_printed(word: str) -> str:
    """`THRESHOLD` -> "Threshold — ", as the card prints the ability word."""
    return word.replace("_", " ").capitalize() + " — "


def _ability_word(w: CardLowering, ability: StaticAbility) -> tuple[str | None, str]:
    """The `AbilityWord` member of the condition the line's effects share, if it has one (207.2c), and the
    line without the ability word, which XMage prints itself."""
    words = {w.condition_ability_word(condition) if (condition := getattr(static, "condition", None)) else None
             for static in ability.effects}
    word = words.pop() if len(words) == 1 else None
    if word is None:
        return None, ability.text
    printed = _word_printed(word)
    return word, ability.text[len(printed):] if ability.text.startswith(printed) else ability.text


# --------------------------------------------------------------------------------------- canonical form


def _canonical(c: Any, ability: dict[str, Any]) -> dict[str, Any] | None:
    for effect in ability["effects"]:
        c.own_parts(effect)
    return ability


# --------------------------------------------------------------------------------------------- scaffold

def _scaffold_guess(line: str, spell: bool) -> str | bool:
    """Any other line of a permanent."""
    return not spell


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AbilityConstruct(
    kind="static", model=StaticAbility,
    text=AbilityText(
        phrasings={"ability": [Form("{s:static}.", {"kind": "static", "effects": [V("s")]})]},
        # A static effect's forms that depend on the promise go before this one (`phrasing.forms`).
        order=5,
        compose=_text_compose,
        render=_text_render,
        guess=_scaffold_guess,
    ),
    canonical=AbilityCanonical(
        order=6,
        # Static effects on one line or several are the same abilities.
        split=True,
        rewrite=_canonical,
    ),
    forge=ForgeAbility(statics=_forge),
    xmage=XMageAbility(
        block=_xmage,
        # The framework class of its abilities, one per static effect; that class reads back as this kind.
        static_part=STATIC_CLASS,
    ),
)
