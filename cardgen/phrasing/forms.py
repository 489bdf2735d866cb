"""The text forms of the spec vocabulary: one grammar, read both ways.

Each rule is a construct of the spec (an effect kind, a subject, a player, an amount, a duration, a
condition, a trigger event, an ability kind); each form is one way oracle text says it. The first form
of a rule that fits a structure is how cardgen writes it; every form is accepted when reading. Engine
neutral: nothing here knows Forge or XMage, so the same forms can serve `cardgen new` (oracle -> spec),
the validator's text check and an engine's rules text (spec -> oracle).

The forms of each effect kind, ability kind, trigger event and subject word are declared by its
construct (`cardgen.vocab`), in its text group's `phrasings`: rule name -> the construct's forms for that
rule (`plain_effect` for one effect, `clause` for several said together, `effect`, `static`, `ability`,
`trigger`, or a word list of its own).

Conventions: patterns are lower case (sentence capitals are layout); `~` is the card's own name; a
leading space belongs to an optional part (`{dur:duration}` is " until end of turn" or nothing). Slots
whose value is a back-reference ("that creature", "it") produce `{backref: ...}` markers that
`cardgen.phrasing.compose` turns into `{ref: id}` subjects, so these forms never need to know ids.
"""

from __future__ import annotations

from typing import Any

from cardgen import vocab
from cardgen.phrasing.nouns import (
    ALL,
    DIGITS,
    SIGNED,
    TARGET,
    count_primitive,
    filter_primitive,
    zone_card_primitive,
)
from cardgen.phrasing.words import (
    A_COUNTER_KIND,
    ALSO,
    ARTICLE,
    COUNTER_KINDS,
    DURATION,
    KEYWORD,
    KEYWORD_LIST,
    MANA,
    PT,
    SELF,
    THIS_TURN_DURATION,
    TOKEN_PL,
    TOKEN_SG,
    TYPE_WORDS,
    numbered,
)
from cardgen.vocab import subject as vocab_subject
from cardgen.vocab.construct import (
    AbilityText,
    AmountConstruct,
    ConditionConstruct,
    EffectConstruct,
    EventText,
    SubjectConstruct,
)
from cardgen.vocab.pattern import Cat, Cons, Form, Grammar, Primitive, V

F = Form

# ------------------------------------------------------------------------------------------- rules

RULES: dict[str, list[Form] | Primitive] = {
    # ---- numbers, words
    "count": count_primitive(article=False),
    "a_count": count_primitive(article=True),
    "number": DIGITS,
    "signed": SIGNED,
    "pt": PT,
    "mana": MANA,
    "keyword": KEYWORD,
    "keywords": KEYWORD_LIST,
    "type_word": TYPE_WORDS,
    "counter_kind": COUNTER_KINDS,
    "a_counter_kind": A_COUNTER_KIND,
    "also": ALSO,
    "duration": DURATION,
    "this_turn": THIS_TURN_DURATION,
    "token_sg": TOKEN_SG,
    "token_pl": TOKEN_PL,
    "cards": [F("a card", 1), F("{n:count} cards", V("n"))],
    "equal_to": [],  # " equal to its power": each amount kind's own forms said after the noun
    "for_each": [],  # " for each opponent you have": each counted amount kind's own forms (`_with_constructs`)
    # ---- objects and players
    "filter_sg": filter_primitive(plural=False),
    "filter_pl": filter_primitive(plural=True),
    "hand_card": filter_primitive(plural=False, zone="hand"),
    "library_card": zone_card_primitive("library"),
    "target": TARGET,
    "target_sg": numbered(TARGET, plural=False),
    "target_pl": numbered(TARGET, plural=True),
    "all": ALL,
    "self": SELF,
    "object_word": [],  # each object word's own forms come from its subject construct (`_with_constructs`)
    "backref_sg": [
        F("that creature", {"backref": "creature"}), F("that card", {"backref": "card"}),
        F("that spell", {"backref": "spell"}), F("that permanent", {"backref": "permanent"}),
        F("that land", {"backref": "land"}),
        F("it", {"backref": "it"}),
        F("the {f:filter_sg}", {"backref": "chosen", "filter": V("f")}),
        F("a {t:type_word} card put into your graveyard this way",
          {"backref": "this_way", "filter": {"zone": "graveyard", "types": [V("t")], "owner": "you"}, "choose": 1}),
    ],
    "backref_pl": [F("those creatures", {"backref": "creatures"}), F("them", {"backref": "them"}),
                   F("each of them", {"backref": "them"}, parse_only=True)],
    "object_sg": [F("{x:target_sg}", V("x")), F("{x:object_word}", V("x")), F("{x:backref_sg}", V("x")),
                  F("{x:all}", V("x"), parse_only=True)],
    "object_pl": [F("{x:all}", V("x")), F("{x:target_pl}", V("x")), F("{x:backref_pl}", V("x"))],
    "object": [F("{x:object_sg}", V("x")), F("{x:object_pl}", V("x"))],
    "subject_pl": [F("{x:object_pl}", V("x"))],  # + "you", from its subject construct
    "player_sg": [
        F("{x:target}", V("x")),  # + the player words of the subject constructs ("each opponent")
        F("that creature's controller", {"backref": "creature", "relation": "controller"}),
        F("its controller", {"backref": "it", "relation": "controller"}),
        F("that player", {"backref": "player"}),
    ],
    # ---- effects: each effect kind's own forms come from its construct (see `_with_constructs`)
    "plain_effect": [],  # one effect each ("plain": not holding other effects)
    "effect": [F("{e:plain_effect}", V("e"))],
    "plain_clauses": [F("{e:plain_effect}", [V("e")]), F("{e:plain_effect} and {b:plain_clauses}", Cons("e", "b"))],
    "article": ARTICLE,
    # ---- several effects in one clause
    "clause": [F("{e:effect}", [V("e")])],
    "clauses": [
        F("{a:clause}", V("a")),
        F("{a:clause} and {b:clauses}", Cat("a", "b")),
        F("{a:clause}, and {b:clauses}", Cat("a", "b"), parse_only=True),
        F("{a:clause}, then {b:clauses}", Cat("a", "b"), parse_only=True),  # in order, as any two (608.2c)
        F("until your next turn, {b:clauses@front}", V("b"), parse_only=True),
    ],
    # ---- sentences: what comes before and after the clauses
    "prefix": [  # + each condition's own ("if the gift was promised, "), from its construct
        F("", {}),
        F("if the gift was promised, instead ", {"instead": True}),
        F("then ", {"then": True}),
        F("then if the gift was promised and {r:backref_sg} isn't legendary, ",
          {"then": True, "condition": "promised",
           "only_if": {"ref": V("r"), "matches": {"not_supertypes": ["legendary"]}}}),
        # "If that creature is a Bird, Frog, Otter, or Rat, draw a card." (a check of the object, 608.2c)
        F("if {r:backref_sg} is {a:article}{f:filter_sg}, ", {"only_if": {"ref": V("r"), "matches": V("f")}}),
        # "If that creature had power 2 or less, put a +1/+1 counter on this creature." (608.2h: as it last existed)
        F("if {r:backref_sg} had power {n:number} or less, ",
          {"only_if": {"ref": V("r"), "matches": {"max_power": V("n")}}}),
    ],
    "suffix": [F("", {})],  # + each condition's own (" if the gift was promised")
    "sentence": [
        # "also" (a promised sentence adding to what an earlier one did) is layout: read either way
        F("{p:prefix}{c:clauses@also}{s:suffix}.",
          {"prefix": V("p"), "clauses": V("c"), "suffix": V("s"), "also": True}),
        F("{p:prefix}{c:clauses}{s:suffix}.", {"prefix": V("p"), "clauses": V("c"), "suffix": V("s")}),
        F("choose {a:target} and {b:target}.", {"choose": [V("a"), V("b")]}, parse_only=True),
    ],
    "sentences": [F("{a:sentence}", [V("a")]), F("{a:sentence} {b:sentences}", Cons("a", "b"))],
    # ---- abilities
    "trigger": [],  # each trigger event's `phrasings`, see `_declared`
    "intervening": [F("", None)],  # after each condition's own ("if the gift was promised, ")
    "static": [],
    "ability": [],  # each ability kind's `phrasings`, see `_declared`
}

_BEFORE = {"ability": "{s:static}.", "player_sg": "that creature's controller",
           "prefix": "if the gift was promised, instead ", "intervening": ""}
"""Where a rule's forms declared by constructs go when not at its end: before the form with this pattern
(a promise-dependent static must be tried before the one-sentence static and the spell body; the player
words come before the back-references to a player; a condition's prefix before the "instead" prefixes, its
intervening "if" before none)."""


def _declared(rules: dict[str, list[Form] | Primitive]) -> dict[str, list[Form] | Primitive]:
    """The rules with the forms every ability kind and trigger event declares (`text.phrasings`), in the
    order of their `text.order` (the order readings are tried in: a spell's sentences last)."""
    out = {name: list(rule) if isinstance(rule, list) else rule for name, rule in rules.items()}
    abilities: list[tuple[str, AbilityText[Any] | EventText]] = [(c.kind, c.text) for c in vocab.ABILITIES.values()]
    events: list[tuple[str, AbilityText[Any] | EventText]] = [(c.kind, c.text) for c in vocab.EVENTS.values()]
    for group in (abilities, events):
        for kind, text in sorted(group, key=lambda item: item[1].order):
            for name, forms in text.phrasings.items():
                rule = out.setdefault(name, [])
                if isinstance(rule, Primitive):
                    raise ValueError(f"{kind!r}: rule {name!r} is spelled by code, not by forms")
                rule.extend(forms)
    return out


def _with_constructs(rules: dict[str, list[Form] | Primitive]) -> dict[str, list[Form] | Primitive]:
    """The rules with every effect construct's, subject construct's, amount construct's and condition
    construct's `text.phrasings` (rule name -> forms) added, construct by construct in registry order, each
    construct's forms in the order it lists them; a rule only constructs use (a word list of one effect)
    is made from them."""
    out = {name: list(rule) if isinstance(rule, list) else rule for name, rule in rules.items()}
    constructs: list[EffectConstruct[Any] | SubjectConstruct | AmountConstruct[Any] | ConditionConstruct] = [
        *vocab.EFFECTS.values(), *vocab_subject.SUBJECTS.values(), *vocab.AMOUNTS.values(), *vocab.CONDITIONS.values()]
    texts = [(c.kind, c.text) for c in constructs]
    for kind, text in texts:
        for name, forms in (text.phrasings if text is not None else {}).items():
            rule = out.setdefault(name, [])
            if isinstance(rule, Primitive):
                raise ValueError(f"{kind!r}: rule {name!r} is spelled by code, not by forms")
            anchor = _BEFORE.get(name)
            at = next((i for i, form in enumerate(rule) if form.pattern == anchor), len(rule))
            rule[at:at] = forms
    return out


GRAMMAR = Grammar(_with_constructs(_declared(RULES)))
"""The whole vocabulary's text, for `cardgen.phrasing.compose`."""
