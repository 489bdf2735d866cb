"""The `cant_cast_spells` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import CantCastSpells
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.xmage.lower import CardLowering, Host

CONSTRUCT = EffectConstruct("cant_cast_spells", CantCastSpells, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_continuous", True)

_CONTROLLERS = {"each_player": "ANY", "each_opponent": "OPPONENT", "you": "YOU"}


@CONSTRUCT.slot("xmage_framework")
def _xmage_framework(w: CardLowering, host: Host, effect: CantCastSpells, **_: Any) -> tuple[Any, bool, None]:
    """The card's own rule-modifying effect (XMage has no framework "can't cast spells this turn")."""
    if not isinstance(effect.who, str) or effect.who not in _CONTROLLERS:
        raise w.Unsupported("`cant_cast_spells` renders for `each_player`, `each_opponent` or `you`")
    name = w.shared_class("CantCastEffect", "cant_cast_effect.java.j2",
                          ("ContinuousRuleModifyingEffectImpl", "TargetController", "Duration", "Outcome",
                           "GameEvent", "Game", "Ability"))
    return w.new(name, w.const(f"TargetController.{_CONTROLLERS[effect.who]}"), w.duration(effect.duration)), True, None


CONSTRUCT.put("xmage_stands_alone", True)

# --------------------------------------------------------------------------------------------- resolver
