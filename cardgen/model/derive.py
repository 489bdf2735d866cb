"""What follows from a spec without being stored in it.

Where the gift is given (702.174b, j), the printed text of keyword abilities, the oracle lines a spec
implies. Renderers, the resolver and the validator all call these, so the derivation exists once.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from cardgen import vocab
from cardgen.model.gift import gift_lines
from cardgen.vocab.abilities.additional_cost import AdditionalCost
from cardgen.vocab.abilities.enchant import EnchantAbility
from cardgen.vocab.abilities.equip import EquipAbility
from cardgen.vocab.abilities.keyword import KeywordAbility
from cardgen.vocab.abilities.offspring import OffspringAbility
from cardgen.vocab.abilities.spell import SpellAbility
from cardgen.vocab.abilities.static import StaticAbility
from cardgen.vocab.abilities.triggered import TriggeredAbility
from cardgen.vocab.effects.delayed_trigger import DelayedTrigger
from cardgen.vocab.effects.give_gift import GiveGift
from cardgen.vocab.effects.modes import ChooseModes, chosen_effects
from cardgen.vocab.effects.token_copy import TokenCopy

if TYPE_CHECKING:
    from cardgen.model.card import Ability, Card, Effect


def ability_text(ability: Ability) -> str:
    """The oracle line an ability implements: stored for prose abilities, derived for the kinds whose
    construct says how (`text.line`: a keyword, "Enchant creature", "Equip {3}")."""
    line = vocab.ability_of(ability).text.line
    return line(ability) if line is not None else ability.text  # type: ignore[attr-defined]


_MOST_LAYOUTS = 64
"""How many ways of putting keywords on shared lines are offered at most (a card prints a handful)."""


def oracle_variants(card: Card) -> tuple[str, ...]:
    """Every oracle text the structure accepts (canonical first): gift line, then each ability's line,
    where keyword abilities that follow each other may share a line ("Flying, vigilance": one line of
    several keywords, the first capitalised, as Oracle prints them and XMage's VerifyCardDataTest splits
    them back)."""
    bodies = ["\n".join(lines) for lines in _keyword_layouts(card.abilities)]
    if card.gift is None:
        return tuple(bodies)
    return tuple("\n".join([line, body]) if body else line
                 for line in gift_lines(card.gift, card.is_permanent) for body in bodies)


_REMINDER_AT_END = re.compile(r"(?<=\S) \([^()]*\)$")
"""Reminder text ending a line, after one space: a doubled space or a stray parenthesis is still a typo."""


def implies_oracle(card: Card, variants: tuple[str, ...] | None = None) -> bool:
    """Whether the card's oracle is one its structure implies (`oracle_variants`), where an ability's line
    may also end in reminder text (not the gift line, whose reminder 702.174 fixes): reminder text has no
    rules meaning (207.2), so a derived line ("Menace", "Equip {1}") is printed with or without it."""
    variants = oracle_variants(card) if variants is None else variants
    if card.oracle in variants:
        return True
    offset = 1 if card.gift is not None else 0

    def without(oracle: str) -> str:
        lines = oracle.split("\n")
        return "\n".join([*lines[:offset], *(_REMINDER_AT_END.sub("", line) for line in lines[offset:])])

    return without(card.oracle) in {without(variant) for variant in variants}


def _keyword_layouts(abilities: list[Ability]) -> list[list[str]]:
    """The abilities' lines, each keyword on its own line first, then each way of joining a keyword to the
    keyword line before it with ", " (up to `_MOST_LAYOUTS`)."""
    layouts: list[list[str]] = [[]]
    previous_keyword = False
    for ability in abilities:
        line = ability_text(ability)
        keyword = isinstance(ability, KeywordAbility)
        grown = [[*lines, line] for lines in layouts]
        if keyword and previous_keyword and len(layouts) < _MOST_LAYOUTS:
            joined = f"{line[:1].lower()}{line[1:]}"
            grown += [[*lines[:-1], f"{lines[-1]}, {joined}"] for lines in layouts]
        layouts = grown
        previous_keyword = keyword
    return layouts


def keywords_of(abilities: Iterable[Ability]) -> tuple[str, ...]:
    """The keywords the abilities print on lines of their own ("Reach"), in order."""
    return tuple(ability.keyword for ability in abilities if isinstance(ability, KeywordAbility))


def is_keyword(ability: Ability) -> bool:
    """Whether the ability is a keyword on its own line (its text is the keyword, a characteristic)."""
    return isinstance(ability, KeywordAbility)


def enchant_of(abilities: Iterable[Ability]) -> EnchantAbility | None:
    """An Aura's "Enchant ..." ability, None for a card without one."""
    return next((ability for ability in abilities if isinstance(ability, EnchantAbility)), None)


def equip_of(abilities: Iterable[Ability]) -> EquipAbility | None:
    """An Equipment's "Equip ..." ability, None for a card without one."""
    return next((ability for ability in abilities if isinstance(ability, EquipAbility)), None)


def spell_abilities(card: Card) -> list[SpellAbility]:
    return [ability for ability in card.abilities if isinstance(ability, SpellAbility)]


def additional_costs(card: Card) -> list[AdditionalCost]:
    return [ability for ability in card.abilities if isinstance(ability, AdditionalCost)]


def modal_effect(effects: Iterable[Effect]) -> ChooseModes | None:
    """The modal effect of an effect list ("Choose one —", 700.2), None when it has none."""
    return next((effect for effect in effects if isinstance(effect, ChooseModes)), None)


def with_modes(effects: list[Effect], modes: tuple[int, ...] | None) -> list[Effect]:
    """The effects performed when `modes` (indexes from 0) are chosen: a modal effect replaced by its
    chosen modes' effects in the order printed (700.2d); `None` leaves it as it is (no choice made yet)."""
    if modes is None or modal_effect(effects) is None:
        return effects
    out: list[Effect] = []
    for effect in effects:
        out.extend(chosen_effects(effect, modes) if isinstance(effect, ChooseModes) else [effect])
    return out


def resolution_effects(card: Card, modes: tuple[int, ...] | None = None) -> list[Effect]:
    """The effects an instant or sorcery performs as it resolves, in order, with the gift first when the
    card has one (702.174j). A `give_gift` written in the spec keeps its place (the validator requires it
    first). With `modes`, a modal spell's chosen modes stand for its modal effect (`with_modes`)."""
    effects: list[Effect] = with_modes(
        [effect for ability in spell_abilities(card) for effect in ability.effects], modes)
    if card.gift is not None and card.is_instant_or_sorcery and not any(isinstance(e, GiveGift) for e in effects):
        effects.insert(0, GiveGift(effect="give_gift", condition="promised"))
    return effects


def gift_trigger(card: Card) -> TriggeredAbility | None:
    """The enters trigger with intervening "if" that gives a permanent's gift (702.174b)."""
    if card.gift is None or not card.is_permanent:
        return None
    own = (ability for ability in card.abilities if isinstance(ability, TriggeredAbility))
    if any(isinstance(effect, GiveGift) for ability in own for effect in walk_effects(ability.effects)):
        return None  # the spec states the trigger itself (the validator checks its shape)
    return TriggeredAbility(
        kind="triggered",
        text="When this permanent enters, if its gift cost was paid, the chosen opponent gets the gift.",
        event="enters",
        intervening_if="promised",
        effects=[GiveGift(effect="give_gift")],
    )


def offspring_of(abilities: Iterable[Ability]) -> OffspringAbility | None:
    """A creature card's "Offspring {2}" ability, None for a card without one."""
    return next((ability for ability in abilities if isinstance(ability, OffspringAbility)), None)


OFFSPRING_TRIGGER_TEXT = "When this creature enters, if its offspring cost was paid, create a 1/1 token copy of it."
"""The derived trigger of offspring (702.175a), as the reminder text words it."""


def offspring_trigger(card: Card) -> TriggeredAbility | None:
    """The enters trigger of a card with offspring (702.175a): "When this permanent enters, if its offspring
    cost was paid, create a token that's a copy of it, except it's 1/1." Only a permanent whose offspring
    cost was paid notices it (`GameObject.offspring_paid`: a fact of how it was cast that never changes, so
    the intervening "if" reads the same on resolution, 603.4)."""
    if offspring_of(card.abilities) is None:
        return None
    return TriggeredAbility.model_construct(  # valid values; validating would rebuild the effect union
        kind="triggered", text=OFFSPRING_TRIGGER_TEXT, event="enters", intervening_if=None,
        effects=[TokenCopy.model_construct(effect="token_copy", of="self", amount=1, set_pt="1/1")])


PROWESS_TEXT = "Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn."
"""The trigger prowess is (702.108a), as its reminder text words it."""


def keyword_triggers() -> dict[str, TriggeredAbility]:
    """The triggered abilities keywords are, by keyword: prowess (702.108a). A permanent has them while it has
    the keyword, its own or granted ("Other creatures you control have prowess"), which the game reads from
    the permanent's keywords as they are then (`cardgen.game.triggers`)."""
    from cardgen.model.parts import ObjectFilter
    from cardgen.vocab.effects.pump import Pump
    from cardgen.vocab.events.you_cast import YouCast

    noncreature = YouCast(cast=ObjectFilter(zone="stack", not_types=["creature"]))
    return {"prowess": TriggeredAbility.model_construct(  # valid values; validating would rebuild the unions
        kind="triggered", text=PROWESS_TEXT, event=noncreature, intervening_if=None,
        effects=[Pump.model_construct(effect="pump", what="self", power=1, toughness=1, duration="end_of_turn")])}


def class_levels(abilities: Sequence[Any]) -> list[int]:
    """The level of a Class each ability (a model or its data) is of (716.2b): 1 up to the first ability of
    a kind whose rule says it starts a level (`rule.level`: a Class's "[cost]: Level N"), then that level's
    up to the next; 1 for every ability of a card that is not a Class."""
    level, out = 1, []
    for ability in abilities:
        kind = ability["kind"] if isinstance(ability, dict) else ability.kind
        starts = vocab.ability(kind).rule.level
        if starts is not None:
            level = starts(ability)
        out.append(level)
    return out


def static_abilities(card: Card) -> list[StaticAbility]:
    return [ability for ability in card.abilities if isinstance(ability, StaticAbility)]


def triggered_abilities(card: Card) -> list[TriggeredAbility]:
    """The card's own triggered abilities plus the derived gift trigger (first, as engines list it)."""
    own = [ability for ability in card.abilities if isinstance(ability, TriggeredAbility)]
    derived = gift_trigger(card)
    return [derived, *own] if derived else own


def ability_effects(ability: Ability) -> list[Effect]:
    """The effects an ability does as it resolves: none for a kind without `effects` (a keyword, a cost)."""
    effects: list[Effect] = getattr(ability, "effects", None) or []
    return effects


def walk_effects(effects: list[Effect]) -> Iterator[Effect]:
    """Every effect, depth first, including `instead_if_promised` replacements and delayed triggers."""
    for effect in effects:
        yield effect
        replacement = effect.instead_if_promised
        if replacement is not None:
            yield from walk_effects(replacement if isinstance(replacement, list) else [replacement])
        if isinstance(effect, DelayedTrigger):
            yield from walk_effects(effect.effects)
        if isinstance(effect, ChooseModes):
            for mode in effect.modes:
                yield from walk_effects(mode.effects)


def all_effects(card: Card) -> Iterator[Effect]:
    """Every effect of every spell and triggered ability of the card."""
    for ability in card.abilities:
        if isinstance(ability, SpellAbility | TriggeredAbility):
            yield from walk_effects(ability.effects)
