"""Play a scenario in the reference resolver to learn what an XMage test of it must script.

XMage's strict test mode wants every choice scripted that a scenario may leave to the first legal option
(a trigger's targets, the order of simultaneous triggers, a card chosen from several), and the final
state fills in what the harness must be told and the scenario leaves open. `play` runs the scenario and
returns its final snapshot and, per action, the events and decisions the test must mirror.
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardgen.model.card import Card
from cardgen.model.derive import resolution_effects
from cardgen.resolver.scenario.loader import LoadedScenario
from cardgen.resolver.scenario.model import CastAction
from cardgen.resolver.targeting import effect_slots
from cardgen.vocab import ABILITIES, EFFECTS

if TYPE_CHECKING:
    from cardgen.resolver.game import Game
    from cardgen.resolver.scenario.results import Failure

TARGET_COUNT = "target_count"

SCRIPTED_DECISIONS: dict[str, str] = {
    **{purpose: style for construct in EFFECTS.values() for purpose, style in construct.xmage.decisions.items()},
    **{purpose: style for kind in ABILITIES.values() for purpose, style in kind.xmage.decisions.items()}}
"""How XMage's test player is asked a resolver decision, by its purpose: each construct's `xmage.decisions`
(purpose -> style; `scenario_actions.decision_statements` interprets the styles). A decision whose purpose
is here is scripted even when nothing was picked (scry: no card to the bottom is TARGET_SKIP)."""
"""The refusal of a cast naming more targets than the spell has."""

Events = list[dict[str, Any]]
"""What the resolver did during one action that the test must script (see `play`)."""


def play(loaded: LoadedScenario, cards: Mapping[str, Card],
         built: tuple[Game | None, list[Failure]] | None = None) -> tuple[dict[str, Any] | None, list[Events]]:
    """Play the scenario with the reference resolver: its final snapshot (None when the scenario does not
    pass) and, per action, the triggered abilities put on the stack while it ran (XMage's strict mode
    wants every trigger target scripted, where the scenario may leave the only or first choice implicit).
    `built` is the scenario's game as `build_game` set it up, when the caller built it already (to find the
    cards it names that the pool lacks): it is played, not built again."""
    from cardgen.resolver.scenario import expect
    from cardgen.resolver.scenario.build import build_game
    from cardgen.resolver.snapshot import snapshot as take_snapshot

    game, failures = built if built is not None else build_game(loaded, cards)
    if game is None or failures:
        return None, [[] for _ in loaded.scenario.actions]
    per_action: list[Events] = []
    ok = True
    marks: list[int] = []
    for action in loaded.scenario.actions:
        start = len(game.state.log)
        marks.append(start)
        decisions: list[Any] = []
        candidates = _target_candidates(game, action)
        ok = _perform(game, action, decisions) and ok
        events = _logged(game, action, cards, start, decisions)
        if candidates is not None:
            events.insert(0, {"event": "candidates", "counts": candidates})
        per_action.append(in_order(events, _picks(game, decisions)))
        if not ok:
            break
    while len(per_action) < len(loaded.scenario.actions):
        per_action.append([])
    final = take_snapshot(game.state)
    marks.append(len(game.state.log))
    if ok and expect.check(loaded, final, [event.to_data() for event in game.state.log], marks):
        ok = False
    return (final if ok else None), per_action


def _perform(game: Any, action: Any, decisions: list[Any]) -> bool:
    """Perform `action`; whether it went as the scenario says (done, or refused with its error)."""
    from cardgen.game.errors import GameError
    from cardgen.resolver.scenario.actions import perform

    try:
        perform(game, action, decisions)
        return action.error is None
    except GameError as error:
        return bool(action.error == error.code)
    except Exception:  # noqa: BLE001 - a resolver defect: the test is still written, from the scenario alone
        return False


def _logged(game: Any, action: Any, cards: Mapping[str, Card], start: int, decisions: list[Any]) -> Events:
    """The triggers put on the stack (or removed for want of a target), the sacrifices, the players who
    left the game (a player who lost, 800.4a: XMage no longer waits for them), damage dealt and turns begun
    (how an attacker's combat damage was divided among its blockers), the mana costs paid as a spell or
    ability resolved (ward's) logged since `start`; for a cast XMage performs without the targets the spell
    doesn't have, those of that cast."""
    from cardgen.resolver.scenario.actions import perform

    log, first = game.state.log, start
    without = without_extra_targets(action, cards) if action.error == TARGET_COUNT else None
    if without is not None:  # XMage casts it without them: what that cast asks is scripted
        trial = copy.deepcopy(game)
        first = len(trial.state.log)
        # a failing trial scripts nothing more; the test still expects the refusal
        with contextlib.suppress(Exception):
            perform(trial, without, decisions)
        log = trial.state.log
    events = []
    for seq, event in enumerate(log[first:], first):
        data = event.to_data()
        if data.get("event") in ("triggered", "sacrificed", "activated", "left_game", "damage", "turn_began") or (
                data.get("event") == "trigger_removed" and data.get("reason") == "no legal target") or (
                data.get("event") == "mana_spent" and data.get("cost")):  # paid as it resolves: lands for it
            events.append({**data, "seq": seq})
    mark_trigger_skips(events, decisions)
    return events


def in_order(events: Events, picks: Events) -> Events:
    """The logged events and the decisions as they happened: XMage's test player takes each player's
    scripted choices from one queue, in the order it asks them (a decision made before an event was
    logged goes before it; one of unknown time after them all)."""
    timed = [((event.get("seq", -1), 1), event) for event in events] + [
        ((pick["seq"], 0) if pick.get("seq") is not None else (1 << 62, 0), pick) for pick in picks]
    return [item for _key, item in sorted(timed, key=lambda pair: pair[0])]


def _picks(game: Any, decisions: list[Any]) -> Events:
    """Choices that are not targets: XMage's strict mode wants each one scripted, even with one option (a
    TargetCard chosen from the cards an effect put aside, Cruelclaw's Heist, Starfall Invocation)."""
    from cardgen.resolver.targeting import entity_label

    return [{"event": "decision", "player": decision.player, "purpose": decision.purpose,
             "picked": [entity_label(game.state, entity) for entity in decision.picked],
             "among": [entity_label(game.state, entity) for entity in decision.among],
             "decided": decision.decided, "seq": decision.seq}
            for decision in decisions
            if (decision.picked or decision.decided is not None or decision.purpose in SCRIPTED_DECISIONS)
            and not decision.purpose.startswith(("target", "discard", "sacrifice"))]


def without_extra_targets(action: Any, cards: Mapping[str, Card]) -> Any | None:
    """A cast refused for naming more targets than the spell has (not promised, Consumed by Greed's
    graveyard target), as XMage's test player performs it: the spell is cast with the targets it has, the
    rest of the `addTarget` list is never used. None when that is not the case."""
    card = cards.get(getattr(action, "cast", None) or "")
    if card is None or not isinstance(action, CastAction) or not card.is_instant_or_sorcery:
        return None
    slots = effect_slots(resolution_effects(card), bool(action.gift))
    flat = len(slots) == 1 and not any(isinstance(entry, list) for entry in action.targets)
    keep = slots[0].target.max if flat else len(slots)  # one slot: the list is its targets ("up to two")
    if len(action.targets) <= keep:
        return None
    return action.model_copy(update={"targets": list(action.targets[:keep]), "error": None})


def _target_candidates(game: Any, action: Any) -> list[int] | None:
    """For a cast: how many legal choices each target slot of the spell has as it is cast (XMage wants
    "up to" targets ended with TARGET_SKIP only while more could be chosen)."""
    from cardgen.game.errors import GameError
    from cardgen.resolver import targeting
    from cardgen.resolver.scenario import names

    if not isinstance(action, CastAction):
        return None
    state = game.state
    player = action.by or state.active
    if player not in state.players:
        return None
    try:
        found = names.pick(state, action.cast, state.cards_in(player, "hand")) or \
            names.pick(state, action.cast, names.all_objects(state))
        if found is None:
            return None
        slots = targeting.spell_slots(found.chars, bool(action.gift))
        return [len(targeting.candidates(state, slot.target, player, found.oid)) for slot in slots]
    except GameError:
        return None



def mark_trigger_skips(events: list[dict[str, Any]], decisions: list[Any]) -> None:
    """XMage's strict mode ends an "up to" target of a trigger with TARGET_SKIP while more could be chosen,
    and always when none was. Each such target decision (made as the trigger is put on the stack, so before
    its `triggered` event) adds a skip to the first `triggered` event of its source not before the previous
    one: XMage reads one queue of scripted targets per player, so only the order of the entries matters."""
    triggered = [event for event in events if event.get("event") == "triggered"]
    at = 0
    for decision in decisions:
        if not decision.purpose.startswith("target of ") or not decision.purpose.endswith("'s ability"):
            continue
        source = decision.purpose[len("target of "):-len("'s ability")]
        picked = len(decision.picked)
        if picked >= decision.count or (picked and picked >= decision.options):
            continue
        for index in range(at, len(triggered)):
            if triggered[index].get("source") == source:
                triggered[index]["skips"] = triggered[index].get("skips", 0) + 1
                at = index
                break
