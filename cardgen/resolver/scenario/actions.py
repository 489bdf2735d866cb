"""Performing a scenario's actions on a game: names become entities, then the engine acts."""

from __future__ import annotations

from typing import Any

from cardgen.game import continuous
from cardgen.game.choices import Decision, FirstChooser, ScriptedChooser
from cardgen.game.errors import GameError
from cardgen.game.objects import Entity, GameObject
from cardgen.resolver import targeting
from cardgen.resolver.activating import Payment
from cardgen.resolver.casting import CastRequest
from cardgen.resolver.game import Game
from cardgen.resolver.scenario import names
from cardgen.resolver.scenario.model import (
    ActivateAction,
    AttackAction,
    BlockAction,
    CastAction,
    ConcedeAction,
    CopyAction,
    CounterAction,
    EquipAction,
    NextTurnAction,
    PassAction,
    PlayAction,
    ResolveAction,
    StepAction,
)


def perform(game: Game, action: Any, record: list[Decision] | None = None) -> list[object]:
    """Run one action; returns the scripted choices it left unused. Raises `GameError` when refused.
    With `record`, every decision made while it ran is appended to that list.

    An action the scenario expects to be refused (`error:`) changes nothing when it is: a refusal met
    while it resolves (a scripted choice no legal option fits) puts the game back as it was before the
    action, so the spell is not left half-resolved on the stack (an illegal action is reversed as a whole).
    """
    saved = game.state.checkpoint() if action.error is not None else None
    try:
        return _perform(game, action, record)
    except GameError:
        if saved is not None:
            game.state = saved
        raise


def _perform(game: Game, action: Any, record: list[Decision] | None) -> list[object]:
    state = game.state
    chooser = ScriptedChooser(list(action.choices), lambda answer, options: names.match_choice(state, answer,
                                                                                             options),
                              record=record, clock=lambda: len(game.state.log))
    state.chooser = chooser
    state.trigger_order = list(action.trigger_order)
    state.trigger_modes = [tuple(number - 1 for number in modes) for modes in action.trigger_modes]
    try:
        game.playing()  # once the game is over, nothing more can be done (104.2a)
        _HANDLERS[type(action)](game, action)
    finally:
        state.chooser = FirstChooser()
        unused_order, state.trigger_order = list(state.trigger_order), []
        unused_modes, state.trigger_modes = [list(modes) for modes in state.trigger_modes], []
    return chooser.unused + unused_order + unused_modes


def _spell_card(game: Game, action: CastAction, player: str) -> GameObject:
    state = game.state
    hand = state.cards_in(player, "hand")
    permitted = [state.obj(oid) for oid in sorted({*state.cast_permissions, *state.play_permissions})
                 if state.exile_permission(oid) == player]
    options = permitted if action.from_zone == "exile" else hand if action.from_zone == "hand" \
        else hand + permitted
    found = names.pick(state, action.cast, options)
    if found is None:
        found = names.pick(state, action.cast, names.all_objects(state))
    if found is None:
        raise GameError("not_found", f"no card named {action.cast!r} in the game")
    return found


def _groups(entries: list[Any], slots: list[targeting.Slot]) -> list[list[Any]]:
    if len(slots) == 1 and len(entries) > 1 and not any(isinstance(e, list) for e in entries):
        return [list(entries)]
    return [list(e) if isinstance(e, list) else [e] for e in entries]


def target_groups(game: Game, entries: list[Any], slots: list[targeting.Slot], you: str,
                  exclude: int | None) -> list[list[Entity]]:
    state = game.state
    groups: list[list[Entity]] = []
    for index, group in enumerate(_groups(entries, slots)):
        options = targeting.candidates(state, slots[index].target, you, exclude) if index < len(slots) else None
        groups.append([names.resolve(state, ref, options) for ref in group])  # a name repeated: the same one
    return groups


def _cast(game: Game, action: CastAction) -> None:
    state = game.state
    player = action.by or state.active
    if player not in state.players:
        raise GameError("not_found", f"no player named {player!r}")
    card = _spell_card(game, action, player)
    gift = [action.gift] if isinstance(action.gift, str) else list(action.gift or [])
    modes = tuple(number - 1 for number in action.modes) if action.modes is not None else None
    slots = targeting.spell_slots(card.chars, bool(gift), tuple(sorted(modes)) if modes is not None else None)
    groups = target_groups(game, list(action.targets), slots, player, card.oid)
    discard: list[int] | None = None
    if action.discard is not None:
        hand = [oid for oid in state.players[player].hand if oid != card.oid]
        discarded: list[int] = []
        discard = discarded
        for ref in action.discard:
            found = names.resolve(state, ref, hand, discarded)
            if not isinstance(found, int):
                raise GameError("cost", f"{ref!r} is a player, not a card to discard")
            discarded.append(found)
    payment = _payment(game, action, player)
    game.cast(CastRequest(player, card.oid, gift, groups, discard, payment.sources, payment.pool_only,
                          x=action.x or 0, offspring=action.offspring, modes=modes))
    if not action.hold:
        game.resolve_stack()


def _payment(game: Game, action: CastAction | ActivateAction, player: str) -> Payment:
    """The mana abilities `pay_with` names (different permanents: a name repeated is another one of that
    name) and whether the cost is paid from the pool only."""
    sources: list[int] = []
    for ref in action.pay_with:
        sources.append(_own_permanent(game, ref, player, sources).oid)
    return Payment(tuple(sources), action.mana == "pool")


def _spell_on_stack(game: Game, ref: object) -> int:
    state = game.state
    spells = [oid for oid in state.stack if oid not in state.abilities]
    found = names.resolve(state, ref, spells)
    if not isinstance(found, int) or found not in spells:
        raise GameError("not_a_spell", f"{names.describe(ref)} is not a spell on the stack")
    return found


def _copy(game: Game, action: CopyAction) -> None:
    spell = _spell_on_stack(game, action.copy_)
    groups = None
    if action.targets is not None:
        original = game.state.obj(spell)
        kept = original.spell.targets if original.spell is not None else {}
        slots = [slot for slot in targeting.spell_slots(original.chars, original.promised) if slot.key in kept]
        entries, who = list(action.targets), action.by or original.controller
        if None not in entries:
            groups = target_groups(game, entries, slots, who, spell)
        elif len(entries) != len(slots):
            raise GameError("target_count", f"the copy of {original.name} has {len(slots)} target slot(s), "
                            f"{len(entries)} given", "707.10c")
        else:  # null: that slot's targets unchanged
            groups = [list(kept[slot.key]) if entry is None else target_groups(game, [entry], [slot], who, spell)[0]
                      for slot, entry in zip(slots, entries, strict=True)]
    game.copy_spell(spell, action.by, groups)
    if not action.hold:
        game.resolve_stack()


def _counter(game: Game, action: CounterAction) -> None:
    game.counter(_spell_on_stack(game, action.counter), by="scenario")
    if not action.hold:
        game.resolve_stack()


def _equip(game: Game, action: EquipAction) -> None:
    from cardgen.resolver.casting import equip_effect

    state = game.state
    player = action.by or state.active
    equipment = _own_permanent(game, action.equip, player)
    slot = targeting.effect_slots([equip_effect()], False)[0]
    target = names.resolve(state, action.to, targeting.candidates(state, slot.target, player, equipment.oid))
    game.equip(player, equipment.oid, target)
    if not action.hold:
        game.resolve_stack()


def _own_permanent(game: Game, ref: object, player: str, used: list[int] | None = None) -> GameObject:
    """The permanent `ref` names (not one of `used`), one `player` controls first."""
    state = game.state
    mine = [obj for obj in state.permanents() if continuous.controller_of(state, obj) == player]
    found = names.pick(state, ref, mine, used or ()) or names.pick(state, ref, state.permanents(), used or ())
    if found is None:
        raise GameError("not_found", f"no permanent {names.describe(ref)} on the battlefield")
    return found


def _activation_source(game: Game, ref: object, player: str) -> GameObject:
    """The permanent `ref` names, else a card of that name in `player`'s graveyard (an ability that works
    there: "Exile this card from your graveyard", 113.6k)."""
    try:
        return _own_permanent(game, ref, player)
    except GameError:
        found = names.pick(game.state, ref, game.state.cards_in(player, "graveyard"))
        if found is None:
            raise
        return found


def _activate(game: Game, action: ActivateAction) -> None:
    from cardgen.resolver.activating import pick_ability

    state = game.state
    player = action.by or state.active
    source = _activation_source(game, action.activate, player)
    ability = pick_ability(source, action.ability)
    slots = targeting.effect_slots(list(ability.effects), source.promised)
    groups = target_groups(game, list(action.targets), slots, player, source.oid)
    game.activate(player, source.oid, action.ability, groups, _payment(game, action, player))
    if not action.hold and ability.mana is None:  # a mana ability doesn't use the stack: the player keeps
        game.resolve_stack()                      # priority and may go on responding (605.3b, 117.3c)


def _play(game: Game, action: PlayAction) -> None:
    state = game.state
    player = action.by or state.active
    if player not in state.players:
        raise GameError("not_found", f"no player named {player!r}")
    permitted = [state.obj(oid) for oid in sorted(state.play_permissions) if state.exile_permission(oid) == player]
    found = names.pick(state, action.play, state.cards_in(player, "hand") + permitted)
    if found is None:
        raise GameError("not_found", f"no card named {action.play!r} in {player}'s hand (or exiled, to play)")
    game.play_land(player, found.oid)
    if not action.hold:
        game.resolve_stack()


def _attack(game: Game, action: AttackAction) -> None:
    state = game.state
    player = state.active
    chosen: list[int] = []
    for ref in action.attack:
        chosen.append(_own_permanent(game, ref, player, chosen).oid)
    if action.defender is not None and action.defender not in state.players:
        raise GameError("not_found", f"no player named {action.defender!r}")
    game.attack(player, chosen, action.defender)
    if not action.hold:
        game.resolve_stack()


def _block(game: Game, action: BlockAction) -> None:
    """The pairs' attackers first (among the creatures attacking), then each blocker, one the blocking
    player controls first; the blocking player is `by`, else the player the first attacker attacks."""
    state = game.state
    attacking = [obj for obj in state.permanents() if obj.attacking is not None]
    pairs: list[tuple[int, int]] = []
    blockers: list[int] = []
    player = action.by
    for pair in action.block:
        attacker = names.pick(state, pair.attacker, attacking) or names.pick(state, pair.attacker, state.permanents())
        if attacker is None:
            raise GameError("not_found", f"no permanent {names.describe(pair.attacker)} on the battlefield")
        if player is None:
            player = attacker.attacking or state.active
        blocker = _own_permanent(game, pair.blocker, player, blockers)
        blockers.append(blocker.oid)
        pairs.append((blocker.oid, attacker.oid))
    if player not in state.players:
        raise GameError("not_found", f"no player named {player!r}")
    game.block(player, pairs)


def _pass(game: Game, action: PassAction) -> None:
    for _ in range(action.pass_):
        game.pass_priority()


def _resolve(game: Game, action: ResolveAction) -> None:
    game.resolve_stack()


def _step(game: Game, action: StepAction) -> None:
    game.advance_to(action.step, resolve=not action.hold)


def _next_turn(game: Game, action: NextTurnAction) -> None:
    for index in range(action.next_turn):
        game.next_turn(resolve=not action.hold or index < action.next_turn - 1)


def _concede(game: Game, action: ConcedeAction) -> None:
    from cardgen.resolver.leaving import concede

    concede(game.state, action.concede)
    game.settle()


_HANDLERS: dict[type, Any] = {
    ConcedeAction: _concede, ActivateAction: _activate, AttackAction: _attack, BlockAction: _block, PlayAction: _play,
    CastAction: _cast, CopyAction: _copy, CounterAction: _counter, EquipAction: _equip, PassAction: _pass,
    ResolveAction: _resolve, StepAction: _step, NextTurnAction: _next_turn,
}
