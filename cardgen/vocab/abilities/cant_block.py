"""The `cant_block` ability: "This creature can't block." (509.1b: a restriction on declaring blockers: the
creature is never declared as a blocker while it has the ability)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import AbilityBase, OracleLine
from cardgen.vocab.construct import (
    AbilityCanonical,
    AbilityConstruct,
    AbilityRule,
    AbilityText,
    ForgeAbility,
    XMageAbility,
)
from cardgen.vocab.pattern import Form

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.forge.script import Keyword
    from cardgen.engines.xmage.lower import Block, CardLowering
    from cardgen.engines.xmage.reader import ClassReader


# ------------------------------------------------------------------------------------------ the spec model

class CantBlockAbility(AbilityBase):
    kind: Literal["cant_block"]
    text: OracleLine


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "ability": [
        Form("this creature can't block.", {"kind": "cant_block"}),
        Form("~ can't block.", {"kind": "cant_block"}, parse_only=True),
    ],
}


def _text_compose(result: dict[str, Any], line: str, spell: bool, taken: set[str], compose: Any) -> Any:
    return None if spell else {"kind": CONSTRUCT.kind, "text": line}


def _text_render(ability: dict[str, Any], sentences_of: Any) -> dict[str, Any] | None:
    return {"kind": CONSTRUCT.kind}


# ------------------------------------------------------------------------------------------------ Forge

FORGE_KEYWORD = "CARDNAME can't block."
"""`K:CARDNAME can't block.`, as Forge's own Starscape Cleric writes it (the blocker's keywords are asked as
blockers are declared)."""
TEXT = "This creature can't block."


def _forge(b: ScriptBuilder, ability: CantBlockAbility) -> Keyword:
    return b.Keyword(FORGE_KEYWORD)


def _forge_read(r: ScriptReader, value: str) -> list[dict[str, Any]] | None:
    return [{"kind": CONSTRUCT.kind, "text": TEXT}] if value.strip() == FORGE_KEYWORD else None


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, ability: CantBlockAbility) -> Block:
    """`this.addAbility(new CantBlockAbility());` (a static ability of CantBlockSourceEffect)."""
    block = w.Block(ability.text, rules="{this} can't block.")
    block.body.append(w.stmt(w.call("this", "addAbility", w.new(w.use("CantBlockAbility")))))
    return block


def _xmage_read_start(r: ClassReader, value: Any, comment: str, node: Any) -> tuple[dict[str, Any], Any] | None:
    if value.cls != "CantBlockAbility" or value.args:
        return None
    return {"kind": CONSTRUCT.kind, "text": comment}, None


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AbilityConstruct(
    kind="cant_block", model=CantBlockAbility,
    text=AbilityText(
        phrasings=_PHRASINGS,
        order=1,
        compose=_text_compose,
        render=_text_render,
        guess=lambda line, spell: not spell and line.endswith("can't block."),
    ),
    canonical=AbilityCanonical(order=1),
    forge=ForgeAbility(
        keyword=_forge,
        read_keyword=_forge_read,
    ),
    xmage=XMageAbility(
        block=_xmage,
        read_start=_xmage_read_start,
    ),
    rule=AbilityRule(restriction=lambda ability: ("cant_block", 0)),
)
