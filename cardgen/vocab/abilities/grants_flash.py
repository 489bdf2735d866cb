"""The `grants_flash` ability: "You may cast noncreature spells as though they had flash." (702.8a: a
spell with flash may be cast any time its caster could cast an instant; 601.3: an effect may allow a spell to
be cast at a time it otherwise couldn't). A static ability of a permanent: while it is on the battlefield, its
controller may cast the spells `spells` matches at instant speed; other players' spells are unaffected, and
timing is the only thing it changes (the spell is cast from the hand as usual). Forge: a `Mode$ CastWithFlash`
static (forge-game staticability/StaticAbilityCastWithFlash.java commonParts: `ValidCard$` the card, `ValidSA$`
the spell ability, `Caster$` the player casting). XMage: `new SimpleStaticAbility(new
CastAsThoughItHadFlashAllEffect(Duration.WhileOnBattlefield, filter))`, its rules text "You may cast
<filter message> as though they had flash", so the filter's message is the printed noun phrase."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from cardgen.model.parts import AbilityBase, ObjectFilter, OracleLine
from cardgen.vocab.construct import (
    AbilityCanonical,
    AbilityConstruct,
    AbilityRule,
    AbilityText,
    ForgeAbility,
    XMageAbility,
)
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.forge.script import Static
    from cardgen.engines.xmage.lower import Block, CardLowering
    from cardgen.engines.xmage.reader import ClassReader
    from cardgen.game.objects import GameObject
    from cardgen.game.state import GameState


# ------------------------------------------------------------------------------------------ the spec model

class GrantsFlash(AbilityBase):
    """"You may cast <spells> as though they had flash.": its permanent's controller may cast the spells
    `spells` matches (a filter of spells: `zone: stack`) any time they could cast an instant."""

    kind: Literal["grants_flash"]
    text: OracleLine
    spells: ObjectFilter


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {
    "ability": [
        Form("you may cast {f:filter_pl} as though they had flash.", {"kind": "grants_flash", "spells": V("f")}),
    ],
}


def _text_compose(result: dict[str, Any], line: str, spell: bool, taken: set[str], compose: Any) -> Any:
    """A permanent's line about the spells its controller casts; the filter is one of spells."""
    spells = result.get("spells")
    if spell or not isinstance(spells, dict) or spells.get("zone") != "stack":
        return None
    return {**result, "text": line}


def _text_render(ability: dict[str, Any], sentences_of: Any) -> dict[str, Any] | None:
    return {key: value for key, value in ability.items() if key != "text"}


def _guess(line: str, spell: bool) -> bool:
    return not spell and line.endswith("as though they had flash.")


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder, ability: GrantsFlash) -> Static:
    """`S:Mode$ CastWithFlash | ValidCard$ Card.nonCreature | ValidSA$ Spell | Caster$ You | Description$ ...`,
    as Forge's own Valley Floodcaller writes it."""
    return b.Static("CastWithFlash", [("ValidCard", b.valid(ability.spells)), ("ValidSA", "Spell"),
                                      ("Caster", "You")],
                    b.describe(ability.text, "an ability text"))


def _forge_read(r: ScriptReader, params: list[tuple[str, str]]) -> dict[str, Any] | None:
    """The `Mode$ CastWithFlash` line `_forge` writes; None otherwise."""
    values = dict(params)
    if values.get("Mode") != "CastWithFlash" or values.get("Caster") != "You" or values.get("ValidSA") != "Spell":
        return None
    if set(values) - {"Mode", "ValidCard", "ValidSA", "Caster", "Description"} or "ValidCard" not in values:
        return None
    parsed = r.read_valid(values["ValidCard"], "stack")
    if parsed.error or parsed.flags:
        return None
    return {"kind": CONSTRUCT.kind, "spells": {"zone": "stack", **parsed.fields},
            "text": r.undescribe(values.get("Description", ""))}


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, ability: GrantsFlash) -> Block:
    """`new SimpleStaticAbility(new CastAsThoughItHadFlashAllEffect(Duration.WhileOnBattlefield, filter))`, the
    filter a card filter whose message is the printed noun phrase ("noncreature spells")."""
    words = ability.text.removeprefix("You may cast ").split(" as though ", 1)[0]
    block = w.Block(ability.text, rules=ability.text)
    cards = ability.spells.model_copy(update={"zone": "hand"})
    spells = w.Raw(w.filters.add(cards, message=words))
    duration = w.Raw(f"{w.use('Duration')}.WhileOnBattlefield")
    effect = w.new(w.use("CastAsThoughItHadFlashAllEffect"), duration, spells)
    block.body.append(w.stmt(w.call("this", "addAbility", w.new(w.use("SimpleStaticAbility"), effect))))
    return block


def _xmage_read(r: ClassReader, value: Any, aura: Any, node: Any) -> dict[str, Any] | None:
    """`addAbility(new SimpleStaticAbility(new CastAsThoughItHadFlashAllEffect(Duration.WhileOnBattlefield,
    filter)))`."""
    if not (isinstance(value, r.New) and value.cls == "SimpleStaticAbility" and len(value.args) == 1):
        return None
    effect = value.args[0]
    if not (isinstance(effect, r.New) and effect.cls == "CastAsThoughItHadFlashAllEffect" and len(effect.args) == 2
            and effect.args[0].flat() == "Duration.WhileOnBattlefield"):
        return None
    fields, _ = r.filters.selector(effect.args[1].flat(), node, "stack")
    return {"kind": CONSTRUCT.kind, "text": "", "spells": {**fields, "zone": "stack"}}


# --------------------------------------------------------------------------------------------- resolver

def _flash(state: GameState, permanent: GameObject, ability: GrantsFlash, card: GameObject, caster: str) -> bool:
    """Whether `caster` may cast `card` as though it had flash: the permanent is theirs and the filter matches
    the card as it becomes the spell (601.2a)."""
    from cardgen.game import continuous, filters

    if continuous.controller_of(state, permanent) != caster:
        return False
    as_cast = ability.spells.model_copy(update={"zone": card.zone})
    return filters.matches(state, card, as_cast, caster, permanent.oid)


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AbilityConstruct(
    kind="grants_flash", model=GrantsFlash,
    text=AbilityText(
        phrasings=_PHRASINGS,
        order=1,
        compose=_text_compose,
        render=_text_render,
        guess=_guess,
    ),
    canonical=AbilityCanonical(order=1),
    forge=ForgeAbility(
        mode_static=_forge,
        read_mode_static=_forge_read,
    ),
    xmage=XMageAbility(
        block=_xmage,
        read_added=_xmage_read,
    ),
    rule=AbilityRule(grants_flash=_flash),
)
