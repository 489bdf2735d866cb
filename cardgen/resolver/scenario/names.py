"""Finding what a scenario names: a player, or a card or token by name (narrowed by controller, owner,
zone). Names are resolved against the current state at the moment an action runs."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from cardgen.game import continuous
from cardgen.game.errors import GameError
from cardgen.game.objects import Entity, GameObject
from cardgen.game.state import GameState
from cardgen.resolver.scenario.model import ObjectRef, PlayerRef

SEARCH_ORDER = ("battlefield", "stack", "hand", "graveyard", "exile", "library")


def describe(ref: object) -> str:
    if isinstance(ref, ObjectRef):
        extra = [f"{key} {value}" for key, value in (("controller", ref.controller), ("owner", ref.owner),
                                                     ("zone", ref.zone), ("nth", ref.nth)) if value]
        extra += [("" if value else "not ") + word for word, value in (("a token", ref.token),
                                                                      ("a copy", ref.copy_)) if value is not None]
        return ref.name + (f" ({', '.join(extra)})" if extra else "")
    if isinstance(ref, PlayerRef):
        return ref.player
    return str(ref)


def _holder(state: GameState, obj: GameObject) -> str:
    return continuous.controller_of(state, obj) if obj.zone in ("battlefield", "stack") else obj.owner


def _fits(state: GameState, obj: GameObject, ref: object) -> bool:
    if isinstance(ref, str):
        return obj.name == ref
    if not isinstance(ref, ObjectRef) or obj.name != ref.name:
        return False
    if ref.controller is not None and _holder(state, obj) != ref.controller:
        return False
    if ref.owner is not None and obj.owner != ref.owner:
        return False
    if ref.token is not None and obj.is_token != ref.token:
        return False
    if ref.copy_ is not None and obj.is_copy != ref.copy_:
        return False
    return ref.zone is None or obj.zone == ref.zone


def _player(state: GameState, ref: object) -> str | None:
    if isinstance(ref, PlayerRef):
        if ref.player not in state.players:
            raise GameError("not_found", f"no player named {ref.player!r}")
        return ref.player
    if isinstance(ref, str) and ref in state.players:
        return ref
    return None


def all_objects(state: GameState) -> list[GameObject]:
    """Every object in the game, zone by zone in `SEARCH_ORDER`, each zone oldest first (the battlefield
    by timestamp, the stack from the bottom)."""
    order = {zone: index for index, zone in enumerate(SEARCH_ORDER)}
    found = state.all_live_objects()
    return sorted(found, key=lambda obj: order[obj.zone])


def pick(state: GameState, ref: object, options: Sequence[GameObject], used: Collection[int] = ()) -> \
        GameObject | None:
    """The first unused option the reference fits (its `nth` with `nth:`); an error if the fitting options
    are held by different players or in different zones (the scenario must say which)."""
    fitting = [obj for obj in options if _fits(state, obj, ref) and obj.oid not in used]
    if not fitting:
        return None
    nth = ref.nth if isinstance(ref, ObjectRef) else None
    if nth is not None:
        return fitting[nth - 1] if nth <= len(fitting) else None
    holders = {(_holder(state, obj), obj.zone) for obj in fitting}
    if len(holders) > 1:
        raise GameError("bad_choice", f"{describe(ref)} is ambiguous ({len(fitting)} objects held by "
                        "different players or in different zones); add controller, owner or zone")
    return fitting[0]


def resolve(state: GameState, ref: object, options: Sequence[Entity] | None = None,
            used: Collection[int] = ()) -> Entity:
    """An entity for `ref`: among `options` when given, else (or when none fits, so that the engine can
    say why it's illegal) anywhere in the game. A name always names the same object: a name repeated in
    one list of targets names the same object again (601.2c decides whether that is allowed); `used` is
    for lists whose entries can only be different objects (cards to discard, permanents to pay with)."""
    player = _player(state, ref)
    if player is not None:
        return player
    if options is not None and not (isinstance(ref, ObjectRef) and ref.nth is not None):  # `nth` pins one
        among = [state.obj(e) for e in options if isinstance(e, int)]
        found = pick(state, ref, among, used)
        if found is not None:
            return found.oid
    found = pick(state, ref, all_objects(state), used)
    if found is None:
        raise GameError("not_found", f"nothing named {describe(ref)} in the game")
    return found.oid


def match_choice(state: GameState, answer: object, options: Sequence[Entity]) -> list[Entity] | None:
    """Scripted answer -> options it names (None if it names something that isn't an option)."""
    answers = answer if isinstance(answer, list) else [answer]
    picked: list[Entity] = []
    for item in answers:
        player = _player(state, item)
        if player is not None:
            if player not in options:
                return None
            picked.append(player)
            continue
        if isinstance(item, str) and item in options:  # a word offered ("Green", "Rabbit": 614.12a's choice)
            picked.append(item)
            continue
        found = pick(state, item, [state.obj(e) for e in options if isinstance(e, int)],
                     [e for e in picked if isinstance(e, int)])
        if found is None:
            return None
        picked.append(found.oid)
    return picked
