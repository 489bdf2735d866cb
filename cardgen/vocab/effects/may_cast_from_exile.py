"""The `may_cast_from_exile` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import EffectBase, RefSubject, Subject
from cardgen.vocab.construct import EffectConstruct, EffectText, ForgeEffect, OneShot, XMageEffect, XMageSequence
from cardgen.vocab.java_statements import Do, ForEach, Statement
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.read_model import Bag
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.read_sequence import SequenceReader
    from cardgen.engines.xmage.sequence import SequenceLowering
    from cardgen.game.context import Context
    from cardgen.game.objects import Entity


# ------------------------------------------------------------------------------------------ the spec model

class MayCastFromExile(EffectBase):
    """You may cast the referenced exiled card for as long as it remains exiled."""

    effect: Literal["may_cast_from_exile"]
    what: Subject
    any_mana: bool = False


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "plain_effect": [
        Form("you may cast {w:object_sg} for as long as it remains exiled{m:any_mana}",
             {"effect": "may_cast_from_exile", "what": V("w"), "any_mana": V("m", False)}),
    ],
    "any_mana": [Form("", False), Form(", and mana of any type can be spent to cast it", True)],
}


# ------------------------------------------------------------------------------------------------ Forge

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


def _forge_hints(b: ScriptBuilder, e: MayCastFromExile) -> list[tuple[str, str]]:
    """The AI casts the card before combat, so it still has time to use the permission (Cruelclaw's Heist)."""
    return [("PlayMain1", "TRUE")]


def _forge_read(r: NodeReader, static: Bag, duration: str | None) -> dict[str, Any] | None:
    if static.peek("Mode") != "Continuous" or static.peek("MayPlay") != "True" or duration != "Permanent":
        return None  # a permission for a while is `may_play`'s
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

def _xmage_needs_sequence(effect: MayCastFromExile) -> bool:
    """No framework effect does this step: it is always written in the generated sequence effect."""
    return True


def _xmage_sequence_step(s: SequenceLowering, effect: MayCastFromExile, subject: Any, indent: int
                         ) -> list[Statement]:
    """`CardUtil.makeCardPlayable` for each of the objects."""
    before, cards, _zone = s.source(subject, effect, indent)
    s.use("Card")
    utility, duration = s.use("CardUtil"), s.parent.const("Duration.Custom")
    playable = Do(s.call(utility, "makeCardPlayable", "game", "source", "card", True, duration,
                         bool(effect.any_mana)).flat())
    return [*before, ForEach("Card", "card", f"{s.fmt(cards, indent, offset=17)}.getCards(game)", (playable,))]


def _xmage_read_loop(sr: SequenceReader, variable: str, head: Any, body: str, node: Any) -> list[dict[str, Any]] | None:
    """The `makeCardPlayable` loop `_xmage_sequence_step` writes."""
    if not (variable == "card" and isinstance(head, sr.Call) and head.method == "getCards"
            and head.args == (sr.Raw("game"),) and head.receiver is not None):
        return None
    for any_mana in ("true", "false"):
        if body == f"{{ CardUtil.makeCardPlayable(game, source, card, true, Duration.Custom, {any_mana}); }}":
            effect: dict[str, Any] = {"effect": CONSTRUCT.kind, "any_mana": any_mana == "true"}
            effect["what"], _zone = sr.source(head.receiver, effect, node)
            return [effect]
    return None

# --------------------------------------------------------------------------------------------- resolver


def _resolve(ctx: Context, effect: MayCastFromExile) -> list[Entity]:
    """For as long as the card remains exiled (a new object once it leaves, 400.7) its controller may
    cast it. Mana is abstracted, so `any_mana` needs nothing more."""
    from cardgen.game.events import CastPermission
    granted: list[Entity] = []
    for obj in ctx.objects(effect.what, "what"):
        if obj.zone == "exile":
            ctx.state.cast_permissions[obj.oid] = ctx.controller
            ctx.state.emit(CastPermission(ctx.controller, obj.name))
            granted.append(obj.oid)
    return granted


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="may_cast_from_exile", model=MayCastFromExile, subjects=("what",),
    text=EffectText(
        phrasings=_PHRASINGS,
        antecedents=("what",),
    ),
    forge=ForgeEffect(
        write=_forge,
        hints=_forge_hints,
        read_static=_forge_read,
    ),
    xmage=XMageEffect(
        needs_sequence=_xmage_needs_sequence,
        sequence=XMageSequence(
            step=_xmage_sequence_step,
            read_loop=_xmage_read_loop,
        ),
    ),
    rule=OneShot(resolve=_resolve),
)
