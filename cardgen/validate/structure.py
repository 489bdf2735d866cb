"""Structure checks: abilities fit the card type, ids and refs line up, printings are unique.

The schema says each record is well formed; these say the records make a card: an instant has something
to do when it resolves, an Aura says what it enchants, "that creature" names an effect that came before.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel

from cardgen import vocab
from cardgen.diagnostics import NodePath
from cardgen.model import subtypes as subtype_table
from cardgen.model.card import ObjectFilter, RefCheck, RefSubject, TargetSubject
from cardgen.validate.context import CardReport, dotted
from cardgen.validate.walk import EffectSite, subjects
from cardgen.vocab import subject as vocab_subject


def check_structure(report: CardReport) -> None:
    _ability_kinds(report)
    _power_toughness(report)
    _printings(report)
    _targets(report)
    _players(report)
    _ids_and_refs(report)
    _filter_subtypes(report)


def _filters(value: Any, path: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int, ...], ObjectFilter]]:
    """Every filter of a card's structure (a target is one too), wherever a construct's model holds it."""
    if isinstance(value, ObjectFilter):
        yield path, value
    if isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from _filters(getattr(value, name), (*path, name))
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from _filters(item, (*path, index))


def _all_filters(value: Any) -> Iterator[ObjectFilter]:
    """The filters `_filters` finds, without their paths and without a generator per node: the walk every
    card pays, where `_filters` runs only for a card that has something to report."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, BaseModel):
            if isinstance(item, ObjectFilter):
                yield item
            stack.extend(getattr(item, name) for name in type(item).model_fields)
        elif isinstance(item, list | tuple):
            stack.extend(item)


def _filter_subtypes(report: CardReport) -> None:
    """A filter names subtypes of rule 205.3 ("Rabbit", not "Rabit"): another word selects nothing in a game
    and has no `SubType` in XMage."""
    known = subtype_table.kinds()
    if all(word in known for selector in _all_filters(report.loaded.card.abilities)
           for word in (*selector.subtypes, *selector.not_subtypes)):
        return
    for path, selector in _filters(report.loaded.card.abilities, ("abilities",)):
        for key in ("subtypes", "not_subtypes"):
            for index, word in enumerate(getattr(selector, key)):
                if word not in known:
                    close = difflib.get_close_matches(word, list(known), n=1)
                    report.add("CG131", f"`{word}` is not a subtype of rule 205.3"
                               + (f"; did you mean `{close[0]}`?" if close else ""), (*path, key, index))


def _players(report: CardReport) -> None:
    """An effect whose construct declares `checks.done_by_player` (`cardgen.vocab`) is done by its `who`,
    which must be a player: an object never draws, discards, mills or has a life total."""
    for site in report.sites():
        effect = site.effect
        if not vocab.of(effect).checks.done_by_player:
            continue
        who = getattr(effect, "who", "you")
        if isinstance(who, TargetSubject):
            ok = who.target.player is not None
        elif isinstance(who, RefSubject):
            ok = who.relation != "it" or _ref_is_player(report, who.ref)
        else:
            ok = isinstance(who, str) and who in vocab_subject.words("player")
        if not ok:
            report.add("CG119", f"`{vocab.of(effect).kind}` is done by a player, but `who` names an object; name a "
                       "player (you, each_opponent, each_player, gift_recipient, a target player, or that "
                       "object's controller/owner)", (*site.path, "who"))


def _ref_is_player(report: CardReport, ref: str) -> bool:
    """Whether the effect with id `ref` acted on players (its subject was a player)."""
    for site in report.sites():
        if getattr(site.effect, "id", None) == ref:
            subject = next((s for _, s in subjects(site.effect)), None)
            if isinstance(subject, TargetSubject):
                return subject.target.player is not None
            return isinstance(subject, str) and subject in vocab_subject.words("player")
    return True  # an unknown ref is CG114's to report


def _ability_kinds(report: CardReport) -> None:
    """What each ability kind asks of the card it is on (an instant has a spell ability, an Aura one
    `enchant`, ...): its construct's `checks.structure(report, card, indexes)`, given the indexes of the
    card's abilities of that kind (none, too: a kind may be required)."""
    card = report.loaded.card
    for construct in vocab.ABILITIES.values():
        check = construct.checks.structure
        if check is not None:
            indexes = [i for i, a in enumerate(card.abilities) if vocab.ability_of(a) is construct]
            check(report, card, indexes)


def _power_toughness(report: CardReport) -> None:
    card = report.loaded.card
    bodied = "Creature" in card.types or "Vehicle" in card.subtypes
    if "Creature" in card.types and card.pt is None:
        report.add("CG113", "a Creature needs `pt:` (power/toughness, e.g. '2/2')", ("types",))
    elif not bodied and card.pt is not None:
        report.add("CG113", "only Creatures (and Vehicles) have power/toughness; remove `pt:`", ("pt",))


def _printings(report: CardReport) -> None:
    seen: dict[tuple[str, str], int] = {}
    for index, printing in enumerate(report.loaded.card.printings):
        key = (printing.set, printing.number)
        if key in seen:
            report.add("CG116", f"printing {printing.set} #{printing.number} is listed twice (also "
                       f"printings[{seen[key]}])", ("printings", index))
        else:
            seen[key] = index


def _targets(report: CardReport) -> None:
    """Target counts; and an `other_target` needs a target named before it in its ability to differ from."""
    seen: set[int] = set()
    for site in report.sites():
        for name, subject in subjects(site.effect):
            if not isinstance(subject, TargetSubject):
                continue
            if subject.target.min > subject.target.max:
                report.add("CG117", f"target asks for min {subject.target.min} but max {subject.target.max}",
                           (*site.path, name, "target", "min"))
            if subject.target.other_target and site.ability_index not in seen:
                report.add("CG129", "`other_target` on the first target of its ability: there is no earlier "
                           "target for it to differ from", (*site.path, name, "target", "other_target"))
            seen.add(site.ability_index)


def _ids_and_refs(report: CardReport) -> None:
    """Ids are unique per card (an `instead_if_promised` branch may reuse its parent's id: only one of the
    two happens); a ref names an id of an earlier effect of the same ability."""
    defined: dict[str, EffectSite] = {}
    available: dict[int, set[str]] = {}
    later = {getattr(s.effect, "id", None): s for s in report.sites()}
    for site in report.sites():
        scope = available.setdefault(site.ability_index, set())
        for name, subject in subjects(site.effect):
            if isinstance(subject, RefSubject):
                _check_ref(report, subject.ref, scope, defined, later, (*site.path, name, "ref"))
        only_if = getattr(site.effect, "only_if", None)
        if isinstance(only_if, RefCheck):
            _check_ref(report, only_if.ref, scope, defined, later, (*site.path, "only_if", "ref"))
        effect_id = getattr(site.effect, "id", None)
        if effect_id is None:
            continue
        previous = defined.get(effect_id)
        reuses_parent = (
            previous is not None and site.in_instead and site.parent is not None
            and _instead_chain_root(site) is _instead_chain_root(previous)
        )
        if previous is not None and not reuses_parent:
            report.add("CG115", f"id `{effect_id}` is already used by {dotted(previous.path)}",
                       (*site.path, "id"))
        else:
            defined.setdefault(effect_id, site)
        scope.add(effect_id)


def _instead_chain_root(site: EffectSite) -> EffectSite:
    while site.in_instead and site.parent is not None and site.path[-1] == "instead_if_promised":
        site = site.parent
    return site


def _check_ref(
    report: CardReport, ref: str, scope: set[str], defined: dict[str, EffectSite],
    later: dict[str | None, EffectSite], path: NodePath,
) -> None:
    if ref in scope:
        return
    if ref in later and ref not in defined and path[: len(later[ref].path)] == later[ref].path:
        why = f"`{ref}` is this effect's own id"
    elif ref in later and ref not in defined:
        why = f"`{ref}` is defined later ({dotted(later[ref].path)}); an effect can only name what came before it"
    elif ref in defined:
        why = f"`{ref}` is defined in another ability ({dotted(defined[ref].path)}); refs stay within one ability"
    else:
        why = f"no earlier effect has `id: {ref}`"
    report.add("CG114", f"ref `{ref}` does not name an earlier effect: {why}", path)
