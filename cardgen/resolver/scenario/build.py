"""Turning a scenario's starting position into a `Game` with cards from a given pool."""

from __future__ import annotations

from collections.abc import Mapping
from difflib import get_close_matches

from cardgen.diagnostics import Location, NodePath
from cardgen.game.errors import GameError
from cardgen.game.objects import FILLER, Characteristics, GameObject
from cardgen.model.card import Card
from cardgen.model.gift import PREDEFINED_TOKENS
from cardgen.model.parts import CounterKind
from cardgen.resolver.game import Game
from cardgen.resolver.scenario import names, yamlpos
from cardgen.resolver.scenario.loader import LoadedScenario
from cardgen.resolver.scenario.model import StackStart
from cardgen.resolver.scenario.results import Failure
from cardgen.resolver.setup import put, put_spell
from cardgen.vocab.tokens import characteristics_of


def _unknown(name: str, cards: Mapping[str, Card]) -> str:
    """Why `name` is not found, with the closest card name when a typo is likely."""
    close = get_close_matches(name, list(cards), n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return f"unknown card {name!r}: not in the card pool{hint}"


def build_game(loaded: LoadedScenario, cards: Mapping[str, Card]) -> tuple[Game | None, list[Failure]]:
    scenario = loaded.scenario
    failures: list[Failure] = []
    if loaded.card not in cards:
        # The file's `card:` names what the scenarios prove; a typo there would let them pass while the
        # real card is reported as having no scenario.
        found = yamlpos.locate(loaded.positions, ("card",))
        where = Location(loaded.file, *found) if found else Location(loaded.file)
        failures.append(Failure(where, scenario.name, f"`card:` {_unknown(loaded.card, cards)}"))

    def card(name: str, *path: str | int) -> Card | None:
        found = cards.get(name)
        if found is None:
            failures.append(Failure(loaded.location(*path), scenario.name, _unknown(name, cards)))
        return found

    game = Game.new(list(scenario.players), active=scenario.active, step=scenario.step, turn=scenario.turn)
    state = game.state
    attachments: list[tuple[GameObject, object, NodePath]] = []
    for player, start in scenario.players.items():
        state.players[player].life = start.life
        base = ("players", player)
        if isinstance(start.library, int):
            for _ in range(start.library):
                put(state, player, FILLER, "library")
        for zone in ("library", "hand", "graveyard", "exile"):
            entries = getattr(start, zone)
            if isinstance(entries, int):
                continue
            for index, entry in enumerate(entries):
                spec = card(entry.card, *base, zone, index)
                for _ in range(entry.count if spec else 0):
                    put(state, player, spec, zone)  # type: ignore[arg-type]
        for index, entry in enumerate(start.battlefield):
            path = (*base, "battlefield", index)
            chars: Card | Characteristics | None
            if entry.card is not None:
                chars = card(entry.card, *path)
            else:
                chars = characteristics_of(PREDEFINED_TOKENS[entry.token])  # type: ignore[index]
            if chars is None:
                continue
            recipient = None
            if entry.promised:
                recipient = _recipient(state, entry.controller or player, entry.gift)
                if getattr(chars, "gift", None) is None:
                    failures.append(Failure(loaded.location(*path, "promised"), scenario.name,
                                            f"{entry.card} has no gift to have been promised (702.174a)"))
            for _ in range(entry.count):
                obj = put(state, player, chars, "battlefield", controller=entry.controller,
                          token=entry.token is not None, tapped=entry.tapped, counters=_counters(entry.counters),
                          phased_out=entry.phased_out, damage=entry.damage, promised=entry.promised,
                          gift_recipient=recipient)
                if entry.attached_to is not None:
                    attachments.append((obj, entry.attached_to, (*path, "attached_to")))
    for obj, ref, attached_path in attachments:
        try:
            host = names.resolve(state, ref, [p.oid for p in state.permanents(include_phased_out=True)])
        except GameError as error:
            failures.append(Failure(loaded.location(*attached_path), scenario.name, error.message))
            continue
        obj.attached_to = host if isinstance(host, int) else None
    for index, item in reversed(list(enumerate(scenario.stack))):  # top first: the first goes on last
        spec = card(item.spell, "stack", index, "spell")
        if spec is None:
            continue
        try:
            _start_spell(game, item, spec)
        except GameError as error:
            failures.append(Failure(loaded.location("stack", index), scenario.name,
                                    f"the spell can't start on the stack: {error}"))
    return (None if failures else game), failures


def _recipient(state: object, player: str, named: str | None) -> str | None:
    """Whom a promised permanent's gift went to: the named player, or the next opponent in turn order."""
    if named is not None:
        return named
    order = list(state.players)  # type: ignore[attr-defined]
    start = order.index(player)
    following: str = next(order[(start + step) % len(order)] for step in range(1, len(order)))
    return following


def _start_spell(game: Game, item: StackStart, spec: Card) -> None:
    """A spell cast before the scenario: the promise and the targets are checked as casting checks them
    (702.174a, 601.2c), then it is put on the stack without casting it again."""
    from cardgen.game.objects import card_characteristics
    from cardgen.resolver import targeting
    from cardgen.resolver.casting import check_gift_recipient
    from cardgen.resolver.scenario.actions import target_groups
    from cardgen.resolver.targeting import check_targets

    state = game.state
    player = item.by or state.active
    chars = card_characteristics(spec)
    if chars.is_type("land"):
        raise GameError("not_castable", f"{spec.name} is a land; lands are played, not cast", "305.1")
    recipient = check_gift_recipient(state, player, spec.name, chars.gift, [item.gift] if item.gift else [])
    slots = targeting.spell_slots(chars, recipient is not None)
    groups = target_groups(game, list(item.targets), slots, player, None)
    chosen = check_targets(state, slots, groups, player, None, spec.name)
    put_spell(state, player, spec, gift_recipient=recipient, targets=chosen)


def _counters(counters: Mapping[CounterKind, int]) -> dict[str, int]:
    """A start entry's counters (by counter kind), as the object's own."""
    return {str(kind): count for kind, count in counters.items()}
