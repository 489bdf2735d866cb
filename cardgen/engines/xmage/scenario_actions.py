"""The commands of an XMage test: a scenario's actions as `castSpell`, `activateAbility`, waits for the
stack, concessions, and the choices XMage's strict mode wants scripted (gift promise, targets, the order
of triggers), tracking turn and step as the actions go (`walk`).

A refused action becomes what XMage's harness says of it: a spell that can't be cast now is a
`checkPlayableAbility(..., false)`; a cast or activation the engine refuses as it runs makes `execute()`
throw (`Walk.expects_failure`), as does a trigger's target answer it refuses (`addTarget` as given).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict

from cardgen import vocab
from cardgen.diagnostics import NodePath
from cardgen.engines.xmage.harness import (
    ActivateAbility,
    ActivateManaAbility,
    AddCard,
    AddTarget,
    AddTargetPlayer,
    AddTargetSkip,
    Attack,
    Block,
    CastSpell,
    CheckPlayable,
    ChooseAmounts,
    ChooseMode,
    ChoosePlayer,
    ChooseText,
    ChooseUse,
    Concede,
    PlayLand,
    Statement,
    StopAt,
    WaitOneFor,
    WaitResolutions,
    WaitStack,
    WaitStackFor,
)
from cardgen.engines.xmage.scenario_play import SCRIPTED_DECISIONS, TARGET_COUNT, without_extra_targets
from cardgen.engines.xmage.scenario_scene import BASIC_LANDS, PHASE_STEPS, QUIET_STEPS, STEPS, Fixtures, Scene
from cardgen.model.card import Card
from cardgen.model.derive import enchant_of, equip_of, modal_effect, offspring_of, resolution_effects
from cardgen.model.gift import PREDEFINED_TOKENS
from cardgen.resolver.scenario.model import (
    ActivateAction,
    AttackAction,
    BlockAction,
    CastAction,
    ChoiceEntry,
    ConcedeAction,
    CopyAction,
    CounterAction,
    EquipAction,
    NextTurnAction,
    ObjectRef,
    PassAction,
    PlayAction,
    PlayerRef,
    ResolveAction,
    StepAction,
    ref_name,
)
from cardgen.resolver.scenario.names import describe
from cardgen.resolver.targeting import Slot, effect_slots
from cardgen.text.oracle import with_self_reference
from cardgen.vocab.construct import OneShot
from cardgen.vocab.effects.discard import GROUP_DISCARD
from cardgen.vocab.tokens import PREDEFINED_TOKEN_ABILITIES

COPY_SPELL = ("Twincast", "{U}{U}")
"""The spell that makes a `copy:` action's copy in XMage (copy target instant or sorcery spell)."""
CANT_CAST_ERRORS = frozenset({"timing", "not_castable", "cant_cast"})
"""Refusals XMage tests state as "this spell is not playable now" (`checkPlayableAbility`)."""
CANT_ACTIVATE_ERRORS = frozenset({"timing", "cost", "not_activatable"})
"""Refusals of an activation XMage tests state as "this ability is not playable now" (`checkPlayableAbility`)."""
GAME_OVER = "game_over"
"""The refusal of an action after the game ended (104.2a): in XMage the game is over too, the command is
never performed (no command is written for it)."""
BAD_CHOICE = "bad_choice"
"""A refusal of an answer given while the action runs (a trigger's target that is not among its options)."""
GIFT_TRIGGER_TEXT = "When this permanent enters, if its gift cost was paid"
"""How the resolver words a permanent's derived gift trigger (702.174b)."""
UNKNOWN_CANDIDATES = 99


@dataclass(slots=True)
class Walk:
    """The commands so far (`out`) and where the game is: turn and step, whether a command was given in
    this step (`acted`: else the test may stop right at it), the spell held on the stack for the next
    one to respond to, whether the stack must resolve before the next cast of this step, the player whose
    lands the spell waiting on the stack phases out (their next spell's mana is floated while it waits),
    and the players who conceded (XMage's `waitStackResolved(turn, step)` waits for every player, and a
    player who left never uses it, so the waits after a concession name the players still in)."""

    scene: Scene
    fixtures: Fixtures
    turn: int
    step: str
    out: list[Statement] = field(default_factory=list)
    acted: bool = False
    held: str | None = None
    held_by: str | None = None
    """Who cast (or copied) the spell held on the stack."""
    pending: bool = False
    phasing_out: str | None = None
    lands_gone: dict[str, int] = field(default_factory=dict)
    """Players whose permanents (the lands the test adds to pay with among them) a spell of theirs phased
    out, and the turn it did: they phase in only in that player's next untap step."""
    left: list[str] = field(default_factory=list)
    expects_failure: list[str] | None = None
    """Texts of which the failure of `execute()` must contain one (the last action must be refused)."""
    refusal: str | None = None
    """What that failure says must have failed (else the first of `expects_failure`)."""
    chosen_targets: dict[str, int] = field(default_factory=dict)
    """How many targets each spell cast so far was cast with (a copy of it asks about each)."""
    refusing_player: str | None = None
    """The caster of a cast XMage's targeting refuses as it is made (`addTarget` of an illegal player): strict
    mode stops the game mid-cast, the spell off its zone and mana paid, so that player's state is not
    asserted."""
    attacked: bool = False
    """Attackers were declared in this turn's combat: commands given in the combat step from now on are
    given in XMage's declare attackers step, after the declaration and its triggers."""
    blocked: bool = False
    """Blockers were declared in this turn's combat: commands given in the combat step from now on are given
    in XMage's declare blockers step, after the declaration."""
    refused_cast_resolves: str | None = None
    """Why the final state is not the scenario's: XMage casts a spell the rules refuse (it drops the
    target the spell doesn't have) and reports the unused target only when the game ends."""

    def at(self) -> dict[str, Any]:
        """The turn and step of a command given now."""
        self.acted = True
        if self.blocked and self.step == "combat":
            return {"turn": self.turn, "step": "DECLARE_BLOCKERS"}
        if self.attacked and self.step == "combat":
            return {"turn": self.turn, "step": "DECLARE_ATTACKERS"}
        return {"turn": self.turn, "step": PHASE_STEPS[self.step]}

    def actor(self, action: Any) -> str:
        """Who performs `action`: its `by`, else the active player of the current turn (turns advance in
        the scenario's turn order)."""
        by = getattr(action, "by", None)
        return by or self.turn_player(self.turn)

    def turn_player(self, turn: int) -> str:
        """Whose turn `turn` is, the scenario's turn order going round from its active player."""
        scenario = self.scene.scenario
        order = list(scenario.players)
        active = scenario.active or order[0]
        return order[(order.index(active) + turn - 1) % len(order)]

    def lands_phased_out(self, player: str) -> bool:
        """Whether the lands the test adds for `player` are phased out now (since an earlier step)."""
        since = self.lands_gone.get(player)
        if since is None or since == self.turn:
            return False
        return not any(self.turn_player(turn) == player for turn in range(since + 1, self.turn + 1))


def walk(scene: Scene, fixtures: Fixtures) -> Walk:
    """Every action of the scenario as commands, each followed by what its triggers and choices need."""
    w = Walk(scene, fixtures, turn=1, step=scene.scenario.step)
    actions = scene.scenario.actions
    for index, action in enumerate(actions):
        if action.error == GAME_OVER:  # the game ended before it: XMage's players never act on it
            continue
        if w.pending and w.held is None \
                and isinstance(action, (CastAction, CopyAction, EquipAction, ActivateAction, ConcedeAction,
                                        PlayAction)):
            if isinstance(action, CastAction):
                _float_mana(w, action)
            w.out += _waits(w)
        w.pending = False
        w.phasing_out = None
        handler = next(handle for kind, handle in _HANDLERS if isinstance(action, kind))
        handler(w, action, ("actions", index), index == len(actions) - 1)
        if action.error is None:  # the modes of modal triggered abilities, asked as each goes on the stack
            w.out += [ChooseMode(player=w.scene.seat(w.actor(action)), mode=number)
                      for modes in action.trigger_modes for number in sorted(modes)]
        w.out += _trigger_choices(w, index)
        _players_who_left(w, index)
    return w


def _players_who_left(w: Walk, index: int) -> None:
    """The players who left the game during action `index` (a player who lost, 800.4a): a later
    `waitStackResolved` waits only for the players still in the game (XMage's test player of one who
    has left never passes priority, so a wait for them is never used)."""
    for event in w.scene.events[index] if index < len(w.scene.events) else []:
        seat = w.scene.seats.get(event.get("player", "")) if event.get("event") == "left_game" else None
        if seat is not None and seat not in w.left:
            w.left.append(seat)


def stop_at(w: Walk) -> StopAt:
    """Where the test stops: at the step the scenario ends in when nothing was done in it and nothing
    happens as it begins (XMage stops as a step begins); else as the next step begins."""
    index = STEPS.index(w.step)
    if w.blocked and w.step == "combat":  # after the blocks, before combat damage
        return StopAt(turn=w.turn, step="COMBAT_DAMAGE")
    if w.attacked and w.step == "combat":  # after the attack triggers, before combat damage
        return StopAt(turn=w.turn, step="DECLARE_BLOCKERS")
    if not w.acted and w.step in QUIET_STEPS:
        step, turn = w.step, w.turn
    elif w.step == "main1":
        step, turn = "main2", w.turn
    elif index + 1 < len(STEPS):
        step, turn = STEPS[index + 1], w.turn
    else:
        step, turn = STEPS[0], w.turn + 1
    return StopAt(turn=turn, step=PHASE_STEPS[step])


# ------------------------------------------------------------------------------------ the actions
def _pass(w: Walk, action: PassAction, path: NodePath, last: bool) -> None:
    w.out += _waits(w, action.pass_)
    w.held = None


def _resolve(w: Walk, action: ResolveAction, path: NodePath, last: bool) -> None:
    w.out += _waits(w)
    w.held = None


def _attack(w: Walk, action: AttackAction, path: NodePath, last: bool) -> None:
    """One `attack` command per attacker, in the turn's declare attackers step; the defender is named only
    when it is not the player XMage's test player attacks by default (the next one in turn order). An attack
    the rules refuse writes no command: XMage's test player would fail the whole test on it."""
    if action.error is not None:
        w.scene.problem(path, "attack", f"an attack the rules refuse ({action.error}) is left out: XMage's test "
                        "player has no command that expects a declaration to be refused")
        return
    player = w.turn_player(w.turn)
    order = list(w.scene.scenario.players)
    default = order[(order.index(player) + 1) % len(order)]
    defender = w.scene.seat(action.defender) if action.defender not in (None, default) else None
    for ref in action.attack:
        w.out.append(Attack(turn=w.turn, player=w.scene.seat(player), attacker=w.scene.xmage_name(ref_name(ref)),
                            defender=defender))
    w.step = "combat"
    w.attacked = True
    w.acted = True
    w.held = None
    # the abilities that trigger on the declaration resolve before the scenario's next action (508.1m),
    # unless held: a spell cast in the same step waits for them, as it would respond to them in XMage
    w.pending = not action.hold


def _block(w: Walk, action: BlockAction, path: NodePath, last: bool) -> None:
    """One `block` command per blocker, in the turn's declare blockers step, by the defending player. A
    declaration the rules refuse writes no command: XMage's test player has no command that expects blockers
    to be refused (the attackers go unblocked in both)."""
    if action.error is not None:
        w.scene.problem(path, "block", f"a declaration of blockers the rules refuse ({action.error}) is left out: "
                        "XMage's test player has no command that expects it to be refused")
        return
    player = action.by
    if player is None:
        order = list(w.scene.scenario.players)
        attacker = w.turn_player(w.turn)
        player = order[(order.index(attacker) + 1) % len(order)]
    for pair in action.block:
        # XMage's test player finds both by the permanent's name: a token's ends in " Token"
        w.out.append(Block(turn=w.turn, player=w.scene.seat(player), blocker=w.scene.xmage_name(ref_name(pair.blocker)),
                           attacker=w.scene.xmage_name(ref_name(pair.attacker))))
    w.out += _damage_division(w, action, path, player)
    w.blocked = True
    w.acted = True
    w.held = None
    w.pending = False


def _damage_division(w: Walk, action: BlockAction, path: NodePath, defender: str) -> list[Statement]:
    """The answers of XMage's dialogue dividing an attacker's combat damage among its blockers (510.1c), which
    it asks the attacking player when several creatures block it, or one blocks a creature with trample and
    damage is left after lethal damage (CombatGroup.blockerDamage): the amounts the resolver's run dealt to
    each blocker, in the order they were declared, one answer per damage step that dealt some."""
    index = path[1] if len(path) > 1 and isinstance(path[1], int) else len(w.scene.events)
    later = [event for events in w.scene.events[index + 1:] for event in events]
    out: list[Statement] = []
    attacking = w.scene.seat(w.turn_player(w.turn))
    for attacker in dict.fromkeys(ref_name(pair.attacker) for pair in action.block):
        blockers = [ref_name(pair.blocker) for pair in action.block if ref_name(pair.attacker) == attacker]
        steps: list[dict[str, int]] = []
        for event in later:
            if event.get("event") == "turn_began":
                break
            if event.get("event") != "damage" or event.get("source") != attacker:
                continue
            if not steps or event.get("to") in steps[-1]:
                steps.append({})
            steps[-1][str(event.get("to"))] = int(event.get("amount", 0))
        for dealt in steps:
            tramples = defender in dealt
            if len(blockers) > 1 or (tramples and any(name in dealt for name in blockers)):
                out.append(ChooseAmounts(player=attacking, amounts=tuple(dealt.get(name, 0) for name in blockers)))
    return out


def _to_step(w: Walk, action: StepAction, path: NodePath, last: bool) -> None:
    if STEPS.index(action.step) <= STEPS.index(w.step):
        w.turn += 1
        w.attacked = False
        w.blocked = False
    w.step = action.step
    w.held = None
    w.acted = False


def _next_turn(w: Walk, action: NextTurnAction, path: NodePath, last: bool) -> None:
    w.turn += action.next_turn
    w.attacked = False
    w.blocked = False
    w.step = "main1"
    w.held = None
    w.acted = False


def _play(w: Walk, action: PlayAction, path: NodePath, last: bool) -> None:
    """`playLand(...)`: the land enters at once (a special action, 116.2a); its triggers resolve unless held.
    A refused land play is left out (XMage's test player only logs a land it can't play)."""
    if action.error is not None:
        w.scene.problem(path, "play", "XMage's test player skips a land it can't play without failing the test, so "
                        "the refusal is not expressible; the refused play (which changes nothing) is left out")
        return
    w.out.append(PlayLand(**w.at(), player=w.scene.seat(w.actor(action)), name=action.play))
    w.pending = not action.hold
    w.held = None


def _concede(w: Walk, action: ConcedeAction, path: NodePath, last: bool) -> None:
    """A concession when that player next has priority in this step."""
    player = w.scene.seat(action.concede)
    w.out.append(Concede(**w.at(), player=player))
    w.left.append(player)


def _counter(w: Walk, action: CounterAction, path: NodePath, last: bool) -> None:
    w.scene.problem(path, "counter", "an outside effect that counters a spell has no XMage test command",
                    "a `counter:` action is not expressible in XMage's test harness")


def _copy(w: Walk, action: CopyAction, path: NodePath, last: bool) -> None:
    """A copy made by a `Twincast` the test gives the player (who keeps the copy's targets)."""
    spell = action.copy_ if isinstance(action.copy_, str) else getattr(action.copy_, "name", None)
    if spell is None:
        w.scene.problem(path, "copy", "a copy of a player is not a spell")
        return
    if action.targets is not None:
        w.scene.problem(path, "targets", "Twincast asks for each new target of the copy in its own dialogue, which "
                        "the generated test does not script", "a copy with new targets is not expressible")
        return
    copied = w.scene.pool.get(spell)
    if copied is not None and not copied.is_instant_or_sorcery:
        w.scene.problem(path, "copy", f"the test copies with {COPY_SPELL[0]}, which copies only an instant or "
                        f"sorcery spell, not {spell}", "a copy of a permanent spell is not expressible")
        return
    player = w.scene.seat(w.actor(action))
    name, cost = COPY_SPELL
    w.fixtures.cards.append(AddCard(zone="HAND", player=player, name=name))
    w.fixtures.costs[player].append(cost)
    w.fixtures.graveyard[player][name] += 1
    w.out.append(CastSpell(**w.at(), player=player, name=name, target=spell, on_stack=spell))
    # XMage asks whether to change each target the copied spell has (StackObjectImpl.chooseNewTarget): none
    # for a spell without targets
    w.out += [ChooseUse(player=player, value=False)] * w.chosen_targets.get(spell, 0)
    if action.hold:  # the copy exists once Twincast has resolved; the spells below it wait
        w.out += _waits(w, 1)
    w.held = spell if action.hold else None
    w.held_by = w.actor(action)
    w.pending = False


def _equip(w: Walk, action: EquipAction, path: NodePath, last: bool) -> None:
    player = w.scene.seat(w.actor(action))
    name = _selected_name(w, action.equip, path, "equip")
    card = w.scene.pool.get(name)
    equip = equip_of(card.abilities) if card else None
    if equip is None:
        w.scene.problem(path, "equip", f"{name} has no equip ability", "equip of a card without equip")
        return
    if action.error is not None and not last:
        _left_out(w, action, path)
        return
    cost = str(equip.cost)
    w.fixtures.costs[player].append(cost)
    _, target = target_words(w.scene, action.to)
    w.out.append(ActivateAbility(**w.at(), player=player, ability=f"Equip {cost}", target=target or ""))
    if action.error is not None:
        w.expects_failure = [f"Equip {cost}"]
    w.held = None
    w.pending = not action.hold


ANY_COLOR_CHOICE = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green"}
"""XMage's names of the colours a "mana of any color" ability asks for."""


def _activated_of(w: Walk, name: str) -> list[Any]:
    """The activated abilities of the permanent called `name`: its card's, a predefined token's, or those of
    a token an effect kind creates (its rule's `tokens`)."""
    card = w.scene.pool.get(name)
    if card is not None:
        return [view for a in card.abilities if (view := vocab.activated_view(a)) is not None]
    for token, definition in PREDEFINED_TOKENS.items():
        if definition.name == name:
            return list(PREDEFINED_TOKEN_ABILITIES.get(token, ()))
    for construct in vocab.EFFECTS.values():  # a token an effect creates of its own (investigate's Clue)
        rule = construct.rule
        if isinstance(rule, OneShot) and rule.tokens is not None and name in (made := rule.tokens()):
            return list(made[name])
    return []


def _ability_prefix(ability: Any) -> str:
    """The start of the ability's rules text that picks it in XMage: its cost up to the sacrifice, whose
    capital differs between XMage's texts ("{T}, " is not a land's "{T}: Add {C}.")."""
    cost = ability.text.split(": ", 1)[0]
    before = re.split(r", [Ss]acrifice", cost)[0]
    return before + ", " if before != cost else cost + ":"


def _effect_prefix(ability: Any) -> str:
    """The ability's rules text up to the first three words after its cost ("{T}: Put a +1/+1"), words XMage's
    text of it starts with too."""
    cost, _, effect = ability.text.partition(": ")
    return f"{cost}: {' '.join(effect.split(' ')[:3])}"


def _mana_color(cost: str | None) -> str:
    """The colour a "mana of any color" ability is asked for: the first coloured symbol of what it pays."""
    for symbol in re.findall(r"\{([WUBRG])\}", cost or ""):
        return ANY_COLOR_CHOICE[symbol]
    return ANY_COLOR_CHOICE["G"]


def _mana_commands(w: Walk, player: str, ability: Any, cost: str | None) -> None:
    """`activateManaAbility(...)` of a mana ability, for the mana `cost` needs: "mana of any color" is asked
    for its colour; "{T}: Add {R} or {G}." is XMage's red or green ability (the one `cost` names first);
    one mana type's ability is picked by its words ("{T}: Add {C}" beside "{T}: Add {U}. Spend ...")."""
    if ability.mana == "any_color":
        w.out.append(ActivateManaAbility(**w.at(), player=player, ability=_ability_prefix(ability)))
        w.out.append(ChooseText(player=player, text=_mana_color(cost)))
        return
    if ability.mana == "chosen_color":  # its color was chosen as it entered: nothing is asked
        w.out.append(ActivateManaAbility(**w.at(), player=player, ability=_ability_prefix(ability)))
        return
    kinds = [ability.mana] if isinstance(ability.mana, str) else list(ability.mana)
    wanted = re.findall(r"\{([WUBRG])\}", cost or "")
    kind = next((symbol for symbol in wanted if symbol in kinds), kinds[0])
    cost_text = ability.text.split(": ", 1)[0]
    w.out.append(ActivateManaAbility(**w.at(), player=player, ability=f"{cost_text}: Add {{{kind}}}"))


def _mana_abilities(w: Walk, player: str, names: list[str], cost: str | None) -> None:
    """Activate the mana abilities of the permanents named (605.3a), each for the colour `cost` needs; the
    mana floats in the pool until it's spent."""
    for name in names:
        ability = next((a for a in _activated_of(w, name) if a.mana is not None), None)
        if ability is None:
            continue
        _mana_commands(w, player, ability, cost)


def _selected_name(w: Walk, ref: Any, path: NodePath, field_name: str) -> str:
    """The name of the permanent an action names; XMage's commands name it by its name alone, so a
    reference that says more (token, copy, nth, controller) is reported."""
    if isinstance(ref, ObjectRef) and ref.model_dump(exclude={"name"}, exclude_none=True):
        w.scene.problem(path, field_name, f"{describe(ref)}: XMage's test commands name a permanent by its name only "
                        "(the first of that name)")
    return ref_name(ref)


def _activate(w: Walk, action: ActivateAction, path: NodePath, last: bool) -> None:
    """`activateAbility(...)` (a mana ability: `activateManaAbility(...)` and its colour); its mana cost
    is paid with lands the fixtures add."""
    scene = w.scene
    player = scene.seat(w.actor(action))
    name = _selected_name(w, action.activate, path, "activate")
    abilities = _activated_of(w, name)
    if isinstance(action.ability, int) and 1 <= action.ability <= len(abilities):
        ability = abilities[action.ability - 1]
    elif isinstance(action.ability, str):
        ability = next((a for a in abilities if a.text.lower().startswith(action.ability.lower())), None)
    else:
        ability = abilities[0] if len(abilities) == 1 else None
    if ability is None:
        scene.problem(path, "activate", f"{name} has no such activated ability",
                      "activating an ability the card pool doesn't have")
        return
    target = _activation_targets(w, action, ability, path)
    if target is False:
        return
    prefix = _ability_prefix(ability)
    if ability.mana is None and any(_ability_prefix(other) == prefix for other in abilities if other is not ability):
        # another ability of the permanent starts the same way ("{T}: Add one mana of any color." beside "{T}: Put
        # a +1/+1 counter on this creature."): XMage's command takes the first playable one, so the words of
        # the effect that follow the cost pick this one
        prefix = _effect_prefix(ability)
    if not _pool_refusal(w, action, path):
        return
    paid_by_lands = ability.mana is None and ability.cost.mana is not None and bool(ability.cost.mana.symbols) \
        and action.mana != "pool"
    if paid_by_lands:  # a refused activation too: lands for its mana, so that mana is not why it is refused
        w.fixtures.costs[player].append(str(ability.cost.mana))
    if action.error in CANT_ACTIVATE_ERRORS:
        w.out.append(CheckPlayable(**w.at(), player=player, check=f"{name} can't be activated "
                                   f"({action.error})", ability=prefix))
        return
    if action.error is not None and not last:
        _left_out(w, action, path)
        return
    if ability.mana is not None and w.held is not None and w.held_by not in (None, w.actor(action)):
        scene.problem(path, "activate", "a mana ability activated in response to another player's spell: XMage's "
                      "test player performed it only once the stack was empty (seen in XMage's engine)",
                      "a mana ability activated in response is not expressible")
        return
    if ability.mana is not None:
        _mana_commands(w, player, ability, _next_cost(w, path, w.actor(action)))
    else:
        cost = str(ability.cost.mana) if ability.cost.mana is not None else None
        _mana_abilities(w, player, [_selected_name(w, ref, path, "pay_with") for ref in action.pay_with], cost)
        w.out.append(ActivateAbility(**w.at(), player=player, ability=prefix, target=target))
        w.pending = not action.hold
    if action.error is not None:
        w.expects_failure = [prefix]
    w.held = None


def _left_out(w: Walk, action: Any, path: NodePath) -> None:
    """A refused action before others: XMage's harness stops the test at a refused command, and the refused
    action changes nothing, so it is left out and the actions after it run."""
    w.scene.problem(path, "error", f"XMage's harness stops the test at a refused action: this one ({action.error}), "
                    "which changes nothing, is left out so that the actions after it run")


def _pool_refusal(w: Walk, action: CastAction | ActivateAction, path: NodePath) -> bool:
    """False (a problem reported) for a cast or activation refused because the pool can't pay it: XMage
    counts every mana ability its player could activate as mana they have, so "the pool alone can't pay"
    has no test command."""
    if action.mana == "pool" and action.error == "cost":
        w.scene.problem(path, "mana", "XMage counts every mana ability its player could activate as available "
                        "mana, so a cost refused for what the pool alone holds is not expressible: the refused "
                        "action (which changes nothing) is left out of the test")
        return False
    return True


def _next_cost(w: Walk, path: NodePath, player: str) -> str | None:
    """The mana cost the player pays next in the scenario (what a mana ability's colour is chosen for)."""
    actions = w.scene.scenario.actions
    index = path[1] if len(path) > 1 and isinstance(path[1], int) else len(actions)
    for action in actions[index + 1:]:
        if w.actor(action) != player:
            continue
        if isinstance(action, CastAction):
            card = w.scene.pool.get(action.cast)
            return str(card.mana_cost) if card is not None and card.mana_cost is not None else None
        if isinstance(action, ActivateAction):
            ability = next(iter(_activated_of(w, ref_name(action.activate))), None)
            return str(ability.cost.mana) if ability is not None and ability.cost.mana is not None else None
    return None


def _activation_targets(w: Walk, action: ActivateAction, ability: Any, path: NodePath
                        ) -> str | None | Literal[False]:
    """`activateAbility`'s target argument: the objects' names joined by `^` (as `castSpell` names them),
    None without targets; False (a problem reported) for what it can't name: a player, or fewer targets
    than a slot takes."""
    if not action.targets:
        return None
    slots = effect_slots(list(ability.effects), False)
    groups = [[target_words(w.scene, entry) for entry in group] for group in _groups(list(action.targets), slots)]
    flat = [word for group in groups for word in group]
    if any(kind == "player" for kind, _ in flat) or len(groups) != len(slots) \
            or any(len(group) < slot.target.max for group, slot in zip(groups, slots, strict=False)):
        w.scene.problem(path, "targets", "an activated ability's targets are commanded only as objects, each "
                        "slot full", "an activated ability targeting a player, or fewer targets than it takes")
        return False
    return "^".join(value or "" for _, value in flat)


def _cast(w: Walk, action: CastAction, path: NodePath, last: bool) -> None:
    scene = w.scene
    player = scene.seat(w.actor(action))
    card = scene.pool.get(action.cast)
    if card is None:
        scene.problem(path, "cast", f"{action.cast!r} is not in the card pool",
                      f"{action.cast} is not in the card pool")
        return
    if not _pool_refusal(w, action, path):
        return
    if card.mana_cost is not None and action.mana != "pool" and w.lands_phased_out(w.actor(action)):
        scene.problem(path, "cast", "the lands the test adds to pay for this spell were phased out with its caster's "
                      "permanents in an earlier step, and phase in only in the caster's next untap step",
                      "a spell cast while its caster's lands are phased out is not expressible")
        return
    if action.error == "duplicate_target":
        scene.problem(path, "targets", "XMage's commands name targets by name and take different objects for a "
                      "name repeated, so the same object twice is not expressible; the refused cast (which changes "
                      "nothing) is left out")
        return
    has_x = card.mana_cost is not None and any(symbol.text == "X" for symbol in card.mana_cost.symbols)
    if action.x is not None and action.error is not None and not has_x:
        scene.problem(path, "x", "XMage's cast command has no value of X to announce for a spell without X in its "
                      "cost (its test player answers an X only when the spell asks), so the refusal is not "
                      "expressible; the refused cast (which changes nothing) is left out")
        return
    if action.error == "modes":
        scene.problem(path, "modes", "XMage's test player offers only the modes a spell may be cast with "
                      "(TestPlayer.chooseMode), so a refused choice of modes is not expressible; the refused cast "
                      "(which changes nothing) is left out")
        return
    if action.error == BAD_CHOICE and action.choices and not _trigger_target_refusal(w, action):
        scene.problem(path, "error", "a choice refused while the spell resolves: XMage's test stops there and does "
                      "not undo the cast; the refused cast (which changes nothing) is left out of the test")
        return
    if card.mana_cost is not None and action.mana != "pool":  # from the pool only: no lands for it
        # X paid as generic mana (107.3a: the announced value), so the lands pay it too
        w.fixtures.costs[player].append(str(card.mana_cost).replace("{X}", f"{{{action.x or 0}}}"))
        offspring = offspring_of(card.abilities)
        if offspring is not None and action.offspring:  # the optional additional cost, paid as well (601.2f)
            w.fixtures.costs[player].append(str(offspring.cost))
    adjusted = spell_slots(card, True) != spell_slots(card, False)
    if action.error in CANT_CAST_ERRORS or (action.error == "no_legal_target" and not adjusted):
        w.out.append(CheckPlayable(**w.at(), player=player, check=f"{action.cast} can't be cast ({action.error})",
                                   ability=f"Cast {action.cast}"))
        return
    if action.error is not None and not last:
        _left_out(w, action, path)
        return
    choices = _cost_choices(scene, action, card, player, path)
    if choices is None:
        return
    _mana_abilities(w, player, [_selected_name(w, ref, path, "pay_with") for ref in action.pay_with],
                    str(card.mana_cost) if card.mana_cost else None)
    w.out += choices
    modes = tuple(sorted(number - 1 for number in action.modes)) if action.modes is not None else None
    w.out += _mode_choices(card, player, modes)
    promised = bool(action.gift)
    slots = spell_slots(card, promised, modes)
    groups = [[target_words(scene, entry) for entry in group] for group in _groups(list(action.targets), slots)]
    checked = action.error == ILLEGAL_TARGET and any(kind == "player" for group in groups for kind, _ in group)
    scripted = _scripts_targets(adjusted, groups, slots, w.held) or checked
    cast = CastSpell(**w.at(), player=player, name=action.cast, on_stack=w.held,
                     **({} if scripted else _named_targets(groups)))
    if scripted:
        w.out += _added_targets(w, path, player, groups, slots)
    w.out.append(cast)
    w.chosen_targets[action.cast] = sum(len(group) for group in groups)
    _expect_refusal(w, action, player, scripted)
    if checked:
        w.refusing_player = player
    _refused_trigger_targets(w, action, player)
    w.held = action.cast if action.hold else None
    w.held_by = w.actor(action)
    w.pending = not action.hold
    if removes_your_lands(card, promised):
        w.phasing_out = player
        w.lands_gone[w.actor(action)] = w.turn


_HANDLERS: tuple[tuple[type, Callable[..., None]], ...] = (
    (CastAction, _cast), (CopyAction, _copy), (EquipAction, _equip), (PassAction, _pass),
    (ResolveAction, _resolve), (StepAction, _to_step), (NextTurnAction, _next_turn), (ConcedeAction, _concede),
    (AttackAction, _attack), (BlockAction, _block), (PlayAction, _play),
    (CounterAction, _counter), (ActivateAction, _activate), (object, lambda *_: None),
)


# -------------------------------------------------------------------------------------- a cast
def _mode_choices(card: Card, player: str, modes: tuple[int, ...] | None) -> list[Statement]:
    """The modes of a modal spell (700.2a), one `setModeChoice` each by its number from 1 (XMage's
    TestPlayer.chooseMode takes them in order); fewer than the most modes (or, chosen by pawprints, modes
    worth less than the most pawprints) end with `MODE_SKIP`."""
    modal = modal_effect(resolution_effects(card)) if card.is_instant_or_sorcery else None
    if modal is None or modes is None:
        return []
    out: list[Statement] = [ChooseMode(player=player, mode=index + 1) for index in modes]
    if modal.pawprints is not None:
        # Modes.choose asks again while the chosen modes are worth less than setMaxPawPrints (700.2h)
        more = sum(modal.modes[index].pawprints or 0 for index in modes) < modal.pawprints
    else:
        more = len(modes) < modal.max and modal.max > 1
    if more:
        out.append(ChooseMode(player=player, mode=None))
    return out


def _cost_choices(scene: Scene, action: CastAction, card: Card, player: str,
                  path: NodePath) -> list[Statement] | None:
    """The choices of casting: XMage asks for the gift's promise, pays the other additional costs (the
    cards discarded), then asks for the opponent. None when the cast can't be commanded."""
    discards: list[Statement] = [ChooseText(player=player, text=name) for name in action.discard or []]
    if card.mana_cost is not None and any(symbol.text == "X" for symbol in card.mana_cost.symbols):
        # TestPlayer.announceX takes the "X=<n>" choice (601.2b: X is announced first)
        discards.insert(0, ChooseText(player=player, text=f"X={action.x or 0}"))
    if offspring_of(card.abilities) is not None:
        # OffspringAbility.addOptionalAdditionalCosts asks "Pay ... for offspring?" (chooseUse) as it is cast
        discards.insert(0, ChooseUse(player=player, value=action.offspring))
    if card.gift is None:
        if action.gift is not None:
            scene.problem(path, "gift", f"{action.cast} has no gift to promise in XMage")
        return discards
    if action.gift is None:
        return [ChooseUse(player=player, value=False), *discards]
    if isinstance(action.gift, list):
        scene.problem(path, "gift", "a gift promised twice cannot be commanded in XMage's harness",
                      "promising twice is not expressible")
        return None
    chosen = scene.seat(action.gift)
    return [ChooseUse(player=player, value=True), *discards, ChoosePlayer(player=player, chosen=chosen)]


ILLEGAL_TARGET = "illegal_target"
"""A cast refused for an illegal player target: its targets go through XMage's targeting (`addTarget`), which
checks their legality; a player named in `castSpell` is set without that check (a player with protection
from everything or hexproof is still targeted, 702.16b, 702.11b). An object named in `castSpell` is only
found among the legal targets, so that form refuses it already."""

Word = tuple[str, "str | None"]
"""A target as the harness names it: ("object", name) or ("player", playerX)."""


def _scripts_targets(adjusted: bool, groups: list[list[Word]], slots: list[Slot], held: str | None) -> bool:
    """Whether the targets are scripted with `addTarget` rather than named in `castSpell`: when the gift
    changes them, several include a player, a slot is left empty or less than full, or the cast responds
    to a spell on the stack and targets a player."""
    flat = [word for group in groups for word in group]
    players = any(kind == "player" for kind, _ in flat)
    return (adjusted or players and len(flat) > 1 or any(not group for group in groups)
            or (held is not None and players)
            or any(len(group) < slot.target.max for group, slot in zip(groups, slots, strict=False)))


class _NamedTargets(TypedDict, total=False):
    """`castSpell`'s target argument, as `CastSpell`'s field."""

    target: str
    target_player: str


def _named_targets(groups: list[list[Word]]) -> _NamedTargets:
    """`castSpell`'s target argument: one player, or the objects' names joined by `^`."""
    flat = [word for group in groups for word in group]
    if len(flat) == 1 and flat[0][0] == "player":
        return {"target_player": flat[0][1] or ""}
    if flat:
        return {"target": "^".join(value or "" for _, value in flat)}
    return {}


def _added_targets(
    w: Walk, path: NodePath, player: str, groups: list[list[Word]], slots: list[Slot],
) -> list[Statement]:
    """`addTarget` per target, slot by slot; an "up to" slot ends with a skip while more could be chosen,
    and always when none is."""
    out: list[Statement] = []
    for group, slot in zip(groups, slots + [None] * (len(groups) - len(slots)), strict=False):
        for kind, value in group:
            out.append(AddTargetPlayer(player=player, target=value or "") if kind == "player"
                       else AddTarget(player=player, target=value or ""))
        if slot is not None and len(group) < slot.target.max and slot.target.min < slot.target.max \
                and (not group or len(group) < _slot_candidates(w, path, slots.index(slot))):
            out.append(AddTargetSkip(player=player))
    return out


NOT_AN_OPPONENT = "not_an_opponent"
"""The gift promised to a player who is not an opponent (702.174a)."""


def _expect_refusal(w: Walk, action: CastAction, player: str, scripted: bool) -> None:
    """What `execute()` must fail with when the cast is refused as it runs."""
    if action.error == TARGET_COUNT and scripted and without_extra_targets(action, w.scene.pool):
        # XMage's test player never offers a target the spell doesn't have: it casts the spell with the
        # others, and the check that every command was used reports the addTarget entries left over
        w.expects_failure = [f"(Targets of {player[0].upper() + player[1:]}) Count are not equal (found ["]
        w.refusal = f"the targets {action.cast} doesn't have left unused"
        w.refused_cast_resolves = f"{action.cast} is cast without the target it doesn't have"
    elif action.error == NOT_AN_OPPONENT:
        # XMage's test player refuses the gift's choice of a player its cost doesn't offer ("Found wrong choice
        # command", seen in its engine); with targets scripted, those are reported left unused first
        w.expects_failure = [f"Cast {action.cast}", "Found wrong choice command",
                             *(["Targets", "Missing TARGET def"] if scripted else [])]
        if not scripted:  # refused as the cast is made, the game stops mid-cast: the card is on the stack
            w.refusing_player = player
    elif action.error is not None:
        # a bad target named in the cast command: the command can't be found; with addTarget: XMage
        # reports the scripted targets it could not use ("Targets list was setup by addTarget ...")
        # or the one it still wants ("Missing TARGET def")
        w.expects_failure = [f"Cast {action.cast}", "Targets", "Missing TARGET def"] if scripted \
            else [f"Cast {action.cast}"]


def _trigger_target_refusal(w: Walk, action: CastAction) -> bool:
    """Whether the cast is refused (`bad_choice`) for its answers to its triggers' targets, every answer a
    `{target: ...}` of its caster's: what XMage's harness can script as given and see refused."""
    answers = [choice for choice in action.choices if isinstance(choice, ChoiceEntry) and choice.target is not None]
    actor = w.actor(action)
    return action.error == BAD_CHOICE and bool(answers) and len(answers) == len(action.choices) \
        and all(choice.by in (None, actor) for choice in answers)


def _refused_trigger_targets(w: Walk, action: CastAction, player: str) -> None:
    """A cast whose trigger's target answers are refused (`bad_choice`, e.g. the same creature for "another
    target creature"): the resolver logs no trigger for the refused action, so its `{target: ...}` answers
    are scripted as given (`addTarget`), and XMage's strict test player fails on the one it can't use
    ("Targets list was setup by addTarget ... not used" or "Missing TARGET def")."""
    if not _trigger_target_refusal(w, action):
        return
    answers = [choice for choice in action.choices if isinstance(choice, ChoiceEntry)]
    for answer in answers:
        for entry in answer.target if isinstance(answer.target, list) else [answer.target]:
            _, name = target_words(w.scene, entry)
            w.out.append(AddTarget(player=player, target=str(name)))
    w.expects_failure = ["Targets", "Missing TARGET def"]
    w.refusal = f"the trigger's target answers of {action.cast}"


def _slot_candidates(w: Walk, path: NodePath, slot: int) -> int:
    """How many legal targets slot `slot` of the cast at `path` had (unknown: as many as it allows)."""
    index = path[1] if len(path) > 1 and isinstance(path[1], int) else -1
    events = w.scene.events
    for event in events[index] if 0 <= index < len(events) else []:
        if event.get("event") == "candidates" and slot < len(event["counts"]):
            return int(event["counts"][slot])
    return UNKNOWN_CANDIDATES


def target_words(scene: Scene, entry: Any) -> Word:
    """("object", name) or ("player", playerX) for one target entry."""
    if isinstance(entry, PlayerRef):
        return "player", scene.seat(entry.player)
    if isinstance(entry, ObjectRef):
        if entry.model_dump(exclude={"name"}, exclude_none=True):
            scene.problem(("actions",), "targets", f"{describe(entry)}: XMage's test commands name a target by its "
                          "name only (the first object of that name), not by controller, owner, zone, token, copy "
                          "or nth", "a target named by more than its name is not expressible")
        return "object", scene.xmage_name(entry.name)
    if isinstance(entry, str) and entry in scene.seats:
        return "player", scene.seat(entry)
    return "object", scene.xmage_name(str(entry))


def spell_slots(card: Card, promised: bool, modes: tuple[int, ...] | None = None) -> list[Slot]:
    """The target slots of casting `card`: an Aura's enchant target, an instant's or sorcery's targets (a
    modal one's, those of the chosen `modes`, 700.2c)."""
    enchant = enchant_of(card.abilities)
    if enchant is not None:
        from cardgen.model.card import Target

        return [Slot(("enchant",), Target(**enchant.filter.model_dump()))]
    if card.is_instant_or_sorcery:
        return effect_slots(resolution_effects(card, modes), promised)
    return []


def _groups(entries: list[Any], slots: list[Slot]) -> list[list[Any]]:
    """The cast's targets slot by slot (one slot: the whole list is its targets, "up to two")."""
    if len(slots) == 1 and len(entries) > 1 and not any(isinstance(e, list) for e in entries):
        return [list(entries)]
    return [list(e) if isinstance(e, list) else [e] for e in entries]


# ----------------------------------------------------------------------------- stack and mana
def _waits(w: Walk, count: int | None = None) -> list[Statement]:
    """Wait for the stack to resolve (`count`: that many objects of it)."""
    if not w.left:
        return [WaitStack(**w.at())] if count is None else [WaitResolutions(**w.at(), count=count)]
    still = [player for player in w.scene.seats.values() if player not in w.left]
    if count is None:
        return [WaitStackFor(**w.at(), player=player) for player in still]
    return [WaitOneFor(**w.at(), player=player) for _ in range(count) for player in still]


def _float_mana(w: Walk, action: CastAction) -> None:
    """Tap the caster's lands for `action`'s mana while the spell on the stack that will phase them out
    waits (the pool keeps it until the step ends), as XMage's tests pay with activateManaAbility."""
    card = w.scene.pool.get(action.cast)
    player = w.scene.seat(w.actor(action))
    if card is None or card.mana_cost is None or w.phasing_out != player:
        return
    for ability, times in floated_mana(str(card.mana_cost)):
        w.out.append(ActivateManaAbility(**w.at(), player=player, ability=ability, times=times))


def floated_mana(cost: str) -> list[tuple[str, int]]:
    """The basic-land mana abilities ("{T}: Add {B}", times) that put `cost` into the mana pool: one per
    colored symbol, the generic part in the cost's first color (colorless when it has none)."""
    symbols = re.findall(r"\{([^}]+)\}", cost)
    colored = [symbol for symbol in symbols if symbol in BASIC_LANDS or symbol == "C"]
    generic = sum(int(symbol) for symbol in symbols if symbol.isdigit())
    counts: Counter[str] = Counter(colored)
    counts[colored[0] if colored else "C"] += generic
    return [(f"{{T}}: Add {{{symbol}}}", counts[symbol]) for symbol in dict.fromkeys(colored or ["C"])]


def removes_your_lands(card: Card, promised: bool) -> bool:
    """Whether `card`, resolving, takes away the lands its caster controls (an effect's construct says so:
    `xmage.removes_your_lands`): the lands a generated test adds to pay the caster's later
    spells would go too."""
    for effect in resolution_effects(card):
        if effect.condition not in (None, "promised" if promised else "not_promised"):
            continue
        removes = vocab.of(effect).xmage.removes_your_lands
        if removes is not None and removes(effect):
            return True
    return False


# --------------------------------------------------------------------------- triggers, choices
def _trigger_choices(w: Walk, index: int) -> list[Statement]:
    """What XMage's strict mode wants scripted and the scenario may leave to the first legal option,
    taken from what the resolver did during action `index`: the order of a player's triggers that go
    on the stack together (`setChoice` of the one to put first, all but the last), each trigger's
    targets (`addTarget`), and each choice among several options that is not a target (`setChoice`
    of what the player picked: the creature sacrificed, the card taken, ...)."""
    scene = w.scene
    if index >= len(scene.events):
        return []
    out: list[Statement] = []
    batch: list[dict[str, Any]] = []
    activated: set[tuple[str, str]] = set()
    for event in scene.events[index] + [{"event": "end"}]:
        if event.get("event") == "mana_spent" and event.get("cost") and event.get("player") in scene.seats:
            w.fixtures.costs[scene.seats[event["player"]]].append(event["cost"])  # paid as a spell resolved: lands
        if event.get("event") == "activated":
            activated.add((event["player"], event["source"]))
        if event.get("event") == "sacrificed" and (event["player"], event["card"]) in activated:
            continue  # sacrificing the source is a cost of its ability, not a choice
        put = event.get("event") in ("triggered", "trigger_removed")
        # triggers put on the stack together are logged one after the other, by one player, in one batch
        # (a trigger of a permanent the batch's abilities target waits for the next: XMage asks no order)
        if put and batch and batch[-1]["player"] == event["player"] and batch[-1]["seq"] + 1 == event["seq"] \
                and batch[-1].get("batch") == event.get("batch"):
            batch.append(event)
            continue
        out += _trigger_batch(scene, batch)
        batch = [event] if put else []
        out += _picked(scene, event)
    return out


def _picked(scene: Scene, event: dict[str, Any]) -> list[Statement]:
    """A permanent sacrificed or another pick the resolver made for a player, as XMage asks it."""
    player = scene.seats.get(event.get("player", ""))
    if player is None:
        return []
    if event.get("event") == "sacrificed":
        return [ChooseText(player=player, text=scene.xmage_name(event["card"]))]
    if event.get("event") != "decision":
        return []
    # XMage's DiscardEachPlayerEffect has each player pick with chooseTarget (addTarget); one player's
    # discard (PlayerImpl.discard) picks with choose (setChoice)
    if event.get("purpose") == GROUP_DISCARD:
        return [AddTarget(player=player, target=scene.xmage_name(picked)) for picked in event["picked"]]
    style = SCRIPTED_DECISIONS.get(event.get("purpose", ""))
    if style is not None:
        return decision_statements(scene, player, style, event)
    return [ChooseText(player=player, text=scene.xmage_name(picked)) for picked in event["picked"]]


def decision_statements(scene: Scene, player: str, style: str, event: dict[str, Any]) -> list[Statement]:
    """A decision as XMage's test player is asked it, by the style its construct declares
    (`xmage.decisions`):
    - `use`: a yes/no question (`chooseUse`): `setChoice(player, true|false)`;
    - `words`: a word picked among words, as `choose(Choice)` asks it: `setChoice(player, "Green")` (a
      color, a creature type);
    - `targets_picked`: the options picked, one target each, as `chooseTarget` from cards (a card looked
      at or searched for; TARGET_SKIP for none);
    - `targets_not_picked`: the options NOT picked, as one target list of `chooseTarget` from cards
      ("A^B"; TARGET_SKIP for none) - a scry's cards to the bottom, where the resolver asks which stay;
    - `order_top` / `order_bottom`: an order, topmost first (the named cards, then the rest as offered),
      as `putCardsOnTopOfLibrary` / `putCardsOnBottomOfLibrary` ask it: one card at a time while more
      than one is left, the last chosen going topmost (top) or bottommost (bottom)."""
    if style == "use":
        return [ChooseUse(player=player, value=bool(event["decided"]))]
    if style == "words":
        return [ChooseText(player=player, text=str(name)) for name in event["picked"]]
    picked, among = list(event["picked"]), list(event["among"])
    rest = list(among)
    for name in picked:
        if name in rest:
            rest.remove(name)
    if style == "targets_picked":
        if not picked:
            return [AddTargetSkip(player=player)]
        return [AddTarget(player=player, target=scene.xmage_name(name)) for name in picked]
    if style == "targets_not_picked":
        if not rest:
            return [AddTargetSkip(player=player)]
        return [AddTarget(player=player, target="^".join(scene.xmage_name(name) for name in rest))]
    order = picked + rest
    chosen = list(reversed(order))[:-1] if style == "order_top" else order[:-1]
    return [ChooseText(player=player, text=scene.xmage_name(name)) for name in chosen]


def _trigger_batch(scene: Scene, batch: list[dict[str, Any]]) -> list[Statement]:
    """The order of triggers put on the stack together, then each one's targets."""
    who = scene.seats.get(batch[0]["player"]) if batch else None
    if who is None:
        return []
    sources = Counter(event["source"] for event in batch)
    out: list[Statement] = [ChooseText(player=who, text=_trigger_choice(event, sources, scene.pool))
                            for event in batch[:-1]]
    for event in batch:
        for label in event.get("targets", ()):
            out.append(AddTargetPlayer(player=who, target=scene.seats[label]) if label in scene.seats
                       else AddTarget(player=who, target=scene.xmage_name(label)))
        out += [AddTargetSkip(player=who)] * event.get("skips", 0)
    return out


def _trigger_choice(event: dict[str, Any], sources: Counter[str], pool: Mapping[str, Card]) -> str:
    """The start of the text XMage's `setChoice` matches a triggered ability by: its source's name when
    only one trigger of the batch comes from it, else XMage's wording of the trigger (the gift trigger
    of a permanent reads "When this permanent enters, if the gift was promised, ...", a card's own
    as its oracle text up to the first comma, with `{this}` where it names itself, in either wording
    ("When this Aura enters", "When Kitnap enters"), an ability word in italics before "&mdash;": XMage
    matches the rule text as `getRule()` returns it)."""
    source: str = event["source"]
    if sources[source] == 1:
        return source
    text = event.get("trigger", "")
    if text.startswith(GIFT_TRIGGER_TEXT):
        return "When this permanent enters"
    card = pool.get(source)
    phrase = with_self_reference(text.split(",", 1)[0], card if card is not None else source)
    word, dash, rest = phrase.partition(" \u2014 ")
    if dash and word and " " not in word:  # an ability word (207.2c): XMage's rule says "<i>Valiant</i> &mdash; ..."
        return f"<i>{word}</i> &mdash; {rest}"
    return phrase
