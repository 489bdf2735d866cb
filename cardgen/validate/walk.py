"""Walk a card's effects with their data paths and the promise state they run under.

The gift rules are about *where* an effect sits: first in a spell, inside an enters trigger with an
intervening "if", inside an `instead_if_promised` branch. The checks need that context and the YAML path
of each effect (for file:line:column), which `cardgen.model.derive.walk_effects` does not carry.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from cardgen import vocab
from cardgen.model.card import Ability, AllSubject, Card, Effect, RefSubject, SpecModel, TargetSubject

NodePath = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class EffectSite:
    """One effect (or static effect) of a card, where it is, and under which promise state it happens.

    `promise` is "promised" inside an `instead_if_promised` branch, a trigger with `intervening_if:
    promised` or an effect with `condition: promised` (and likewise "not_promised"); None when the effect
    happens either way. `scope` groups the effects one ability resolves together (refs stay inside it).
    """

    effect: SpecModel
    path: NodePath
    ability_index: int
    ability: Ability
    promise: str | None
    inherited: str | None
    """The promise state from the surroundings only (not the effect's own `condition`)."""
    depth: int
    """0 for an effect written directly in the ability's `effects`."""
    in_instead: bool
    parent: EffectSite | None


def _effect_sites(
    effects: Sequence[Effect], path: NodePath, index: int, ability: Ability, inherited: str | None, depth: int,
    in_instead: bool, parent: EffectSite | None,
) -> Iterator[EffectSite]:
    for position, effect in enumerate(effects):
        own = getattr(effect, "condition", None)
        site = EffectSite(
            effect=effect, path=(*path, position), ability_index=index, ability=ability,
            promise=own or inherited, inherited=inherited, depth=depth, in_instead=in_instead, parent=parent,
        )
        yield site
        replacement = getattr(effect, "instead_if_promised", None)
        if replacement is not None:
            yield from _instead(replacement, site)
        inner = getattr(effect, "effects", None)  # an effect that holds effects (a delayed trigger's)
        if inner is not None:
            yield from _effect_sites(inner, (*site.path, "effects"), index, ability, site.promise,
                                     depth + 1, in_instead, site)


def _instead(effect: SpecModel, parent: EffectSite) -> Iterator[EffectSite]:
    site = EffectSite(
        effect=effect, path=(*parent.path, "instead_if_promised"), ability_index=parent.ability_index,
        ability=parent.ability, promise="promised", inherited="promised", depth=parent.depth + 1,
        in_instead=True, parent=parent,
    )
    yield site
    replacement = getattr(effect, "instead_if_promised", None)
    if replacement is not None:
        yield from _instead(replacement, site)
    inner = getattr(effect, "effects", None)
    if inner is not None:
        yield from _effect_sites(inner, (*site.path, "effects"), site.ability_index, site.ability,
                                 "promised", site.depth + 1, True, site)


def effect_sites(card: Card) -> Iterator[EffectSite]:
    """Every effect of every ability, depth first in written order (the order refs must follow)."""
    for index, ability in enumerate(card.abilities):
        path: NodePath = ("abilities", index, "effects")
        effects = getattr(ability, "effects", None)  # an ability of effects (not a keyword, a cost, ...)
        if effects is not None:
            yield from _effect_sites(effects, path, index, ability, getattr(ability, "intervening_if", None), 0,
                                     False, None)


SubjectValue = TargetSubject | RefSubject | AllSubject | str


_SUBJECT_TYPES = (str, TargetSubject, RefSubject, AllSubject)
"""A tuple, not a `X | Y` union: `isinstance` checks a tuple several times faster."""


def subjects(effect: SpecModel) -> Iterator[tuple[str, SubjectValue]]:
    """(field name, subject) for every subject field of an effect, primary first: the fields its
    construct declares (`cardgen.vocab`), each holding a word, a target, a ref or an `all`."""
    for name in vocab.subjects(effect):
        value = getattr(effect, name)
        if isinstance(value, _SUBJECT_TYPES):
            yield name, value
