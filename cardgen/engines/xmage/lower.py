"""Lower one spec card to the parts of an XMage card class: header statements, one block of statements
per ability (each under its oracle line as a comment), filter fields, and the package-private classes
the card needs when no framework class fits (a sequence effect, a token, a rule-modifying effect, a
"whenever you give a gift" trigger) - all chosen by vocabulary, never by card name.

The mapping of single effects to framework effects is the table in `forms`; the parts of the lowering
(`lower_effects`, `lower_groups`, `lower_targets`, `lower_inner`) add what the table cannot say: gift
conditions (`ConditionalOneShotEffect` + `GiftWasPromisedCondition`), "instead" replacements, target
pointers, the conditional target adjuster; this module the card and the ability scaffolding.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

from cardgen import vocab
from cardgen.engines.xmage import data, rules_text
from cardgen.engines.xmage.card_model import CardHeader, InnerClass
from cardgen.engines.xmage.filters import FilterTable
from cardgen.engines.xmage.imports import Imports
from cardgen.engines.xmage.java_expr import Call, Expr, New, Raw, Str, call, new
from cardgen.engines.xmage.lower_effects import FORM_TESTS, FrameworkLowering
from cardgen.engines.xmage.lower_groups import EffectGroupLowering
from cardgen.engines.xmage.lower_inner import PREDEFINED_TOKEN_CLASSES, InnerClassLowering, xmage_token
from cardgen.engines.xmage.lower_parts import (
    Block,
    Host,
    assign,
    primary_field,
    primary_subject,
    stmt,
    subject_fields,
)
from cardgen.engines.xmage.lower_targets import TargetLowering
from cardgen.engines.xmage.problems import UNKNOWN_SUBTYPE, Unsupported
from cardgen.engines.xmage.targets import Slot
from cardgen.model.card import Card
from cardgen.model.derive import ability_effects, modal_effect
from cardgen.model.parts import GiftKind
from cardgen.text.abilities import ONCE_EACH_TURN, condition_phrase, effect_clauses, effect_line, trigger_phrase
from cardgen.text.oracle import self_noun as card_self_noun
from cardgen.vocab import ability_of
from cardgen.vocab.effects import modes as modes_text
from cardgen.vocab.java_statements import Statement

__all__ = ["FORM_TESTS", "GIFT_TYPES", "PREDEFINED_TOKEN_CLASSES", "Block", "CardLowering", "Host", "primary_field",
           "primary_subject", "subject_fields", "xmage_token"]

GIFT_TYPES = {"card": "CARD", "food": "FOOD", "treasure": "TREASURE", "tapped_fish": "TAPPED_FISH",
              "octopus": "OCTOPUS", "extra_turn": "EXTRA_TURN"}


class CardLowering(InnerClassLowering, TargetLowering, FrameworkLowering, EffectGroupLowering):
    """Everything the card template needs for one card: the header, one block per ability, the card's
    filter fields and its package-private classes. Its parts, one job each: `lower_inner` (the classes
    after the card class), `lower_targets` (target slots and adjusters), `lower_effects` (one effect as a
    framework effect), `lower_groups` (an effect list as top-level effects); this class the card and its
    abilities' scaffolding. The construct hooks receive it as `w` (their kit is all of these methods).

    What it reads of the constructs is their XMage groups, documented in `cardgen.vocab.construct`: an
    effect's `XMageEffect` (forms, own `when` tests and argument words, `framework`, `static`, the pointer
    and sequence properties), an ability kind's `XMageAbility` (`block`, `spell_part`) and an event's
    `XMageEvent.trigger` (through the triggered ability's construct).
    """

    # the Java building blocks for the construct hooks, which can't import the engine at run time
    new = staticmethod(new)
    call = staticmethod(call)
    Raw: TypeAlias = Raw
    New: TypeAlias = New
    Str: TypeAlias = Str
    Unsupported: TypeAlias = Unsupported
    Block: TypeAlias = Block
    Host: TypeAlias = Host
    assign = staticmethod(assign)

    def stmt(self, expr: Expr) -> Statement:
        """`expr;` as a constructor statement; `this.addAbility(X)` of an ability of a Class's later level as
        that level's construct adds it (`xmage.wrap_level`: X inside `GainClassAbilitySourceEffect`)."""
        if self._level is not None and isinstance(expr, Call) and expr.method == "addAbility" \
                and expr.receiver == Raw("this") and len(expr.args) == 1:
            gate, ability = self._level
            wrap = ability_of(gate).xmage.wrap_level
            if wrap is not None:
                expr = call("this", "addAbility", wrap(self, gate, ability, expr.args[0]))
        return stmt(expr)

    def __init__(self, card: Card, class_name: str) -> None:
        self.card = card
        self.class_name = class_name
        self.imports = Imports()
        self.imports.add_local(class_name)
        self.filters = FilterTable(self.imports)
        self.inner: list[InnerClass] = []
        self.header = CardHeader()
        self.blocks: list[Block] = []
        self._ability_declared = False
        self._tokens: dict[str, str] = {}
        self._locals: dict[str, str] = {}
        self._level: tuple[Any, Any] | None = None
        """(a Class's level line, an ability of that level) while that ability's block is written."""

    def use(self, simple: str) -> str:
        return self.imports.use(simple)

    def const(self, dotted: str) -> Raw:
        """`TargetController.OPPONENT` with its class imported."""
        owner, _, member = dotted.partition(".")
        return Raw(f"{self.use(owner)}.{member}")

    def intervening(self, condition: Any) -> Expr:
        """The condition of an intervening "if" (603.4): its construct's own expression where the framework
        constant's text isn't the printed one (`xmage.intervening`), else the constant."""
        own = vocab.condition(condition).xmage.intervening
        return own(self) if own is not None else self.promise(condition)

    def condition_ability_word(self, condition: Any) -> str | None:
        """The `AbilityWord` member a condition is printed after (`xmage.ability_word`), None for none."""
        return vocab.condition(condition).xmage.ability_word

    def keep_this(self, trigger: Expr, texts: list[str] | None) -> Expr:
        """`.withRuleTextReplacement(false)` on a triggered ability whose class would print "it" for the
        `{this}` its effects' text starts with ("..., this creature gets +2/+0"), as XMage's own classes
        keep the printed words (`rules_text.says_it_for_this`)."""
        root = trigger
        while isinstance(root, Call) and root.receiver is not None:
            root = root.receiver
        if texts is None or not isinstance(root, New) or root.cls not in data.rule_text_replacing() \
                or not rules_text.says_it_for_this(texts):
            return trigger
        return call(trigger, "withRuleTextReplacement", Raw("false"))

    def condition_watcher(self, condition: Any) -> str | None:
        """The framework watcher a condition reads that the game doesn't add itself (`xmage.watcher`)."""
        return vocab.condition(condition).xmage.watcher

    def promise(self, condition: Any) -> Expr:
        """The framework condition of a condition, as its construct says: its constant
        (`GiftWasPromisedCondition.TRUE`), the object it makes (`made`: `new YouLostLifeCondition()`), or for a
        condition with a model its expression."""
        xmage = vocab.condition(condition).xmage
        if xmage.expression is not None:
            return xmage.expression(self, condition)
        if xmage.made is not None:
            return xmage.made(self)
        assert xmage.condition is not None  # the construct's check: one of the two
        return self.const(xmage.condition)

    def lower(self) -> None:
        card = self.card
        if card.pt and "*" in card.pt:
            raise Unsupported("power or toughness `*` needs a characteristic-defining ability XMage can't take "
                              "from the spec")
        if card.supertypes:
            self.use("SuperType")
        subtypes = tuple(self.subtype(subtype) for subtype in card.subtypes)
        power, toughness = card.pt.split("/") if card.pt else (None, None)
        if card.pt:
            self.use("MageInt")
        self.header = CardHeader(tuple(s.upper() for s in card.supertypes), subtypes, power, toughness)
        if card.gift is not None:
            block = Block(f"Gift {_gift_printed(card.gift)}", rules=f"Gift {_gift_printed(card.gift)}")
            gift = new(self.use("GiftAbility"), Raw("this"), self.const(f"GiftType.{GIFT_TYPES[card.gift]}"))
            block.body.append(stmt(call("this", "addAbility", gift)))
            self.blocks.append(block)
        self.spell_host = spell_host = Host("this.getSpellAbility()")
        spell_abilities = [a for a in card.abilities if ability_of(a).xmage.spell_part]
        self.plan_host(spell_host, [e for a in spell_abilities for e in ability_effects(a)])
        self._adjuster_pending = spell_host.plan.shape != "plain"
        self._declared_for: dict[int, list[Slot]] = self._declared_slots(spell_host, spell_abilities)
        self._spell_rule: Block | None = None
        gate: Any = None
        for ability in card.abilities:
            if ability_of(ability).rule.level is not None:
                gate = ability
            elif gate is not None and ability_of(gate).rule.level(gate) > 1:  # type: ignore[misc]
                self._level = (gate, ability)
            self.blocks.append(ability_of(ability).xmage.block(self, ability))
            self._level = None

    def spell_part_block(self, ability: Any) -> Block:
        """The block of an ability whose effects go on the card's spell ability: one XMage spell ability
        holds them all; a later printed line starts on a line of its own as XMage's authors write it
        (`.concatBy("<br>")`, Perch Protection). The first that holds a gift-conditional target sets the
        target adjuster."""
        spell_host = self.spell_host
        block = Block(ability.text)
        self.spell_block(spell_host, ability, block, self._declared_for.get(id(ability), []),
                         new_line=self._spell_rule is not None)
        if self._spell_rule is None:
            self._spell_rule = block
        if self._adjuster_pending and self._holds_conditional(spell_host, ability):
            block.body.append(stmt(call(spell_host.receiver, "setTargetAdjuster", self.adjuster(spell_host))))
            self._adjuster_pending = False
        return block

    def subtype(self, printed: str) -> str:
        constant = data.subtypes().get(printed)
        if constant is None:
            path = ("subtypes", self.card.subtypes.index(printed)) if printed in self.card.subtypes else ()
            raise Unsupported(f"XMage has no subtype {printed!r} (its SubType enum lists the printed subtypes)",
                              code=UNKNOWN_SUBTYPE, rule="205.3", path=path)
        return f"{self.use('SubType')}.{constant}"

    def spell_block(self, host: Host, ability: Any, block: Block, slots: list[Slot],
                    new_line: bool = False) -> None:
        modal = modal_effect(ability.effects)
        if modal is not None:
            if len(ability.effects) != 1 or new_line:
                raise Unsupported("a modal spell's modes are the whole spell here (one ability of one `modes` "
                                  "effect)", rule="700.2")
            body, rules = self.modes(host, modal)
            block.body.extend(body)
            block.rules = rules
            return
        exprs, texts = self.effect_lines(host, list(ability.effects), ability.text)
        if new_line and exprs:
            exprs[0] = call(exprs[0], "concatBy", Str("<br>"))
        block.rules = rules_text.spell_rule(texts) if texts is not None else None
        for expr in exprs:
            block.body.append(stmt(call(host.receiver, "addEffect", expr)))
        for slot in slots:
            block.body.append(stmt(call(host.receiver, "addTarget", self.declared_target(host, slot))))

    def modes(self, host: Host, modal: Any,
              first: Callable[[list[Expr], list[Expr]], list[Statement]] | None = None
              ) -> tuple[list[Statement], str | None]:
        """The modes of a modal ability (700.2) on `host`: how many may be chosen (`getModes()`), the first
        mode's effects and targets on the ability itself, every other one a `new Mode(...)` with its own
        effects and targets (each mode a target pointer of its own), `withPawPrintValue` for a season's;
        and what XMage prints for them (its `getText`: the choosing line, then each mode's line after its
        bullet or pawprints; None where a mode prints XMage's own text). `first` writes the first mode's
        effects and targets where the ability is built around its first effect (a triggered ability)."""
        out: list[Statement] = []
        later: list[Statement] = []
        rules: list[str] | None = [modes_text.head(modal).replace("—", "&mdash;")]
        modes = call(host.receiver, "getModes")
        settings: list[tuple[str, Expr]] = []
        if modal.pawprints is not None:
            settings.append(("setMaxPawPrints", Raw(str(modal.pawprints))))
        if modal.min != 1:
            settings.append(("setMinModes", Raw(str(modal.min))))
        if modal.max != 1:
            settings.append(("setMaxModes", Raw(str(modal.max))))
        if modal.repeat:
            settings.append(("setMayChooseSameModeMoreThanOnce", Raw("true")))
        later.extend(stmt(call(modes, method, value)) for method, value in settings)
        for index, mode in enumerate(modal.modes):
            mode_host = Host(host.receiver)
            self.plan_host(mode_host, list(mode.effects))
            if mode_host.plan.shape != "plain":
                raise Unsupported("a mode's targets don't depend on the gift here", rule="700.2")
            exprs, texts = self.effect_lines(mode_host, list(mode.effects), mode.text)
            if rules is not None and texts is not None:
                mark = "{P}" * mode.pawprints + " &mdash; " if mode.pawprints is not None else "&bull "
                rules.append(mark + rules_text.spell_rule(texts))
            else:
                rules = None
            targets = [self.declared_target(mode_host, slot) for slot in mode_host.plan.slots]
            if index == 0:
                if first is not None:
                    out.extend(first(exprs, targets))
                else:
                    out.extend(stmt(call(host.receiver, "addEffect", expr)) for expr in exprs)
                    out.extend(stmt(call(host.receiver, "addTarget", target)) for target in targets)
                if mode.pawprints is not None:
                    later.append(stmt(call(call(modes, "getMode"), "withPawPrintValue", Raw(str(mode.pawprints)))))
                continue
            built: Expr = new(self.use("Mode"), exprs[0])
            for expr in exprs[1:]:
                built = call(built, "addEffect", expr)
            for target in targets:
                built = call(built, "addTarget", target)
            if mode.pawprints is not None:
                built = call(built, "withPawPrintValue", Raw(str(mode.pawprints)))
            later.append(stmt(call(host.receiver, "addMode", built)))
        return out + later, "<br>".join(rules) if rules is not None else None

    def ability_host(self, effects: list[Any]) -> Host:
        """The host of an ability built in the local `ability` (a triggered one, ...), its targets planned."""
        host = Host("ability")
        self.plan_host(host, effects)
        return host

    def triggered_rule(self, ability: Any, texts: list[str]) -> str:
        """What XMage prints for a triggered ability: trigger phrase, intervening "if", effect texts."""
        condition = condition_phrase(ability.intervening_if) if ability.intervening_if else None
        rule = rules_text.triggered_rule(trigger_phrase(ability), condition, texts)
        # TriggeredAbilityImpl.getRule adds the limit of setTriggersLimitEachTurn(1) after the effects
        return rule + " " + ONCE_EACH_TURN if getattr(ability, "once_each_turn", False) else rule

    def add_hosted(self, block: Block, host: Host, head: Expr, more: list[Expr]) -> None:
        """`this.addAbility(<head>);`, or, when effects (`more`), declared targets or a target adjuster
        follow, the ability built in the local `ability` first."""
        declared = [s for s in host.plan.slots if self._declared(host, s)]
        rest: list[Expr] = [call("ability", "addEffect", e) for e in more]
        rest += [call("ability", "addTarget", self.declared_target(host, s)) for s in declared]
        if host.plan.shape != "plain":
            rest.append(call("ability", "setTargetAdjuster", self.adjuster(host)))
        if not rest:
            block.body.append(self.stmt(call("this", "addAbility", head)))
            return
        block.body.append(self.ability_variable(head))
        block.body.extend(stmt(e) for e in rest)
        block.body.append(self.stmt(call("this", "addAbility", Raw("ability"))))

    def ability_variable(self, expr: Expr) -> Statement:
        """`Ability ability = ...;` the first time, `ability = ...;` after (one local per constructor)."""
        if self._ability_declared:
            return assign("ability", expr)
        self._ability_declared = True
        return assign(f"{self.use('Ability')} ability", expr)

    def line_clauses(self, text: str, count: int) -> list[str]:
        """An ability's printed line cut into `count` effect clauses; when it can't be cut so, the whole
        line on the first and XMage's own text ("") on the others."""
        pieces = effect_clauses(text, self.card, count, noun=self.self_noun)
        if pieces is None:
            pieces = [effect_line(text, self.card, noun=self.self_noun).rstrip("."), *([""] * (count - 1))]
        return pieces

    @property
    def self_noun(self) -> str | None:
        """How the card's text names the card itself besides its name ("this creature"), which XMage
        prints for its `{this}`."""
        card = self.card
        return card_self_noun(card.types, card.subtypes, card.supertypes)

    @staticmethod
    def effects_rule(pieces: list[str]) -> str | None:
        """What XMage prints for effects that say `pieces` (None when some print XMage's own text)."""
        return rules_text.spell_rule(pieces) if all(pieces) else None

    def while_on(self) -> Raw:
        return self.const("Duration.WhileOnBattlefield")


def _gift_printed(kind: GiftKind) -> str:
    from cardgen.model.gift import GIFT_KINDS

    return GIFT_KINDS[kind].printed
