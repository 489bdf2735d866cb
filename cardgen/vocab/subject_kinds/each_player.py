"""The `each_player` subject: every player, in APNAP order (101.4)."""

from __future__ import annotations

from cardgen.vocab.subject import SubjectConstruct

CONSTRUCT = SubjectConstruct("each_player", str)
CONSTRUCT.put("names", "player")


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("text_player_word", "each player")


# ------------------------------------------------------------------------------------------------ Forge

CONSTRUCT.put("forge_defined", "Player")
CONSTRUCT.put("forge_player_group", "Player")


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
