"""The text each engine will print for the card, compared with its oracle before anything is written.

- XMage: the rules-text model of the class cardgen writes (`engines.xmage.rules_text`, recorded by the
  lowering for every ability) is compared with the oracle line it implements the way XMage's own
  `VerifyCardDataTest` compares a class with Oracle data (`engines.xmage.verify`: reminder text aside,
  `{this}` as the card calls itself today, the name or its short form alike). A difference is `CG307`.
- Forge: the descriptions written into the script (`SpellDescription$`, `CostDesc$`,
  `TriggerDescription$`, a static's `Description$`, `CARDNAME` as the name), which Forge shows as the
  card's text, must each say a run of the oracle's lines. A difference is `CG308`.

Both catch what the other checks cannot: a trigger phrase or an intervening "if" the engine prints
itself and the text says again ("When {this} enters, when this creature enters, ..."), and an oracle in
an older wording than the engine prints ("When Kitnap enters" where XMage prints "When this Aura
enters"). Both read the models the engines check built (`cardgen.validate.engines`), which reports a card
an engine cannot be told.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen import vocab
from cardgen.engines.forge.script import Ability, Script
from cardgen.engines.forge.syntax import CARDNAME
from cardgen.engines.xmage import verify
from cardgen.model.derive import ability_text, is_keyword, oracle_variants
from cardgen.validate.engines import built

if TYPE_CHECKING:
    from cardgen.load.schema_errors import NodePath
    from cardgen.model.card import Card
    from cardgen.validate.context import CardReport


def check_printed(report: CardReport) -> None:
    card = report.loaded.card
    if not card.oracle or card.oracle not in oracle_variants(card):
        return  # the text check reports an oracle the abilities don't say
    _xmage(report, card)
    _forge(report, card)


def _lines(card: Card) -> list[tuple[str, NodePath]]:
    """The oracle's lines, each with where it is reported: the gift line, then the ability each line starts
    with (keywords that share a line, "Vigilance, haste", are the first one's line)."""
    lines = card.oracle.split("\n")
    offset = 1 if card.gift is not None else 0
    found: list[tuple[str, NodePath]] = [(line, ("oracle", index)) for index, line in enumerate(lines[:offset])]
    at, previous_keyword = offset, False
    for number, ability in enumerate(card.abilities):
        keyword = is_keyword(ability)
        own = ability_text(ability)
        shared = (keyword and previous_keyword and at > offset
                  and (at >= len(lines) or lines[at] != own)
                  and own.lower() in lines[at - 1].lower().split(", ")[1:])
        previous_keyword = keyword
        if shared or at >= len(lines):
            continue
        size = own.count("\n") + 1  # a modal ability's lines: its choosing line and its modes (700.2)
        found.append(("\n".join(lines[at:at + size]), ("abilities", number)))
        at += size
    return found


def _what(where: NodePath) -> str:
    return "the gift line" if where[0] == "oracle" else f"abilities[{where[1]}]"


# ------------------------------------------------------------------------------------------- XMage
def _xmage(report: CardReport, card: Card) -> None:
    model = built(report, "xmage").model
    if model is None:  # what XMage cannot be told is reported by the engines check, with its reason
        return
    rules = [block.rules for block in model.blocks]
    lines = _lines(card)
    if len(rules) != len(lines):  # not one rule per line: compare the whole card as XMage's test does
        for miss in verify.compare([rule for rule in rules if rule is not None], card):
            report.add("CG307", _xmage_message("the card", miss.found, miss.expected or ""), ("oracle",))
        return
    for rule, (line, where) in zip(rules, lines, strict=True):
        if rule is None:  # the model does not know this text (it writes it explicitly elsewhere)
            continue
        found = [r for r in verify.class_rules([rule], card) if r]
        expected = [r for r in verify.oracle_rules(line, card) if r]
        if len(found) == len(expected) and all(verify.same_rule(f, e, card.name)
                                               for f, e in zip(found, expected, strict=True)):
            continue
        report.add("CG307", _xmage_message(_what(where), " / ".join(found), " / ".join(expected)),
                   where if where[0] == "oracle" else (*where, "text") if _has_text(card, where) else where)


def _has_text(card: Card, where: NodePath) -> bool:
    index = where[1]
    return isinstance(index, int) and isinstance(getattr(card.abilities[index], "text", None), str)


def _xmage_message(what: str, found: str, expected: str) -> str:
    word = verify.first_differing_word(found, expected)
    return (f"{what}: XMage will print {found!r}, the oracle says {expected!r} (compared as XMage's "
            f"VerifyCardDataTest compares them); first differing word: {word!r}. Write the text as the "
            "card prints it today (\"this creature\", \"this Aura\" where older text named the card), or fix "
            "the structure so that the engine does not print a part twice")


# ------------------------------------------------------------------------------------------- Forge
def _forge(report: CardReport, card: Card) -> None:
    script = built(report, "forge").model
    if script is None:  # a card Forge cannot be told is reported by the engines check
        return
    chains = _descriptions(script, card.name)
    derived = {index for index, ability in enumerate(card.abilities)
               if vocab.ability_of(ability).text.line is not None}
    lines = [(line, where) for line, where in _lines(card)
             if where[0] == "abilities" and where[1] not in derived]
    used = [False] * len(lines)
    for activated, chain in chains:
        said = [(_effect_part(line) if activated else line, where) for line, where in lines]
        run = _run(chain, said, used)
        if run is None:
            best = max(range(len(said)), key=lambda i: _common(chain, said[i][0]), default=None)
            expected, where = (said[best][0], said[best][1]) if best is not None else ("", ("oracle",))
            word = verify.first_differing_word(chain, expected)
            report.add("CG308", f"{_what(where)}: Forge will show {chain!r} (its script's descriptions), the "
                       f"oracle says {expected!r}; first differing word: {word!r}", where)


def _effect_part(line: str) -> str:
    """What an activated ability's description says: Forge prints the cost before it, from `Cost$`."""
    cost, colon, effect = line.partition(": ")
    return effect if colon and ("{" in cost or cost.startswith(("Sacrifice", "Discard", "Exile", "Pay", "Tap "))) \
        else line


def _run(chain: str, lines: list[tuple[str, NodePath]], used: list[bool]) -> range | None:
    """The first run of unused consecutive oracle lines that `chain` says, marked used."""
    for start in range(len(lines)):
        said = ""
        for end in range(start, len(lines)):
            if used[end]:
                break
            said = lines[end][0] if end == start else f"{said} {lines[end][0]}"
            if said == chain:
                for index in range(start, end + 1):
                    used[index] = True
                return range(start, end + 1)
            if not chain.startswith(said):
                break
    return None


def _common(a: str, b: str) -> int:
    return next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))


def _descriptions(script: Script, name: str) -> list[tuple[bool, str]]:
    """The text Forge shows for each top-level ability of a script (`A:`, `T:`, `S:`): its cost's and
    its own description, then each sub-ability's, joined by spaces, `CARDNAME` as the name; with whether
    it is an activated ability (`AB$`), whose cost Forge prints before that text."""
    subs = {svar.name: svar.value for svar in script.svars if isinstance(svar.value, Ability)}
    out: list[tuple[bool, str]] = []
    for spell in script.spells:
        pieces: list[str] = []
        ability: Ability | None = spell
        seen: set[str] = set()
        while ability is not None:
            pieces += [value for key, value in ability.params if key == "CostDesc" and value]
            if ability.description:
                pieces.append(ability.description)
            sub = ability.sub_ability
            ability = subs.get(sub) if sub is not None and sub not in seen else None
            seen.add(sub or "")
        if pieces:
            out.append((spell.kind == "AB", " ".join(pieces).replace(CARDNAME, name)))
    out += [(False, _charm_text(trigger.description, subs.get(trigger.execute), subs).replace(CARDNAME, name))
            for trigger in script.triggers if trigger.description]
    out += [(False, static.description.replace(CARDNAME, name)) for static in script.statics if static.description]
    return out


_NUMERALS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def _charm_text(description: str, execute: Ability | None, subs: dict[str, Ability]) -> str:
    """A trigger's description with `ABILITY` as Forge writes it for a `Charm` it executes (a modal
    ability, 700.2): the choosing words (CharmEffect.makeFormatedDescription: "choose one —") and each
    mode's `SpellDescription$` on a line of its own after its bullet."""
    if "ABILITY" not in description or execute is None or execute.api != "Charm":
        return description
    params = dict(execute.params)
    most = int(params.get("CharmNum", "1"))
    least = int(params.get("MinCharmNum", str(most)))
    words = _NUMERALS.get(most, str(most)) if most == least else f"{_NUMERALS.get(least, str(least))} or more"
    modes = [subs[name].description or "" for name in params.get("Choices", "").split(",") if name in subs]
    return description.replace("ABILITY", "\n".join([f"choose {words} —", *(f"• {mode}" for mode in modes)]))


__all__ = ["check_printed"]
