"""The `self` subject: the object whose spell or ability this is."""

from __future__ import annotations

from cardgen.vocab.subject import SubjectConstruct

CONSTRUCT = SubjectConstruct("self", str)
CONSTRUCT.put("names", "object")


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

CONSTRUCT.put("forge_defined", "Self")
CONSTRUCT.put("forge_default", "object")
CONSTRUCT.put("forge_affected", "Card.Self")
CONSTRUCT.put("forge_read_affected", ("Card.Self",))


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
