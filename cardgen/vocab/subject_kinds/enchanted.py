"""The `enchanted` subject: the permanent the source Aura is attached to."""

from __future__ import annotations

from cardgen.vocab.subject import SubjectConstruct

CONSTRUCT = SubjectConstruct("enchanted", str)
CONSTRUCT.put("names", "object")


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

CONSTRUCT.put("forge_defined", "Enchanted")
CONSTRUCT.put("forge_affected", "Card.EnchantedBy")
CONSTRUCT.put("forge_read_affected", ("Card.EnchantedBy", "Creature.EnchantedBy", "Permanent.EnchantedBy"))


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
