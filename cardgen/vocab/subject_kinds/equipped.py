"""The `equipped` subject: the creature the source Equipment is attached to."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.vocab.pattern import Form
from cardgen.vocab.subject import SubjectConstruct

if TYPE_CHECKING:
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity, GameObject
    from cardgen.game.state import GameState

CONSTRUCT = SubjectConstruct("equipped", str)
CONSTRUCT.put("names", "object")


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {"object_word": [Form("equipped creature", "equipped")]})


# ------------------------------------------------------------------------------------------------ Forge

CONSTRUCT.put("forge_defined", "Equipped")
CONSTRUCT.put("forge_affected", "Creature.EquippedBy")
CONSTRUCT.put("forge_read_affected", ("Card.EquippedBy", "Creature.EquippedBy"))


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver

@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, value: Any, field_name: str) -> list[Entity]:
    return ctx.attached()


@CONSTRUCT.slot("static_affects")
def _static_affects(state: GameState, source: GameObject, value: Any, obj: GameObject, you: str) -> bool:
    return source.attached_to == obj.oid
