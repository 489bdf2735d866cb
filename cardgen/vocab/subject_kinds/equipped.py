"""The `equipped` subject: the creature the source Equipment is attached to."""

from __future__ import annotations

from cardgen.vocab.subject import SubjectConstruct

CONSTRUCT = SubjectConstruct("equipped", str)
CONSTRUCT.put("names", "object")


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

CONSTRUCT.put("forge_defined", "Equipped")
CONSTRUCT.put("forge_affected", "Creature.EquippedBy")
CONSTRUCT.put("forge_read_affected", ("Card.EquippedBy", "Creature.EquippedBy"))


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
