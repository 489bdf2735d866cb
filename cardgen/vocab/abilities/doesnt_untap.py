"""The `doesnt_untap` ability: "Enchanted creature doesn't untap during its controller's untap step." and
"This creature doesn't untap during your untap step." (502.3: the active player untaps their permanents in
their untap step, except those an effect keeps from untapping; a static ability's effect, 611.3a, so it holds
only while its permanent is on the battlefield, and only in the untap step of the kept permanent's controller:
the permanent can still untap by any other means, such as an effect that untaps it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import AbilityBase, OracleLine
from cardgen.vocab.construct import (
    AbilityCanonical,
    AbilityConstruct,
    AbilityRule,
    AbilityText,
    ForgeAbility,
    XMageAbility,
)
from cardgen.vocab.pattern import Form

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.forge.script import Replacement
    from cardgen.engines.xmage.lower import Block, CardLowering
    from cardgen.engines.xmage.reader import ClassReader
    from cardgen.game.objects import GameObject
    from cardgen.game.state import GameState

Kept = Literal["self", "enchanted"]


# ------------------------------------------------------------------------------------------ the spec model

class DoesntUntapAbility(AbilityBase):
    """The permanent it names (`what`: this permanent, or the one this Aura enchants) doesn't untap during its
    controller's untap step."""

    kind: Literal["doesnt_untap"]
    text: OracleLine
    what: Kept = "self"


# ------------------------------------------------------------------------------------ text and phrasing

NOUNS = ("creature", "artifact", "land", "permanent")
"""What a permanent's own line calls it ("This artifact doesn't untap during your untap step.")."""

_PHRASINGS = {
    "ability": [
        Form("enchanted creature doesn't untap during its controller's untap step.",
             {"kind": "doesnt_untap", "what": "enchanted"}),
        *(Form(f"this {noun} doesn't untap during your untap step.", {"kind": "doesnt_untap"}) for noun in NOUNS),
        Form("~ doesn't untap during your untap step.", {"kind": "doesnt_untap"}, parse_only=True),
    ],
}


def _text_compose(result: dict[str, Any], line: str, spell: bool, taken: set[str], compose: Any) -> Any:
    """A permanent's line; an instant or sorcery has no reading of it."""
    if spell:
        return None
    return {"kind": CONSTRUCT.kind, "text": line, **({"what": result["what"]} if "what" in result else {})}


def _text_render(ability: dict[str, Any], sentences_of: Any) -> dict[str, Any] | None:
    return {"kind": CONSTRUCT.kind, **({"what": ability["what"]} if ability.get("what", "self") != "self" else {})}


def _guess(line: str, spell: bool) -> bool:
    return not spell and "doesn't untap during" in line


# ------------------------------------------------------------------------------------------------ Forge

FORGE_VALID = {"self": "Card.Self+ActivePlayerCtrl", "enchanted": "Creature.AttachedBy+ActivePlayerCtrl"}
"""`ValidCard$` of the `R:Event$ Untap` line: the card untapping (forge-game replacement/ReplaceUntap.java
matches it against the card about to untap), this card or the creature this Aura is attached to
(CardProperty `AttachedBy`: the card has the source attached), while its controller is the active player
(CardProperty `ActivePlayerCtrl`)."""
FORGE_EVENT = [("ActiveZones", "Battlefield"), ("ActivePhases", "Untap"), ("Layer", "CantHappen")]
"""The rest of the line, as Forge's own Charmed Sleep writes it: only while this permanent is on the
battlefield, only in the untap step (ReplacementEffect.requirementsCheck reads `ActivePhases$`), and the
untapping doesn't happen (`Layer$ CantHappen`, ReplacementLayer)."""


def _forge(b: ScriptBuilder, ability: DoesntUntapAbility) -> Replacement:
    """`R:Event$ Untap | ActiveZones$ Battlefield | ValidCard$ ... | ActivePhases$ Untap | Layer$ CantHappen`."""
    params = [FORGE_EVENT[0], ("ValidCard", FORGE_VALID[ability.what]), *FORGE_EVENT[1:]]
    return b.Replacement("Untap", params, b.describe(ability.text, "an ability text"))


def _forge_read(r: ScriptReader, params: list[tuple[str, str]]) -> dict[str, Any] | None:
    """An `R:Event$ Untap` line `_forge` writes."""
    values = dict(params)
    if values.get("Event") != "Untap" or any(values.get(key) != value for key, value in FORGE_EVENT):
        return None
    what = next((kept for kept, valid in FORGE_VALID.items() if values.get("ValidCard") == valid), None)
    extra = set(values) - {"Event", "ValidCard", "Description", *(key for key, _ in FORGE_EVENT)}
    if what is None or extra:
        return None
    ability: dict[str, Any] = {"kind": CONSTRUCT.kind, "text": r.undescribe(values.get("Description", ""))}
    if what != "self":
        ability["what"] = what
    return ability


def _forge_hints(b: ScriptBuilder, ability: DoesntUntapAbility) -> list[tuple[str, str]]:
    """An Aura that keeps what it enchants tapped goes on an opponent's creature that is tapped or would be
    worth keeping tapped (forge-ai AttachAi: `KeepTapped`), as Forge's own Charmed Sleep asks."""
    return [("AttachAILogic", "KeepTapped")] if ability.what == "enchanted" and b.enchants else []


# ------------------------------------------------------------------------------------------------ XMage

XMAGE_EFFECTS: dict[str, Kept] = {"DontUntapInControllersUntapStepSourceEffect": "self",
                                  "DontUntapInControllersUntapStepEnchantedEffect": "enchanted"}
"""The framework's effects (mage.abilities.effects.common), in a `SimpleStaticAbility`."""
_XMAGE_RULES = {"self": "{this} doesn't untap during your untap step.",
                "enchanted": "Enchanted creature doesn't untap during its controller's untap step."}
"""Their `staticText` (the enchanted one's default noun is "creature"), as the ability prints it."""


def _xmage(w: CardLowering, ability: DoesntUntapAbility) -> Block:
    """`this.addAbility(new SimpleStaticAbility(new DontUntapInControllersUntapStep...Effect()));`."""
    effect = next(cls for cls, kept in XMAGE_EFFECTS.items() if kept == ability.what)
    block = w.Block(ability.text, rules=_XMAGE_RULES[ability.what])
    static = w.new(w.use("SimpleStaticAbility"), w.new(w.use(effect)))
    block.body.append(w.stmt(w.call("this", "addAbility", static)))
    return block


def _xmage_read(r: ClassReader, value: Any, aura: Any, node: Any) -> dict[str, Any] | None:
    """`addAbility(new SimpleStaticAbility(new DontUntapInControllersUntapStep...Effect()))`."""
    if not (isinstance(value, r.New) and value.cls == "SimpleStaticAbility" and len(value.args) == 1):
        return None
    inner = value.args[0]
    what = XMAGE_EFFECTS.get(inner.cls) if isinstance(inner, r.New) and not inner.args else None
    if what is None:
        return None
    ability: dict[str, Any] = {"kind": CONSTRUCT.kind, "text": ""}
    if what != "self":
        ability["what"] = what
    return ability


# --------------------------------------------------------------------------------------------- resolver

def _keeps_tapped(state: GameState, permanent: GameObject, ability: DoesntUntapAbility) -> list[GameObject]:
    """The permanent the ability keeps tapped in its controller's untap step: its own, or what it enchants."""
    if ability.what == "self":
        return [permanent]
    attached = state.objects.get(permanent.attached_to) if permanent.attached_to is not None else None
    return [attached] if attached is not None else []


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AbilityConstruct(
    kind="doesnt_untap", model=DoesntUntapAbility,
    text=AbilityText(
        phrasings=_PHRASINGS,
        order=1,
        compose=_text_compose,
        render=_text_render,
        guess=_guess,
    ),
    canonical=AbilityCanonical(order=1),
    forge=ForgeAbility(
        replacement=_forge,
        read_replacement=_forge_read,
        hints=_forge_hints,
    ),
    xmage=XMageAbility(
        block=_xmage,
        read_added=_xmage_read,
    ),
    rule=AbilityRule(keeps_tapped=_keeps_tapped),
)
