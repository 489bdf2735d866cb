"""One spec effect -> one Forge ability (API and parameters): the engine's kit for writing an effect.

The form of each effect kind lives in its construct module (`cardgen/vocab/effects/<kind>.py`, section
`Forge`); the writer finds it through `cardgen.vocab` and hands itself in, so the construct writes its
parameters with the generic pieces kept here: subjects become `ValidTgts$` (targets, with promise-gated
`TargetMin$`/`TargetMax$` counts), `Defined$` (words, "all", and references to what an earlier effect acted
on) or nothing at all where Forge's default says it (Self for objects, You for players). Conditions on the
promise and checks on a referenced object are added last, for every kind alike. What it reads of a
construct is its `ForgeEffect` group (`write`, `remembers`, `remember_param`, `moves_to`) and a subject's
`ForgeSubject` (`defined`, `default`), documented in `cardgen.vocab.construct`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen import vocab
from cardgen.engines.forge import api_forms
from cardgen.engines.forge.chain import (
    ChainState,
    Node,
    RenderError,
    Step,
    api_stem,
    plan_steps,
    refs_of,
    targets_of,
)
from cardgen.engines.forge.hints import target_prompt
from cardgen.engines.forge.kit import TARGET_PLAYERS, ZONE_NAMES, ForgeKit
from cardgen.engines.forge.script import Ability, Static, SVar
from cardgen.engines.forge.syntax import GIFT_TESTS, Params
from cardgen.engines.forge.valid import valid_expression
from cardgen.model.card import AllSubject, Effect, ObjectFilter, RefSubject, Target, TargetSubject
from cardgen.vocab import subject as vocab_subject

if TYPE_CHECKING:
    from cardgen.engines.forge.build import ScriptBuilder


class EffectWriter(ForgeKit):
    """Writes one effect as one Forge ability (API plus parameters)."""

    def __init__(self, builder: ScriptBuilder, step: Step, state: ChainState, index: int) -> None:
        self.builder = builder
        self.step = step
        self.effect = step.effect
        self.state = state
        self.index = index
        self.has_targets = bool(targets_of(step.effect))
        self.remembers = False
        self.lead: tuple[str, Params] | None = None
        """An ability written before this one that only holds a target of the effect (`hold_target`)."""

    def amount_svar(self, expression: str) -> str:
        return self.builder.amount_svar(expression)

    @property
    def host(self) -> str:
        """`spell` (the ability resolves from the stack) or `permanent`."""
        return self.builder.host

    # ---------------------------------------------------------------------------------- subjects
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
            # a spell as the target of an effect that does not imply the stack, as Forge writes it (Reprieve)
            params = [("ValidTgts", valid_expression(target, extra=("inZoneStack",), any_object="Card")),
                      ("TgtZone", "Stack")]
        else:
            params = [("ValidTgts", valid_expression(target))]
            if target.zone != "battlefield" and target.zone != implied_zone:
                params.append(("TgtZone", ZONE_NAMES[target.zone]))
        prompt = target_prompt(target)
        if prompt is not None and target.other_target and prompt.startswith("Select target "):
            prompt = "Select another target " + prompt[len("Select target "):]  # as Forge's own scripts say it
        if prompt is not None:
            params.append(("TgtPrompt", prompt))
        if target.other_target:  # another target than the earlier abilities' of the chain (601.2c)
            params.append(("TargetUnique", "True"))
        (pmin, pmax), (nmin, nmax) = self._ranges(target)
        params += self._count_param("TargetMin", pmin, nmin)
        params += self._count_param("TargetMax", pmax, nmax)
        if target.different_controllers:  # AbilityFactory.readTarget: TargetRestrictions.setDifferentControllers
            params.append(("TargetsWithDifferentControllers", "True"))
        return params

    def hold_target(self, target: Target, hints: Params | None = None) -> str:
        """Forge's form for an effect with two object targets whose API takes one (`Fight`, `DealDamage`
        from another source): a parent `Pump` without changes holds the first target (`ValidTgts$`, plus the
        AI hints Forge's own scripts put there, `AILogic$ Fight` or `PowerDmg`: PumpAi.checkApiLogic treats
        either as a fight's pump, not a boost), and the effect names it `ParentTarget`
        (AbilityUtils.getDefinedCards: the targets of the parent ability). Forge's own Prey Upon and Rabid
        Bite are written so. Returns the `Defined$` word for the held target."""
        if self.lead is not None:
            raise RenderError("FG101", "an effect holds at most one target in a parent ability")
        self.lead = ("Pump", [*self.target(target), *(hints or [])])
        return "ParentTarget"

    def ref_defined(self, ref: RefSubject, player: bool = False) -> str:
        """The `Defined$` value that reaches what effect `ref.ref` acted on."""
        if ref.filter is not None or ref.choose is not None:
            raise RenderError("FG101", f"a filtered reference to {ref.ref!r} has a Forge form only when "
                                       "choosing among the cards an earlier effect moved")
        state = self.state
        source, chain = self.find(ref.ref)
        if chain is not state:  # inside a delayed trigger, pointing out of it
            if ref.relation != "it":
                raise RenderError("FG101", "a delayed trigger can refer only to the object itself")
            return state.delayed_remember or "DelayTriggerRememberedLKI"
        source_effect = chain.steps[source].effect
        source_node = chain.nodes[source]
        if ref.relation == "controller" and self.moved_to(source_effect) not in (None, "Battlefield") \
                and source_node.has_targets and self.remembers_objects(source_effect):
            # the controller of an object the earlier ability moved off the battlefield, as it last existed
            # there (608.2h): its last known information remembered (`RememberLKI$`, ChangeZoneEffect), as
            # Forge's own Season of the Burrow writes "Exile target nonland permanent. Its controller draws a card."
            self.remember(source, chain, param="RememberLKI")
            return "RememberedController"
        if ref.relation != "it":
            if not source_node.has_targets or self.nearest_targeting() != source:
                raise RenderError("FG101", f"'{ref.relation} of' {ref.ref!r} needs {ref.ref!r} to be the "
                                           "nearest earlier effect with a target")
            if self.has_targets:
                raise RenderError("FG101", "an effect with its own target cannot also name the controller of "
                                           "an earlier target")
            return "TargetedController" if ref.relation == "controller" else "TargetedOwner"
        if self.remembers_objects(source_effect):
            self.remember(source, chain)
            return "Remembered"
        if source_node.has_targets and self.nearest_targeting() == source:
            if player:
                return "TargetedPlayer"
            return "ParentTarget" if self.has_targets else "Targeted"
        raise RenderError("FG101", f"no Forge form reaches what {ref.ref!r} acted on from here (it must be the "
                                   "nearest earlier effect with a target, or move the object)")

    def find(self, identifier: str) -> tuple[int, ChainState]:
        """The position (and chain) of the earlier effect named `identifier`. An "instead" split into two
        abilities carries the id twice; such an id is reachable only through the remembered list."""
        chain: ChainState | None = self.state
        group = self.step.group
        while chain is not None:
            positions = [position for position, step in enumerate(chain.steps[: len(chain.nodes)])
                         if step.effect.id == identifier and step.group == group]
            if positions:
                if len(positions) > 1:
                    if not all(self.remembers_objects(chain.steps[p].effect) for p in positions):
                        raise RenderError("FG101", f"{identifier!r} names both sides of an 'instead'; Forge can "
                                                   "refer to it only when it moves the object")
                    for position in positions[1:]:
                        self.remember(position, chain)
                return positions[0], chain
            chain = chain.outer
        raise RenderError("FG101", f"reference {identifier!r} does not name an earlier effect")

    def nearest_targeting(self) -> int | None:
        for position in range(len(self.state.nodes) - 1, -1, -1):
            if self.state.nodes[position].has_targets:
                return position
        return None

    @staticmethod
    def remembers_objects(effect: Effect) -> bool:
        """True when later effects reach what `effect` acted on through the remembered list."""
        declared = vocab.of(effect).forge.remembers
        return bool(declared(effect) if callable(declared) else declared)

    @staticmethod
    def moved_to(effect: Effect) -> str | None:
        """Where an effect put the object it moved (Forge's zone name), None when it moves nothing."""
        declared = vocab.of(effect).forge.moves_to
        zone = declared(effect) if callable(declared) else declared
        return ZONE_NAMES[zone] if zone is not None else None

    @staticmethod
    def remember(source: int, chain: ChainState, param: str | None = None) -> None:
        """Make the ability at `source` put what it acted on on the chain's remembered list (`param`: the
        parameter that does, when not its construct's `remember_param`)."""
        identifier = chain.steps[source].effect.id
        if chain.remembered_by not in (None, identifier):
            raise RenderError("FG101", "two effects of one chain are referred to as moved objects; Forge keeps "
                                       "one remembered list per chain")
        chain.remembered_by = identifier
        node = chain.nodes[source]
        if not node.remembers:
            node.remembers = True
            key = param or vocab.of(chain.steps[source].effect).forge.remember_param
            node.params.append((key, "True"))

    def defined(self, subject: object, player: bool = False) -> Params:
        """`Defined$` (or targets) for a subject, as its construct spells it (`forge.defined` of
        `cardgen.vocab.subject`: a hook for a shape, the value for a word); the word Forge assumes where
        `Defined$` is left out (`forge.default`: You for a player, Self for an object) is left out."""
        construct = vocab_subject.of(subject)
        spelled = construct.forge.defined if construct is not None else None
        if construct is None or spelled is None:
            raise RenderError("FG101", f"unknown subject {subject!r}")
        if callable(spelled):
            return spelled(self, subject, player)
        return [] if construct.forge.default == ("player" if player else "object") else [("Defined", spelled)]

    @staticmethod
    def all_of(subject: object) -> ObjectFilter | None:
        """The selector of an "all ..." subject (the `...All` APIs), None for any other subject."""
        return subject.all if isinstance(subject, AllSubject) else None

    # ------------------------------------------------------------------------------- shared forms
    def zone_change(self, what: object, destination: str) -> tuple[str, Params]:
        """`ChangeZone` (or `ChangeZoneAll`) of `what` to Forge zone `destination`, from where it is."""
        if (selector := self.all_of(what)) is not None:
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
            origin = "Stack" if self.host == "spell" else "Battlefield"
            return "ChangeZone", [("Origin", origin), ("Destination", destination)]
        return "ChangeZone", [*self.defined(what), ("Destination", destination)]

    def pump_ability(self, what: object, extra: Params, duration: str) -> tuple[str, Params]:
        """`Pump` (or `PumpAll`) of `what` with the given parameters, for the duration."""
        timing = self.timing(duration)
        if (selector := self.all_of(what)) is not None:
            return "PumpAll", [("ValidCards", valid_expression(selector)), *extra, *timing]
        if (player := self.player_word(what)) is not None:
            return "Pump", [("Defined", player), *extra, *timing]
        return "Pump", [*self.defined(what), *extra, *timing]

    def defer_static(self, stem: str, mode: str, params: Params, description: str) -> str:
        """A static ability the ability names (`StaticAbilities$` of an Effect), as an SVar written after the
        chain: `SVar:<name>:Mode$ <mode> | <params> | Description$ <description>`. Its name."""
        name = self.builder.svar_name(stem)
        self.builder.deferred.append(SVar(name, Static(mode, params, description)))
        return name

    def hand_over(self, effects: list[Effect]) -> tuple[Params, str | None]:
        """How a delayed trigger made here carries the one earlier object its `effects` refer to: the
        `RememberObjects$` of the trigger and the `Defined$` word its effects then use (or none)."""
        inner_refs = [ref for inner in effects for ref in refs_of(inner)]
        outer_ids = {ref.ref for ref in inner_refs if ref.ref not in {x.id for x in effects if x.id}}
        if len(outer_ids) > 1:
            raise RenderError("FG101", "a delayed trigger can carry one earlier object")
        if not outer_ids:
            return [], None
        (identifier,) = outer_ids
        source, chain = self.find(identifier)
        if self.remembers_objects(chain.steps[source].effect):
            self.remember(source, chain)
            return [("RememberObjects", "RememberedLKI")], "DelayTriggerRememberedLKI"
        if chain.nodes[source].has_targets and self.nearest_targeting() == source:
            return [("RememberObjects", "Targeted")], "DelayTriggerRemembered"
        raise RenderError("FG101", f"the delayed trigger cannot reach what {identifier!r} acted on")

    def sub_chain(self, effects: list[Effect], stem: str, delayed_remember: str | None) -> str:
        """Write `effects` as a chain of SVars of their own (a delayed trigger's `Execute$`); its first name.
        Its effects choose no new targets and reach earlier objects through `delayed_remember`."""
        steps = plan_steps(list(effects), [None] * len(effects), [self.step.group] * len(effects))
        execute = self.builder.svar_name(stem + api_stem(steps[0].effect))
        inner_state = ChainState(steps=steps, outer=self.state, delayed_remember=delayed_remember)
        nodes = []
        for index, step in enumerate(steps):
            writer = EffectWriter(self.builder, step, inner_state, index)
            node = Node(step, *writer.write(), has_targets=writer.has_targets)
            if node.has_targets or writer.lead is not None:
                raise RenderError("FG101", "a delayed trigger's effects cannot choose new targets here")
            inner_state.nodes.append(node)
            nodes.append(node)
        names = [execute] + [self.builder.svar_name("DB" + n.api) for n in nodes[1:]]
        for position, node in enumerate(nodes):
            ability = Ability("DB", node.api, list(node.params))
            if position + 1 < len(nodes):
                ability.sub_ability = names[position + 1]
            self.builder.deferred.append(SVar(names[position], ability))
        return execute

    def mode_chain(self, effects: list[Effect], text: str, prefix: Params) -> str:
        """Write one mode of a modal ability (`Charm`'s `Choices$`) as a chain of SVars of its own, which
        chooses its own targets: its first name. The mode's text goes on its first ability
        (`SpellDescription$`, the line Forge lists for the mode), after `prefix` (`Pawprint$`)."""
        steps = plan_steps(list(effects), [text, *[None] * (len(effects) - 1)])
        name = self.builder.svar_name("DB" + api_stem(steps[0].effect))
        self.builder._chain(steps, root_kind="DB", stem="DB", prefix=prefix, root_name=name)
        return name

    # ------------------------------------------------------------------------------------ conditions
    def conditions(self) -> Params:
        effect, step = self.effect, self.step
        condition = effect.condition
        if step.gate and not self.has_targets:
            condition = step.gate
        if condition == "promised" and any(t.only_if_promised for t in targets_of(effect)):
            condition = None  # no target chosen unless promised: the ability does nothing anyway
        params: Params = []
        if effect.only_if is not None:
            source, chain = self.find(effect.only_if.ref)
            if chain is not self.state:
                raise RenderError("FG101", "a check on an object outside the delayed trigger has no Forge form")
            defined = self.ref_defined(RefSubject(ref=effect.only_if.ref))
            checked = chain.steps[source].effect
            fields = vocab.subjects(checked)
            power = effect.only_if.matches.max_power
            if power is not None and effect.only_if.matches == ObjectFilter(max_power=power) and fields \
                    and isinstance(getattr(checked, fields[0], None), TargetSubject):
                # "if that creature had power 2 or less": the target as it last existed (608.2h), which
                # `Targeted` gives (AbilityUtils.getDefinedCards: getChangeZoneLKIInfo), as Forge's own
                # Driftgloom Coyote says it; `Remembered` would be the card where it went
                defined = "Targeted"
            params.append(("ConditionDefined", defined))
            params.append(("ConditionPresent", valid_expression(effect.only_if.matches, any_object="Card")))
            if condition is not None:
                params[0:0] = [("ConditionCheckSVar", self.builder.count_svar(1, 0))]
                if (default_compare := vocab.condition(condition).forge.default_compare) is not None:
                    params.insert(1, ("ConditionSVarCompare", default_compare))
            return params
        if condition is None:
            return params
        construct = vocab.condition(condition)
        if construct.forge.effect_check is not None:  # a condition on the game, checked as the effect resolves
            return construct.forge.effect_check(self, condition)
        compare = construct.forge.compare
        if compare is None:
            raise RenderError("FG101", f"the condition 'if {construct.text.words}' on an effect "
                                       "has no Forge form here")
        if self.state.outer is not None:
            raise RenderError("FG101", "a gift condition inside a delayed trigger has no Forge form; put the "
                                       "condition on the delayed trigger")
        return [*GIFT_TESTS[self.builder.host], ("ConditionCompare", compare)]

    def inner(self, effect: Effect) -> tuple[str, Params]:
        """`effect`, one an effect of this one holds, written as this ability in its place (its conditions
        are the holder's): the API and parameters of its own form. It may choose no target here."""
        if targets_of(effect):
            raise RenderError("FG101", "an effect held by another chooses no target in Forge's form here")
        forge = vocab.of(effect).forge
        if forge.api is not None:
            return api_forms.write(self, forge.api, effect)
        if forge.write is not None:
            return forge.write(self, effect)
        raise RenderError("FG101", f"effect {vocab.of(effect).kind!r} has no Forge form")

    # ------------------------------------------------------------------------------------ dispatch
    def write(self) -> tuple[str, Params]:
        """The API and the parameters of the ability (its conditions last)."""
        effect = self.effect
        forge = vocab.of(effect).forge
        if forge.api is not None:
            api, params = api_forms.write(self, forge.api, effect)
        elif forge.write is not None:
            api, params = forge.write(self, effect)
        else:
            raise RenderError("FG101", f"effect {vocab.of(effect).kind!r} has no Forge form")
        return api, [*params, *self.conditions()]
