"""Casting a spell (rule 601.2) and other ways a spell reaches the stack (copies), plus activating
equip abilities.

Every check runs before anything moves, so a refused cast leaves the state untouched: announce (the card
is in hand or may be cast from exile, the player may cast spells, timing), promise the gift (702.174a, k:
an opponent, at most once), choose targets for the slots that exist with that promise (601.2c,
702.174m), then pay additional costs (discard). Mana is abstracted: mana costs are assumed paid.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardgen import vocab
from cardgen.diagnostics import NodePath
from cardgen.game import continuous, triggers, zones
from cardgen.game.errors import GameError
from cardgen.game.events import (
    AbilityActivated,
    Discarded,
    GiftPromised,
    SpellCast,
    SpellCopied,
)
from cardgen.game.objects import Entity, GameObject, SpellInfo, StackAbility
from cardgen.game.state import GameState
from cardgen.model.card import Effect
from cardgen.model.derive import additional_costs, equip_of, modal_effect, offspring_of, resolution_effects
from cardgen.resolver import activating, targeting
from cardgen.resolver.targeting import check_targets, entity_label
from cardgen.vocab.effects.modes import choice_problem


@dataclass(slots=True)
class CastRequest:
    player: str
    card: int
    gift_to: Sequence[str] = ()
    targets: Sequence[Sequence[Entity]] = ()
    """One group per target slot that exists for this promise, in slot order."""
    discard: Sequence[int] | None = None
    """Cards discarded for an additional cost; None lets the chooser pick."""
    mana_from: Sequence[int] = ()
    """Permanents whose mana abilities are activated while the spell is cast (601.2g), e.g. a Treasure."""
    pool_only: bool = False
    """The mana cost must be paid from the pool (after `mana_from`), or the spell can't be cast (601.2h)."""
    x: int = 0
    """The value announced for X (601.2b); only a spell whose mana cost has {X} has one (107.3)."""
    offspring: bool = False
    """The spell's offspring cost is paid (702.175a: an optional additional cost, 601.2b, f-h)."""
    modes: tuple[int, ...] | None = None
    """The modes chosen for a modal spell (700.2a, 601.2b), indexes from 0 in the order printed."""


def _check_player(state: GameState, player: str) -> None:
    if player not in state.players:
        raise GameError("not_found", f"no player named {player!r}")
    if state.players[player].lost:
        raise GameError("game_over", f"{player} has lost the game", "104.3")


def _check_announce(state: GameState, player: str, obj: GameObject) -> None:
    from_hand = obj.zone == "hand" and obj.owner == player
    from_exile = obj.zone == "exile" and state.exile_permission(obj.oid) == player
    if not (from_hand or from_exile):
        raise GameError("not_castable", f"{obj.name} is not in {player}'s hand and may not be cast from "
                        f"{obj.zone}", "601.2a")
    if obj.chars.card is None or obj.chars.types == ("Land",):
        raise GameError("not_castable", f"{obj.name} is a land; lands are played, not cast", "305.1")
    if continuous.player_has(state, player, "cant_cast"):
        raise GameError("cant_cast", f"{player} can't cast spells this turn", "101.2")
    instant_speed = "Instant" in obj.chars.types or "flash" in obj.chars.keywords or _granted_flash(state, obj, player)
    if not instant_speed and not state.is_sorcery_time(player):
        raise GameError("timing", f"{obj.name} can be cast only in {player}'s main phase while the stack is "
                        "empty", "307.1")


def _granted_flash(state: GameState, obj: GameObject, player: str) -> bool:
    """702.8a, 601.3: a permanent's "You may cast noncreature spells as though they had flash." lets its
    controller cast such a spell any time they could cast an instant."""
    for permanent in state.permanents():
        for ability in permanent.chars.abilities:
            grants = vocab.ability_of(ability).rule.grants_flash
            if grants is not None and grants(state, permanent, ability, obj, player):
                return True
    return False


def _check_gift(state: GameState, player: str, obj: GameObject, gift_to: Sequence[str]) -> str | None:
    return check_gift_recipient(state, player, obj.name, obj.chars.gift, gift_to)


def check_gift_recipient(state: GameState, player: str, name: str, gift: object, gift_to: Sequence[str]
                         ) -> str | None:
    """702.174a: the promise of the spell `name` (its gift kind `gift`) to `gift_to`, or None."""
    if not gift_to:
        return None
    if gift is None:
        raise GameError("no_gift", f"{name} has no gift to promise", "702.174a")
    if len(gift_to) > 1:
        raise GameError("already_promised", "a gift cost can be paid only once", "702.174a")
    recipient = gift_to[0]
    if recipient not in state.players or recipient == player or state.players[recipient].lost:
        raise GameError("not_an_opponent", f"the gift must be promised to an opponent of {player}, not "
                        f"{recipient!r}", "702.174a")
    return recipient


def _discards(state: GameState, request: CastRequest, obj: GameObject) -> list[int]:
    needed = sum(cost.discard for cost in additional_costs(obj.chars.card)) if obj.chars.card else 0
    if needed == 0:
        if request.discard:
            raise GameError("cost", f"{obj.name} has no discard cost", "601.2f")
        return []
    options = [oid for oid in state.players[request.player].hand if oid != obj.oid]
    if len(options) < needed:
        raise GameError("cost", f"{obj.name} needs {needed} other card(s) in hand to discard", "601.2h")
    if request.discard is None:
        return [int(e) for e in state.chooser.choose(request.player, options, needed, "discard")]
    picked = list(request.discard)
    if len(picked) != needed or len(set(picked)) != needed or any(oid not in options for oid in picked):
        raise GameError("cost", f"{obj.name} needs exactly {needed} other card(s) from hand discarded",
                        "601.2h")
    return picked


def check_modes(obj: GameObject, modes: tuple[int, ...] | None) -> tuple[int, ...] | None:
    """700.2a, 601.2b: a modal spell's modes are chosen as it is cast, a legal number of them (700.2, a
    mode chosen twice only where the card allows it, 700.2d, within its pawprints, 700.2h); a spell that
    isn't modal has none to choose."""
    card = obj.chars.card
    modal = modal_effect(resolution_effects(card)) if card is not None and card.is_instant_or_sorcery else None
    if modal is None:
        if modes:
            raise GameError("modes", f"{obj.name} is not a modal spell; it has no modes to choose", "700.2")
        return None
    chosen = tuple(sorted(modes or ()))
    problem = choice_problem(modal, chosen)
    if problem is not None:
        raise GameError("modes", f"{obj.name}: {problem}", "700.2a")
    return chosen


def _check_x(obj: GameObject, x: int) -> None:
    """107.3, 601.2b: a value for X is announced only for a spell whose mana cost has {X}."""
    cost = obj.chars.card.mana_cost if obj.chars.card is not None else None
    has_x = cost is not None and any(symbol.text == "X" for symbol in cost.symbols)
    if x and not has_x:
        raise GameError("cost", f"{obj.name} has no {{X}} in its mana cost to announce a value for", "107.3")


def total_mana(state: GameState, player: str, obj: GameObject) -> int:
    """601.2f: the mana of the spell's total cost: its mana cost less its abilities' cost reductions ("This
    spell costs {1} less to cast if you control an Otter.", affinity, 702.41a) and those of the permanents on
    the battlefield ("Instant and sorcery spells you cast cost {1} less to cast."), which reduce only its
    generic part and never below {0}."""
    card = obj.chars.card
    generic = card.mana_cost.generic if card is not None and card.mana_cost is not None else 0
    less = 0
    for ability in obj.chars.abilities:
        reduce = vocab.ability_of(ability).rule.cost_reduction
        if reduce is not None:
            less += reduce(state, obj, ability, player)
    for permanent in state.permanents():
        for ability in permanent.chars.abilities:
            others = vocab.ability_of(ability).rule.spells_cost_less
            if others is not None:
                less += others(state, permanent, ability, obj, player)
    return obj.chars.mana_value - min(less, generic)


def _chosen_costs(state: GameState, player: str, obj: GameObject) -> tuple[int, list[Callable[[], None]]]:
    """601.2b, f: the additional costs of alternatives the caster chooses between ("forage or pay {B}"): the
    mana they add to the total cost, and the payments of the rest, made once every check has passed."""
    extra = 0
    payments: list[Callable[[], None]] = []
    for ability in obj.chars.abilities:
        chosen = vocab.ability_of(ability).rule.cast_cost
        if chosen is not None:
            mana, pay = chosen(state, obj, ability, player)
            extra += mana
            payments.append(pay)
    return extra, payments


def cast(state: GameState, request: CastRequest) -> GameObject:
    """Cast a spell; returns it on the stack. Raises `GameError` (state unchanged) when not allowed."""
    player = request.player
    _check_player(state, player)
    obj = state.live(request.card)
    if obj is None:
        raise GameError("not_found", "that card no longer exists")
    _check_announce(state, player, obj)
    recipient = _check_gift(state, player, obj, request.gift_to)
    promised = recipient is not None
    modes = check_modes(obj, request.modes)
    slots = targeting.spell_slots(obj.chars, promised, modes)
    chosen = check_targets(state, slots, request.targets, player, obj.oid, obj.name)
    discards = _discards(state, request, obj)
    _check_x(obj, request.x)
    if request.offspring and (obj.chars.card is None or offspring_of(obj.chars.card.abilities) is None):
        raise GameError("cost", f"{obj.name} has no offspring cost to pay", "702.175a")

    extra, cost_payments = _chosen_costs(state, player, obj)
    payment = activating.Payment(request.mana_from, request.pool_only)
    creature = obj.chars.is_type("creature")  # restricted mana may pay for a creature spell (106.6)
    needed = total_mana(state, player, obj) + extra  # as the targets are chosen (601.2f after 601.2c)
    activating.check_payment(state, player, payment, needed, obj.name, creature)
    for source in request.mana_from:
        activating.activate_mana(state, player, source)
    from_zone = obj.zone
    spell = zones.move(state, obj.oid, "stack", controller=player)
    assert spell is not None
    spell.promised = promised
    spell.offspring_paid = request.offspring
    spell.gift_recipient = recipient
    spell.spell = SpellInfo(targets=chosen, x=request.x, modes=modes)
    if recipient is not None:
        state.emit(GiftPromised(player, recipient, spell.name))
    activating.spend_mana(state, player, needed, spell.name, creature)
    triggers.expended(state, player, needed)  # as the cost is paid (601.2h)
    for oid in discards:
        state.emit(Discarded(player, state.obj(oid).name))
        zones.move(state, oid, "graveyard")
    for pay in cost_payments:
        pay()
    labels = tuple(entity_label(state, e) for group in chosen.values() for e in group)
    state.emit(SpellCast(player, spell.name, recipient, labels, from_zone))
    triggers.became_target(state, player, [e for group in chosen.values() for e in group], spell.oid)
    triggers.spell_cast(state, player, spell)  # the spell became cast (601.2i)
    return spell


def copy_spell(state: GameState, spell_id: int, controller: str | None = None,
               new_targets: Sequence[Sequence[Entity]] | None = None) -> GameObject:
    """Put a copy of a spell on the stack (707.10): same targets, and the same promise to the same
    opponent (702.174 ruling). A copy is not cast. With `new_targets` (an effect that lets its controller
    choose new targets, 707.10c), one group per target slot of the original."""
    original = state.live(spell_id)
    if original is None or original.zone != "stack" or original.spell is None:
        raise GameError("not_a_spell", "only a spell on the stack can be copied", "707.10")
    owner = controller or original.controller
    targets = {key: list(value) for key, value in original.spell.targets.items()}
    if new_targets is not None:
        targets = _new_targets(state, original, targets, new_targets, owner)
    copy = GameObject(oid=state.new_id(), chars=original.chars, owner=owner, controller=owner, zone="stack",
                      promised=original.promised, gift_recipient=original.gift_recipient,
                      offspring_paid=original.offspring_paid,  # its costs' decisions are copied (707.10)
                      spell=SpellInfo(targets=targets, is_copy=True, x=original.spell.x,
                                      modes=original.spell.modes))
    state.objects[copy.oid] = copy
    state.stack.append(copy.oid)
    labels = tuple(entity_label(state, e) for group in targets.values() for e in group)
    state.emit(SpellCopied(owner, copy.name, copy.gift_recipient, labels))
    return copy


def _new_targets(state: GameState, original: GameObject, kept: dict[NodePath, list[Entity]],
                 groups: Sequence[Sequence[Entity]], controller: str) -> dict[NodePath, list[Entity]]:
    """707.10c: "The player may leave any number of the targets unchanged, even if those targets would be
    illegal. If the player chooses to change some or all of the targets, the new targets must be legal."
    The number of targets is a decision the copy copies (707.10): each group has as many as the original's;
    an entity the original targets in that slot is one left unchanged."""
    modes = original.spell.modes if original.spell is not None else None
    slots = [slot for slot in targeting.spell_slots(original.chars, original.promised, modes) if slot.key in kept]
    if len(groups) != len(slots):
        raise GameError("target_count", f"the copy of {original.name} has {len(slots)} target slot(s) (those of "
                        f"the original), {len(groups)} given", "707.10c")
    chosen: dict[NodePath, list[Entity]] = {}
    for slot, group in zip(slots, groups, strict=True):
        before = kept[slot.key]
        if len(group) != len(before):
            raise GameError("target_count", f"the copy of {original.name} keeps the original's number of targets "
                            f"({len(before)} here), {len(group)} given", "707.10")
        if len(set(group)) != len(group):
            raise GameError("duplicate_target", "the same object or player was chosen twice for one instance of the "
                            f"word target of the copy of {original.name}", "601.2c")
        earlier = targeting.chosen_before(chosen) if slot.target.other_target else set()
        for entity in group:
            if entity in before:
                continue  # unchanged: kept even if it is illegal now
            if not targeting.is_legal(state, entity, slot.target, controller, original.oid) or entity in earlier:
                raise GameError("illegal_target", f"{entity_label(state, entity)} is not a legal new target for the "
                                f"copy of {original.name}", "707.10c")
        chosen[slot.key] = list(group)
    return chosen


def equip_effect() -> Effect:
    """What an equip ability does as it resolves, as its construct declares it (702.6a)."""
    effect: Effect = vocab.ability("equip").rule.resolve_effect
    return effect


def activate_equip(state: GameState, player: str, equipment: int, target: int) -> StackAbility:
    _check_player(state, player)
    obj = state.live(equipment)
    if obj is None or obj.zone != "battlefield" or obj.phased_out:
        raise GameError("not_found", "that equipment is not on the battlefield")
    if continuous.controller_of(state, obj) != player:
        raise GameError("not_castable", f"{player} doesn't control {obj.name}", "602.2")
    if obj.chars.card is None or equip_of(obj.chars.card.abilities) is None:
        raise GameError("not_castable", f"{obj.name} has no equip ability", "702.6")
    if not state.is_sorcery_time(player):
        raise GameError("timing", "equip only as a sorcery", "702.6a")
    slots = targeting.effect_slots([equip_effect()], False)
    chosen = check_targets(state, slots, [[target]], player, obj.oid, f"Equip ({obj.name})")
    ability = StackAbility(sid=state.new_id(), source=obj.oid, source_name=obj.name, controller=player,
                           text="Equip", effects=[equip_effect()], targets=chosen)
    state.abilities[ability.sid] = ability
    state.stack.append(ability.sid)
    state.emit(AbilityActivated(player, obj.name, "equip", (state.obj(target).name,)))
    return ability
