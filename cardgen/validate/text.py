"""Printed-text checks: the oracle agrees with the structure, and holds nothing an engine file can't.

The oracle is stored in full (it is what players read and what engines print), but every line of it is
also implied by the structure: the gift line by `gift:` (702.174 reminder text), each other line by an
ability. Comparing the two catches the typo a reader would miss ("they they create") and a structure
that silently lost an ability.

Of each effect's construct it reads `text.printed` (`EffectText`, `cardgen.vocab.construct`).
"""

from __future__ import annotations

from cardgen import vocab
from cardgen.diagnostics import NodePath
from cardgen.model.derive import ability_effects, implies_oracle, modal_effect, oracle_variants, walk_effects
from cardgen.model.gift import GIFT_KINDS, RULE
from cardgen.validate.charset import text_problems
from cardgen.validate.context import CardReport, dotted

_WINDOW = 30


def check_text(report: CardReport) -> None:
    _characters(report)
    _oracle(report)
    _promise_words(report)


_PROMISE_WORDS = {
    "promised": ("if the gift was promised",),
    "not_promised": ("if the gift wasn't promised", "if the gift was not promised"),
}


def _promise_words(report: CardReport) -> None:
    """A cheap guard for the structure losing what the text says: an ability whose text tests the promise
    must test it somewhere in its structure (a condition, an "instead", or the trigger's intervening if)."""
    for index, ability in enumerate(report.loaded.card.abilities):
        if not vocab.ability_of(ability).checks.promise_words:
            continue
        text, effects = str(getattr(ability, "text", "")).lower(), ability_effects(ability)
        tested: set[str] = set()
        intervening = getattr(ability, "intervening_if", None)
        if isinstance(intervening, str):  # a word: the promise's conditions are words
            tested.add(intervening)
        for effect in walk_effects(effects):
            condition = getattr(effect, "condition", None)
            if isinstance(condition, str):
                tested.add(condition)
            if getattr(effect, "instead_if_promised", None) is not None:
                tested.add("promised")
            if any((target := getattr(subject, "target", None)) is not None and target.only_if_promised
                   for subject in _subjects(effect)):
                tested.add("promised")
        for condition, phrases in _PROMISE_WORDS.items():
            if any(phrase in text for phrase in phrases) and condition not in tested:
                report.add("CG304", f"the text says {phrases[0]!s}, but no effect of abilities[{index}] has "
                           f"`condition: {condition}`" + (", `instead_if_promised` or `intervening_if: promised`"
                                                          if condition == "promised"
                                                          else " or `intervening_if: not_promised`"),
                           ("abilities", index, "text"))


def _subjects(effect: object) -> list[object]:
    return [getattr(effect, name) for name in vocab.subjects(effect)]


def _characters(report: CardReport) -> None:
    card = report.loaded.card
    fields: list[tuple[NodePath, str, bool]] = [(("oracle",), card.oracle, True)]
    for index, ability in enumerate(card.abilities):
        text = getattr(ability, "text", None)
        if isinstance(text, str):  # a modal ability's text is its lines: the modes are bulleted (700.2)
            modal = modal_effect(ability_effects(ability)) is not None
            fields.append((("abilities", index, "text"), text, modal))
    for site in report.sites():
        printed = vocab.of(site.effect).text.printed
        if printed is not None:
            fields.extend(((*site.path, *path), text, False) for path, text in printed(site.effect))
    for path, text, newlines in fields:
        problems = text_problems(text, newlines=newlines)
        if problems:
            where = path
            if newlines:
                line = next((i for i, part in enumerate(text.split("\n")) if text_problems(part, newlines=False)), 0)
                where = (*path, line)
            report.add("CG303", f"`{dotted(path)}` contains {', '.join(problems)}", where)


def _excerpt(text: str, at: int) -> str:
    start = max(0, at - _WINDOW)
    end = min(len(text), at + _WINDOW)
    return ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")


def _first_difference(expected: str, found: str) -> int:
    for index, (a, b) in enumerate(zip(expected, found, strict=False)):
        if a != b:
            return index
    return min(len(expected), len(found))


def _common_prefix(a: str, b: str) -> int:
    return _first_difference(a, b)


def _oracle(report: CardReport) -> None:
    card = report.loaded.card
    variants = oracle_variants(card)
    if implies_oracle(card, variants):
        return
    offset = 1 if card.gift is not None else 0
    expected = max(variants, key=lambda v: _common_prefix(v, card.oracle))  # the closest accepted form
    want = expected.split("\n")
    got = card.oracle.split("\n")
    line = next((i for i, (a, b) in enumerate(zip(want, got, strict=False)) if a != b), min(len(want), len(got)))
    where = ("oracle", min(line, len(got) - 1))

    if line >= len(want):
        report.add("CG301", f"oracle line {line + 1} is not the text of any ability: {got[line]!r}; add the "
                   "ability it describes, or remove the line", where)
        return
    source = "the gift line derived from `gift:`" if line < offset else (
        f"the text of abilities[{line - offset}]")
    if line >= len(got) or card.oracle == "":
        report.add("CG301", f"oracle is missing line {line + 1}, {source}: expected {want[line]!r}", where)
        return
    texts = {text for variant in variants for text in variant.split("\n")[offset:]}
    if line >= offset and got[line] not in texts and got[line + 1:line + 2] == want[line:line + 1]:
        report.add("CG301", f"oracle line {line + 1} has no ability: no ability's text is {got[line]!r}; add the "
                   "ability it describes at that place (`cardgen new` leaves a TODO comment where a line was "
                   "not drafted)", where)
        return
    at = _first_difference(want[line], got[line])
    detail = f"expected `{_excerpt(want[line], at)}`, found `{_excerpt(got[line], at)}` (column {at + 1})"
    if line < offset:
        assert card.gift is not None
        info = GIFT_KINDS[card.gift]
        keyword = f"Gift {info.printed}"
        if not got[line].startswith(keyword + " ("):
            message = (f"oracle line 1 should start with {keyword!r} (gift: {card.gift}, rule {info.rule}); "
                       f"{detail}")
        else:
            message = (f"the reminder text of {keyword!r} differs from rule {info.rule} "
                       f"({'permanent' if card.is_permanent else 'instant/sorcery'} form, {RULE}b): {detail}")
        report.add("CG302", f"{message}; the whole line must read: {want[line]}", where, rule=info.rule)
        return
    report.add("CG301", f"oracle line {line + 1} differs from {source}: {detail}", where)
