"""The `you_cast` trigger event: "Whenever you cast a [kind of] spell" (601.2i: a spell becomes cast once
casting is complete, and abilities that trigger on casting trigger then; 603.2). Its filter is the spell's
(a noncreature spell, an instant or sorcery spell). The ability triggers for the caster's permanents only,
and the spell still resolves after it, whatever the trigger does (it goes on the stack above the spell)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import field_validator

from cardgen.game import happenings
from cardgen.model.parts import ObjectFilter, SpecModel
from cardgen.vocab.construct import EventConstruct, EventRule, EventText, ForgeEvent, XMageEvent
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.read_model import Bag
    from cardgen.engines.forge.reader import ScriptReader
    from cardgen.engines.forge.syntax import Params
    from cardgen.engines.xmage.java_expr import Expr
    from cardgen.engines.xmage.lower import CardLowering
    from cardgen.engines.xmage.reader import ClassReader
    from cardgen.game.objects import GameObject
    from cardgen.game.state import GameState


class YouCast(SpecModel):
    """`event: {cast: {zone: stack, not_types: [creature]}}`: "Whenever you cast a noncreature spell"."""

    cast: ObjectFilter

    @field_validator("cast", mode="after")
    @classmethod
    def _a_spell(cls, value: ObjectFilter) -> ObjectFilter:
        if value.zone != "stack" or value.controller is not None or value.owner is not None:
            raise ValueError("a cast trigger's filter is a spell's (`zone: stack`), cast by you")
        return value


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder, intervening_if: str | None, event: YouCast) -> tuple[str, Params]:
    """`Mode$ SpellCast | ValidCard$ Card.nonCreature | ValidActivatingPlayer$ You | TriggerZones$ Battlefield`
    (TriggerSpellAbilityCastOrCopy: ValidCard$ is the spell's card, ValidActivatingPlayer$ its caster)."""
    if intervening_if:
        raise b.error(f"an intervening 'if the gift was promised' on a {CONSTRUCT.kind} trigger has no Forge "
                      "form here")
    valid = b.valid(event.cast) if event.cast.types or event.cast.not_types or event.cast.subtypes else "Card"
    return "SpellCast", [("ValidCard", valid), ("ValidActivatingPlayer", "You"), ("TriggerZones", "Battlefield")]


def _forge_hints(event: YouCast) -> list[tuple[str, str]]:
    """A permanent that a noncreature spell of yours buffs tells the AI so (`BuffedBy`, the valid
    expression of the cards that buff it; a cast spell is never a land): Forge's own Kindlespark Duo and
    Valley Floodcaller (`Card.nonCreature+nonLand`)."""
    cast = event.cast
    if cast.not_types == ["creature"] and not (cast.types or cast.subtypes or cast.supertypes or cast.not_subtypes):
        return [("BuffedBy", "Card.nonCreature+nonLand")]
    return []


def _forge_read(r: ScriptReader, bag: Bag, value: str) -> dict[str, Any] | None:
    if bag.peek("ActivatorThisTurnCast") is not None:
        return None  # the caster's second spell: `second_spell`
    if bag.get("ValidActivatingPlayer") != "You" or bag.get("TriggerZones") != "Battlefield" \
            or bag.has("ValidSA") or bag.has("Activator"):
        raise r.error("FG201", f"T: a cast trigger other than 'whenever you cast a ... spell': {value}")
    valid = bag.get("ValidCard") or "Card"
    fields = {} if valid == "Card" else r.valid(valid, "stack").fields
    return {"event": {"cast": {"zone": "stack", **fields}}}


# ------------------------------------------------------------------------------------------------ XMage

XMAGE_FILTERS = {
    ((), ()): "FILTER_SPELL_A", (("creature",), ()): "FILTER_SPELL_A_CREATURE",
    ((), ("creature",)): "FILTER_SPELL_A_NON_CREATURE",
    (("instant", "sorcery"), ()): "FILTER_SPELL_AN_INSTANT_OR_SORCERY",
}
"""XMage's `StaticFilters` fields for the spells a cast trigger names, their message worded for it ("a
noncreature spell"), by (types, not types); any other filter is a field of the card's own."""


def _xmage(w: CardLowering, effect: Expr, event: YouCast) -> Any:
    """`new SpellCastControllerTriggeredAbility(effect, StaticFilters.FILTER_SPELL_A_NON_CREATURE, false)`."""
    spell = event.cast
    plain = spell.model_copy(update={"types": [], "not_types": []}) == ObjectFilter(zone="stack")
    ready = XMAGE_FILTERS.get((tuple(sorted(spell.types)), tuple(sorted(spell.not_types)))) if plain else None
    chosen = w.const(f"StaticFilters.{ready}") if ready else w.Raw(w.filters.add(spell))
    return w.new(w.use("SpellCastControllerTriggeredAbility"), effect, chosen, w.Raw("false"))


def _xmage_read(r: ClassReader, value: Any, host: Any, node: Any) -> Any:
    """`new SpellCastControllerTriggeredAbility(effect, filter, false)`."""
    if value.cls == "SpellCastControllerTriggeredAbility" and len(value.args) == 3 \
            and value.args[2] == r.Raw("false") and r.filters.known(value.args[1].flat()):
        return value.args[0]
    return None


def _xmage_event(r: ClassReader, value: Any) -> dict[str, Any]:
    fields, _ = r.filters.selector(value.args[1].flat(), None, zone="stack")
    return {"cast": fields}


# --------------------------------------------------------------------------------------------- resolver

def _matches(state: GameState, source: GameObject, event: YouCast, what: Mapping[str, Any]) -> bool:
    """The caster's permanents, for a spell the filter selects."""
    from cardgen.game import filters
    from cardgen.game.continuous import controller_of

    caster: str = what["player"]
    spell: GameObject = what["spell"]
    return controller_of(state, source) == caster and filters.matches(state, spell, event.cast, caster, source.oid)


def _phrase(event: YouCast) -> str:
    """XMage's rules text of the trigger: "Whenever you cast a noncreature spell, " (its filter's message)."""
    words = " ".join(["".join(f"non{t}" for t in event.cast.not_types),
                      " or ".join([*event.cast.subtypes, *event.cast.types]), "spell"]).split()
    said = " ".join(words)
    return f"Whenever you cast {'an' if said[0] in 'aeiou' else 'a'} {said}, "


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = EventConstruct(
    kind="you_cast",
    model=YouCast,
    text=EventText(
        phrasings={"trigger": [
            Form("whenever you cast an {f:filter_sg}", {"cast": V("f")}, parse_only=True),
            Form("whenever you cast a {f:filter_sg}", {"cast": V("f")}),
        ]},
        order=5,
        trigger_phrase=_phrase,
    ),
    forge=ForgeEvent(
        trigger=_forge,
        reads={"SpellCast": _forge_read},
        hints=_forge_hints,
    ),
    xmage=XMageEvent(
        trigger=_xmage,
        read_trigger=_xmage_read,
        read_event=_xmage_event,
    ),
    rule=EventRule(
        happening=happenings.SPELL_CAST,
        matches=_matches,
    ),
)
