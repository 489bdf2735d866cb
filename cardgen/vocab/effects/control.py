"""The `control` effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import StaticEffectBase, Subject
from cardgen.vocab import subject as vocab_subject
from cardgen.vocab.construct import Continuous, EffectConstruct, EffectText, ForgeEffect, XMageEffect, XMageStatic
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.read_model import Bag
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.lower import CardLowering
    from cardgen.engines.xmage.reader import ClassReader
    from cardgen.game.continuous import Layers
    from cardgen.game.objects import GameObject
    from cardgen.game.state import GameState


# ------------------------------------------------------------------------------------------ the spec model

class Control(StaticEffectBase):
    """You control the affected objects: "You control enchanted creature"."""

    effect: Literal["control"]
    affected: Subject


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "static": [Form("you control {a:object_sg}", {"effect": "control", "affected": V("a")})],
}


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder, e: Control) -> Params:
    return [("GainControl", "You")]


def _forge_hints(b: ScriptBuilder, e: Control) -> list[tuple[str, str]]:
    """An Aura that steals what it enchants (Kitnap): the AI attaches it to steal."""
    return [("AttachAILogic", "GainControl")] if e.affected == "enchanted" and b.enchants else []


def _forge_read(r: ScriptReader, bag: Bag, affected: Any) -> dict[str, Any] | None:
    control = bag.get("GainControl")
    if control is None:
        return None
    if control != "You":
        raise r.error("FG201", f"S: GainControl$ {control}")
    return {"effect": "control", "affected": affected}


# ------------------------------------------------------------------------------------------------ XMage

def _xmage_static(w: CardLowering, static: Control) -> list[Any]:
    """"You control enchanted creature": `ControlEnchantedEffect`."""
    if static.affected != "enchanted":
        raise w.Unsupported("`control` renders for `enchanted` only (ControlEnchantedEffect)")
    return [w.new(w.use("ControlEnchantedEffect"))]


def _xmage_read_static(r: ClassReader, value: Any, node: Any) -> dict[str, Any] | None:
    if value.cls == "ControlEnchantedEffect" and not value.args:
        return {"effect": CONSTRUCT.kind, "affected": "enchanted"}
    return None


def _xmage_static_text(expr: Any) -> str | None:
    """What XMage prints for `ControlEnchantedEffect`."""
    return "you control enchanted creature" if expr.cls == "ControlEnchantedEffect" and not expr.args else None

# --------------------------------------------------------------------------------------------- resolver


def _apply_static(state: GameState, source: GameObject, effect: Control, obj: GameObject, layers: Layers) -> None:
    """Layer 2 (613.1b): "You control enchanted creature" (Kitnap) gives what it affects to the source's
    controller; its filter is read from the source's base controller (control is what is being decided)."""
    if vocab_subject.static_affects(state, source, effect.affected, obj, source.controller):
        layers.controller = source.controller


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EffectConstruct(
    kind="control", model=Control, subjects=("affected",),
    text=EffectText(phrasings=_PHRASINGS),
    forge=ForgeEffect(
        static=_forge,
        hints=_forge_hints,
        read_continuous=_forge_read,
    ),
    xmage=XMageEffect(
        static=XMageStatic(
            write=_xmage_static,
            read=_xmage_read_static,
            text=_xmage_static_text,
        ),
    ),
    rule=Continuous(
        layer=2,
        apply=_apply_static,
    ),
)
