"""The `self` subject: the object whose spell or ability this is."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.vocab.construct import ForgeSubject, SubjectConstruct, SubjectRule, SubjectText
from cardgen.vocab.pattern import Form

if TYPE_CHECKING:
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity, GameObject
    from cardgen.game.state import GameState


# ------------------------------------------------------------------------------------------------ Forge


# --------------------------------------------------------------------------------------------- resolver

def _resolve(ctx: Context, value: Any, field_name: str) -> list[Entity]:
    source = ctx.state.live(ctx.source)
    return [source.oid] if source is not None else []


def _static_affects(state: GameState, source: GameObject, value: Any, obj: GameObject, you: str) -> bool:
    return source.oid == obj.oid


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = SubjectConstruct(
    kind="self", model=str, names="object",
    text=SubjectText(phrasings={"object_word": [Form("{s:self}", "self")]}),
    forge=ForgeSubject(
        defined="Self",
        default="object",
        affected="Card.Self",
        read_affected=("Card.Self",),
    ),
    rule=SubjectRule(
        resolve=_resolve,
        static_affects=_static_affects,
    ),
)
