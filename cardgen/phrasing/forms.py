"""The text forms of the spec vocabulary: one table, read both ways.

Each rule is a construct of the spec (an effect kind, a subject, a player, an amount, a duration, a
condition, a trigger event, an ability kind); each form is one way oracle text says it. The first form
of a rule that fits a structure is how cardgen writes it; every form is accepted when reading. Engine
neutral: nothing here knows Forge or XMage, so the same forms can serve `cardgen new` (oracle -> spec),
the validator's text check and an engine's rules text (spec -> oracle).

Conventions: patterns are lower case (sentence capitals are layout); `~` is the card's own name; a
leading space belongs to an optional part (`{dur:duration}` is " until end of turn" or nothing). Slots
whose value is a back-reference ("that creature", "it") produce `{backref: ...}` markers that
`cardgen.phrasing.compose` turns into `{ref: id}` subjects, so these forms never need to know ids.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, get_args

from cardgen.phrasing.nouns import ALL, DIGITS, SIGNED, TARGET, count_primitive, filter_primitive
from cardgen.phrasing.pattern import MISSING, Cat, Cons, Context, Form, Grammar, Primitive, V, words_primitive
from cardgen.spec.model import Keyword

F = Form

# ------------------------------------------------------------------------------------------ words

SELF_NOUNS = ("creature", "spell", "aura", "equipment", "artifact", "enchantment", "permanent")
"""Oracle text since 2024 often says "this creature" where older text said the card's name."""

def _article_parse(text: str, lowered: str, pos: int, ctx: Context) -> Iterator[tuple[Any, int]]:
    for word in ("a ", "an "):
        if lowered.startswith(word, pos):
            yield MISSING, pos + len(word)


def _self_parse(text: str, lowered: str, pos: int, ctx: Context) -> Iterator[tuple[Any, int]]:
    """The card itself: its name (`~`) or, in newer oracle text, "this creature", "this Aura", ..."""
    if lowered.startswith("~", pos):
        yield "self", pos + 1
    for noun in SELF_NOUNS:
        words = f"this {noun}"
        end = pos + len(words)
        if lowered.startswith(words, pos) and not lowered[end:end + 1].isalpha():
            yield "self", end


KEYWORDS: dict[str, str] = {keyword.replace("_", " "): keyword for keyword in get_args(Keyword)}
"""Printed keyword -> spec keyword (`first strike` -> `first_strike`)."""


def _keyword_list_parse(text: str, lowered: str, pos: int, ctx: Context) -> Iterator[tuple[Any, int]]:
    single = words_primitive(KEYWORDS)
    for first, end in single.parse(text, lowered, pos, ctx):
        yield [first], end
        for joiner in (" and ", ", "):
            if lowered.startswith(joiner, end):
                for rest, final in _keyword_list_parse(text, lowered, end + len(joiner), ctx):
                    yield [first, *rest], final


def _keyword_list_render(value: Any, ctx: Context) -> str | None:
    if not isinstance(value, list) or not value:
        return None
    words = [next((w for w, k in KEYWORDS.items() if k == keyword), None) for keyword in value]
    if None in words:
        return None
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " and " + words[-1]  # type: ignore[arg-type]


def _also_parse(text: str, lowered: str, pos: int, ctx: Context) -> Iterator[tuple[Any, int]]:
    if lowered.startswith(" also", pos):
        yield MISSING, pos + len(" also")
    if "also" not in ctx.modes:
        yield MISSING, pos


def _duration_parse(text: str, lowered: str, pos: int, ctx: Context) -> Iterator[tuple[Any, int]]:
    if "front" in ctx.modes:  # "until your next turn, A and B": said once, before the clauses
        yield "until_your_next_turn", pos
        return
    yield from words_primitive(DURATIONS, boundary=False).parse(text, lowered, pos, ctx)


DURATIONS = {" until end of turn": "end_of_turn", " until your next turn": "until_your_next_turn"}
THIS_TURN = {" this turn": "end_of_turn", " until your next turn": "until_your_next_turn"}


def _this_turn_parse(text: str, lowered: str, pos: int, ctx: Context) -> Iterator[tuple[Any, int]]:
    if "front" in ctx.modes:
        yield "until_your_next_turn", pos
        return
    yield from words_primitive(THIS_TURN, boundary=False).parse(text, lowered, pos, ctx)


def _words_render(table: dict[str, Any]) -> Any:
    return words_primitive(table, boundary=False).render


def _numbered(primitive: Primitive, plural: bool) -> Primitive:
    """A target primitive restricted to one grammatical number (for verb agreement)."""

    def is_plural(value: Any) -> bool:
        return isinstance(value, dict) and value.get("target", {}).get("max", 1) > 1

    def parse(text: str, lowered: str, pos: int, ctx: Context) -> Iterator[tuple[Any, int]]:
        for value, end in primitive.parse(text, lowered, pos, ctx):
            if is_plural(value) == plural:
                yield value, end

    def render(value: Any, ctx: Context) -> str | None:
        return primitive.render(value, ctx) if is_plural(value) == plural else None

    return Primitive(parse, render)


COUNTERS = {"+1/+1": "+1/+1", "-1/-1": "-1/-1", "stun": "stun", "shield": "shield"}
TYPE_WORD = {word: word for word in ("creature", "artifact", "enchantment", "land", "permanent", "planeswalker")}


def _pt_parse(text: str, lowered: str, pos: int, ctx: Context) -> Iterator[tuple[Any, int]]:
    import re

    match = re.compile(r"(0|[1-9][0-9]{0,2}|\*)/(0|[1-9][0-9]{0,2}|\*)").match(lowered, pos)
    if match:
        yield match.group(), match.end()


PT = Primitive(_pt_parse, lambda value, ctx: value if isinstance(value, str) and "/" in value else None)


def _mana_parse(text: str, lowered: str, pos: int, ctx: Context) -> Iterator[tuple[Any, int]]:
    import re

    match = re.compile(r"(\{[0-9WUBRGCX]+\})+").match(text, pos)
    if match:
        yield match.group(), match.end()


MANA = Primitive(_mana_parse, lambda value, ctx: value if isinstance(value, str) and value.startswith("{") else None)

# ------------------------------------------------------------------------------------------ tokens

COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
PREDEFINED = {"food": ("Food token", "Food tokens"), "treasure": ("Treasure token", "Treasure tokens"),
              "fish": ("1/1 blue Fish creature token", "1/1 blue Fish creature tokens"),
              "octopus": ("8/8 blue Octopus creature token", "8/8 blue Octopus creature tokens")}


def _token_words(token: Any, plural: bool) -> str | None:
    if isinstance(token, str):
        pair = PREDEFINED.get(token)
        return None if pair is None else pair[1 if plural else 0]
    if not isinstance(token, dict) or token.get("types") != ["Creature"] or not token.get("pt") \
            or len(token.get("subtypes", [])) != 1 or token.get("name") != token["subtypes"][0] \
            or set(token) - {"name", "colors", "types", "subtypes", "pt", "keywords"}:
        return None
    colors = [next(w for w, c in COLOR_WORDS.items() if c == color) for color in token.get("colors", [])]
    if len(colors) > 1:
        return None
    words = " ".join([token["pt"], *colors, token["subtypes"][0], "creature", "tokens" if plural else "token"])
    keywords = token.get("keywords", [])
    if keywords:
        listed = _keyword_list_render(keywords, Context())
        if listed is None:
            return None
        words += " with " + listed
    return words


def _token_parse(plural: bool) -> Any:
    import re

    noun = "tokens" if plural else "token"
    creature = re.compile(rf"(?P<pt>[0-9]{{1,2}}/[0-9]{{1,2}}) (?:(?P<color>white|blue|black|red|green) )?"
                          rf"(?P<sub>[A-Z][a-z]+) creature {noun}")

    def parse(text: str, lowered: str, pos: int, ctx: Context) -> Iterator[tuple[Any, int]]:
        for name, pair in PREDEFINED.items():
            words = pair[1 if plural else 0].lower()
            if lowered.startswith(words, pos):
                yield name, pos + len(words)
        match = creature.match(text, pos)
        if not match:
            return
        token: dict[str, Any] = {"name": match.group("sub"), "types": ["Creature"],
                                 "subtypes": [match.group("sub")], "pt": match.group("pt")}
        if match.group("color"):
            token["colors"] = [COLOR_WORDS[match.group("color")]]
        predefined = any(lowered[pos:match.end()] == pair[1 if plural else 0].lower() for pair in PREDEFINED.values())
        if not predefined:  # "1/1 blue Fish creature token" is the Fish token, one reading
            yield token, match.end()
        if lowered.startswith(" with ", match.end()):
            for keywords, end in _keyword_list_parse(text, lowered, match.end() + len(" with "), ctx):
                yield {**token, "keywords": keywords}, end

    return Primitive(parse, lambda value, ctx: _token_words(value, plural))


# ------------------------------------------------------------------------------------------- rules

RULES: dict[str, list[Form] | Primitive] = {
    # ---- numbers, words
    "count": count_primitive(article=False),
    "a_count": count_primitive(article=True),
    "number": DIGITS,
    "signed": SIGNED,
    "pt": PT,
    "mana": MANA,
    "keyword": words_primitive(KEYWORDS),
    "keywords": Primitive(_keyword_list_parse, _keyword_list_render),
    "type_word": words_primitive(TYPE_WORD),
    "counter_kind": words_primitive(COUNTERS),
    "also": Primitive(_also_parse, lambda value, ctx: " also" if "also" in ctx.modes else ""),
    "duration": Primitive(_duration_parse, _words_render(DURATIONS)),
    "this_turn": Primitive(_this_turn_parse, _words_render(THIS_TURN)),
    "token_sg": _token_parse(plural=False),
    "token_pl": _token_parse(plural=True),
    "cards": [F("a card", 1), F("{n:count} cards", V("n"))],
    # ---- objects and players
    "filter_sg": filter_primitive(plural=False),
    "filter_pl": filter_primitive(plural=True),
    "hand_card": filter_primitive(plural=False, zone="hand"),
    "target": TARGET,
    "target_sg": _numbered(TARGET, plural=False),
    "target_pl": _numbered(TARGET, plural=True),
    "all": ALL,
    "self": Primitive(_self_parse, lambda value, ctx: "~" if value in (MISSING, "self") else None),
    "object_word": [F("enchanted creature", "enchanted"), F("equipped creature", "equipped"), F("{s:self}", "self")],
    "backref_sg": [
        F("that creature", {"backref": "creature"}), F("that card", {"backref": "card"}),
        F("that spell", {"backref": "spell"}), F("that permanent", {"backref": "permanent"}),
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
    "subject_pl": [F("{x:object_pl}", V("x")), F("you", "you")],
    "player_sg": [
        F("{x:target}", V("x")), F("each opponent", "each_opponent"), F("each player", "each_player"),
        F("that creature's controller", {"backref": "creature", "relation": "controller"}),
        F("its controller", {"backref": "it", "relation": "controller"}),
        F("that player", {"backref": "player"}),
    ],
    "creator": [F("each opponent", "each_opponent"), F("each player", "each_player")],
    "players": [F("players", "each_player"), F("your opponents", "each_opponent"), F("you", "you")],
    "damage_to": [F("{x:object}", V("x")), F("{x:player_sg}", V("x")), F("you", "you")],
    # ---- effects: one effect each ("plain": not holding other effects)
    "plain_effect": [
        F("draw {n:cards}", {"effect": "draw", "amount": V("n", 1)}),
        F("{who:player_sg} draws {n:cards}", {"effect": "draw", "who": V("who"), "amount": V("n", 1)}),
        F("{s:self}{a:also} deals {n:number} damage to {to:damage_to}",
          {"effect": "damage", "amount": V("n"), "to": V("to")}),
        F("you lose {n:number} life", {"effect": "lose_life", "amount": V("n")}),
        F("{who:player_sg} loses {n:number} life", {"effect": "lose_life", "who": V("who"), "amount": V("n")}),
        F("you gain {n:number} life", {"effect": "gain_life", "amount": V("n")}),
        F("{who:player_sg} gains {n:number} life", {"effect": "gain_life", "who": V("who"), "amount": V("n")}),
        F("destroy {w:object}", {"effect": "destroy", "what": V("w")}),
        F("exile {w:object}", {"effect": "exile", "what": V("w")}),
        F("return {w:object_sg} to its owner's hand", {"effect": "bounce", "what": V("w")}),
        F("return {w:object_pl} to their owners' hands", {"effect": "bounce", "what": V("w")}),
        F("return {w:object} to your hand", {"effect": "return_card", "what": V("w"), "to": "hand"}),
        F("return {w:object} to the battlefield{u:under}{c:with_counters}",
          {"effect": "return_card", "what": V("w"), "to": "battlefield", "under": V("u", "owner"),
           "counters": V("c", [])}),
        F("counter {w:object}", {"effect": "counter", "what": V("w")}),
        F("create {t:a_token}", V("t")),
        F("create {n:count} {tap:tapped}{t:token_pl}",
          {"effect": "create_token", "token": V("t"), "amount": V("n"), "tapped": V("tap", False)}),
        F("{who:creator} creates {a:article}{tap:tapped}{t:token_sg}",
          {"effect": "create_token", "token": V("t"), "tapped": V("tap", False), "controller": V("who")}),
        F("{who:creator} creates {n:count} {tap:tapped}{t:token_pl}",
          {"effect": "create_token", "token": V("t"), "amount": V("n"), "tapped": V("tap", False),
           "controller": V("who")}),
        F("create a token that's a copy of {o:object_sg}{pt:except_pt}",
          {"effect": "token_copy", "of": V("o"), "set_pt": V("pt", None)}),
        F("{w:object_sg}{a:also} gets {p:signed}/{t:signed}{d:duration}",
          {"effect": "pump", "what": V("w"), "power": V("p", 0), "toughness": V("t", 0),
           "duration": V("d", "end_of_turn")}),
        F("{w:subject_pl}{a:also} get {p:signed}/{t:signed}{d:duration}",
          {"effect": "pump", "what": V("w"), "power": V("p", 0), "toughness": V("t", 0),
           "duration": V("d", "end_of_turn")}),
        F("{w:object_sg}{a:also} gains {k:keywords}{d:duration}",
          {"effect": "gain_keyword", "what": V("w"), "keywords": V("k"), "duration": V("d", "end_of_turn")}),
        F("{w:subject_pl}{a:also} gain {k:keywords}{d:duration}",
          {"effect": "gain_keyword", "what": V("w"), "keywords": V("k"), "duration": V("d", "end_of_turn")}),
        F("{w:object_sg}{a:also} gains protection from everything{d:duration}",
          {"effect": "protection", "what": V("w"), "duration": V("d", "end_of_turn")}),
        F("{w:subject_pl}{a:also} gain protection from everything{d:duration}",
          {"effect": "protection", "what": V("w"), "duration": V("d", "end_of_turn")}),
        F("put a {c:counter_kind} counter on {w:object}",
          {"effect": "put_counters", "what": V("w"), "counter": V("c")}),
        F("put {n:count} {c:counter_kind} counters on {w:object}",
          {"effect": "put_counters", "what": V("w"), "counter": V("c"), "amount": V("n", 1)}),
        F("tap {w:object}", {"effect": "tap", "what": V("w")}),
        F("{w:object_sg} fights {o:object_sg}", {"effect": "fight", "what": V("w"), "other": V("o")}),
        F("those creatures fight each other",
          {"effect": "fight", "what": {"backref": "chosen", "index": 0}, "other": {"backref": "chosen", "index": 1}},
          parse_only=True),
        F("{who:player_sg} sacrifices {f:article_filter} with the greatest power among {f:filter_pl} they control",
          {"effect": "sacrifice", "who": V("who"), "filter": V("f"), "choice": "greatest_power"}),
        F("{who:player_sg} sacrifices {f:article_filter}", {"effect": "sacrifice", "who": V("who"), "filter": V("f")}),
        F("{who:player_sg} reveals their hand. you choose {f:article_hand_card} from it. exile that card",
          {"effect": "reveal_and_exile", "who": V("who"), "filter": V("f", {"zone": "hand"})}),
        F("you may cast {w:object_sg} for as long as it remains exiled{m:any_mana}",
          {"effect": "may_cast_from_exile", "what": V("w"), "any_mana": V("m", False)}),
        F("attach {s:self} to {t:object_sg}", {"effect": "attach", "to": V("t")}),
        F("attach it to {t:object_sg}", {"effect": "attach", "to": V("t")}, parse_only=True),
        F("{w:object_sg} phases out", {"effect": "phase_out", "what": V("w")}),
        F("{w:object_pl} phase out", {"effect": "phase_out", "what": V("w")}),
        F("your life total can't change{d:this_turn}",
          {"effect": "life_cant_change", "duration": V("d", "end_of_turn")}),
        F("{who:players} can't cast spells{d:this_turn}",
          {"effect": "cant_cast_spells", "who": V("who", "each_player"), "duration": V("d", "end_of_turn")}),
    ],
    "effect": [
        F("{e:plain_effect}", V("e")),
        F("{e:plain_clauses} at the beginning of the next end step",
          {"effect": "delayed_trigger", "at": "next_end_step", "effects": V("e")}),
        F("at the beginning of the next end step, {e:plain_clauses}",
          {"effect": "delayed_trigger", "at": "next_end_step", "effects": V("e")}, parse_only=True),
    ],
    "plain_clauses": [F("{e:plain_effect}", [V("e")]), F("{e:plain_effect} and {b:plain_clauses}", Cons("e", "b"))],
    "article_filter": [F("a {f:filter_sg}", V("f")), F("an {f:filter_sg}", V("f"))],
    "article_hand_card": [F("a {f:hand_card}", V("f")), F("an {f:hand_card}", V("f"))],
    "a_token": [F("{a:article}{tap:tapped}{t:token_sg}",
                  {"effect": "create_token", "token": V("t"), "tapped": V("tap", False)})],
    "article": Primitive(_article_parse, lambda value, ctx: "a "),
    "tapped": [F("", False), F("tapped ", True)],
    "under": [F("", "owner"), F(" under its owner's control", "owner", parse_only=True),
              F(" under your control", "you")],
    "with_counters": [F("", []), F(" with a {c:counter_kind} counter on it", [{"counter": V("c")}]),
                      F(" with {n:count} {c:counter_kind} counters on it", [{"counter": V("c"), "amount": V("n")}])],
    "except_pt": [F("", None), F(", except it's {pt:pt}", V("pt"))],
    "any_mana": [F("", False), F(", and mana of any type can be spent to cast it", True)],
    # ---- several effects in one clause
    "clause": [
        F("{e:effect}", [V("e")]),
        F("{w:object_sg} gets {p:signed}/{t:signed} and gains {k:keywords}{d:duration}",
          [{"effect": "pump", "what": V("w"), "power": V("p", 0), "toughness": V("t", 0),
            "duration": V("d", "end_of_turn")},
           {"effect": "gain_keyword", "what": {"backref": "it"}, "keywords": V("k"),
            "duration": V("d", "end_of_turn")}]),
        F("{w:subject_pl} get {p:signed}/{t:signed} and gain {k:keywords}{d:duration}",
          [{"effect": "pump", "what": V("w"), "power": V("p", 0), "toughness": V("t", 0),
            "duration": V("d", "end_of_turn")},
           {"effect": "gain_keyword", "what": {"backref": "them"}, "keywords": V("k"),
            "duration": V("d", "end_of_turn")}]),
        F("you and {w:subject_pl} gain {k:keywords}{d:duration}",
          [{"effect": "gain_keyword", "what": "you", "keywords": V("k"), "duration": V("d", "end_of_turn")},
           {"effect": "gain_keyword", "what": V("w"), "keywords": V("k"), "duration": V("d", "end_of_turn")}]),
        F("{s:self}{a:also} deals {n:number} damage to {to:damage_to} and {to2:damage_to}",
          [{"effect": "damage", "amount": V("n"), "to": V("to")},
           {"effect": "damage", "amount": V("n"), "to": V("to2")}]),
        F("{s:self}{a:also} deals {n:number} damage to {to:damage_to} and {m:number} damage to {to2:damage_to}",
          [{"effect": "damage", "amount": V("n"), "to": V("to")},
           {"effect": "damage", "amount": V("m"), "to": V("to2")}],
          parse_only=True),
    ],
    "clauses": [
        F("{a:clause}", V("a")),
        F("{a:clause} and {b:clauses}", Cat("a", "b")),
        F("{a:clause}, and {b:clauses}", Cat("a", "b"), parse_only=True),
        F("until your next turn, {b:clauses@front}", V("b"), parse_only=True),
    ],
    # ---- sentences: what comes before and after the clauses
    "prefix": [
        F("", {}),
        F("if the gift was promised, ", {"condition": "promised"}),
        F("if the gift wasn't promised, ", {"condition": "not_promised"}),
        F("if the gift was not promised, ", {"condition": "not_promised"}, parse_only=True),
        F("if the gift was promised, instead ", {"instead": True}),
        F("then ", {"then": True}),
        F("then if the gift was promised and {r:backref_sg} isn't legendary, ",
          {"then": True, "condition": "promised",
           "only_if": {"ref": V("r"), "matches": {"not_supertypes": ["legendary"]}}}),
    ],
    "suffix": [F("", {}), F(" if the gift was promised", {"condition": "promised"})],
    "sentence": [
        # "also" (a promised sentence adding to what an earlier one did) is layout: read either way
        F("{p:prefix}{c:clauses@also}{s:suffix}.",
          {"prefix": V("p"), "clauses": V("c"), "suffix": V("s"), "also": True}),
        F("{p:prefix}{c:clauses}{s:suffix}.", {"prefix": V("p"), "clauses": V("c"), "suffix": V("s")}),
        F("choose {a:target} and {b:target}.", {"choose": [V("a"), V("b")]}, parse_only=True),
    ],
    "sentences": [F("{a:sentence}", [V("a")]), F("{a:sentence} {b:sentences}", Cons("a", "b"))],
    # ---- abilities
    "trigger": [F("when {s:self} enters", "enters"), F("whenever you give a gift", "you_give_gift"),
                F("at the beginning of each end step", "each_end_step")],
    "intervening": [F("if the gift was promised, ", "promised"), F("", None)],
    "static": [
        F("you control {a:object_sg}", {"effect": "control", "affected": V("a")}),
        F("{a:object_sg} gets {p:signed}/{t:signed}{k:static_keywords}",
          {"effect": "modify", "affected": V("a"), "power": V("p", 0), "toughness": V("t", 0),
           "remove_keywords": V("k", [])}),
        F("{a:object_sg} gets {p:signed}/{t:signed} and has {k:keywords}",
          {"effect": "modify", "affected": V("a"), "power": V("p", 0), "toughness": V("t", 0), "add_keywords": V("k")}),
        F("{a:subject_pl} get {p:signed}/{t:signed}",
          {"effect": "modify", "affected": V("a"), "power": V("p", 0), "toughness": V("t", 0)}),
        F("{a:subject_pl} get {p:signed}/{t:signed} and have {k:keywords}",
          {"effect": "modify", "affected": V("a"), "power": V("p", 0), "toughness": V("t", 0), "add_keywords": V("k")}),
        F("{a:object_sg} has {k:keywords}", {"effect": "modify", "affected": V("a"), "add_keywords": V("k")}),
        F("{a:subject_pl} have {k:keywords}", {"effect": "modify", "affected": V("a"), "add_keywords": V("k")}),
    ],
    "static_keywords": [F("", []), F(" and loses {k:keywords}", V("k"))],
    "ability": [
        F("{k:keyword}", {"kind": "keyword", "keyword": V("k")}),
        F("enchant {t:type_word}", {"kind": "enchant", "filter": {"types": [V("t")]}}),
        F("equip {c:mana}", {"kind": "equip", "cost": V("c")}),
        F("as an additional cost to cast this spell, discard {n:cards}.",
          {"kind": "additional_cost", "discard": V("n")}),
        F("{e:trigger}, {i:intervening}{b:sentences}",
          {"kind": "triggered", "event": V("e"), "intervening_if": V("i", None), "sentences": V("b")}),
        F("{s:static}.", {"kind": "static", "effects": [V("s")]}),
        F("{b:sentences}", {"kind": "body", "sentences": V("b")}),
    ],
}

GRAMMAR = Grammar(RULES)
"""The whole vocabulary's text, for `cardgen.phrasing.compose`."""
