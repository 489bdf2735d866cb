"""The `defending_player` subject: "defending player" of an ability that triggers on a creature attacking,
the player that creature attacks (506.2: in a two-player game, the attacking player's opponent; 506.3d:
the player it attacks, where several could be)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.vocab.construct import ForgeSubject, SubjectConstruct, SubjectRule, SubjectText
from cardgen.vocab.pattern import Form

if TYPE_CHECKING:
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity


# ------------------------------------------------------------------------------------------------ Forge
# `Defined$ TriggeredDefendingPlayer`: the defending player the attack trigger records (TriggerAttacks puts
# it among the trigger's running objects), as Forge's own Agate-Blade Assassin names it.

# ------------------------------------------------------------------------------------------------ XMage
# The effects that name the defending player are their own framework classes (`LoseLifeDefendingPlayerEffect`),
# declared among each effect's forms with this subject's word.

# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, value: Any, field_name: str) -> list[Entity]:
    """The player the ability's source attacks (506.2), as it last was if it has left (608.2h); nobody once it
    is no longer attacking (511.3)."""
    source = ctx.state.objects.get(ctx.source)
    defender = source.attacking if source is not None else None
    return [defender] if defender is not None and not ctx.state.players[defender].lost else []


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = SubjectConstruct(
    kind="defending_player", model=str, names="player",
    text=SubjectText(
        phrasings={"player_sg": [Form("defending player", "defending_player")]},
        player_word="defending player",
    ),
    forge=ForgeSubject(defined="TriggeredDefendingPlayer"),
    rule=SubjectRule(resolve=_resolve),
)
