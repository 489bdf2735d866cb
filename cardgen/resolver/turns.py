"""Turn structure: steps, the turn-based actions that matter here, and extra turns.

Untap step (502): "until your next turn" effects end as the turn begins; permanents phase in/out;
the active player's permanents untap, except that a stun counter is removed instead (122.1d).
Draw step (504), skipped on the first turn of the game (103.8a). As a step begins, its "at the beginning of"
triggers (603.2: upkeep 503.1, beginning of combat 507.1, end step 513.1). End step: "at the beginning of the
(next) end step" triggers. Cleanup (514): discard to seven, damage wears off, "until end of turn" ends.
Extra turns (500.7): the most recently created one is taken first; afterwards turn order resumes from
the player whose regular turn it last was.
"""

from __future__ import annotations

from cardgen.game import actions, continuous, triggers, zones
from cardgen.game.events import (
    Discarded,
    PhasedIn,
    StepBegan,
    TurnBegan,
)
from cardgen.game.state import STEPS, GameState, TurnRecord
from cardgen.resolver import combat

MAX_HAND_SIZE = 7


def next_turn_player(state: GameState) -> tuple[str, bool]:
    """Who takes the next turn, and whether it is an extra turn."""
    while state.extra_turns:
        player = state.extra_turns.pop()
        if not state.players[player].lost:
            return player, True
    order = state.turn_order()
    index = order.index(state.normal_turn_player) if state.normal_turn_player in order else -1
    for offset in range(1, len(order) + 1):
        candidate = order[(index + offset) % len(order)]
        if not state.players[candidate].lost:
            return candidate, False
    return state.active, False


def begin_turn(state: GameState, player: str, extra: bool, number: int | None = None) -> None:
    if number is not None:
        state.turn_number = number
    state.active = player
    state.last_turn[player] = state.turn_number
    if not extra:
        state.normal_turn_player = player
    state.turns.append(TurnRecord(state.turn_number, player, extra))
    state.attacked_this_turn = False
    state.activated_this_turn.clear()
    state.blocked_this_turn = False
    for each in state.players.values():
        each.spent_on_spells = 0  # "expend" counts the mana spent during a turn
        each.life_gained_this_turn = each.life_lost_this_turn = 0  # "if you gained life this turn"
        each.lands_played = 0  # one land each turn (305.2)
        each.spells_cast_this_turn = 0  # "their second spell each turn"
        each.creatures_died_this_turn = 0  # "each creature that died under your control this turn"
    state.emit(TurnBegan(state.turn_number, player, extra))
    continuous.expire_until_next_turn(state, player)


def advance_step(state: GameState) -> None:
    """Leave the current step and begin the next one (the caller empties the stack first); unspent mana
    empties from every pool as the step ends (500.4), but mana kept until end of turn (106.4a)."""
    if state.step == "combat":
        combat.combat_damage(state)  # attackers and blockers, as combat ends (510, 511.3)
    ends_turn = state.step == "cleanup"
    for player in state.players.values():  # kept mana stays until the turn ends (106.4a)
        player.kept_mana = 0 if ends_turn else min(player.kept_mana, player.mana_pool)
        player.mana_pool = player.kept_mana
        player.creature_only_mana = 0
    if state.step == "cleanup":
        active, extra = next_turn_player(state)
        state.turn_number += 1
        begin_turn(state, active, extra)
        state.step = STEPS[0]
    else:
        state.step = STEPS[STEPS.index(state.step) + 1]
    begin_step(state)


def begin_step(state: GameState) -> None:
    """The step's beginning: its "at the beginning of" triggers (603.2; the untap step's wait for the upkeep,
    503.1a, and the cleanup's are none here, 514.3), then its turn-based action."""
    state.emit(StepBegan(state.step, state.active))
    if state.step not in ("untap", "cleanup"):
        triggers.step_began(state)
    action = _ACTIONS.get(state.step)
    if action is not None:
        action(state)


def _untap(state: GameState) -> None:
    active = state.active
    for obj in state.permanents(include_phased_out=True):
        if obj.phased_out and obj.phased_out_controller == active:
            obj.phased_out = False
            obj.phased_out_controller = None
            state.emit(PhasedIn(obj.name, continuous.controller_of(state, obj)))
    continuous.note_control(state)  # a control effect phasing in or out changes who controls what
    kept = _kept_tapped(state)
    for obj in state.permanents():
        if obj.tapped and obj.oid not in kept and continuous.controller_of(state, obj) == active:
            actions.untap(state, obj)  # a stun counter is removed instead (122.1d)


def _kept_tapped(state: GameState) -> set[int]:
    """The permanents the static abilities on the battlefield keep from untapping this untap step (502.3:
    "doesn't untap during its controller's untap step"), read before any permanent untaps."""
    kept: set[int] = set()
    for permanent in state.permanents():
        for ability in permanent.chars.abilities:
            rule = state.keeps_tapped.get(type(ability))
            if rule is not None:
                kept.update(obj.oid for obj in rule(state, permanent, ability))
    return kept


def _draw(state: GameState) -> None:
    if state.turn_number == 1 and not state.turns[:-1]:
        return
    if state.players[state.active].lost:  # the turn of a player who left goes on without them (800.4)
        return
    zones.draw(state, state.active, 1)


def _end(state: GameState) -> None:
    triggers.end_step_began(state)


def _cleanup(state: GameState) -> None:
    hand = state.players[state.active].hand
    while len(hand) > MAX_HAND_SIZE:
        oid = hand[-1]
        state.emit(Discarded(state.active, state.obj(oid).name))
        zones.move(state, oid, "graveyard")
    for obj in state.permanents(include_phased_out=True):
        obj.damage = 0
        obj.deathtouch_damage = False
    continuous.expire_end_of_turn(state)
    continuous.expire_play_permissions(state)


_ACTIONS = {"untap": _untap, "draw": _draw, "end": _end, "cleanup": _cleanup}
