"""What XMage prints for the building blocks a generated class uses: a model of `card.getRules()`.

The lowering records, for every ability it writes, the text XMage will print for it; the tests compare
that with the printed card (reminder text aside). The model covers:

- how XMage joins the texts of one ability's effects (`Effects.getText`: a new capitalized sentence
  after each effect, a clause starting with "and"/"with"/"then"/"or" continuing the sentence, a final
  period), and how a triggered ability prefixes them (`TriggeredAbilityImpl.getRule`: the trigger
  phrase, then "if <condition>, " for an intervening "if");
- explicit texts: `setText`, `staticText` of a generated effect, the text argument of
  `ConditionalOneShotEffect` - XMage prints these verbatim;
- the framework's own text only for the effects in `FRAMEWORK_PHRASED`, whose text XMage builds from
  the effect and its target's description the way `cardgen.text.phrases.effect_phrase` says them
  (`new DestroyTargetEffect()` on `new TargetCreaturePermanent()` prints "destroy target creature").
  Any other effect gets explicit text, so a wrong guess here costs a redundant `setText`, not a wrong card;
- abilities XMage writes whole (keywords, Gift, Enchant, Equip, additional costs): assumed to print their
  oracle line, as XMage's own classes rely on.

It does not run XMage: the check that the engine really prints this is by hand, with XMage's framework
(`getRules()` of each class), recorded in the commit that changes this model.
"""

from __future__ import annotations

import re

from cardgen.engines.xmage import data
from cardgen.engines.xmage.java_expr import Expr, New
from cardgen.vocab import EFFECTS

CONTINUATIONS = ("and ", "with ", "then ", "or ")

FRAMEWORK_PHRASED = frozenset(name for c in EFFECTS.values() for name in c.xmage.phrased)
"""Effects whose own text equals `effect_phrase` of the spec effect they implement, with the description
of the target declared on the ability (`target_description`): every construct's `xmage.phrased`."""

TYPED_TARGETS = {
    "TargetPlayer": "target player", "TargetOpponent": "target opponent", "TargetAnyTarget": "any target",
    "TargetCreaturePermanent": "target creature", "TargetControlledCreaturePermanent": "target creature you control",
    "TargetOpponentsCreaturePermanent": "target creature an opponent controls", "TargetSpell": "target spell",
    "TargetPermanent": "target permanent",
}
"""How XMage describes a target created without arguments."""


def target_description(target: Expr, messages: dict[str, str]) -> str | None:
    """"target creature you control": what XMage's effect text says for a target we declare, for exactly-one
    targets (`messages`: our filter fields' messages; a `StaticFilters` field's from `static_filters.txt`)."""
    if not isinstance(target, New):
        return None
    if not target.args:
        return TYPED_TARGETS.get(target.cls)
    if len(target.args) != 1 or target.cls not in ("TargetPermanent", "TargetSpell"):
        return None
    name = target.args[0].flat()
    if name.startswith("StaticFilters."):
        message = data.static_filter_messages().get(name[len("StaticFilters."):])
    else:
        message = messages.get(name)
    if not message:
        return None
    return message if "target" in message else f"target {message}"

_STATIC_TEXTS = [text for c in EFFECTS.values() if c.xmage.static is not None
                 and (text := c.xmage.static.text) is not None]


def static_text(expr: Expr) -> str | None:
    """XMage's own text for a static effect we write, when the model knows it (the constructs'
    `xmage.static.text(expr)`, None where they don't know it)."""
    if not isinstance(expr, New):
        return None
    return next((text for own in _STATIC_TEXTS if (text := own(expr)) is not None), None)


def effects_text(texts: list[str]) -> str:
    """`Effects.getText` over effect texts (empty ones skipped), before the ability capitalizes it."""
    out = ""
    last: str | None = None
    for text in texts:
        if not text:
            continue
        if text.startswith(CONTINUATIONS):
            piece = " " + text
        elif text.startswith((",", " ")):
            piece = text
        elif last is not None and len(last) > 3:
            piece = (" " if last.endswith(".") else ". ") + (text[0].upper() + text[1:] if len(text) > 3 else text)
            text = piece.lstrip(". ")
        else:
            piece = text
        out += piece
        last = text
    if last is not None and len(last) > 3 and not last.endswith((".", "!", '"', ".)")):
        out += "."
    return out


def upper_first(text: str) -> str:
    return text[:1].upper() + text[1:] if len(text) > 3 else text


def spell_rule(texts: list[str]) -> str:
    return upper_first(effects_text(texts))


_LEADING_THIS = re.compile(r"^((?:you may )?sacrifice |(put|remove) [^ ]+ [^ ]+ counters? (on|from) |return |transform "
                           r"|untap |regenerate |attach |exile )?\{this\}")
"""Where `TriggeredAbilityImpl.getRule` turns the effects' first `{this}` into "it", when the ability's
`replaceRuleText` is set (XMage's own pattern)."""


def says_it_for_this(texts: list[str]) -> bool:
    """Whether a triggered ability that replaces rule text would print "it" for the `{this}` its effects'
    text starts with."""
    return _LEADING_THIS.match(effects_text(texts)) is not None


def triggered_rule(phrase: str, condition: str | None, texts: list[str]) -> str:
    """The trigger phrase, "if <condition>, " and the effects (XMage keeps `{this}` for the name)."""
    return phrase + (f"if {condition}, " if condition else "") + effects_text(texts)
