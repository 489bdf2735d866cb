"""The `modify` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import AllSubject, Modify
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.xmage.lower import CardLowering

CONSTRUCT = EffectConstruct("modify", Modify, subjects=("affected",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

@CONSTRUCT.slot("xmage_static")
def _xmage_static(w: CardLowering, static: Modify) -> list[Any]:
    """The framework continuous effects of a static `modify`: a boost and one effect per keyword gained or
    lost, for the attached, the source or every matching permanent; conditional ones wrapped in
    `ConditionalContinuousEffect` (702.174k)."""
    affected = static.affected
    # builders, called only for the parts this static effect has (so only used classes are imported)
    if affected in ("equipped", "enchanted"):
        def attachment() -> Any:
            return w.const(f"AttachmentType.{'EQUIPMENT' if affected == 'equipped' else 'AURA'}")

        def boost() -> Any:
            cls = "BoostEquippedEffect" if affected == "equipped" else "BoostEnchantedEffect"
            return w.new(w.use(cls), static.power, static.toughness)

        def gain(k: str) -> Any:
            return w.new(w.use("GainAbilityAttachedEffect"), w.keyword(k), attachment())

        def lose(k: str) -> Any:
            return w.new(w.use("LoseAbilityAttachedEffect"), w.keyword(k), attachment())
    elif affected == "self":
        def boost() -> Any:
            return w.new(w.use("BoostSourceEffect"), static.power, static.toughness, w.while_on())

        def gain(k: str) -> Any:
            return w.new(w.use("GainAbilitySourceEffect"), w.keyword(k), w.while_on())

        def lose(k: str) -> Any:
            return w.new(w.use("LoseAbilitySourceEffect"), w.keyword(k), w.while_on())
    elif isinstance(affected, AllSubject):
        if affected.all.zone != "battlefield":
            raise w.Unsupported("a static `modify` affects permanents on the battlefield")
        name = w.Raw(w.filters.add(affected.all, plural=True))

        def boost() -> Any:
            return w.new(w.use("BoostAllEffect"), static.power, static.toughness, w.while_on(), name,
                         w.Raw("false"))

        def gain(k: str) -> Any:
            return w.new(w.use("GainAbilityAllEffect"), w.keyword(k), w.while_on(), name)

        def lose(k: str) -> Any:
            return w.new(w.use("LoseAbilityAllEffect"), w.keyword(k), w.while_on(), name)
    else:
        raise w.Unsupported("a static `modify` renders for `self`, `equipped`, `enchanted` or `{all: ...}`")
    out: list[Any] = []
    if (static.power, static.toughness) != (0, 0) or not (static.add_keywords or static.remove_keywords):
        out.append(boost())
    out += [gain(k) for k in static.add_keywords]
    out += [lose(k) for k in static.remove_keywords]
    if static.condition is not None:  # 702.174k: only while the gift was (or wasn't) promised
        member = "TRUE" if static.condition == "promised" else "FALSE"
        condition = w.const(f"GiftWasPromisedCondition.{member}")
        out = [w.new(w.use("ConditionalContinuousEffect"), e, condition, w.Str("")) for e in out]
    return out

# --------------------------------------------------------------------------------------------- resolver
