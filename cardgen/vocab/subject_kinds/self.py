"""The `self` subject: the object whose spell or ability this is."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.vocab.pattern import Form
from cardgen.vocab.subject import SubjectConstruct

if TYPE_CHECKING:
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity, GameObject
    from cardgen.game.state import GameState

CONSTRUCT = SubjectConstruct("self", str)
CONSTRUCT.put("names", "object")


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {"object_word": [Form("{s:self}", "self")]})


# ------------------------------------------------------------------------------------------------ Forge

CONSTRUCT.put("forge_defined", "Self")
CONSTRUCT.put("forge_default", "object")
CONSTRUCT.put("forge_affected", "Card.Self")
CONSTRUCT.put("forge_read_affected", ("Card.Self",))


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver

@CONSTRUCT.slot("resolve")
def _resolve(ctx: Context, value: Any, field_name: str) -> list[Entity]:
    source = ctx.state.live(ctx.source)
    return [source.oid] if source is not None else []


@CONSTRUCT.slot("static_affects")
def _static_affects(state: GameState, source: GameObject, value: Any, obj: GameObject, you: str) -> bool:
    return source.oid == obj.oid
