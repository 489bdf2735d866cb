"""The `each_opponent` subject: every opponent of the controller."""

from __future__ import annotations

from cardgen.vocab.subject import SubjectConstruct

CONSTRUCT = SubjectConstruct("each_opponent", str)
CONSTRUCT.put("names", "player")


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("text_player_word", "each opponent")


# ------------------------------------------------------------------------------------------------ Forge

CONSTRUCT.put("forge_defined", "Opponent")
CONSTRUCT.put("forge_player_group", "Opponent")


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
