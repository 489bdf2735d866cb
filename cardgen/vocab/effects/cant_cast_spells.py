"""The `cant_cast_spells` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import CantCastSpells
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.xmage.lower import CardLowering, Host
    from cardgen.engines.xmage.reader import EffectReader

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


@CONSTRUCT.slot("xmage_read_local")
def _xmage_read_local(r: EffectReader, decl: Any, value: Any, node: Any, source: str) -> dict[str, Any] | None:
    """The card's own `ContinuousRuleModifyingEffectImpl` that stops `CAST_SPELL` (what the writer makes)."""
    if decl.superclass != "ContinuousRuleModifyingEffectImpl" or len(value.args) != 2 or "CAST_SPELL" not in source:
        return None
    who = {f"TargetController.{java}": word for word, java in _CONTROLLERS.items()}.get(value.args[0].flat())
    duration = r.durations.get(value.args[1].flat())
    if who is None or duration is None:
        raise r.ReadError(f"can't-cast effect arguments not understood: {value.flat()}", node=node)
    return {"effect": CONSTRUCT.kind, "who": who, "duration": duration}

# --------------------------------------------------------------------------------------------- resolver
