"""The `put_counters` effect."""

from __future__ import annotations

from cardgen.spec.model import PutCounters
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.xmage_forms import form

CONSTRUCT = EffectConstruct("put_counters", PutCounters, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "AddCountersTargetEffect", "counter"),
    form("all", "AddCountersAllEffect", "counter", "filter"),
    form("self", "AddCountersSourceEffect", "counter"),
    form("enchanted", "AddCountersAttachedEffect", "counter", "text:enchanted creature"),
    form("equipped", "AddCountersAttachedEffect", "counter", "text:equipped creature"),
))
CONSTRUCT.put("xmage_pointer_stable", True)

# --------------------------------------------------------------------------------------------- resolver
