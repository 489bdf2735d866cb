"""The `add_mana` effect: "add {R}" as an ability that uses the stack resolves (a triggered ability that
triggers on something other than a mana ability is not a mana ability, 605.1b, 605.5a), with "Until end of
turn, you don't lose this mana as steps and phases end." (`until_end_of_turn`: mana normally empties from
a player's pool as each step and phase ends, 500.4 and 106.4; this mana stays until the turn ends, 106.4a).

Its controller adds the mana to their own pool (106.4); the pool counts mana, so the type is what the
`mana_added` event reports."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import EffectBase
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.lower import CardLowering, Host
    from cardgen.engines.xmage.reader import EffectReader
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.text.phrases import ClauseWords

ManaType = Literal["C", "W", "U", "B", "R", "G"]
KEEP = "until end of turn, you don't lose this mana as steps and phases end"
"""What the second sentence says (106.4a: an effect that keeps mana in the pool)."""


# ------------------------------------------------------------------------------------------ the spec model

class AddMana(EffectBase):
    """"add {R}": one mana of that type to its controller's pool (106.4); `until_end_of_turn: true` adds "Until
    end of turn, you don't lose this mana as steps and phases end." (106.4a)."""

    effect: Literal["add_mana"]
    mana: ManaType
    until_end_of_turn: bool = False


# ------------------------------------------------------------------------------------ text and phrasing

_MANA = [Form("{" + kind + "}", kind) for kind in ("C", "W", "U", "B", "R", "G")]

_PHRASINGS = {
    "added_mana": _MANA,
    "plain_effect": [
        # the effect's own second sentence, said with it: the sentence rule adds the last period
        Form("add {m:added_mana}. " + KEEP, {"effect": "add_mana", "mana": V("m"), "until_end_of_turn": True}),
        Form("add {m:added_mana}", {"effect": "add_mana", "mana": V("m")}),
    ],
}


def _clause(words: ClauseWords, effect: AddMana, subject: Any, target: str | None) -> str | None:
    said = "add {" + effect.mana + "}"
    return f"{said}. {KEEP[0].upper()}{KEEP[1:]}" if effect.until_end_of_turn else said


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: EffectWriter, e: AddMana) -> tuple[str, Params]:
    """`DB$ Mana | Produced$ R` (ManaEffect.resolve: the activator adds it; AbilityManaPart), with
    `PersistentMana$ True` for the mana kept until end of turn (AbilityManaPart: its mana is persistent, and
    ManaPool.clearPool keeps persistent mana as steps end), as Forge's own Brazen Collector says it."""
    params: Params = [("Produced", e.mana)]
    if e.until_end_of_turn:
        params.append(("PersistentMana", "True"))
    return "Mana", params


def _forge_read(r: NodeReader) -> list[dict[str, Any]] | None:
    """`DB$ Mana | Produced$ <one type> [| PersistentMana$ True]` of a trigger's or a spell's chain."""
    produced = r.bag.get("Produced")
    if produced not in ("C", "W", "U", "B", "R", "G"):
        raise r.error("FG201", f"DB$ Mana: only one mana of one type is read (Produced$ {produced})")
    amount = r.bag.get("Amount", "1")
    if amount != "1":
        raise r.error("FG201", f"DB$ Mana: only one mana is read (Amount$ {amount})")
    effect: dict[str, Any] = {"effect": CONSTRUCT.kind, "mana": produced}
    persistent = r.bag.get("PersistentMana")
    if persistent == "True":
        effect["until_end_of_turn"] = True
    elif persistent is not None:
        raise r.error("FG201", f"DB$ Mana: PersistentMana$ {persistent} is not read")
    return [effect]


# ------------------------------------------------------------------------------------------------ XMage

XMAGE_MANA = {"C": "ColorlessMana", "W": "WhiteMana", "U": "BlueMana", "B": "BlackMana", "R": "RedMana",
              "G": "GreenMana"}
"""XMage's `Mana` factory of each mana type (`Mana.RedMana(1)`)."""
XMAGE_CLASSES = {False: "BasicManaEffect", True: "UntilEndOfTurnManaEffect"}
"""The framework effect adding the mana: `BasicManaEffect`, or `UntilEndOfTurnManaEffect` for mana its
controller doesn't lose as steps and phases end (ManaPool's `emptyPool` keeps it, as XMage's own Brazen
Collector writes it)."""


def _xmage_framework(w: CardLowering, host: Host, effect: AddMana, **_: Any) -> tuple[Any, bool, None]:
    """`new UntilEndOfTurnManaEffect(Mana.RedMana(1))` (`new BasicManaEffect(...)` without the second sentence)."""
    mana = w.Raw(f"{w.use('Mana')}.{XMAGE_MANA[effect.mana]}(1)")
    return w.new(w.use(XMAGE_CLASSES[effect.until_end_of_turn]), mana), False, None


def _xmage_read(r: EffectReader, value: Any, index: int, node: Any, subject: Any,
                zone: str | None) -> dict[str, Any] | None:
    """`new BasicManaEffect(Mana.RedMana(1))` / `new UntilEndOfTurnManaEffect(Mana.RedMana(1))`."""
    if len(value.args) != 1:
        return None
    said = value.args[0].flat()
    mana = next((kind for kind, factory in XMAGE_MANA.items() if said == f"Mana.{factory}(1)"), None)
    if mana is None:
        return None
    effect: dict[str, Any] = {"effect": CONSTRUCT.kind, "mana": mana}
    if value.cls == XMAGE_CLASSES[True]:
        effect["until_end_of_turn"] = True
    return effect


# --------------------------------------------------------------------------------------------- resolver

def _resolve(ctx: Context, effect: AddMana) -> list[Entity]:
    """The mana goes to the controller's pool (106.4); kept mana stays there as steps end until the turn
    does (106.4a: `Player.kept_mana`)."""
    from cardgen.game.events import ManaAdded

    player = ctx.controller
    pool = ctx.state.players[player]
    pool.mana_pool += 1
    if effect.until_end_of_turn:
        pool.kept_mana += 1
    ctx.state.emit(ManaAdded(player, ctx.source_name, effect.mana, 1))
    return [player]


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="add_mana", model=AddMana, subjects=(),
    text=EffectText(phrasings=_PHRASINGS, clause=_clause),
    forge=ForgeEffect(write=_forge, reads={"Mana": _forge_read}),
    xmage=XMageEffect(
        framework=_xmage_framework,
        read_classes={cls: _xmage_read for cls in XMAGE_CLASSES.values()},
        # their own text is the clause: "add {R}" (BasicManaEffect), then ". Until end of turn, you don't lose
        # this mana as steps and phases end" (UntilEndOfTurnManaEffect)
        phrased=frozenset(XMAGE_CLASSES.values()),
    ),
    rule=OneShot(resolve=_resolve),
)
