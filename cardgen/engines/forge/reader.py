"""Forge script -> spec: the reader behind `cardgen diff --engine forge` and the cross-backend check.

It reads the subset of Forge's scripting language the generator writes and the forms Forge's own
hand-written gift scripts use (`Count$ValidStack Card.Self+PromisedGift`, `Count$Compare`, `Defined$ You &
Valid ...`, `ConditionCheckSVar$` ...), and maps both to the one spec encoding, so a generated script and
Forge's script for the same card read back to the same card when they mean the same thing.

What it reads of the constructs (besides the ability reader's, see `read_apis`) is their Forge groups
(`cardgen.vocab.construct`): an effect's `ForgeEffect.read_continuous`, an ability kind's `ForgeAbility`
readers (`read_keyword`, `read_cost`, `read_ability`, and which kinds an `A:SP$`, a `T:` and an `S:` line
are: those with `spell_part`, `trigger`, `statics`), an event's `ForgeEvent.reads`; each asked in the
registry's order.

Nothing is dropped silently: a line, an API, a parameter, a selector or a count it does not understand is a
diagnostic (FG2xx). Parameters that carry no game meaning (descriptions, prompts, AI hints, deck hints)
are known and skipped.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from cardgen import vocab
from cardgen.diagnostics import Diagnostic
from cardgen.engines.base import ReadResult
from cardgen.engines.forge.read_apis import NodeReader
from cardgen.engines.forge.read_model import (
    BOOKKEEPING,
    CARD_TYPES,
    HINT_LINES,
    HINT_SVARS,
    PLACEHOLDER_PRINTING,
    SUPERTYPES,
    Bag,
    Chain,
    ReadError,
    ReadKit,
    ReadNode,
    find_target,
    rename_refs,
)
from cardgen.engines.forge.syntax import (
    forge_diagnostic,
    oracle_from_line,
    parse_params,
    spec_mana,
    split_cost,
    undescribe,
)
from cardgen.engines.forge.valid import read_valid
from cardgen.model.card import Card
from cardgen.model.mana import ManaCost
from cardgen.vocab import subject as vocab_subject
from cardgen.vocab.construct import ForgeAbility

__all__ = ["PLACEHOLDER_PRINTING", "ReadError", "ScriptReader", "read_script"]

CONTINUOUS_PARTS = [read for construct in vocab.EFFECTS.values()
                    if (read := construct.forge.read_continuous) is not None]
_FORGE = {construct.kind: construct.forge for construct in vocab.ABILITIES.values()}
ACTIVATED_READER = next((forge.read_ability for forge in _FORGE.values() if forge.read_ability is not None), None)
"""`forge.read_ability(r, params) -> ability`: the reader of an `A:AB$` line (an activated ability)."""
KEYWORD_LINES = [forge.read_keyword for forge in _FORGE.values() if forge.read_keyword is not None]
COST_PARTS = [forge.read_cost for forge in _FORGE.values() if forge.read_cost is not None]
REPLACEMENT_LINES = [forge.read_replacement for forge in _FORGE.values() if forge.read_replacement is not None]
"""Readers of `R:` lines (replacement effects), each None for a line not of its kind."""
def _kinds(events: list[Any]) -> list[str]:
    """The event kinds of trigger lines read (`enters`, `{expend: 4}` -> `expend`: an event's model has one
    required key, its kind's)."""
    return [event if isinstance(event, str) else next(iter(event)) for event in events]


JOINS = [forge.read_join for forge in _FORGE.values() if forge.read_join is not None]
"""Each kind's folding of abilities read from lines of their own into one of its abilities (`read_join`)."""
MODE_STATIC_LINES = [forge.read_mode_static for forge in _FORGE.values() if forge.read_mode_static is not None]
"""Readers of `S:` lines of a mode other than `Continuous` (`Mode$ ReduceCost`), each None for another's."""
RESTATED = [forge.read_restated for forge in _FORGE.values() if forge.read_restated is not None]
"""Readers of `A:` lines that only restate another ability of the card (an older Aura's `A:SP$ Attach`)."""


def _kind_with(line: Callable[[ForgeAbility[Any]], object]) -> str:
    """The ability kind whose Forge form is the line `line` says it writes (one kind writes each)."""
    (kind,) = [kind for kind, forge in _FORGE.items() if line(forge)]
    return kind


SPELL_KIND = _kind_with(lambda forge: forge.spell_part)
TRIGGER_KIND = _kind_with(lambda forge: forge.trigger)
STATIC_KIND = _kind_with(lambda forge: forge.statics)


class ScriptReader(ReadKit):
    """Reads one script. `read()` returns a ReadResult; diagnostics accumulate on the way."""

    # for the construct hooks, which can't import the engine at run time
    spec_mana = staticmethod(spec_mana)
    read_valid = staticmethod(read_valid)
    make_bag = Bag

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
        replacements: list[str] = []
        for number, raw in enumerate(self.text.split("\n"), start=1):
            line = raw.rstrip("\r")
            if not line.strip() or line.startswith("#"):
                # a comment: CardRules.Reader.readCard skips a line whose first character is '#'
                # (forge-core/src/main/java/forge/card/CardRules.java, read at 01da6767)
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
            elif key == "R":
                replacements.append(value)
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
        self._colors(header.get("Colors"), data.get("mana_cost"))
        if "PT" in header:
            data["pt"] = header["PT"].strip()
        data["abilities"] = []
        host = "spell" if ({"Instant", "Sorcery"} & set(data["types"])) else "permanent"
        for value in keywords:
            self._guard(lambda v: self._keyword(v, data), value)
        for value in spells:
            self._guard(lambda v: data["abilities"].extend(self._spell(v, data)), value)
        for value in triggers:
            self._guard(lambda v: self._add_trigger(data["abilities"], v, host), value)
        for ability in data["abilities"]:
            ability.pop("_execute", None)
            said = ability.pop("_joined", None)
            if said is not None and not any(list(c.forge.joins) == _kinds(said) for c in vocab.EVENTS.values()):
                self.report("FG201", f"T: no trigger event of the vocabulary is {' or '.join(map(str, said))}")
        for value in statics:
            self._guard(lambda v: self._add_static(data["abilities"], self._static(v)), value)
        for value in replacements:
            self._guard(lambda v: data["abilities"].append(self._replacement(v)), value)
        for join in JOINS:  # lines of other kinds that are part of one printed line of a kind's
            data["abilities"] = join(data["abilities"])
        for name in sorted(set(self.svars) - self.used_svars - {"GiftAbility"}):
            if name not in HINT_SVARS:
                self.report("FG207", f"SVar {name} is never used", severity="warning")
        if "Gift" in [k.strip() for k in keywords] and "GiftAbility" not in self.svars:
            self.report("FG204", "K:Gift without SVar:GiftAbility")
        data["abilities"] = _in_levels(data["abilities"])
        data = rename_refs(data, self.renames)
        try:
            card = Card.model_validate(data)
        except ValidationError as error:
            self.report("FG206", f"the script does not read as a valid spec: {error}")
            return ReadResult(None, self.diagnostics)
        return ReadResult(card, self.diagnostics)

    def _guard(self, read: Callable[[str], object], line: str) -> None:
        """`read(line)`, a read error reported (the rest of the script is still read)."""
        try:
            read(line)
        except ReadError as error:
            self.report(error.code, str(error))

    def _colors(self, text: str | None, mana_cost: str | None) -> None:
        """`Colors:` is a color indicator; a spec has none, so it may only repeat the mana cost's colors."""
        if text is None:
            return
        words = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": ""}
        named = {words.get(word.strip().lower(), "?") for word in text.split(",")} - {""}
        printed = set(ManaCost.parse(mana_cost).colors) if mana_cost else set()
        if named != printed:
            self.report("FG200", f"Colors:{text} is a color indicator, which a spec cannot express")

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
        for read in KEYWORD_LINES:
            if (abilities := read(self, value)) is not None:
                data["abilities"].extend(abilities)
                return
        self.report("FG200", f"the reader does not know keyword K:{value}")

    def _gift(self, data: dict[str, Any]) -> None:
        text = self.svars.get("GiftAbility")
        if text is None:
            return
        self.used_svars.add("GiftAbility")
        try:
            self._read_gift(text, data)
        except ReadError as error:  # a malformed gift ability is a diagnostic, never a traceback
            self.report(error.code, str(error))

    def _read_gift(self, text: str, data: dict[str, Any]) -> None:
        bag = Bag(parse_params(text), "SVar:GiftAbility")
        kind = bag.get("DB")
        gift: str | None = None
        if kind == "Draw" and bag.get("Defined") == "Promised" and bag.take_int("NumCards", 1) == 1:
            gift = "card"
        elif kind == "AddTurn" and bag.get("Defined") == "Promised" and bag.take_int("NumTurns", 1) == 1:
            gift = "extra_turn"
        elif kind == "Token" and bag.get("TokenOwner") == "Promised" and bag.take_int("TokenAmount", 1) == 1:
            script = bag.get("TokenScript")
            tapped = bag.get("TokenTapped") == "True"
            tokens: dict[tuple[str | None, bool], str] = {
                ("c_a_food_sac", False): "food", ("c_a_treasure_sac", False): "treasure",
                ("u_1_1_fish", True): "tapped_fish", ("u_8_8_octopus", False): "octopus"}
            gift = tokens.get((script, tapped))
        bag.get("GiftDescription")
        if gift is None or bag.leftover():
            self.report("FG201", f"SVar:GiftAbility is not one of the six gifts of 702.174: {text}")
            return
        data["gift"] = gift

    # --------------------------------------------------------------------------------- abilities
    def _spell(self, value: str, data: dict[str, Any]) -> list[dict[str, Any]]:
        params = parse_params(value)
        if params and params[0][0] == "AB" and ACTIVATED_READER is not None:
            return [ACTIVATED_READER(self, params)]
        if not params or params[0][0] != "SP":
            raise ReadError("FG200", f"A: line is not a spell ability (SP$) or an activated one (AB$): {value!r}")
        if any(restated(self, params, data["abilities"]) for restated in RESTATED):
            cost = dict(params).get("Cost")
            if cost is None or spec_mana(cost) == data.get("mana_cost"):
                return []
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
                read = next((ability for read in COST_PARTS
                             if (ability := read(self, part, undescribe(cost_text, self.card_name))) is not None), None)
                if read is None:
                    raise ReadError("FG201", f"the reader does not know the cost {part!r}")
                abilities.append(read)
            params = [(k, v) for k, v in params if k not in ("Cost", "CostDesc")]
        chain = Chain(host="spell")
        self.read_chain(params, "A:", chain)
        groups: list[tuple[str, list[dict[str, Any]]]] = []
        for node_effects, text in self.finish(chain):
            if text is not None or not groups:
                groups.append((text or "", []))
            groups[-1][1].extend(node_effects)
        for text, effects in groups:
            if effects:
                abilities.append({"kind": SPELL_KIND, "text": text or "(no description)", "effects": effects})
        return abilities

    def activated_effects(self, params: list[tuple[str, str]]) -> tuple[list[dict[str, Any]], str]:
        """The effects of an `A:AB$` chain (its cost parameters taken off) and its first description."""
        chain = Chain(host="permanent")
        self.read_chain(params, "A:", chain)
        groups = self.finish(chain)
        text = next((text for _, text in groups if text), "")
        return [effect for node_effects, _ in groups for effect in node_effects], text

    def undescribe(self, text: str) -> str:
        """A `Description$` as the oracle says it (`CARDNAME` the card's name)."""
        return undescribe(text, self.card_name)

    def _replacement(self, value: str) -> dict[str, Any]:
        """An `R:` line: the ability of the kind whose `read_replacement` reads it."""
        params = parse_params(value)
        for read in REPLACEMENT_LINES:
            if (ability := read(self, params)) is not None:
                return ability
        raise ReadError("FG200", f"R: the reader knows no replacement effect like {value}")

    def _add_trigger(self, abilities: list[dict[str, Any]], value: str, host: str) -> None:
        """A `T:` line; one with `Secondary$ True` is another line of the trigger before it (the same
        `Execute$`), whose events are together the event whose `forge.joins` they are ("enters or dies")."""
        params = parse_params(value)
        if ("Secondary", "True") not in params:
            abilities.append(self._trigger(value, host))
            return
        head = self._trigger_head(Bag([p for p in params if p[0] not in ("Secondary", "Execute",
                                                                            "TriggerDescription")], "T:"), value)
        execute = dict(params).get("Execute")
        first = abilities[-1] if abilities and abilities[-1].get("kind") == TRIGGER_KIND else None
        if first is None or first.get("_execute") != execute:
            raise ReadError("FG201", f"T: a Secondary$ line without the trigger it belongs to: {value}")
        said = [*first.get("_joined", [first["event"]]), head["event"]]
        kinds = _kinds(said)
        joined = next((c for c in vocab.EVENTS.values() if c.forge.joins and list(c.forge.joins) == kinds), None)
        first["_joined"] = said
        if joined is not None:
            first["event"] = joined.forge.read_join(said) if joined.forge.read_join is not None else joined.kind
        elif not any(list(c.forge.joins[:len(kinds)]) == kinds for c in vocab.EVENTS.values()):
            raise ReadError("FG201", f"T: no trigger event of the vocabulary is {' or '.join(map(str, said))}")

    def _trigger_head(self, bag: Bag, value: str) -> dict[str, Any]:
        mode = bag.get("Mode")
        readers = [reader for construct in vocab.EVENTS.values()
                   if mode is not None and (reader := construct.forge.reads.get(mode)) is not None]
        if not readers:
            raise ReadError("FG200", f"T: the reader does not know trigger mode {mode!r}")
        head = next((said for reader in readers if (said := reader(self, bag, value)) is not None), None)
        if head is None:
            raise ReadError("FG201", f"T: no trigger event of the vocabulary reads {value}")
        bag.get("ActivationLimit")
        leftover = bag.leftover()
        if leftover:
            raise ReadError("FG201", f"T: unknown parameters {', '.join(leftover)}")
        return head

    def _trigger(self, value: str, host: str) -> dict[str, Any]:
        bag = Bag(parse_params(value), "T:")
        mode = bag.get("Mode")
        ability: dict[str, Any] = {"kind": TRIGGER_KIND}
        readers = [reader for construct in vocab.EVENTS.values()
                   if mode is not None and (reader := construct.forge.reads.get(mode)) is not None]
        if not readers:
            raise ReadError("FG200", f"T: the reader does not know trigger mode {mode!r}")
        # several events share a mode (ChangesZone: this enters, another permanent enters); each reader
        # returns None for a line that isn't its event's
        head = next((said for reader in readers if (said := reader(self, bag, value)) is not None), None)
        if head is None:
            raise ReadError("FG201", f"T: no trigger event of the vocabulary reads {value}")
        ability.update(head)
        if bag.peek("ActivationLimit") is not None:  # "This ability triggers only once each turn."
            if bag.get("ActivationLimit") != "1":
                raise ReadError("FG201", f"T: a trigger limit other than once each turn: {value}")
            ability["once_each_turn"] = True
        execute = bag.get("Execute")
        text = bag.get("TriggerDescription")
        leftover = bag.leftover()
        if leftover:
            raise ReadError("FG201", f"T: unknown parameters {', '.join(leftover)}")
        if execute is None:
            raise ReadError("FG201", "T: no Execute$")
        chain = Chain(host=host)
        self.read_chain(self.svar_params(execute), execute, chain)
        ability["text"] = undescribe(text or "(no description)", self.card_name)
        ability["_execute"] = execute
        ability["effects"] = [effect for node_effects, _ in self.finish(chain) for effect in node_effects]
        if "ABILITY" in ability["text"] and len(ability["effects"]) == 1 and ability["effects"][0].get("modes"):
            ability["text"] = ability["text"].replace("ABILITY", _modal_lines(ability["effects"][0]))
        return ability

    @staticmethod
    def params_of(text: str) -> list[tuple[str, str]]:
        """`Key$ value | Key$ value` as pairs (a keyword's parameters: `K:Class:2:W:AddTrigger$ T1 & T2`)."""
        return parse_params(text)

    def read_granted(self, param: str, name: str) -> list[dict[str, Any]]:
        """The abilities of the SVar `name` a keyword's `AddTrigger$` / `AddStaticAbility$` /
        `AddReplacementEffect$` names (a Class's level), read as the `T:` / `S:` / `R:` line it holds."""
        if name not in self.svars:
            raise ReadError("FG204", f"SVar {name} is used but not defined")
        self.used_svars.add(name)
        value = self.svars[name]
        if param == "AddTrigger":
            return [self._trigger(value, "permanent")]
        if param == "AddStaticAbility":
            read: list[dict[str, Any]] = []
            self._add_static(read, self._static(value))
            return read
        return [self._replacement(value)]

    @staticmethod
    def _add_static(abilities: list[dict[str, Any]], read: list[dict[str, Any]]) -> None:
        """An `S:` line without a Description$ continues the static ability before it (the writer gives
        the description to the first line of an ability only)."""
        for ability in read:
            if ability.get("_continues") and abilities and abilities[-1].get("kind") == STATIC_KIND:
                abilities[-1]["effects"].extend(ability["effects"])
                continue
            ability.pop("_continues", None)
            abilities.append(ability)

    def _static(self, value: str) -> list[dict[str, Any]]:
        params = parse_params(value)
        if dict(params).get("Mode") != "Continuous":
            for read in MODE_STATIC_LINES:  # another mode: the ability of the kind whose reader reads it
                if (ability := read(self, params)) is not None:
                    return [ability]
        bag = Bag(params, "S:")
        if bag.get("Mode") != "Continuous":
            raise ReadError("FG200", f"S: the reader knows only continuous statics: {value}")
        affected = self._affected(bag)
        effects = [effect for read in CONTINUOUS_PARTS if (effect := read(self, bag, affected)) is not None]
        text = bag.get("Description")
        leftover = bag.leftover()
        if leftover:
            raise ReadError("FG201", f"S: unknown parameters {', '.join(leftover)}")
        if not effects:
            raise ReadError("FG201", f"S: a static ability without a known effect: {value}")
        return [{"kind": STATIC_KIND, "text": undescribe(text or "(no description)", self.card_name),
                 "effects": effects, **({"_continues": True} if text is None else {})}]

    def _affected(self, bag: Bag) -> Any:
        defined = bag.get("AffectedDefined")
        affected = bag.get("Affected")
        if defined is not None:
            # StaticAbilityContinuous: AffectedDefined$ is AbilityUtils.getDefinedCards of the host (`Self`: the
            # card itself, as `Affected$ Card.Self` says it)
            if defined not in ("Equipped", "Enchanted", "Self") or affected not in (None, "Creature", "Card",
                                                                                    "Permanent"):
                raise ReadError("FG203", f"S: AffectedDefined$ {defined} with Affected$ {affected}")
            return defined.lower()
        if affected is None:
            raise ReadError("FG203", "S: no Affected$")
        for subject, spellings in vocab_subject.table(lambda c: c.forge.read_affected or None).items():
            if affected in spellings:
                return subject
        parsed = read_valid(affected)
        if parsed.error or parsed.flags:
            raise ReadError("FG203", f"S: Affected$ {affected}: {parsed.error or 'unsupported restriction'}")
        return {"all": parsed.fields}

    def take_check(self, bag: Bag, svars_read: Callable[[str], tuple[str, ...] | None]) -> bool:
        """A trigger's `CheckSVar$ X | SVarCompare$ GE1` (GE1 is Forge's default: Trigger.requirementsCheck)
        whose SVar `svars_read` accepts: it is given the SVar's text and returns the names of the SVars the
        check reads, or None for another check. Taken from `bag` and its SVars marked used when accepted."""
        name = bag.peek("CheckSVar") or ""
        read = svars_read(self.svars.get(name, ""))
        if bag.peek("SVarCompare") not in ("GE1", None) or read is None:
            return False
        bag.get("CheckSVar")
        bag.get("SVarCompare")
        self.used_svars.update((name, *read))
        return True

    # ------------------------------------------------------------------------------------- chains
    def svar_params(self, name: str) -> list[tuple[str, str]]:
        if name not in self.svars:
            raise ReadError("FG204", f"SVar {name} is used but not defined")
        self.used_svars.add(name)
        return parse_params(self.svars[name])

    def read_chain(self, params: list[tuple[str, str]], where: str, chain: Chain) -> None:
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
            params, where = self.svar_params(sub), f"SVar:{sub}"

    def finish(self, chain: Chain) -> list[tuple[list[dict[str, Any]], str | None]]:
        """Turn read nodes into spec effects: target ranges into `only_if_promised` and "instead", node
        references into ids. Returns (effects, description) per produced group, in order."""
        out: list[tuple[list[dict[str, Any]], str | None]] = []
        position = 0
        # bookkeeping abilities (Cleanup, DamageResolve) carry no effect; they did their part while reading
        nodes = [node for node in chain.nodes if node.effects or node.api not in BOOKKEEPING]
        carried: str | None = None
        while position < len(nodes):
            node = nodes[position]
            if node.holds:  # its target is a subject of the next ability, which takes its text
                if not node.held or node.target is None or node.ranges[0] != node.ranges[1]:
                    raise ReadError("FG201", "Pump without NumAtt$, NumDef$ or KW$ whose target no later "
                                             "ability names (ParentTarget)")
                self._set_range(node.target, *node.ranges[0])
                carried = carried or node.description
                position += 1
                continue
            if carried is not None:
                node.description = node.description or carried
                carried = None
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
                branch_target = find_target(branch)
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
        identifier: str = effect["id"]
        return identifier


def _modal_lines(effect: dict[str, Any]) -> str:
    """What a trigger's `ABILITY` stands for when it executes a `Charm` (a modal ability, 700.2): the
    choosing words and each mode's line, as the card prints them."""
    from cardgen.vocab.effects.modes import ChooseModes, lines

    said = lines(ChooseModes.model_construct(**{key: value for key, value in effect.items() if key != "modes"},
                                             modes=[_Mode(mode) for mode in effect["modes"]]))
    return "\n".join([said[0][:1].lower() + said[0][1:], *said[1:]])


class _Mode:
    """A read mode's text and pawprints, as the modes' line writer asks for them."""

    def __init__(self, mode: dict[str, Any]) -> None:
        self.text: str = mode.get("text", "")
        self.pawprints: int | None = mode.get("pawprints")


def _in_levels(abilities: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A Class's abilities in their levels (716.2b): those a keyword line read with the level they are of
    (`_level`: its `K:Class` lines, read before the other lines) after the card's own lines, which are of
    level 1, in level order (0: the level 1 line itself, first)."""
    if not any("_level" in ability for ability in abilities):
        return abilities
    ordered = sorted(enumerate(abilities), key=lambda item: (item[1].get("_level", 1), item[0]))
    return [{key: value for key, value in ability.items() if key != "_level"} for _, ability in ordered]


def read_script(text: str, source: str = "<script>") -> ReadResult:
    """Read one Forge card script into a spec (`card` None when it cannot be read at all)."""
    return ScriptReader(text, source).read()
