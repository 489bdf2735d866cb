"""The `triggered` ability: "When ...", "At ...", "Whenever ..." (rule 603); its event is a construct of
`cardgen/vocab/events/`."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from cardgen.model.card import TriggeredAbility
from cardgen.vocab.construct import AbilityConstruct
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.script import Trigger
    from cardgen.engines.xmage.lower import Block, CardLowering

CONSTRUCT = AbilityConstruct("triggered", TriggeredAbility)


def _event(ability: TriggeredAbility):  # noqa: ANN202 - the registry's construct, imported late (a cycle)
    from cardgen import vocab

    return vocab.event(ability.event)


# ------------------------------------------------------------------------------------ text and phrasing

CONSTRUCT.put("phrasings", {"ability": [
    Form("{e:trigger}, {i:intervening}{b:sentences}",
         {"kind": "triggered", "event": V("e"), "intervening_if": V("i", None), "sentences": V("b")}),
]})
CONSTRUCT.put("text_order", 4)


@CONSTRUCT.slot("text_compose")
def _text_compose(result: dict[str, Any], line: str, spell: bool, taken: set[str], compose: Any) -> Any:
    """A permanent's trigger. "When ~ enters, if the gift was promised, ..." is an intervening if (603.4),
    not a condition of its first sentence."""
    first = result["sentences"][0]
    first_condition = first.get("prefix", {}).get("condition")
    if spell or (result.get("intervening_if") is None and first_condition in ("promised", "not_promised")):
        return None
    ability = {"kind": CONSTRUCT.kind, "text": line, "event": result["event"]}
    if result.get("intervening_if"):
        ability["intervening_if"] = result["intervening_if"]
    ability["effects"] = compose(result["sentences"], taken)
    return ability


@CONSTRUCT.slot("text_render")
def _text_render(ability: dict[str, Any], sentences_of: Any) -> dict[str, Any] | None:
    sentences = sentences_of(ability["effects"])
    if sentences is None:
        return None
    value = {"kind": CONSTRUCT.kind, "event": ability["event"], "sentences": sentences}
    if ability.get("intervening_if"):
        value["intervening_if"] = ability["intervening_if"]
    elif sentences[0]["prefix"] in ({"condition": "promised"}, {"condition": "not_promised"}):
        # "When ~ enters, if the gift was promised, ..." is the intervening if (603.4); a condition
        # checked only on resolution is said after the effect
        sentences[0] = {**sentences[0], "prefix": {}, "suffix": sentences[0]["prefix"]}
    return value


# ------------------------------------------------------------------------------------------------ Forge

@CONSTRUCT.slot("forge_trigger")
def _forge(b: ScriptBuilder, ability: TriggeredAbility) -> Trigger | None:
    """`T:Mode$ ... | Execute$ Trig... | TriggerDescription$ ...`, the head from the event's `forge_trigger`
    (its `Mode$` and what the intervening "if" makes of it)."""
    execute = b.execute_chain(ability.effects)
    if execute is None:
        return None  # the gift's own enters trigger, written out: Forge derives it from K:Gift
    mode, head = _event(ability).hook("forge_trigger")(b, ability.intervening_if)
    return b.Trigger(mode, head, execute, b.describe(ability.text, "a trigger text"))


@CONSTRUCT.slot("forge_deck_hints")
def _forge_deck_hints(ability: TriggeredAbility) -> tuple[tuple[str, str, str], ...]:
    return _event(ability).hook("forge_deck_hints", ())


# ------------------------------------------------------------------------------------------------ XMage

@CONSTRUCT.slot("xmage_block")
def _xmage(w: CardLowering, ability: TriggeredAbility) -> Block:
    """The event's triggered-ability class (`xmage_trigger`) around the first effect, `withInterveningIf`
    for the intervening "if" (603.4), the other effects and the targets added to it."""
    block = w.Block(ability.text)
    host = w.ability_host(list(ability.effects))
    effects, texts = w.effect_lines(host, list(ability.effects), ability.text, ability)
    if texts is not None:
        block.rules = w.triggered_rule(ability, texts)
    trigger = _event(ability).hook("xmage_trigger")(w, effects[0])
    if ability.intervening_if is not None:
        trigger = w.call(trigger, "withInterveningIf", w.intervening(ability.intervening_if))
    w.add_hosted(block, host, trigger, effects[1:])
    return block


CONSTRUCT.put("xmage_trigger_part", True)
"""A triggered ability of an event's `xmage_read_trigger` reads back as an ability of this kind."""


# --------------------------------------------------------------------------------------- canonical form

CONSTRUCT.put("canonical_order", 5)
CONSTRUCT.put("canonical_chain", True)

@CONSTRUCT.slot("canonical")
def _canonical(c: Any, ability: dict[str, Any]) -> dict[str, Any] | None:
    """Without the effects derived anyway; an ability of nothing else is the derived gift trigger itself."""
    ability["effects"] = [effect for effect in ability["effects"] if not c.derived(effect)]
    return ability if ability["effects"] else None


# ------------------------------------------------------------------------------------------- validation

CONSTRUCT.put("validate_promise_words", True)
"""Its text saying "if the gift was promised" must be a test in its structure (CG304)."""


@CONSTRUCT.slot("validate_gift_trigger")
def _validate_gift_trigger(ability: TriggeredAbility) -> bool:
    """The permanent's own "When this permanent enters, if its gift cost was paid, [gift]" (702.174b): on
    its event's `validate_gift_event`, intervening "if promised", the gift alone."""
    return bool(_event(ability).hook("validate_gift_event")) and ability.intervening_if == "promised" \
        and len(ability.effects) == 1


# --------------------------------------------------------------------------------------------- scaffold

@CONSTRUCT.slot("scaffold_guess")
def _scaffold_guess(line: str, spell: bool) -> str | bool:
    return re.match(r"(When|Whenever|At the beginning)\b", line) is not None
