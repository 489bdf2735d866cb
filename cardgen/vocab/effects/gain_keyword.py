"""The `gain_keyword` effect."""

from __future__ import annotations

from cardgen.spec.model import GainKeyword
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.forms import form

CONSTRUCT = EffectConstruct("gain_keyword", GainKeyword, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "GainAbilityTargetEffect", "keyword", "duration"),
    form("all", "GainAbilityAllEffect", "keyword", "duration", "filter"),
    form("you", "GainAbilityControllerEffect", "keyword", "duration"),
    form("self", "GainAbilitySourceEffect", "keyword", "duration"),
))
# XMage's shorter spellings: read, never written (the table lists them after every written form)
CONSTRUCT.put("xmage_read_forms", (
    form("target", "GainAbilityTargetEffect", "keyword", duration="end_of_turn"),
))
CONSTRUCT.put("xmage_continuous", True)
CONSTRUCT.put("xmage_pointer_stable", True)

# --------------------------------------------------------------------------------------------- resolver
