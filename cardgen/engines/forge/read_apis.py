"""Forge abilities -> spec effects: the engine's kit for reading one ability, and the dispatch by API.

The mapping back of each effect kind lives in its construct module (`cardgen/vocab/effects/<kind>.py`,
section `Forge`), which declares the Forge API(s) it reads; the reader finds the construct by API name and
hands itself in. A handler takes the parameters it understands from the ability's `Bag`; whatever is left
that is not known to be meaningless (descriptions, prompts, AI hints) is reported. Subjects come from
`ValidTgts$` (targets, with promise-dependent counts kept as pairs), `Defined$` (words, `Valid ...`,
references such as `Targeted`, `ParentTarget`, `TargetedController`, `Remembered`) or the API's default.

What it reads of a construct is its `ForgeEffect` group (`cardgen.vocab.construct`): `reads` (API ->
reader), `read_pump`, `read_keyword`, `read_static`. Several constructs may read one API (`ChangeZone`
moves objects for four kinds): each looks at the parameters without taking them (`bag.peek`,
`r.zone_change()`) and returns None for an ability that is not its own. They are asked in the registry's
order (sorted kind names), the first answer wins, and their claims are written to be disjoint, so the order
decides nothing; an ability no construct claims is FG203.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardgen import vocab
from cardgen.engines.forge import api_forms
from cardgen.engines.forge.counts import CountError, Pair, compare, evaluate
from cardgen.engines.forge.read_model import (
    DEFAULT_DURATION,
    OBJECT_DEFINED,
    PLAYER_DEFINED,
    TARGET_PLAYERS,
    ZONES,
    Bag,
    Chain,
    ReadError,
    ReadKit,
    ReadNode,
    condition_holding,
)
from cardgen.engines.forge.syntax import GIFT_TESTS_READ, undescribe
from cardgen.vocab.construct import ForgeRead

_REMEMBER_PARAMS = ("RememberLKI", "RememberTargets",
                    *sorted({construct.forge.remember_param for construct in vocab.EFFECTS.values()}))
"""The parameters that make an API remember what it acted on: each effect construct's `remember_param`
(RememberChanged, RememberDestroyed, RememberChosen, ...), a targeting ability's RememberTargets, and a zone
change's RememberLKI (the moved cards as they last existed)."""

if TYPE_CHECKING:
    from cardgen.engines.forge.reader import ScriptReader


def _api_readers() -> dict[str, list[ForgeRead]]:
    """Forge API -> the `forge.reads` readers of every construct that reads it, in the registry's order."""
    found: dict[str, list[ForgeRead]] = {}
    for construct in vocab.EFFECTS.values():
        form = construct.forge.api
        declared = api_forms.readers(construct.kind, form) if form is not None else {}
        for api, read in {**declared, **construct.forge.reads}.items():
            found.setdefault(api, []).append(read)
    return found


API_READERS: dict[str, list[ForgeRead]] = _api_readers()
"""Forge API -> the readers of the constructs that read it."""
_FORGE = [construct.forge for construct in vocab.EFFECTS.values()]
PUMP_PARTS = [forge.read_pump for forge in _FORGE if forge.read_pump is not None]
KEYWORD_CLAIMS = [forge.read_keyword for forge in _FORGE if forge.read_keyword is not None]
STATIC_CLAIMS = [forge.read_static for forge in _FORGE if forge.read_static is not None]
WRAPS = [forge.wraps for forge in _FORGE if forge.wraps is not None]
_PUMP_DOES = ("NumAtt", "NumDef", "KW", "Defined", "ValidTgts")
"""The parameters of a Pump that does something: without them it is an empty ability."""


@dataclass
class Move:
    """What a `ChangeZone`/`ChangeZoneAll` ability says about the move, read once for every claim, in the
    order Forge's parameters were always read (so diagnostics do not depend on which construct claims it)."""

    origin: str | None
    destination: str
    hidden: bool
    """A choice among cards in a zone (`ChangeType$` on a ChangeZone), not a move of known objects; a hidden
    move's objects, control and counters are left to the construct that claims it."""
    objects: list[Any]
    """The subjects moved (targets, `Defined$`, the card itself; the "all" subject of a ChangeZoneAll)."""
    under: str = "owner"
    """`you` with `GainControl$ True` on a move of known objects."""
    counters: list[dict[str, Any]] = field(default_factory=list)
    """`WithCountersType$`/`WithCountersAmount$` of a move of known objects, as spec counters."""


class NodeReader(ReadKit):
    """Reads one ability line of a chain into `node`, through the read hooks of the constructs."""

    def __init__(self, reader: ScriptReader, chain: Chain, node: ReadNode, bag: Bag) -> None:
        self.reader = reader
        self.chain = chain
        self.node = node
        self.bag = bag
        self._move: Move | None = None

    def read(self) -> None:
        bag = self.bag
        api = bag.get("DB") or bag.get("SP") or bag.get("AB")
        if api is None:
            raise ReadError("FG200", f"{bag.where}: not an ability (DB$/SP$)")
        self.node.api = api
        description = bag.get("SpellDescription")
        if description is not None and description.strip():
            self.node.description = undescribe(description.strip(), self.reader.card_name)
        wraps = [wrap for hook in WRAPS if (wrap := hook(self)) is not None]
        # a Pump of nothing is the ability a wrapping cost gates ("you may forage" alone)
        empty = bool(wraps) and api == "Pump" and not any(bag.has(key) for key in _PUMP_DOES)
        effects = [] if empty else self._dispatch(api)
        for wrap in wraps:
            effects = wrap(effects)
        condition, only_if = self._conditions()
        for effect in effects:
            if condition:
                effect["condition"] = condition
            if only_if:
                effect["only_if"] = only_if
        for key in _REMEMBER_PARAMS:
            if bag.get(key) == "True":
                self.node.remembers = True
        self.node.effects = effects
        leftover = bag.leftover()
        if leftover:
            raise ReadError("FG201", f"{bag.where}: unknown parameters {', '.join(leftover)} on {api}")

    def _dispatch(self, api: str) -> list[dict[str, Any]]:
        if api == "Cleanup":
            return self._cleanup()
        if api == "DamageResolve":
            return self._damage_resolve()
        if api in ("Pump", "PumpAll"):
            return self._pump(self.subject(player=False, default="self") if api == "Pump"
                              else [self.all_of("ValidCards")])
        if api == "Effect":
            return self._effect()
        hooks = API_READERS.get(api)
        if not hooks:
            raise ReadError("FG202", f"the reader does not know API {api!r}")
        for hook in hooks:
            effects = hook(self)
            if effects is not None:
                return effects
        known = {key: value for key, value in self.bag.values.items() if key in ("Origin", "Destination")}
        where = " ".join(f"{key}$ {value}" for key, value in known.items())
        raise ReadError("FG203", f"{api}{' ' + where if where else ''} reads as no spec effect")

    # ------------------------------------------------------------------------------------- pieces
    def count(self, key: str, default: int) -> Pair:
        value = self.bag.get(key)
        if value is None:
            return default, default
        try:
            pair = evaluate(value, self.reader.svars)
        except CountError as error:
            raise ReadError("FG205", f"{key}$: {error}") from None
        self._use_svars(value)
        return pair

    def amount(self, key: str, default: int) -> Any:
        """The amount `key$` says, as spec data: a number, or a count SVar one of the amount kinds wrote
        (`vocab.amounts`: each kind's `forge.read` of the SVar's value); `default` when it is left out."""
        value = self.bag.get(key)
        if value is None:
            return default
        body = self.reader.svars.get(value)
        found = next((read for construct in vocab.AMOUNTS.values() if (text := body if construct.forge.svar else value)
                      is not None and (read := construct.forge.read(text)) is not None), None)
        if found is None:
            raise ReadError("FG205", f"{self.bag.where}: {key}$ {value} is not a number or a count the spec says")
        if body is not None:
            self._use_svars(value)
        return found

    def _use_svars(self, value: str) -> None:
        for name in re.findall(r"[A-Za-z][A-Za-z0-9]*", value):
            if name in self.reader.svars:
                self.reader.used_svars.add(name)
                self._use_svars(self.reader.svars[name])

    def targets(self, zone: str | None = None) -> dict[str, Any] | None:
        """The target of this ability (`ValidTgts$` ...), as a `{target: ...}` subject, or None."""
        valid = self.bag.get("ValidTgts")
        if valid is None:
            for key in ("TargetMin", "TargetMax", "TgtZone", "TargetType"):
                if self.bag.has(key) and key != "TargetType":
                    raise ReadError("FG201", f"{key}$ without ValidTgts$")
            return None
        tgt_zone = self.bag.get("TgtZone")
        target_type = self.bag.get("TargetType")
        if tgt_zone is not None:
            if tgt_zone not in ZONES:
                raise ReadError("FG203", f"TgtZone$ {tgt_zone}")
            zone = ZONES[tgt_zone]
        if target_type is not None:
            if target_type != "Spell":
                raise ReadError("FG203", f"TargetType$ {target_type}")
            zone = "stack"
        target: dict[str, Any]
        if valid in TARGET_PLAYERS:
            target = {"player": TARGET_PLAYERS[valid]}
        elif valid == "Any":
            target = {"any_target": True}
        else:
            parsed = self.valid(valid, zone or "battlefield", allowed={"inZoneStack"})
            if "inZoneStack" in parsed.flags:
                zone = "stack"
            target = {"zone": zone or "battlefield", **parsed.fields}
        if self.bag.get("TargetUnique") == "True":  # none of the parent abilities' targets (SpellAbility.canTarget)
            target["other_target"] = True
        if self.bag.get("TargetsWithDifferentControllers") == "True":  # no two targets with one controller
            target["different_controllers"] = True
        low = self.count("TargetMin", 1)
        high_default = self.bag.get("TargetMax")
        high = self.count("TargetMax", 1) if high_default is not None else (max(low[0], 1), max(low[1], 1))
        self.node.ranges = ((low[0], high[0]), (low[1], high[1]))
        self.node.target = target
        return {"target": target}

    def all_of(self, key: str, zone: str = "battlefield") -> dict[str, Any]:
        """An "all ..." subject from the valid expression of `key` (`ValidCards$`, `ChangeType$`)."""
        valid = self.bag.get(key)
        if valid is None:
            raise ReadError("FG201", f"{key}$ missing")
        parsed = self.valid(valid, zone)
        return {"all": {**({"zone": zone} if zone != "battlefield" else {}), **parsed.fields}}

    def defined(self, value: str, player: bool) -> list[Any]:
        """Subjects named by a `Defined$` value (`You & Valid Permanent.YouCtrl` is two)."""
        subjects = []
        for part in value.split("&"):
            subjects.append(self._one_defined(part.strip(), player))
        return subjects

    def _one_defined(self, value: str, player: bool) -> Any:
        if value in PLAYER_DEFINED:
            return PLAYER_DEFINED[value]
        if value in OBJECT_DEFINED:
            return OBJECT_DEFINED[value]
        if value.startswith("Valid "):
            parsed = self.valid(value[len("Valid "):])
            return {"all": parsed.fields}
        if value in ("Targeted", "TargetedPlayer", "ParentTarget", "TargetedCard"):
            start = len(self.chain.nodes) - (1 if value == "ParentTarget" else 1)
            for position in range(start, -1, -1):
                earlier = self.chain.nodes[position]
                if earlier.target is not None:
                    if earlier.holds:  # the parent only holds the target: the target is this ability's subject
                        earlier.held = True
                        return {"target": earlier.target}
                    return {"ref": self.reader.id_for(earlier)}
            raise ReadError("FG203", f"Defined$ {value}: no earlier ability has a target")
        if value in ("TargetedController", "TargetedOwner"):
            for position in range(len(self.chain.nodes) - 1, -1, -1):
                if self.chain.nodes[position].target is not None:
                    relation = "controller" if value == "TargetedController" else "owner"
                    return {"ref": self.reader.id_for(self.chain.nodes[position]), "relation": relation}
            raise ReadError("FG203", f"Defined$ {value}: no earlier ability has a target")
        if value in ("Remembered", "RememberedLKI"):
            return {"ref": self.reader.id_for(self.remembered())}
        if value == "RememberedController":  # the controller of what was remembered (its LKI with RememberLKI$)
            return {"ref": self.reader.id_for(self.remembered()), "relation": "controller"}
        if value in ("DelayTriggerRememberedLKI", "DelayTriggerRemembered"):
            outer = self.chain.outer
            if outer is None or self.chain.handover is None:
                raise ReadError("FG203", f"Defined$ {value} outside a delayed trigger that remembers")
            return {"ref": self.reader.id_for(outer.nodes[self.chain.handover])}
        raise ReadError("FG203", f"the reader does not know Defined$ {value}")

    def remembered(self, chain: Chain | None = None) -> ReadNode:
        """The latest ability of the chain that puts objects on Forge's remembered list."""
        chain = chain or self.chain
        for position in range(len(chain.nodes) - 1, -1, -1):
            if chain.nodes[position].remembers:
                return chain.nodes[position]
            if chain.nodes[position].api == "Cleanup":
                break  # the remembered list was cleared
        raise ReadError("FG203", "Remembered: no earlier ability remembers anything")

    def id_for(self, node: ReadNode) -> str:
        """The effect id of what an earlier ability acted on (created on first reference)."""
        return self.reader.id_for(node)

    def subject(self, player: bool, default: str | None, zone: str | None = None) -> list[Any]:
        """Targets, else `Defined$`, else the API's default (Self for objects, You for players)."""
        target = self.targets(zone)
        defined = self.bag.get("Defined")
        if target is not None:
            if defined is not None:
                raise ReadError("FG201", "both ValidTgts$ and Defined$ on one subject")
            return [target]
        if defined is not None:
            return self.defined(defined, player)
        if default is None:
            raise ReadError("FG201", "no ValidTgts$ or Defined$ and no default")
        return [default]

    # ------------------------------------------------------------------------------ shared forms
    def zone_change(self) -> Move:
        """What a ChangeZone says about the move (read once; every claim may ask)."""
        if self._move is not None:
            return self._move
        bag = self.bag
        origin_text = bag.get("Origin")
        destination_text = bag.get("Destination")
        if destination_text not in ZONES:
            raise ReadError("FG203", f"ChangeZone Destination$ {destination_text}")
        if origin_text is not None and origin_text not in ZONES:
            raise ReadError("FG203", f"ChangeZone Origin$ {origin_text} (several origins are not supported)")
        origin, destination = ZONES.get(origin_text or ""), ZONES[destination_text]
        if bag.has("ChangeType"):
            self._move = Move(origin, destination, hidden=True, objects=[])
            return self._move
        if origin == "stack" and bag.has("ValidTgts") and bag.get("Fizzle") != "True":
            # (the resolving spell moving itself, "Exile CARDNAME", needs no Fizzle: it is already resolving)
            raise ReadError("FG201", "ChangeZone from the stack without Fizzle$ True: ChangeZoneEffect moves the "
                                     "spell's card but leaves the spell on the stack, where it still resolves")
        objects = self.subject(player=False, default="self", zone=origin)
        under = "you" if bag.get("GainControl") == "True" else "owner"
        counters: list[dict[str, Any]] = []
        kind = bag.get("WithCountersType")
        amount = bag.take_int("WithCountersAmount", 1)
        if kind is not None:
            counter = self.counter_type(kind)
            if counter is None:
                raise ReadError("FG203", f"counter type {kind}")
            counters.append(self.with_amount({"counter": counter}, amount=amount, default=1))
        self._move = Move(origin, destination, hidden=False, objects=objects, under=under, counters=counters)
        return self._move

    def zone_change_all(self) -> Move:
        """What a ChangeZoneAll says about the move (read once; every claim may ask)."""
        if self._move is None:
            origin = ZONES.get(self.bag.get("Origin") or "")
            destination = ZONES.get(self.bag.get("Destination") or "")
            if origin is None or destination is None:
                raise ReadError("FG203", "ChangeZoneAll needs one Origin$ and one Destination$")
            self._move = Move(origin, destination, hidden=False, objects=[self.all_of("ChangeType", origin)])
        return self._move

    def damage_event(self, count: int) -> list[bool]:
        """For each of `count` effects of this damage ability: whether it is dealt in the same damage event as
        the damage before it. With `DamageMap$ True` the ability only records its damage in a map that a later
        `DamageResolve` deals all at once, so every damage ability after the opening one, up to the
        DamageResolve, is dealt in the same damage event."""
        opens = self.bag.get("DamageMap") == "True"
        if self.chain.damage_map:
            if opens:
                raise ReadError("FG201", "DamageMap$ True inside an open damage map")
            return [True] * count
        if opens:
            self.chain.damage_map = True
            return [False] + [True] * (count - 1)
        return [False] * count

    def self_id(self, effect: dict[str, Any]) -> str:
        """The id of an effect read here (created on first reference)."""
        if "id" not in effect:
            self.reader.ref_counter += 1
            effect["id"] = f"e{self.reader.ref_counter}"
        identifier: str = effect["id"]
        return identifier

    def sub_chain(self, execute: str, remembered: str | None) -> list[dict[str, Any]]:
        """The effects of the chain a delayed trigger starts at SVar `execute`, carrying the earlier object
        `RememberObjects$` names."""
        inner = Chain(outer=self.chain, host=self.chain.host)
        if remembered in ("RememberedLKI", "Remembered"):
            inner.handover = self.remembered().index
        elif remembered in ("Targeted", "ParentTarget"):
            for position in range(len(self.chain.nodes) - 1, -1, -1):
                if self.chain.nodes[position].target is not None:
                    inner.handover = position
                    break
            else:
                raise ReadError("FG203", "RememberObjects$ Targeted with no earlier target")
        elif remembered is not None:
            raise ReadError("FG203", f"RememberObjects$ {remembered}")
        self.reader.read_chain(self.reader.svar_params(execute), f"SVar:{execute}", inner)
        return [effect for node_effects, _ in self.reader.finish(inner) for effect in node_effects]

    def mode_chain(self, name: str) -> dict[str, Any]:
        """One mode of a `Charm` (`Choices$`): the chain at SVar `name`, read as a chain of its own (its
        targets its own), as `{text, effects}` with its `Pawprint$`."""
        params = self.reader.svar_params(name)
        pawprints = dict(params).get("Pawprint")
        params = [(key, value) for key, value in params if key != "Pawprint"]
        inner = Chain(host=self.chain.host)
        self.reader.read_chain(params, f"SVar:{name}", inner)
        groups = self.reader.finish(inner)
        text = next((text for _, text in groups if text), None)
        if text is None:
            raise ReadError("FG201", f"SVar:{name}: a mode of Charm without its SpellDescription$")
        mode: dict[str, Any] = {"text": text, "effects": [effect for effects, _ in groups for effect in effects]}
        if pawprints is not None:
            if not pawprints.isdigit():
                raise ReadError("FG201", f"SVar:{name}: Pawprint$ {pawprints}")
            mode["pawprints"] = int(pawprints)
        return mode

    def static_ability(self, name: str) -> Bag:
        """The parameters of the static ability SVar `name` an ability names."""
        return Bag(self.reader.svar_params(name), f"SVar:{name}")

    # ----------------------------------------------------------------------------------- conditions
    def _conditions(self) -> tuple[Any, dict[str, Any] | None]:
        bag = self.bag
        condition: Any = None
        only_if: dict[str, Any] | None = None
        present = bag.get("ConditionPresent")
        zone = bag.get("ConditionZone")
        defined = bag.get("ConditionDefined")
        compare_text = bag.get("ConditionCompare", "GE1") or "GE1"
        # a check a wrapping effect took is its own (`forge.wraps`: "if this is the second time ...")
        check = bag.get("ConditionCheckSVar") if "ConditionCheckSVar" not in bag.used else None
        if check is not None:
            svar_compare = bag.get("ConditionSVarCompare", "GE1") or "GE1"
            try:
                pair = evaluate(check, self.reader.svars)
                holds = compare(pair, svar_compare)
            except CountError as error:
                raise ReadError("FG205", f"ConditionCheckSVar$: {error}") from None
            self._use_svars(check)
            condition = self._side(holds)
        if present is not None:
            said = {key: value for key, value in (("ConditionZone", zone), ("ConditionDefined", defined),
                                                  ("ConditionPresent", present)) if value is not None}
            gift_test = any(said == dict(test) for test in GIFT_TESTS_READ)
            try:
                holds = compare((1, 0), compare_text)
            except CountError as error:
                raise ReadError("FG205", str(error)) from None
            if gift_test:
                if condition is not None:
                    raise ReadError("FG201", "two gift conditions on one ability")
                condition = self._side(holds)
            elif defined == "Targeted" and zone is None and self._restates_target(present, compare_text):
                pass  # holds whenever the target is still legal: an illegal one is not affected anyway
            elif defined is not None and zone is None and compare_text == "GE1":
                subject = self._one_defined(defined, player=False)
                if not isinstance(subject, dict) or "ref" not in subject:
                    raise ReadError("FG203", f"ConditionDefined$ {defined}")
                parsed = self.valid(present)
                only_if = {"ref": subject["ref"], "matches": parsed.fields}
            elif condition is None and (game := self._game_condition(bag)) is not None:
                condition = game
            else:
                raise ReadError("FG201", f"a condition the reader does not know: ConditionPresent$ {present}")
        elif zone is not None or defined is not None or bag.has("ConditionCompare"):
            raise ReadError("FG201", "an incomplete condition (ConditionZone/ConditionDefined without "
                                     "ConditionPresent)")
        return condition, only_if

    def _game_condition(self, bag: Bag) -> Any:
        """The condition on the game an effect's parameters say (a condition construct's `forge.read_effect`:
        `ConditionPresent$ Rabbit.YouCtrl`), or None."""
        for construct in vocab.CONDITIONS.values():
            if construct.forge.read_effect is not None \
                    and (condition := construct.forge.read_effect(self, bag)) is not None:
                return condition
        return None

    def _restates_target(self, present: str, compare_text: str) -> bool:
        """`ConditionDefined$ Targeted | ConditionPresent$ Creature | ConditionCompare$ EQ1` on an ability
        with one target that must be a creature anyway (Forge's own older Rabid Bite): the test only says
        the target is still there and still what it had to be, and an ability does nothing to an illegal
        target (608.2b), so the test changes nothing. `Targeted` is the ability's own target when it has
        one (AbilityUtils.getDefinedCards -> SpellAbility.findTargetedCards, which starts at the ability
        itself), else the latest earlier one's."""
        if compare_text not in ("GE1", "EQ1"):
            return False
        own = self.bag.peek("ValidTgts")
        if own is not None:
            if self.bag.peek("TargetMax") not in (None, "1"):
                return False
            target: dict[str, Any] | None = self.valid(own).fields
        else:
            target = next((node.target for node in reversed(self.chain.nodes) if node.target is not None), None)
            if target is None or self.node.ranges not in (None, ((1, 1), (1, 1))):
                return False
        parsed = self.valid(present)
        if target is None or parsed.error or parsed.flags:
            return False
        return all(target.get(key) == value for key, value in parsed.fields.items())

    @staticmethod
    def _side(holds: tuple[bool, bool]) -> str | None:
        """The condition that holds as a promise test does (if promised, if not); None: it always holds."""
        if holds == (True, True):
            return None
        condition = condition_holding(holds)
        if condition is None:
            raise ReadError("FG205", "a condition that never holds")
        return condition

    # ------------------------------------------------------------------ APIs read here, not by one kind
    def _damage_resolve(self) -> list[dict[str, Any]]:
        if not self.chain.damage_map:
            raise ReadError("FG201", "DamageResolve without an open damage map (DamageMap$ True)")
        self.chain.damage_map = False
        return []

    def _cleanup(self) -> list[dict[str, Any]]:
        if self.bag.get("ClearRemembered") != "True":
            raise ReadError("FG201", "Cleanup without ClearRemembered$ True")
        return []

    def _pump(self, subjects: list[Any]) -> list[dict[str, Any]]:
        """A Pump grants P/T changes and keywords, each read by the construct that claims it; one Pump can
        be several effects."""
        bag = self.bag
        keywords = [word.strip() for word in (bag.get("KW") or "").split("&") if word.strip()]
        timing = self.timing(bag.get("Duration"))
        if timing is None:
            raise ReadError("FG203", f"Duration$ {bag.values.get('Duration')}")
        effects: list[dict[str, Any]] = []
        for subject in subjects:
            parts = [part for read in PUMP_PARTS if (part := read(self, subject, timing)) is not None]
            for word in keywords:  # in the order written
                if not any(claim(self, subject, word, parts, timing) for claim in KEYWORD_CLAIMS):
                    raise ReadError("FG201", f"unknown keyword {word!r}")
            if not parts and not keywords and isinstance(subject, dict) and "target" in subject and len(subjects) == 1:
                self.node.holds = True  # a parent holding a target for a later ability (`ReadNode.holds`)
                return []
            if not parts:
                raise ReadError("FG201", "Pump without NumAtt$, NumDef$ or KW$")
            effects.extend(parts)
        if len(effects) > 1 and isinstance(subjects[0], dict) and "target" in subjects[0] and len(subjects) == 1:
            # one Pump doing several things to its target: later parts name the target by reference
            identifier = self.self_id(effects[0])
            for part in effects[1:]:
                part[vocab.effect(part["effect"]).subjects[0]] = {"ref": identifier}
        return effects

    def _effect(self) -> list[dict[str, Any]]:
        """An Effect carries static abilities, each read by the construct whose static it is."""
        bag = self.bag
        names = [name.strip() for name in (bag.get("StaticAbilities") or "").split(",") if name.strip()]
        if not names or any(bag.has(key) for key in ("Triggers", "ReplacementEffects", "Abilities")):
            raise ReadError("FG201", "an Effect other than static abilities has no spec form")
        duration = bag.get("Duration", DEFAULT_DURATION)
        effects = []
        for name in names:
            static = self.static_ability(name)
            mode = static.get("Mode")
            static.get("Description")
            static.get("EffectZone")
            for claim in STATIC_CLAIMS:
                effect = claim(self, static, duration)
                if effect is not None:
                    effects.append(effect)
                    break
            else:
                raise ReadError("FG203", f"SVar:{name}: static mode {mode!r} inside an Effect has no spec form")
            leftover = static.leftover()
            if leftover:
                raise ReadError("FG201", f"SVar:{name}: unknown parameters {', '.join(leftover)}")
        return effects
