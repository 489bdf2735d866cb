"""One spec effect -> one Forge ability (API and parameters): the vocabulary mapping of the writer.

Each effect kind has a method named after its model class (`_Damage`, `_ReturnCard`, ...). Subjects become
`ValidTgts$` (targets, with promise-gated `TargetMin$`/`TargetMax$` counts), `Defined$` (words, "all", and
references to what an earlier effect acted on) or nothing at all where Forge's default says it (Self for
objects, You for players). Conditions on the promise and checks on a referenced object are added last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.engines.forge.chain import (
    ChainState,
    Node,
    RenderError,
    Step,
    SVarLine,
    api_stem,
    plan_steps,
    refs_of,
    targets_of,
)
from cardgen.engines.forge.hints import sacrifice_message, target_prompt
from cardgen.engines.forge.syntax import COUNTERS, KEYWORDS, PROTECTION_EVERYTHING, Params
from cardgen.engines.forge.tokens import token_script
from cardgen.engines.forge.valid import valid_expression
from cardgen.spec.model import (
    AllSubject,
    Attach,
    Bounce,
    CantCastSpells,
    CounterSpell,
    CreateToken,
    Damage,
    DelayedTrigger,
    Destroy,
    Discard,
    Draw,
    Effect,
    Exile,
    Fight,
    GainKeyword,
    GainLife,
    LifeCantChange,
    LoseLife,
    MayCastFromExile,
    Mill,
    ObjectFilter,
    PhaseOut,
    Protection,
    Pump,
    PutCounters,
    RefSubject,
    ReturnCard,
    RevealAndExile,
    Sacrifice,
    Tap,
    Target,
    TargetSubject,
    TokenCopy,
    Untap,
)

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder

PLAYER_WORDS: dict[str, str] = {
    "you": "You", "each_player": "Player", "each_opponent": "Opponent", "gift_recipient": "Promised",
}
OBJECT_WORDS: dict[str, str] = {"self": "Self", "enchanted": "Enchanted", "equipped": "Equipped"}
TARGET_PLAYERS: dict[str, str] = {"any": "Player", "opponent": "Opponent", "you": "You"}
PLAYER_GROUPS: dict[str, str] = {"you": "You", "each_player": "Player", "each_opponent": "Opponent"}
"""Players a static ability of an Effect applies to (`Caster$`, `ValidPlayer$`)."""

MOVERS = (ReturnCard, Exile, Bounce, RevealAndExile)
"""Effects after which "that card" is a new object: later effects find it through Forge's remembered
list (`RememberChanged$ True` ... `Defined$ Remembered`), not through the target."""

ZONE_NAMES: dict[str, str] = {
    "battlefield": "Battlefield", "graveyard": "Graveyard", "hand": "Hand", "stack": "Stack",
    "exile": "Exile", "library": "Library",
}


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


class EffectWriter:
    """Writes one effect as one Forge ability (API plus parameters)."""

    def __init__(self, builder: ScriptBuilder, step: Step, state: ChainState, index: int) -> None:
        self.builder = builder
        self.step = step
        self.effect = step.effect
        self.state = state
        self.index = index
        self.has_targets = bool(targets_of(step.effect))
        self.remembers = False

    # ---------------------------------------------------------------------------------- helpers
    def _ranges(self, target: Target) -> tuple[tuple[int, int], tuple[int, int]]:
        """((min, max) if promised, (min, max) if not) for a target of this step."""
        if self.step.ranges is not None:
            return self.step.ranges
        mine = (target.min, target.max)
        if self.step.gate == "not_promised":
            return (0, 0), mine
        if self.step.gate == "promised" or target.only_if_promised:
            return mine, (0, 0)
        return mine, mine

    def _count_param(self, key: str, promised: int, not_promised: int) -> Params:
        if promised == not_promised:
            return [] if promised == 1 else [(key, str(promised))]
        return [(key, self.builder.count_svar(promised, not_promised))]

    def target(self, target: Target, implied_zone: str | None = None) -> Params:
        """`ValidTgts$` and friends for a target."""
        if target.player is not None:
            params: Params = [("ValidTgts", TARGET_PLAYERS[target.player])]
        elif target.any_target:
            params = [("ValidTgts", "Any")]
        elif target.zone == "stack" and implied_zone != "stack":
            # a spell as the target of a non-counter effect, as Forge writes it (Reprieve)
            params = [("ValidTgts", valid_expression(target, extra=("inZoneStack",), any_object="Card")),
                      ("TgtZone", "Stack")]
        else:
            params = [("ValidTgts", valid_expression(target))]
            if target.zone != "battlefield" and target.zone != implied_zone:
                params.append(("TgtZone", ZONE_NAMES[target.zone]))
        prompt = target_prompt(target)
        if prompt is not None:
            params.append(("TgtPrompt", prompt))
        (pmin, pmax), (nmin, nmax) = self._ranges(target)
        params += self._count_param("TargetMin", pmin, nmin)
        params += self._count_param("TargetMax", pmax, nmax)
        return params

    def _ref_defined(self, ref: RefSubject, player: bool = False) -> str:
        """The `Defined$` value that reaches what effect `ref.ref` acted on."""
        if ref.filter is not None or ref.choose is not None:
            raise RenderError("FG101", f"a filtered reference to {ref.ref!r} has a Forge form only when "
                                       "returning cards (return_card)")
        state = self.state
        source, chain = self._find(ref.ref)
        if chain is not state:  # inside a delayed trigger, pointing out of it
            if ref.relation != "it":
                raise RenderError("FG101", "a delayed trigger can refer only to the object itself")
            return state.delayed_remember or "DelayTriggerRememberedLKI"
        source_effect = chain.steps[source].effect
        source_node = chain.nodes[source]
        if ref.relation != "it":
            if not source_node.has_targets or self._nearest_targeting() != source:
                raise RenderError("FG101", f"'{ref.relation} of' {ref.ref!r} needs {ref.ref!r} to be the "
                                           "nearest earlier effect with a target")
            if self.has_targets:
                raise RenderError("FG101", "an effect with its own target cannot also name the controller of "
                                           "an earlier target")
            return "TargetedController" if ref.relation == "controller" else "TargetedOwner"
        if self._remembers(source_effect):
            self._remember(source, chain)
            return "Remembered"
        if source_node.has_targets and self._nearest_targeting() == source:
            if player:
                return "TargetedPlayer"
            return "ParentTarget" if self.has_targets else "Targeted"
        raise RenderError("FG101", f"no Forge form reaches what {ref.ref!r} acted on from here (it must be the "
                                   "nearest earlier effect with a target, or move the object)")

    def _find(self, identifier: str) -> tuple[int, ChainState]:
        """The position (and chain) of the earlier effect named `identifier`. An "instead" split into two
        abilities carries the id twice; such an id is reachable only through the remembered list."""
        chain: ChainState | None = self.state
        group = self.step.group
        while chain is not None:
            positions = [position for position, step in enumerate(chain.steps[: len(chain.nodes)])
                         if step.effect.id == identifier and step.group == group]
            if positions:
                if len(positions) > 1:
                    if not all(self._remembers(chain.steps[p].effect) for p in positions):
                        raise RenderError("FG101", f"{identifier!r} names both sides of an 'instead'; Forge can "
                                                   "refer to it only when it moves the object")
                    for position in positions[1:]:
                        self._remember(position, chain)
                return positions[0], chain
            chain = chain.outer
        raise RenderError("FG101", f"reference {identifier!r} does not name an earlier effect")

    def _nearest_targeting(self) -> int | None:
        for position in range(len(self.state.nodes) - 1, -1, -1):
            if self.state.nodes[position].has_targets:
                return position
        return None

    @staticmethod
    def _remembers(effect: Effect) -> bool:
        return isinstance(effect, MOVERS) or (isinstance(effect, Destroy) and isinstance(effect.what, AllSubject))

    @staticmethod
    def _remember(source: int, chain: ChainState) -> None:
        identifier = chain.steps[source].effect.id
        if chain.remembered_by not in (None, identifier):
            raise RenderError("FG101", "two effects of one chain are referred to as moved objects; Forge keeps "
                                       "one remembered list per chain")
        chain.remembered_by = identifier
        node = chain.nodes[source]
        if not node.remembers:
            node.remembers = True
            key = "RememberDestroyed" if isinstance(chain.steps[source].effect, Destroy) else "RememberChanged"
            node.params.append((key, "True"))

    def defined(self, subject: object, player: bool = False) -> Params:
        """`Defined$` (or targets) for a subject; defaults are left out (Self for objects, You for players)."""
        if isinstance(subject, TargetSubject):
            return self.target(subject.target)
        if isinstance(subject, RefSubject):
            return [("Defined", self._ref_defined(subject, player))]
        if isinstance(subject, AllSubject):
            return [("Defined", "Valid " + valid_expression(subject.all))]
        if subject in PLAYER_WORDS:
            return [] if subject == "you" and player else [("Defined", PLAYER_WORDS[subject])]
        if subject in OBJECT_WORDS:
            return [] if subject == "self" and not player else [("Defined", OBJECT_WORDS[subject])]
        raise RenderError("FG101", f"unknown subject {subject!r}")

    def conditions(self) -> Params:
        effect, step = self.effect, self.step
        condition = effect.condition
        if step.gate and not self.has_targets:
            condition = step.gate
        if condition == "promised" and any(t.only_if_promised for t in targets_of(effect)):
            condition = None  # no target chosen unless promised: the ability does nothing anyway
        params: Params = []
        if effect.only_if is not None:
            source, chain = self._find(effect.only_if.ref)
            if chain is not self.state:
                raise RenderError("FG101", "a check on an object outside the delayed trigger has no Forge form")
            params.append(("ConditionDefined", self._ref_defined(RefSubject(ref=effect.only_if.ref))))
            params.append(("ConditionPresent", valid_expression(effect.only_if.matches, any_object="Card")))
            if condition is not None:
                params[0:0] = [("ConditionCheckSVar", self.builder.count_svar(1, 0))]
                if condition == "not_promised":
                    params.insert(1, ("ConditionSVarCompare", "EQ0"))
            return params
        if condition is None:
            return params
        if self.state.outer is not None:
            raise RenderError("FG101", "a gift condition inside a delayed trigger has no Forge form; put the "
                                       "condition on the delayed trigger")
        compare = "EQ1" if condition == "promised" else "EQ0"
        if self.builder.host == "spell":
            return [("ConditionZone", "Stack"), ("ConditionPresent", "Card.Self+PromisedGift"),
                    ("ConditionCompare", compare)]
        return [("ConditionDefined", "Self"), ("ConditionPresent", "Card.PromisedGift"),
                ("ConditionCompare", compare)]

    # ------------------------------------------------------------------------------------ dispatch
    def write(self) -> Params:
        effect = self.effect
        handler = getattr(self, "_" + type(effect).__name__, None)
        if handler is None:
            raise RenderError("FG101", f"effect {effect.effect!r} has no Forge form")
        api, params = handler(effect)
        return [("DB", api), *params, *self.conditions()]

    @staticmethod
    def _all_or(subject: object) -> ObjectFilter | None:
        return subject.all if isinstance(subject, AllSubject) else None

    def _Draw(self, e: Draw) -> tuple[str, Params]:
        return "Draw", [*self.defined(e.who, player=True), *([("NumCards", str(e.amount))] if e.amount != 1 else [])]

    def _Discard(self, e: Discard) -> tuple[str, Params]:
        # Mode$ TgtChoose: each discarding player chooses their own cards (DiscardEffect.resolve)
        return "Discard", [*self.defined(e.who, player=True),
                           *([("NumCards", str(e.amount))] if e.amount != 1 else []), ("Mode", "TgtChoose")]

    def _Mill(self, e: Mill) -> tuple[str, Params]:
        return "Mill", [*self.defined(e.who, player=True), *([("NumCards", str(e.amount))] if e.amount != 1 else [])]

    def _Damage(self, e: Damage) -> tuple[str, Params]:
        if (selector := self._all_or(e.to)) is not None:
            return "DamageAll", [("ValidCards", valid_expression(selector)), ("NumDmg", str(e.amount))]
        if isinstance(e.to, str):  # DealDamage has no obvious default: always say who
            defined: Params = [("Defined", PLAYER_WORDS.get(e.to) or OBJECT_WORDS[e.to])]
        else:
            defined = self.defined(e.to, player=isinstance(e.to, RefSubject) and e.to.relation != "it")
        return "DealDamage", [*defined, ("NumDmg", str(e.amount))]

    def _LoseLife(self, e: LoseLife) -> tuple[str, Params]:
        return "LoseLife", [*self.defined(e.who, player=True), ("LifeAmount", str(e.amount))]

    def _GainLife(self, e: GainLife) -> tuple[str, Params]:
        return "GainLife", [*self.defined(e.who, player=True), ("LifeAmount", str(e.amount))]

    def _Destroy(self, e: Destroy) -> tuple[str, Params]:
        if (selector := self._all_or(e.what)) is not None:
            return "DestroyAll", [("ValidCards", valid_expression(selector))]
        return "Destroy", self.defined(e.what)

    def _zone_change(self, what: object, destination: str) -> tuple[str, Params]:
        if (selector := self._all_or(what)) is not None:
            return "ChangeZoneAll", [("ChangeType", valid_expression(selector)),
                                     ("Origin", ZONE_NAMES[selector.zone]), ("Destination", destination)]
        if isinstance(what, TargetSubject):
            zone = ZONE_NAMES[what.target.zone]
            implied = what.target.zone if what.target.zone != "stack" else None
            fizzle: Params = [("Fizzle", "True")] if what.target.zone == "stack" else []
            # ChangeZoneEffect moves a spell's card but leaves its stack instance to resolve unless
            # Fizzle$ True removes it (Unsubstantiate, Venser, Shaper Savant do the same)
            return "ChangeZone", [*self.target(what.target, implied_zone=implied),
                                  ("Origin", zone), ("Destination", destination), *fizzle]
        if what == "self":
            origin = "Stack" if self.builder.host == "spell" else "Battlefield"
            return "ChangeZone", [("Origin", origin), ("Destination", destination)]
        return "ChangeZone", [*self.defined(what), ("Destination", destination)]

    def _Exile(self, e: Exile) -> tuple[str, Params]:
        return self._zone_change(e.what, "Exile")

    def _Bounce(self, e: Bounce) -> tuple[str, Params]:
        return self._zone_change(e.what, "Hand")

    def _ReturnCard(self, e: ReturnCard) -> tuple[str, Params]:
        destination = ZONE_NAMES[e.to]
        what = e.what
        if isinstance(what, RefSubject) and (what.filter is not None or what.choose is not None):
            api, params = self._hidden_return(what, destination)
        elif isinstance(what, TargetSubject):
            api = "ChangeZone"
            params = [*self.target(what.target, implied_zone=what.target.zone),
                      ("Origin", ZONE_NAMES[what.target.zone]), ("Destination", destination)]
        elif isinstance(what, RefSubject):
            source, chain = self._find(what.ref)
            origin = _zone_after(chain.steps[source].effect)
            api = "ChangeZone"
            params = [*self.defined(what), *([("Origin", origin)] if origin else []), ("Destination", destination)]
        else:
            raise RenderError("FG101", "return_card needs a target or a reference")
        if e.under == "you" and e.to == "battlefield":
            params.append(("GainControl", "True"))
        if len(e.counters) > 1:
            raise RenderError("FG101", "returning with more than one kind of counter has no Forge form here")
        for counter in e.counters:
            params.append(("WithCountersType", COUNTERS[counter.counter]))
            if counter.amount != 1:
                params.append(("WithCountersAmount", str(counter.amount)))
        return api, params

    def _hidden_return(self, what: RefSubject, destination: str) -> tuple[str, Params]:
        """"Return a creature card put into your graveyard this way": choose among remembered cards."""
        source, chain = self._find(what.ref)
        if chain is not self.state or what.relation != "it":
            raise RenderError("FG101", "a filtered reference must point into the same chain")
        if not self._remembers(chain.steps[source].effect):
            raise RenderError("FG101", f"{what.ref!r} does not move objects, so 'cards put ... this way' has no "
                                       "Forge form")
        self._remember(source, chain)
        selector = what.filter or ObjectFilter()
        # "a creature card put into your graveyard this way": a token that died stays in the graveyard
        # until state-based actions, and IsRemembered still names it, so cards are asked for explicitly
        # (Forge's own Starfall Invocation: Creature.!Token+IsRemembered+YouOwn)
        extra = ("IsRemembered",) if selector.token is not None or selector.zone == "battlefield" else (
            "!Token", "IsRemembered")
        params: Params = [("ChangeType", valid_expression(selector, extra=extra))]
        if what.choose is not None and what.choose != 1:
            params.append(("ChangeNum", str(what.choose)))
        if what.choose is None:
            raise RenderError("FG101", "a filtered reference without `choose` has no Forge form here")
        params += [("Hidden", "True"), ("Mandatory", "True"), ("Origin", ZONE_NAMES[selector.zone]),
                   ("Destination", destination)]
        return "ChangeZone", params

    def _CounterSpell(self, e: CounterSpell) -> tuple[str, Params]:
        if not isinstance(e.what, TargetSubject) or e.what.target.zone != "stack":
            raise RenderError("FG101", "counter needs a target on the stack")
        return "Counter", [("TargetType", "Spell"), *self.target(e.what.target, implied_zone="stack")]

    def _CreateToken(self, e: CreateToken) -> tuple[str, Params]:
        params: Params = []
        if e.amount != 1:
            params.append(("TokenAmount", str(e.amount)))
        try:
            params.append(("TokenScript", token_script(e.token)))
        except ValueError as error:
            raise RenderError("FG101", str(error)) from None
        if e.controller != "you":
            params.append(("TokenOwner", PLAYER_WORDS[e.controller]))
        if e.tapped:
            params.append(("TokenTapped", "True"))
        return "Token", params

    def _TokenCopy(self, e: TokenCopy) -> tuple[str, Params]:
        params = self.defined(e.of)
        if e.amount != 1:
            params.append(("NumCopies", str(e.amount)))
        if e.set_pt:
            power, toughness = e.set_pt.split("/")
            params += [("SetPower", power), ("SetToughness", toughness)]
        return "CopyPermanent", params

    def _pump(self, what: object, extra: Params, duration: str) -> tuple[str, Params]:
        timing = [("Duration", "UntilYourNextTurn")] if duration == "until_your_next_turn" else []
        if (selector := self._all_or(what)) is not None:
            return "PumpAll", [("ValidCards", valid_expression(selector)), *extra, *timing]
        if isinstance(what, str) and what in PLAYER_WORDS:
            return "Pump", [("Defined", PLAYER_WORDS[what]), *extra, *timing]
        return "Pump", [*self.defined(what), *extra, *timing]

    def _Pump(self, e: Pump) -> tuple[str, Params]:
        extra: Params = []
        if e.power:
            extra.append(("NumAtt", _signed(e.power)))
        if e.toughness:
            extra.append(("NumDef", _signed(e.toughness)))
        return self._pump(e.what, extra, e.duration)

    def _GainKeyword(self, e: GainKeyword) -> tuple[str, Params]:
        return self._pump(e.what, [("KW", " & ".join(KEYWORDS[k] for k in e.keywords))], e.duration)

    def _Protection(self, e: Protection) -> tuple[str, Params]:
        return self._pump(e.what, [("KW", PROTECTION_EVERYTHING)], e.duration)

    def _LifeCantChange(self, e: LifeCantChange) -> tuple[str, Params]:
        """An Effect carrying Forge's `CantChangeLife` static (rule 119.7-8: no gain, no loss, no paying)."""
        if not (isinstance(e.who, str) and e.who in PLAYER_GROUPS):
            raise RenderError("FG101", "life_cant_change applies to you, each player or each opponent")
        name = self.builder.svar_name("STCantChangeLife")
        self.builder.deferred.append(SVarLine(name, [("Mode", "CantChangeLife"), ("ValidPlayer", PLAYER_GROUPS[e.who]),
                                                    ("Description", "Life totals can't change.")]))
        timing = [("Duration", "UntilYourNextTurn")] if e.duration == "until_your_next_turn" else []
        return "Effect", [("StaticAbilities", name), *timing]

    def _PutCounters(self, e: PutCounters) -> tuple[str, Params]:
        extra: Params = [("CounterType", COUNTERS[e.counter])]
        if e.amount != 1:
            extra.append(("CounterNum", str(e.amount)))
        if (selector := self._all_or(e.what)) is not None:
            return "PutCounterAll", [("ValidCards", valid_expression(selector)), *extra]
        return "PutCounter", [*self.defined(e.what), *extra]

    def _Untap(self, e: Untap) -> tuple[str, Params]:
        if (selector := self._all_or(e.what)) is not None:
            return "UntapAll", [("ValidCards", valid_expression(selector))]
        return "Untap", self.defined(e.what)

    def _Tap(self, e: Tap) -> tuple[str, Params]:
        if (selector := self._all_or(e.what)) is not None:
            return "TapAll", [("ValidCards", valid_expression(selector))]
        return "Tap", self.defined(e.what)

    def _Fight(self, e: Fight) -> tuple[str, Params]:
        if isinstance(e.what, TargetSubject) or not isinstance(e.other, TargetSubject):
            raise RenderError("FG101", "fight is written as `what` (not a target) fighting `other` (a target)")
        fighter = [("Defined", "Self")] if e.what == "self" else self.defined(e.what)
        return "Fight", [*fighter, *self.target(e.other.target)]

    def _Sacrifice(self, e: Sacrifice) -> tuple[str, Params]:
        extra = ("greatestPowerControlledByTargeted",) if e.choice == "greatest_power" else ()
        if extra and not isinstance(e.who, TargetSubject):
            raise RenderError("FG101", "'the greatest power' is written for a targeted player only")
        params = [*self.defined(e.who, player=True), ("SacValid", valid_expression(e.filter, extra=extra)),
                  ("SacMessage", sacrifice_message(e.filter, greatest_power=bool(extra)))]
        if e.amount != 1:
            params.append(("Amount", str(e.amount)))
        return "Sacrifice", params

    def _RevealAndExile(self, e: RevealAndExile) -> tuple[str, Params]:
        if e.filter.zone != "hand":
            raise RenderError("FG101", "reveal_and_exile chooses from the hand")
        params: Params = [("Origin", "Hand"), ("Destination", "Exile")]
        if isinstance(e.who, TargetSubject):
            params += [("DefinedPlayer", "Targeted"), *self.target(e.who.target)]
        elif isinstance(e.who, str) and e.who in PLAYER_WORDS:
            params.append(("DefinedPlayer", PLAYER_WORDS[e.who]))
        else:
            raise RenderError("FG101", "reveal_and_exile needs a player")
        params += [("Chooser", "You"), ("ChangeType", valid_expression(e.filter))]
        if e.amount != 1:
            params.append(("ChangeNum", str(e.amount)))
        if isinstance(e.who, TargetSubject):
            params.append(("IsCurse", "True"))  # ChangeZoneAi: the targeted player is hurt, not helped
        params.append(("Mandatory", "True"))
        return "ChangeZone", params

    def _MayCastFromExile(self, e: MayCastFromExile) -> tuple[str, Params]:
        if not isinstance(e.what, RefSubject):
            raise RenderError("FG101", "may_cast_from_exile refers to an earlier effect's card")
        remembered = self._ref_defined(e.what)
        static_name = self.builder.svar_name("STPlay")
        static: Params = [("Mode", "Continuous"), ("MayPlay", "True")]
        if e.any_mana:
            static.append(("MayPlayIgnoreType", "True"))
        static += [("Affected", "Card.IsRemembered+nonLand"), ("AffectedZone", "Exile"),
                   ("Description", "You may cast that card" + (" and you may spend mana as though it were mana "
                                                               "of any type to cast it." if e.any_mana else "."))]
        self.builder.deferred.append(SVarLine(static_name, static))
        return "Effect", [("StaticAbilities", static_name), ("RememberObjects", remembered),
                          ("Duration", "Permanent"), ("ForgetOnMoved", "Exile")]

    def _Attach(self, e: Attach) -> tuple[str, Params]:
        params: Params = [] if e.what == "self" else [("Object", self.defined(e.what)[0][1])]
        return "Attach", [*params, *self.defined(e.to)]

    def _PhaseOut(self, e: PhaseOut) -> tuple[str, Params]:
        return "Phases", self.defined(e.what)

    def _CantCastSpells(self, e: CantCastSpells) -> tuple[str, Params]:
        if not (isinstance(e.who, str) and e.who in PLAYER_GROUPS):
            raise RenderError("FG101", "cant_cast_spells applies to you, each player or each opponent")
        caster = PLAYER_GROUPS[e.who]
        name = self.builder.svar_name("STCantBeCast")
        self.builder.deferred.append(SVarLine(name, [("Mode", "CantBeCast"), ("ValidCard", "Card"),
                                                  ("Caster", caster),
                                                  ("Description", "Spells can't be cast.")]))
        timing = [("Duration", "UntilYourNextTurn")] if e.duration == "until_your_next_turn" else []
        return "Effect", [("StaticAbilities", name), *timing]

    def _DelayedTrigger(self, e: DelayedTrigger) -> tuple[str, Params]:
        inner_refs = [ref for inner in e.effects for ref in refs_of(inner)]
        handover: Params = []
        delayed_remember = None
        outer_ids = {ref.ref for ref in inner_refs if ref.ref not in {x.id for x in e.effects if x.id}}
        if len(outer_ids) > 1:
            raise RenderError("FG101", "a delayed trigger can carry one earlier object")
        if outer_ids:
            (identifier,) = outer_ids
            source, chain = self._find(identifier)
            if self._remembers(chain.steps[source].effect):
                self._remember(source, chain)
                handover = [("RememberObjects", "RememberedLKI")]
                delayed_remember = "DelayTriggerRememberedLKI"
            elif chain.nodes[source].has_targets and self._nearest_targeting() == source:
                handover = [("RememberObjects", "Targeted")]
                delayed_remember = "DelayTriggerRemembered"
            else:
                raise RenderError("FG101", f"the delayed trigger cannot reach what {identifier!r} acted on")
        steps = plan_steps(list(e.effects), [None] * len(e.effects), [self.step.group] * len(e.effects))
        execute = self.builder.svar_name("Trig" + api_stem(steps[0].effect))
        inner_state = ChainState(steps=steps, outer=self.state, delayed_remember=delayed_remember)
        nodes = []
        for index, step in enumerate(steps):
            writer = EffectWriter(self.builder, step, inner_state, index)
            node = Node(step, writer.write(), has_targets=writer.has_targets)
            if node.has_targets:
                raise RenderError("FG101", "a delayed trigger's effects cannot choose new targets here")
            inner_state.nodes.append(node)
            nodes.append(node)
        names = [execute] + [self.builder.svar_name("DB" + n.params[0][1]) for n in nodes[1:]]
        for position, node in enumerate(nodes):
            params = list(node.params)
            if position + 1 < len(nodes):
                params.append(("SubAbility", names[position + 1]))
            self.builder.deferred.append(SVarLine(names[position], params))
        return "DelayedTrigger", [("Mode", "Phase"), ("Phase", "End of Turn"), ("Execute", execute), *handover]


def _zone_after(effect: Effect) -> str | None:
    """Where an effect put the object it moved (the `Origin$` of a later move of that object)."""
    if isinstance(effect, ReturnCard):
        return ZONE_NAMES[effect.to]
    if isinstance(effect, Exile | RevealAndExile):
        return "Exile"
    if isinstance(effect, Bounce):
        return "Hand"
    if isinstance(effect, Destroy):
        return "Graveyard"
    return None


