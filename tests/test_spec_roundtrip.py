"""Any Card the model accepts, written out as YAML the way a tool would write it, loads back equal.

This ties the model, the YAML writer and the loader together: if a value could be dumped in a form the
loader reads differently (a name YAML takes for a boolean, a collector number read as an int, a nested
subject losing its shape when defaults are dropped), this finds it.
"""

from __future__ import annotations

import datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any, get_args

import yaml
from examples import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen import vocab
from cardgen.load.specs import load_file
from cardgen.model import card as m
from cardgen.model.mana import COLORS, ManaCost

kinds = SimpleNamespace(**{c.model.__name__: c.model for c in [*vocab.EFFECTS.values(), *vocab.ABILITIES.values()]})
"""The spec model of every effect and ability kind, by class name (each lives in its construct module)."""

# ------------------------------------------------------------------------------------ leaf values

TEXT = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Cf", "Zl", "Zp", "Co", "Cn")),
    min_size=1,
    max_size=30,
)
"""Printable text of any script (control characters are the validator's business, not the model's)."""

LINES = st.lists(TEXT, min_size=0, max_size=3).map("\n".join)
IDS = st.from_regex(r"\A[a-z][a-z0-9_]{0,10}\Z")
PT = st.from_regex(r"\A(0|[1-9][0-9]{0,2}|\*)/(0|[1-9][0-9]{0,2}|\*)\Z")
SET_CODES = st.from_regex(r"\A[A-Z0-9]{2,6}\Z")
NUMBERS = st.from_regex(r"\A[0-9]{1,4}[a-z]?\Z")


def literal(alias: Any) -> st.SearchStrategy[str]:
    return st.sampled_from(get_args(alias))


def optional(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.none() | strategy


MANA = st.tuples(
    st.integers(0, 2), st.integers(0, 20), st.lists(st.sampled_from([*COLORS, "C", "W/U", "2/R", "G/P"]), max_size=4)
).map(lambda parts: ManaCost.parse(
    "{X}" * parts[0] + (f"{{{parts[1]}}}" if parts[1] else "") + "".join("{" + s + "}" for s in parts[2])
))

FILTERS = st.builds(
    m.ObjectFilter,
    zone=literal(m.Zone),
    types=st.lists(literal(m.TypeWord), max_size=2),
    not_types=st.lists(literal(m.TypeWord), max_size=1),
    supertypes=st.lists(literal(m.SupertypeWord), max_size=1),
    controller=optional(st.sampled_from(["you", "opponent", "not_you"])),
    owner=optional(st.sampled_from(["you", "opponent"])),
    token=optional(st.booleans()),
    max_mana_value=optional(st.integers(0, 99)),
    entered_this_turn=st.booleans(),
    other=st.booleans(),
)

TARGETS = st.builds(
    m.Target,
    zone=literal(m.Zone),
    types=st.lists(literal(m.TypeWord), max_size=2),
    controller=optional(st.sampled_from(["you", "opponent", "not_you"])),
    player=optional(st.sampled_from(["any", "opponent", "you"])),
    any_target=st.booleans(),
    min=st.integers(0, 20),
    max=st.integers(1, 20),
    only_if_promised=st.booleans(),
)

SUBJECTS: st.SearchStrategy[Any] = st.one_of(
    literal(m.PlayerWord),
    literal(m.ObjectWord),
    st.builds(m.TargetSubject, target=TARGETS),
    st.builds(m.RefSubject, ref=IDS, relation=st.sampled_from(["it", "controller", "owner"]),
              filter=optional(FILTERS), choose=optional(st.integers(1, 20))),
    st.builds(m.AllSubject, all=FILTERS),
)

TOKENS = st.builds(
    m.TokenDef,
    name=TEXT,
    colors=st.lists(literal(m.Color), max_size=2, unique=True),
    types=st.lists(literal(m.CardType), min_size=1, max_size=2),
    subtypes=st.lists(TEXT, max_size=2),
    pt=optional(PT),
    keywords=st.lists(literal(m.Keyword), max_size=2),
    text=st.text(max_size=40).filter(lambda t: all(c.isprintable() or c == " " for c in t)),
)

AMOUNT = st.integers(1, 20)
DURATION = literal(m.Duration)

# One strategy per effect record, keyed by the fields beyond EffectBase's.
EFFECT_FIELDS: dict[type, dict[str, st.SearchStrategy[Any]]] = {
    kinds.GiveGift: {},
    kinds.Draw: {"who": SUBJECTS, "amount": AMOUNT},
    kinds.Damage: {"amount": st.integers(0, 99), "to": SUBJECTS},
    kinds.LoseLife: {"who": SUBJECTS, "amount": AMOUNT},
    kinds.GainLife: {"who": SUBJECTS, "amount": AMOUNT},
    kinds.Destroy: {"what": SUBJECTS},
    kinds.Exile: {"what": SUBJECTS},
    kinds.Bounce: {"what": SUBJECTS},
    kinds.ReturnCard: {"what": SUBJECTS, "to": st.sampled_from(["hand", "battlefield"]),
                   "under": st.sampled_from(["owner", "you"]),
                   "counters": st.lists(st.builds(m.CounterSpec, counter=literal(m.CounterKind), amount=AMOUNT),
                                        max_size=1)},
    kinds.CounterSpell: {"what": SUBJECTS},
    kinds.CreateToken: {"token": literal(m.PredefinedToken) | TOKENS, "amount": AMOUNT, "tapped": st.booleans(),
                    "controller": literal(m.PlayerWord)},
    kinds.TokenCopy: {"of": SUBJECTS, "amount": AMOUNT, "set_pt": optional(PT)},
    kinds.Pump: {"what": SUBJECTS, "power": st.integers(-99, 99), "toughness": st.integers(-99, 99),
             "duration": DURATION},
    kinds.GainKeyword: {"what": SUBJECTS, "keywords": st.lists(literal(m.Keyword), min_size=1, max_size=2),
                    "duration": DURATION},
    kinds.Protection: {"what": SUBJECTS, "duration": DURATION},
    kinds.PutCounters: {"what": SUBJECTS, "counter": literal(m.CounterKind), "amount": AMOUNT},
    kinds.Tap: {"what": SUBJECTS},
    kinds.Fight: {"what": SUBJECTS, "other": SUBJECTS},
    kinds.Sacrifice: {"who": SUBJECTS, "filter": FILTERS, "amount": AMOUNT,
                  "choice": st.sampled_from(["any", "greatest_power"])},
    kinds.RevealAndExile: {"who": SUBJECTS, "filter": FILTERS, "amount": AMOUNT},
    kinds.MayCastFromExile: {"what": SUBJECTS, "any_mana": st.booleans()},
    kinds.Attach: {"what": SUBJECTS, "to": SUBJECTS},
    kinds.PhaseOut: {"what": SUBJECTS},
    kinds.LifeCantChange: {"who": SUBJECTS, "duration": DURATION},
    kinds.CantCastSpells: {"who": SUBJECTS, "duration": DURATION},
}


def effects(depth: int) -> st.SearchStrategy[Any]:
    """Any effect; below `depth` 0 no `instead_if_promised` or delayed trigger (keeps examples small)."""
    nested = effects(depth - 1) if depth > 0 else st.none()
    base = {
        "id": optional(IDS),
        # the conditions that are words (a condition with a model, `you_control`, has its own tests)
        "condition": optional(st.sampled_from([k for k, c in vocab.CONDITIONS.items() if c.model is None])),
        "only_if": optional(st.builds(m.RefCheck, ref=IDS, matches=FILTERS)),
        "instead_if_promised": st.none() | nested,
    }
    choices = [
        st.builds(cls, effect=st.just(get_args(cls.model_fields["effect"].annotation)[0]), **base, **fields)
        for cls, fields in EFFECT_FIELDS.items()
    ]
    if depth > 0:
        choices.append(st.builds(kinds.DelayedTrigger, effect=st.just("delayed_trigger"), at=st.just("next_end_step"),
                                 effects=st.lists(effects(depth - 1), min_size=1, max_size=2), **base))
    return st.one_of(choices)


EFFECT_LISTS = st.lists(effects(1), min_size=1, max_size=3)

ABILITIES = st.one_of(
    st.builds(kinds.SpellAbility, kind=st.just("spell"), text=TEXT, effects=EFFECT_LISTS),
    st.builds(kinds.TriggeredAbility, kind=st.just("triggered"), text=TEXT,
              event=st.sampled_from(["enters", "each_end_step", "you_give_gift"]),
              intervening_if=optional(st.just("promised")), effects=EFFECT_LISTS),
    st.builds(kinds.StaticAbility, kind=st.just("static"), text=TEXT, effects=st.lists(st.one_of(
        st.builds(kinds.Modify, effect=st.just("modify"), affected=SUBJECTS, power=st.integers(-99, 99),
                  toughness=st.integers(-99, 99), add_keywords=st.lists(literal(m.Keyword), max_size=1),
                  remove_keywords=st.lists(literal(m.Keyword), max_size=1)),
        st.builds(kinds.Control, effect=st.just("control"), affected=SUBJECTS),
    ), min_size=1, max_size=2)),
    st.builds(kinds.KeywordAbility, kind=st.just("keyword"), keyword=literal(m.Keyword)),
    st.builds(kinds.EnchantAbility, kind=st.just("enchant"), filter=FILTERS),
    st.builds(kinds.EquipAbility, kind=st.just("equip"), cost=MANA),
    st.builds(kinds.AdditionalCost, kind=st.just("additional_cost"), text=TEXT, discard=st.integers(1, 20)),
)

PRINTINGS = st.builds(
    m.Printing, set=SET_CODES, number=NUMBERS, rarity=literal(m.Rarity),
    variant=optional(st.sampled_from(["borderless", "showcase", "extended_art", "full_art", "promo"])),
)

CARDS = st.builds(
    m.Card,
    name=TEXT,
    mana_cost=optional(MANA),
    types=st.lists(literal(m.CardType), min_size=1, max_size=2),
    supertypes=st.lists(literal(m.Supertype), max_size=1),
    subtypes=st.lists(TEXT, max_size=2),
    pt=optional(PT),
    gift=optional(literal(m.GiftKind)),
    printings=st.lists(PRINTINGS, min_size=1, max_size=2),
    oracle=LINES,
    abilities=st.lists(ABILITIES, max_size=3),
)

SETS = st.builds(
    m.SetInfo, name=TEXT, code=SET_CODES,
    release_date=st.dates(datetime.date(1993, 1, 1), datetime.date(2099, 12, 31)),
    type=st.sampled_from(["expansion", "core", "commander", "promo", "supplemental", "masters", "funny", "test"]),
)


def dump(document: dict[str, Any]) -> str:
    return yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=100)


ROUNDTRIP = settings(max_examples=examples(150), deadline=None,
                     suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@ROUNDTRIP
@given(card=CARDS)
def test_card_round_trips_through_yaml_and_the_loader(tmp_path: Path, card: m.Card) -> None:
    path = tmp_path / "card.yaml"
    path.write_text(dump(card.model_dump(mode="json", exclude_defaults=True)), encoding="utf-8")
    result = load_file(path)
    assert result.diagnostics == []
    assert result.card is not None
    assert result.card.card == card
    assert result.card.positions[("name",)][0] >= 1


@ROUNDTRIP
@given(info=SETS)
def test_set_info_round_trips(tmp_path: Path, info: m.SetInfo) -> None:
    """Python mode: a date must stay a YAML date (a quoted '2024-08-02' is a string, refused in strict mode)."""
    path = tmp_path / "set.yaml"
    path.write_text(dump(info.model_dump(mode="python", exclude_defaults=True)), encoding="utf-8")
    result = load_file(path)
    assert result.diagnostics == []
    assert result.set is not None and result.set.info == info
