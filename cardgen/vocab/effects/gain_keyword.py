"""The `gain_keyword` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import GainKeyword
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.forms import form

if TYPE_CHECKING:
    from cardgen.engines.xmage.lower import CardLowering, Host

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

@CONSTRUCT.slot("xmage_framework")
def _xmage_framework(w: CardLowering, host: Host, effect: GainKeyword, *, ref_as_target: bool,
                     zone_of_ref: str | None, keyword: str | None) -> tuple[Any, bool, Any] | None:
    """Several keywords: one framework effect per keyword, together in one `AddContinuousEffectToGame`
    (None for one keyword: the forms fit)."""
    if len(effect.keywords) <= 1 or keyword is not None:
        return None
    parts = [w.framework(host, effect, ref_as_target=ref_as_target, zone_of_ref=zone_of_ref, keyword=k)
             for k in effect.keywords]
    return w.new(w.use("AddContinuousEffectToGame"), *(p[0] for p in parts)), False, parts[0][2]

# --------------------------------------------------------------------------------------------- resolver
