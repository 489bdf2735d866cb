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

from dataclasses import dataclass, field

from cardgen.engines.forge.counts import promised_count
from cardgen.engines.forge.syntax import (
    COUNTERS,
    KEYWORDS,
    LIFE_CANT_CHANGE,
    PROTECTION_EVERYTHING,
    Params,
    description,
    forge_mana,
    oracle_line,
    unsafe_reason,
)
from cardgen.engines.forge.tokens import token_script
from cardgen.engines.forge.valid import valid_expression
from cardgen.gift import GIFT_KINDS
from cardgen.spec.derive import filter_words
from cardgen.spec.model import (
    AdditionalCost,
    AllSubject,
    Attach,
    Bounce,
    CantCastSpells,
    Card,
    Control,
    CounterSpell,
    CreateToken,
    Damage,
    DelayedTrigger,
    Destroy,
    Draw,
    Effect,
    EnchantAbility,
    EquipAbility,
    Exile,
    Fight,
    GainKeyword,
    GainLife,
    GiveGift,
    KeywordAbility,
    LifeCantChange,
    LoseLife,
    MayCastFromExile,
    Modify,
    ObjectFilter,
    PhaseOut,
    Protection,
    Pump,
    PutCounters,
    RefSubject,
    ReturnCard,
    RevealAndExile,
    Sacrifice,
    SpellAbility,
    StaticAbility,
    Tap,
    Target,
    TargetSubject,
    TokenCopy,
    TriggeredAbility,
)


class RenderError(Exception):
    """The spec says something this backend cannot write; `code` is FG100 (unsafe text) or FG101."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


# ------------------------------------------------------------------------------------- script model


@dataclass
class SVarLine:
    """`SVar:<name>:<value>`: an ability (params) or a plain value such as a count."""

    name: str
    params: Params | None = None
    text: str | None = None


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

PLAYER_WORDS: dict[str, str] = {
    "you": "You", "each_player": "Player", "each_opponent": "Opponent", "gift_recipient": "Promised",
}
OBJECT_WORDS: dict[str, str] = {"self": "Self", "enchanted": "Enchanted", "equipped": "Equipped"}
TARGET_PLAYERS: dict[str, str] = {"any": "Player", "opponent": "Opponent", "you": "You"}

MOVERS = (ReturnCard, Exile, Bounce, RevealAndExile)
"""Effects after which "that card" is a new object: later effects find it through Forge's remembered
list (`RememberChanged$ True` ... `Defined$ Remembered`), not through the target."""

ZONE_NAMES: dict[str, str] = {
    "battlefield": "Battlefield", "graveyard": "Graveyard", "hand": "Hand", "stack": "Stack",
    "exile": "Exile", "library": "Library",
}


def safe(text: str, what: str) -> str:
    """Refuse text that would add a parameter or a line to the script (Forge has no escape)."""
    reason = unsafe_reason(text)
    if reason:
        raise RenderError("FG100", f"{what} {reason}; Forge has no escape for it inside a script field: {text!r}")
    return text


def _subjects(effect: Effect) -> list[tuple[str, object]]:
    """The subject slots of an effect (`what`, `to`, `who`, `of`, `other`), by field name."""
    found = []
    for name in ("what", "to", "who", "of", "other"):
        value = getattr(effect, name, None)
        if value is None or (isinstance(effect, ReturnCard) and name == "to"):
            continue  # ReturnCard.to is a zone, not a subject
        found.append((name, value))
    return found


def _targets(effect: Effect) -> list[Target]:
    return [subject.target for _, subject in _subjects(effect) if isinstance(subject, TargetSubject)]


def _refs(effect: Effect) -> list[RefSubject]:
    return [subject for _, subject in _subjects(effect) if isinstance(subject, RefSubject)]


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


# ------------------------------------------------------------------------------------------ chains


@dataclass
class Step:
    """One effect as planned in a chain: `gate` is the side of the promise an "instead" split put it on;
    `ranges` holds per-target (min, max) pairs when only the target count changes with the promise."""

    effect: Effect
    gate: str | None = None
    ranges: tuple[tuple[int, int], tuple[int, int]] | None = None
    """((min, max) if promised, (min, max) if not) for the effect's single target."""
    description: str | None = None


@dataclass
class Node:
    """One Forge ability of a chain, before linking: its API line and where "that object" points."""

    step: Step | None
    params: Params
    has_targets: bool = False
    remembers: bool = False


def _same_but_counts(base: Effect, other: Effect) -> bool:
    """True when `other` differs from `base` only in its single target's min/max."""
    targets = _targets(base)
    if type(base) is not type(other) or len(targets) != 1 or len(_targets(other)) != 1:
        return False
    strip = {"instead_if_promised": None, "id": None, "condition": None}
    left = base.model_copy(update=strip).model_dump()
    right = other.model_copy(update=strip).model_dump()

    def blank(data: object) -> object:
        if isinstance(data, dict):
            return {key: (None if key in ("min", "max", "only_if_promised") else blank(value))
                    for key, value in data.items()}
        if isinstance(data, list):
            return [blank(item) for item in data]
        return data

    return blank(left) == blank(right)


def plan_steps(effects: list[Effect], texts: list[str | None]) -> list[Step]:
    """Expand "instead" replacements: a count change stays one step, anything else becomes two steps
    gated on the two sides of the promise. `texts[i]` is the description of effect i (or None)."""
    steps: list[Step] = []
    carried: str | None = None
    for effect, own_text in zip(effects, texts, strict=True):
        text = own_text or carried
        carried = None
        if isinstance(effect, GiveGift):
            carried = text  # derived: Forge gives the gift from K:Gift; its text moves to the next effect
            continue
        replacement = effect.instead_if_promised
        if replacement is None:
            steps.append(Step(effect, description=text))
            continue
        if effect.condition is not None:
            raise RenderError("FG101", "an effect with both `condition` and `instead_if_promised` has no Forge form")
        if _same_but_counts(effect, replacement):
            base_target, new_target = _targets(effect)[0], _targets(replacement)[0]
            steps.append(Step(effect.model_copy(update={"instead_if_promised": None}),
                              ranges=((new_target.min, new_target.max), (base_target.min, base_target.max)),
                              description=text))
        else:
            steps.append(Step(effect.model_copy(update={"instead_if_promised": None}), gate="not_promised",
                              description=text))
            steps.append(Step(replacement, gate="promised"))
    return steps


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
    def _name(self, stem: str) -> str:
        name, number = stem, 1
        while name in self.names:
            number += 1
            name = f"{stem}{number}"
        self.names.add(name)
        return name

    def _count(self, if_promised: int, if_not: int) -> str:
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
        name = self._name("X")
        self.counts.append(SVarLine(name, text=text))
        return name

    # ----------------------------------------------------------------------------------- card
    def build(self) -> ScriptModel:
        card = self.card
        name = card.name
        if "\n" in name or "\r" in name:
            raise RenderError("FG100", f"the card name {name!r} contains a line break")
        if "\\" in card.oracle or "\r" in card.oracle or any(
                ord(char) < 32 and char != "\n" for char in card.oracle):
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
            if isinstance(ability, TriggeredAbility):
                triggers.append(self._trigger(ability))
        gift = None
        if card.gift:
            gift = [*GIFT_ABILITIES[card.gift], ("GiftDescription", GIFT_KINDS[card.gift].printed)]
        types = " ".join([*card.supertypes, *card.types, *card.subtypes])
        return ScriptModel(
            name=name, mana_cost=forge_mana(card.mana_cost), types=types, pt=card.pt, keywords=keywords,
            gift=gift, spells=spells, triggers=triggers, statics=statics, svars=self.svars + self.counts,
            oracle=oracle_line(card.oracle),
        )

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
        for ability in abilities:
            for index, effect in enumerate(ability.effects):
                effects.append(effect)
                texts.append(ability.text if index == 0 else None)
        steps = plan_steps(effects, texts)
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

    def _trigger(self, ability: TriggeredAbility) -> Params:
        effects = [e for e in ability.effects if not isinstance(e, GiveGift)]
        if not effects:
            raise RenderError("FG101", "a triggered ability whose only effect is the gift is derived by Forge; "
                                       "drop it from the spec")
        steps = plan_steps(effects, [None] * len(effects))
        execute = self._name("Trig" + self._api_stem(steps[0].effect))
        self._chain(steps, root_kind="DB", stem="DB", root_name=execute)
        head: Params
        if ability.event == "enters":
            valid = "Card.Self+PromisedGift" if ability.intervening_if == "promised" else "Card.Self"
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
    @staticmethod
    def _api_stem(effect: Effect) -> str:
        return type(effect).__name__

    def _chain(self, steps: list[Step], root_kind: str, stem: str, prefix: Params | None = None,
               root_name: str | None = None, outer: ChainState | None = None) -> Params:
        """Write a chain; the root's params are returned (for `A:`), or stored under `root_name`."""
        state = ChainState(steps=steps, outer=outer)
        nodes = [self._node(step, state, index) for index, step in enumerate(steps)]
        if state.remembered_by is not None and outer is None:
            nodes.append(Node(None, [("Cleanup", ""), ("ClearRemembered", "True")]))
        names: list[str | None] = [root_name]
        for node in nodes[1:]:
            api = node.params[0][0] if node.step is None else node.params[0][1]
            names.append(self._name(stem + api))
        lines: list[Params] = []
        for index, node in enumerate(nodes):
            if node.step is None:  # Cleanup
                params: Params = [("DB", "Cleanup"), *node.params[1:]]
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


@dataclass
class ChainState:
    """What later abilities of a chain need to know about earlier ones."""

    steps: list[Step]
    outer: ChainState | None = None
    nodes: list[Node] = field(default_factory=list)
    remembered_by: str | None = None
    """The id of the effect whose objects are on the remembered list."""
    delayed_remember: str | None = None
    """Inside a delayed trigger: how the outer object was handed over (`DelayTriggerRememberedLKI`...)."""


class EffectWriter:
    """Writes one effect as one Forge ability (API plus parameters)."""

    def __init__(self, builder: ScriptBuilder, step: Step, state: ChainState, index: int) -> None:
        self.builder = builder
        self.step = step
        self.effect = step.effect
        self.state = state
        self.index = index
        self.has_targets = bool(_targets(step.effect))
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
        return [(key, self.builder._count(promised, not_promised))]

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
        while chain is not None:
            positions = [position for position, step in enumerate(chain.steps[: len(chain.nodes)])
                         if step.effect.id == identifier]
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
        if condition == "promised" and any(t.only_if_promised for t in _targets(effect)):
            condition = None  # no target chosen unless promised: the ability does nothing anyway
        params: Params = []
        if effect.only_if is not None:
            source, chain = self._find(effect.only_if.ref)
            if chain is not self.state:
                raise RenderError("FG101", "a check on an object outside the delayed trigger has no Forge form")
            params.append(("ConditionDefined", self._ref_defined(RefSubject(ref=effect.only_if.ref))))
            params.append(("ConditionPresent", valid_expression(effect.only_if.matches, any_object="Card")))
            if condition is not None:
                params[0:0] = [("ConditionCheckSVar", self.builder._count(1, 0))]
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
            return "ChangeZone", [*self.target(what.target, implied_zone=implied),
                                  ("Origin", zone), ("Destination", destination)]
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
        params: Params = [("ChangeType", valid_expression(selector, extra=("IsRemembered",)))]
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
        if not (isinstance(e.who, str) and e.who in PLAYER_WORDS) and not isinstance(e.who, TargetSubject):
            raise RenderError("FG101", "life_cant_change applies to players")
        return self._pump(e.who, [("KW", LIFE_CANT_CHANGE)], e.duration)

    def _PutCounters(self, e: PutCounters) -> tuple[str, Params]:
        extra: Params = [("CounterType", COUNTERS[e.counter])]
        if e.amount != 1:
            extra.append(("CounterNum", str(e.amount)))
        if (selector := self._all_or(e.what)) is not None:
            return "PutCounterAll", [("ValidCards", valid_expression(selector)), *extra]
        return "PutCounter", [*self.defined(e.what), *extra]

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
        params = [*self.defined(e.who, player=True), ("SacValid", valid_expression(e.filter, extra=extra))]
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
        params.append(("Mandatory", "True"))
        return "ChangeZone", params

    def _MayCastFromExile(self, e: MayCastFromExile) -> tuple[str, Params]:
        if not isinstance(e.what, RefSubject):
            raise RenderError("FG101", "may_cast_from_exile refers to an earlier effect's card")
        remembered = self._ref_defined(e.what)
        static_name = self.builder._name("STPlay")
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
        if not (isinstance(e.who, str) and e.who in ("you", "each_player", "each_opponent")):
            raise RenderError("FG101", "cant_cast_spells applies to you, each player or each opponent")
        caster = {"you": "You", "each_player": "Player", "each_opponent": "Opponent"}[e.who]
        name = self.builder._name("STCantBeCast")
        self.builder.deferred.append(SVarLine(name, [("Mode", "CantBeCast"), ("ValidCard", "Card"),
                                                  ("Caster", caster),
                                                  ("Description", "Spells can't be cast.")]))
        timing = [("Duration", "UntilYourNextTurn")] if e.duration == "until_your_next_turn" else []
        return "Effect", [("StaticAbilities", name), *timing]

    def _DelayedTrigger(self, e: DelayedTrigger) -> tuple[str, Params]:
        inner_refs = [ref for inner in e.effects for ref in _refs(inner)]
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
        steps = plan_steps(list(e.effects), [None] * len(e.effects))
        execute = self.builder._name("Trig" + ScriptBuilder._api_stem(steps[0].effect))
        inner_state = ChainState(steps=steps, outer=self.state, delayed_remember=delayed_remember)
        nodes = []
        for index, step in enumerate(steps):
            writer = EffectWriter(self.builder, step, inner_state, index)
            node = Node(step, writer.write(), has_targets=writer.has_targets)
            if node.has_targets:
                raise RenderError("FG101", "a delayed trigger's effects cannot choose new targets here")
            inner_state.nodes.append(node)
            nodes.append(node)
        names = [execute] + [self.builder._name("DB" + n.params[0][1]) for n in nodes[1:]]
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


def build_script(card: Card) -> ScriptModel:
    """The render context for one card; raises `RenderError` for what Forge cannot be told."""
    return ScriptBuilder(card).build()
