"""State-based actions (rule 704), checked whenever a player would receive priority, all at once, and
again until none apply. Phased-out permanents are ignored (702.26b).
"""

from __future__ import annotations

from cardgen.game import continuous, zones
from cardgen.game.actions import can_attach
from cardgen.game.errors import MAX_PERMANENTS, BudgetExceeded
from cardgen.game.events import Died, PlayerLost, Unattached
from cardgen.game.objects import GameObject
from cardgen.game.state import GameState


def check(state: GameState) -> bool:
    """Perform one round of state-based actions; True if any happened."""
    if len(state.battlefield) > MAX_PERMANENTS:
        raise BudgetExceeded("permanents on the battlefield", MAX_PERMANENTS)
    happened = _players(state)
    if state.over:  # the game ended: nothing else happens (104.2a)
        return False
    dying: list[tuple[GameObject, str]] = []
    to_graveyard: list[GameObject] = []
    with continuous.steady(state):  # looking, all at once (704.3): nothing changes until every check is made
        for obj in state.permanents():
            seen = continuous.view(state, obj)
            if obj.chars.is_type("creature") and seen.toughness is not None:
                if seen.toughness <= 0:
                    dying.append((obj, "zero toughness"))  # 704.5f: not destruction, indestructible doesn't help
                elif (obj.damage >= seen.toughness or obj.deathtouch_damage) and obj.damage > 0 \
                        and "indestructible" not in seen.keywords:
                    dying.append((obj, "lethal damage" if obj.damage >= seen.toughness else "deathtouch"))
            if obj.chars.enchant is not None and not _attached_legally(state, obj):
                to_graveyard.append(obj)  # 704.5m
        dying_ids = {obj.oid for obj, _ in dying}
        to_graveyard.extend(_legend_rule(state, dying_ids))
    happened |= _unattach_equipment(state)
    happened |= _annihilate_counters(state)
    with zones.at_once(state):  # performed at the same time, one event (704.3)
        for obj, reason in dying:
            state.emit(Died(obj.name, continuous.controller_of(state, obj), reason))
            zones.move(state, obj.oid, "graveyard")
            happened = True
        for obj in to_graveyard:
            if state.live(obj.oid) is not None and obj.oid not in dying_ids:
                zones.move(state, obj.oid, "graveyard")
                happened = True
    happened |= _cease_tokens(state)
    return happened


def _players(state: GameState) -> bool:
    """704.5a, 704.5b: players at 0 life or who drew from an empty library lose, all at once; then the
    game ends, or they leave it (`leaving.players_lost`)."""
    losers: list[str] = []
    for player in state.players.values():
        if player.lost:
            continue
        reason = "life 0 or less" if player.life <= 0 else "drew from an empty library" \
            if player.drew_from_empty else None
        player.drew_from_empty = False
        if reason is not None:
            player.lost = True
            state.emit(PlayerLost(player.name, reason))
            losers.append(player.name)
    if losers:
        from cardgen.resolver.leaving import players_lost

        players_lost(state, losers)
    return bool(losers)


def _attached_legally(state: GameState, aura: GameObject) -> bool:
    host = state.live(aura.attached_to) if aura.attached_to is not None else None
    return host is not None and can_attach(state, aura, host)


def _legend_rule(state: GameState, dying: set[int]) -> list[GameObject]:
    """704.5j: a player with two or more legendary permanents of one name chooses one to keep (the newest
    unless the scenario scripts the choice) and puts the rest into the graveyard."""
    groups: dict[tuple[str, str], list[GameObject]] = {}
    for obj in state.permanents():
        if "Legendary" in obj.chars.supertypes and obj.oid not in dying:
            groups.setdefault((continuous.controller_of(state, obj), obj.name), []).append(obj)
    extra: list[GameObject] = []
    for (player, name), objs in groups.items():
        if len(objs) < 2:
            continue
        newest_first = sorted(objs, key=lambda o: o.timestamp, reverse=True)
        kept = state.chooser.choose(player, [o.oid for o in newest_first], 1, f"legend rule: the {name} to keep")
        extra.extend(o for o in newest_first if o.oid not in kept)
    return extra


def _unattach_equipment(state: GameState) -> bool:
    """704.5n: Equipment attached to an illegal permanent becomes unattached (and stays)."""
    happened = False
    for obj in state.permanents():
        if obj.chars.enchant is None and obj.attached_to is not None:
            host = state.live(obj.attached_to)
            if host is None or not can_attach(state, obj, host):
                obj.attached_to = None
                state.emit(Unattached(obj.name, "illegal attachment"))
                happened = True
    return happened


def _annihilate_counters(state: GameState) -> bool:
    """704.5q: +1/+1 and -1/-1 counters on one permanent cancel out in pairs."""
    happened = False
    for obj in state.permanents():
        plus, minus = obj.counters.get("+1/+1", 0), obj.counters.get("-1/-1", 0)
        if plus and minus:
            pairs = min(plus, minus)
            obj.counters["+1/+1"] = plus - pairs
            obj.counters["-1/-1"] = minus - pairs
            obj.counters = {k: v for k, v in obj.counters.items() if v}
            happened = True
    return happened


def _cease_tokens(state: GameState) -> bool:
    """704.5d: a token in a zone other than the battlefield ceases to exist."""
    happened = False
    for player in state.players.values():
        for zone in ("hand", "graveyard", "exile", "library"):
            for oid in list(player.zone(zone)):
                obj = state.obj(oid)
                if obj.is_token:
                    zones.cease(state, obj)
                    happened = True
    return happened

