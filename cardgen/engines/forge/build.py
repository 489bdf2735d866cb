"""Spec -> Forge script model: the render context of `templates/forge/card.txt.j2`.

The template lays the file out; this module decides what each line says. A spell's effects become one
chain of Forge abilities (`A:SP$ ...` then `SVar:DB...:DB$ ...` linked by `SubAbility$`), a triggered
ability a `T:` line whose `Execute$` starts a chain, a static ability an `S:` line. The gift itself is the
`K:Gift` keyword plus `SVar:GiftAbility`; Forge gives it first on spells and adds the enters trigger of
permanents itself, exactly as rule 702.174b/j say.

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
from dataclasses import dataclass

from cardgen.engines.forge.chain import (
    ChainState,
    Node,
    RenderError,
    Step,
    SVarLine,
    api_stem,
    cleanup_node,
    plan_steps,
    safe,
)
from cardgen.engines.forge.counts import promised_count
from cardgen.engines.forge.effects import EffectWriter
from cardgen.engines.forge.syntax import KEYWORDS, Params, description, forge_mana, oracle_line
from cardgen.engines.forge.valid import valid_expression
from cardgen.spec.derive import filter_words
from cardgen.spec.gift import GIFT_KINDS
from cardgen.spec.model import (
    AdditionalCost,
    AllSubject,
    Card,
    Control,
    DelayedTrigger,
    Effect,
    EnchantAbility,
    EquipAbility,
    GiveGift,
    KeywordAbility,
    MayCastFromExile,
    Modify,
    ObjectFilter,
    SpellAbility,
    StaticAbility,
    TriggeredAbility,
)

__all__ = ["RenderError", "SVarLine", "ScriptBuilder", "ScriptModel", "build_script"]

_CONTROL_BUT_NEWLINE = re.compile("[\x00-\x09\x0b-\x1f]")
"""A character below U+0020 other than the line feed the `Oracle:` line encodes."""


# ------------------------------------------------------------------------------------- script model


@dataclass
class ScriptModel:
    """Everything `card.txt.j2` prints, in file order."""

    name: str
    mana_cost: str
    types: str
    pt: str | None
    keywords: list[str]
    gift: Params | None
    spells: list[Params]
    triggers: list[Params]
    statics: list[Params]
    svars: list[SVarLine]
    deck_hints: list[str]
    """`DeckHas:` / `DeckNeeds:` lines for Forge's deck generation."""
    oracle: str


GIFT_ABILITIES: dict[str, Params] = {
    "card": [("DB", "Draw"), ("Defined", "Promised")],
    "food": [("DB", "Token"), ("TokenScript", "c_a_food_sac"), ("TokenOwner", "Promised")],
    "treasure": [("DB", "Token"), ("TokenScript", "c_a_treasure_sac"), ("TokenOwner", "Promised")],
    "tapped_fish": [("DB", "Token"), ("TokenScript", "u_1_1_fish"), ("TokenTapped", "True"),
                    ("TokenOwner", "Promised"), ("LockTokenScript", "True")],
    "octopus": [("DB", "Token"), ("TokenScript", "u_8_8_octopus"), ("TokenOwner", "Promised"),
                ("LockTokenScript", "True")],
    "extra_turn": [("DB", "AddTurn"), ("Defined", "Promised"), ("NumTurns", "1")],
}
"""`SVar:GiftAbility` per gift kind (702.174d-i), without the trailing `GiftDescription$`."""

class ScriptBuilder:
    """Builds the `ScriptModel` of one card. One instance per card: it owns the SVar name space."""

    def __init__(self, card: Card) -> None:
        self.card = card
        self.host = "spell" if card.is_instant_or_sorcery else "permanent"
        self.svars: list[SVarLine] = []
        self.deferred: list[SVarLine] = []
        """SVars made while writing an ability (its static abilities, a delayed trigger's chain): written
        after the chain that uses them, so the file reads top-down."""
        self.counts: list[SVarLine] = []
        self.names: set[str] = {"GiftAbility"}

    # ----------------------------------------------------------------------------------- names
    def svar_name(self, stem: str) -> str:
        name, number = stem, 1
        while name in self.names:
            number += 1
            name = f"{stem}{number}"
        self.names.add(name)
        return name

    def count_svar(self, if_promised: int, if_not: int) -> str:
        """A count SVar evaluating to `if_promised` / `if_not`; identical counts share one name."""
        text = promised_count(if_promised, if_not)
        for line in self.counts:
            if line.text == text:
                return line.name
        for stem in ("X", "Y", "Z"):
            if stem not in self.names:
                self.names.add(stem)
                self.counts.append(SVarLine(stem, text=text))
                return stem
        name = self.svar_name("X")
        self.counts.append(SVarLine(name, text=text))
        return name

    # ----------------------------------------------------------------------------------- card
    def build(self) -> ScriptModel:
        card = self.card
        name = card.name
        if "\n" in name or "\r" in name:
            raise RenderError("FG100", f"the card name {name!r} contains a line break")
        if "\\" in card.oracle or "\r" in card.oracle or _CONTROL_BUT_NEWLINE.search(card.oracle):
            raise RenderError("FG100", "the oracle text contains a backslash or a control character, which "
                                       "Forge's `Oracle:` line cannot carry")
        for word in [*card.subtypes]:
            safe(word, "a subtype")
        keywords: list[str] = ["Gift"] if card.gift else []
        spells: list[Params] = []
        triggers: list[Params] = []
        statics: list[Params] = []
        for ability in card.abilities:
            if isinstance(ability, KeywordAbility):
                keywords.append(KEYWORDS[ability.keyword])
            elif isinstance(ability, EnchantAbility):
                keywords.append(self._enchant(ability.filter))
            elif isinstance(ability, EquipAbility):
                keywords.append(f"Equip:{forge_mana(ability.cost)}")
            elif isinstance(ability, StaticAbility):
                statics.extend(self._static(ability))
        spell_abilities = [a for a in card.abilities if isinstance(a, SpellAbility)]
        if spell_abilities:
            spells.append(self._spell(spell_abilities))
        for ability in card.abilities:
            if isinstance(ability, TriggeredAbility) and (trigger := self._trigger(ability)) is not None:
                triggers.append(trigger)
        gift = None
        if card.gift:
            gift = [*GIFT_ABILITIES[card.gift], ("GiftDescription", GIFT_KINDS[card.gift].printed)]
        types = " ".join([*card.supertypes, *card.types, *card.subtypes])
        return ScriptModel(
            name=name, mana_cost=forge_mana(card.mana_cost), types=types, pt=card.pt, keywords=keywords,
            gift=gift, spells=spells, triggers=triggers, statics=statics,
            svars=self.svars + self.counts + self._ai_svars(), deck_hints=self._deck_hints(),
            oracle=oracle_line(card.oracle),
        )

    def _ai_svars(self) -> list[SVarLine]:
        """AI hints Forge's own scripts of the same shape carry (see `hints`)."""
        card = self.card
        effects = [effect for ability in card.abilities for effect in getattr(ability, "effects", [])]
        hints: list[SVarLine] = []
        if any(isinstance(ability, EnchantAbility) for ability in card.abilities) and any(
                isinstance(effect, Control) and effect.affected == "enchanted" for effect in effects):
            hints.append(SVarLine("AttachAILogic", text="GainControl"))
        if any(isinstance(effect, MayCastFromExile) for effect in _all_effects(effects)):
            hints.append(SVarLine("PlayMain1", text="TRUE"))
        return hints

    def _deck_hints(self) -> list[str]:
        card = self.card
        lines: list[str] = []
        if any(isinstance(ability, AdditionalCost) for ability in card.abilities):
            lines.append("DeckHas:Ability$Discard")
        if any(isinstance(ability, TriggeredAbility) and ability.event == "you_give_gift"
               for ability in card.abilities):
            lines.append("DeckNeeds:Keyword$Gift")
        return lines

    def _enchant(self, selector: ObjectFilter) -> str:
        valid = valid_expression(selector)
        if "." in valid or "," in valid:
            return f"Enchant:{valid}:{safe(filter_words(selector), 'an enchant description')}"
        return f"Enchant:{valid}"

    def _describe(self, text: str, what: str) -> str:
        return safe(description(text, self.card.name), what)

    # ---------------------------------------------------------------------------------- abilities
    def _spell(self, abilities: list[SpellAbility]) -> Params:
        effects: list[Effect] = []
        texts: list[str | None] = []
        groups: list[int] = []
        for group, ability in enumerate(abilities):
            for index, effect in enumerate(ability.effects):
                effects.append(effect)
                texts.append(ability.text if index == 0 else None)
                groups.append(group)
        steps = plan_steps(effects, texts, groups)
        if not steps:
            raise RenderError("FG101", "a spell whose only effect is the gift has no Forge ability to carry it")
        costs = [a for a in self.card.abilities if isinstance(a, AdditionalCost)]
        prefix: Params = []
        if costs:
            parts = [forge_mana(self.card.mana_cost)] if self.card.mana_cost and self.card.mana_cost.symbols else []
            parts += [f"Discard<{cost.discard}/Card>" for cost in costs]
            prefix = [("Cost", " ".join(parts)),
                      ("CostDesc", " ".join(self._describe(cost.text, "an additional cost text") for cost in costs))]
        return self._chain(steps, root_kind="SP", stem="DB", prefix=prefix)

    def _trigger(self, ability: TriggeredAbility) -> Params | None:
        effects = [e for e in ability.effects if not isinstance(e, GiveGift)]
        if not effects:
            return None  # the gift's own enters trigger, written out: Forge derives it from K:Gift
        steps = plan_steps(effects, [None] * len(effects))
        execute = self.svar_name("Trig" + api_stem(steps[0].effect))
        self._chain(steps, root_kind="DB", stem="DB", root_name=execute)
        head: Params
        if ability.event == "enters":
            valid = {"promised": "Card.Self+PromisedGift", "not_promised": "Card.Self+!PromisedGift",
                     None: "Card.Self"}[ability.intervening_if]
            head = [("Mode", "ChangesZone"), ("Origin", "Any"), ("Destination", "Battlefield"),
                    ("ValidCard", valid)]
        else:
            if ability.intervening_if:
                raise RenderError("FG101", f"an intervening 'if the gift was promised' on a {ability.event} "
                                           "trigger has no Forge form here")
            if ability.event == "each_end_step":
                head = [("Mode", "Phase"), ("Phase", "End of Turn"), ("TriggerZones", "Battlefield")]
            else:
                head = [("Mode", "GiveGift"), ("ValidPlayer", "You"), ("TriggerZones", "Battlefield")]
        return [*head, ("Execute", execute),
                ("TriggerDescription", self._describe(ability.text, "a trigger text"))]

    def _static(self, ability: StaticAbility) -> list[Params]:
        lines: list[Params] = []
        for index, effect in enumerate(ability.effects):
            params: Params = [("Mode", "Continuous"), *self._affected(effect.affected)]
            if isinstance(effect, Modify):
                if effect.power:
                    params.append(("AddPower", str(effect.power)))
                if effect.toughness:
                    params.append(("AddToughness", str(effect.toughness)))
                if effect.add_keywords:
                    params.append(("AddKeyword", " & ".join(KEYWORDS[k] for k in effect.add_keywords)))
                if effect.remove_keywords:
                    params.append(("RemoveKeyword", " & ".join(KEYWORDS[k] for k in effect.remove_keywords)))
                if effect.condition is not None:  # StaticAbility.checkConditions reads IsPresent$
                    params.append(("IsPresent", "Card.Self+PromisedGift"))
                    if effect.condition == "not_promised":
                        params.append(("PresentCompare", "EQ0"))
            elif isinstance(effect, Control):
                params.append(("GainControl", "You"))
            if index == 0:
                params.append(("Description", self._describe(ability.text, "a static ability text")))
            lines.append(params)
        return lines

    def _affected(self, subject: object) -> Params:
        if subject == "enchanted":
            return [("Affected", "Card.EnchantedBy")]
        if subject == "equipped":
            return [("Affected", "Creature.EquippedBy")]
        if subject == "self":
            return [("Affected", "Card.Self")]
        if isinstance(subject, AllSubject):
            return [("Affected", valid_expression(subject.all))]
        raise RenderError("FG101", f"a static ability affecting {subject!r} has no Forge form here")

    # -------------------------------------------------------------------------------------- chains
    def _chain(self, steps: list[Step], root_kind: str, stem: str, prefix: Params | None = None,
               root_name: str | None = None, outer: ChainState | None = None) -> Params:
        """Write a chain; the root's params are returned (for `A:`), or stored under `root_name`."""
        state = ChainState(steps=steps, outer=outer)
        nodes: list[Node] = []
        for index, step in enumerate(steps):
            if index and step.group != steps[index - 1].group and state.remembered_by is not None:
                nodes.append(cleanup_node())  # the next ability starts with an empty remembered list
                state.remembered_by = None
            nodes.append(self._node(step, state, index))
        if state.remembered_by is not None and outer is None:
            nodes.append(cleanup_node())
        nodes = _batch_damage(nodes)
        names: list[str | None] = [root_name]
        for node in nodes[1:]:
            api = node.params[0][0] if node.step is None else node.params[0][1]
            names.append(self.svar_name(stem + api))
        lines: list[Params] = []
        for index, node in enumerate(nodes):
            if node.step is None:  # bookkeeping: Cleanup, DamageResolve
                params: Params = [("DB", node.params[0][0]), *node.params[1:]]
            else:
                kind = root_kind if index == 0 else "DB"
                params = [(kind, node.params[0][1]), *node.params[1:]]
            if index == 0 and prefix:
                params[1:1] = prefix
            if index + 1 < len(nodes):
                params.append(("SubAbility", names[index + 1] or ""))
            if node.step is not None and node.step.description:
                params.append(("SpellDescription", self._describe(node.step.description, "an ability text")))
            lines.append(params)
        root = lines[0]
        if root_name is not None:
            self.svars.append(SVarLine(root_name, root))
        for name, params in zip(names[1:], lines[1:], strict=True):
            self.svars.append(SVarLine(name or "", params))
        if outer is None:
            self.svars.extend(self.deferred)
            self.deferred = []
        return root

    # -------------------------------------------------------------------------------------- effects
    def _node(self, step: Step, state: ChainState, index: int) -> Node:
        writer = EffectWriter(self, step, state, index)
        params = writer.write()
        node = Node(step, params, has_targets=writer.has_targets, remembers=writer.remembers)
        state.nodes.append(node)
        return node


DAMAGE_APIS = ("DealDamage", "DamageAll")


def _batch_damage(nodes: list[Node]) -> list[Node]:
    """Damage that is one instruction is one damage event: a damage effect marked `simultaneous` joins the
    damage effect before it ("1 damage to any target and 2 damage to each creature"). Forge collects such
    a run in a damage map (`DamageMap$ True` on the first, `DamageResolve` after the last; DamageDealEffect
    and DamageAllEffect then deal nothing themselves until DamageResolveEffect). Separate instructions
    stay separate abilities with no map, so each deals its own damage event, in order (608.2c)."""
    out: list[Node] = []
    position = 0
    while position < len(nodes):
        first = nodes[position]
        if _joins(first):
            raise RenderError("FG101", "a `simultaneous` damage effect must follow another damage effect of the "
                                       "same ability")
        end = position
        while (end + 1 < len(nodes) and _joins(nodes[end + 1]) and first.step is not None
               and first.params[0][1] in DAMAGE_APIS and nodes[end + 1].step.group == first.step.group):
            end += 1
        if end > position:
            if any(key.startswith("Condition") for key, _ in first.params):
                raise RenderError("FG101", "simultaneous damage whose first part has its own condition has no "
                                           "Forge damage-map form")
            first.params.append(("DamageMap", "True"))
            out.extend(nodes[position:end + 1])
            out.append(Node(None, [("DamageResolve", "")]))
            position = end + 1
        else:
            out.append(first)
            position += 1
    return out


def _joins(node: Node) -> bool:
    """True for a damage ability whose effect is dealt together with the damage before it."""
    return (node.step is not None and node.params[0][1] in DAMAGE_APIS
            and bool(getattr(node.step.effect, "simultaneous", False)))


def _all_effects(effects: list) -> list:
    """Effects with their "instead" replacements and delayed triggers' effects, flattened."""
    out: list[Effect] = []
    for effect in effects:
        out.append(effect)
        replacement = getattr(effect, "instead_if_promised", None)
        if replacement is not None:
            out.extend(_all_effects([replacement]))
        if isinstance(effect, DelayedTrigger):
            out.extend(_all_effects(list(effect.effects)))
    return out


def build_script(card: Card) -> ScriptModel:
    """The render context for one card; raises `RenderError` for what Forge cannot be told."""
    return ScriptBuilder(card).build()
