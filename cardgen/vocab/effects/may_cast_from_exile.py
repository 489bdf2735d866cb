"""The `may_cast_from_exile` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.spec.model import MayCastFromExile, RefSubject
from cardgen.vocab.construct import EffectConstruct

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.read_model import Bag
    from cardgen.engines.forge.syntax import Params

CONSTRUCT = EffectConstruct("may_cast_from_exile", MayCastFromExile, subjects=("what",))


# ------------------------------------------------------------------------------------ text and phrasing


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_write")
def _forge(w: EffectWriter, e: MayCastFromExile) -> tuple[str, Params]:
    if not isinstance(e.what, RefSubject):
        raise w.error("may_cast_from_exile refers to an earlier effect's card")
    remembered = w.ref_defined(e.what)
    static: Params = [("MayPlay", "True")]
    if e.any_mana:
        static.append(("MayPlayIgnoreType", "True"))
    static += [("Affected", "Card.IsRemembered+nonLand"), ("AffectedZone", "Exile")]
    name = w.defer_static("STPlay", "Continuous", static, "You may cast that card" + (
        " and you may spend mana as though it were mana of any type to cast it." if e.any_mana else "."))
    return "Effect", [("StaticAbilities", name), ("RememberObjects", remembered),
                      ("Duration", "Permanent"), ("ForgetOnMoved", "Exile")]


@CONSTRUCT.slot("forge_hints")
def _forge_hints(b: ScriptBuilder, e: MayCastFromExile) -> list[tuple[str, str]]:
    """The AI casts the card before combat, so it still has time to use the permission (Cruelclaw's Heist)."""
    return [("PlayMain1", "TRUE")]


@CONSTRUCT.slot("forge_read_static")
def _forge_read(r: NodeReader, static: Bag, duration: str | None) -> dict[str, Any] | None:
    if static.peek("Mode") != "Continuous" or static.peek("MayPlay") != "True":
        return None
    static.get("MayPlay")
    any_mana = static.get("MayPlayIgnoreType") == "True"
    if static.get("Affected") not in ("Card.IsRemembered", "Card.IsRemembered+nonLand") or static.get(
            "AffectedZone") != "Exile":
        raise r.error("FG203", f"{static.where}: only 'you may cast the remembered exiled card' is read")
    remembered = r.bag.get("RememberObjects")
    if duration != "Permanent" or remembered not in ("Remembered", "RememberedLKI", "Targeted"):
        raise r.error("FG201", "may-cast Effect must remember the card for as long as it is exiled")
    (what,) = r.defined(remembered, player=False)
    effect: dict[str, Any] = {"effect": "may_cast_from_exile", "what": what}
    if any_mana:
        effect["any_mana"] = True
    return effect


# ------------------------------------------------------------------------------------------------ XMage


# --------------------------------------------------------------------------------------------- resolver
