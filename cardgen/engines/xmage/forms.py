"""Which XMage framework effect implements which spec effect: one table, read in both directions.

Each `Form` says: for a spec effect of `kind` whose subject has `shape` (a target, that target's
controller, every object matching a filter, a player word, `self`, ...), construct `java` with these
arguments. The renderer picks the first form that fits an effect; the reader finds the form by class
name and argument count and rebuilds the effect. Keeping both directions on one table is what makes
"read back gives the spec" hold by construction rather than by parallel maintenance. The forms are
declared by the effect constructs (`cardgen/vocab/effects/<kind>.py`, `xmage.forms`); this module
gathers them into the table.

Argument words (interpreted by `lower.CardLowering.argument` and `reader.EffectReader.argument`):
  amount, power, toughness   int fields of the effect (`amount`: a number, its amount kind's `xmage.write`);
                             static_amount: `StaticValue.get(amount)`
  dynamic_amount             `amount` of any amount kind: a number or a counted kind's dynamic value (for
                             a constructor with both overloads)
  duration                   `Duration.EndOfTurn` / `Duration.UntilYourNextTurn`
  filter                     the subject's `{all: ...}` selector as a filter field
  keyword                    one keyword as its XMage ability (`FlyingAbility.getInstance()`)
  counter                    `CounterType.X.createInstance(n)` from `counter`/`amount`
  counters                   the `counters` list of the effect, as counter instances
  token                      the created token (predefined class or generated token class)
  text:<words>               a fixed string literal; const:<java>  a fixed Java expression
  any other word             the construct's own: its `xmage.args[word]` writes it, `xmage.read_args[word]`
                             reads it back
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cardgen.model.parts import EffectBase
from cardgen.vocab import DURATIONS as EFFECTS_DURATIONS
from cardgen.vocab import EFFECTS
from cardgen.vocab.construct import EffectConstruct
from cardgen.vocab.xmage_forms import ARG_FIELDS, Form

DURATIONS = {kind: c.xmage.member for kind, c in EFFECTS_DURATIONS.items()}
"""Duration -> XMage's `Duration` member, from the duration constructs."""
COUNTER_TYPES = {"+1/+1": "P1P1", "-1/-1": "M1M1", "stun": "STUN", "shield": "SHIELD",
                 "indestructible": "INDESTRUCTIBLE", "stash": "STASH"}
KEYWORD_CLASSES = {
    "changeling": "ChangelingAbility", "deathtouch": "DeathtouchAbility", "defender": "DefenderAbility",
    "double_strike": "DoubleStrikeAbility", "first_strike": "FirstStrikeAbility", "flash": "FlashAbility",
    "flying": "FlyingAbility", "haste": "HasteAbility", "hexproof": "HexproofAbility",
    "indestructible": "IndestructibleAbility", "lifelink": "LifelinkAbility", "menace": "MenaceAbility",
    "prowess": "ProwessAbility", "reach": "ReachAbility", "shroud": "ShroudAbility",
    "trample": "TrampleAbility", "vigilance": "VigilanceAbility",
}
NEW_INSTANCE_KEYWORDS = frozenset({"changeling", "menace", "prowess"})
"""Keywords XMage builds with `new` rather than a shared `getInstance()`."""


def _table() -> tuple[Form, ...]:
    """Every construct's `xmage.forms` in registry order, then every construct's `xmage.read_forms` (XMage's
    shorter spellings, read but never written since a written form of the same kind fits first)."""
    written = [replace(f, kind=c.kind) for c in EFFECTS.values() for f in c.xmage.forms]
    read_only = [replace(f, kind=c.kind) for c in EFFECTS.values() for f in c.xmage.read_forms]
    return (*written, *read_only)


FORMS: tuple[Form, ...] = _table()
"""The one table, read in both directions."""

_BY_KIND: dict[str, list[Form]] = {}
_BY_CLASS: dict[str, list[Form]] = {}
for _form in FORMS:
    _BY_KIND.setdefault(_form.kind, []).append(_form)
    _BY_CLASS.setdefault(_form.java, []).append(_form)


def form_subject(construct: EffectConstruct[Any]) -> str | None:
    """The field whose subject gives a form its `shape`: its primary subject, None when the construct's
    forms are `xmage.shapeless` (told apart by `fixed` values) or it has no subject."""
    if construct.xmage.shapeless:
        return None
    return construct.subjects[0] if construct.subjects else None


_BASE_FIELDS = frozenset(EffectBase.model_fields) | {"effect"}
"""Fields every effect has, which the lowering around a form writes (its condition, replacement, id)."""


def carried_fields(form: Form, construct: EffectConstruct[Any]) -> frozenset[str]:
    """The spec fields `form` writes or tells apart: its `fixed` ones, its subject, the fields its argument
    words and `when` test cover (`xmage_forms.ARG_FIELDS`, the construct's `xmage.covers`) and those every
    effect has."""
    words = [w for w in form.args if not w.startswith(("const:", "text:"))]
    covered = {name for w in words for name in ARG_FIELDS.get(w, construct.xmage.covers.get(w, ()))}
    if form.when is not None:
        covered.update(construct.xmage.covers.get(form.when, ()))
    subject = form_subject(construct)
    return _BASE_FIELDS | set(form.fixed) | covered | ({subject} if subject else set())


def uncarried(form: Form, construct: EffectConstruct[Any], effect: Any) -> list[str]:
    """The fields of `effect` that are set (not their default) and that `form` neither carries nor its
    construct declares `xmage.unexpressed`: the form doesn't fit an effect with any."""
    carried = carried_fields(form, construct) | set(construct.xmage.unexpressed)
    return [name for name, info in type(effect).model_fields.items()
            if name not in carried and getattr(effect, name) != info.get_default(call_default_factory=True)]


def forms_for(kind: str) -> list[Form]:
    """The forms of one effect kind, in the order the writer tries them."""
    return list(_BY_KIND.get(kind, ()))


def forms_named(java: str) -> list[Form]:
    """The forms built with one framework class, in the order the reader tries them."""
    return list(_BY_CLASS.get(java, ()))
