"""Activating an activated ability (rule 602.2) and a mana ability (605.3), and spending the mana it made.

Every check runs before anything is paid, so a refused activation leaves the state untouched: the ability
exists on a permanent its controller controls, its timing allows it (602.5d), `{T}` can be paid (an untapped
permanent, and a creature without haste under its controller's control continuously since their most
recent turn began, 302.6: a creature that entered, or changed controller, after that turn began can't),
its targets are legal (601.2c via 602.2b), a `sacrifice: {filter}` cost has a permanent to sacrifice, a life
cost is no more than the activator's life (119.4), a discard cost has a card to discard, and an ability
activated only once each turn wasn't this turn (602.5b); then the costs are paid in order (mana from the
pool, tap, life, the card discarded, sacrifice: the source, or the permanent of the activator's they choose,
602.2h). An ability with effects goes on the stack (602.2a) and resolves like a
trigger; a mana ability doesn't use the stack (605.3b): its mana goes to the player's pool at once.

Mana costs are abstracted as the casting rules abstract them (assumed paid), except that mana a mana
ability made is spent first: a Treasure's mana casting a spell leaves the pool as that spell is cast; and
a payment that says so (`Payment.pool_only`) must be made from the pool, or the cost can't be paid.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardgen.game import actions, continuous, filters, triggers, zones
from cardgen.game.errors import GameError
from cardgen.game.events import AbilityActivated, Discarded, ManaAdded, ManaSpent, Tapped
from cardgen.game.objects import Entity, GameObject, StackAbility
from cardgen.game.state import GameState
from cardgen.resolver import targeting
from cardgen.resolver.targeting import check_targets, entity_label
from cardgen.vocab import activated_view


def activated_abilities(obj: GameObject) -> list[Any]:
    """The activated abilities of a permanent (its card's, or a predefined token's): those of the ability
    kinds whose `rule.activated` says so (their `cost`, `effects`, `mana`, `timing`, `text`), and the activated
    ability a kind's `rule.activation` says one is (a Class's level ability, 716.2a); a Class's of a level it
    hasn't reached are not its own yet (716.2b)."""
    levels = obj.chars.card.ability_levels() if obj.chars.card else {}
    return [activated for ability in obj.chars.abilities
            if levels.get(id(ability), 1) <= obj.class_level and (activated := activated_view(ability)) is not None]


def pick_ability(obj: GameObject, which: int | str | None) -> Any:
    """The ability `which` names: its number among the permanent's activated abilities (from 1), or the
    start of its text; the only one when None."""
    abilities = activated_abilities(obj)
    if not abilities:
        raise GameError("not_activatable", f"{obj.name} has no activated ability", "602.1")
    if which is None:
        if len(abilities) > 1:
            raise GameError("not_activatable", f"{obj.name} has {len(abilities)} activated abilities; say which "
                            "(`ability: 1` or the start of its text)", "602.2")
        return abilities[0]
    if isinstance(which, int):
        if not 1 <= which <= len(abilities):
            raise GameError("not_activatable", f"{obj.name} has no activated ability number {which}", "602.2")
        return abilities[which - 1]
    found = [a for a in abilities if a.text.lower().startswith(which.lower())]
    if len(found) != 1:
        raise GameError("not_activatable", f"no single activated ability of {obj.name} starts with {which!r}",
                        "602.2")
    return found[0]


def state_words(condition: Any) -> str:
    """The words of an activation condition, for the refusal ("an opponent lost life this turn")."""
    from cardgen import vocab

    return vocab.condition(condition).text.words


def _check_costs(state: GameState, player: str, obj: GameObject, ability: Any) -> None:
    if ability.timing == "sorcery" and not state.is_sorcery_time(player):
        raise GameError("timing", f"{obj.name}'s ability can be activated only as a sorcery", "602.5d")
    restriction = getattr(ability, "restriction", None)
    refused = restriction(state, obj) if restriction is not None else None
    if refused is not None:
        raise GameError("not_activatable", refused, "602.5b")
    condition = getattr(ability, "activate_if", None)
    if condition is not None and not state.holds(condition, obj.promised, player):
        raise GameError("not_activatable", f"{obj.name}'s ability can be activated only if "
                        f"{state_words(condition)}", "602.5b")
    if ability.once_each_turn and (obj.oid, ability.text) in state.activated_this_turn:
        raise GameError("timing", f"{obj.name}'s ability can be activated only once each turn, and it was this "
                        "turn", "602.5b")
    if ability.cost.tap:
        if obj.tapped:
            raise GameError("cost", f"{obj.name} is tapped; {{T}} can't be paid", "107.5")
        view = continuous.view(state, obj)
        if obj.chars.is_type("creature") and "haste" not in view.keywords \
                and not continuous.controlled_since_turn_began(state, obj, player):
            raise GameError("cost", f"{obj.name} hasn't been under {player}'s control continuously since their "
                            "most recent turn began; {T} can't be paid", "302.6")
    tapped = getattr(ability.cost, "tap_untapped", None)
    if tapped is not None and len(tap_options(state, player, obj, ability)) < tapped.count:
        raise GameError("cost", f"{player} controls fewer than {tapped.count} untapped permanents the tap cost of "
                        f"{obj.name}'s ability names; it can't be paid", "602.2h")
    if ability.cost.life and state.players[player].life < ability.cost.life:
        raise GameError("cost", f"{player} has {state.players[player].life} life and can't pay "
                        f"{ability.cost.life} life", "119.4")
    if ability.cost.life and continuous.player_has(state, player, "life_cant_change"):
        raise GameError("cost", f"{player}'s life total can't change, so {player} can't pay life", "119.4")
    if ability.cost.discard and len(discard_options(state, player, obj)) < ability.cost.discard:
        raise GameError("cost", f"{player} has no card in hand to discard for {obj.name}'s ability", "118.3")
    if ability.cost.sacrifice not in (None, "self") and not sacrifice_options(state, player, obj, ability):
        raise GameError("cost", f"{player} controls no permanent the sacrifice cost of {obj.name}'s ability names; "
                        "it can't be paid", "602.2h")


def sacrifice_options(state: GameState, player: str, obj: GameObject, ability: Any) -> list[int]:
    """The permanents `player` controls that the ability's `sacrifice: {filter}` cost could sacrifice (an
    `other` one is not its source)."""
    return [o.oid for o in filters.select(state, ability.cost.sacrifice, player, obj.oid)
            if continuous.controller_of(state, o) == player and not o.phased_out]


def tap_options(state: GameState, player: str, obj: GameObject, ability: Any) -> list[int]:
    """The untapped permanents `player` controls that the ability's "Tap two untapped tokens you control" cost
    could tap (its source too, should it be one: the cost is not {T}, 107.5)."""
    return [o.oid for o in filters.select(state, ability.cost.tap_untapped.filter, player, obj.oid)
            if continuous.controller_of(state, o) == player and not o.phased_out and not o.tapped]


def discard_options(state: GameState, player: str, obj: GameObject) -> list[int]:
    """The cards of `player`'s hand a "Discard a card" cost could discard (not the source itself, should it be
    activated from the hand)."""
    return [oid for oid in state.players[player].hand if oid != obj.oid]


@dataclass(frozen=True, slots=True)
class Payment:
    """How a mana cost is paid: `sources`, permanents whose mana abilities are activated first (601.2g: a
    Treasure), then the pool; with `pool_only` the cost must be paid from the pool, else it can't be paid
    (601.2h); without it, what the pool lacks is assumed paid (mana is otherwise abstracted)."""

    sources: Sequence[int] = ()
    pool_only: bool = False


ASSUMED = Payment()
"""No mana abilities named, and what the pool lacks assumed paid (the default)."""
MANA_PER_ABILITY = 1
"""What the vocabulary's mana ability makes ("Add one mana of any color.")."""


def mana_kind(mana: Any, chosen: str | None = None) -> str:
    """The `color` of the mana a mana ability adds, as its `mana_added` event says it: `any` (one color of
    the player's choice), `C` (colorless, 106.1b), `G`, or `R/G` (one of the two, chosen as it resolves,
    106.1a), the color its permanent chose as it entered (`chosen`, 607.2a; none: no mana, 106.5); the pool
    counts mana, not its types."""
    if mana == "any_color":
        return "any"
    if mana == "chosen_color":
        return chosen or ""
    return mana if isinstance(mana, str) else "/".join(mana)


def usable_mana(state: GameState, player: str, creature_spell: bool) -> int:
    """The mana in the player's pool that may pay for a creature spell (all of it) or anything else (what no
    restriction keeps for creature spells, 106.6)."""
    pool = state.players[player]
    return pool.mana_pool if creature_spell else pool.mana_pool - pool.creature_only_mana


def check_payment(state: GameState, player: str, payment: Payment, needed: int, what: str,
                  creature_spell: bool = False) -> None:
    """Every check of paying `needed` mana for `what` (raises `GameError`, nothing changed): each source is
    a different permanent with a mana ability `player` can activate now; with `pool_only`, the pool's mana
    that may pay for it (`creature_spell`: a creature spell, which restricted mana may pay for too) and
    what the sources make cover the cost."""
    if len(set(payment.sources)) != len(payment.sources):
        raise GameError("cost", f"the same permanent was named twice to pay for {what}", "601.2g")
    for source in payment.sources:
        check_mana_source(state, player, source)
    available = usable_mana(state, player, creature_spell) + MANA_PER_ABILITY * len(payment.sources)
    if payment.pool_only and available < needed:
        raise GameError("cost", f"{what} costs {needed} mana and {player} has {available} to pay with "
                        "(the pool and the mana abilities named); the cost can't be paid", "601.2h")


def pay(state: GameState, player: str, payment: Payment, needed: int, what: str) -> None:
    """Activate the sources' mana abilities (605.3a), then spend the mana from the pool (601.2h)."""
    for source in payment.sources:
        activate_mana(state, player, source)
    spend_mana(state, player, needed, what)


def spend_mana(state: GameState, player: str, needed: int, paid_for: str, creature_spell: bool = False) -> None:
    """Spend up to `needed` mana from the player's pool (the rest of a mana cost is assumed paid): mana only
    a creature spell may be spent on (106.6) pays for one first, and stays in the pool for anything else."""
    pool = state.players[player]
    spent = min(usable_mana(state, player, creature_spell), needed)
    if creature_spell:
        pool.creature_only_mana -= min(pool.creature_only_mana, spent)
    if spent:
        pool.mana_pool -= spent
        pool.kept_mana = min(pool.kept_mana, pool.mana_pool)  # the mana that empties anyway is spent first
        state.emit(ManaSpent(player, spent, paid_for))


def check_mana_source(state: GameState, player: str, source: int) -> None:
    """601.2g: `source` has a mana ability `player` can activate now (raises `GameError` if not)."""
    obj = _permanent(state, player, source)
    abilities = [a for a in activated_abilities(obj) if a.mana is not None]
    if not abilities:
        raise GameError("not_activatable", f"{obj.name} has no mana ability", "605.1a")
    _check_zone(obj, abilities[0])
    _check_costs(state, player, obj, abilities[0])


def activate_mana(state: GameState, player: str, source: int) -> None:
    """Activate the first mana ability of `source` (605.3a: while casting a spell or paying a cost)."""
    obj = _permanent(state, player, source)
    index = next(i for i, a in enumerate(activated_abilities(obj), 1) if a.mana is not None)
    activate(state, player, source, index)


def _permanent(state: GameState, player: str, source: int) -> GameObject:
    if player not in state.players:
        raise GameError("not_found", f"no player named {player!r}")
    if state.players[player].lost:
        raise GameError("game_over", f"{player} has lost the game", "104.3")
    obj = state.live(source)
    if obj is not None and obj.zone == "graveyard" and obj.owner == player:
        return obj  # a card in its owner's graveyard: only an ability that works there can be activated
    if obj is None or obj.zone != "battlefield" or obj.phased_out:
        raise GameError("not_found", "that permanent is not on the battlefield")
    if continuous.controller_of(state, obj) != player:
        raise GameError("not_activatable", f"{player} doesn't control {obj.name}", "602.2")
    return obj


def _check_zone(obj: GameObject, ability: Any) -> None:
    """113.6k: an ability whose cost exiles its card from the graveyard works only there; every other
    activated ability of a permanent works only on the battlefield (113.6)."""
    from_graveyard = ability.cost.exile_from_graveyard
    if from_graveyard and obj.zone != "graveyard":
        raise GameError("not_activatable", f"{obj.name}'s ability is activated only from its owner's graveyard",
                        "113.6k")
    if not from_graveyard and obj.zone != "battlefield":
        raise GameError("not_found", "that permanent is not on the battlefield")


def activate(state: GameState, player: str, source: int, which: int | str | None = None,
             targets: Sequence[Sequence[Entity]] = (), payment: Payment = ASSUMED) -> StackAbility | None:
    """Activate an ability of the permanent `source`: its `StackAbility`, or None for a mana ability
    (resolved at once). Raises `GameError` (state unchanged) when not allowed."""
    obj = _permanent(state, player, source)
    ability = pick_ability(obj, which)
    _check_zone(obj, ability)
    _check_costs(state, player, obj, ability)
    slots = targeting.effect_slots(list(ability.effects), obj.promised)
    # 115.5 keeps a spell from targeting itself; an ability may target its own source (unless "other")
    chosen = check_targets(state, slots, targets, player, None, f"{obj.name}'s ability", source=obj.oid)
    name = obj.name
    needed = ability.cost.mana.mana_value if ability.cost.mana is not None else 0
    check_payment(state, player, payment, needed, f"{name}'s ability")
    labels = tuple(entity_label(state, e) for group in chosen.values() for e in group)
    state.emit(AbilityActivated(player, name, ability.text, labels))  # announced, then paid (602.2a, h)
    state.activated_this_turn.add((obj.oid, ability.text))
    if needed or payment.sources:
        pay(state, player, payment, needed, name)
    if ability.cost.tap:
        obj.tapped = True
        state.emit(Tapped(name, player))
    tapped = getattr(ability.cost, "tap_untapped", None)
    if tapped is not None:  # the activator chooses which as they pay (602.2h)
        for choice in state.chooser.choose(player, tap_options(state, player, obj, ability), tapped.count, "tap"):
            tapped_object = state.obj(int(choice))
            tapped_object.tapped = True
            state.emit(Tapped(tapped_object.name, player))
    if ability.cost.life:  # paying life is losing it (119.4)
        actions.change_life(state, player, -ability.cost.life)
    if ability.cost.discard:  # the activator chooses the card as they pay (602.2h, 701.9a)
        for choice in state.chooser.choose(player, discard_options(state, player, obj), ability.cost.discard,
                                           "discard"):
            state.emit(Discarded(player, state.obj(int(choice)).name))
            zones.move(state, int(choice), "graveyard")
    if ability.cost.sacrifice == "self":
        zones.sacrifice(state, obj.oid, player)
    elif ability.cost.sacrifice is not None:  # the activator chooses which as they pay (602.2h, 701.21a)
        (choice,) = state.chooser.choose(player, sacrifice_options(state, player, obj, ability), 1, "sacrifice")
        zones.sacrifice(state, int(choice), player)  # the options are objects
    if ability.cost.exile_from_graveyard:  # the card exiles itself as the cost is paid (602.2h)
        zones.move(state, obj.oid, "exile")
    if ability.mana == "chosen_color" and obj.chosen.get("color") is None:
        return None  # no color was chosen: the ability adds no mana (106.5)
    if ability.mana is not None:
        state.players[player].mana_pool += 1
        if ability.spend_only == "creature_spell":
            state.players[player].creature_only_mana += 1
        state.emit(ManaAdded(player, name, mana_kind(ability.mana, obj.chosen.get("color")), 1))
        return None
    stacked = StackAbility(sid=state.new_id(), source=obj.oid, source_name=name, controller=player,
                           text=ability.text, effects=list(ability.effects), targets=chosen,
                           promised=obj.promised, gift_recipient=obj.gift_recipient)
    state.abilities[stacked.sid] = stacked
    state.stack.append(stacked.sid)
    triggers.became_target(state, player, [e for group in chosen.values() for e in group], stacked.sid)
    return stacked
