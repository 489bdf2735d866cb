"""One evaluator for `ObjectFilter` (and the filter part of `Target`): which objects qualify.

"You" is the player from whose point of view the filter is read (the controller of the spell or
ability). On the battlefield and the stack "your" means controller; in the other zones, owner.
"""

from __future__ import annotations

from cardgen.game import continuous
from cardgen.game.objects import GameObject
from cardgen.game.state import GameState
from cardgen.model.parts import ObjectFilter


def relative(state: GameState, player: str, word: str | None, you: str) -> bool:
    """Whether `player` is `word` ("you", "opponent", "not_you") seen from `you`."""
    if word is None:
        return True
    if word == "you":
        return player == you
    return player != you


def matches(state: GameState, obj: GameObject, flt: ObjectFilter, you: str, source: int | None = None,
            last_known: bool = False) -> bool:
    """Whether `obj` satisfies every field of `flt`; `source` is the object whose ability or spell reads
    the filter ("other" excludes it). `last_known`: an object that left its zone, as it last existed there
    (608.2h: "if that creature had power 2 or less"; 603.10a): its controller, power and keywords then."""
    if (obj.gone and not last_known) or obj.zone != flt.zone:
        return False
    gone = obj.gone
    if flt.other and source is not None and obj.oid == source:
        return False
    if obj.zone == "battlefield" and obj.phased_out:
        return False
    chars = obj.chars
    if flt.types and not any(chars.is_type(word) for word in flt.types):
        return False
    if any(chars.is_type(word) for word in flt.not_types):
        return False
    if flt.subtypes and not any(chars.has_subtype(word) for word in flt.subtypes):
        return False  # 205.3: any of the subtypes named ("Bird, Frog, Otter, or Rat")
    if any(chars.has_subtype(word) for word in flt.not_subtypes):
        return False
    supertypes = {s.lower() for s in chars.supertypes}
    if any(word not in supertypes for word in flt.supertypes):
        return False
    if any(word in supertypes for word in flt.not_supertypes):
        return False
    if flt.controller is not None:
        in_play = obj.zone in ("battlefield", "stack")
        holder = obj.controller if gone else continuous.controller_of(state, obj) if in_play else obj.owner
        if not relative(state, holder, flt.controller, you):
            return False
    if not relative(state, obj.owner, flt.owner, you):
        return False
    if flt.token is not None and obj.is_token != flt.token:
        return False
    if obj.is_token and flt.token is None and flt.zone not in ("battlefield", "stack"):
        return False  # a filter of a hidden zone names cards; a token there is no card and can't move again (111.8)
    if flt.max_mana_value is not None and chars.mana_value > flt.max_mana_value:
        return False
    if flt.entered_this_turn and obj.entered_turn != state.turn_number:
        return False
    if flt.min_power is not None and (obj.zone != "battlefield" or (
            (obj.last_power if gone else continuous.view(state, obj).power) or 0) < flt.min_power):
        return False  # its power now, after layer 7 (613.4)
    if flt.max_power is not None and _power(state, obj) > flt.max_power:
        return False
    if flt.dealt_damage_this_turn and (obj.zone != "battlefield" or obj.damaged_turn != state.turn_number):
        return False
    if flt.attacking and (obj.zone != "battlefield" or obj.attacking is None):
        return False
    if flt.chosen_type:  # the creature type its source chose as it entered (607.2a); none chosen: nothing is
        chooser = state.live(source) if source is not None else None
        chosen = chooser.chosen.get("creature_type") if chooser is not None else None
        if chosen is None or not chars.has_subtype(chosen):
            return False
    if flt.keywords or flt.not_keywords:  # the keywords it has now, after layer 6 (613.1f)
        keywords = obj.last_keywords if gone else continuous.view(state, obj).keywords if obj.zone == "battlefield" \
            else frozenset(chars.keywords)
        if any(word not in keywords for word in flt.keywords) or any(word in keywords for word in flt.not_keywords):
            return False
    return True


def objects_in_zone(state: GameState, zone: str) -> list[GameObject]:
    """Candidates in a zone in a stable order (timestamp order on the battlefield, top of the stack first,
    turn order then zone order elsewhere)."""
    if zone == "battlefield":
        return state.permanents()
    if zone == "stack":
        return list(reversed(state.spells()))
    found: list[GameObject] = []
    for player in state.apnap() + [p for p in state.turn_order() if p not in state.apnap()]:
        found.extend(state.cards_in(player, zone))
    return found


def select(state: GameState, flt: ObjectFilter, you: str, source: int | None = None) -> list[GameObject]:
    return [obj for obj in objects_in_zone(state, flt.zone) if matches(state, obj, flt, you, source)]


def matches_last_known(state: GameState, obj: GameObject, flt: ObjectFilter, you: str,
                       source: int | None = None) -> bool:
    """Whether `obj`, a permanent that has left the battlefield (gone), satisfied the battlefield filter `flt` as
    it last existed there (603.10a, 608.2h): its characteristics, its controller and its keywords then
    ("whenever one or more creatures you control die", "another creature you control with flying")."""
    if not obj.gone or obj.zone != "battlefield" or flt.zone != "battlefield":
        return False
    return matches(state, obj, flt.model_copy(update={"attacking": False}), you, source, last_known=True)


def _power(state: GameState, obj: GameObject) -> int:
    """Its power now (after layer 7, 613.4); for an object that left the battlefield, as it last existed there
    (608.2h, the object it was before the move, 400.7), else its printed power."""
    if obj.gone and obj.last_power is not None:
        return obj.last_power
    if obj.zone == "battlefield":
        return continuous.view(state, obj).power or 0
    before = next((state.obj(old) for old, new in state.successors.items() if new == obj.oid), None)
    if before is not None and before.last_power is not None:
        return before.last_power
    return obj.chars.power or 0
