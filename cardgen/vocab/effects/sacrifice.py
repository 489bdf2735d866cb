"""The `sacrifice` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import Sacrifice
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.xmage_forms import Form, form

if TYPE_CHECKING:
    from cardgen.engines.xmage.lower import CardLowering
    from cardgen.engines.xmage.reader import EffectReader

CONSTRUCT = EffectConstruct("sacrifice", Sacrifice, subjects=("who",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge


# ------------------------------------------------------------------------------------------------ XMage

CONSTRUCT.put("xmage_forms", (
    form("target", "SacrificeEffect", "sacrifice_filter", "amount", "pretext"),
    form("each_player", "SacrificeAllEffect", "amount", "sacrifice_filter"),
    form("each_opponent", "SacrificeOpponentsEffect", "amount", "sacrifice_filter"),
    form("you", "SacrificeControllerEffect", "sacrifice_filter", "amount", "text:"),
))


@CONSTRUCT.slot("xmage_read_finish")
def _xmage_read_finish(form: Form, effect: dict[str, Any], greatest: bool) -> None:
    """The sacrifice filter says whether the player chooses among the greatest power."""
    effect["choice"] = "greatest_power" if greatest else "any"


@CONSTRUCT.slot("xmage_arg:sacrifice_filter")
def _xmage_sacrifice_filter(w: CardLowering, effect: Sacrifice) -> list[Any]:
    """The filter of what is sacrificed (with "greatest power" when that is the choice)."""
    if effect.filter.zone != "battlefield":
        raise w.Unsupported("players sacrifice permanents: the sacrifice filter's zone is the battlefield")
    return [w.Raw(w.filters.add(effect.filter, greatest_power=effect.choice == "greatest_power"))]


@CONSTRUCT.slot("xmage_read_arg:sacrifice_filter")
def _xmage_read_sacrifice_filter(r: EffectReader, arg: Any, effect: dict[str, Any], node: Any) -> bool:
    effect["filter"], greatest = r.filter_argument(arg, node)
    return greatest


@CONSTRUCT.slot("xmage_arg:pretext")
def _xmage_pretext(w: CardLowering, effect: Sacrifice) -> list[Any]:
    """The player phrase `SacrificeEffect` prints ("target opponent")."""
    target = effect.who.target
    return [w.Str("target opponent" if target.player == "opponent" else "target player")]


@CONSTRUCT.slot("xmage_read_arg:pretext")
def _xmage_read_pretext(r: EffectReader, arg: Any, effect: dict[str, Any], node: Any) -> bool:
    if not isinstance(arg, r.Str):
        raise r.NoMatch("sacrifice text")
    return False

# --------------------------------------------------------------------------------------------- resolver
