"""Forge abilities -> spec effects: one method per Forge API (`_DealDamage`, `_ChangeZone`, ...).

Each handler takes the parameters it understands from the ability's `Bag`; whatever is left that is not
known to be meaningless (descriptions, prompts, AI hints) is reported. Subjects come from `ValidTgts$`
(targets, with promise-dependent counts kept as pairs), `Defined$` (words, `Valid ...`, references such as
`Targeted`, `ParentTarget`, `TargetedController`, `Remembered`) or the API's default.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from cardgen.engines.forge.counts import CountError, Pair, compare, evaluate
from cardgen.engines.forge.read_model import (
    OBJECT_DEFINED,
    PLAYER_DEFINED,
    TARGET_PLAYERS,
    ZONES,
    Bag,
    Chain,
    ReadError,
    ReadNode,
    keyword_word,
    nonzero,
    with_amount,
)
from cardgen.engines.forge.syntax import COUNTERS_BY_FORGE, LIFE_CANT_CHANGE, PROTECTION_EVERYTHING, undescribe
from cardgen.engines.forge.tokens import read_token_script
from cardgen.engines.forge.valid import HIDDEN_ZONES, ParsedValid, read_valid

if TYPE_CHECKING:
    from cardgen.engines.forge.reader import ScriptReader

PLAYER_GROUPS = {"You": "you", "Player": "each_player", "Opponent": "each_opponent"}


class NodeReader:
    """Reads one ability line of a chain into `node` (API handlers are methods named after the API)."""

    def __init__(self, reader: ScriptReader, chain: Chain, node: ReadNode, bag: Bag) -> None:
        self.reader = reader
        self.chain = chain
        self.node = node
        self.bag = bag

    def read(self) -> None:
        bag = self.bag
        api = bag.get("DB") or bag.get("SP") or bag.get("AB")
        if api is None:
            raise ReadError("FG200", f"{bag.where}: not an ability (DB$/SP$)")
        self.node.api = api
        description = bag.get("SpellDescription")
        if description is not None and description.strip():
            self.node.description = undescribe(description.strip(), self.reader.card_name)
        handler = getattr(self, "_" + api, None)
        if handler is None:
            raise ReadError("FG202", f"the reader does not know API {api!r}")
        effects = handler()
        condition, only_if = self._conditions()
        for effect in effects:
            if condition:
                effect["condition"] = condition
            if only_if:
                effect["only_if"] = only_if
        for key in ("RememberChanged", "RememberDestroyed", "RememberTargets"):
            if bag.get(key) == "True":
                self.node.remembers = True
        self.node.effects = effects
        leftover = bag.leftover()
        if leftover:
            raise ReadError("FG201", f"{bag.where}: unknown parameters {', '.join(leftover)} on {api}")

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
            parsed = read_valid(valid, zone or "battlefield")
            self._check(parsed, valid, allowed={"inZoneStack"})
            if "inZoneStack" in parsed.flags:
                zone = "stack"
            target = {"zone": zone or "battlefield", **parsed.fields}
        low = self.count("TargetMin", 1)
        high_default = self.bag.get("TargetMax")
        high = self.count("TargetMax", 1) if high_default is not None else (max(low[0], 1), max(low[1], 1))
        self.node.ranges = ((low[0], high[0]), (low[1], high[1]))
        self.node.target = target
        return {"target": target}

    def _check(self, parsed: ParsedValid, text: str, allowed: set[str] | frozenset[str] = frozenset()) -> None:
        if parsed.error:
            raise ReadError("FG203", parsed.error)
        extra = parsed.flags - set(allowed)
        if extra:
            raise ReadError("FG203", f"{text!r}: restriction {', '.join(sorted(extra))} has no spec form here")

    def all_of(self, key: str, zone: str = "battlefield") -> dict[str, Any]:
        valid = self.bag.get(key)
        if valid is None:
            raise ReadError("FG201", f"{key}$ missing")
        parsed = read_valid(valid, zone)
        self._check(parsed, valid)
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
            parsed = read_valid(value[len("Valid "):])
            self._check(parsed, value)
            return {"all": parsed.fields}
        if value in ("Targeted", "TargetedPlayer", "ParentTarget", "TargetedCard"):
            start = len(self.chain.nodes) - (1 if value == "ParentTarget" else 1)
            for position in range(start, -1, -1):
                if self.chain.nodes[position].target is not None:
                    return {"ref": self.reader.id_for(self.chain.nodes[position])}
            raise ReadError("FG203", f"Defined$ {value}: no earlier ability has a target")
        if value in ("TargetedController", "TargetedOwner"):
            for position in range(len(self.chain.nodes) - 1, -1, -1):
                if self.chain.nodes[position].target is not None:
                    relation = "controller" if value == "TargetedController" else "owner"
                    return {"ref": self.reader.id_for(self.chain.nodes[position]), "relation": relation}
            raise ReadError("FG203", f"Defined$ {value}: no earlier ability has a target")
        if value in ("Remembered", "RememberedLKI"):
            return {"ref": self.reader.id_for(self._remembered())}
        if value in ("DelayTriggerRememberedLKI", "DelayTriggerRemembered"):
            outer = self.chain.outer
            if outer is None or self.chain.handover is None:
                raise ReadError("FG203", f"Defined$ {value} outside a delayed trigger that remembers")
            return {"ref": self.reader.id_for(outer.nodes[self.chain.handover])}
        raise ReadError("FG203", f"the reader does not know Defined$ {value}")

    def _remembered(self, chain: Chain | None = None) -> ReadNode:
        chain = chain or self.chain
        for position in range(len(chain.nodes) - 1, -1, -1):
            if chain.nodes[position].remembers:
                return chain.nodes[position]
            if chain.nodes[position].api == "Cleanup":
                break  # the remembered list was cleared
        raise ReadError("FG203", "Remembered: no earlier ability remembers anything")

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

    def _conditions(self) -> tuple[str | None, dict[str, Any] | None]:
        bag = self.bag
        condition: str | None = None
        only_if: dict[str, Any] | None = None
        present = bag.get("ConditionPresent")
        zone = bag.get("ConditionZone")
        defined = bag.get("ConditionDefined")
        compare_text = bag.get("ConditionCompare", "GE1") or "GE1"
        check = bag.get("ConditionCheckSVar")
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
            gift_test = (zone == "Stack" and defined is None and present == "Card.Self+PromisedGift") or (
                defined == "Self" and zone is None and present in ("Card.PromisedGift", "Card.Self+PromisedGift"))
            try:
                holds = compare((1, 0), compare_text)
            except CountError as error:
                raise ReadError("FG205", str(error)) from None
            if gift_test:
                if condition is not None:
                    raise ReadError("FG201", "two gift conditions on one ability")
                condition = self._side(holds)
            elif defined is not None and zone is None and compare_text == "GE1":
                subject = self._one_defined(defined, player=False)
                if not isinstance(subject, dict) or "ref" not in subject:
                    raise ReadError("FG203", f"ConditionDefined$ {defined}")
                parsed = read_valid(present)
                self._check(parsed, present)
                only_if = {"ref": subject["ref"], "matches": parsed.fields}
            else:
                raise ReadError("FG201", f"a condition the reader does not know: ConditionPresent$ {present}")
        elif zone is not None or defined is not None or bag.has("ConditionCompare"):
            raise ReadError("FG201", "an incomplete condition (ConditionZone/ConditionDefined without "
                                     "ConditionPresent)")
        return condition, only_if

    @staticmethod
    def _side(holds: tuple[bool, bool]) -> str | None:
        if holds == (True, False):
            return "promised"
        if holds == (False, True):
            return "not_promised"
        if holds == (True, True):
            return None
        raise ReadError("FG205", "a condition that never holds")

    # ---------------------------------------------------------------------------------- the APIs
    def _Draw(self) -> list[dict[str, Any]]:
        amount = self.bag.take_int("NumCards", 1)
        return [with_amount({"effect": "draw", "who": who}, amount=amount, default=1)
                for who in self.subject(player=True, default="you")]

    def _Discard(self) -> list[dict[str, Any]]:
        if self.bag.get("Mode") != "TgtChoose":
            raise ReadError("FG201", "Discard other than Mode$ TgtChoose (the discarding player chooses)")
        amount = self.bag.take_int("NumCards", 1)
        return [with_amount({"effect": "discard", "who": who}, amount=amount, default=1)
                for who in self.subject(player=True, default="you")]

    def _Mill(self) -> list[dict[str, Any]]:
        amount = self.bag.take_int("NumCards", 1)
        return [with_amount({"effect": "mill", "who": who}, amount=amount, default=1)
                for who in self.subject(player=True, default="you")]

    def _DealDamage(self) -> list[dict[str, Any]]:
        amount = self.bag.take_int("NumDmg", 0)
        effects = [{"effect": "damage", "amount": amount, "to": to} for to in self.subject(player=False, default=None)]
        return self._damage_event(effects)

    def _DamageAll(self) -> list[dict[str, Any]]:
        effects = [{"effect": "damage", "amount": self.bag.take_int("NumDmg", 0), "to": self.all_of("ValidCards")}]
        return self._damage_event(effects)

    def _damage_event(self, effects: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """As Forge deals it: with `DamageMap$ True` the ability only records its damage in a map that a
        later `DamageResolve` deals all at once, so every damage ability after the opening one, up to the
        DamageResolve, is dealt in the same damage event (`simultaneous`)."""
        opens = self.bag.get("DamageMap") == "True"
        if self.chain.damage_map:
            if opens:
                raise ReadError("FG201", "DamageMap$ True inside an open damage map")
            for effect in effects:
                effect["simultaneous"] = True
        elif opens:
            self.chain.damage_map = True
            for effect in effects[1:]:
                effect["simultaneous"] = True
        return effects

    def _DamageResolve(self) -> list[dict[str, Any]]:
        if not self.chain.damage_map:
            raise ReadError("FG201", "DamageResolve without an open damage map (DamageMap$ True)")
        self.chain.damage_map = False
        return []

    def _Cleanup(self) -> list[dict[str, Any]]:
        if self.bag.get("ClearRemembered") != "True":
            raise ReadError("FG201", "Cleanup without ClearRemembered$ True")
        return []

    def _life(self, effect: str) -> list[dict[str, Any]]:
        amount = self.bag.take_int("LifeAmount", 0)
        return [{"effect": effect, "who": who, "amount": amount}
                for who in self.subject(player=True, default="you")]

    def _LoseLife(self) -> list[dict[str, Any]]:
        return self._life("lose_life")

    def _GainLife(self) -> list[dict[str, Any]]:
        return self._life("gain_life")

    def _Destroy(self) -> list[dict[str, Any]]:
        return [{"effect": "destroy", "what": what} for what in self.subject(player=False, default="self")]

    def _DestroyAll(self) -> list[dict[str, Any]]:
        return [{"effect": "destroy", "what": self.all_of("ValidCards")}]

    def _ChangeZone(self) -> list[dict[str, Any]]:
        bag = self.bag
        origin_text = bag.get("Origin")
        destination_text = bag.get("Destination")
        if destination_text not in ZONES:
            raise ReadError("FG203", f"ChangeZone Destination$ {destination_text}")
        destination = ZONES[destination_text]
        if origin_text is not None and origin_text not in ZONES:
            raise ReadError("FG203", f"ChangeZone Origin$ {origin_text} (several origins are not supported)")
        origin = ZONES.get(origin_text or "")
        if bag.has("ChangeType"):
            if origin == "hand" and destination == "exile" and bag.get("Chooser") == "You":
                return self._reveal_and_exile()
            return self._hidden_return(origin, destination)
        if origin == "stack" and bag.has("ValidTgts") and bag.get("Fizzle") != "True":
            # (the resolving spell moving itself, "Exile CARDNAME", needs no Fizzle: it is already resolving)
            raise ReadError("FG201", "ChangeZone from the stack without Fizzle$ True: ChangeZoneEffect moves the "
                                     "spell's card but leaves the spell on the stack, where it still resolves")
        subjects = self.subject(player=False, default="self", zone=origin)
        under = "you" if bag.get("GainControl") == "True" else "owner"
        counters = self._counters()
        effects = []
        for what in subjects:
            if destination == "exile" and not counters and under == "owner":
                effects.append({"effect": "exile", "what": what})
            elif destination == "hand" and origin in (None, "battlefield", "stack") and not counters:
                effects.append({"effect": "bounce", "what": what})
            elif destination in ("hand", "battlefield") and origin in ("graveyard", "exile", None):
                effect = {"effect": "return_card", "what": what, "to": destination}
                if under != "owner":
                    effect["under"] = under
                if counters:
                    effect["counters"] = counters
                effects.append(effect)
            else:
                raise ReadError("FG203", f"ChangeZone from {origin_text} to {destination_text} has no spec form")
        return effects

    def _counters(self) -> list[dict[str, Any]]:
        kind = self.bag.get("WithCountersType")
        amount = self.bag.take_int("WithCountersAmount", 1)
        if kind is None:
            return []
        counter = COUNTERS_BY_FORGE.get(kind.upper())
        if counter is None:
            raise ReadError("FG203", f"counter type {kind}")
        return [with_amount({"counter": counter}, amount=amount, default=1)]

    def _reveal_and_exile(self) -> list[dict[str, Any]]:
        bag = self.bag
        target = self.targets()
        defined_player = bag.get("DefinedPlayer")
        if target is not None:
            if defined_player != "Targeted" or "player" not in target["target"]:
                raise ReadError("FG201", "a hand to choose from must be a targeted player's (DefinedPlayer$ Targeted)")
            who: Any = target
        elif defined_player in PLAYER_DEFINED:
            who = PLAYER_DEFINED[defined_player]
        else:
            raise ReadError("FG203", f"DefinedPlayer$ {defined_player}")
        if bag.get("Mandatory") != "True":
            raise ReadError("FG201", "choosing from a hand without Mandatory$ True ('up to') has no spec form")
        valid = bag.get("ChangeType") or "Card"
        parsed = read_valid(valid, "hand")
        self._check(parsed, valid)
        amount = bag.take_int("ChangeNum", 1)
        return [with_amount({"effect": "reveal_and_exile", "who": who, "filter": {"zone": "hand", **parsed.fields}},
                      amount=amount, default=1)]

    def _hidden_return(self, origin: str | None, destination: str) -> list[dict[str, Any]]:
        bag = self.bag
        valid = bag.get("ChangeType") or ""
        parsed = read_valid(valid, origin or "graveyard")
        self._check(parsed, valid, allowed={"IsRemembered"})
        if "IsRemembered" not in parsed.flags or origin is None:
            raise ReadError("FG203", f"ChangeType$ {valid}: only a choice among remembered cards has a spec form")
        if origin != "battlefield":
            # a token destroyed or exiled by the earlier ability is still in that zone (it ceases to exist only
            # with state-based actions) and IsRemembered names it: without !Token Forge offers it too
            if parsed.fields.get("token") is not False:
                raise ReadError("FG203", f"ChangeType$ {valid}: without !Token the choice also offers tokens that "
                                         f"were put into the {origin} this way, which no spec filter of cards says")
            del parsed.fields["token"]
        if bag.get("Hidden") != "True" and origin not in HIDDEN_ZONES:
            raise ReadError("FG201", "a hidden zone change without Hidden$ True")
        if bag.get("Mandatory") != "True":
            raise ReadError("FG201", "returning 'up to' (no Mandatory$ True) has no spec form")
        if destination not in ("hand", "battlefield"):
            raise ReadError("FG203", f"choosing remembered cards to {destination}")
        choose = bag.take_int("ChangeNum", 1)
        source = self._remembered()
        what = {"ref": self.reader.id_for(source), "filter": {"zone": origin, **parsed.fields}, "choose": choose}
        effect: dict[str, Any] = {"effect": "return_card", "what": what, "to": destination}
        if bag.get("GainControl") == "True":
            effect["under"] = "you"
        return [effect]

    def _ChangeZoneAll(self) -> list[dict[str, Any]]:
        origin = ZONES.get(self.bag.get("Origin") or "")
        destination = ZONES.get(self.bag.get("Destination") or "")
        if origin is None or destination is None:
            raise ReadError("FG203", "ChangeZoneAll needs one Origin$ and one Destination$")
        what = self.all_of("ChangeType", origin)
        if destination == "exile":
            return [{"effect": "exile", "what": what}]
        if destination == "hand" and origin in ("battlefield", "stack"):
            return [{"effect": "bounce", "what": what}]
        raise ReadError("FG203", f"ChangeZoneAll from {origin} to {destination} has no spec form")

    def _Counter(self) -> list[dict[str, Any]]:
        if not self.bag.has("TargetType"):
            self.bag.values["TargetType"] = "Spell"
        target = self.targets("stack")
        if target is None:
            raise ReadError("FG201", "Counter without a target")
        return [{"effect": "counter", "what": target}]

    def _Token(self) -> list[dict[str, Any]]:
        bag = self.bag
        script = bag.get("TokenScript")
        token = read_token_script(script or "")
        if token is None:
            raise ReadError("FG203", f"TokenScript$ {script}: not a token the spec can describe")
        effect: dict[str, Any] = {"effect": "create_token", "token": token}
        amount = bag.take_int("TokenAmount", 1)
        if amount != 1:
            effect["amount"] = amount
        owner = bag.get("TokenOwner", "You")
        if owner not in PLAYER_DEFINED:
            raise ReadError("FG203", f"TokenOwner$ {owner}")
        if owner != "You":
            effect["controller"] = PLAYER_DEFINED[owner]
        if bag.get("TokenTapped") == "True":
            effect["tapped"] = True
        return [effect]

    def _CopyPermanent(self) -> list[dict[str, Any]]:
        amount = self.bag.take_int("NumCopies", 1)
        power, toughness = self.bag.get("SetPower"), self.bag.get("SetToughness")
        effects = []
        for of in self.subject(player=False, default="self"):
            effect = with_amount({"effect": "token_copy", "of": of}, amount=amount, default=1)
            if power is not None or toughness is not None:
                effect["set_pt"] = f"{power}/{toughness}"
            effects.append(effect)
        return effects

    def _pump(self, subjects: list[Any]) -> list[dict[str, Any]]:
        bag = self.bag
        power, toughness = bag.take_int("NumAtt", 0), bag.take_int("NumDef", 0)
        keywords = [word.strip() for word in (bag.get("KW") or "").split("&") if word.strip()]
        duration = {"EndOfTurn": "end_of_turn", "UntilYourNextTurn": "until_your_next_turn"}.get(
            bag.get("Duration", "EndOfTurn") or "EndOfTurn")
        if duration is None:
            raise ReadError("FG203", f"Duration$ {bag.values.get('Duration')}")
        timing = {} if duration == "end_of_turn" else {"duration": duration}
        effects: list[dict[str, Any]] = []
        for subject in subjects:
            parts: list[dict[str, Any]] = []
            if power or toughness:
                parts.append({"effect": "pump", "what": subject, **nonzero(power=power, toughness=toughness),
                              **timing})
            for word in keywords:  # in the order written; consecutive plain keywords are one effect
                if word == PROTECTION_EVERYTHING:
                    parts.append({"effect": "protection", "what": subject, **timing})
                elif word == LIFE_CANT_CHANGE:
                    parts.append({"effect": "life_cant_change", "who": subject, **timing})
                elif parts and parts[-1]["effect"] == "gain_keyword":
                    parts[-1]["keywords"].append(keyword_word(word))
                else:
                    parts.append({"effect": "gain_keyword", "what": subject,
                                  "keywords": [keyword_word(word)], **timing})
            if not parts:
                raise ReadError("FG201", "Pump without NumAtt$, NumDef$ or KW$")
            effects.extend(parts)
        if len(effects) > 1 and isinstance(subjects[0], dict) and "target" in subjects[0] and len(subjects) == 1:
            # one Pump doing several things to its target: later parts name the target by reference
            identifier = self._self_id(effects[0])
            for part in effects[1:]:
                key = "who" if part["effect"] == "life_cant_change" else "what"
                part[key] = {"ref": identifier}
        return effects

    def _self_id(self, effect: dict[str, Any]) -> str:
        if "id" not in effect:
            self.reader.ref_counter += 1
            effect["id"] = f"e{self.reader.ref_counter}"
        return effect["id"]

    def _Pump(self) -> list[dict[str, Any]]:
        return self._pump(self.subject(player=False, default="self"))

    def _PumpAll(self) -> list[dict[str, Any]]:
        return self._pump([self.all_of("ValidCards")])

    def _PutCounter(self) -> list[dict[str, Any]]:
        return self._put_counters(self.subject(player=False, default="self"))

    def _PutCounterAll(self) -> list[dict[str, Any]]:
        return self._put_counters([self.all_of("ValidCards")])

    def _put_counters(self, subjects: list[Any]) -> list[dict[str, Any]]:
        kind = self.bag.get("CounterType") or ""
        counter = COUNTERS_BY_FORGE.get(kind.upper())
        if counter is None:
            raise ReadError("FG203", f"CounterType$ {kind}")
        amount = self.bag.take_int("CounterNum", 1)
        return [with_amount({"effect": "put_counters", "what": what, "counter": counter}, amount=amount, default=1)
                for what in subjects]

    def _Tap(self) -> list[dict[str, Any]]:
        return [{"effect": "tap", "what": what} for what in self.subject(player=False, default="self")]

    def _Untap(self) -> list[dict[str, Any]]:
        return [{"effect": "untap", "what": what} for what in self.subject(player=False, default="self")]

    def _UntapAll(self) -> list[dict[str, Any]]:
        return [{"effect": "untap", "what": self.all_of("ValidCards")}]

    def _TapAll(self) -> list[dict[str, Any]]:
        return [{"effect": "tap", "what": self.all_of("ValidCards")}]

    def _Fight(self) -> list[dict[str, Any]]:
        defined = self.bag.get("Defined")
        target = self.targets()
        if defined is None or target is None:
            raise ReadError("FG201", "Fight is read as Defined$ (one fighter) against a target")
        (what,) = self.defined(defined, player=False)
        return [{"effect": "fight", "what": what, "other": target}]

    def _Sacrifice(self) -> list[dict[str, Any]]:
        bag = self.bag
        valid = bag.get("SacValid") or "Card"
        parsed = read_valid(valid)
        self._check(parsed, valid, allowed={"greatestPowerControlledByTargeted"})
        choice = "greatest_power" if "greatestPowerControlledByTargeted" in parsed.flags else "any"
        amount = bag.take_int("Amount", 1)
        effects = []
        for who in self.subject(player=True, default="you"):
            if choice == "greatest_power" and not (isinstance(who, dict) and "target" in who):
                raise ReadError("FG203", "greatestPowerControlledByTargeted without a targeted player")
            effect = with_amount({"effect": "sacrifice", "who": who, "filter": parsed.fields}, amount=amount, default=1)
            if choice != "any":
                effect["choice"] = choice
            effects.append(effect)
        return effects

    def _Effect(self) -> list[dict[str, Any]]:
        bag = self.bag
        names = [name.strip() for name in (bag.get("StaticAbilities") or "").split(",") if name.strip()]
        if not names or any(bag.has(key) for key in ("Triggers", "ReplacementEffects", "Abilities")):
            raise ReadError("FG201", "an Effect other than static abilities has no spec form")
        duration = bag.get("Duration", "EndOfTurn")
        effects = []
        for name in names:
            static = Bag(self.reader.svar_params(name), f"SVar:{name}")
            mode = static.get("Mode")
            static.get("Description")
            static.get("EffectZone")
            if mode in ("CantBeCast", "CantChangeLife"):
                players = static.get("Caster", "You") if mode == "CantBeCast" else static.get("ValidPlayer", "You")
                if (mode == "CantBeCast" and static.get("ValidCard") != "Card") or players not in PLAYER_GROUPS:
                    raise ReadError("FG203", f"SVar:{name}: only {mode} for you, each player or each opponent is read")
                timing = {"EndOfTurn": {}, "UntilYourNextTurn": {"duration": "until_your_next_turn"}}.get(
                    duration or "EndOfTurn")
                if timing is None:
                    raise ReadError("FG203", f"Duration$ {duration} for {mode}")
                effect_name = "cant_cast_spells" if mode == "CantBeCast" else "life_cant_change"
                effects.append({"effect": effect_name, "who": PLAYER_GROUPS[players], **timing})
            elif mode == "Continuous" and static.get("MayPlay") == "True":
                any_mana = static.get("MayPlayIgnoreType") == "True"
                if static.get("Affected") not in ("Card.IsRemembered", "Card.IsRemembered+nonLand") or static.get(
                        "AffectedZone") != "Exile":
                    raise ReadError("FG203", f"SVar:{name}: only 'you may cast the remembered exiled card' is read")
                remembered = bag.get("RememberObjects")
                if duration != "Permanent" or remembered not in ("Remembered", "RememberedLKI", "Targeted"):
                    raise ReadError("FG201", "may-cast Effect must remember the card for as long as it is exiled")
                (what,) = self.defined(remembered, player=False)
                effect: dict[str, Any] = {"effect": "may_cast_from_exile", "what": what}
                if any_mana:
                    effect["any_mana"] = True
                effects.append(effect)
            else:
                raise ReadError("FG203", f"SVar:{name}: static mode {mode!r} inside an Effect has no spec form")
            leftover = static.leftover()
            if leftover:
                raise ReadError("FG201", f"SVar:{name}: unknown parameters {', '.join(leftover)}")
        return effects

    def _Attach(self) -> list[dict[str, Any]]:
        obj = self.bag.get("Object")
        what = "self" if obj is None else self.defined(obj, player=False)[0]
        return [{"effect": "attach", "what": what, "to": to} for to in self.subject(player=False, default=None)]

    def _Phases(self) -> list[dict[str, Any]]:
        return [{"effect": "phase_out", "what": what} for what in self.subject(player=False, default="self")]

    def _DelayedTrigger(self) -> list[dict[str, Any]]:
        bag = self.bag
        if bag.get("Mode") != "Phase" or bag.get("Phase") != "End of Turn" or bag.has("ValidPlayer"):
            raise ReadError("FG201", "only 'at the beginning of the next end step' delayed triggers are read")
        bag.get("TriggerDescription")
        execute = bag.get("Execute")
        if execute is None:
            raise ReadError("FG201", "DelayedTrigger without Execute$")
        remembered = bag.get("RememberObjects")
        inner = Chain(outer=self.chain, host=self.chain.host)
        if remembered in ("RememberedLKI", "Remembered"):
            inner.handover = self._remembered().index
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
        effects = [effect for node_effects, _ in self.reader.finish(inner) for effect in node_effects]
        return [{"effect": "delayed_trigger", "at": "next_end_step", "effects": effects}]


