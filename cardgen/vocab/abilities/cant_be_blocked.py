"""The `cant_be_blocked` ability: "This creature can't be blocked." and "This creature can't be blocked by
creatures with power 2 or less / or greater." (509.1b: restrictions on declaring blockers; the creature's own
evasion, checked for each blocker declared for it)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from cardgen.model.parts import AbilityBase, OracleLine
from cardgen.vocab.construct import (
    AbilityCanonical,
    AbilityConstruct,
    AbilityRule,
    AbilityText,
    ForgeAbility,
    XMageAbility,
)
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.forge.script import Static
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.lower import Block, CardLowering
    from cardgen.engines.xmage.reader import ClassReader

Power = Annotated[int, Field(ge=0, le=99)]


# ------------------------------------------------------------------------------------------ the spec model

class CantBeBlockedAbility(AbilityBase):
    """The permanent can't be blocked: at all, or by creatures with power at most / at least a number."""

    kind: Literal["cant_be_blocked"]
    text: OracleLine
    by_power_at_most: Power | None = None
    """"by creatures with power 2 or less": only creatures with greater power can block it."""
    by_power_at_least: Power | None = None
    """"by creatures with power 2 or greater": only creatures with less power can block it."""


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "ability": [
        Form("this creature can't be blocked.", {"kind": "cant_be_blocked"}),
        Form("this creature can't be blocked by creatures with power {n:number} or less.",
             {"kind": "cant_be_blocked", "by_power_at_most": V("n")}),
        Form("this creature can't be blocked by creatures with power {n:number} or greater.",
             {"kind": "cant_be_blocked", "by_power_at_least": V("n")}),
        Form("~ can't be blocked.", {"kind": "cant_be_blocked"}, parse_only=True),
    ],
}


def _text_compose(result: dict[str, Any], line: str, spell: bool, taken: set[str], compose: Any) -> Any:
    """A permanent's line: no reading on an instant or sorcery."""
    return None if spell else {**result, "kind": CONSTRUCT.kind, "text": line}


def _text_render(ability: dict[str, Any], sentences_of: Any) -> dict[str, Any] | None:
    return {key: value for key, value in ability.items() if key != "text"}


# ------------------------------------------------------------------------------------------------ Forge

_BLOCKER = re.compile(r"Creature\.power(LE|GE)(\d+)")


def _forge(b: ScriptBuilder, ability: CantBeBlockedAbility) -> Static:
    """`S:Mode$ CantBlockBy | ValidAttacker$ Creature.Self [| ValidBlocker$ Creature.powerLE2]`
    (StaticAbilityCantAttackBlock.applyCantBlockByAbility: the attacker can't be blocked by the blockers
    `ValidBlocker$` selects; without it, by none), as Forge's own Shoreline Looter and Rust-Shield Rampager."""
    params: Params = [("ValidAttacker", "Creature.Self")]
    if ability.by_power_at_most is not None:
        params.append(("ValidBlocker", f"Creature.powerLE{ability.by_power_at_most}"))
    if ability.by_power_at_least is not None:
        params.append(("ValidBlocker", f"Creature.powerGE{ability.by_power_at_least}"))
    return b.Static("CantBlockBy", params, b.describe(ability.text, "an ability text"))


def _forge_read(r: ScriptReader, params: Params) -> dict[str, Any] | None:
    values = dict(params)
    if values.get("Mode") != "CantBlockBy" or values.get("ValidAttacker") not in ("Creature.Self", "Card.Self") \
            or set(values) - {"Mode", "ValidAttacker", "ValidBlocker", "Description"}:
        return None
    ability: dict[str, Any] = {"kind": CONSTRUCT.kind,
                               "text": r.undescribe(values.get("Description", "CARDNAME can't be blocked."))}
    blocker = values.get("ValidBlocker")
    if blocker is not None:
        match = _BLOCKER.fullmatch(blocker)
        if match is None:
            return None
        ability["by_power_at_most" if match.group(1) == "LE" else "by_power_at_least"] = int(match.group(2))
    return ability


# ------------------------------------------------------------------------------------------------ XMage

_DAUNT = 2
"""DauntAbility: "can't be blocked by creatures with power 2 or less" (its own rules text without the keyword)."""


def _xmage(w: CardLowering, ability: CantBeBlockedAbility) -> Block:
    """`new CantBeBlockedSourceAbility()`, or `new DauntAbility()` for power 2 or less."""
    if ability.by_power_at_least is not None or ability.by_power_at_most not in (None, _DAUNT):
        raise w.Unsupported("`cant_be_blocked` by power renders in XMage for power 2 or less only (DauntAbility)")
    if ability.by_power_at_most is None:
        block = w.Block(ability.text, rules="{this} can't be blocked.")
        cls = "CantBeBlockedSourceAbility"
    else:
        block = w.Block(ability.text, rules="{this} can't be blocked by creatures with power 2 or less.")
        cls = "DauntAbility"
    block.body.append(w.stmt(w.call("this", "addAbility", w.new(w.use(cls)))))
    return block


def _xmage_read_start(r: ClassReader, value: Any, comment: str, node: Any) -> tuple[dict[str, Any], Any] | None:
    if value.cls == "CantBeBlockedSourceAbility" and not value.args:
        return {"kind": CONSTRUCT.kind, "text": comment}, None
    if value.cls == "DauntAbility" and not value.args:
        return {"kind": CONSTRUCT.kind, "text": comment, "by_power_at_most": _DAUNT}, None
    return None


# --------------------------------------------------------------------------------------------- resolver

def _restriction(ability: CantBeBlockedAbility) -> tuple[str, int]:
    """509.1b: the blockers it can't be blocked by, as the power a blocker needs."""
    if ability.by_power_at_most is not None:
        return "blocker_power_min", ability.by_power_at_most + 1
    if ability.by_power_at_least is not None:
        return "blocker_power_max", ability.by_power_at_least - 1
    return "cant_be_blocked", 0


# --------------------------------------------------------------------------------------------- scaffold

def _scaffold_guess(line: str, spell: bool) -> str | bool:
    return not spell and "can't be blocked" in line


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AbilityConstruct(
    kind="cant_be_blocked", model=CantBeBlockedAbility,
    text=AbilityText(
        phrasings=_PHRASINGS,
        order=1,
        compose=_text_compose,
        render=_text_render,
        guess=_scaffold_guess,
    ),
    canonical=AbilityCanonical(order=1),
    forge=ForgeAbility(
        mode_static=_forge,
        read_mode_static=_forge_read,
    ),
    xmage=XMageAbility(
        block=_xmage,
        read_start=_xmage_read_start,
    ),
    rule=AbilityRule(restriction=_restriction),
)
