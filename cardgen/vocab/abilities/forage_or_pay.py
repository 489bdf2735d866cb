"""The `forage_or_pay` ability: "As an additional cost to cast this spell, forage or pay {B}." (Feed the Cycle).

An additional cost of two alternatives (601.2b: the caster announces which they will pay; 601.2f: a mana
part is added to the total cost; 601.2h: then it is paid). To forage is to exile three cards from your
graveyard or sacrifice a Food (701.61a); a caster who can't forage must pay the mana, and one who can do
neither can't cast the spell (601.2h, 118.3). The spell's mana value is not changed (202.3).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.mana import ManaCostField
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
    from collections.abc import Callable

    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.forge.script import Keyword
    from cardgen.engines.xmage.lower import Block, CardLowering
    from cardgen.engines.xmage.reader import ClassReader
    from cardgen.game.objects import GameObject
    from cardgen.game.state import GameState


# ------------------------------------------------------------------------------------------ the spec model

class ForageOrPay(AbilityBase):
    """"As an additional cost to cast this spell, forage or pay {B}." (601.2b, f-h; 701.61a)."""

    kind: Literal["forage_or_pay"]
    text: OracleLine
    mana: ManaCostField


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {"ability": [
    Form("as an additional cost to cast this spell, forage or pay {m:mana}.",
         {"kind": "forage_or_pay", "mana": V("m")}),
]}


def _text_compose(result: dict[str, Any], line: str, spell: bool, taken: set[str], compose: Any) -> Any:
    """A cost to cast a spell: read on an instant or sorcery only."""
    return {"kind": CONSTRUCT.kind, "text": line, "mana": result["mana"]} if spell else None


def _text_render(ability: dict[str, Any], sentences_of: Any) -> dict[str, Any] | None:
    return {key: item for key, item in ability.items() if key != "text"}


# ------------------------------------------------------------------------------------------------ Forge

_KEYWORD = "AlternateAdditionalCost"
_FORAGE = "Forage"


def _forge(b: ScriptBuilder, ability: ForageOrPay) -> Keyword:
    """`K:AlternateAdditionalCost:Forage:B`, as Forge's own Feed the Cycle (GameActionUtil.getAdditionalCostSpell:
    the keyword's two costs make two ways to cast the spell, each with one of them added to its cost)."""
    return b.Keyword(_KEYWORD, (_FORAGE, b.mana(ability.mana)))


def _forge_deck_hints(ability: ForageOrPay) -> tuple[tuple[str, str, str], ...]:
    """Forge's own Feed the Cycle: `DeckHints:Ability$Graveyard & Type$Food` (what foraging spends)."""
    return (("DeckHints", "Ability", "Graveyard"), ("DeckHints", "Type", "Food"))


def _forge_read(r: ScriptReader, value: str) -> list[dict[str, Any]] | None:
    """`K:AlternateAdditionalCost:Forage:<mana>`."""
    match = re.fullmatch(rf"{_KEYWORD}:{_FORAGE}:([^:]+)", value)
    if match is None:
        return None
    try:
        mana = r.spec_mana(match.group(1))
    except ValueError as error:
        r.report("FG200", f"K:{value}: {error}")
        return []
    return [{"kind": CONSTRUCT.kind, "mana": mana,
             "text": f"As an additional cost to cast this spell, forage or pay {mana}."}]


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, ability: ForageOrPay) -> Block:
    """`this.getSpellAbility().addCost(new OrCost("forage or pay {B}", new ForageCost(),
    new ManaCostsImpl<>("{B}")));`, as XMage's own Feed the Cycle (OrCost.pay asks which when both can be
    paid, the first one, to forage, on "yes")."""
    block = w.Block(ability.text, rules=ability.text)
    cost = w.new(w.use("OrCost"), w.Str(f"forage or pay {ability.mana}"), w.new(w.use("ForageCost")),
                 w.new(w.use("ManaCostsImpl") + "<>", w.Str(str(ability.mana))))
    block.body.append(w.stmt(w.call("this.getSpellAbility()", "addCost", cost)))
    return block


def _xmage_read(r: ClassReader, value: Any, comment: str, node: Any) -> dict[str, Any] | None:
    """`new OrCost("...", new ForageCost(), new ManaCostsImpl<>("{B}"))`."""
    cost = value.args[0] if value.args else None
    if not (isinstance(cost, r.New) and cost.cls == "OrCost" and len(cost.args) == 3):
        return None
    _text, forage, mana = cost.args
    if not (isinstance(forage, r.New) and forage.cls == "ForageCost" and not forage.args):
        return None
    if not (isinstance(mana, r.New) and mana.cls.startswith("ManaCostsImpl") and len(mana.args) == 1
            and isinstance(mana.args[0], r.Str)):
        raise r.ReadError(f"forage-or-pay cost not understood: {cost.flat()[:80]}", node=node)
    return {"kind": CONSTRUCT.kind, "text": comment, "mana": mana.args[0].value}


# --------------------------------------------------------------------------------------------- resolver

FORAGE_OR_PAY = "forage (no: pay the mana)"
"""The caster's choice of the cost when both can be paid (XMage: OrCost's chooseUse, the forage first)."""


def _cast_cost(state: GameState, spell: GameObject, ability: ForageOrPay, caster: str
               ) -> tuple[int, Callable[[], None]]:
    """601.2b, f-h: the caster chooses to forage when they can (asked only when they can), else pays the
    mana: the mana added to the total cost, and the payment of the forage once every check has passed."""
    from cardgen.vocab.effects import forage
    ways = forage.ways(state, caster)
    if any(ways) and state.chooser.decide(caster, FORAGE_OR_PAY):
        def pay() -> None:
            forage.pay(state, caster, ways)
        return 0, pay
    return ability.mana.mana_value, lambda: None


# --------------------------------------------------------------------------------------------- scaffold

def _scaffold_guess(line: str, spell: bool) -> str | bool:
    return line.startswith("As an additional cost to cast this spell, forage or pay")


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AbilityConstruct(
    kind="forage_or_pay", model=ForageOrPay,
    text=AbilityText(
        phrasings=_PHRASINGS,
        order=3,
        compose=_text_compose,
        render=_text_render,
        guess=_scaffold_guess,
    ),
    canonical=AbilityCanonical(order=3),
    forge=ForgeAbility(
        keyword=_forge,
        read_keyword=_forge_read,
        deck_hints=_forge_deck_hints,
    ),
    xmage=XMageAbility(
        block=_xmage,
        read_cost=_xmage_read,
        decisions={FORAGE_OR_PAY: "use"},
    ),
    rule=AbilityRule(cast_cost=_cast_cost),
)
