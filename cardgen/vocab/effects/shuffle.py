"""The `shuffle` effect (keyword action shuffle, rule 701.24): "Shuffle your library", "You may shuffle"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import EffectBase, Subject
from cardgen.vocab.construct import EffectChecks, EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect
from cardgen.vocab.forge_forms import ApiForm
from cardgen.vocab.pattern import Form
from cardgen.vocab.xmage_forms import form

if TYPE_CHECKING:
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity
    from cardgen.text.phrases import ClauseWords


# ------------------------------------------------------------------------------------------ the spec model

class Shuffle(EffectBase):
    """Each player of `who` shuffles their library (701.24); `optional`: "You may shuffle" (the player
    chooses whether to)."""

    effect: Literal["shuffle"]
    who: Subject = "you"
    optional: bool = False


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("you may shuffle", {"effect": "shuffle", "optional": True}),
        Form("shuffle your library", {"effect": "shuffle"}),
    ],
}


def _clause(words: ClauseWords, effect: Shuffle, subject: Any, target: str | None) -> str | None:
    if subject == "you":
        return "you may shuffle" if effect.optional else "shuffle your library"
    return None


# ------------------------------------------------------------------------------------------------ Forge

_FORGE = ApiForm("Shuffle", "who", player=True, flags=(("optional", "Optional"),))


# ------------------------------------------------------------------------------------------------ XMage

_XMAGE_FORMS = (
    form("you", "ShuffleLibrarySourceEffect", "const:true", optional=True),
    form("you", "ShuffleLibrarySourceEffect", optional=False),
)


MAY_SHUFFLE = "you may shuffle your library"


# --------------------------------------------------------------------------------------------- resolver


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


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="shuffle", model=Shuffle, subjects=("who",),
    text=EffectText(
        phrasings=_PHRASINGS,
        clause=_clause,
    ),
    checks=EffectChecks(done_by_player=True),
    forge=ForgeEffect(
        api=_FORGE,
    ),
    xmage=XMageEffect(
        forms=_XMAGE_FORMS,
        # "you may shuffle" / "shuffle your library"
        phrased=frozenset({"ShuffleLibrarySourceEffect"}),
        # XMage asks it with chooseUse (ShuffleLibrarySourceEffect): `setChoice(player, "Yes"|"No")`
        decisions={MAY_SHUFFLE: "use"},
    ),
    rule=OneShot(resolve=_resolve),
)
