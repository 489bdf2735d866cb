"""The gift rules (702.174) as checks on a spec.

The spec never states the gift's effect (it is derived from `gift:`), so most rules here are about what
a contributor may write around it: where an explicit `give_gift` may stand (702.174b, j), that a card has
one gift at most (a gift cost can't be paid more than once), that the promise is only tested on cards
that have a gift (702.174k), and that targets existing only when promised are marked so (702.174m).

Of an ability kind's construct it reads `checks.spell_part` and `checks.gift_trigger` (`AbilityChecks`,
`cardgen.vocab.construct`).
"""

from __future__ import annotations

from typing import Any

from cardgen import vocab
from cardgen.model.card import RefCheck, RefSubject, TargetSubject
from cardgen.validate.context import CardReport, dotted
from cardgen.validate.walk import EffectSite, subjects
from cardgen.vocab.effects.give_gift import GiveGift


def check_gift(report: CardReport) -> None:
    card = report.loaded.card
    sites = list(report.sites())
    has_gift = card.gift is not None

    if has_gift and "Land" in card.types:
        report.add("CG203", "a Land is never cast, so its gift cost can never be paid; remove `gift:`", ("gift",))

    gifts = [site for site in sites if isinstance(site.effect, GiveGift)]
    for site in gifts:
        if not has_gift:
            report.add("CG209", "`give_gift` on a card without `gift:`; add `gift: <kind>` or remove the effect",
                       (*site.path, "effect"))
    for site in gifts[1:]:
        report.add("CG202", f"a second gift (first `give_gift` at {dotted(gifts[0].path)}); a gift cost can't be "
                   "paid more than once, so a card gives at most one gift", (*site.path, "effect"))
    for site in gifts:
        _gift_placement(report, site)

    referenced = _referenced_ids(sites)
    for site in sites:
        _promise_tests(report, site, has_gift)
        _targets(report, site, has_gift, referenced)

    for index, ability in enumerate(card.abilities):
        intervening = getattr(ability, "intervening_if", None)
        if intervening is not None and not has_gift and _on_promise(intervening):
            report.add("CG208", f"`intervening_if: {intervening}` on a card without gift: nothing can "
                       "be promised",
                       ("abilities", index, "intervening_if"))


def _on_promise(condition: Any) -> bool:
    """The condition tests the promise (its rule's `holds`), not the game ("if you gained life this turn")."""
    return vocab.condition(condition).rule.holds is not None


def _gift_placement(report: CardReport, site: EffectSite) -> None:
    card = report.loaded.card
    effect = site.effect
    assert isinstance(effect, GiveGift)
    if effect.condition == "not_promised" or effect.only_if is not None or effect.instead_if_promised is not None:
        field = "condition" if effect.condition == "not_promised" else (
            "only_if" if effect.only_if is not None else "instead_if_promised")
        report.add("CG211", f"`give_gift` takes no `{field}`: the gift is given exactly when it was promised",
                   (*site.path, field))
    if card.is_instant_or_sorcery:
        first_spell = next((i for i, a in enumerate(card.abilities)
                            if vocab.ability_of(a).checks.spell_part), None)
        if site.path != ("abilities", first_spell, "effects", 0):
            report.add("CG204", "the gift of an instant or sorcery happens before any other effect of the spell; "
                       "make `give_gift` the first effect of the first `kind: spell` ability (or drop it: it "
                       "is derived)", (*site.path, "effect"))
    elif card.is_permanent:
        ability = site.ability
        is_gift_trigger = vocab.ability_of(ability).checks.gift_trigger
        in_gift_trigger = site.depth == 0 and is_gift_trigger is not None and is_gift_trigger(ability)
        if not in_gift_trigger:
            report.add("CG205", "a permanent gives its gift from its own ability \"When this permanent enters, if "
                       "its gift cost was paid, [gift]\" (702.174b), never as part of another trigger (a trigger "
                       "with no legal target would lose the gift): put `give_gift` alone in a `kind: triggered`, "
                       "`event: enters`, `intervening_if: promised` ability, or drop it (that trigger is derived)",
                       (*site.path, "effect"))


def _promise_tests(report: CardReport, site: EffectSite, has_gift: bool) -> None:
    if has_gift:
        return
    effect = site.effect
    condition = getattr(effect, "condition", None)
    if condition is not None and _on_promise(condition):
        report.add("CG208", f"`condition: {condition}` on a card without gift: nothing can be promised",
                   (*site.path, "condition"))
    if getattr(effect, "instead_if_promised", None) is not None:
        report.add("CG208", "`instead_if_promised` on a card without gift: nothing can be promised",
                   (*site.path, "instead_if_promised"))
    for name, subject in subjects(effect):
        if subject == "gift_recipient":
            report.add("CG210", "`gift_recipient` on a card without gift: no one receives a gift",
                       (*site.path, name))


def _referenced_ids(sites: list[EffectSite]) -> set[str]:
    found: set[str] = set()
    for site in sites:
        for _, subject in subjects(site.effect):
            if isinstance(subject, RefSubject):
                found.add(subject.ref)
        only_if = getattr(site.effect, "only_if", None)
        if isinstance(only_if, RefCheck):
            found.add(only_if.ref)
    return found


def _targets(report: CardReport, site: EffectSite, has_gift: bool, referenced: set[str]) -> None:
    for name, subject in subjects(site.effect):
        if not isinstance(subject, TargetSubject):
            continue
        path = (*site.path, name, "target")
        if subject.target.only_if_promised:
            if not has_gift:
                report.add("CG208", "`only_if_promised` target on a card without gift: nothing can be promised",
                           (*path, "only_if_promised"))
            elif site.promise != "promised":
                report.add("CG206", "this target is chosen only if the gift was promised, but its effect happens "
                           "either way; add `condition: promised` to the effect (or move it into an "
                           "`instead_if_promised` branch)", (*path, "only_if_promised"))
        elif (
            has_gift
            and getattr(site.effect, "condition", None) == "promised"
            and site.inherited != "promised"
            and getattr(site.effect, "id", None) not in referenced
        ):
            report.add("CG207", "this effect happens only if the gift was promised, so its target is chosen only "
                       "then (702.174m); mark it `only_if_promised: true`", path)
