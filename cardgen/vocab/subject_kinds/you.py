"""The `you` subject: the controller of the spell or ability."""

from __future__ import annotations

from cardgen.vocab.subject import SubjectConstruct

CONSTRUCT = SubjectConstruct("you", str)
CONSTRUCT.put("names", "player")


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

CONSTRUCT.put("forge_defined", "You")
CONSTRUCT.put("forge_default", "player")
CONSTRUCT.put("forge_player_group", "You")


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
