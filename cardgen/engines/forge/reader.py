"""Forge script -> spec: the reader behind `cardgen diff --engine forge` and the cross-backend check.

It reads the subset of Forge's scripting language the generator writes and the forms Forge's own
hand-written gift scripts use (`Count$ValidStack Card.Self+PromisedGift`, `Count$Compare`, `Defined$ You &
Valid ...`, `ConditionCheckSVar$` ...), and maps both to the one spec encoding, so a generated script and
Forge's script for the same card read back to the same card when they mean the same thing.

Nothing is dropped silently: a line, an API, a parameter, a selector or a count it does not understand is a
diagnostic (FG2xx). Parameters that carry no game meaning (descriptions, prompts, AI hints, deck hints)
are known and skipped.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from cardgen.diagnostics import Diagnostic
from cardgen.engines.base import ReadResult
from cardgen.engines.forge.counts import CountError, Pair, compare, evaluate
from cardgen.engines.forge.syntax import (
    COUNTERS_BY_FORGE,
    KEYWORDS_BY_FORGE,
    LIFE_CANT_CHANGE,
    PROTECTION_EVERYTHING,
    forge_diagnostic,
    oracle_from_line,
    parse_params,
    spec_mana,
    split_cost,
    undescribe,
)
from cardgen.engines.forge.tokens import read_token_script
from cardgen.engines.forge.valid import HIDDEN_ZONES, ParsedValid, read_valid
from cardgen.spec.model import Card

PLACEHOLDER_PRINTING = {"set": "XXX", "number": "0", "rarity": "common"}
"""A script does not say where a card was printed; read cards carry this placeholder (comparisons ignore
printings, or take them from the catalog)."""

NEUTRAL_PARAMS = frozenset({
    "SpellDescription", "StackDescription", "TgtPrompt", "AILogic", "AITgts", "AITgtsStrict", "IsCurse",
    "SacMessage", "ValidDescription", "PrecostDesc", "AIPreference", "AILifeThreshold", "Planeswalker",
    "DamageMap", "LockTokenScript", "ShowMessage", "Name", "Stackable", "ForgetOnMoved", "Ultimate",
})
"""Parameters without game meaning: texts, prompts, AI hints; `DamageMap` only batches damage that the
following abilities deal anyway; `LockTokenScript` only pins the token image."""

HINT_SVARS = frozenset({
    "PlayMain1", "AttachAILogic", "AIPreference", "AIPriority", "RemAIDeck", "RemRandomDeck", "Picture",
    "NeedsToPlay", "NeedsToPlayVar", "SacMe", "DiscardMe", "MustBeBlocked", "HasAttackEffect", "BuffedBy",
    "AICastPreference", "AIPreferenceOverride", "EndOfTurnLeavePlay", "AmbushAI", "ChosenProtection",
    "MustAttack", "HasCombatEffect", "NonStackingEffect", "AIEvaluationModifier", "AITgts",
})
"""SVars read only by Forge's AI or deck generation."""

HINT_LINES = frozenset({"DeckHas", "DeckHints", "DeckNeeds", "AI", "Text", "Variant"})

SUPERTYPES = ("Basic", "Legendary", "Snow", "World")
CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land", "Planeswalker",
              "Sorcery")
ZONES = {"Battlefield": "battlefield", "Graveyard": "graveyard", "Hand": "hand", "Stack": "stack",
         "Exile": "exile", "Library": "library"}
PLAYER_DEFINED = {"You": "you", "Player": "each_player", "Opponent": "each_opponent", "Promised": "gift_recipient"}
OBJECT_DEFINED = {"Self": "self", "Enchanted": "enchanted", "Equipped": "equipped"}
TARGET_PLAYERS = {"Player": "any", "Opponent": "opponent", "You": "you"}


class ReadError(Exception):
    """Something in one ability the reader cannot map; the ability becomes a diagnostic."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# ------------------------------------------------------------------------------------------- params


class Bag:
    """The parameters of one ability line; what a handler takes is consumed, the rest is reported."""

    def __init__(self, params: list[tuple[str, str]], where: str) -> None:
        self.where = where
        self.values: dict[str, str] = {}
        for key, value in params:
            if not key:
                raise ReadError("FG201", f"{where}: a part without `$`: {value!r}")
            if key in self.values:
                raise ReadError("FG201", f"{where}: parameter {key}$ given twice")
            self.values[key] = value
        self.used: set[str] = set()

    def has(self, key: str) -> bool:
        return key in self.values

    def get(self, key: str, default: str | None = None) -> str | None:
        if key in self.values:
            self.used.add(key)
            return self.values[key]
        return default

    def take_int(self, key: str, default: int, svars: dict[str, str] | None = None) -> int:
        value = self.get(key)
        if value is None:
            return default
        if re.fullmatch(r"[+-]?[0-9]+", value):
            return int(value)
        raise ReadError("FG205", f"{self.where}: {key}$ {value} is not a number")

    def leftover(self) -> list[str]:
        return sorted(key for key in self.values if key not in self.used and key not in NEUTRAL_PARAMS)


# --------------------------------------------------------------------------------------------- chains


@dataclass
class ReadNode:
    """One Forge ability of a chain, read: its effects (dicts in spec form) and how it targets."""

    index: int
    api: str
    effects: list[dict[str, Any]] = field(default_factory=list)
    target: dict[str, Any] | None = None
    """The target dict (inside one of the effects) whose min/max come from TargetMin$/TargetMax$."""
    ranges: tuple[tuple[int, int], tuple[int, int]] = ((1, 1), (1, 1))
    """((min, max) if promised, (min, max) if not)."""
    remembers: bool = False
    description: str | None = None


@dataclass
class Chain:
    """A chain being read; `outer` is the chain a delayed trigger was created from, `handover` the node
    of the outer chain whose objects the delayed trigger carries."""

    nodes: list[ReadNode] = field(default_factory=list)
    outer: Chain | None = None
    handover: int | None = None
    host: str = "spell"


class ScriptReader:
    """Reads one script. `read()` returns a ReadResult; diagnostics accumulate on the way."""

    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        self.diagnostics: list[Diagnostic] = []
        self.svars: dict[str, str] = {}
        self.used_svars: set[str] = set()
        self.card_name = ""
        self.ref_counter = 0
        self.renames: dict[str, str] = {}
        """Ids of 'instead' branches folded into their base effect: old -> new."""

    def report(self, code: str, message: str, severity: str = "error") -> None:
        self.diagnostics.append(forge_diagnostic(code, message, self.source, severity=severity))

    # ------------------------------------------------------------------------------------- lines
    def read(self) -> ReadResult:
        header: dict[str, str] = {}
        keywords: list[str] = []
        spells: list[str] = []
        triggers: list[str] = []
        statics: list[str] = []
        for number, raw in enumerate(self.text.split("\n"), start=1):
            line = raw.rstrip("\r")
            if not line.strip():
                continue
            key, colon, value = line.partition(":")
            if not colon:
                self.report("FG200", f"line {number}: not a `Key:Value` line: {line!r}")
                continue
            if key in ("Name", "ManaCost", "Types", "PT", "Oracle", "Colors"):
                header[key] = value
            elif key == "K":
                keywords.append(value)
            elif key == "A":
                spells.append(value)
            elif key == "T":
                triggers.append(value)
            elif key == "S":
                statics.append(value)
            elif key == "SVar":
                name, _, svar_value = value.partition(":")
                self.svars[name] = svar_value
            elif key in HINT_LINES:
                continue
            else:
                self.report("FG200", f"line {number}: the reader does not know `{key}:` lines")
        self.card_name = header.get("Name", "").strip()
        data: dict[str, Any] = {"name": self.card_name, "printings": [dict(PLACEHOLDER_PRINTING)],
                                "oracle": oracle_from_line(header.get("Oracle", "")).rstrip()}
        try:
            data["mana_cost"] = spec_mana(header.get("ManaCost", "no cost"))
        except ValueError as error:
            self.report("FG200", f"ManaCost: {error}")
        self._types(header.get("Types", ""), data)
        if "PT" in header:
            data["pt"] = header["PT"].strip()
        data["abilities"] = []
        host = "spell" if ({"Instant", "Sorcery"} & set(data["types"])) else "permanent"
        for value in keywords:
            self._keyword(value, data)
        for value in spells:
            self._guard(lambda v=value: data["abilities"].extend(self._spell(v, data)))
        for value in triggers:
            self._guard(lambda v=value: data["abilities"].append(self._trigger(v, host)))
        for value in statics:
            self._guard(lambda v=value: data["abilities"].extend(self._static(v)))
        for name in sorted(set(self.svars) - self.used_svars - {"GiftAbility"}):
            if name not in HINT_SVARS:
                self.report("FG207", f"SVar {name} is never used", severity="warning")
        if "Gift" in [k.strip() for k in keywords] and "GiftAbility" not in self.svars:
            self.report("FG204", "K:Gift without SVar:GiftAbility")
        data = _rename_refs(data, self.renames)
        try:
            card = Card.model_validate(data)
        except ValidationError as error:
            self.report("FG206", f"the script does not read as a valid spec: {error}")
            return ReadResult(None, self.diagnostics)
        return ReadResult(card, self.diagnostics)

    def _guard(self, action) -> None:
        try:
            action()
        except ReadError as error:
            self.report(error.code, str(error))

    def _types(self, text: str, data: dict[str, Any]) -> None:
        words = text.split()
        data["supertypes"] = [w for w in words if w in SUPERTYPES]
        data["types"] = [w for w in words if w in CARD_TYPES]
        data["subtypes"] = [w for w in words if w not in SUPERTYPES and w not in CARD_TYPES]

    # ---------------------------------------------------------------------------------- keywords
    def _keyword(self, value: str, data: dict[str, Any]) -> None:
        value = value.strip()
        if value == "Gift":
            self._gift(data)
            return
        lower = value.lower()
        if lower in KEYWORDS_BY_FORGE:
            data["abilities"].append({"kind": "keyword", "keyword": KEYWORDS_BY_FORGE[lower]})
            return
        if value.startswith("Enchant:") or value.startswith("Enchant "):
            valid = value[len("Enchant:"):].split(":")[0] if ":" in value else value[len("Enchant "):]
            parsed = read_valid(valid)
            if parsed.error or parsed.flags:
                self.report("FG203", f"K:{value}: {parsed.error or 'unsupported restriction'}")
                return
            data["abilities"].append({"kind": "enchant", "filter": parsed.fields})
            return
        if value.startswith("Equip:"):
            cost = value[len("Equip:"):].split(":")[0]
            try:
                data["abilities"].append({"kind": "equip", "cost": spec_mana(cost) or "{0}"})
            except ValueError as error:
                self.report("FG200", f"K:{value}: {error}")
            return
        self.report("FG200", f"the reader does not know keyword K:{value}")

    def _gift(self, data: dict[str, Any]) -> None:
        text = self.svars.get("GiftAbility")
        if text is None:
            return
        self.used_svars.add("GiftAbility")
        try:
            bag = Bag(parse_params(text), "SVar:GiftAbility")
        except ReadError as error:
            self.report(error.code, str(error))
            return
        kind = bag.get("DB")
        gift: str | None = None
        if kind == "Draw" and bag.get("Defined") == "Promised" and bag.take_int("NumCards", 1) == 1:
            gift = "card"
        elif kind == "AddTurn" and bag.get("Defined") == "Promised" and bag.take_int("NumTurns", 1) == 1:
            gift = "extra_turn"
        elif kind == "Token" and bag.get("TokenOwner") == "Promised" and bag.take_int("TokenAmount", 1) == 1:
            script = bag.get("TokenScript")
            tapped = bag.get("TokenTapped") == "True"
            gift = {("c_a_food_sac", False): "food", ("c_a_treasure_sac", False): "treasure",
                    ("u_1_1_fish", True): "tapped_fish", ("u_8_8_octopus", False): "octopus"}.get((script, tapped))
        bag.get("GiftDescription")
        if gift is None or bag.leftover():
            self.report("FG201", f"SVar:GiftAbility is not one of the six gifts of 702.174: {text}")
            return
        data["gift"] = gift

    # --------------------------------------------------------------------------------- abilities
    def _spell(self, value: str, data: dict[str, Any]) -> list[dict[str, Any]]:
        params = parse_params(value)
        if not params or params[0][0] != "SP":
            raise ReadError("FG200", f"A: line is not a spell ability (SP$): {value!r}")
        abilities: list[dict[str, Any]] = []
        bag_cost = dict(params).get("Cost")
        if bag_cost is not None:
            mana, others = split_cost(bag_cost)
            try:
                if spec_mana(mana or "no cost") != data.get("mana_cost"):
                    raise ReadError("FG201", f"the spell's Cost$ {bag_cost} does not start with the card's mana cost")
            except ValueError as error:
                raise ReadError("FG201", f"Cost$ {bag_cost}: {error}") from None
            cost_text = dict(params).get("CostDesc", "").strip()
            for part in others:
                match = re.fullmatch(r"Discard<([0-9]+)/Card>", part)
                if not match:
                    raise ReadError("FG201", f"the reader does not know the cost {part!r}")
                abilities.append({"kind": "additional_cost", "discard": int(match.group(1)),
                                  "text": undescribe(cost_text, self.card_name) or
                                  "As an additional cost to cast this spell, discard a card."})
            params = [(k, v) for k, v in params if k not in ("Cost", "CostDesc")]
        chain = Chain(host="spell")
        self._read_chain(params, "A:", chain)
        groups: list[tuple[str, list[dict[str, Any]]]] = []
        for node_effects, text in self._finish(chain):
            if text is not None or not groups:
                groups.append((text or "", []))
            groups[-1][1].extend(node_effects)
        for text, effects in groups:
            if effects:
                abilities.append({"kind": "spell", "text": text or "(no description)", "effects": effects})
        return abilities

    def _trigger(self, value: str, host: str) -> dict[str, Any]:
        bag = Bag(parse_params(value), "T:")
        mode = bag.get("Mode")
        ability: dict[str, Any] = {"kind": "triggered"}
        if mode == "ChangesZone":
            valid = bag.get("ValidCard")
            if bag.get("Destination") != "Battlefield" or bag.get("Origin", "Any") != "Any" or valid not in (
                    "Card.Self", "Card.Self+PromisedGift"):
                raise ReadError("FG201", f"T: a zone-change trigger other than 'when this enters': {value}")
            ability["event"] = "enters"
            if valid == "Card.Self+PromisedGift":
                ability["intervening_if"] = "promised"
            bag.get("TriggerZones")
        elif mode == "Phase":
            if bag.get("Phase") != "End of Turn" or bag.get("TriggerZones") != "Battlefield" or bag.has("ValidPlayer"):
                raise ReadError("FG201", f"T: a phase trigger other than 'at the beginning of each end step': {value}")
            ability["event"] = "each_end_step"
        elif mode == "GiveGift":
            if bag.get("ValidPlayer") != "You" or bag.get("TriggerZones") != "Battlefield":
                raise ReadError("FG201", f"T: a gift trigger other than 'whenever you give a gift': {value}")
            ability["event"] = "you_give_gift"
        else:
            raise ReadError("FG200", f"T: the reader does not know trigger mode {mode!r}")
        execute = bag.get("Execute")
        text = bag.get("TriggerDescription")
        leftover = bag.leftover()
        if leftover:
            raise ReadError("FG201", f"T: unknown parameters {', '.join(leftover)}")
        if execute is None:
            raise ReadError("FG201", "T: no Execute$")
        chain = Chain(host=host)
        self._read_chain(self._svar_params(execute), execute, chain)
        ability["text"] = undescribe(text or "(no description)", self.card_name)
        ability["effects"] = [effect for node_effects, _ in self._finish(chain) for effect in node_effects]
        return ability

    def _static(self, value: str) -> list[dict[str, Any]]:
        bag = Bag(parse_params(value), "S:")
        if bag.get("Mode") != "Continuous":
            raise ReadError("FG200", f"S: the reader knows only continuous statics: {value}")
        affected = self._affected(bag)
        effects: list[dict[str, Any]] = []
        modify: dict[str, Any] = {"effect": "modify", "affected": affected}
        power, toughness = bag.take_int("AddPower", 0), bag.take_int("AddToughness", 0)
        if power:
            modify["power"] = power
        if toughness:
            modify["toughness"] = toughness
        for key, field_name in (("AddKeyword", "add_keywords"), ("RemoveKeyword", "remove_keywords")):
            words = bag.get(key)
            if words:
                modify[field_name] = [self._keyword_word(word) for word in words.split(" & ")]
        if len(modify) > 2:
            effects.append(modify)
        control = bag.get("GainControl")
        if control is not None:
            if control != "You":
                raise ReadError("FG201", f"S: GainControl$ {control}")
            effects.append({"effect": "control", "affected": affected})
        text = bag.get("Description")
        leftover = bag.leftover()
        if leftover:
            raise ReadError("FG201", f"S: unknown parameters {', '.join(leftover)}")
        if not effects:
            raise ReadError("FG201", f"S: a static ability without a known effect: {value}")
        return [{"kind": "static", "text": undescribe(text or "(no description)", self.card_name),
                 "effects": effects}]

    def _affected(self, bag: Bag) -> Any:
        defined = bag.get("AffectedDefined")
        affected = bag.get("Affected")
        if defined is not None:
            if defined not in ("Equipped", "Enchanted") or affected not in (None, "Creature", "Card", "Permanent"):
                raise ReadError("FG203", f"S: AffectedDefined$ {defined} with Affected$ {affected}")
            return defined.lower()
        if affected is None:
            raise ReadError("FG203", "S: no Affected$")
        for words, subject in ((("Card.EnchantedBy", "Creature.EnchantedBy", "Permanent.EnchantedBy"), "enchanted"),
                               (("Card.EquippedBy", "Creature.EquippedBy"), "equipped"),
                               (("Card.Self",), "self")):
            if affected in words:
                return subject
        parsed = read_valid(affected)
        if parsed.error or parsed.flags:
            raise ReadError("FG203", f"S: Affected$ {affected}: {parsed.error or 'unsupported restriction'}")
        return {"all": parsed.fields}

    @staticmethod
    def _keyword_word(word: str) -> str:
        lower = word.strip().lower()
        if lower not in KEYWORDS_BY_FORGE:
            raise ReadError("FG201", f"unknown keyword {word!r}")
        return KEYWORDS_BY_FORGE[lower]

    # ------------------------------------------------------------------------------------- chains
    def _svar_params(self, name: str) -> list[tuple[str, str]]:
        if name not in self.svars:
            raise ReadError("FG204", f"SVar {name} is used but not defined")
        self.used_svars.add(name)
        return parse_params(self.svars[name])

    def _read_chain(self, params: list[tuple[str, str]], where: str, chain: Chain) -> None:
        seen: set[str] = set()
        while True:
            bag = Bag(params, where)
            sub = bag.get("SubAbility")
            node = ReadNode(index=len(chain.nodes), api="")
            try:
                NodeReader(self, chain, node, bag).read()
            except ReadError as error:
                self.report(error.code, f"{where}: {error}")
            chain.nodes.append(node)
            if sub is None:
                return
            if sub in seen:
                raise ReadError("FG201", f"SubAbility$ {sub} loops")
            seen.add(sub)
            params, where = self._svar_params(sub), f"SVar:{sub}"

    def _finish(self, chain: Chain) -> list[tuple[list[dict[str, Any]], str | None]]:
        """Turn read nodes into spec effects: target ranges into `only_if_promised` and "instead", node
        references into ids. Returns (effects, description) per produced group, in order."""
        out: list[tuple[list[dict[str, Any]], str | None]] = []
        position = 0
        nodes = chain.nodes
        while position < len(nodes):
            node = nodes[position]
            (pmin, pmax), (nmin, nmax) = node.ranges
            if node.target is None or node.ranges[0] == node.ranges[1]:
                if node.target is not None:
                    self._set_range(node.target, pmin, pmax)
                out.append((node.effects, node.description))
            elif nmax == 0:
                self._set_range(node.target, pmin, pmax)
                node.target["only_if_promised"] = True
                out.append((node.effects, node.description))
            elif pmax == 0:
                if position + 1 >= len(nodes) or len(node.effects) != 1:
                    raise ReadError("FG201", "a target that exists only when the gift was not promised must be "
                                             "followed by what happens instead")
                replacement = nodes[position + 1]
                self._set_range(node.target, nmin, nmax)
                if replacement.target is not None:
                    (rmin, rmax), (_, rnmax) = replacement.ranges
                    if rnmax != 0:
                        raise ReadError("FG201", "the 'instead' ability must exist only when promised")
                    self._set_range(replacement.target, rmin, rmax)
                if len(replacement.effects) != 1:
                    raise ReadError("FG201", "the 'instead' ability must be one effect")
                branch = replacement.effects[0]
                if branch.get("condition") == "promised":
                    del branch["condition"]
                node.effects[0]["instead_if_promised"] = branch
                self._merge_ids(node, replacement)
                out.append((node.effects, node.description))
                position += 1
            else:
                if len(node.effects) != 1:
                    raise ReadError("FG201", "a promise-dependent target count on a multi-effect ability")
                self._set_range(node.target, nmin, nmax)
                branch = copy.deepcopy(node.effects[0])
                branch.pop("id", None)
                branch_target = _find_target(branch)
                assert branch_target is not None
                self._set_range(branch_target, pmin, pmax)
                node.effects[0]["instead_if_promised"] = branch
                out.append((node.effects, node.description))
            position += 1
        return out

    @staticmethod
    def _set_range(target: dict[str, Any], low: int, high: int) -> None:
        target["min"] = low
        target["max"] = max(high, 1)

    def _merge_ids(self, base: ReadNode, replacement: ReadNode) -> None:
        """References to either side of an 'instead' point at the combined effect."""
        branch = base.effects[0]["instead_if_promised"]
        if "id" not in branch:
            return
        identifier = branch.pop("id")
        if "id" in base.effects[0]:
            self.renames[identifier] = base.effects[0]["id"]
        else:
            base.effects[0]["id"] = identifier

    def id_for(self, node: ReadNode) -> str:
        """The id of the (first) effect of `node`, created on first reference."""
        effect = node.effects[0] if node.effects else None
        if effect is None:
            raise ReadError("FG203", "a reference to an ability that has no effect")
        if "id" not in effect:
            self.ref_counter += 1
            effect["id"] = f"e{self.ref_counter}"
        return effect["id"]


def _find_target(data: Any) -> dict[str, Any] | None:
    if isinstance(data, dict):
        if "target" in data and isinstance(data["target"], dict):
            return data["target"]
        for key, value in data.items():
            if key == "instead_if_promised":
                continue
            found = _find_target(value)
            if found is not None:
                return found
    if isinstance(data, list):
        for item in data:
            found = _find_target(item)
            if found is not None:
                return found
    return None


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
        return [_with({"effect": "draw", "who": who}, amount=amount, default=1)
                for who in self.subject(player=True, default="you")]

    def _DealDamage(self) -> list[dict[str, Any]]:
        amount = self.bag.take_int("NumDmg", 0)
        return [{"effect": "damage", "amount": amount, "to": to} for to in self.subject(player=False, default=None)]

    def _DamageAll(self) -> list[dict[str, Any]]:
        return [{"effect": "damage", "amount": self.bag.take_int("NumDmg", 0), "to": self.all_of("ValidCards")}]

    def _DamageResolve(self) -> list[dict[str, Any]]:
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
        return [_with({"counter": counter}, amount=amount, default=1)]

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
        return [_with({"effect": "reveal_and_exile", "who": who, "filter": {"zone": "hand", **parsed.fields}},
                      amount=amount, default=1)]

    def _hidden_return(self, origin: str | None, destination: str) -> list[dict[str, Any]]:
        bag = self.bag
        valid = bag.get("ChangeType") or ""
        parsed = read_valid(valid, origin or "graveyard")
        self._check(parsed, valid, allowed={"IsRemembered"})
        if "IsRemembered" not in parsed.flags or origin is None:
            raise ReadError("FG203", f"ChangeType$ {valid}: only a choice among remembered cards has a spec form")
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
            effect = _with({"effect": "token_copy", "of": of}, amount=amount, default=1)
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
                parts.append({"effect": "pump", "what": subject, **_nonzero(power=power, toughness=toughness),
                              **timing})
            for word in keywords:  # in the order written; consecutive plain keywords are one effect
                if word == PROTECTION_EVERYTHING:
                    parts.append({"effect": "protection", "what": subject, **timing})
                elif word == LIFE_CANT_CHANGE:
                    parts.append({"effect": "life_cant_change", "who": subject, **timing})
                elif parts and parts[-1]["effect"] == "gain_keyword":
                    parts[-1]["keywords"].append(ScriptReader._keyword_word(word))
                else:
                    parts.append({"effect": "gain_keyword", "what": subject,
                                  "keywords": [ScriptReader._keyword_word(word)], **timing})
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
        return [_with({"effect": "put_counters", "what": what, "counter": counter}, amount=amount, default=1)
                for what in subjects]

    def _Tap(self) -> list[dict[str, Any]]:
        return [{"effect": "tap", "what": what} for what in self.subject(player=False, default="self")]

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
            effect = _with({"effect": "sacrifice", "who": who, "filter": parsed.fields}, amount=amount, default=1)
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
            static = Bag(self.reader._svar_params(name), f"SVar:{name}")
            mode = static.get("Mode")
            static.get("Description")
            static.get("EffectZone")
            if mode == "CantBeCast":
                caster = static.get("Caster", "You")
                if static.get("ValidCard") != "Card" or caster not in ("You", "Player", "Opponent"):
                    raise ReadError("FG203", f"SVar:{name}: only 'can't cast spells' by a player group is read")
                who = {"You": "you", "Player": "each_player", "Opponent": "each_opponent"}[caster]
                timing = {"EndOfTurn": {}, "UntilYourNextTurn": {"duration": "until_your_next_turn"}}.get(
                    duration or "EndOfTurn")
                if timing is None:
                    raise ReadError("FG203", f"Duration$ {duration} for can't-cast")
                effects.append({"effect": "cant_cast_spells", "who": who, **timing})
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
        self.reader._read_chain(self.reader._svar_params(execute), f"SVar:{execute}", inner)
        effects = [effect for node_effects, _ in self.reader._finish(inner) for effect in node_effects]
        return [{"effect": "delayed_trigger", "at": "next_end_step", "effects": effects}]


def _rename_refs(data: Any, renames: dict[str, str]) -> Any:
    if isinstance(data, dict):
        out = {key: _rename_refs(value, renames) for key, value in data.items()}
        if isinstance(out.get("ref"), str) and out["ref"] in renames:
            out["ref"] = renames[out["ref"]]
        return out
    if isinstance(data, list):
        return [_rename_refs(item, renames) for item in data]
    return data


def _with(effect: dict[str, Any], *, amount: int, default: int) -> dict[str, Any]:
    if amount != default:
        effect["amount"] = amount
    return effect


def _nonzero(**values: int) -> dict[str, int]:
    return {key: value for key, value in values.items() if value}


def read_script(text: str, source: str = "<script>") -> ReadResult:
    """Read one Forge card script into a spec (`card` None when it cannot be read at all)."""
    return ScriptReader(text, source).read()
