"""The `add_mana` effect: "add {R}", "add {B}{R}" as an ability that uses the stack resolves (a triggered
ability that triggers on something other than a mana ability is not a mana ability, 605.1b, 605.5a), with
"Until end of turn, you don't lose this mana as steps and phases end." (`until_end_of_turn`: mana normally
empties from a player's pool as each step and phase ends, 500.4 and 106.4; this mana stays until the turn
ends, 106.4a).

Its controller adds the mana to their own pool (106.4), each symbol one mana of that type (106.1: a color,
or colorless {C}); the pool counts mana, so the type is what each `mana_added` event reports."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import StringConstraints

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

SYMBOLS = "WUBRGC"
"""The mana symbols one mana of a type is (106.1a colors, 106.1b colorless), in XMage's `Mana` order (its
constructor's white, blue, black, red, green, then colorless last)."""
ManaSymbols = Annotated[str, StringConstraints(pattern=r"^(\{[WUBRGC]\}){1,6}$")]
KEEP = "until end of turn, you don't lose this mana as steps and phases end"
"""What the second sentence says (106.4a: an effect that keeps mana in the pool)."""


# ------------------------------------------------------------------------------------------ the spec model

class AddMana(EffectBase):
    """"add {B}{R}": its controller adds the mana `mana` says to their pool (`'{B}{R}'` is one black and one
    red, 106.4); `until_end_of_turn: true` adds "Until end of turn, you don't lose this mana as steps and
    phases end." (106.4a)."""

    effect: Literal["add_mana"]
    mana: ManaSymbols
    until_end_of_turn: bool = False


def symbols(mana: str) -> list[str]:
    """`'{B}{R}'` -> `['B', 'R']`."""
    return re.findall(r"\{([WUBRGC])\}", mana)


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        # the effect's own second sentence, said with it: the sentence rule adds the last period
        Form("add {m:mana}. " + KEEP, {"effect": "add_mana", "mana": V("m"), "until_end_of_turn": True}),
        Form("add {m:mana}", {"effect": "add_mana", "mana": V("m")}),
    ],
}


def _clause(words: ClauseWords, effect: AddMana, subject: Any, target: str | None) -> str | None:
    said = f"add {effect.mana}"
    return f"{said}. {KEEP[0].upper()}{KEEP[1:]}" if effect.until_end_of_turn else said


# ------------------------------------------------------------------------------------------------ Forge

def _forge(w: EffectWriter, e: AddMana) -> tuple[str, Params]:
    """`DB$ Mana | Produced$ B R` (ManaEffect.resolve: the activator adds `Produced`, each space-separated
    symbol one mana, as Forge's own Flamecache Gecko says it), with `PersistentMana$ True` for the mana kept
    until end of turn (AbilityManaPart: its mana is persistent, which the pool keeps as steps end), as Forge's
    own Brazen Collector says it."""
    params: Params = [("Produced", " ".join(symbols(e.mana)))]
    if e.until_end_of_turn:
        params.append(("PersistentMana", "True"))
    return "Mana", params


def _forge_read(r: NodeReader) -> list[dict[str, Any]] | None:
    """`DB$ Mana | Produced$ B R [| PersistentMana$ True]` of a trigger's or a spell's chain."""
    produced = r.bag.peek("Produced") or ""
    words = produced.split(" ")
    if not produced or any(word not in SYMBOLS or not word for word in words):
        return None  # a choice (`Combo R G`, `Any`): a mana ability's, not this effect's
    r.bag.get("Produced")
    amount = r.bag.get("Amount", "1")
    if amount != "1":
        raise r.error("FG201", f"DB$ Mana: only the symbols of Produced$ are read (Amount$ {amount})")
    if r.subject(player=True, default="you") != ["you"]:
        raise r.error("FG203", "Mana with Defined$ other than You: only the controller adds mana here")
    effect: dict[str, Any] = {"effect": CONSTRUCT.kind, "mana": "".join("{" + word + "}" for word in words)}
    persistent = r.bag.get("PersistentMana")
    if persistent == "True":
        effect["until_end_of_turn"] = True
    elif persistent is not None:
        raise r.error("FG201", f"DB$ Mana: PersistentMana$ {persistent} is not read")
    return [effect]


# ------------------------------------------------------------------------------------------------ XMage

XMAGE_MANA = {"C": "ColorlessMana", "W": "WhiteMana", "U": "BlueMana", "B": "BlackMana", "R": "RedMana",
              "G": "GreenMana"}
"""XMage's `Mana` factory of each mana type (`Mana.RedMana(1)`, XMage's own Brazen Collector); mana of several
symbols is `new Mana(0, 0, 1, 1, 0, 0, 0, 0)`: white, blue, black, red, green, generic, any, colorless (its
own Flamecache Gecko)."""
XMAGE_CLASSES = {False: "BasicManaEffect", True: "UntilEndOfTurnManaEffect"}
"""The framework effect adding the mana: `BasicManaEffect`, or `UntilEndOfTurnManaEffect` for mana its
controller doesn't lose as steps and phases end (ManaPool's `emptyPool` keeps it, as XMage's own Brazen
Collector writes it)."""


def _xmage_framework(w: CardLowering, host: Host, effect: AddMana, **_: Any) -> tuple[Any, bool, None]:
    """`new UntilEndOfTurnManaEffect(Mana.RedMana(1))` (`new BasicManaEffect(...)` without the second sentence)."""
    found = symbols(effect.mana)
    mana: Any
    if len(found) == 1:
        mana = w.Raw(f"{w.use('Mana')}.{XMAGE_MANA[found[0]]}(1)")
    else:
        counts = [found.count(symbol) for symbol in SYMBOLS[:5]] + [0, 0, found.count("C")]
        mana = w.new(w.use("Mana"), *(w.Raw(str(n)) for n in counts))
    return w.new(w.use(XMAGE_CLASSES[effect.until_end_of_turn]), mana), False, None


def _xmage_read(r: EffectReader, value: Any, index: int, node: Any, subject: Any,
                zone: str | None) -> dict[str, Any] | None:
    """`new BasicManaEffect(Mana.RedMana(1))` / `new UntilEndOfTurnManaEffect(Mana.RedMana(1))`."""
    if len(value.args) != 1:
        return None
    argument = value.args[0]
    said = argument.flat()
    single = next((kind for kind, factory in XMAGE_MANA.items() if said == f"Mana.{factory}(1)"), None)
    if single is not None:
        mana = "{" + single + "}"
    elif isinstance(argument, r.New) and argument.cls == "Mana" and len(argument.args) == 8 \
            and all(isinstance(arg, r.Raw) and arg.text.isdigit() for arg in argument.args):
        counts = [int(arg.flat()) for arg in argument.args]
        if counts[5] or counts[6]:
            return None  # generic or "any" mana: no symbol of this effect says it
        mana = "".join("{" + symbol + "}" for symbol, n in zip(SYMBOLS, [*counts[:5], counts[7]], strict=True)
                       for _ in range(n))
        if not mana:
            return None
    else:
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
    if pool.lost:
        return []
    for symbol in symbols(effect.mana):
        pool.mana_pool += 1
        if effect.until_end_of_turn:
            pool.kept_mana += 1
        ctx.state.emit(ManaAdded(player, ctx.source_name, symbol, 1))
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
