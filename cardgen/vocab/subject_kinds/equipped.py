"""The `equipped` subject: the creature the source Equipment is attached to."""

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
    return ctx.attached()


def _static_affects(state: GameState, source: GameObject, value: Any, obj: GameObject, you: str) -> bool:
    return source.attached_to == obj.oid


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = SubjectConstruct(
    kind="equipped", model=str, names="object",
    text=SubjectText(phrasings={"object_word": [Form("equipped creature", "equipped")]}),
    forge=ForgeSubject(
        defined="Equipped",
        affected="Creature.EquippedBy",
        read_affected=("Card.EquippedBy", "Creature.EquippedBy"),
    ),
    rule=SubjectRule(
        resolve=_resolve,
        static_affects=_static_affects,
    ),
)
