"""Combat, as far as the vocabulary needs it: declaring attackers (508.1), declaring blockers (509.1) and
the combat damage of attackers and blockers (510).

Declaring attackers taps each attacker without vigilance (508.1f) and then notices the abilities that
trigger on attackers being declared (508.1m, 508.3a); the game puts them on the stack as the active player
would receive priority (508.2). The defending player then declares blockers, all at once (509.1a): each an
untapped creature they control blocking one creature attacking them, the whole declaration checked against
the restrictions (509.1b-c): "can't block", "can't be blocked", "can't be blocked by creatures with power N
or less / or greater", flying (702.9b: only by creatures with flying or reach, 702.17b) and menace (702.111b:
only by two or more creatures). An attacker with blockers declared for it is blocked (509.1h) for the rest
of combat, even when they leave.

As the combat step ends, creatures with first strike or double strike deal their damage first (510.4,
702.7b, 702.4b), state-based actions are checked, then the others and those with double strike again; each
damage step's damage is assigned and dealt at once (510.1, 510.2). An unblocked attacker deals its damage to
the player it attacks (510.1a); a blocked one to its blockers (510.1c: with several, lethal damage to each in
the order they were declared and the rest to the last, as its controller may divide it; none left, none);
with trample the damage beyond lethal goes to the player (702.19b-c, e: lethal damage is the blocker's
toughness less the damage marked on it, 1 from a source with deathtouch, 702.2c); a blocker deals its
damage to the attacker it blocks (510.1d). Creatures stop attacking and blocking as the combat phase ends
(511.3).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgen.game import actions, continuous, triggers
from cardgen.game.errors import GameError
from cardgen.game.events import Attacked, Blocked
from cardgen.game.objects import GameObject
from cardgen.game.state import GameState
from cardgen.resolver import sba


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
    triggers.attackers_declared(state, player, chosen)


def restrictions(state: GameState, obj: GameObject) -> set[tuple[str, int]]:
    """The blocking restrictions on a permanent (509.1b): those its abilities put on it and those of effects
    that apply to it ("target creature can't block this turn")."""
    found = {rule(ability) for ability in obj.chars.abilities
             if (rule := state.restrictions.get(type(ability))) is not None}
    found.update(effect.restriction for effect in state.effects
                 if effect.kind == "restriction" and obj.oid in effect.objects)
    return found


def _can_block(state: GameState, blocker: GameObject, attacker: GameObject) -> str | None:
    """Why `blocker` can't block `attacker` on its own account (509.1b), with the rule; None: it can."""
    blocker_view, attacker_view = continuous.view(state, blocker), continuous.view(state, attacker)
    if ("cant_block", 0) in restrictions(state, blocker):
        return f"{blocker.name} can't block (509.1b)"
    limits = restrictions(state, attacker)
    if ("cant_be_blocked", 0) in limits:
        return f"{attacker.name} can't be blocked (509.1b)"
    power = blocker_view.power or 0
    for kind, number in limits:
        if kind == "blocker_power_min" and power < number:
            return f"{attacker.name} can't be blocked by creatures with power {number - 1} or less (509.1b)"
        if kind == "blocker_power_max" and power > number:
            return f"{attacker.name} can't be blocked by creatures with power {number + 1} or greater (509.1b)"
    if "flying" in attacker_view.keywords and not blocker_view.keywords & {"flying", "reach"}:
        return f"{attacker.name} has flying: only a creature with flying or reach can block it (702.9b, 702.17b)"
    return None


def declare_blockers(state: GameState, player: str, pairs: Sequence[tuple[int, int]]) -> None:
    """`player`, a defending player, declares each blocker of `pairs` blocking its attacker (509.1a): every
    check of the whole declaration first (509.1a-c), then the blocks (509.1h) and their events."""
    if state.step != "combat" or not state.attacked_this_turn:
        raise GameError("cant_block", "blockers are declared in combat, after attackers are declared", "509.1")
    if state.blocked_this_turn:
        raise GameError("cant_block", "blockers were declared already this combat", "509.1")
    chosen: list[tuple[GameObject, GameObject]] = []
    for blocker_id, attacker_id in pairs:
        blocker, attacker = state.live(blocker_id), state.live(attacker_id)
        if blocker is None or blocker.zone != "battlefield" or blocker.phased_out \
                or not blocker.chars.is_type("creature") or continuous.controller_of(state, blocker) != player:
            name = state.obj(blocker_id).name
            raise GameError("cant_block", f"{name} is not a creature {player} controls on the battlefield", "509.1a")
        if attacker is None or attacker.zone != "battlefield" or attacker.attacking != player:
            name = state.obj(attacker_id).name
            raise GameError("cant_block", f"{name} is not a creature attacking {player}", "509.1a")
        if blocker.tapped:
            raise GameError("cant_block", f"{blocker.name} is tapped and can't block", "509.1a")
        if any(blocker is earlier for earlier, _ in chosen):
            raise GameError("cant_block", f"{blocker.name} is declared as a blocker twice: a creature blocks one "
                            "attacker", "509.1a")
        why = _can_block(state, blocker, attacker)
        if why is not None:
            raise GameError("cant_block", why, "509.1b")
        chosen.append((blocker, attacker))
    for attacker in {id(a): a for _, a in chosen}.values():
        count = sum(1 for _, a in chosen if a is attacker)
        if "menace" in continuous.view(state, attacker).keywords and count < 2:
            raise GameError("cant_block", f"{attacker.name} has menace: it can't be blocked except by two or more "
                            "creatures (702.111b)", "509.1b")
    state.blocked_this_turn = True
    for blocker, attacker in chosen:
        blocker.blocking = attacker.oid
        attacker.blocked_by.append(blocker.oid)
        attacker.blocked = True
        state.emit(Blocked(blocker.name, player, attacker.name))


def _in_combat(state: GameState, oid: int) -> GameObject | None:
    live = state.live(oid)
    if live is None or live.zone != "battlefield" or live.phased_out:
        return None
    return live


def _lethal(state: GameState, blocker: GameObject, deathtouch: bool) -> int:
    """Lethal damage for `blocker` (702.19c): its toughness less the damage marked on it, at least 1 from a source
    with deathtouch (702.2c)."""
    toughness = continuous.view(state, blocker).toughness or 0
    needed = max(toughness - blocker.damage, 0)
    return min(needed, 1) if deathtouch else needed


def _assign(state: GameState, obj: GameObject, power: int) -> list[tuple[GameObject | str, int]]:
    """The combat damage `obj` assigns in one step (510.1): (recipient, amount), a player by name."""
    if obj.blocking is not None:  # 510.1d: a blocker, to the attacker it blocks, if that is still in combat
        attacker = _in_combat(state, obj.blocking)
        return [(attacker, power)] if attacker is not None and attacker.attacking is not None else []
    keywords = continuous.view(state, obj).keywords
    if not obj.blocked:  # 510.1a
        return [(obj.attacking, power)] if obj.attacking is not None else []
    blockers = [b for oid in obj.blocked_by if (b := _in_combat(state, oid)) is not None and b.blocking == obj.oid]
    trample = "trample" in keywords
    if not blockers:  # 510.1c; with trample all of it to the player (702.19e)
        return [(obj.attacking, power)] if trample and obj.attacking is not None else []
    out: list[tuple[GameObject | str, int]] = []
    left = power
    for index, blocker in enumerate(blockers):
        last = index == len(blockers) - 1 and not trample
        share = left if last else min(left, _lethal(state, blocker, "deathtouch" in keywords))
        if share:
            out.append((blocker, share))
        left -= share
    if trample and left and obj.attacking is not None:
        out.append((obj.attacking, left))  # 702.19b: the rest to the player
    return out


def combat_damage(state: GameState) -> None:
    """The combat damage steps as combat ends (510): the first-strike step when an attacker or a blocker
    has first strike or double strike (510.4), state-based actions, then the regular one. Each step's
    damage is assigned first, then dealt at once (510.2). Then no creature is attacking or blocking any more
    (511.3)."""
    combatants = [obj for obj in state.permanents() if obj.attacking is not None or obj.blocking is not None]
    striking = [(obj, continuous.view(state, obj).keywords) for obj in combatants]
    first = [obj for obj, keywords in striking if keywords & {"first_strike", "double_strike"}]
    steps = [first, [obj for obj, keywords in striking if obj not in first or "double_strike" in keywords]] \
        if first else [combatants]
    for number, step in enumerate(steps):
        if number:
            while sba.check(state):  # between the damage steps (510.4: players receive priority)
                pass
            if state.over:
                break
        dealt: list[tuple[GameObject, GameObject | str, int]] = []
        for obj in step:
            live = _in_combat(state, obj.oid)
            if live is None or (live.attacking is None and live.blocking is None):
                continue  # removed from combat by an earlier damage step's results
            power = continuous.view(state, live).power or 0
            for recipient, amount in _assign(state, live, power):
                dealt.append((live, recipient, amount))
        for source, recipient, amount in dealt:
            if isinstance(recipient, str):
                actions.deal_damage(state, source.name, source, recipient, amount)
            else:
                actions.deal_damage(state, source.name, source, recipient.oid, amount)
    for obj in state.permanents(include_phased_out=True):
        obj.attacking = None
        obj.blocking = None
        obj.blocked_by = []
        obj.blocked = False
