"""The `enchanted` subject: the permanent the source Aura is attached to."""

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
    kind="enchanted", model=str, names="object",
    text=SubjectText(phrasings={"object_word": [Form("enchanted creature", "enchanted")]}),
    forge=ForgeSubject(
        defined="Enchanted",
        affected="Card.EnchantedBy",
        read_affected=("Card.EnchantedBy", "Creature.EnchantedBy", "Permanent.EnchantedBy"),
    ),
    rule=SubjectRule(
        resolve=_resolve,
        static_affects=_static_affects,
    ),
)
