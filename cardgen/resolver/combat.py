"""Combat, as far as the vocabulary needs it: declaring attackers (508.1) and the combat damage of
unblocked attackers to the player they attack (510). Blocking is not modelled: no card of the vocabulary
blocks, so every attacker is unblocked (509.1h, 510.1a).

Declaring attackers taps each attacker without vigilance (508.1f) and then notices the abilities that
trigger on attackers being declared (508.1m, 508.3a); the game puts them on the stack as the active player
would receive priority (508.2). As the combat step ends, attackers with first strike or double strike
deal their damage first (510.4, 702.7b, 702.4b), then the others and those with double strike again; each
damage step's damage is dealt at once (510.2). Creatures stop attacking as the combat phase ends (511.3).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgen.game import actions, continuous, triggers
from cardgen.game.errors import GameError
from cardgen.game.events import Attacked
from cardgen.game.state import GameState


def defending_player(state: GameState, attacker: str) -> str:
    """The player attacked by default: the next player in turn order still in the game (508.1b: in a
    two-player game, the opponent)."""
    order = state.turn_order()
    start = order.index(attacker)
    for offset in range(1, len(order)):
        candidate = order[(start + offset) % len(order)]
        if not state.players[candidate].lost:
            return candidate
    raise GameError("cant_attack", f"{attacker} has no opponent left to attack", "508.1b")


def declare_attackers(state: GameState, player: str, attackers: Sequence[int], defender: str) -> None:
    """The active player declares `attackers`, each attacking `defender` (508.1): every check first
    (508.1a), then the tapping (508.1f), then the triggers (508.1m)."""
    if player != state.active or state.step != "combat":
        raise GameError("cant_attack", f"only the active player declares attackers, in combat ({player})", "508.1")
    if state.attacked_this_turn:
        raise GameError("cant_attack", "attackers were declared already this turn", "508.1")
    if defender == player or defender not in state.players or state.players[defender].lost:
        raise GameError("cant_attack", f"{player} can't attack {defender}", "508.1b")
    chosen = []
    for oid in attackers:
        obj = state.live(oid)
        if obj is None or obj.zone != "battlefield" or obj.phased_out or not obj.chars.is_type("creature") \
                or continuous.controller_of(state, obj) != player:
            name = state.obj(oid).name
            raise GameError("cant_attack", f"{name} is not a creature {player} controls on the battlefield", "508.1a")
        if obj.tapped:
            raise GameError("cant_attack", f"{obj.name} is tapped and can't attack", "508.1a")
        if "haste" not in continuous.view(state, obj).keywords \
                and not continuous.controlled_since_turn_began(state, obj, player):
            raise GameError("cant_attack", f"{obj.name} hasn't been under {player}'s control continuously since "
                            "the turn began and has no haste", "508.1a")
        if obj in chosen:
            raise GameError("cant_attack", f"{obj.name} is declared as an attacker twice", "508.1a")
        chosen.append(obj)
    state.attacked_this_turn = True
    for obj in chosen:
        if "vigilance" not in continuous.view(state, obj).keywords:
            obj.tapped = True
        obj.attacking = defender
        state.emit(Attacked(obj.name, player, defender))
    for obj in chosen:
        triggers.attacked(state, obj)


def combat_damage(state: GameState) -> None:
    """The combat damage steps as combat ends (510): the first-strike step when an attacker has first
    strike or double strike (510.4), then the regular one; each unblocked attacker deals damage equal to
    its power to the player it attacks (510.1a). Then no creature is attacking any more (511.3)."""
    attackers = [obj for obj in state.permanents() if obj.attacking is not None]
    striking = [(obj, continuous.view(state, obj).keywords) for obj in attackers]
    first = [obj for obj, keywords in striking if keywords & {"first_strike", "double_strike"}]
    steps = [first, [obj for obj, keywords in striking if obj not in first or "double_strike" in keywords]] \
        if first else [attackers]
    for step in steps:
        for obj in step:
            live = state.live(obj.oid)
            if live is None or live.zone != "battlefield" or live.attacking is None:
                continue  # removed from combat by an earlier damage step's results
            power = continuous.view(state, live).power or 0
            actions.deal_damage(state, live.name, live, live.attacking, power)
    for obj in state.permanents(include_phased_out=True):
        obj.attacking = None
