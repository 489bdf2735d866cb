"""The `shuffle` effect (keyword action shuffle, rule 701.24): "Shuffle your library", "You may shuffle"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.model.card import Shuffle
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.pattern import Form
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.text.phrases import ClauseWords

CONSTRUCT = EffectConstruct("shuffle", Shuffle, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {
    "plain_effect": [
        Form("you may shuffle", {"effect": "shuffle", "optional": True}),
        Form("shuffle your library", {"effect": "shuffle"}),
    ],
})


@CONSTRUCT.slot("text_clause")
def _clause(words: ClauseWords, effect: Shuffle, subject: Any, target: str | None) -> str | None:
    if subject == "you":
        return "you may shuffle" if effect.optional else "shuffle your library"
    return None


CONSTRUCT.put("check_done_by_player", True)  # its `who` must be a player (102.1)


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: Shuffle) -> tuple[str, Params]:
    return "Shuffle", [*w.defined(e.who, player=True), *([("Optional", "True")] if e.optional else [])]


@CONSTRUCT.slot("forge_read:Shuffle")
def _forge_read(r: NodeReader) -> list[dict[str, Any]]:
    optional = r.bag.get("Optional") == "True"
    return [{"effect": "shuffle", "who": who, **({"optional": True} if optional else {})}
            for who in r.subject(player=True, default="you")]


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("you", "ShuffleLibrarySourceEffect", "const:true", optional=True),
    form("you", "ShuffleLibrarySourceEffect", optional=False),
))

# "you may shuffle" / "shuffle your library"
CONSTRUCT.put("xmage_phrased", frozenset({"ShuffleLibrarySourceEffect"}))

MAY_SHUFFLE = "you may shuffle your library"

# XMage asks it with chooseUse (ShuffleLibrarySourceEffect): `setChoice(player, "Yes"|"No")`
CONSTRUCT.put("xmage_decisions", {MAY_SHUFFLE: "use"})

# --------------------------------------------------------------------------------------------- resolver


@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, effect: Shuffle) -> list[Entity]:
    """A shuffled library's order is random: the resolver keeps the order it had (no scenario can tell
    it from a random one, and none may depend on it) and logs the shuffle."""
    from cardgen.game.events import Shuffled
    state = ctx.state
    who = ctx.players(effect.who, "who")
    for player in who:
        if effect.optional and not state.chooser.decide(player, MAY_SHUFFLE):
            continue
        state.emit(Shuffled(player))
    return list(who)
