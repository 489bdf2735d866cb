"""The stack: putting triggered abilities on it and resolving its top object (rules 405, 603.3, 608).

A spell or ability whose targets have all become illegal doesn't resolve (608.2b): none of its effects
happen, so a promised gift is not given either (702.174j). An instant or sorcery performs
`resolution_effects` (gift first); a permanent spell enters carrying its promise, which is what its
derived gift trigger checks (702.174b).
"""

from __future__ import annotations

import re

from cardgen.diagnostics import NodePath
from cardgen.game import triggers, zones
from cardgen.game.context import Context
from cardgen.game.errors import MAX_RESOLUTIONS, MAX_TRIGGERS, BudgetExceeded, GameError
from cardgen.game.events import AbilityTriggered, Fizzled, Resolved, TriggerRemoved
from cardgen.game.objects import Entity, GameObject, PendingTrigger, StackAbility
from cardgen.game.state import GameState
from cardgen.model.derive import modal_effect, resolution_effects, with_modes
from cardgen.model.gift import gift_lines
from cardgen.resolver import targeting
from cardgen.resolver.effects import run_effects
from cardgen.resolver.targeting import entity_label
from cardgen.vocab.effects.give_gift import GiveGift
from cardgen.vocab.effects.modes import choice_problem


def put_pending_on_stack(state: GameState) -> None:
    """APNAP order (603.3b): the active player's triggers go on the stack first, so they resolve last.
    Each player's own triggers are ordered by source timestamp and ability order (a fixed choice)."""
    pending, state.pending = state.pending, []
    if pending:
        state.trigger_batches += 1
    for player in state.apnap():
        mine = sorted((p for p in pending if p.controller == player), key=lambda p: p.order)
        for trigger in _scripted_order(state, mine):
            _put_on_stack(state, trigger)


def trigger_words(trigger: PendingTrigger) -> list[str]:
    """What a scripted order may call a trigger by: its text, its source's name, and for a permanent's
    gift trigger (702.174b) the card's own words for it, its gift line ("Gift a card (You may promise ...)")
    and the reminder's trigger ("When it enters, they draw a card")."""
    words = [trigger.text, trigger.source_name]
    if trigger.gift is not None and _gives_gift(trigger):
        line = gift_lines(trigger.gift, permanent=True)[0]
        words.append(line)
        reminder = re.search(r"when it enters, [^.]*", line)
        if reminder:
            words.append(reminder.group(0))
    return words


def _gives_gift(trigger: PendingTrigger) -> bool:
    return trigger.gift is not None and any(isinstance(effect, GiveGift) for effect in trigger.effects)


def _called(trigger: PendingTrigger, entry: str) -> bool:
    """Whether the scripted entry is the start of one of the trigger's words (case and spacing aside)."""
    wanted = " ".join(entry.lower().split())
    return any(" ".join(word.lower().split()).startswith(wanted) for word in trigger_words(trigger))


def _scripted_order(state: GameState, triggers: list[PendingTrigger]) -> list[PendingTrigger]:
    """The player's order (603.3b) when the scenario scripts it (`trigger_order`), else the fixed one:
    each scripted entry takes the first remaining trigger it is the start of the words of (`trigger_words`)."""
    if len(triggers) < 2 or not state.trigger_order:
        return triggers
    remaining = list(triggers)
    ordered: list[PendingTrigger] = []
    while state.trigger_order and len(remaining) > 1:
        entry = state.trigger_order[0]
        found = next((t for t in remaining if _called(t, entry)), None)
        if found is None:
            raise GameError("bad_choice", f"trigger order {entry!r} names none of the triggers: "
                            + "; ".join(trigger_words(t)[2] if _gives_gift(t) else t.text for t in remaining))
        state.trigger_order.pop(0)
        remaining.remove(found)
        ordered.append(found)
    return ordered + remaining


def _put_on_stack(state: GameState, trigger: PendingTrigger) -> None:
    state.triggered += 1
    if state.triggered > MAX_TRIGGERS:
        raise BudgetExceeded("triggered abilities", MAX_TRIGGERS)
    chosen: dict[NodePath, list[Entity]] = {}
    effects = trigger.effects
    modal = modal_effect(effects)
    if modal is not None:  # 700.2b, 603.3c: its modes are chosen as it is put on the stack
        if not state.trigger_modes:
            raise GameError("modes", f"the modal triggered ability of {trigger.source_name} needs its modes "
                            "chosen (`trigger_modes`)", "700.2b")
        modes = tuple(sorted(state.trigger_modes.pop(0)))
        problem = choice_problem(modal, modes)
        if problem is not None:
            raise GameError("modes", f"{trigger.source_name}: {problem}", "700.2b")
        effects = with_modes(effects, modes)
    for slot in targeting.effect_slots(effects, trigger.promised):
        options = targeting.candidates(state, slot.target, trigger.controller, None, trigger.source)
        if slot.target.other_target:  # another target than those chosen before it (601.2c)
            earlier = targeting.chosen_before(chosen)
            options = [option for option in options if option not in earlier]
        if len(options) < slot.target.min:
            state.emit(TriggerRemoved(trigger.controller, trigger.source_name, "no legal target", trigger.text,
                                      state.trigger_batches))
            return
        picked = state.chooser.choose(trigger.controller, options, slot.target.max,
                                      f"target of {trigger.source_name}'s ability")
        chosen[slot.key] = list(picked)
    ability = StackAbility(
        sid=state.new_id(), source=trigger.source, source_name=trigger.source_name,
        controller=trigger.controller, text=trigger.text, effects=effects, targets=chosen,
        promised=trigger.promised, gift_recipient=trigger.gift_recipient,
        intervening_if=trigger.ability.intervening_if if trigger.ability else None,
        refs=dict(trigger.refs), gift=trigger.gift, resolve=trigger.resolve,
    )
    state.abilities[ability.sid] = ability
    state.stack.append(ability.sid)
    labels = tuple(entity_label(state, e) for group in chosen.values() for e in group)
    state.emit(AbilityTriggered(trigger.controller, trigger.source_name, trigger.text, labels, state.trigger_batches))
    triggers.became_target(state, trigger.controller, [e for group in chosen.values() for e in group], ability.sid)


def resolve_top(state: GameState) -> None:
    if not state.stack:
        raise GameError("empty_stack", "the stack is empty")
    state.resolutions += 1
    if state.resolutions > MAX_RESOLUTIONS:
        raise BudgetExceeded("resolutions", MAX_RESOLUTIONS)
    top = state.stack[-1]
    if top in state.abilities:
        _resolve_ability(state, state.abilities[top])
    else:
        _resolve_spell(state, state.obj(top))


def _resolve_ability(state: GameState, ability: StackAbility) -> None:
    state.stack.remove(ability.sid)
    del state.abilities[ability.sid]
    if not state.holds(ability.intervening_if, ability.promised, ability.controller):
        state.emit(TriggerRemoved(ability.controller, ability.source_name, "intervening if"))
        return
    if ability.resolve is not None:  # a keyword's trigger without spec effects (ward)
        ability.resolve(state, ability)
        state.emit(Resolved(ability.controller, ability.source_name, "ability"))
        return
    slots = targeting.effect_slots(ability.effects, ability.promised)
    legal, fizzled = targeting.legal_now(state, ability.targets, slots, ability.controller,
                                         source=ability.source)
    if fizzled:
        state.emit(Fizzled(ability.controller, ability.source_name, "ability"))
        return
    source = state.objects.get(ability.source)
    gift = ability.gift if ability.gift is not None else (source.chars.gift if source else None)
    key = (ability.source, ability.text)
    turn, times = state.ability_resolutions.get(key, (state.turn_number, 0))
    times = times + 1 if turn == state.turn_number else 1
    state.ability_resolutions[key] = (state.turn_number, times)
    ctx = Context(state=state, controller=ability.controller, source=ability.source,
                  source_name=ability.source_name, promised=ability.promised,
                  recipient=ability.gift_recipient, gift=gift, targets=legal, refs=dict(ability.refs),
                  resolution=times, run=run_effects)
    run_effects(ctx, ability.effects)
    state.emit(Resolved(ability.controller, ability.source_name, "ability"))


def _resolve_spell(state: GameState, spell: GameObject) -> None:
    info = spell.spell
    assert info is not None
    slots = targeting.spell_slots(spell.chars, spell.promised, info.modes)
    legal, fizzled = targeting.legal_now(state, info.targets, slots, spell.controller, exclude=spell.oid)
    if fizzled:
        state.emit(Fizzled(spell.controller, spell.name, "spell"))
        zones.move(state, spell.oid, "graveyard")
        return
    card = spell.chars.card
    if card is not None and card.is_instant_or_sorcery:
        ctx = Context(state=state, controller=spell.controller, source=spell.oid, source_name=spell.name,
                      promised=spell.promised, recipient=spell.gift_recipient, gift=spell.chars.gift,
                      targets=legal, run=run_effects)
        run_effects(ctx, resolution_effects(card, info.modes))
        state.emit(Resolved(spell.controller, spell.name, "spell"))
        if state.live(spell.oid) is not None:
            zones.move(state, spell.oid, "graveyard")
        return
    _enter_as_permanent(state, spell, legal)


def _enter_as_permanent(state: GameState, spell: GameObject, legal: dict[NodePath, list[Entity]]) -> None:
    """608.3: the permanent enters under the spell's controller; an Aura attached to its target; a copy
    of a permanent spell becomes a token (707.10f). The promise goes with it (702.174b)."""
    hosts = [e for e in legal.get(targeting.ENCHANT_KEY, []) if isinstance(e, int)]
    attached_to = hosts[0] if hosts else None
    state.emit(Resolved(spell.controller, spell.name, "spell"))
    info = spell.spell
    if info is not None and info.is_copy:
        zones.cease(state, spell)
        zones.create_token(state, spell.chars, spell.controller, promised=spell.promised,
                           gift_recipient=spell.gift_recipient, attached_to=attached_to,
                           offspring_paid=spell.offspring_paid)
        return
    zones.move(state, spell.oid, "battlefield", controller=spell.controller, promised=spell.promised,
               gift_recipient=spell.gift_recipient, attached_to=attached_to, offspring_paid=spell.offspring_paid)
