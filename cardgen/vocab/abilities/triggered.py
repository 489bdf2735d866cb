"""The `triggered` ability: "When ...", "At ...", "Whenever ..." (rule 603); its event is a construct of
`cardgen/vocab/events/`."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, field_validator

from cardgen.model.parts import AbilityBase, OracleLine, expand_instead_groups
from cardgen.vocab.construct import (
    AbilityCanonical,
    AbilityChecks,
    AbilityConstruct,
    AbilityText,
    EventConstruct,
    ForgeAbility,
    XMageAbility,
)
from cardgen.vocab.pattern import Form, V

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder
    from cardgen.engines.forge.script import Trigger
    from cardgen.engines.xmage.lower import Block, CardLowering
    from cardgen.model.card import Condition, Effect, TriggerEvent


def _event(ability: TriggeredAbility) -> EventConstruct:
    """The construct of the ability's event (the registry imported late: it imports this module)."""
    from cardgen import vocab

    return vocab.event(ability.event)


# ------------------------------------------------------------------------------------------ the spec model

class TriggeredAbility(AbilityBase):
    """`enters` is "When this enters"; `each_end_step` is "At the beginning of each end step";
    `you_give_gift` is "Whenever you give a gift" (702.174c). `intervening_if` is the "if the gift was
    promised" (`promised`) or "if the gift wasn't promised" (`not_promised`) clause, checked both when it
    triggers and as it resolves (rule 603.4): a trigger whose condition is false isn't put on the stack.
    `once_each_turn` is "This ability triggers only once each turn.": after it triggered in a turn, its event
    happening again that turn doesn't trigger it."""

    kind: Literal["triggered"]
    text: OracleLine
    event: TriggerEvent
    intervening_if: Condition | None = None
    effects: Annotated[list[Effect], Field(min_length=1)]
    once_each_turn: bool = False

    @field_validator("effects", mode="after")
    @classmethod
    def _groups(cls, effects: list[Any]) -> list[Any]:
        return expand_instead_groups(effects)


# ------------------------------------------------------------------------------------ text and phrasing

_PHRASINGS = {"ability": [
    Form("{e:trigger}, {i:intervening}{b:sentences} this ability triggers only once each turn.",
         {"kind": "triggered", "event": V("e"), "intervening_if": V("i", None), "sentences": V("b"),
          "once_each_turn": True}),
    Form("{e:trigger}, {i:intervening}{b:sentences}",
         {"kind": "triggered", "event": V("e"), "intervening_if": V("i", None), "sentences": V("b")}),
]}


def _text_compose(result: dict[str, Any], line: str, spell: bool, taken: set[str], compose: Any) -> Any:
    """A permanent's trigger. "When ~ enters, if the gift was promised, ..." is an intervening if (603.4),
    not a condition of its first sentence."""
    first = result["sentences"][0]
    first_condition = first.get("prefix", {}).get("condition")
    if spell or (result.get("intervening_if") is None and _intervenes(first_condition)):
        return None
    ability = {"kind": CONSTRUCT.kind, "text": line, "event": result["event"]}
    if result.get("intervening_if"):
        ability["intervening_if"] = result["intervening_if"]
    if result.get("once_each_turn"):
        ability["once_each_turn"] = True
    from cardgen import vocab

    event = result["event"]
    kind = event if isinstance(event, str) else next(iter(event), None) if isinstance(event, dict) else None
    names_self = kind in vocab.EVENTS and vocab.EVENTS[kind].text.names_self
    ability["effects"] = compose(result["sentences"], taken, it="self" if names_self else None)
    return ability


def _intervenes(condition: Any) -> bool:
    """Whether a condition first in a trigger's effects is its intervening "if" (603.4): one that has that
    form ("When ~ enters, if the gift was promised, ...", "At the beginning of your end step, if you control a
    creature with power 4 or greater, ..."), so the line has that one reading."""
    from cardgen import vocab

    if condition is None:
        return False
    kind = condition if isinstance(condition, str) else next(iter(condition), None) if isinstance(condition, dict) \
        else None
    construct = vocab.CONDITIONS.get(kind) if isinstance(kind, str) else None
    return construct is not None and "intervening" in construct.text.phrasings


def _text_render(ability: dict[str, Any], sentences_of: Any) -> dict[str, Any] | None:
    sentences = sentences_of(ability["effects"])
    if sentences is None:
        return None
    value = {"kind": CONSTRUCT.kind, "event": ability["event"], "sentences": sentences}
    if ability.get("once_each_turn"):
        value["once_each_turn"] = True
    if ability.get("intervening_if"):
        value["intervening_if"] = ability["intervening_if"]
    elif sentences[0]["prefix"] in ({"condition": "promised"}, {"condition": "not_promised"}):
        # "When ~ enters, if the gift was promised, ..." is the intervening if (603.4); a condition
        # checked only on resolution is said after the effect
        sentences[0] = {**sentences[0], "prefix": {}, "suffix": sentences[0]["prefix"]}
    return value


# ------------------------------------------------------------------------------------------------ Forge

def _forge(b: ScriptBuilder, ability: TriggeredAbility) -> Trigger | None:
    """`T:Mode$ ... | Execute$ Trig... | TriggerDescription$ ...`, the head from the event's `forge.trigger`
    (its `Mode$` and what the intervening "if" makes of it)."""
    execute = b.execute_chain(ability.effects)
    if execute is None:
        return None  # the gift's own enters trigger, written out: Forge derives it from K:Gift
    from cardgen import vocab

    forge = _event(ability).forge
    values = forge.join_values(ability.event) if forge.join_values is not None else list(forge.joins)
    lines = [vocab.event(word).forge.trigger(b, ability.intervening_if, value)
             for word, value in zip(forge.joins, values, strict=True)] if forge.joins \
        else [forge.trigger(b, ability.intervening_if, ability.event)]
    if ability.once_each_turn:  # Trigger.checkActivationLimit / TriggerHandler: triggers run this turn < 1
        lines = [(mode, [*head, ("ActivationLimit", "1")]) for mode, head in lines]
    (mode, head), *secondary = lines
    return b.Trigger(mode, head, execute, b.describe(_forge_text(ability), "a trigger text"), secondary)


def _forge_text(ability: TriggeredAbility) -> str:
    """The trigger's description; a modal one's is its trigger phrase and `ABILITY`, which Forge replaces
    with what its `Charm` says (the choosing words and the modes), as Forge's own scripts write it."""
    from cardgen.vocab.effects.modes import ChooseModes, head

    modal = next((effect for effect in ability.effects if isinstance(effect, ChooseModes)), None)
    if modal is None:
        return ability.text

    line = ability.text.split("\n")[0]
    at = line.lower().rfind(head(modal).lower())
    return (line[:at] if at > 0 else line + " ") + "ABILITY"


def _forge_deck_hints(ability: TriggeredAbility) -> tuple[tuple[str, str, str], ...]:
    return _event(ability).forge.deck_hints


def _forge_hints(b: ScriptBuilder, ability: TriggeredAbility) -> list[tuple[str, str]]:
    hints = _event(ability).forge.hints
    return hints(ability.event) if hints is not None else []


# ------------------------------------------------------------------------------------------------ XMage

def _xmage(w: CardLowering, ability: TriggeredAbility) -> Block:
    """The event's triggered-ability class (`xmage.trigger`) around the first effect, `withInterveningIf`
    for the intervening "if" (603.4) (and `addWatcher` for a watcher its condition reads, `xmage.watcher`),
    the other effects and the targets added to it."""
    block = w.Block(ability.text)
    modal = next((effect for effect in ability.effects if getattr(effect, "effect", None) == "modes"), None)
    if modal is not None:
        return _xmage_modal(w, ability, modal, block)
    spec_effects, optional = _optional_trigger(ability)
    host = w.ability_host(spec_effects)
    effects, texts = w.effect_lines(host, spec_effects, ability.text, ability)
    if texts is not None:
        block.rules = w.triggered_rule(ability, texts)
    trigger = _event(ability).xmage.trigger(w, effects[0], ability.event)
    if optional:
        trigger = _optional(w, ability, trigger)
    if ability.intervening_if is None:  # `withInterveningIf` keeps the printed words itself
        trigger = w.keep_this(trigger, texts)
    if ability.once_each_turn:  # TriggeredAbilityImpl.checkTriggeredLimit; its rule says the sentence itself
        trigger = w.call(trigger, "setTriggersLimitEachTurn", w.Raw("1"))
    watchers: list[str] = []
    if ability.intervening_if is not None:
        trigger = w.call(trigger, "withInterveningIf", w.intervening(ability.intervening_if))
        watcher = w.condition_watcher(ability.intervening_if)
        if watcher is not None:  # a watcher the condition reads that the game doesn't add itself
            watchers.append(watcher)
    watchers += [watcher for effect in ability.effects if (watcher := _effect_watcher(effect)) is not None
                 and watcher not in watchers]  # a watcher an effect's framework effect reads
    for watcher in watchers:
        trigger = w.call(trigger, "addWatcher", w.new(w.use(watcher)))
    w.add_hosted(block, host, trigger, effects[1:])
    return block


def _optional_trigger(ability: TriggeredAbility) -> tuple[list[Any], bool]:
    """The effects to lower, and whether the triggered ability is optional: its only effect's "you may" that
    its framework effects can't say (`xmage.optional_trigger`) is the ability's instead (603.5)."""
    from cardgen import vocab

    effects = list(ability.effects)
    if len(effects) == 1 and hasattr(effects[0], "effect"):
        field = vocab.effect(effects[0].effect).xmage.optional_trigger
        if field is not None and getattr(effects[0], field):
            return [effects[0].model_copy(update={field: False})], True
    return effects, False


def _optional(w: CardLowering, ability: TriggeredAbility, trigger: Any) -> Any:
    """The triggered ability with `true` for its `optional` argument (the event's `xmage.optional_arg`: added
    there, or in place of the `false` written there)."""
    position = _event(ability).xmage.optional_arg
    args = list(trigger.args) if isinstance(trigger, w.New) else []
    if position is not None and len(args) == position:
        return w.new(trigger.cls, *args, w.Raw("true"))
    if position is not None and len(args) > position and args[position] == w.Raw("false"):
        return w.new(trigger.cls, *args[:position], w.Raw("true"), *args[position + 1:])
    raise w.Unsupported(f"an optional '{ability.event}' triggered ability (\"you may ...\") has no XMage form here",
                        rule="603.5")
def _effect_watcher(effect: Any) -> str | None:
    from cardgen import vocab

    return vocab.of(effect).xmage.watcher


def _xmage_modal(w: CardLowering, ability: TriggeredAbility, modal: Any, block: Block) -> Block:
    """A modal triggered ability (700.2b): the triggered-ability class around the first mode's first effect,
    the first mode's other effects and targets on it, then the other modes (`ability.addMode`)."""
    if len(ability.effects) != 1 or ability.intervening_if is not None or ability.once_each_turn:
        raise w.Unsupported("a modal triggered ability's modes are all it does here", rule="700.2")
    host = w.ability_host([])

    def first(exprs: list[Any], targets: list[Any]) -> list[Any]:
        trigger = _event(ability).xmage.trigger(w, exprs[0], ability.event)
        return [w.ability_variable(trigger), *(w.stmt(w.call("ability", "addEffect", e)) for e in exprs[1:]),
                *(w.stmt(w.call("ability", "addTarget", t)) for t in targets)]

    body, rules = w.modes(host, modal, first)
    block.body.extend([*body, w.stmt(w.call("this", "addAbility", w.Raw("ability")))])
    if rules is not None:
        head, _, rest = rules.partition("<br>")
        choosing = head[:1].lower() + head[1:]
        phrase = w.triggered_rule(ability, [choosing])  # the phrase, then the choosing words as a sentence
        block.rules = phrase[:phrase.rindex(choosing) + len(choosing)] + "<br>" + rest
    return block


# --------------------------------------------------------------------------------------- canonical form


def _canonical(c: Any, ability: dict[str, Any]) -> dict[str, Any] | None:
    """Without the effects derived anyway; an ability of nothing else is the derived gift trigger itself."""
    ability["effects"] = [effect for effect in ability["effects"] if not c.derived(effect)]
    return ability if ability["effects"] else None


# ------------------------------------------------------------------------------------------- validation


def _validate_gift_trigger(ability: TriggeredAbility) -> bool:
    """The permanent's own "When this permanent enters, if its gift cost was paid, [gift]" (702.174b): on
    its event's `rule.gives_gift`, intervening "if promised", the gift alone."""
    return _event(ability).rule.gives_gift and ability.intervening_if == "promised" \
        and len(ability.effects) == 1


# --------------------------------------------------------------------------------------------- scaffold

def _scaffold_guess(line: str, spell: bool) -> str | bool:
    return re.match(r"(When|Whenever|At the beginning)\b", line) is not None


# ------------------------------------------------------------------------------------------ the construct

CONSTRUCT = AbilityConstruct(
    kind="triggered", model=TriggeredAbility,
    text=AbilityText(
        phrasings=_PHRASINGS,
        order=4,
        compose=_text_compose,
        render=_text_render,
        guess=_scaffold_guess,
    ),
    canonical=AbilityCanonical(
        order=5,
        chain=True,
        rewrite=_canonical,
    ),
    checks=AbilityChecks(
        # Its text saying "if the gift was promised" must be a test in its structure (CG304).
        promise_words=True,
        gift_trigger=_validate_gift_trigger,
    ),
    forge=ForgeAbility(
        trigger=_forge,
        deck_hints=_forge_deck_hints,
        hints=_forge_hints,
    ),
    xmage=XMageAbility(
        block=_xmage,
        # a triggered ability an event's `xmage.read_trigger` reads back is one of this kind
        trigger_part=True,
    ),
)
