"""The `counter` effect."""

from __future__ import annotations

from cardgen.spec.model import CounterSpell
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.xmage_forms import form

CONSTRUCT = EffectConstruct("counter", CounterSpell, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "CounterTargetEffect"),
))

# framework effects whose own text is `effect_phrase` of the effect (with the declared target's description)
CONSTRUCT.put("xmage_phrased", frozenset({"CounterTargetEffect"}))

# --------------------------------------------------------------------------------------------- resolver
