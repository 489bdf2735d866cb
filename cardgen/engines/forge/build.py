"""Spec -> Forge script model (`script.Script`): the render context of `templates/forge/card.txt.j2`.

The templates spell each line form; this module decides which forms a card has and what they hold. A
spell's effects become one chain of Forge abilities (`A:SP$ ...` then `SVar:DB...:DB$ ...` linked by
`SubAbility$`), a triggered ability a `T:` line whose `Execute$` starts a chain, a static ability an `S:`
line. The gift itself is the `K:Gift` keyword plus `SVar:GiftAbility`; Forge gives it first on spells and
adds the enters trigger of permanents itself, exactly as rule 702.174b/j say.

How the promise shows up (702.174k, m):
- a condition on an effect: `ConditionZone$ Stack | ConditionPresent$ Card.Self+PromisedGift |
  ConditionCompare$ EQ1` on spells, `ConditionDefined$ Self | ConditionPresent$ Card.PromisedGift | ...`
  on permanents;
- a target that exists only if promised: `TargetMin$ X | TargetMax$ X` with `SVar:X:Count$PromisedGift.1.0`;
- "instead": one ability with `Count$PromisedGift.<promised>.<not>` target counts when only the count
  changes, else two abilities each gated on one side of the promise.

Anything the vocabulary allows but Forge cannot be told is a `RenderError` (diagnostic FG101), never a
guess.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

from cardgen import vocab
from cardgen.diagnostics import Diagnostic, Location
from cardgen.engines.forge.chain import (
    ChainState,
    Node,
    RenderError,
    Step,
    api_stem,
    cleanup_node,
    plan_steps,
    safe,
)
from cardgen.engines.forge.effects import EffectWriter
from cardgen.engines.forge.kit import ForgeKit
from cardgen.engines.forge.script import (
    Ability,
    Count,
    CountedAmount,
    DeckHint,
    Hint,
    Keyword,
    Replacement,
    Script,
    Static,
    SVar,
    Trigger,
)
from cardgen.engines.forge.syntax import KEYWORDS, Params, description, forge_mana, oracle_line
from cardgen.engines.forge.valid import valid_expression
from cardgen.model.card import Card, Effect, ObjectFilter
from cardgen.model.derive import ability_effects, class_levels
from cardgen.model.gift import GIFT_KINDS
from cardgen.model.parts import filter_words
from cardgen.vocab import subject as vocab_subject

if TYPE_CHECKING:
    from cardgen.model.card import Ability as AbilityModel
    from cardgen.model.catalog import LoadedCard
    from cardgen.model.mana import ManaCost

_L = TypeVar("_L", Trigger, Static, Replacement)
"""A line of an ability that a Class's level gives through an SVar."""

__all__ = ["RenderError", "Script", "ScriptBuilder", "build_script", "refusal"]

_CONTROL_BUT_NEWLINE = re.compile("[\x00-\x09\x0b-\x1f]")
"""A character below U+0020 other than the line feed the `Oracle:` line encodes."""


GIFT_ABILITIES: dict[str, tuple[str, Params]] = {
    "card": ("Draw", [("Defined", "Promised")]),
    "food": ("Token", [("TokenScript", "c_a_food_sac"), ("TokenOwner", "Promised")]),
    "treasure": ("Token", [("TokenScript", "c_a_treasure_sac"), ("TokenOwner", "Promised")]),
    "tapped_fish": ("Token", [("TokenScript", "u_1_1_fish"), ("TokenTapped", "True"), ("TokenOwner", "Promised"),
                              ("LockTokenScript", "True")]),
    "octopus": ("Token", [("TokenScript", "u_8_8_octopus"), ("TokenOwner", "Promised"), ("LockTokenScript", "True")]),
    "extra_turn": ("AddTurn", [("Defined", "Promised"), ("NumTurns", "1")]),
}
"""`SVar:GiftAbility` per gift kind (702.174d-i): API and parameters, without the trailing `GiftDescription$`."""

class ScriptBuilder(ForgeKit):
    """Builds the `Script` of one card. One instance per card: it owns the SVar name space.

    What it reads of the constructs (besides the effect writer's, see `effects`) is their Forge groups,
    documented in `cardgen.vocab.construct`: an effect's `ForgeEffect` (`static`, `hints`, `from_keyword`,
    `damage_map`), an ability kind's `ForgeAbility` (its line forms, `deck_hints`, `aura`), an event's
    `ForgeEvent` (through the triggered ability's construct).
    """

    # the script building blocks for the construct hooks, which can't import the engine at run time
    Keyword: TypeAlias = Keyword
    Trigger: TypeAlias = Trigger
    Ability: TypeAlias = Ability
    Replacement: TypeAlias = Replacement
    Static: TypeAlias = Static

    def __init__(self, card: Card) -> None:
        self.card = card
        self.host = "spell" if card.is_instant_or_sorcery else "permanent"
        self.svars: list[SVar] = []
        self.deferred: list[SVar] = []
        """SVars made while writing an ability (its static abilities, a delayed trigger's chain): written
        after the chain that uses them, so the file reads top-down."""
        self.counts: list[SVar] = []
        self.names: set[str] = {"GiftAbility"}
        self._grants: dict[int, dict[str, list[str]]] = {}
        """A Class's level -> `K:Class` parameter -> the SVars of that level's abilities (`_granted`)."""
        self.enchants = any(vocab.ability_of(ability).forge.aura for ability in card.abilities)
        """The card is an Aura (`K:Enchant`)."""

    # ----------------------------------------------------------------------------------- names
    def svar_name(self, stem: str) -> str:
        name, number = stem, 1
        while name in self.names:
            number += 1
            name = f"{stem}{number}"
        self.names.add(name)
        return name

    def ability_svar(self, stem: str, ability: Ability) -> str:
        """An SVar holding `ability` (`SVar:ETBTapped:DB$ Tap | ...`) under a fresh name from `stem`."""
        name = self.svar_name(stem)
        self.svars.append(SVar(name, ability))
        return name

    def count_svar(self, if_promised: int, if_not: int) -> str:
        """A count SVar evaluating to `if_promised` / `if_not`; identical counts share one name."""
        return self._count(Count(if_promised, if_not))

    def amount_svar(self, expression: str) -> str:
        """A count SVar holding a counted amount's expression (`PlayerCountOpponents$Amount`)."""
        return self._count(CountedAmount(expression))

    def _count(self, count: Count | CountedAmount) -> str:
        """The SVar of a count (X, Y, Z, then X2, ...); identical counts share one name."""
        for line in self.counts:
            if line.value == count:
                return line.name
        for stem in ("X", "Y", "Z"):
            if stem not in self.names:
                self.names.add(stem)
                self.counts.append(SVar(stem, count))
                return stem
        name = self.svar_name("X")
        self.counts.append(SVar(name, count))
        return name

    # ----------------------------------------------------------------------------------- card
    def build(self) -> Script:
        card = self.card
        name = card.name
        if "\n" in name or "\r" in name:
            raise RenderError("FG100", f"the card name {name!r} contains a line break")
        if "\\" in card.oracle or "\r" in card.oracle or _CONTROL_BUT_NEWLINE.search(card.oracle):
            raise RenderError("FG100", "the oracle text contains a backslash or a control character, which "
                                       "Forge's `Oracle:` line cannot carry")
        for word in [*card.subtypes]:
            safe(word, "a subtype")
        keywords: list[Keyword | None] = [Keyword("Gift")] if card.gift else []
        spells: list[Ability] = []
        triggers: list[Trigger] = []
        statics: list[Static] = []
        replacements: list[Replacement] = []
        forms = [vocab.ability_of(ability).forge for ability in card.abilities]  # each has a line form
        levels = class_levels(card.abilities)
        starts = [vocab.ability_of(ability).rule.level is not None for ability in card.abilities]
        gates: list[tuple[int, AbilityModel]] = []  # a Class's level lines, written once their abilities are
        for ability, forge, level, start in zip(card.abilities, forms, levels, starts, strict=True):
            if forge.keyword is not None:
                if start:
                    gates.append((len(keywords), ability))
                    keywords.append(None)
                else:
                    keywords.append(forge.keyword(self, ability))
            if forge.statics is not None:
                lines = forge.statics(self, ability)
                statics.extend(self._granted(level, "AddStaticAbility", "Level{n}Static", lines))
            if forge.mode_static is not None:
                statics.extend(self._granted(level, "AddStaticAbility", "Level{n}Static",
                                             [forge.mode_static(self, ability)]))
            if forge.replacement is not None and (line := forge.replacement(self, ability)) is not None:
                replacements.extend(self._granted(level, "AddReplacementEffect", "Level{n}Replacement", [line]))
        spell_abilities = [a for a, forge in zip(card.abilities, forms, strict=True) if forge.spell_part]
        if spell_abilities:
            spells.append(self._spell(spell_abilities))
        for ability, forge, level in zip(card.abilities, forms, levels, strict=True):
            if forge.trigger is not None and (trigger := forge.trigger(self, ability)) is not None:
                triggers.extend(self._granted(level, "AddTrigger", "Level{n}Trigger", [trigger]))
        for ability, forge, level in zip(card.abilities, forms, levels, strict=True):
            if forge.ability is not None:
                if level > 1:
                    raise RenderError("FG101", "an activated ability of a Class level above 1 has no Forge form here")
                spells.append(forge.ability(self, ability))
        for position, ability in gates:
            write = vocab.ability_of(ability).forge.keyword
            keywords[position] = write(self, ability) if write is not None else None
        gift = None
        if card.gift:
            api, params = GIFT_ABILITIES[card.gift]
            gift = SVar("GiftAbility", Ability("DB", api, [*params, ("GiftDescription",
                                                                   GIFT_KINDS[card.gift].printed)]))
        types = " ".join([*card.supertypes, *card.types, *card.subtypes])
        return Script(
            name=name, mana_cost=forge_mana(card.mana_cost), types=types, pt=card.pt,
            keywords=[keyword for keyword in keywords if keyword is not None],
            gift=gift, spells=spells, triggers=triggers, statics=statics, replacements=replacements,
            svars=self.svars + self.counts + self._ai_svars(), deck_hints=self._deck_hints(),
            oracle=oracle_line(card.oracle),
        )

    def _granted(self, level: int, param: str, stem: str, lines: Sequence[_L]) -> list[_L]:
        """The lines of an ability of level 1 as they are; those of a Class's later level in SVars its
        `K:Class` line names (`AddTrigger$ Level2Trigger`: forge-game CardFactoryUtil gives the level's
        abilities to a static of `ClassLevel$ N`, which has them while the Class's level is N or more)."""
        if level <= 1:
            return list(lines)
        names = self._grants.setdefault(level, {}).setdefault(param, [])
        for line in lines:
            name = self.svar_name(stem.format(n=level))
            self.svars.append(SVar(name, line))
            names.append(name)
        return []

    def level_grants(self, level: int) -> list[tuple[str, list[str]]]:
        """The SVars holding the abilities of a Class's level, by the `K:Class` parameter naming them."""
        return list(self._grants.get(level, {}).items())

    def _ai_svars(self) -> list[SVar]:
        """AI hints Forge's own scripts of the same shape carry (see `hints`)."""
        effects = [effect for ability in self.card.abilities for effect in getattr(ability, "effects", [])]
        hints: dict[str, str] = {}
        for ability in self.card.abilities:
            of_ability = vocab.ability_of(ability).forge.hints
            for name, value in of_ability(self, ability) if of_ability is not None else ():
                hints.setdefault(name, value)
        for effect in _all_effects(effects):
            declared = vocab.of(effect).forge.hints
            for name, value in declared(self, effect) if declared is not None else ():
                hints.setdefault(name, value)
        # by name, so the hints do not depend on the order of the abilities (a read-back card lists its
        # static abilities last)
        return [SVar(name, Hint(hints[name])) for name in sorted(hints)]

    def _deck_hints(self) -> list[DeckHint]:
        """One `DeckHas:`/`DeckHints:`/`DeckNeeds:` line each, its parts joined: Forge's CardRules reader keeps
        only the last line of a kind (`has = new DeckHints(value)`), so two would lose the first."""
        card = self.card
        hints: list[tuple[str, str, str]] = []
        for ability in card.abilities:
            declared = vocab.ability_of(ability).forge.deck_hints
            hints += [hint for hint in (declared(ability) if declared else ()) if hint not in hints]
        effects = [effect for ability in card.abilities for effect in getattr(ability, "effects", [])]
        for effect in _all_effects(effects):
            of_effect = vocab.of(effect).forge.deck_hints
            hints += [hint for hint in (of_effect(effect) if of_effect else ()) if hint not in hints]
        lines: dict[str, dict[str, list[str]]] = {}
        for line, kind, value in hints:
            values = lines.setdefault(line, {}).setdefault(kind, [])
            values += [part for part in value.split("|") if part not in values]
        return [DeckHint(line, [(kind, "|".join(values)) for kind, values in kinds.items()])
                for line, kinds in sorted(lines.items(), key=lambda item: item[0] != "DeckHas")]

    @staticmethod
    def keyword_word(word: str) -> str:
        """Forge's word for a spec keyword (`first_strike` -> `First Strike`)."""
        return KEYWORDS[word]

    @staticmethod
    def mana(cost: ManaCost | None) -> str:
        """Forge's mana cost (`{2}{W}` -> `2 W`)."""
        return forge_mana(cost)

    def enchant_keyword(self, selector: ObjectFilter) -> Keyword:
        valid = valid_expression(selector)
        if "." in valid or "," in valid:
            return Keyword("Enchant", (valid, safe(filter_words(selector), "an enchant description")))
        return Keyword("Enchant", (valid,))

    def describe(self, text: str, what: str) -> str:
        return safe(description(text, self.card.name), what)

    # ---------------------------------------------------------------------------------- abilities
    def _spell(self, abilities: list[AbilityModel]) -> Ability:
        effects: list[Effect] = []
        texts: list[str | None] = []
        groups: list[int] = []
        for group, ability in enumerate(abilities):
            for index, effect in enumerate(ability_effects(ability)):
                effects.append(effect)
                texts.append(getattr(ability, "text", None) if index == 0 else None)
                groups.append(group)
        steps = plan_steps(effects, texts, groups)
        if not steps:
            raise RenderError("FG101", "a spell whose only effect is the gift has no Forge ability to carry it")
        costs = [cost(self, a) for a in self.card.abilities
                 if (cost := vocab.ability_of(a).forge.spell_cost) is not None]
        prefix: Params = []
        if costs:
            parts = [forge_mana(self.card.mana_cost)] if self.card.mana_cost and self.card.mana_cost.symbols else []
            parts += [part for part, _ in costs]
            prefix = [("Cost", " ".join(parts)), ("CostDesc", " ".join(text for _, text in costs))]
        return self._chain(steps, root_kind="SP", stem="DB", prefix=prefix)

    def activated_chain(self, effects: list[Effect], description: str, prefix: Params) -> Ability:
        """An activated ability's `A:AB$ <Api> | Cost$ ... | ...` line, its later effects in `DB` SVars;
        `description` (the effect after the colon: Forge prints the cost itself) on its first effect."""
        steps = plan_steps(effects, [description, *[None] * (len(effects) - 1)])
        return self._chain(steps, root_kind="AB", stem="DB", prefix=prefix)

    def execute_chain(self, effects: list[Effect], stem: str = "Trig") -> str | None:
        """The chain of an ability's effects, stored under a new SVar (`TrigDraw`) for an `Execute$`; None
        when a keyword line writes every one of them (`forge.from_keyword`: the gift)."""
        effects = [e for e in effects if not vocab.of(e).forge.from_keyword]
        if not effects:
            return None
        steps = plan_steps(effects, [None] * len(effects))
        execute = self.svar_name(stem + api_stem(steps[0].effect))
        self._chain(steps, root_kind="DB", stem="DB", root_name=execute)
        return execute

    def static_lines(self, ability: Any) -> list[Static]:
        lines: list[Static] = []
        for index, effect in enumerate(ability.effects):
            write = vocab.of(effect).forge.static
            if write is None:
                raise RenderError("FG101", f"a static ability's {effect.effect!r} has no Forge form")
            text = self.describe(ability.text, "a static ability text") if index == 0 else None
            lines.append(Static("Continuous", [*self._affected(effect.affected), *write(self, effect)], text))
        return lines

    def _affected(self, subject: object) -> Params:
        """`Affected$` of a static ability, as the subject's construct spells it (`forge.affected`: the
        value for a word, a hook for a shape)."""
        construct = vocab_subject.of(subject)
        spelled = construct.forge.affected if construct is not None else None
        if spelled is None:
            raise RenderError("FG101", f"a static ability affecting {subject!r} has no Forge form here")
        return [("Affected", spelled(self, subject) if callable(spelled) else spelled)]

    # -------------------------------------------------------------------------------------- chains
    def _chain(self, steps: list[Step], root_kind: str, stem: str, prefix: Params | None = None,
               root_name: str | None = None, outer: ChainState | None = None) -> Ability:
        """Write a chain; its first ability is returned (for `A:`), and stored under `root_name` if given."""
        state = ChainState(steps=steps, outer=outer)
        nodes: list[Node] = []
        for index, step in enumerate(steps):
            if index and step.group != steps[index - 1].group and state.remembered_by is not None:
                nodes.append(cleanup_node())  # the next ability starts with an empty remembered list
                state.remembered_by = None
            nodes.extend(self._nodes(step, state, index))
        if state.remembered_by is not None and outer is None:
            nodes.append(cleanup_node())
        nodes = _batch_damage(nodes)
        names: list[str | None] = [root_name]
        for node in nodes[1:]:
            names.append(self.svar_name(stem + node.api))
        lines: list[Ability] = []
        for index, node in enumerate(nodes):
            ability = Ability(root_kind if index == 0 and node.step is not None else "DB", node.api, node.params)
            if index == 0 and prefix:
                ability.params = [*prefix, *ability.params]
            if index + 1 < len(nodes):
                ability.sub_ability = names[index + 1] or ""
            if node.step is not None and node.step.description \
                    and not vocab.of(node.step.effect).forge.describes_itself:
                ability.description = self.describe(node.step.description, "an ability text")
            lines.append(ability)
        root = lines[0]
        if root_name is not None:
            self.svars.append(SVar(root_name, root))
        for name, ability in zip(names[1:], lines[1:], strict=True):
            self.svars.append(SVar(name or "", ability))
        if outer is None:
            self.svars.extend(self.deferred)
            self.deferred = []
        return root

    # -------------------------------------------------------------------------------------- effects
    def _nodes(self, step: Step, state: ChainState, index: int) -> list[Node]:
        """The ability of one step, after the parent that holds its first target if it needs one
        (`EffectWriter.hold_target`); the step's text goes on the first of them. The chain state keeps one
        node per step (references find an effect by its step's position), the effect's own."""
        writer = EffectWriter(self, step, state, index)
        api, params = writer.write()
        nodes: list[Node] = []
        if writer.lead is not None:
            nodes.append(Node(step, *writer.lead, has_targets=True))
            step = replace(step, description=None)
        node = Node(step, api, params, has_targets=writer.has_targets, remembers=writer.remembers)
        state.nodes.append(node)
        return [*nodes, node]


def _batch_damage(nodes: list[Node]) -> list[Node]:
    """Damage that is one instruction is one damage event: an effect marked `simultaneous` (of a construct
    that declares `forge.damage_map`) joins the one before it ("1 damage to any target and 2 damage to each
    creature"). Forge collects such a run in a damage map (`DamageMap$ True` on the first, `DamageResolve`
    after the last; DamageDealEffect and DamageAllEffect then deal nothing themselves until
    DamageResolveEffect). Separate instructions stay separate abilities with no map, so each deals its own
    damage event, in order (608.2c)."""
    out: list[Node] = []
    position = 0
    while position < len(nodes):
        first = nodes[position]
        if _joins(first):
            raise RenderError("FG101", "a `simultaneous` damage effect must follow another damage effect of the "
                                       "same ability")
        end = position
        while (end + 1 < len(nodes) and _joins(nodes[end + 1]) and _in_damage_map(first)
               and _group(nodes[end + 1]) == _group(first)):
            end += 1
        if end > position:
            if any(key.startswith("Condition") for key, _ in first.params):
                raise RenderError("FG101", "simultaneous damage whose first part has its own condition has no "
                                           "Forge damage-map form")
            first.params.append(("DamageMap", "True"))
            out.extend(nodes[position:end + 1])
            out.append(Node(None, "DamageResolve", []))
            position = end + 1
        else:
            out.append(first)
            position += 1
    return out


def _in_damage_map(node: Node) -> bool:
    """True for an ability whose damage Forge can record in a damage map (`forge.damage_map`)."""
    return node.step is not None and vocab.of(node.step.effect).forge.damage_map


def _group(node: Node) -> int | None:
    """The effect group of the node's step (None for a bookkeeping ability, which has no step)."""
    return node.step.group if node.step is not None else None


def _joins(node: Node) -> bool:
    """True for a damage ability whose effect is dealt together with the damage before it."""
    return node.step is not None and _in_damage_map(node) and bool(getattr(node.step.effect, "simultaneous", False))


def _all_effects(effects: Sequence[Effect]) -> list[Effect]:
    """Effects with their "instead" replacements and the effects they carry (a delayed trigger's), flattened."""
    out: list[Effect] = []
    for effect in effects:
        out.append(effect)
        replacement = getattr(effect, "instead_if_promised", None)
        if replacement is not None:
            out.extend(_all_effects([replacement]))
        out.extend(_all_effects(list(getattr(effect, "effects", None) or ())))
        for mode in getattr(effect, "modes", None) or ():  # a modal effect's modes (700.2)
            out.extend(_all_effects(list(mode.effects)))
    return out


def build_script(card: Card) -> Script:
    """The render context for one card; raises `RenderError` for what Forge cannot be told. The export
    renders it (`ForgeBackend.render_card`) and `cardgen validate` asks it (`cardgen.engines.refusals`):
    one function both read, so the two cannot disagree on which cards Forge refuses."""
    return ScriptBuilder(card).build()


def refusal(error: RenderError, loaded: LoadedCard) -> Diagnostic:
    """The diagnostic of a card Forge refuses, as export and validate both report it."""
    return Diagnostic(code=error.code, message=f"{loaded.card.name}: {error.message}",
                      location=Location(str(loaded.path)), rule="forge")
