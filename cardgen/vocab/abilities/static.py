"""The `static` ability: continuous effects while the permanent is on the battlefield."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.model.card import StaticAbility
from cardgen.vocab.construct import AbilityConstruct
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.script import Static
    from cardgen.engines.xmage.lower import Block, CardLowering

CONSTRUCT = AbilityConstruct("static", StaticAbility)


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {"ability": [Form("{s:static}.", {"kind": "static", "effects": [V("s")]})]})
CONSTRUCT.put("text_order", 5)
"""A static effect's forms that depend on the promise go before this one (`phrasing.forms`)."""


@CONSTRUCT.slot("text_compose")
def _text_compose(result: dict[str, Any], line: str, spell: bool, taken: set[str], compose: Any) -> Any:
    return None if spell else {"kind": CONSTRUCT.kind, "text": line, "effects": result["effects"]}


@CONSTRUCT.slot("text_render")
def _text_render(ability: dict[str, Any], sentences_of: Any) -> dict[str, Any] | None:
    return {key: item for key, item in ability.items() if key != "text"}


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_statics")
def _forge(b: ScriptBuilder, ability: StaticAbility) -> list[Static]:
    """One `S:Mode$ Continuous` line per static effect."""
    return b.static_lines(ability)


# ------------------------------------------------------------------------------------------------ XMage

@CONSTRUCT.slot("xmage_block")
def _xmage(w: CardLowering, ability: StaticAbility) -> Block:
    """`SimpleStaticAbility` per static effect, each saying its clause of the line; a line whose effects
    depend on the promise ("... If the gift was promised, they also have menace") is one ability, as
    XMage's cards write it."""
    block = w.Block(ability.text)
    per_static = [w.static_effects(static) for static in ability.effects]
    pieces = w.line_clauses(ability.text, sum(len(effects) for effects in per_static))
    block.rules = w.effects_rule(pieces)
    clause = iter(pieces)
    if any(getattr(static, "condition", None) for static in ability.effects):
        per_static = [[effect for effects in per_static for effect in effects]]
    for effects in per_static:
        said = [w.static_with_text(effect, next(clause)) for effect in effects]
        head = w.new(w.use(CONSTRUCT.hook("xmage_static_part")), said[0])
        w.add_hosted(block, w.Host("ability"), head, said[1:])
    return block


CONSTRUCT.put("xmage_static_part", "SimpleStaticAbility")
"""The framework class of its abilities, one per static effect; that class reads back as this kind."""


# --------------------------------------------------------------------------------------- canonical form

CONSTRUCT.put("canonical_order", 6)
CONSTRUCT.put("canonical_split", True)
"""Static effects on one line or several are the same abilities."""


@CONSTRUCT.slot("canonical")
def _canonical(c: Any, ability: dict[str, Any]) -> dict[str, Any] | None:
    for effect in ability["effects"]:
        c.own_parts(effect)
    return ability


# --------------------------------------------------------------------------------------------- scaffold

@CONSTRUCT.slot("scaffold_guess")
def _scaffold_guess(line: str, spell: bool) -> str | bool:
    """Any other line of a permanent."""
    return not spell
