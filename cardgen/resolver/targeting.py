"""Targets: which target slots a spell or ability has, who can be targeted, and the legality checks made
when targets are chosen (601.2c) and again on resolution (608.2b).

A *slot* is one instance of the word "target" in the spec: a `{target: ...}` subject found by walking the
effects. Its key is the path to it (`(effect index, field)`, or `(i, "instead", field)` inside an
`instead_if_promised` replacement), so the same key finds the chosen entities again at resolution.
Which slots exist depends on the promise (702.174m): targets marked `only_if_promised` and the targets of
an `instead_if_promised` replacement exist only when the gift was promised, the targets of the effect it
replaces only when it was not.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from cardgen.diagnostics import NodePath
from cardgen.game import continuous, filters
from cardgen.game.errors import GameError
from cardgen.game.objects import Characteristics, Entity, GameObject
from cardgen.game.state import GameState
from cardgen.model.card import Effect, Target, TargetSubject
from cardgen.model.derive import resolution_effects

ANY_TARGET_TYPES = ("creature", "planeswalker", "battle")


@dataclass(frozen=True, slots=True)
class Slot:
    key: NodePath
    target: Target


def _effect_slots(effect: Effect, path: NodePath, promised: bool) -> Iterator[Slot]:
    """The target fields of the effect itself; effects nested in it (a delayed trigger's) are not read."""
    for name in type(effect).model_fields:
        value = getattr(effect, name)
        if isinstance(value, TargetSubject) and (promised or not value.target.only_if_promised):
            yield Slot(path + (name,), value.target)


def effect_slots(effects: Sequence[Effect], promised: bool, prefix: NodePath = ()) -> list[Slot]:
    """Target slots of a list of effects for a given promise state, in the order the text names them.
    Targets of effects nested in an effect (a delayed trigger's) are chosen when it triggers, not now."""
    slots: list[Slot] = []
    for index, effect in enumerate(effects):
        path = prefix + (index,)
        replacement = effect.instead_if_promised
        if isinstance(replacement, list):  # the ability's model makes a list one "instead" group of effects
            raise TypeError("an `instead_if_promised` list reaches the resolver unexpanded")
        if replacement is not None and promised:
            slots.extend(_effect_slots(replacement, path + ("instead",), promised))
        else:
            slots.extend(_effect_slots(effect, path, promised))
    return slots


ENCHANT_KEY: NodePath = ("enchant",)


def spell_slots(chars: Characteristics, promised: bool, modes: tuple[int, ...] | None = None) -> list[Slot]:
    """Targets of a spell: an Aura targets what it will enchant (303.4a); an instant or sorcery targets
    what its effects name, a modal one what its chosen modes' effects name (700.2c)."""
    card = chars.card
    if card is None:
        return []
    enchant = chars.enchant
    if enchant is not None:
        return [Slot(ENCHANT_KEY, Target(**enchant.filter.model_dump()))]
    if card.is_instant_or_sorcery:
        return effect_slots(resolution_effects(card, modes), promised)
    return []


# ------------------------------------------------------------------------------------------- legality


def object_targetable(state: GameState, obj: GameObject, you: str) -> bool:
    """Hexproof, shroud, protection from everything and phasing (702.11, 702.18, 702.16, 702.26b)."""
    if obj.zone == "battlefield":
        if obj.phased_out:
            return False
        seen = continuous.view(state, obj)
        if "shroud" in seen.keywords or seen.protection:
            return False
        if "hexproof" in seen.keywords and seen.controller != you:
            return False
    return True


def player_targetable(state: GameState, player: str, you: str) -> bool:
    if state.players[player].lost:
        return False
    if continuous.player_has(state, player, "protection"):
        return False
    if continuous.player_has(state, player, "keywords", "shroud"):
        return False
    return not (player != you and continuous.player_has(state, player, "keywords", "hexproof"))


def _player_fits(target: Target, player: str, you: str) -> bool:
    if target.any_target or target.player == "any":
        return True
    if target.player == "you":
        return player == you
    if target.player == "opponent":
        return player != you
    return False


def _object_fits(state: GameState, obj: GameObject, target: Target, you: str, source: int | None) -> bool:
    if target.player is not None and not target.any_target:
        return False
    if target.any_target:
        return obj.zone == "battlefield" and not obj.phased_out and any(
            obj.chars.is_type(word) for word in ANY_TARGET_TYPES)
    return filters.matches(state, obj, target, you, source)


def is_legal(state: GameState, entity: Entity, target: Target, you: str, exclude: int | None = None,
             source: int | None = None) -> bool:
    """Whether `entity` is a legal choice for `target` for a spell or ability controlled by `you`.
    `exclude` is the spell itself, which can't target itself (115.5); `source` is the object an "other"
    target must differ from (the spell, or the permanent whose ability it is)."""
    if isinstance(entity, str):
        return (entity in state.players and (target.player is not None or target.any_target)
                and _player_fits(target, entity, you) and player_targetable(state, entity, you))
    obj = state.live(entity)
    if obj is None or obj.oid == exclude:
        return False
    return (_object_fits(state, obj, target, you, exclude if source is None else source)
            and object_targetable(state, obj, you))


def chosen_before(chosen: dict[NodePath, list[Entity]]) -> set[Entity]:
    """What the targets named so far (the slots chosen before this one) chose: an `other_target` may
    choose none of it (601.2c)."""
    return {entity for group in chosen.values() for entity in group}


def candidates(state: GameState, target: Target, you: str, exclude: int | None = None,
               source: int | None = None) -> list[Entity]:
    """Every legal choice, players (in turn order) first, then objects in zone order."""
    found: list[Entity] = []
    if target.player is not None or target.any_target:
        found.extend(p for p in state.turn_order() if is_legal(state, p, target, you, exclude, source))
    if target.player is None or target.any_target:
        zone = "battlefield" if target.any_target else target.zone
        found.extend(obj.oid for obj in filters.objects_in_zone(state, zone)
                     if is_legal(state, obj.oid, target, you, exclude, source))
    return found


def legal_now(
    state: GameState, chosen: dict[NodePath, list[Entity]], slots: Sequence[Slot], you: str,
    exclude: int | None = None, source: int | None = None,
) -> tuple[dict[NodePath, list[Entity]], bool]:
    """Recheck chosen targets on resolution (608.2b): the still-legal ones, and whether every target
    became illegal (then the spell or ability doesn't resolve). No targets at all is not "all illegal"."""
    by_key = {slot.key: slot.target for slot in slots}
    legal: dict[NodePath, list[Entity]] = {}
    total = 0
    for key, entities in chosen.items():
        target = by_key.get(key)
        total += len(entities)
        legal[key] = [e for e in entities if target is not None and is_legal(state, e, target, you, exclude, source)]
    kept = sum(len(v) for v in legal.values())
    return legal, total > 0 and kept == 0


def entity_label(state: GameState, entity: Entity) -> str:
    """A player's name, or the name of the object with this id."""
    return entity if isinstance(entity, str) else state.obj(entity).name


def check_targets(
    state: GameState, slots: Sequence[Slot], groups: Sequence[Sequence[Entity]], you: str,
    exclude: int | None, name: str, source: int | None = None,
) -> dict[NodePath, list[Entity]]:
    """601.2c: every required target has a legal choice, each group has a legal size, every choice is
    legal and chosen once per slot. `exclude` is a spell (it can't target itself, 115.5); `source` the
    permanent whose ability this is (which it may target, unless "other")."""
    for slot in slots:
        found = candidates(state, slot.target, you, exclude, source) if slot.target.min > 0 else []
        if slot.target.min > 0 and not found:
            raise GameError("no_legal_target", f"{name} has no legal target for one of its targets", "601.2c")
        if slot.target.different_controllers and len({continuous.controller_of(state, obj) for e in found
                                                      if isinstance(e, int) and (obj := state.live(e)) is not None}
                                                     ) < slot.target.min:
            raise GameError("no_legal_target", f"{name} needs {slot.target.min} targets controlled by different "
                            "players", "601.2c")
    if len(groups) != len(slots):
        raise GameError("target_count", f"{name} has {len(slots)} target slot(s) with this promise state, "
                        f"{len(groups)} given", "702.174m")
    chosen: dict[NodePath, list[Entity]] = {}
    for slot, group in zip(slots, groups, strict=True):
        if not slot.target.min <= len(group) <= slot.target.max:
            raise GameError("target_count", f"{name} needs {slot.target.min}..{slot.target.max} target(s) "
                            f"here, {len(group)} given", "601.2c")
        if len(set(group)) != len(group):
            twice = next(entity for entity in group if group.count(entity) > 1)
            raise GameError("duplicate_target", f"{entity_label(state, twice)} was chosen twice for one instance "
                            f"of the word target of {name}", "601.2c")
        earlier = chosen_before(chosen) if slot.target.other_target else set()
        if slot.target.different_controllers:
            controllers = [continuous.controller_of(state, obj) for e in group if isinstance(e, int)
                           and (obj := state.live(e)) is not None]
            if len(set(controllers)) != len(controllers):
                raise GameError("illegal_target", f"the targets of {name} must be controlled by different players",
                                "601.2c")
        for entity in group:
            if not is_legal(state, entity, slot.target, you, exclude, source):
                raise GameError("illegal_target", f"{entity_label(state, entity)} is not a legal target for "
                                f"{name}", "601.2c")
            if entity in earlier:
                raise GameError("illegal_target", f"{entity_label(state, entity)} is already a target of {name}; "
                                "this target must be another one", "601.2c")
        chosen[slot.key] = list(group)
    return chosen
